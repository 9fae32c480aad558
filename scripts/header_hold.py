#!/usr/bin/env python3
"""The header-hold test: many connections, each sending a large request head that it
never finishes, held open while the server's memory is sampled.

Starts `lookback serve` (the binary given) on a free port with the given extra environment, opens
CONNECTIONS sockets (spread over ADDRESSES loopback source addresses), writes HEADER_BYTES of one
header on each without the blank line that ends a head, keeps them HOLD seconds, and reports the
server's resident memory before and at its peak (VmHWM), how the connections ended, and whether
`GET /health` was answered meanwhile.

    python3 scripts/header_hold.py target/release/lookback [--connections 1000] [--addresses 1]
        [--header-bytes 389120] [--hold 5] [--env NAME=VALUE ...]
"""

import argparse
import http.client
import os
import socket
import subprocess
import sys
import time

KEY = "lkb_holdtestkey0000000000000000000000000000"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def health(port):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", "/health")
        status = conn.getresponse().status
        conn.close()
        return status
    except OSError as error:
        return f"error: {error}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--addresses", type=int, default=1)
    parser.add_argument("--header-bytes", type=int, default=380 * 1024)
    parser.add_argument("--hold", type=float, default=5.0)
    parser.add_argument("--env", action="append", default=[])
    args = parser.parse_args()

    port = free_port()
    env = dict(os.environ, LOOKBACK_ADDR=f"127.0.0.1:{port}", LOOKBACK_API_KEYS=KEY,
               LOOKBACK_HEADER_READ_TIMEOUT_SECS="60", RUST_LOG="warn")
    for pair in args.env:
        name, value = pair.split("=", 1)
        env[name] = value
    server = subprocess.Popen([args.binary, "serve"], env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while health(port) != 200:
            if time.time() > deadline or server.poll() is not None:
                sys.exit("the server did not come up")
            time.sleep(0.2)
        time.sleep(0.5)
        idle_kib = memory_kib(server.pid, "VmRSS")

        payload = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"a" * args.header_bytes
        sockets = []
        for n in range(args.connections):
            s = socket.socket()
            s.bind((f"127.0.0.{1 + n % args.addresses}", 0))
            s.connect(("127.0.0.1", port))
            s.setblocking(False)
            sockets.append([s, 0, None])  # socket, bytes sent, end
        started = time.time()
        peak_kib = idle_kib
        health_during = None
        while time.time() - started < args.hold:
            for entry in sockets:
                s, sent, end = entry
                if end is not None:
                    continue
                try:
                    if sent < len(payload):
                        entry[1] += s.send(payload[sent:sent + 65536])
                    else:
                        data = s.recv(4096)
                        if data:
                            entry[2] = data.split(b"\r\n", 1)[0].decode(errors="replace")
                        else:
                            entry[2] = "closed"
                except BlockingIOError:
                    pass
                except OSError as error:
                    entry[2] = f"closed ({error.__class__.__name__})"
            peak_kib = max(peak_kib, memory_kib(server.pid, "VmRSS"))
            if health_during is None and time.time() - started > args.hold / 2:
                health_during = health(port)
        hwm_kib = memory_kib(server.pid, "VmHWM")
        ends = {}
        for s, sent, end in sockets:
            key = end or ("still sending" if sent < len(payload) else "held, head unfinished")
            ends[key] = ends.get(key, 0) + 1
            s.close()
        print(f"connections {args.connections} from {args.addresses} address(es), "
              f"header {args.header_bytes} bytes, env {args.env}")
        print(f"  RSS idle {idle_kib / 1024:.0f} MiB, peak sampled {peak_kib / 1024:.0f} MiB, "
              f"VmHWM {hwm_kib / 1024:.0f} MiB")
        print(f"  /health during the hold: {health_during}")
        for key, count in sorted(ends.items(), key=lambda kv: -kv[1]):
            print(f"  {count:5d}  {key}")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
