#!/usr/bin/env python3
"""Times kiokud's reads, one request at a time on one connection, until a stop file appears
(or for a number of seconds), and prints each method's p50, p99 and worst in milliseconds as
tab-separated lines: method, count, p50, p99, max. Used by bench/reads_beside_import.sh.

Usage: read_latency_probe.py SOCKET (--until-file PATH | --seconds N)
"""
import json
import os
import socket
import sys
import time

METHODS = [
    ("due.counts", {}),
    ("review.next", {"lang": "en"}),
    ("stats.summary", {}),
]


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, int(round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ("--until-file", "--seconds"):
        sys.exit(__doc__)
    path = sys.argv[1]
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)
    reader = client.makefile("rb")
    deadline = time.monotonic() + float(sys.argv[3]) if sys.argv[2] == "--seconds" else None
    stop_file = sys.argv[3] if sys.argv[2] == "--until-file" else None
    times = {name: [] for name, _ in METHODS}
    request_id = 0
    while True:
        if deadline is not None and time.monotonic() >= deadline:
            break
        if stop_file is not None and os.path.exists(stop_file):
            break
        name, params = METHODS[request_id % len(METHODS)]
        request_id += 1
        line = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": name, "params": params})
        started = time.perf_counter()
        client.sendall(line.encode() + b"\n")
        reply = json.loads(reader.readline())
        elapsed_ms = (time.perf_counter() - started) * 1000.0
        if "error" in reply:
            sys.exit(f"{name}: {reply['error']['message']}")
        times[name].append(elapsed_ms)
    for name, _ in METHODS:
        values = sorted(times[name])
        print(f"{name}\t{len(values)}\t{percentile(values, 0.5):.2f}\t"
              f"{percentile(values, 0.99):.2f}\t{values[-1] if values else float('nan'):.2f}")


if __name__ == "__main__":
    main()
