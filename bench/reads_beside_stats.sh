#!/usr/bin/env bash
# Reads (due.counts, review.next, stats.summary, one at a time on one connection) while another
# client asks stats.report of a 1M-card collection, one report after another, against the same
# reads with no report, in the same run: p50, p99 and the worst. The report runs on kiokud's
# readers' thread (docs/architecture.md): the reads' p99 beside it is held to the import's
# target, 50 ms. Also the reports' own time (bench/stats_report_times.py): kiokud's first, with
# nothing changed since the last, and right after an answer.
# Usage: bench/reads_beside_stats.sh [BUILD_DIR]
# ROWS (default 1000000) sets how many cards the collection has; REPORTS (default 40) how many
# reports the reads are timed beside; HISTORY (default 1000) how many cards are answered first;
# BASELINE_SECONDS (default 5) how long the reads are timed alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
rows=${ROWS:-1000000}
reports=${REPORTS:-40}
history=${HISTORY:-1000}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

serve_imported_tsv "$build_dir" "$work" "$rows"

# The cards answered: the history, then one before each of five reports, spread over the deck.
collection=$XDG_DATA_HOME/kioku/collection.sqlite
echo "stats.report of $rows cards ($history answered first), ms:"
sqlite3 "$collection" "SELECT id FROM cards WHERE id % ($rows / ($history + 5)) = 0 \
  ORDER BY id LIMIT $history + 5" | python3 "$here/stats_report_times.py" "$socket" "$history" 5

time_reads_alone "$work"
start_reads_beside "$work"
start=$(date +%s%3N)
for _ in $(seq "$reports"); do
  kioku --json stats >/dev/null
done
report_ms=$((($(date +%s%3N) - start) / reports))
stop_reads_beside "$work"
record_reads_beside "$work" "$reports stats reports of $rows cards ($report_ms ms each)" \
  "reads' p99 during stats.report of $rows cards ($report_ms ms each)"
