#!/usr/bin/env bash
# Soak and chaos run, loopback only, stops by itself, not part of CI:
#   bash scripts/soak.sh [SECONDS (1800)] [BINARY (target/release/lookback)]
# Mixed load, slow clients, module swaps and rollbacks, a trapping module; samples RSS, open file
# descriptors and threads; exit 1 on an unexpected 5xx, a dead server or an inconsistent
# meta.engine. LOOKBACK_SOAK_RATE=N paces the workers to N requests per second in all (default:
# as fast as they go, which takes every core). Details in scripts/soak.py.
#
# Fair-share run, also loopback only and not part of CI:
#   bash scripts/soak.sh fair [SECONDS_PER_PHASE (20)] [BINARY (target/release/lookback)]
# Normal clients (wrk on /evaluate, /health probes) alone, then beside each hostile mix: long
# identity names, 1,100 idle sockets from one address, oversized records, made-up methods. Reports
# the normal clients' throughput and p95 per phase (target/fair-share.json). Details in
# scripts/fair_share.py.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = fair ]; then
  seconds="${2:-20}"
  binary="${3:-target/release/lookback}"
  if ! command -v wrk >/dev/null; then
    echo "installing wrk (Debian) for the normal clients"
    [ "$(id -u)" = 0 ] || { echo "not root: install wrk first" >&2; exit 1; }
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  fi
  [ -x "$binary" ] || cargo build --release -p lookback
  exec timeout "$((seconds * 5 + 600))" python3 scripts/fair_share.py "$seconds" "$binary"
fi
seconds="${1:-1800}"
binary="${2:-target/release/lookback}"
[ -x "$binary" ] || cargo build --release -p lookback
# The modules it swaps in (rules-next) and pins for traps (test-faults): built by the tests
# crate's build step.
[ -f target/wasm-test-faults/wasm32-unknown-unknown/wasm/lookback_core.wasm ] || cargo build -p lookback-tests
exec timeout "$((seconds + 600))" python3 scripts/soak.py "$seconds" "$binary"
