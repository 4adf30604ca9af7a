#!/usr/bin/env bash
# Reads (due.counts, review.next, stats.summary, one at a time on one connection) while another
# client runs note.find text searches that read every note of a 1M-note collection, one after
# another, against the same reads with no search, in the same run: p50, p99 and the worst. The
# search runs on kiokud's readers' thread (docs/architecture.md): the reads' p99 beside it is
# held to the import's target, 50 ms. Also the searches' own time.
# Usage: bench/reads_beside_search.sh [BUILD_DIR]
# ROWS (default 1000000) sets how many notes are searched; SEARCHES (default 10) how many run;
# BASELINE_SECONDS (default 5) how long the reads are timed alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
rows=${ROWS:-1000000}
searches=${SEARCHES:-10}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

file=$work/notes.tsv
write_anki_tsv "$file" "$rows"
serve_empty_collection "$build_dir" "$work"
kioku() { "$build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400 "$@"; }
kioku import "$file" --deck Bench --kind basic --columns front,back,tags >/dev/null

probe() { python3 "$here/read_latency_probe.py" "$socket" "$@"; }
echo "reads alone for ${BASELINE_SECONDS:-5} s:"
probe --seconds "${BASELINE_SECONDS:-5}" | tee "$work/alone.tsv"

stop_file=$work/searches-done
probe --until-file "$stop_file" >"$work/beside.tsv" &
probe_pid=$!
start=$(date +%s%3N)
for _ in $(seq "$searches"); do
  # A text no note has: every note's fields are read.
  kioku --json notes "no note says this" >/dev/null
done
search_ms=$((($(date +%s%3N) - start) / searches))
touch "$stop_file"
wait "$probe_pid"
echo "reads beside $searches searches of $rows notes ($search_ms ms each):"
cat "$work/beside.tsv"

# The worst p99 of the three methods, alone and beside the searches.
worst_p99() { awk -F'\t' 'BEGIN { worst = 0 } $4 > worst { worst = $4 } END { print worst }' "$1"; }
alone=$(worst_p99 "$work/alone.tsv")
beside=$(worst_p99 "$work/beside.tsv")
ratio=$(awk -v a="$beside" -v b="$alone" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
echo "worst p99: $beside ms beside the searches, $alone ms alone (ratio $ratio)"
record_result "reads' p99 during note.find text searches of $rows notes ($search_ms ms each)" \
  "$beside ms" "$alone ms" "$ratio" "<= 50 ms" \
  "$(awk -v t="$beside" 'BEGIN { print (t <= 50) ? "yes" : "NO" }')"
