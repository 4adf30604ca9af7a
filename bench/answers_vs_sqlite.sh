#!/usr/bin/env bash
# Answers through kiokud with durable commits against SQLite alone committing each answer with
# synchronous=FULL, in one run of build/bin/answers_vs_sqlite (bench/answers_vs_sqlite.cpp):
# SQLite plus one raw socket echo per answer (the floor for any daemon), 1 client, 64 clients
# with group commit, the same beside a stats.summary load, and with group commit off. Every
# configuration first makes 300 unmeasured answers (start-up is not what is measured). Adds its
# rows to the `make bench` table.
# Usage: bench/answers_vs_sqlite.sh [BUILD_DIR]   (it makes its own deck)
# ANSWERS_SCALE (default 1) multiplies every answer count.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
output=$(mktemp)
trap 'rm -f "$output"' EXIT
"$build_dir/bin/answers_vs_sqlite" --scale "${ANSWERS_SCALE:-1}" | tee "$output"

# A row of its table: the configuration's label (up to the first ')'), then answers, answers/s,
# p50 ms, p99 ms and the ratio to (a), the last five fields.
row() { awk -v label="$1" 'index($0, label) == 1 { print $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF }' "$output"; }
read -r _ reference_rate _ _ _ < <(row "(a) ")
record_answers() {
  local label=$1 name=$2 target=$3
  local answers rate p50 p99 ratio
  read -r answers rate p50 p99 ratio < <(row "$label")
  local pass="-"
  [ "$target" = "-" ] || pass=$(ratio_at_least "$ratio" "${target#>= }")
  record_result "$name ($answers answers; p50 $p50 ms, p99 $p99 ms)" "$rate answers/s" \
    "$reference_rate answers/s" "$ratio" "$target" "$pass"
}
record_answers "(a') " "answers, SQLite + 1 raw socket echo each vs SQLite alone" "-"
record_answers "(b) " "answers, kiokud 1 client vs SQLite FULL commit each" ">= 0.80"
record_answers "(c) " "answers, kiokud 64 clients group commit vs SQLite" ">= 1.00"
record_answers "(c') " "answers, 64 clients + stats.summary load vs SQLite" "-"
record_answers "(d) " "answers, 64 clients group commit off vs SQLite" "-"
