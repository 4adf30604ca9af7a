#!/usr/bin/env bash
# kiokud's peak memory (VmHWM) importing a generated kioku TOML deck of 100,000 basic notes
# (about 13 MB, under the 16 MiB deck file limit) into a fresh collection, and its memory
# after. Issue 12's target: at most 128 MiB (it peaked at 326 MB before the importers were
# reworked, and kept it).
# Usage: bench/toml_import_memory.sh [BUILD_DIR]   NOTES (default 100000) sets the deck's size.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
notes=${NOTES:-100000}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

deck=$work/big.toml
awk -v notes="$notes" 'BEGIN {
  printf "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"big\"\nname.en = \"Big\"\n"
  for (i = 0; i < notes; i++) {
    printf "\n[[notes]]\nid = \"n%d\"\nkind = \"basic\"\n", i
    printf "front.en = \"question %d about something\"\nback.en = \"answer %d, with its explanation\"\n", i, i
  }
}' >"$deck"
echo "deck: $notes notes, $(du -h "$deck" | cut -f1)"

serve_empty_collection "$build_dir" "$work"
start=$(date +%s%3N)
"$build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400 import "$deck"
import_ms=$(($(date +%s%3N) - start))
peak_kib=$(memory_kib "$SERVER_PID" VmHWM)
after_kib=$(memory_kib "$SERVER_PID" VmRSS)
echo "kioku import: $import_ms ms; kiokud VmHWM $((peak_kib / 1024)) MiB, VmRSS after $((after_kib / 1024)) MiB"
record_result "kiokud VmHWM importing a $notes-note TOML deck ($import_ms ms)" \
  "$((peak_kib / 1024)) MiB" "-" "-" "<= 128 MiB" \
  "$(awk -v k="$peak_kib" 'BEGIN { print (k <= 128 * 1024) ? "yes" : "NO" }')"
