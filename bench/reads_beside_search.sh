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

serve_imported_tsv "$build_dir" "$work" "$rows"

time_reads_alone "$work"
start_reads_beside "$work"
start=$(date +%s%3N)
for _ in $(seq "$searches"); do
  # A text no note has: every note's fields are read.
  kioku --json notes "no note says this" >/dev/null
done
search_ms=$((($(date +%s%3N) - start) / searches))
stop_reads_beside "$work"
record_reads_beside "$work" "$searches searches of $rows notes ($search_ms ms each)" \
  "reads' p99 during note.find text searches of $rows notes ($search_ms ms each)"
