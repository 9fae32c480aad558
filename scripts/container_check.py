#!/usr/bin/env python3
"""The checks scripts/container-test.sh makes from outside the running image, over HTTP.

  ready URL SECONDS                 waits for URL/health to answer 200; prints the milliseconds
  compare IMAGE_URL NATIVE_URL KEY CORPUS_DIR
                                    every corpus request (tests/corpus/*.json, its "request") to
                                    both servers: the same status and body, but for the per-request
                                    fields (PER_REQUEST); prints the engine version
  load URL KEY BODY_FILE OUT_FILE   /evaluate over and over on 4 connections until the server stops
                                    answering; writes the correlation ids answered 200 to OUT_FILE
  log FILE IDS_FILE                 the decision log is whole: every line a JSON object, and every
                                    answered correlation id in IDS_FILE has its line

Every failure exits 1 with what differed; standard library only.
"""

import glob
import http.client
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request

# What differs from one request to the next by design: ids, the wall-clock time decided at (two
# requests may straddle a second), and stage timings.
PER_REQUEST = {"correlation_id", "process_time_ms", "decision_date", "timing"}


def request(url, body=None, headers=None, timeout=30):
    """(status, headers, body bytes); HTTP errors are answers, not exceptions."""
    req = urllib.request.Request(url, data=body, headers=headers or {}, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def fail(message):
    print(f"container check: {message}", file=sys.stderr)
    sys.exit(1)


def ready(url, seconds):
    started = time.monotonic()
    while time.monotonic() - started < float(seconds):
        try:
            if request(f"{url}/health", timeout=2)[0] == 200:
                print(round((time.monotonic() - started) * 1000))
                return
        except OSError:
            pass
        time.sleep(0.02)
    fail(f"{url}/health did not answer 200 within {seconds} s")


def token(url, key):
    status, _, body = request(f"{url}/auth/token", b"", {"X-API-Key": key})
    if status != 200:
        fail(f"{url}/auth/token answered {status}: {body[:200]!r}")
    return json.loads(body)["access_token"]


def without_per_request_fields(value):
    if isinstance(value, dict):
        return {k: without_per_request_fields(v) for k, v in value.items() if k not in PER_REQUEST}
    if isinstance(value, list):
        return [without_per_request_fields(v) for v in value]
    return value


def first_difference(a, b, path="$"):
    """The JSON path of the first place `a` and `b` differ, with both values there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'the native answer' if k in b else 'the image answer'}"
            found = first_difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items in the image's answer, {len(b)} in the native one"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: image {json.dumps(a)[:200]}, native {json.dumps(b)[:200]}"


def evaluate(url, bearer, body):
    status, _, answer = request(
        f"{url}/evaluate", body, {"Authorization": f"Bearer {bearer}", "Content-Type": "application/json"}
    )
    try:
        return status, json.loads(answer)
    except ValueError:
        fail(f"{url}/evaluate answered {status} with a body that is not JSON: {answer[:200]!r}")


def compare(image_url, native_url, key, corpus_dir):
    files = sorted(glob.glob(os.path.join(corpus_dir, "*.json")))
    if not files:
        fail(f"no corpus files in {corpus_dir}")
    bearers = {url: token(url, key) for url in (image_url, native_url)}
    versions, statuses = set(), {}
    for path in files:
        body = json.dumps(json.load(open(path))["request"]).encode()
        (s1, a1), (s2, a2) = (evaluate(url, bearers[url], body) for url in (image_url, native_url))
        difference = first_difference(without_per_request_fields(a1), without_per_request_fields(a2))
        if s1 != s2 or difference:
            fail(f"{os.path.basename(path)}: the image answered {s1}, the native server {s2}; {difference}")
        statuses[s1] = statuses.get(s1, 0) + 1
        engine = (a1.get("meta") or {}).get("engine") if isinstance(a1, dict) else None
        if engine:
            versions.add(engine["version"])
    if statuses.get(200, 0) == 0:
        fail(f"no corpus request was answered 200 (statuses {statuses}): nothing was decided")
    if len(versions) != 1:
        fail(f"the answers name {len(versions)} engine versions: {sorted(versions)}")
    print(json.dumps({"cases": len(files), "statuses": {str(k): v for k, v in sorted(statuses.items())},
                      "engine_version": versions.pop()}))


def load(url, key, body_file, out_file):
    body = open(body_file, "rb").read()
    bearer = token(url, key)
    host = url.split("//", 1)[1]
    answered, other, lock = [], {}, threading.Lock()

    def worker():
        conn = None
        while True:
            try:
                conn = conn or http.client.HTTPConnection(host, timeout=30)
                conn.request("POST", "/evaluate", body,
                             {"Authorization": f"Bearer {bearer}", "Content-Type": "application/json"})
                r = conn.getresponse()
                answer = r.read()
                with lock:
                    if r.status == 200:
                        answered.append(json.loads(answer)["meta"]["correlation_id"])
                    else:
                        other[r.status] = other.get(r.status, 0) + 1
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                # The server stopped: refused or closed. A request it had taken was answered first.
                return

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with open(out_file, "w") as f:
        f.write("\n".join(answered) + "\n")
    print(json.dumps({"answered_200": len(answered), "other": other}))


def log(path, ids_file):
    ids = [line.strip() for line in open(ids_file) if line.strip()]
    logged = set()
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        fail(f"{path} ends in a partial line")
    for n, line in enumerate(data.splitlines(), 1):
        try:
            entry = json.loads(line)
        except ValueError:
            fail(f"{path} line {n} is not JSON: {line[:200]!r}")
        if not isinstance(entry, dict):
            fail(f"{path} line {n} is not a JSON object")
        logged.add(entry.get("correlation_id"))
    missing = [i for i in ids if i not in logged]
    if missing:
        fail(f"{len(missing)} of {len(ids)} answered requests have no decision-log line (first: {missing[0]})")
    print(json.dumps({"lines": data.count(b"\n"), "answered_requests_logged": len(ids)}))


if __name__ == "__main__":
    commands = {"ready": ready, "compare": compare, "load": load, "log": log}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        fail(__doc__)
    commands[sys.argv[1]](*sys.argv[2:])
