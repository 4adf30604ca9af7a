#!/usr/bin/env python3
"""The WAL's size while one client edits notes as fast as it can (note.update, 4 KB of text
each) and another runs note.find text searches back to back on kiokud's readers' thread, against
the same edits with no search, in one run. A snapshot that pins frames not yet copied keeps a
checkpoint from finishing, and a WAL that is never copied whole never starts again
(daemon/store/wal_catch_up.hpp). Prints one tab-separated line a phase: phase, edits, edits a
second, searches, the WAL's largest and last size in MB. Used by bench/wal_beside_searches.sh.

Usage: wal_beside_searches_probe.py SOCKET COLLECTION DECK SECONDS
"""
import os
import sys
import threading
import time

from kiokud_client import Client


def wal_bytes(collection):
    try:
        return os.path.getsize(collection + "-wal")
    except FileNotFoundError:
        return 0


def phase(name, socket_path, collection, notes, seconds, search):
    stop = threading.Event()
    searches = [0]

    def searcher():
        client = Client(socket_path)
        while not stop.is_set():
            # A text no note has: every note's fields are read, for 0.5-1 s on a million.
            client.call("note.find", {"text": "no note says this", "limit": 5})
            searches[0] += 1

    thread = threading.Thread(target=searcher) if search else None
    if thread:
        thread.start()
    editor = Client(socket_path)
    edits = 0
    largest = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        note = notes[edits % len(notes)]
        text = f"edit {edits} " + "x" * 2000
        editor.call("note.update", {"note": note, "fields": {"front": {"en": text},
                                                              "back": {"en": "y" * 2000}}})
        edits += 1
        largest = max(largest, wal_bytes(collection))
    stop.set()
    if thread:
        thread.join()
    print(f"{name}\t{edits}\t{edits / seconds:.0f}\t{searches[0]}\t{largest / 1e6:.1f}\t"
          f"{wal_bytes(collection) / 1e6:.1f}", flush=True)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    socket_path, collection, deck, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(
        sys.argv[4])
    found = Client(socket_path).call("note.find", {"deck": deck, "limit": 1000})
    notes = [note["id"] for note in found["notes"]]
    phase("edits alone", socket_path, collection, notes, seconds / 2, search=False)
    phase("edits beside searches", socket_path, collection, notes, seconds, search=True)


if __name__ == "__main__":
    main()
