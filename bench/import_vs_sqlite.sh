#!/usr/bin/env bash
# The whole `kioku import` of a generated Anki text file of basic notes (one card each) into a
# fresh kiokud, against the floor: sqlite3's `.import` of the same file into a bare table, in
# the same run. Also kiokud's peak memory (VmHWM) over the import. Adds two rows to the
# `make bench` table (issue 12's targets: at most 2x the floor, at most 64 MiB).
# Usage: bench/import_vs_sqlite.sh [BUILD_DIR]   (it makes its own file and collection)
# ROWS (default 1000000) sets how many notes the file has.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
rows=${ROWS:-1000000}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

file=$work/notes.tsv
write_anki_tsv "$file" "$rows"
echo "file: $rows notes, $(du -h "$file" | cut -f1)"

now_ms() { date +%s%3N; }

# The floor: the same rows into a table with no index, as sqlite3 imports a TSV (one
# transaction, the default synchronous=FULL of a new file).
start=$(now_ms)
sqlite3 "$work/floor.sqlite" "CREATE TABLE notes (front TEXT, back TEXT, tags TEXT)" \
  ".mode tabs" ".import $file notes"
floor_ms=$(($(now_ms) - start))
echo "sqlite3 .import: $floor_ms ms ($(sqlite3 "$work/floor.sqlite" "SELECT count(*) FROM notes") rows)"

serve_empty_collection "$build_dir" "$work"
start=$(now_ms)
"$build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400 import "$file" \
  --deck Bench --kind basic --columns front,back,tags
import_ms=$(($(now_ms) - start))
peak_kib=$(memory_kib "$SERVER_PID" VmHWM)
echo "kioku import: $import_ms ms, kiokud VmHWM $((peak_kib / 1024)) MiB"

ratio=$(awk -v a="$import_ms" -v b="$floor_ms" 'BEGIN { printf "%.2f", a / b }')
echo "ratio: $ratio"
record_result "kioku import of a $rows-note Anki TSV vs sqlite3 .import" \
  "$import_ms ms" "$floor_ms ms" "$ratio" "<= 2" "$(ratio_pass "$ratio" 2)"
record_result "kiokud VmHWM importing a $rows-note Anki TSV" "$((peak_kib / 1024)) MiB" "-" "-" \
  "<= 64 MiB" "$(awk -v k="$peak_kib" 'BEGIN { print (k <= 64 * 1024) ? "yes" : "NO" }')"
