#!/usr/bin/env python3
"""Times kiokud's tagged queue (review.next and due.counts with a tag) on one connection, as a
session studying one tag sees it: for each tag, the first review.next, then ANSWERS answers each
followed by review.next, then due.counts; then the first tagged query after a note's tags
changed (a change to the rows of `cards`). Prints tab-separated lines: case, count, min, median,
max in milliseconds. Used by bench/tagged_queue.sh.

Usage: tagged_queue_probe.py SOCKET ANSWERS TAG...
Each request takes new_limit NEW_LIMIT (default 200): every tag's answers then get new cards.
"""
import os
import statistics
import sys

from kiokud_client import Client


def report(case, times):
    print(f"{case}\t{len(times)}\t{min(times):.1f}\t{statistics.median(times):.1f}\t"
          f"{max(times):.1f}")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    client = Client(sys.argv[1])
    answers = int(sys.argv[2])
    new_limit = int(os.environ.get("NEW_LIMIT", "200"))

    def next_card(tag):
        return client.timed_call("review.next", {"lang": "en", "tag": tag, "new_limit": new_limit})

    for tag in sys.argv[3:]:
        result, first = next_card(tag)
        report(f"{tag}: first review.next", [first])
        nexts = []
        for _ in range(answers):
            card = result.get("card")
            if card is None:
                break
            client.timed_call("review.answer", {"card": card["id"], "rating": "good"})
            result, elapsed = next_card(tag)
            nexts.append(elapsed)
        if nexts:
            report(f"{tag}: review.next after an answer", nexts)
        counts = [client.timed_call("due.counts", {"tag": tag, "new_limit": new_limit})[1]
                  for _ in range(5)]
        report(f"{tag}: due.counts", counts)
    # A change to the cards' rows: the tags of the deck's first note edited, then the last
    # tag asked again (the first ones may no longer be kept: TaggedCards keeps four).
    found, _ = client.timed_call("note.find", {"limit": 1})
    note = found["notes"][0]
    changed = []
    for round_number in range(5):
        tags = note["tags"] + [f"edited{round_number}"]
        client.timed_call("note.update", {"note": note["id"], "deck": note["deck"],
                                          "fields": note["fields"], "tags": tags})
        changed.append(next_card(sys.argv[-1])[1])
    report(f"{sys.argv[-1]}: review.next after a note's tags changed", changed)


if __name__ == "__main__":
    main()
