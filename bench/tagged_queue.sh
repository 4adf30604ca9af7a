#!/usr/bin/env bash
# review.next and due.counts with a tag on a collection of ROWS (default 1,000,000) basic notes in
# one deck, on kiokud's thread, where every other client waits behind them (docs/decisions.md,
# "Session 43"): a tag no card has, a rare tag spread through the deck (one note in 1,000), a
# rare tag on the deck's last 500 notes, a tag of one note in 20, and a tag every note has;
# then the first review.next with the last tag after a note's tags changed
# (bench/tagged_queue_probe.py).
# Usage: bench/tagged_queue.sh [BUILD_DIR]
# KEEP=FILE keeps the imported collection in FILE; COLLECTION=FILE starts on a copy of such a
# file instead of importing again. ANSWERS (default 20) answers are given for each tag.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
rows=${ROWS:-1000000}
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

use_temporary_home "$work"
if [ -n "${COLLECTION:-}" ]; then
  mkdir -p "$XDG_DATA_HOME/kioku"
  cp "$COLLECTION" "$XDG_DATA_HOME/kioku/collection.sqlite"
  sync "$XDG_DATA_HOME/kioku/collection.sqlite"
fi
start_server "$work" "$build_dir/bin/kiokud" --ready-fd 1 --socket "$socket" --no-bundled-decks \
  --backups-daily 0 --backups-weekly 0
if [ -z "${COLLECTION:-}" ]; then
  file=$work/notes.tsv
  awk -v rows="$rows" 'BEGIN {
    for (i = 1; i <= rows; i++) {
      tags = "bench"
      if (i % 20 == 0) tags = tags " twentieth"
      if (i % 1000 == 0) tags = tags " thousandth"
      if (i > rows - 500) tags = tags " last500"
      printf "front of note %d\tback of note %d, its answer\t%s\n", i, i, tags
    }
  }' >"$file"
  "$build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400 \
    import "$file" --deck Bench --kind basic --columns front,back,tags >/dev/null
  if [ -n "${KEEP:-}" ]; then
    "$build_dir/bin/kioku" --socket "$socket" --no-autostart daemon stop >/dev/null
    while kill -0 "$SERVER_PID" 2>/dev/null; do sleep 0.1; done
    cp "$XDG_DATA_HOME/kioku/collection.sqlite" "$KEEP"
    start_server "$work" "$build_dir/bin/kiokud" --ready-fd 1 --socket "$socket" \
      --no-bundled-decks --backups-daily 0 --backups-weekly 0
  fi
fi
python3 "$here/tagged_queue_probe.py" "$socket" "${ANSWERS:-20}" \
  nosuchtag thousandth last500 twentieth bench
