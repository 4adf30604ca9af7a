#!/usr/bin/env bash
# Whole-process time of `kioku due --json` against a running kiokud, beside the sqlite3 CLI
# running the equivalent query on the same collection, in one hyperfine run. First checks that
# both give the same numbers.
# Usage: bench/due_vs_sqlite.sh [BUILD_DIR] [COLLECTION]   (needs hyperfine, sqlite3 and jq)
# Without COLLECTION: a fresh collection holding the bundled deck. With one (a file named
# collection.sqlite, e.g. from bench/generate_collection.sh): kiokud serves it with its clock
# set to the collection's "now"; it is only read. RUNS (default 1000) sets hyperfine's runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
collection=${2:-}
export TZ=UTC
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
mkdir -m 700 "$work/run"
export XDG_RUNTIME_DIR=$work/run XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state
socket=$work/run/kiokud.sock

clock_offset_ms=0
if [ -n "$collection" ]; then
  collection=$(cd "$(dirname "$collection")" && pwd)/$(basename "$collection")
  clock_offset_ms=$(($(collection_now_seconds "$collection") * 1000 - $(date +%s%3N)))
  start_kiokud_on_collection "$build_dir" "$work" "$socket" "$collection"
else
  collection=$XDG_DATA_HOME/kioku/collection.sqlite
  start_server "$work" "$build_dir/bin/kiokud" --ready-fd 1 --socket "$socket"
fi

# The same counts due.counts makes, deck by deck (daemon/methods/review_queue.cpp), leaving out
# suspended cards and cards buried until a later day: intraday learning cards due now; then,
# within the review limit left today (200 minus today's reviews, interday learning answers and
# new cards), interday learning cards due now, then reviews due by the end of today; new cards
# up to the new cards left today and what the review limit still has room for; and the
# earliest due time of any learning or review card, one min() per phase, a buried one counting
# from tomorrow's start. "Now" is kiokud's clock (the real one shifted to the collection's
# present, to within a few ms). Today's allowances are read here, outside the timed query;
# decks use the default limits (20 new, 200 reviews a day), as generated collections and the
# bundled deck do.
now_ms=$(($(date +%s%3N) + clock_offset_ms))
day=$(((now_ms - 4 * 3600000) / 86400000))  # TZ=UTC, days start at 04:00
tomorrow_start=$(((day + 1) * 86400000 + 4 * 3600000))
review_bound=$((tomorrow_start - 1))
learning_bound="(CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) + $clock_offset_ms)"
deck_queries=()
while IFS='|' read -r deck new_today reviews_today interday_today; do
  live="card_state WHERE deck_id = $deck AND suspended = 0 AND buried_until_day <= $day AND phase"
  review_left=$((200 - reviews_today - interday_today - new_today))
  review_left=$((review_left < 0 ? 0 : review_left))
  new_left=$((new_today >= 20 ? 0 : 20 - new_today))
  counts="SELECT (SELECT count(*) FROM $live IN ('learning', 'relearning') AND due_ms <= $learning_bound AND interday = 0) AS intraday, (SELECT count(*) FROM (SELECT 1 FROM $live IN ('learning', 'relearning') AND due_ms <= $learning_bound AND interday = 1 LIMIT $review_left)) AS interday, (SELECT count(*) FROM (SELECT 1 FROM $live = 'review' AND due_ms <= $review_bound LIMIT $review_left)) AS review_uncapped, (SELECT count(*) FROM (SELECT 1 FROM $live = 'new' LIMIT $new_left)) AS new_uncapped"
  capped="SELECT intraday, interday, min(review_uncapped, max(0, $review_left - interday)) AS review, new_uncapped FROM ($counts)"
  next_due="SELECT min(due) FROM (SELECT min(due_ms) AS due FROM $live = 'learning' UNION ALL SELECT min(due_ms) FROM $live = 'relearning' UNION ALL SELECT min(due_ms) FROM $live = 'review' UNION ALL SELECT max(min(due_ms), $tomorrow_start) FROM card_state WHERE deck_id = $deck AND buried_until_day > 0 AND buried_until_day > $day AND suspended = 0 AND phase <> 'new')"
  deck_queries+=("SELECT intraday + interday AS learning, review, min(new_uncapped, max(0, $review_left - interday - review)) AS new, ($next_due) AS next_due FROM ($capped)")
done < <(sqlite3 "$collection" "SELECT d.id, coalesce(s.new_cards, 0), coalesce(s.review_answers, 0), coalesce(s.interday_answers, 0) FROM decks d LEFT JOIN daily_stats s ON s.deck_id = d.id AND s.day = $day ORDER BY d.id")
union=$(printf ' UNION ALL %s' "${deck_queries[@]}")
query="SELECT sum(new), sum(learning), sum(review), sum(new + learning + review), min(next_due) FROM (${union# UNION ALL });"
kioku_due=("$build_dir/bin/kioku" --socket "$socket" --no-autostart due --json)

kioku_counts=$("${kioku_due[@]}" | jq -r '[.new, .learning, .review, .total, .next_due_ms] | join("|")')
sqlite_counts=$(sqlite3 "$collection" "$query")
echo "kioku due --json: $kioku_counts   sqlite3: $sqlite_counts  (new|learning|review|total|next_due_ms)"
if [ "$kioku_counts" != "$sqlite_counts" ]; then
  echo "due_vs_sqlite: kioku and sqlite3 disagree" >&2
  exit 1
fi

printf -v sqlite_command '%q ' sqlite3 "$collection" "$query"
printf -v kioku_command '%q ' "${kioku_due[@]}"
hyperfine -N --warmup 50 --runs "${RUNS:-1000}" --export-json "$work/due.json" \
  -n "kioku due --json" "$kioku_command" -n "sqlite3 count" "$sqlite_command"

cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")
kioku_ms=$(hyperfine_mean_ms "$work/due.json" 0)
sqlite_ms=$(hyperfine_mean_ms "$work/due.json" 1)
ratio=$(awk -v a="$kioku_ms" -v b="$sqlite_ms" 'BEGIN { printf "%.2f", a / b }')
record_result "due --json vs sqlite3, $cards cards" "$(printf '%.2f ms' "$kioku_ms")" \
  "$(printf '%.2f ms' "$sqlite_ms")" "$ratio" "<= 1.00" "$(ratio_pass "$ratio" 1.00)"
