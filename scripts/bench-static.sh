#!/usr/bin/env bash
# /evaluate throughput of the static binary the container image ships (x86_64-unknown-linux-musl)
# against the glibc build, in one run: builds both release binaries, then for ROUNDS rounds starts
# each in turn (its own warm compile cache) and loads it as scripts/bench.sh does (wrk -t2 -c32 on
# the 10-charge fixture, scripts/wrk-post.lua), after a 2 s warm-up. Prints and writes to
# target/bench/static.json the median req/s, p50 and p99 of each, its peak resident memory, and
# its ratio to glibc. More binaries can be compared: LABEL=PATH arguments (e.g. an earlier build
# kept aside). Installs wrk (Debian) when missing. Compare within a run: the machine is shared.
#   scripts/bench-static.sh [--rounds N] [--secs S] [LABEL=PATH ...]
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=5
SECS=10
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=${2:?}; shift ;;
    --secs) SECS=${2:?}; shift ;;
    *=*) EXTRA+=("$1") ;;
    *) echo "usage: scripts/bench-static.sh [--rounds N] [--secs S] [LABEL=PATH ...]" >&2; exit 2 ;;
  esac
  shift
done

OUT=target/bench/static
mkdir -p "$OUT"
FIXTURE=core-wasm/fixtures/ten-charges.json
KEY=lkb_benchkey00000000000000000000000000000000
PORT=18180
TRIPLE=x86_64-unknown-linux-musl

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian) for the HTTP load"
  [ "$(id -u)" = 0 ] || { echo "not root: install wrk first" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
if ! rustup target list --installed 2>/dev/null | grep -qx "$TRIPLE"; then rustup target add "$TRIPLE"; fi

echo "== building both release binaries"
cargo build --release --locked -q -p lookback --bin lookback
cargo build --release --locked -q -p lookback --bin lookback --target "$TRIPLE"
BINARIES=("glibc=target/release/lookback" "musl=target/$TRIPLE/release/lookback" "${EXTRA[@]}")

SERVER=
cleanup() { if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi; }
trap cleanup EXIT

# One round of binary $2 labelled $1: start, warm up, load; appends its JSON line to $OUT/$1.jsonl.
round() {
  local label=$1 bin=$2 token ready_ms started
  started=$(date +%s%N)
  LOOKBACK_API_KEYS=$KEY LOOKBACK_ADDR=127.0.0.1:$PORT LOOKBACK_COMPILE_CACHE=$OUT/cache-$label RUST_LOG=warn \
    "$bin" serve 2>>"$OUT/server.log" &
  SERVER=$!
  for _ in $(seq 1 3000); do
    curl -sf -o /dev/null "http://127.0.0.1:$PORT/health" && break
    sleep 0.01
  done
  ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  # The answer must have come from this server, not from another process on the port.
  kill -0 "$SERVER" 2>/dev/null || { tail -5 "$OUT/server.log" >&2; echo "$label did not start (port $PORT taken?)" >&2; exit 1; }
  token=$(curl -sf -X POST "http://127.0.0.1:$PORT/auth/token" -H "X-API-Key: $KEY" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  BENCH_BODY=$FIXTURE LOOKBACK_BENCH_TOKEN=$token wrk -t2 -c32 -d2s -s scripts/wrk-post.lua \
    "http://127.0.0.1:$PORT/evaluate" >/dev/null
  BENCH_BODY=$FIXTURE LOOKBACK_BENCH_TOKEN=$token wrk -t2 -c32 -d"${SECS}s" -s scripts/wrk-post.lua \
    "http://127.0.0.1:$PORT/evaluate" | tail -n 1 \
    | python3 -c 'import json,sys; w=json.load(sys.stdin); w["ready_ms"]=int(sys.argv[1]); w["peak_rss_kib"]=int(sys.argv[2]); print(json.dumps(w))' \
      "$ready_ms" "$(awk '/^VmHWM:/ {print $2}' "/proc/$SERVER/status")" | tee -a "$OUT/$label.jsonl"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=
}

rm -f "$OUT"/*.jsonl "$OUT/server.log"
for r in $(seq 1 "$ROUNDS"); do
  for entry in "${BINARIES[@]}"; do
    echo "-- round $r: ${entry%%=*}"
    round "${entry%%=*}" "${entry#*=}"
  done
done

python3 - "$OUT" "${BINARIES[@]}" <<'PY'
import json, os, statistics, sys
out, entries = sys.argv[1], sys.argv[2:]
summary = {"load": "wrk -t2 -c32 on the 10-charge fixture, after a 2 s warm-up; medians of rounds interleaved",
           "load_average_1m": os.getloadavg()[0], "binaries": {}}
for entry in entries:
    label, path = entry.split("=", 1)
    rows = [json.loads(l) for l in open(os.path.join(out, f"{label}.jsonl"))]
    # A round with failed requests measured failures, not throughput: reported, not counted.
    failed = [r for r in rows if r["errors"] or r["non_2xx"]]
    rows = [r for r in rows if r not in failed]
    med = lambda f: statistics.median(f(r) for r in rows)
    summary["binaries"][label] = {
        "path": path, "bytes": os.path.getsize(path), "rounds": len(rows),
        "req_per_s": round(med(lambda r: r["requests"] / (r["duration_us"] / 1e6))),
        "req_per_s_each_round": [round(r["requests"] / (r["duration_us"] / 1e6)) for r in rows],
        "p50_ms": round(med(lambda r: r["p50_us"]) / 1000, 2), "p99_ms": round(med(lambda r: r["p99_us"]) / 1000, 2),
        "rounds_with_errors": len(failed),
        "peak_rss_mib": round(med(lambda r: r["peak_rss_kib"]) / 1024, 1), "ready_ms": med(lambda r: r["ready_ms"])}
base = summary["binaries"]["glibc"]["req_per_s"]
for b in summary["binaries"].values():
    b["req_per_s_vs_glibc"] = round(b["req_per_s"] / base, 3)
json.dump(summary, open(os.path.join(out, "..", "static.json"), "w"), indent=2)
print(json.dumps(summary, indent=2))
PY
echo "written: target/bench/static.json"
