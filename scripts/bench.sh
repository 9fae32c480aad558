#!/usr/bin/env bash
# One benchmark run (docs/performance.md): builds release, then measures on this machine
#   - native vs wasm for each engine stage as the server runs a request (one fresh instance for
#     both stages, the record kept in it), the ratio, and that wasm cost taken apart (one reused
#     instance without and with epoch checks); the ABI v1 stages alone beside them;
#   - /evaluate and a bare axum echo server under the same load (wrk: req/s, p50, p99), the ratio,
#     and /evaluate's p50/p99 at half its measured maximum rate (open loop);
#   - one 1,000-charge and one 5,000-charge record end to end;
#   - a tenant's charge dictionary (docs/dictionary.md): the request's stages with a whole
#     dictionary of 100 and of 2,000 entries in its context (what a module without
#     lookback_charge_keys, or the page, pays; the server sends other modules only the entries that
#     read the record), and `lookback diff --dictionary` on 10,000 NDJSON records
#     (scripts/dictionary_bench_data.py);
#   - ready-to-serve time with a warm compile cache;
#   - the reviewer page in Chromium (shipped module): its median time per evaluation vs the
#     server's, a 1,000-record batch through its "Many records" input (in a page just loaded, and
#     again; where the CPU went), and the module in V8 under Node: a fresh instance per request vs
#     one reused (tests/browser/bench.mjs).
# Prints every figure and writes them to target/bench/summary.json. `--quick` shortens each run.
# `--before REV` also builds commit REV (from `git archive`, in target/bench/before/) and takes
# its stage and server figures in the same run, interleaved with this tree's: a before/after
# table from one run on a noisy machine.
# Installs wrk (Debian) when missing, and Chromium + playwright-core as the browser test does
# (scripts/install-browser.sh). Figures are medians of one run: compare within a run.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
BEFORE=
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --before) BEFORE=$(git rev-parse --short "${2:?--before needs a commit}"); shift ;;
    *) echo "usage: scripts/bench.sh [--quick] [--before REV]" >&2; exit 2 ;;
  esac
  shift
done
if [ "$QUICK" = 1 ]; then WRK_SECS=4; PACED_SECS=4; ROUNDS=8; BIG_RUNS=3; else WRK_SECS=10; PACED_SECS=10; ROUNDS=30; BIG_RUNS=5; fi

OUT=target/bench
mkdir -p "$OUT"
FIXTURE=core-wasm/fixtures/ten-charges.json
KEY=lkb_benchkey00000000000000000000000000000000
LB_PORT=18080
ECHO_PORT=18090

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian) for the HTTP load"
  [ "$(id -u)" = 0 ] || { echo "not root: install wrk first" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

BROWSER_OK=1
bash scripts/install-browser.sh || { BROWSER_OK=0; echo "warning: no browser; the page's figure is skipped" >&2; }

echo "== building release"
# One invocation for both, so cargo unifies dependency features once (two would build wasmtime twice).
cargo build --release -q -p lookback --bin lookback -p lookback-tests --features lookback-tests/bench --bin lookback-bench
LOOKBACK=target/release/lookback
BENCH=target/release/lookback-bench

if [ -n "$BEFORE" ]; then
  echo "== building release of $BEFORE (the before of this run)"
  BEFORE_SRC=$OUT/before/src-$BEFORE
  if [ ! -d "$BEFORE_SRC" ]; then
    mkdir -p "$BEFORE_SRC.tmp"
    git archive "$BEFORE" | tar -x -C "$BEFORE_SRC.tmp"
    mv "$BEFORE_SRC.tmp" "$BEFORE_SRC"
  fi
  (cd "$BEFORE_SRC" && CARGO_TARGET_DIR="$PWD/../target" cargo build --release -q -p lookback --bin lookback \
    -p lookback-tests --features lookback-tests/bench --bin lookback-bench)
  BEFORE_LOOKBACK=$OUT/before/target/release/lookback
  BEFORE_BENCH=$OUT/before/target/release/lookback-bench
fi

PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# The same engine without pre-initialisation: the module the build makes before its snapshot step
# (runtime/build/preinit.rs). Every figure below is taken for it too, as the "before" of this run.
BASELINE_MODULE=target/wasm-engine/wasm32-unknown-unknown/wasm/lookback_core.wasm

echo "== stages: native vs wasm, one fresh instance per request ($FIXTURE)"
"$BENCH" stages --body "$FIXTURE" --rounds "$ROUNDS" --module "$BASELINE_MODULE" > "$OUT/stages-baseline.json"
# The before's own bench binary: its native figures are of its engine too.
if [ -n "$BEFORE" ]; then "$BEFORE_BENCH" stages --body "$FIXTURE" --rounds "$ROUNDS" > "$OUT/stages-before.json"; fi
"$BENCH" stages --body "$FIXTURE" --rounds "$ROUNDS" > "$OUT/stages-shipped.json"
for label in baseline ${BEFORE:+before} shipped; do cat "$OUT/stages-$label.json"; done

echo "== charge dictionary: the request with 100 and 2,000 entries; lookback diff --dictionary on 10,000 records"
python3 scripts/dictionary_bench_data.py "$OUT/dictionary"
for n in 100 2000; do
  "$BENCH" stages --body "$FIXTURE" --rounds "$ROUNDS" --dictionary "$OUT/dictionary/dictionary-$n.json" \
    > "$OUT/stages-dictionary-$n.json"
done
DIFF_STARTED=$(date +%s%N)
"$LOOKBACK" diff --dictionary "$OUT/dictionary/dictionary-100.json" "$OUT/dictionary/requests-10000.ndjson" \
  > "$OUT/dictionary/diff.ndjson" 2> "$OUT/dictionary/diff.log"
DIFF_MS=$(( ($(date +%s%N) - DIFF_STARTED) / 1000000 ))
tail -1 "$OUT/dictionary/diff.log"

"$BENCH" record --charges 1000 > "$OUT/charges-1000.json"
"$BENCH" record --charges 5000 > "$OUT/charges-5000.json"

# Waits until $1/health answers; prints the milliseconds it took since $2 (ns since epoch).
wait_ready() {
  local url=$1 since=$2
  for _ in $(seq 1 3000); do
    if curl -sf -o /dev/null "$url/health"; then
      echo $(( ($(date +%s%N) - since) / 1000000 ))
      return 0
    fi
    sleep 0.01
  done
  echo "server at $url did not come up" >&2
  return 1
}

# Starts `lookback serve` (on module $1 when given, else the embedded one; the binary $LB_BIN,
# else this tree's); sets LB_PID, READY_MS.
# The 5,000-charge record (1,000 cases) is over the default input caps, so they are raised here.
start_lookback() {
  local started
  started=$(date +%s%N)
  env ${1:+LOOKBACK_MODULE=$1} LOOKBACK_API_KEYS=$KEY LOOKBACK_ADDR=127.0.0.1:$LB_PORT \
    LOOKBACK_COMPILE_CACHE=$OUT/compile-cache LOOKBACK_MAX_BODY_BYTES=$((16 << 20)) RUST_LOG=warn \
    LOOKBACK_MAX_CHARGES=5000 LOOKBACK_MAX_CASES=1000 \
    "${LB_BIN:-$LOOKBACK}" serve 2>>"$OUT/server.log" &
  LB_PID=$!
  PIDS+=("$LB_PID")
  READY_MS=$(wait_ready "http://127.0.0.1:$LB_PORT" "$started")
}
stop_lookback() { kill "$LB_PID"; wait "$LB_PID" 2>/dev/null || true; }

echo "== ready-to-serve"
rm -rf "$OUT/compile-cache" "$OUT/server.log"
start_lookback
COLD_MS=$READY_MS
stop_lookback
start_lookback
WARM_MS=$READY_MS
stop_lookback
echo "ready to serve: ${COLD_MS} ms cold (compiles), ${WARM_MS} ms with the compile cache"

"$BENCH" echo --addr "127.0.0.1:$ECHO_PORT" &
PIDS+=("$!")
for _ in $(seq 1 500); do
  curl -sf -o /dev/null -X POST -H 'content-type: application/json' -d '{}' "http://127.0.0.1:$ECHO_PORT/evaluate" && break
  sleep 0.01
done

# Runs wrk (2 threads, 32 connections) against $1 and writes its JSON line to $2 (the line
# scripts/wrk-post.lua's done() prints).
load() {
  BENCH_BODY=$FIXTURE wrk -t2 -c32 -d"${WRK_SECS}s" -s scripts/wrk-post.lua "$1" | tail -n 1 > "$2"
  cat "$2"
}

echo "== HTTP load: wrk -t2 -c32 -d${WRK_SECS}s, 10-charge body"
echo "-- echo server"
LOOKBACK_BENCH_TOKEN='' load "http://127.0.0.1:$ECHO_PORT/evaluate" "$OUT/wrk-echo.json"

# One record, end to end over HTTP, $BIG_RUNS times; prints {status, median_ms}.
big() {
  for _ in $(seq 1 "$BIG_RUNS"); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -X POST \
      "http://127.0.0.1:$LB_PORT/evaluate" -H "Authorization: Bearer $LOOKBACK_BENCH_TOKEN" \
      -H 'Content-Type: application/json' --data-binary @"$1"
  done | python3 -c '
import json, statistics, sys
rows = [l.split() for l in sys.stdin if l.strip()]
status = sorted({r[0] for r in rows})
print(json.dumps({"status": status, "median_ms": round(statistics.median(float(r[1]) * 1000 for r in rows), 1)}))
sys.exit(0 if status == ["200"] else "a large record was not answered 200: its figure would time a refusal")'
}

# The /evaluate figures for one module: wrk, paced at half its maximum, large records.
server_round() {
  local label=$1 module=${2:-}
  echo "-- /evaluate, $label module"
  start_lookback "$module"
  LOOKBACK_BENCH_TOKEN=$(curl -sf -X POST "http://127.0.0.1:$LB_PORT/auth/token" -H "X-API-Key: $KEY" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  export LOOKBACK_BENCH_TOKEN
  load "http://127.0.0.1:$LB_PORT/evaluate" "$OUT/wrk-$label.json"
  local half
  half=$(python3 -c 'import json,sys; w=json.load(open(sys.argv[1])); print(max(1, round(w["requests"]/(w["duration_us"]/1e6)/2)))' "$OUT/wrk-$label.json")
  echo "   paced at half the maximum: $half req/s for ${PACED_SECS}s"
  "$BENCH" paced --url "http://127.0.0.1:$LB_PORT/evaluate" --body "$FIXTURE" --rate "$half" --secs "$PACED_SECS" | tee "$OUT/paced-$label.json"
  echo "   1,000 and 5,000 charges, median of $BIG_RUNS"
  big "$OUT/charges-1000.json" | tee "$OUT/big-1000-$label.json"
  big "$OUT/charges-5000.json" | tee "$OUT/big-5000-$label.json"
  if [ "$label" != baseline ]; then
    echo "   the reviewer page in Chromium vs the server, median of $ROUNDS sequential evaluations; a batch; V8 in Node"
    if [ "$BROWSER_OK" = 1 ]; then
      (cd tests/browser && LOOKBACK_BASE_URL="http://127.0.0.1:$LB_PORT" BENCH_BODY="../../$FIXTURE" \
        BENCH_ROUNDS="$ROUNDS" node bench.mjs) | tee "$OUT/browser-$label.json"
    else
      echo '{"skipped": "chromium or playwright-core could not be installed"}' | tee "$OUT/browser-$label.json"
    fi
  fi
  stop_lookback
}
server_round baseline "$BASELINE_MODULE"
if [ -n "$BEFORE" ]; then LB_BIN=$BEFORE_LOOKBACK server_round before; fi
server_round shipped

python3 - "$OUT" "$COLD_MS" "$WARM_MS" "$BEFORE" "$DIFF_MS" <<'PY'
import json, os, platform, subprocess, sys, datetime
out, cold, warm, before = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
diff_ms = int(sys.argv[5])
j = lambda n: json.load(open(os.path.join(out, n)))
def wrk(w):
    rps = w["requests"] / (w["duration_us"] / 1e6)
    return {"req_per_s": round(rps), "p50_ms": round(w["p50_us"] / 1000, 2), "p99_ms": round(w["p99_us"] / 1000, 2),
            "errors": w["errors"], "non_2xx": w["non_2xx"]}
echo = wrk(j("wrk-echo.json"))
def module(label):
    evaluate = wrk(j(f"wrk-{label}.json"))
    return {"stages": j(f"stages-{label}.json"), "evaluate": evaluate,
            "evaluate_vs_echo": round(evaluate["req_per_s"] / echo["req_per_s"], 3),
            "evaluate_at_half_max": j(f"paced-{label}.json"),
            "charges_1000": j(f"big-1000-{label}.json"), "charges_5000": j(f"big-5000-{label}.json")}
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
summary = {
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "commit": commit,
    "machine": {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(),
                "load_average_1m": os.getloadavg()[0]},
    "load_generator": "wrk -t2 -c32 on the 10-charge fixture; paced = open loop at half of wrk's maximum",
    "echo": echo,
    "baseline": module("baseline"),
    "shipped": module("shipped"),
    "ready_to_serve_ms": {"cold_compile": cold, "compile_cache": warm},
    "browser_page_vs_server": j("browser-shipped.json"),
    "charge_dictionary": {
        "request_100_entries": j("stages-dictionary-100.json")["stages"]["request"],
        "request_2000_entries": j("stages-dictionary-2000.json")["stages"]["request"],
        "request_none": j("stages-shipped.json")["stages"]["request"],
        "diff_10000_records_ms": diff_ms,
        "diff_changed_records": sum(1 for l in open(os.path.join(out, "dictionary", "diff.ndjson"))
                                    if json.loads(l)["changes"]),
    },
}
if before:
    summary["before"] = {"commit": before, **module("before"),
                         "browser_page_vs_server": j("browser-before.json")}
json.dump(summary, open(os.path.join(out, "summary.json"), "w"), indent=2)
print(json.dumps(summary, indent=2))
PY
echo "written: $OUT/summary.json"
