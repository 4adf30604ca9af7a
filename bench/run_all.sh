#!/usr/bin/env bash
# `make bench`: every benchmark beside its reference, then one table of ratios.
# Usage: bench/run_all.sh BUILD_DIR (a Release build with the benchmarks)
# BENCH_SIZES (default "10000 100000 1000000") picks the generated collections; the largest
# is used for the round trips. Collections are cached under BENCH_DATA (build/bench-data).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build-bench}" && pwd)
sizes=${BENCH_SIZES:-"10000 100000 1000000"}
BENCH_RESULTS=$(mktemp)
export BENCH_RESULTS
trap 'rm -f "$BENCH_RESULTS"' EXIT
started=$(date +%s)
section() { printf '\n=== %s (load: %s)\n' "$1" "$(cut -d' ' -f1-3 /proc/loadavg)"; }

section "scheduler throughput (Google Benchmark)"
"$build_dir/bench/kioku_scheduler_bench" --benchmark_min_time=0.5 \
  --benchmark_out="$build_dir/scheduler_bench.json" --benchmark_out_format=json
while IFS=$'\t' read -r name rate; do
  record_result "scheduler $name" "$(awk -v r="$rate" 'BEGIN { printf "%.2f M/s", r / 1e6 }')" \
    "-" "-" "-" "-"
done < <(jq -r '.benchmarks[] | [.name, .items_per_second] | @tsv' "$build_dir/scheduler_bench.json")

section "workload simulation (Google Benchmark)"
"$build_dir/bench/kioku_simulation_bench" \
  --benchmark_out="$build_dir/simulation_bench.json" --benchmark_out_format=json
while IFS=$'\t' read -r name milliseconds; do
  if [ "$name" = one_year ]; then
    record_result "sched simulate: 1 year of 10,000 cards (CPU)" "$milliseconds ms" "-" "-" \
      "<= 1000 ms" "$(awk -v t="$milliseconds" 'BEGIN { print (t <= 1000) ? "yes" : "NO" }')"
  else
    record_result "sched simulate: minimum retention, 26 years (CPU)" "$milliseconds ms" "-" "-" \
      "-" "-"
  fi
done < <(jq -r '.benchmarks[] | [.name, (.cpu_time | floor)] | @tsv' "$build_dir/simulation_bench.json")

section "kioku sched replay vs ts-fsrs"
"$here/replay_vs_tsfsrs.sh" "$build_dir" "${REPLAY_REVIEWS:-1000000}"

section "kioku sched optimize vs fsrs-rs"
"$here/optimize_vs_fsrs_rs.sh" "$build_dir" "${OPTIMIZE_REVIEWS:-50000}"

declare -A collections
for size in $sizes; do
  section "collection of $size cards"
  collections[$size]=$("$here/generate_collection.sh" "$build_dir" "$size")
  largest=${collections[$size]}
done

for size in $sizes; do
  section "kioku due --json vs sqlite3, $size cards"
  "$here/due_vs_sqlite.sh" "$build_dir" "${collections[$size]}"
  section "kioku due --count vs sqlite3, $size cards"
  "$here/due_count_vs_sqlite.sh" "$build_dir" "${collections[$size]}"
  section "kiokud idle memory, $size cards"
  "$here/daemon_rss.sh" "$build_dir" "${collections[$size]}"
done

section "kioku stats vs sqlite3 on 100,000 cards and 10M answers"
# Ten years of a forgetful learner who keeps their leeches: 10M answers on 100,000 cards.
stats_collection=$("$here/generate_collection.sh" "$build_dir" 100000 10000000 \
  --history-days 3650 --again-percent 50 --answers-per-card 400 --keep-leeches)
RUNS=${STATS_RUNS:-10} "$here/stats_vs_sqlite.sh" "$build_dir" "$stats_collection"

section "kioku import of an Anki TSV vs sqlite3 .import"
ROWS=${IMPORT_ROWS:-1000000} "$here/import_vs_sqlite.sh" "$build_dir"

section "kioku import of a 20,000-note .apkg vs Mnemosyne 2.9"
"$here/apkg_import_vs_mnemosyne.sh" "$build_dir"

section "kiokud's memory importing a 100,000-note TOML deck"
"$here/toml_import_memory.sh" "$build_dir"

section "reads beside a 1M-note import, on $largest"
ROWS=${IMPORT_ROWS:-1000000} "$here/reads_beside_import.sh" "$build_dir" "$largest"

section "reads beside note.find text searches of 1M notes"
ROWS=${IMPORT_ROWS:-1000000} "$here/reads_beside_search.sh" "$build_dir"

section "reads beside stats.report of 1M cards"
ROWS=${IMPORT_ROWS:-1000000} "$here/reads_beside_stats.sh" "$build_dir"

section "the WAL beside note.find text searches of 1M notes and edits"
ROWS=${IMPORT_ROWS:-1000000} "$here/wal_beside_searches.sh" "$build_dir"

section "round trips vs echo"
"$here/roundtrip_vs_echo.sh" "$build_dir" "$largest"

section "review screen: rating key to next card, vs echo and fsync"
"$here/review_keys_vs_echo.sh" "$build_dir" "$largest"

section "answers vs SQLite commits"
"$here/answers_vs_sqlite.sh" "$build_dir"

section "note.add vs SQLite inserts"
"$here/notes_vs_sqlite.sh" "$build_dir"

section "results ($(($(date +%s) - started)) s)"
{
  printf 'benchmark\tkioku\treference\tratio\ttarget\tpass\n'
  cat "$BENCH_RESULTS"
} | column -t -s $'\t' -o ' | ' | tee "$build_dir/bench-results.txt"
