#!/usr/bin/env bash
# Accuracy of the charge and disposition classifiers on real court text (issues 12 and 21): each
# development state (South Dakota, Okaloosa County FL, California) scored as the state left out,
# sent with level and statute, with the level word, and as text alone; the share read each way
# per class, `unknown` (sent to a person) included. Reads ../shared/reference/charges/ (beside the
# clone, as in CI) unless a folder is given. `--misses SD,FL` lists the disagreements of the named
# states only (the states being tuned on), of their tuning part only; the held-back part of every
# state (issue 12's fixed split) is scored in a table of its own. `--check` fails (exit 1) when a
# target in the direction that hides a record is missed (scripts/test.sh runs it so).
# Usage: scripts/classify-report.sh [DIR] [--misses STATES] [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet -p lookback-core --example classify_report -- "$@"
