#!/usr/bin/env bash
# What the decision log's durability costs (docs/operations.md, "What a crash can lose"): /evaluate
# throughput with the decision log in a file and each LOOKBACK_DECISION_LOG_SYNC setting, one run:
#   bash scripts/bench-decision-log.sh [--before BINARY] [--rounds N (3)] [--secs S (10)]
# `lookback serve` (release) writes its decision log under target/bench-decision-log/; wrk -t2 -c32
# posts the 10-charge fixture for S seconds per setting, the settings interleaved over N rounds (a
# noisy shared machine moves every setting alike). --before BINARY adds an older `lookback` with
# the same log (its own sync behaviour) as the "before" of the run. Prints the median req/s, p50
# and p99 per setting and writes target/bench-decision-log/summary.json.
set -euo pipefail
cd "$(dirname "$0")/.."

BEFORE=
ROUNDS=3
SECS=10
while [ $# -gt 0 ]; do
  case "$1" in
    --before) BEFORE="${2:?--before needs a binary}"; shift ;;
    --rounds) ROUNDS="${2:?}"; shift ;;
    --secs) SECS="${2:?}"; shift ;;
    *) echo "usage: scripts/bench-decision-log.sh [--before BINARY] [--rounds N] [--secs S]" >&2; exit 2 ;;
  esac
  shift
done

OUT=target/bench-decision-log
mkdir -p "$OUT"
FIXTURE=core-wasm/fixtures/ten-charges.json
KEY=lkb_benchkey00000000000000000000000000000000
PORT=18180

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian) for the HTTP load"
  [ "$(id -u)" = 0 ] || { echo "not root: install wrk first" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
cargo build --release -q -p lookback --bin lookback
AFTER=target/release/lookback

PID=
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null || true; }
trap cleanup EXIT

# Runs one setting ($1 label, $2 binary, $3 sync or "" for the binary's own) for SECS seconds;
# appends {"label", "round", wrk figures, "log_lines" (rotated files included)} to $OUT/runs.jsonl.
run() {
  local label=$1 binary=$2 sync=$3 round=$4 log="$OUT/decisions-$1.jsonl"
  rm -f "$log" "$log".*
  env LOOKBACK_API_KEYS=$KEY LOOKBACK_ADDR=127.0.0.1:$PORT LOOKBACK_COMPILE_CACHE=$OUT/compile-cache \
    LOOKBACK_DECISION_LOG="$log" ${sync:+LOOKBACK_DECISION_LOG_SYNC=$sync} RUST_LOG=warn \
    "$binary" serve 2>>"$OUT/server.log" &
  PID=$!
  for _ in $(seq 1 600); do
    curl -sf -o /dev/null "http://127.0.0.1:$PORT/health" && break
    sleep 0.1
  done
  LOOKBACK_BENCH_TOKEN=$(curl -sf -X POST "http://127.0.0.1:$PORT/auth/token" -H "X-API-Key: $KEY" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  local figures
  figures=$(BENCH_BODY=$FIXTURE LOOKBACK_BENCH_TOKEN=$LOOKBACK_BENCH_TOKEN \
    wrk -t2 -c32 -d"${SECS}s" -s scripts/wrk-post.lua "http://127.0.0.1:$PORT/evaluate" | tail -n 1)
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
  local lines
  lines=$(shopt -s nullglob; cat "$log" "$log".[0-9]* | wc -l)
  echo "{\"label\":\"$label\",\"round\":$round,\"log_lines\":$lines,\"wrk\":$figures}" | tee -a "$OUT/runs.jsonl"
}

rm -f "$OUT/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  [ -n "$BEFORE" ] && run before "$BEFORE" "" "$round"
  run none "$AFTER" none "$round"
  run interval "$AFTER" interval "$round"
  run every "$AFTER" every "$round"
done

python3 - "$OUT" "$SECS" <<'PY'
import json, statistics, sys
out, secs = sys.argv[1], sys.argv[2]
runs = [json.loads(l) for l in open(f"{out}/runs.jsonl")]
summary = {"load": f"wrk -t2 -c32 -d{secs}s, 10-charge body, decision log in a file", "settings": {}}
for label in dict.fromkeys(r["label"] for r in runs):
    mine = [r for r in runs if r["label"] == label]
    rps = [r["wrk"]["requests"] / (r["wrk"]["duration_us"] / 1e6) for r in mine]
    summary["settings"][label] = {
        "req_per_s_median": round(statistics.median(rps)),
        "req_per_s": [round(x) for x in rps],
        "p50_ms_median": round(statistics.median(r["wrk"]["p50_us"] for r in mine) / 1000, 2),
        "p99_ms_median": round(statistics.median(r["wrk"]["p99_us"] for r in mine) / 1000, 2),
        "non_2xx": sum(r["wrk"]["non_2xx"] + r["wrk"]["errors"] for r in mine),
        "lines_per_answer": round(sum(r["log_lines"] for r in mine) / max(1, sum(r["wrk"]["requests"] for r in mine)), 4),
    }
base = summary["settings"].get("before") or summary["settings"]["none"]
for label, s in summary["settings"].items():
    s["vs_" + ("before" if "before" in summary["settings"] else "none")] = round(s["req_per_s_median"] / base["req_per_s_median"], 3)
json.dump(summary, open(f"{out}/summary.json", "w"), indent=2)
print(json.dumps(summary, indent=2))
PY
