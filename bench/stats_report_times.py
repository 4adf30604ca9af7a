#!/usr/bin/env python3
"""Times stats.report on one connection to kiokud, and prints each kind's count, p50 and worst in
milliseconds as tab-separated lines (what, count, p50, max):

- cold: the first report of the kiokud's life, which reads every card;
- warm: reports with nothing written since the one before;
- after an answer: each report right after a review.answer (a commit since the one before).

The cards to answer come on standard input, one a line (its id, and for a choice card the choice
to give after it, which kiokud grades): the first HISTORY of them are answered before any report (Again, Hard, Good
and Easy in turn, so that the figures have a history), the rest one before each report "after an
answer". Used by bench/reads_beside_stats.sh.

Usage: stats_report_times.py SOCKET HISTORY WARM < CARD_IDS
"""
import sys

from kiokud_client import Client

RATINGS = ["again", "hard", "good", "easy"]


def line(what, values):
    values = sorted(values)
    print(f"{what}\t{len(values)}\t{values[len(values) // 2]:.1f}\t{values[-1]:.1f}")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    client = Client(sys.argv[1])
    history = int(sys.argv[2])
    warm_reports = int(sys.argv[3])
    cards = []
    for line_text in sys.stdin.read().splitlines():
        words = line_text.split()
        if words:
            cards.append({"card": int(words[0]), **({"choice": int(words[1])} if len(words) > 1 else {})})
    for index, card in enumerate(cards[:history]):
        rating = {} if "choice" in card else {"rating": RATINGS[index % len(RATINGS)]}
        client.call("review.answer", {**card, **rating})
    report = {}
    line("cold", [client.timed("stats.report", report)])
    line("warm", [client.timed("stats.report", report) for _ in range(warm_reports)])
    after_answer = []
    for card in cards[history:]:
        client.call("review.answer", {**card, **({} if "choice" in card else {"rating": "good"})})
        after_answer.append(client.timed("stats.report", report))
    if after_answer:
        line("after an answer", after_answer)


if __name__ == "__main__":
    main()
