#!/usr/bin/env bash
# The WAL beside note.find text searches back to back on a 1M-note collection while another
# client edits notes as fast as it can, against the same edits alone, in the same run. Alone,
# the server's checkpoints start the WAL again at about 16 MB. Beside the searches a snapshot
# copies it whole once it is past 32 MB (the size a restart cuts it back to), and it grows
# meanwhile by what the edits add during the search already running and the copy: held to
# four times its largest alone. Before session 44 it grew by 361 MB in 40 s and never started
# again (bench/wal_beside_searches_probe.py, daemon/store/wal_catch_up.hpp).
# Usage: bench/wal_beside_searches.sh [BUILD_DIR]
# ROWS (default 1000000) sets how many notes are searched; SECONDS_BESIDE (default 40) how long the
# edits run beside the searches (half as long alone).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
rows=${ROWS:-1000000}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

serve_imported_tsv "$build_dir" "$work" "$rows"
collection=$XDG_DATA_HOME/kioku/collection.sqlite
deck=$(sqlite3 "$collection" "SELECT slug FROM decks LIMIT 1")

echo -e "phase\tedits\tedits/s\tsearches\tlargest WAL MB\tlast WAL MB"
python3 "$here/wal_beside_searches_probe.py" "$socket" "$collection" "$deck" "${SECONDS_BESIDE:-40}" |
  tee "$work/wal.tsv"
alone=$(awk -F'\t' '$1 == "edits alone" { print $5 }' "$work/wal.tsv")
beside=$(awk -F'\t' '$1 == "edits beside searches" { print $5 }' "$work/wal.tsv")
ratio=$(awk -v a="$beside" -v b="$alone" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
echo "largest WAL: $beside MB beside searches, $alone MB with edits alone (ratio $ratio)"
record_result "WAL beside note.find searches of $rows notes and edits" "$beside MB" "$alone MB" \
  "$ratio" "<= 4" "$(ratio_pass "$ratio" 4)"
