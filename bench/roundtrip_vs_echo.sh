#!/usr/bin/env bash
# One client, sequential requests: review.answer (a durable commit each) and due.counts round
# trips through kiokud, each beside a round trip of the same request and response sizes through
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
mkdir "$work/data"
cp --reflink=auto "$2" "$work/data/collection.sqlite"
# Written back now, or the copy's writeback would slow the answers' fsyncs.
sync "$work/data/collection.sqlite"
collection=$work/data/collection.sqlite
requests=${REQUESTS:-2000}

# Cards to answer: spread over the collection, none suspended (kiokud refuses those).
sqlite3 "$collection" "SELECT card_id FROM card_state WHERE suspended = 0 ORDER BY (card_id * 2654435761) % 1000003 LIMIT $requests" >"$work/cards"
cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")

start_kiokud_on_collection "$build_dir" "$work" "$work/kiokud.sock" "$collection"
daemon=$SERVER_PID
start_server "$work" "$build_dir/bench/kioku_echo_server" "$work/echo.sock" 1

for method in review.answer due.counts; do
  "$build_dir/bench/kioku_roundtrip_bench" --daemon "$work/kiokud.sock" --echo "$work/echo.sock" \
    --method "$method" --cards "$work/cards" --requests "$requests" | tee "$work/$method.json"
  # Mean (median) latency; the ratio is of the means.
  cell() { jq -r "\"\(.$1.mean_us | round) us (p50 \(.$1.p50_us | round))\"" "$work/$method.json"; }
  record_result "$method round trip vs echo, $cards cards" "$(cell kiokud)" "$(cell echo)" \
    "$(jq -r '.ratio * 100 | round / 100' "$work/$method.json")" "-" "-"
done

peak=$(memory_kib "$daemon" VmHWM)
echo "kiokud after $requests answers and $requests due.counts: VmRSS $(memory_kib "$daemon" VmRSS) KiB, VmHWM $peak KiB"
record_result "kiokud VmHWM under load, $cards cards" \
  "$(awk -v kib="$peak" 'BEGIN { printf "%.1f MiB", kib / 1024 }')" "16 MiB" \
  "$(awk -v kib="$peak" 'BEGIN { printf "%.2f", kib / 1024 / 16 }')" "-" "-"
