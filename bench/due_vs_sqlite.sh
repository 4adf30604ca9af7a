#!/usr/bin/env bash
# Whole-process time of `kioku due --json` against a running kiokud, beside the sqlite3 CLI
# running the equivalent query on the same collection, in one hyperfine run. First checks that
# both give the same numbers.
# Usage: bench/due_vs_sqlite.sh [BUILD_DIR] [COLLECTION]   (needs hyperfine, sqlite3 and jq)
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

# The query that counts as due.counts does (lib.sh, due_counts_query), columns
# new|learning|review|total|next_due_ms.
query=$(due_counts_query "$collection" "$clock_offset_ms")
kioku_due=("$build_dir/bin/kioku" --socket "$socket" --no-autostart due --json)

kioku_counts=$("${kioku_due[@]}" | jq -r '[.new, .learning, .review, .total, .next_due_ms] | join("|")')
sqlite_counts=$(sqlite3 "$collection" "$query")
echo "kioku due --json: $kioku_counts   sqlite3: $sqlite_counts  (new|learning|review|total|next_due_ms)"
if [ "$kioku_counts" != "$sqlite_counts" ]; then
  echo "due_vs_sqlite: kioku and sqlite3 disagree" >&2
  exit 1
fi

printf -v sqlite_command '%q ' sqlite3 "$collection" "$query"
printf -v kioku_command '%q ' "${kioku_due[@]}"
hyperfine -N --warmup 50 --runs "${RUNS:-1000}" --export-json "$work/due.json" \
  -n "kioku due --json" "$kioku_command" -n "sqlite3 count" "$sqlite_command"

cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")
kioku_ms=$(hyperfine_mean_ms "$work/due.json" 0)
sqlite_ms=$(hyperfine_mean_ms "$work/due.json" 1)
ratio=$(awk -v a="$kioku_ms" -v b="$sqlite_ms" 'BEGIN { printf "%.2f", a / b }')
record_result "due --json vs sqlite3, $cards cards" "$(printf '%.2f ms' "$kioku_ms")" \
  "$(printf '%.2f ms' "$sqlite_ms")" "$ratio" "<= 1.00" "$(ratio_pass "$ratio" 1.00)"
