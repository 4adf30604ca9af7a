#!/usr/bin/env bash
# One client, sequential requests: review.next and review.answer (a durable commit each) for a
# card of each kind (choice, basic, reverse, cloze, typed), and due.counts, round trips through
# kiokud, each beside a round trip of the same request and response sizes through
# kioku_echo_server (raw Unix socket, kiokud's framing), in the same run. Then kiokud's peak
# memory under that load. Works on a copy of COLLECTION, since answers change it.
# Usage: bench/roundtrip_vs_echo.sh BUILD_DIR COLLECTION   (REQUESTS, default 2000 each)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "$1" && pwd)
export TZ=UTC
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
copy_collection "$2" "$work"
requests=${REQUESTS:-2000}

cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")

# review.answer params for REQUESTS cards of each kind: spread over the collection, none
# suspended (kiokud refuses those), each answered right: a choice card with its right choice, a
# typed card with its note's English back, the others rated good. review.next params: a deck
# whose notes are of that kind (a reverse deck's next card may be either of a note's two).
kinds="choice basic reverse cloze typed"
for kind in $kinds; do
  sqlite3 "$collection" "SELECT CASE c.kind
      WHEN 'choice' THEN json_object('card', c.id, 'choice', c.content ->> '\$.answer', 'duration_ms', 4000)
      WHEN 'typed' THEN json_object('card', c.id, 'typed', (SELECT f.value ->> '\$.text.en' FROM json_each(n.fields) f WHERE f.value ->> '\$.name' = 'back'), 'duration_ms', 4000)
      ELSE json_object('card', c.id, 'rating', 'good', 'duration_ms', 4000) END
    FROM cards c JOIN card_state s ON s.card_id = c.id JOIN notes n ON n.id = c.note_id
    WHERE c.kind = '$kind' AND s.suspended = 0
    ORDER BY (c.id * 2654435761) % 1000003 LIMIT $requests" >"$work/answer-$kind"
  if [ ! -s "$work/answer-$kind" ]; then
    echo "roundtrip_vs_echo: the collection has no $kind card to answer" >&2
    exit 1
  fi
  deck=$(sqlite3 "$collection" "SELECT d.slug FROM decks d JOIN cards c ON c.deck_id = d.id WHERE c.kind = '$kind' GROUP BY d.id ORDER BY count(*) DESC LIMIT 1")
  echo "{\"deck\":\"$deck\"}" >"$work/next-$kind"
done

start_kiokud_on_collection "$build_dir" "$work" "$work/kiokud.sock" "$collection"
daemon=$SERVER_PID
start_server "$work" "$build_dir/bench/kioku_echo_server" "$work/echo.sock" 1

# Mean (median) latency; the ratio is of the means.
cell() { jq -r "\"\(.$1.mean_us | round) us (p50 \(.$1.p50_us | round))\"" "$2"; }
# Usage: round_trips NAME METHOD [PARAMS_FILE]
round_trips() {
  local name=$1 method=$2 result=$work/$1.json
  "$build_dir/bench/kioku_roundtrip_bench" --daemon "$work/kiokud.sock" --echo "$work/echo.sock" \
    --method "$method" ${3:+--params "$3"} --requests "$requests" | tee "$result"
  # review.next says which kind of card it showed (a reversed deck's next card is a forward one).
  local shown
  shown=$(jq -r '.card_kind // ""' "$result")
  if [ -n "$shown" ]; then name="$name, a $shown card shown"; fi
  record_result "$name round trip vs echo, $cards cards" "$(cell kiokud "$result")" \
    "$(cell echo "$result")" "$(jq -r '.ratio * 100 | round / 100' "$result")" "-" "-"
}
for kind in $kinds; do
  round_trips "review.next ($kind deck)" review.next "$work/next-$kind"
done
for kind in $kinds; do
  round_trips "review.answer ($kind card)" review.answer "$work/answer-$kind"
done
round_trips due.counts due.counts

peak=$(memory_kib "$daemon" VmHWM)
echo "kiokud after $requests answers and $requests due.counts: VmRSS $(memory_kib "$daemon" VmRSS) KiB, VmHWM $peak KiB"
record_result "kiokud VmHWM under load, $cards cards" \
  "$(awk -v kib="$peak" 'BEGIN { printf "%.1f MiB", kib / 1024 }')" "16 MiB" \
  "$(awk -v kib="$peak" 'BEGIN { printf "%.2f", kib / 1024 / 16 }')" "-" "-"
