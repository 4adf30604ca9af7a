"""One JSON-RPC connection to kiokud's socket, one request at a time, for the bench's probes
(bench/stats_report_times.py, bench/tagged_queue_probe.py). An error reply ends the probe."""
import json
import socket
import sys
import time


class Client:
    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.reader = self.socket.makefile("rb")
        self.request_id = 0

    def timed_call(self, method, params):
        """The request's result and its round trip in milliseconds."""
        self.request_id += 1
        line = json.dumps({"jsonrpc": "2.0", "id": self.request_id, "method": method,
                           "params": params})
        started = time.perf_counter()
        self.socket.sendall(line.encode() + b"\n")
        reply = json.loads(self.reader.readline())
        elapsed_ms = (time.perf_counter() - started) * 1000.0
        if "error" in reply:
            sys.exit(f"{method}: {reply['error']['message']}")
        return reply["result"], elapsed_ms

    def call(self, method, params):
        return self.timed_call(method, params)[0]

    def timed(self, method, params):
        return self.timed_call(method, params)[1]
