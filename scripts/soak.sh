#!/usr/bin/env bash
# Soak and chaos run (issue 14), loopback only, stops by itself, not part of CI:
#   bash scripts/soak.sh [SECONDS (1800)] [BINARY (target/release/lookback)]
# Mixed load, slow clients, module swaps and rollbacks, a trapping module; samples RSS, open file
# descriptors and threads; exit 1 on an unexpected 5xx, a dead server or an inconsistent
# meta.engine. LOOKBACK_SOAK_RATE=N paces the workers to N requests per second in all (default:
# as fast as they go, which takes every core). Details in scripts/soak.py.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-1800}"
binary="${2:-target/release/lookback}"
[ -x "$binary" ] || cargo build --release -p lookback
# The modules it swaps in (rules-next) and pins for traps (test-faults): built by the tests
# crate's build step.
[ -f target/wasm-test-faults/wasm32-unknown-unknown/wasm/lookback_core.wasm ] || cargo build -p lookback-tests
exec timeout "$((seconds + 600))" python3 scripts/soak.py "$seconds" "$binary"
