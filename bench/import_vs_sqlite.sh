#!/usr/bin/env bash
# The whole `kioku import` of a generated Anki text file of basic notes (one card each) into a
# fresh kiokud, against the floor: sqlite3's `.import` of the same file into a bare table, in
# the same run. Also kiokud's peak memory (VmHWM) over the import, and SQLite alone copying the
# rows the import wrote into kioku's schema (the schema's own share of the time). Adds three rows
# to the `make bench` table (issue 12's targets: at most 2x the floor, at most 64 MiB).
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
collection_dir=$XDG_DATA_HOME/kioku
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

# What kioku's schema costs alone: SQLite copying the rows this import wrote (the deck, and a
# notes, a cards and a card_state row per note, with their indexes) into an empty collection of
# the same schema, in one transaction (WAL, synchronous=FULL and foreign keys unenforced, as on
# kiokud's import connection), by INSERT ... SELECT: no parsing and no statement per row. The
# part of the import's time above this is kioku's own; the part of this above the floor is the
# schema's.
stop_servers
started_servers=()
imported=$collection_dir/collection.sqlite

# The bytes each side wrote: the import's collection (its rows and their indexes, as SQLite
# counts its pages) against the floor's file. SQLite's time goes with the pages it fills, so
# this ratio is about what the time's can come down to with this schema.
database_bytes() { sqlite3 "$1" "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size"; }
floor_bytes=$(database_bytes "$work/floor.sqlite")
imported_bytes=$(database_bytes "$imported")
bytes_ratio=$(awk -v a="$imported_bytes" -v b="$floor_bytes" 'BEGIN { printf "%.2f", a / b }')
echo "bytes: kioku's collection $((imported_bytes / 1048576)) MiB, the floor's $((floor_bytes / 1048576)) MiB (ratio $bytes_ratio)"
record_result "the import's collection vs .import's file, bytes" "$((imported_bytes / 1048576)) MiB" \
  "$((floor_bytes / 1048576)) MiB" "$bytes_ratio" "-" "-"
mkdir "$work/empty"
serve_empty_collection "$build_dir" "$work/empty"
empty=$XDG_DATA_HOME/kioku/collection.sqlite
stop_servers
start=$(now_ms)
sqlite3 "$empty" "PRAGMA journal_mode = WAL" "PRAGMA synchronous = FULL" \
  "PRAGMA foreign_keys = OFF" "ATTACH '$imported' AS imported" "BEGIN" \
  "INSERT INTO decks SELECT * FROM imported.decks" \
  "INSERT INTO notes SELECT * FROM imported.notes" \
  "INSERT INTO cards SELECT * FROM imported.cards" \
  "INSERT INTO card_state SELECT * FROM imported.card_state" "COMMIT" >/dev/null
schema_ms=$(($(now_ms) - start))
schema_ratio=$(awk -v a="$schema_ms" -v b="$floor_ms" 'BEGIN { printf "%.2f", a / b }')
echo "SQLite alone filling kioku's schema with the same rows: $schema_ms ms (ratio $schema_ratio)"
record_result "the same rows into kioku's schema by SQLite alone (INSERT ... SELECT) vs .import" \
  "$schema_ms ms" "$floor_ms ms" "$schema_ratio" "-" "-"
record_result "kiokud VmHWM importing a $rows-note Anki TSV" "$((peak_kib / 1024)) MiB" "-" "-" \
  "<= 64 MiB" "$(awk -v k="$peak_kib" 'BEGIN { print (k <= 64 * 1024) ? "yes" : "NO" }')"
