#!/usr/bin/env bash
# Reads (due.counts, review.next, stats.summary, one at a time on one connection) while
# `kioku import` of a generated 1M-note Anki text file runs, against the same reads with no
# import, in the same run: p50, p99 and the worst. Issue 12's target: p99 <= 50 ms during the
# import. The reads go to COLLECTION (a generated one, copied), else a new collection with the
# bundled deck.
# Usage: bench/reads_beside_import.sh [BUILD_DIR] [COLLECTION]
# ROWS (default 1000000) sets how many notes the file has; BASELINE_SECONDS (default 5) how long
# the reads are timed alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
source_collection=${2:-}
rows=${ROWS:-1000000}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

file=$work/notes.tsv
write_anki_tsv "$file" "$rows"

if [ -n "$source_collection" ]; then
  copy_collection "$source_collection" "$work"
  serve_collection_or_bundled_deck "$build_dir" "$work" "$collection"
else
  serve_collection_or_bundled_deck "$build_dir" "$work"
fi

time_reads_alone "$work"
start_reads_beside "$work"
start=$(date +%s%3N)
"$build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400 import "$file" \
  --deck Bench --kind basic --columns front,back,tags
import_ms=$(($(date +%s%3N) - start))
stop_reads_beside "$work"
record_reads_beside "$work" "the import of $rows notes ($import_ms ms)" \
  "reads' p99 during a $rows-note import (due.counts, review.next, stats.summary)"
