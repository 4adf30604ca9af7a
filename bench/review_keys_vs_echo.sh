#!/usr/bin/env bash
# The rating key to the next card on `kioku review`'s full screen (kioku in a pseudo-terminal,
# a real kiokud with its durable commit per answer), beside a raw socket echo and a bare
# fdatasync in the same run (bench/review_keys_bench.cpp). Works on a copy of COLLECTION, since
# answers change it; studies the deck with the most basic cards due or new, new cards without
# the daily limit.
# Usage: bench/review_keys_vs_echo.sh BUILD_DIR COLLECTION   (CARDS, default 200)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "$1" && pwd)
export TZ=UTC
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
copy_collection "$2" "$work"
cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")
timed=${CARDS:-200}

now_ms=$(($(collection_now_seconds "$collection") * 1000))
deck=$(sqlite3 "$collection" "SELECT d.slug FROM decks d JOIN cards c ON c.deck_id = d.id
    JOIN card_state s ON s.card_id = c.id
  WHERE c.kind = 'basic' AND s.suspended = 0 AND (s.phase = 'new' OR s.due_ms <= $now_ms)
  GROUP BY d.id ORDER BY count(*) DESC LIMIT 1")
if [ -z "$deck" ]; then
  echo "review_keys_vs_echo: the collection has no deck of basic cards due" >&2
  exit 1
fi

start_kiokud_on_collection "$build_dir" "$work" "$work/kiokud.sock" "$collection"
start_server "$work" "$build_dir/bench/kioku_echo_server" "$work/echo.sock" 1

result=$work/keys.json
"$build_dir/bench/kioku_review_keys_bench" --kioku "$build_dir/bin/kioku" \
  --socket "$work/kiokud.sock" --deck "$deck" --echo "$work/echo.sock" --fsync-dir "$work/data" \
  --cards "$timed" | tee "$result"

milliseconds() { jq -r ".$1.$2 / 1000 | . * 100 | round / 100" "$result"; }
p99=$(milliseconds key_to_next_card p99_us)
record_result "review screen: rating key to next card drawn, p50, $cards cards" \
  "$(milliseconds key_to_next_card p50_us) ms" \
  "fsync $(milliseconds fsync p50_us) ms, echo $(milliseconds echo p50_us) ms" \
  "$(jq -r '.p50_vs_fsync | . * 100 | round / 100' "$result")" "-" "-"
record_result "review screen: rating key to next card drawn, p99, $cards cards" "$p99 ms" \
  "fsync $(milliseconds fsync p99_us) ms, echo $(milliseconds echo p99_us) ms" \
  "$(jq -r '.p99_vs_fsync | . * 100 | round / 100' "$result")" "<= 3 ms" \
  "$(awk -v t="$p99" 'BEGIN { print (t <= 3) ? "yes" : "NO" }')"
