#!/usr/bin/env python3
"""Fair-share soak: normal clients beside each hostile mix; see scripts/soak.sh.

Normal clients: wrk (2 threads, 32 keep-alive connections from 127.0.0.1) posting the 10-charge
fixture to /evaluate with a client token, plus a /health probe every 200 ms as an orchestrator
would. Each phase runs them for SECONDS, first alone, then beside one hostile mix, each from its
own loopback address so per-address limits apply to the attacker only:

- identity:  processes posting 50,000-character names to /complianceEngine/identity-match (no
             authentication), as fast as answers come;
- sockets:   1,100 idle connections from one address, reopened as the server closes them;
- oversized: authenticated /evaluate records of 20,000 empty offenses and of 100,000 `{}`
             offenses, back to back;
- methods:   made-up HTTP methods (a new one per request) on /health.

Prints, per phase, the normal clients' throughput and p50/p95/p99, the /health probes that were
not 200, what the attackers were answered, the server's RSS high-water mark and the number of
samples /metrics exposes (made-up methods should not add any); the figures go to
target/fair-share.json. It measures; it does not pass or fail (the limits' own tests do).
"""

import http.client
import json
import multiprocessing
import os
import random
import resource
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT_KEY = "lkb_soakclientkey00000000000000000000000000"
ADMIN_KEY = "lkb_soakadminkey000000000000000000000000000"
SECRET = "soak-secret-0123456789abcdef0123456789"
FIXTURE = ROOT / "core-wasm/fixtures/ten-charges.json"
NORMAL_ADDR = "127.0.0.1"
HOSTILE_ADDR = {"identity": "127.0.0.2", "sockets": "127.0.0.3", "oversized": "127.0.0.4",
                "methods": "127.0.0.5"}

WRK_LUA = r'''
wrk.method = "POST"
local f = assert(io.open(os.getenv("BENCH_BODY"), "rb"))
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("LOOKBACK_BENCH_TOKEN")
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"errors":%d,"non_2xx":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
'''


def log(*args):
    print("fair-share:", *args, flush=True)


def post(port, path, body, headers, source, timeout=30, method="POST"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


# --- the hostile mixes: each runs in its own process until `stop` is set, counting answers ---

def identity_flood(port, stop, counts, _token):
    name = "A" * 50_000
    person = {"first_name": name, "last_name": name, "date_of_birth": "1980-05-01", "ssn": ""}
    body = json.dumps({"candidate_to_verify": person, "candidate_in_record": dict(person, first_name="B" * 50_000)})
    while not stop.is_set():
        try:
            status, _ = post(port, "/complianceEngine/identity-match", body,
                             {"Content-Type": "application/json"}, HOSTILE_ADDR["identity"], timeout=10)
        except OSError:
            status = "error"
        counts[status] = counts.get(status, 0) + 1


def idle_sockets(port, stop, counts, _token, target=1_100):
    held = []
    while not stop.is_set():
        while len(held) < target and not stop.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2,
                                             source_address=(HOSTILE_ADDR["sockets"], 0))
                s.setblocking(False)
                held.append(s)
                counts["opened"] = counts.get("opened", 0) + 1
            except OSError:
                counts["refused"] = counts.get("refused", 0) + 1
                break
        time.sleep(0.2)
        alive = []
        for s in held:  # a closed socket reads b"" (or an error): reopen it next round
            try:
                closed = s.recv(1) == b""
            except BlockingIOError:
                closed = False
            except OSError:
                closed = True
            if closed:
                s.close()
                counts["closed by server"] = counts.get("closed by server", 0) + 1
            else:
                alive.append(s)
        held = alive
        counts["held now"] = len(held)
    for s in held:
        s.close()


def oversized_records(port, stop, counts, token):
    base = json.loads(FIXTURE.read_text())
    bodies = []
    for offense, n in [({"offense_id": "", "charge": ""}, 20_000), ({}, 100_000)]:
        record = json.loads(json.dumps(base))
        court = record["record"]["record_json"]["criminal_search_results"][0]
        court["criminal_records"][0]["offenses"] = [offense] * n
        bodies.append(json.dumps(record))
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    while not stop.is_set():
        for body in bodies:
            try:
                status, _ = post(port, "/evaluate", body, headers, HOSTILE_ADDR["oversized"], timeout=30)
            except OSError:
                status = "error"
            counts[status] = counts.get(status, 0) + 1


def made_up_methods(port, stop, counts, _token):
    rng = random.Random()
    while not stop.is_set():
        method = "".join(rng.choice(string.ascii_uppercase) for _ in range(12))
        try:
            status, _ = post(port, "/health", None, {}, HOSTILE_ADDR["methods"], timeout=10, method=method)
        except OSError:
            status = "error"
        counts[status] = counts.get(status, 0) + 1


MIXES = {"identity": (identity_flood, 8), "sockets": (idle_sockets, 1),
         "oversized": (oversized_records, 4), "methods": (made_up_methods, 4)}


def attacker(kind, port, stop, results, token):
    function, _ = MIXES[kind]
    counts = {}
    function(port, stop, counts, token)
    results.put({str(k): v for k, v in counts.items()})


# --- the normal clients ---

def health_probe(port, stop, answers):
    while not stop.is_set():
        try:
            status, _ = post(port, "/health", None, {}, NORMAL_ADDR, timeout=2, method="GET")
        except OSError:
            status = "error"
        answers[status] = answers.get(status, 0) + 1
        stop.wait(0.2)


def normal_load(port, token, seconds, lua):
    env = dict(os.environ, BENCH_BODY=str(FIXTURE), LOOKBACK_BENCH_TOKEN=token)
    out = subprocess.run(["wrk", "-t2", "-c32", f"-d{seconds}s", "--timeout", "10s", "-s", lua,
                          f"http://{NORMAL_ADDR}:{port}/evaluate"],
                         env=env, capture_output=True, text=True, check=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    figures["req_per_s"] = round(figures["requests"] / (figures["duration_us"] / 1e6), 1)
    return figures


def metric_series(port, admin):
    """How many samples /metrics exposes (made-up methods must not add any)."""
    status, body = post(port, "/metrics", None, {"Authorization": f"Bearer {admin}"}, NORMAL_ADDR,
                        method="GET")
    lines = body.decode(errors="replace").splitlines()
    return len([l for l in lines if l and not l.startswith("#")]) if status == 200 else None


def high_water_mib(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return round(int(fields["VmHWM"].split()[0]) / 1024, 1)


def start_server(binary, port):
    env = dict(os.environ)
    env.update({"LOOKBACK_API_KEYS": CLIENT_KEY, "LOOKBACK_ADMIN_KEYS": ADMIN_KEY,
                "LOOKBACK_JWT_SECRET": SECRET, "LOOKBACK_ADDR": f"127.0.0.1:{port}", "RUST_LOG": "error"})
    proc = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL,
                            stderr=open(ROOT / "target" / "fair-share-server.log", "wb"))
    deadline = time.time() + 300
    while True:
        try:
            if post(port, "/health", None, {}, NORMAL_ADDR, timeout=2, method="GET")[0] == 200:
                return proc
        except OSError:
            pass
        if time.time() > deadline or proc.poll() is not None:
            sys.exit("fair-share: the server did not start")
        time.sleep(0.5)


def phase(kind, port, token, seconds, lua):
    stop = multiprocessing.Event()
    results = multiprocessing.Queue()
    procs = []
    if kind:
        _, count = MIXES[kind]
        procs = [multiprocessing.Process(target=attacker, args=(kind, port, stop, results, token))
                 for _ in range(count)]
        for p in procs:
            p.start()
        time.sleep(2)  # let the attack build up before measuring
    probe_stop, probes = threading.Event(), {}
    probe = threading.Thread(target=health_probe, args=(port, probe_stop, probes))
    probe.start()
    figures = normal_load(port, token, seconds, lua)
    probe_stop.set()
    probe.join()
    stop.set()
    hostile = {}
    for _ in procs:
        for k, v in results.get(timeout=60).items():
            hostile[k] = hostile.get(k, 0) + v if k != "held now" else max(hostile.get(k, 0), v)
    for p in procs:
        p.join(timeout=30)
    figures["health"] = {str(k): v for k, v in probes.items()}
    figures["hostile"] = hostile
    return figures


def main():
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    binary = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / "target/release/lookback")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = start_server(binary, port)
    try:
        status, body = post(port, "/auth/token", None, {"X-API-Key": CLIENT_KEY}, NORMAL_ADDR)
        assert status == 200, (status, body)
        token = json.loads(body)["access_token"]
        status, body = post(port, "/auth/token", None, {"X-API-Key": ADMIN_KEY}, NORMAL_ADDR)
        admin = json.loads(body)["access_token"]
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
            f.write(WRK_LUA)
        report = {"seconds_per_phase": seconds, "load": "wrk -t2 -c32, 10-charge /evaluate",
                  "phases": {}}
        for kind in [None, "identity", "sockets", "oversized", "methods"]:
            name = kind or "alone"
            log(f"phase {name}: {seconds}s")
            figures = phase(kind, port, token, seconds, f.name)
            figures["rss_high_water_mib"] = high_water_mib(server.pid)
            figures["metric_series"] = metric_series(port, admin)
            report["phases"][name] = figures
            log(f"  {figures['req_per_s']} req/s, p50 {figures['p50_us'] / 1000:.2f} ms, "
                f"p95 {figures['p95_us'] / 1000:.2f} ms, p99 {figures['p99_us'] / 1000:.2f} ms, "
                f"errors {figures['errors']}, non-2xx {figures['non_2xx']}; health {figures['health']}; "
                f"hostile {figures['hostile']}; RSS high water {figures['rss_high_water_mib']} MiB; "
                f"{figures['metric_series']} metric series")
            if server.poll() is not None:
                sys.exit("fair-share: the server died")
        os.unlink(f.name)
    finally:
        server.terminate()
        server.wait(timeout=30)
    out = ROOT / "target" / "fair-share.json"
    out.write_text(json.dumps(report, indent=1) + "\n")
    alone = report["phases"]["alone"]
    log(f"{'phase':<10} {'req/s':>8} {'p95 ms':>8} {'x alone':>8}")
    for name, figures in report["phases"].items():
        ratio = figures["p95_us"] / max(alone["p95_us"], 1)
        log(f"{name:<10} {figures['req_per_s']:>8} {figures['p95_us'] / 1000:>8.2f} {ratio:>8.1f}")
    log(f"written to {out}")


if __name__ == "__main__":
    main()
