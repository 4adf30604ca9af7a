#!/usr/bin/env bash
# Whole-process time of `kioku due --count` (a shell prompt's call) against a running kiokud,
# beside the sqlite3 CLI printing the same total from the same collection, in one hyperfine run.
# First checks that both print the same number.
# Usage: bench/due_count_vs_sqlite.sh [BUILD_DIR] [COLLECTION]   (needs hyperfine and sqlite3)
# Without COLLECTION: a fresh collection holding the bundled deck. With one (a file named
# collection.sqlite, e.g. from bench/generate_collection.sh): kiokud serves it with its clock
# set to the collection's "now"; it is only read. RUNS (default 1000) sets hyperfine's runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
export TZ=UTC
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
serve_collection_or_bundled_deck "$build_dir" "$work" "${2:-}"

# The total alone, by the rules due.counts follows (lib.sh, due_counts_query).
query=$(due_counts_query "$collection" "$clock_offset_ms" |
  sed 's/^SELECT sum(new), sum(learning), sum(review), sum(new + learning + review), min(next_due)/SELECT sum(new + learning + review)/')
kioku_count=("$build_dir/bin/kioku" --socket "$socket" --no-autostart due --count)

kioku_total=$("${kioku_count[@]}")
sqlite_total=$(sqlite3 "$collection" "$query")
echo "kioku due --count: $kioku_total   sqlite3: $sqlite_total"
if [ "$kioku_total" != "$sqlite_total" ]; then
  echo "due_count_vs_sqlite: kioku and sqlite3 disagree" >&2
  exit 1
fi

printf -v sqlite_command '%q ' sqlite3 "$collection" "$query"
printf -v kioku_command '%q ' "${kioku_count[@]}"
hyperfine -N --warmup 50 --runs "${RUNS:-1000}" --export-json "$work/count.json" \
  -n "kioku due --count" "$kioku_command" -n "sqlite3 total" "$sqlite_command"

cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")
kioku_ms=$(hyperfine_mean_ms "$work/count.json" 0)
sqlite_ms=$(hyperfine_mean_ms "$work/count.json" 1)
ratio=$(awk -v a="$kioku_ms" -v b="$sqlite_ms" 'BEGIN { printf "%.2f", a / b }')
record_result "due --count vs sqlite3, $cards cards" "$(printf '%.2f ms' "$kioku_ms")" \
  "$(printf '%.2f ms' "$sqlite_ms")" "$ratio" "<= 1.00" "$(ratio_pass "$ratio" 1.00)"
