#!/usr/bin/env python3
"""Soak and chaos run against `lookback serve` on loopback; see scripts/soak.sh.

Mixed load for DURATION seconds: every corpus request, every XML fixture (through /evaluate and
/transform-xml), malformed bodies, XML bombs, identity matches, slow clients (half a head, half a
body), module swaps and rollbacks every few seconds, and requests pinned to a module that traps on
some inputs (the test-faults build). Samples the server's RSS, open file descriptors and threads.

Pass: no unexpected 5xx (a transform-stage trap is a 500 by contract, counted apart), the server
never dies, every 200 names a loaded module in meta.engine with that module's digest; the RSS and
descriptor slopes after warm-up are printed for the reader to judge (a short run says little).
"""

import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT_KEY = "lkb_soakclientkey00000000000000000000000000"
ADMIN_KEY = "lkb_soakadminkey000000000000000000000000000"
SECRET = "soak-secret-0123456789abcdef0123456789"


def log(*args):
    print("soak:", *args, flush=True)


class Server:
    def __init__(self, binary, port):
        env = dict(os.environ)
        env.update({
            "LOOKBACK_API_KEYS": CLIENT_KEY,
            "LOOKBACK_ADMIN_KEYS": ADMIN_KEY,
            "LOOKBACK_JWT_SECRET": SECRET,
            "LOOKBACK_ADDR": f"127.0.0.1:{port}",
            "LOOKBACK_IDENTITY_MATCH_PER_MINUTE": "0",
            "LOOKBACK_STAGE_DEADLINE_MS": "1000",
            "RUST_LOG": "warn",
        })
        self.proc = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL,
                                     stderr=open(ROOT / "target" / "soak-server.log", "wb"))
        self.port = port

    def sample(self):
        pid = self.proc.pid
        status = Path(f"/proc/{pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        rss_kib = int(fields["VmRSS"].split()[0])
        threads = int(fields["Threads"].strip())
        fds = len(os.listdir(f"/proc/{pid}/fd"))
        return rss_kib, fds, threads


def request(port, method, path, body=None, headers=None, timeout=30):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def token(port, key):
    status, body, _ = request(port, "POST", "/auth/token", headers={"X-API-Key": key})
    assert status == 200, (status, body)
    return json.loads(body)["access_token"]


def workload():
    """(name, path, body, pin, allowed 5xx) tuples."""
    jobs = []
    for f in sorted((ROOT / "tests/corpus").glob("*.json")):
        case = json.loads(f.read_text())
        jobs.append((f"corpus/{f.stem}", "/evaluate", json.dumps(case["request"]).encode(), None, False))
    manifest = json.loads((ROOT / "tests/fixtures/xml/manifest.json").read_text())
    for fixture in manifest["fixtures"]:
        xml = (ROOT / "tests/fixtures/xml" / fixture["xml"]).read_text(errors="replace")
        record = dict(fixture["request"], xml=xml)
        jobs.append((f"xml/{fixture['xml']}", "/evaluate", json.dumps({"record": record}).encode(), None, False))
        transform = {"record": {"search_id": record["search_id"], "xml": xml}}
        jobs.append((f"transform/{fixture['xml']}", "/transform-xml", json.dumps(transform).encode(), None, False))
    bomb = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
            + "".join(f'<!ENTITY lol{i} "{"&lol%s;" % (i - 1 if i > 1 else "") * 10}">' for i in range(1, 10))
            + ']><ScreeningResults>&lol9;</ScreeningResults>')
    deep = "<ScreeningResults>" + "<a>" * 100_000 + "</a>" * 100_000 + "</ScreeningResults>"
    for name, xml in [("bomb", bomb), ("deep", deep), ("garbage", "<<<>>>&&&")]:
        jobs.append((f"xml-bad/{name}", "/transform-xml",
                     json.dumps({"record": {"search_id": "S-BAD", "xml": xml}}).encode(), None, False))
    for name, body in [("empty", b""), ("not json", b"nope"), ("array", b"[]"), ("deep", b"[" * 50_000),
                       ("utf8", b'{"record": {"search_id": "\xff"}}'), ("big", b" " * (3 << 20))]:
        jobs.append((f"bad/{name}", "/evaluate", body, None, False))
    person = {"first_name": "ROBERT", "last_name": "SAMPLE", "date_of_birth": "1980-05-01", "ssn": ""}
    jobs.append(("identity", "/complianceEngine/identity-match",
                 json.dumps({"candidate_to_verify": person, "candidate_in_record": dict(person, first_name="BOB")}).encode(),
                 None, False))
    canary = json.loads(json.dumps(json.loads((ROOT / "tests/corpus/conviction-felony-high-identity.json").read_text())["request"]))
    for fault, allowed in [("FAULT:evaluate-trap", False), ("FAULT:evaluate-loop", False), ("FAULT:transform-trap", True)]:
        body = json.loads(json.dumps(canary))
        body["record"]["search_id"] = fault
        body["record"]["record_json"]["search"]["search_id"] = fault
        jobs.append((f"fault/{fault}", "/evaluate", json.dumps(body).encode(), "faults", allowed))
    return jobs


def slow_client(port, stop):
    """Half a head or half a body, then silence: the server must hang up by itself."""
    while not stop.is_set():
        s = socket.create_connection(("127.0.0.1", port))
        try:
            if random.random() < 0.5:
                s.sendall(b"POST /evaluate HTTP/1.1\r\nHost: x\r\n")
            else:
                s.sendall(b"POST /complianceEngine/identity-match HTTP/1.1\r\nHost: x\r\n"
                          b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\"")
            s.settimeout(60)
            try:
                s.recv(4096)
            except OSError:
                pass
        finally:
            s.close()


WORKERS = 6


def main():
    duration = float(sys.argv[1]) if len(sys.argv) > 1 else 1800
    binary = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / "target/release/lookback")
    faults_wasm = Path(os.environ.get("LOOKBACK_FAULTS_WASM", ROOT / "target/wasm-test-faults/wasm32-unknown-unknown/wasm/lookback_core.wasm"))
    next_wasm = Path(os.environ.get("LOOKBACK_NEXT_WASM", ROOT / "target/wasm-rules-next/wasm32-unknown-unknown/wasm/lookback_core.wasm"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = Server(binary, port)
    try:
        run(server, port, duration, faults_wasm, next_wasm)
    finally:
        if server.proc.poll() is None:
            server.proc.kill()


def run(server, port, duration, faults_wasm, next_wasm):
    deadline = time.time() + 300
    while True:
        try:
            if request(port, "GET", "/health", timeout=2)[0] == 200:
                break
        except OSError:
            pass
        if time.time() > deadline or server.proc.poll() is not None:
            sys.exit("soak: the server did not start")
        time.sleep(0.5)
    client, admin = token(port, CLIENT_KEY), token(port, ADMIN_KEY)
    digests = {}
    for wasm in (faults_wasm, next_wasm):
        data = wasm.read_bytes()
        status, body, _ = request(port, "POST", "/admin/modules", data,
                                  {"Authorization": f"Bearer {admin}", "Content-Type": "application/wasm"}, timeout=300)
        assert status in (200, 201), (status, body)
    status, body, _ = request(port, "GET", "/engine/modules")
    for module in json.loads(body)["modules"]:
        digests[module["version"]] = module["sha256"]
    versions = sorted(digests)
    faults_version = next(v for v in versions if v.endswith("test-faults"))
    stable = [v for v in versions if v != faults_version]
    log(f"server pid {server.proc.pid} on port {port}; modules {versions}")

    jobs = workload()
    stop = threading.Event()
    counts, unexpected, inconsistent = {}, [], []
    lock = threading.Lock()

    # LOOKBACK_SOAK_RATE: requests per second over all workers (0: as fast as they go), so a soak
    # can run beside other work without taking every core.
    rate = float(os.environ.get("LOOKBACK_SOAK_RATE", "0"))
    interval = WORKERS / rate if rate > 0 else 0.0

    def worker():
        rng = random.Random()
        due = time.monotonic()
        while not stop.is_set():
            if interval:
                due += interval
                time.sleep(max(0.0, due - time.monotonic()))
                if stop.is_set():
                    break
            name, path, body, pin, allowed_5xx = rng.choice(jobs)
            headers = {"Authorization": f"Bearer {client}", "Content-Type": "application/json"}
            if pin == "faults":
                headers["X-Engine-Version"] = faults_version
            try:
                status, answer, _ = request(port, "POST", path, body, headers)
            except OSError as e:
                status, answer = 0, str(e).encode()
            with lock:
                counts[status] = counts.get(status, 0) + 1
                if status >= 500 and not allowed_5xx and status != 503 or status == 0:
                    unexpected.append((name, status, answer[:200]))
                if status == 200 and path == "/evaluate":
                    engine = json.loads(answer).get("meta", {}).get("engine", {})
                    if digests.get(engine.get("version")) != engine.get("sha256"):
                        inconsistent.append((name, engine))

    def swapper():
        while not stop.wait(3):
            target = random.choice(stable)
            path = random.choice([f"/admin/modules/{target}/activate", "/admin/modules/rollback"])
            status, body, _ = request(port, "POST", path, headers={"Authorization": f"Bearer {admin}"})
            with lock:
                counts[f"swap {status}"] = counts.get(f"swap {status}", 0) + 1

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(WORKERS)]
    threads += [threading.Thread(target=slow_client, args=(port, stop), daemon=True) for _ in range(4)]
    threads.append(threading.Thread(target=swapper, daemon=True))
    for t in threads:
        t.start()
    samples = []
    started = time.time()
    while time.time() - started < duration:
        time.sleep(5)
        if server.proc.poll() is not None:
            break
        samples.append((time.time() - started, *server.sample()))
        log("t=%4.0fs rss=%6.1f MiB fds=%3d threads=%3d" % (samples[-1][0], samples[-1][1] / 1024, samples[-1][2], samples[-1][3]))
    stop.set()
    alive = server.proc.poll() is None
    for t in threads[:WORKERS]:  # no request may still be on its way when the server stops
        t.join(timeout=60)
    server.proc.terminate()
    server.proc.wait(timeout=30)

    def slope(index):
        tail = samples[len(samples) // 3:]  # after warm-up: the last two thirds
        if len(tail) < 2:
            return float("nan")
        xs = [s[0] for s in tail]
        ys = [s[index] for s in tail]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        den = sum((x - mx) ** 2 for x in xs) or 1
        return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den

    total = sum(v for k, v in counts.items() if isinstance(k, int))
    log(f"{duration:.0f}s: {total} requests ({total / max(duration, 1):.1f}/s, rate limit {rate or 'none'}), statuses {dict(sorted(counts.items(), key=str))}")
    log(f"rss slope {slope(1) * 60 / 1024:+.2f} MiB/min, fd slope {slope(2) * 60:+.2f}/min, "
        f"thread slope {slope(3) * 60:+.2f}/min (after warm-up, {len(samples)} samples)")
    log(f"unexpected 5xx or dropped: {len(unexpected)}; inconsistent meta.engine: {len(inconsistent)}; "
        f"server alive at the end: {alive}")
    for item in (unexpected + inconsistent)[:10]:
        log("  ", item)
    ok = alive and not unexpected and not inconsistent
    log("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
