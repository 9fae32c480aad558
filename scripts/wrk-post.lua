-- wrk script for POST /evaluate (scripts/bench.sh, scripts/bench-static.sh): the body from the
-- file BENCH_BODY, a bearer token from LOOKBACK_BENCH_TOKEN when set; done() prints one JSON
-- line: requests, duration and latency percentiles (µs).
wrk.method = "POST"
local f = assert(io.open(os.getenv("BENCH_BODY"), "rb"))
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
local token = os.getenv("LOOKBACK_BENCH_TOKEN")
if token and token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"errors":%d,"non_2xx":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
