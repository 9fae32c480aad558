#!/usr/bin/env bash
# Accuracy of the charge and disposition classifiers on real court text: each development state
# (South Dakota, Okaloosa County FL, California, Massachusetts) scored as the state left out, sent
# with level and statute, with the level word, and as text alone; the share read each way per
# class, `unknown` (sent to a person) included, and every target of docs/classify-report.md judged
# per state and mode. Reads ../shared/reference/charges/ (beside the clone, as in CI) unless a
# folder is given. `--misses SD,MA` lists the disagreements of the named states only (the states
# being tuned on), of their tuning part only; the held-back part of every state (a fixed split) is
# scored in a table of its own. `--check` fails (exit 1) when a target is missed: every target
# that hides a record, and the accuracy and review-load targets (those not met yet at the floor
# the engine reaches, core-wasm/examples/classify_report/targets.rs); scripts/test.sh runs it so.
# Usage: scripts/classify-report.sh [DIR] [--misses STATES] [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet -p lookback-core --example classify_report -- "$@"
