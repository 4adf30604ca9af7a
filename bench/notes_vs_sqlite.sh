#!/usr/bin/env bash
# note.add of 100,000 basic notes over one connection into kiokud (durable: synchronous=FULL,
# group commit), in JSON-RPC batches with the next ones pipelined, against SQLite alone inserting
# the same rows (note, card, card_state) in transactions of the same size with
# synchronous=FULL; in one run of build/bin/notes_vs_sqlite (bench/notes_vs_sqlite.cpp). Adds
# its row to the `make bench` table.
# Usage: bench/notes_vs_sqlite.sh [BUILD_DIR]   (it makes its own collection)
# NOTES (default 100000) sets how many notes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
output=$(mktemp)
trap 'rm -f "$output"' EXIT
# The sweep of batch sizes and depths is for finding the best shape by hand (README): it would
# double the run and add no row to the table.
"$build_dir/bin/notes_vs_sqlite" --notes "${NOTES:-100000}" --no-sweep | tee "$output"

# A row of the comparison: the configuration's label (up to the first ')'), then notes,
# notes/s and the ratio to (a), the last three fields.
row() { awk -v label="$1" 'index($0, label) == 1 { print $(NF-2), $(NF-1), $NF }' "$output"; }
read -r _ reference_rate _ < <(row "(a) ")
read -r notes rate ratio < <(row "(b) ")
shape=$(awk 'index($0, "(b) ") == 1 { sub(/^\(b\) kiokud, 1 connection, /, ""); sub(/ +[0-9.]+ +[0-9.]+ +[0-9.]+$/, ""); print }' "$output")
record_result "note.add, kiokud 1 connection ($shape; $notes notes) vs SQLite alone" \
  "$rate notes/s" "$reference_rate notes/s" "$ratio" ">= 50000 notes/s" \
  "$(awk -v rate="$rate" 'BEGIN { print (rate >= 50000 ? "yes" : "NO") }')"
