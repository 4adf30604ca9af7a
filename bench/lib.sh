# Shared by the bench/*.sh scripts (source it): starting and stopping servers with a readiness
# line, reading a process's memory, and recording one row of the `make bench` table.

# Every server start_server started, for stop_servers.
started_servers=()

# Starts "$@" (a server that writes "ready" to its stdout once it accepts clients) and waits for
# that line without sleeping. Sets SERVER_PID. $1 is a directory for its pid and log files.
start_server() {
  local work=$1
  shift
  local pid_file
  pid_file=$(mktemp "$work/pid.XXXXXX")
  local log=$pid_file.log
  exec {ready_fd}< <("$@" 2>"$log" & echo $! >"$pid_file"; wait)
  local ready=""
  read -r -u "$ready_fd" ready || true
  exec {ready_fd}<&-
  SERVER_PID=$(cat "$pid_file")
  started_servers+=("$SERVER_PID")
  if [ "$ready" != ready ]; then
    echo "bench: $1 did not start:" >&2
    cat "$log" >&2
    return 1
  fi
}

stop_server() {
  kill "$1" 2>/dev/null || true
  while kill -0 "$1" 2>/dev/null; do wait "$1" 2>/dev/null || true; done
}

# Stops every server start_server started; for the scripts' EXIT trap.
stop_servers() {
  local pid
  for pid in "${started_servers[@]}"; do stop_server "$pid"; done
}

# For the scripts whose answers change the collection: copies COLLECTION to WORK/data (kiokud's
# data directory then) and sets `collection` to the copy. The copy is written back to disk
# first, or its writeback would slow the answers' fsyncs. Usage: copy_collection COLLECTION WORK
copy_collection() {
  mkdir "$2/data"
  cp --reflink=auto "$1" "$2/data/collection.sqlite"
  sync "$2/data/collection.sqlite"
  collection=$2/data/collection.sqlite
}

# Starts BUILD_DIR's kiokud serving COLLECTION (a generated collection.sqlite, whose directory
# becomes kiokud's data directory) on SOCKET, its clock set to the collection's "now". Sets
# SERVER_PID. kiokud's automatic backups are off: the one a start makes copies the whole file on
# kiokud's worker thread (12 s for the 1M-card collection), beside every request measured then.
# Further arguments go to kiokud.
# Usage: start_kiokud_on_collection BUILD_DIR WORK SOCKET COLLECTION [KIOKUD_ARGUMENT...]
start_kiokud_on_collection() {
  local build_dir=$1 work=$2 socket=$3 collection=$4
  shift 4
  start_server "$work" "$build_dir/bin/kiokud" --ready-fd 1 --socket "$socket" \
    --data-dir "$(dirname "$collection")" --no-bundled-decks --backups-daily 0 --backups-weekly 0 \
    --clock-start "$(collection_now_seconds "$collection")" "$@"
}

# Makes WORK the XDG home of the kioku and kiokud started after it (runtime, data and state
# directories under WORK) and sets `socket` to kiokud's socket there. Usage: use_temporary_home WORK
use_temporary_home() {
  mkdir -m 700 "$1/run"
  export XDG_RUNTIME_DIR=$1/run XDG_DATA_HOME=$1/data XDG_STATE_HOME=$1/state
  socket=$1/run/kiokud.sock
}

# Starts BUILD_DIR's kiokud on a new, empty collection in a temporary home under WORK (no bundled
# deck, no automatic backups). Sets socket and SERVER_PID. Usage: serve_empty_collection BUILD_DIR WORK
serve_empty_collection() {
  use_temporary_home "$2"
  start_server "$2" "$1/bin/kiokud" --ready-fd 1 --socket "$socket" --no-bundled-decks \
    --backups-daily 0 --backups-weekly 0
}

# For the scripts that read the due counts of a running kiokud: starts BUILD_DIR's kiokud in a
# fresh XDG home under WORK, serving COLLECTION when one is given (its clock at the collection's
# "now") or else a new collection with the bundled deck. Sets socket, collection (the file kiokud
# serves) and clock_offset_ms (the kiokud clock minus the wall clock).
# Usage: serve_collection_or_bundled_deck BUILD_DIR WORK [COLLECTION]
serve_collection_or_bundled_deck() {
  local build_dir=$1 work=$2
  collection=${3:-}
  use_temporary_home "$work"
  clock_offset_ms=0
  if [ -n "$collection" ]; then
    collection=$(cd "$(dirname "$collection")" && pwd)/$(basename "$collection")
    clock_offset_ms=$(($(collection_now_seconds "$collection") * 1000 - $(date +%s%3N)))
    start_kiokud_on_collection "$build_dir" "$work" "$socket" "$collection"
  else
    collection=$XDG_DATA_HOME/kioku/collection.sqlite
    start_server "$work" "$build_dir/bin/kiokud" --ready-fd 1 --socket "$socket"
  fi
}

# Writes an Anki text export of ROWS basic notes to FILE: front, back and tags, tab-separated.
# Usage: write_anki_tsv FILE ROWS
write_anki_tsv() {
  awk -v rows="$2" 'BEGIN {
    for (i = 1; i <= rows; i++) printf "front of note %d\tback of note %d, its answer\tbench\n", i, i
  }' >"$1"
}

# A kiokud on an empty collection in WORK holding ROWS notes of a write_anki_tsv file, imported
# through `kioku`, which it defines (talking to that kiokud). Sets what serve_empty_collection
# sets. Usage: serve_imported_tsv BUILD_DIR WORK ROWS
serve_imported_tsv() {
  write_anki_tsv "$2/notes.tsv" "$3"
  serve_empty_collection "$1" "$2"
  kioku_build_dir=$1
  kioku() { "$kioku_build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400 "$@"; }
  kioku import "$2/notes.tsv" --deck Bench --kind basic --columns front,back,tags >/dev/null
}

# A field of /proc/PID/status (VmRSS, VmHWM) in KiB.
memory_kib() {
  awk -v field="$2:" '$1 == field { print $2 }' "/proc/$1/status"
}

# The instant a generated collection treats as now, in Unix seconds (bench/generator).
collection_now_seconds() {
  echo $(($(sqlite3 "$1" "SELECT value FROM collection_meta WHERE key = 'bench_now_ms'") / 1000))
}

# Appends a row to $BENCH_RESULTS (when set): benchmark, kioku, reference, ratio, target, pass.
record_result() {
  [ -n "${BENCH_RESULTS:-}" ] || return 0
  local IFS=$'\t'
  echo "$*" >>"$BENCH_RESULTS"
}

# "yes" when ratio $1 is at most $2, else "NO".
ratio_pass() {
  awk -v ratio="$1" -v limit="$2" 'BEGIN { print (ratio <= limit ? "yes" : "NO") }'
}

# "yes" when ratio $1 is at least $2, else "NO".
ratio_at_least() {
  awk -v ratio="$1" -v limit="$2" 'BEGIN { print (ratio >= limit ? "yes" : "NO") }'
}

# The mean of hyperfine's JSON export for command number $2 (0-based), in milliseconds.
hyperfine_mean_ms() {
  jq -r ".results[$2].mean * 1000" "$1"
}

# The same counts due.counts makes, deck by deck (daemon/methods/review_queue.cpp), leaving out
# suspended cards and cards buried until a later day: intraday learning cards due now; then,
# within the review limit left today (200 minus today's reviews, interday learning answers and
# new cards), interday learning cards due now, then reviews due by the end of today; new cards
# up to the new cards left today and what the review limit still has room for; and the
# earliest due time of any learning or review card, one min() per phase, a buried one counting
# from tomorrow's start. "Now" is kiokud's clock (the real one shifted to the collection's
# present, to within a few ms). Today's allowances are read here, outside the timed query;
# decks use the default limits (20 new, 200 reviews a day), as generated collections and the
# bundled deck do. Prints the query (columns new|learning|review|total|next_due_ms).
# Usage: due_counts_query COLLECTION CLOCK_OFFSET_MS
due_counts_query() {
  local collection=$1 clock_offset_ms=$2
  local now_ms day tomorrow_start review_bound learning_bound deck new_today reviews_today
  local interday_today live live_due review_left new_left counts capped next_due union
  local deck_queries=()
  now_ms=$(($(date +%s%3N) + clock_offset_ms))
  day=$(((now_ms - 4 * 3600000) / 86400000))  # TZ=UTC, days start at 04:00
  tomorrow_start=$(((day + 1) * 86400000 + 4 * 3600000))
  review_bound=$((tomorrow_start - 1))
  learning_bound="(CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) + $clock_offset_ms)"
  while IFS='|' read -r deck new_today reviews_today interday_today; do
    # card_state_deck_due holds only cards that are not new, and SQLite reads it only for a
    # query that says so (schema 15).
    live="card_state WHERE deck_id = $deck AND suspended = 0 AND buried_until_day <= $day AND phase"
    live_due="$live <> 'new' AND phase"
    review_left=$((200 - reviews_today - interday_today - new_today))
    review_left=$((review_left < 0 ? 0 : review_left))
    new_left=$((new_today >= 20 ? 0 : 20 - new_today))
    counts="SELECT (SELECT count(*) FROM $live_due IN ('learning', 'relearning') AND due_ms <= $learning_bound AND interday = 0) AS intraday, (SELECT count(*) FROM (SELECT 1 FROM $live_due IN ('learning', 'relearning') AND due_ms <= $learning_bound AND interday = 1 LIMIT $review_left)) AS interday, (SELECT count(*) FROM (SELECT 1 FROM $live_due = 'review' AND due_ms <= $review_bound LIMIT $review_left)) AS review_uncapped, (SELECT count(*) FROM (SELECT 1 FROM $live = 'new' LIMIT $new_left)) AS new_uncapped"
    capped="SELECT intraday, interday, min(review_uncapped, max(0, $review_left - interday)) AS review, new_uncapped FROM ($counts)"
    next_due="SELECT min(due) FROM (SELECT min(due_ms) AS due FROM $live_due = 'learning' UNION ALL SELECT min(due_ms) FROM $live_due = 'relearning' UNION ALL SELECT min(due_ms) FROM $live_due = 'review' UNION ALL SELECT max(min(due_ms), $tomorrow_start) FROM card_state WHERE deck_id = $deck AND buried_until_day > 0 AND buried_until_day > $day AND suspended = 0 AND phase <> 'new')"
    deck_queries+=("SELECT intraday + interday AS learning, review, min(new_uncapped, max(0, $review_left - interday - review)) AS new, ($next_due) AS next_due FROM ($capped)")
  done < <(sqlite3 "$collection" "SELECT d.id, coalesce(s.new_cards, 0), coalesce(s.review_answers, 0), coalesce(s.interday_answers, 0) FROM decks d LEFT JOIN daily_stats s ON s.deck_id = d.id AND s.day = $day ORDER BY d.id")
  union=$(printf ' UNION ALL %s' "${deck_queries[@]}")
  echo "SELECT sum(new), sum(learning), sum(review), sum(new + learning + review), min(next_due) FROM (${union# UNION ALL });"
}

# The npm packages of tests/reference (ts-fsrs, supermemo, fsrs-rs's binding), unless
# node_modules has package $1 already. `npm ci` first; npm 11 refuses the lock, which leaves out
# the binding's packages for other platforms (the registry's own lock for this one does too), so
# then an install that reads the lock and does not write it.
install_reference_packages() {
  local reference
  reference=$(dirname "${BASH_SOURCE[0]}")/../tests/reference
  [ -d "$reference/node_modules/$1" ] && return 0
  (cd "$reference" && { npm ci --silent 2>/dev/null || npm install --no-save --silent; })
}

# The reads of reads_beside_*.sh: due.counts, review.next and stats.summary in turn on one
# connection to $socket (read_latency_probe.py), alone and then beside the work a script times.
bench_directory=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
probe_reads() { python3 "$bench_directory/read_latency_probe.py" "$socket" "$@"; }

# The reads alone for BASELINE_SECONDS (default 5), into WORK/alone.tsv, and shown.
# Usage: time_reads_alone WORK
time_reads_alone() {
  echo "reads alone for ${BASELINE_SECONDS:-5} s:"
  probe_reads --seconds "${BASELINE_SECONDS:-5}" | tee "$1/alone.tsv"
}

# Reads until stop_reads_beside, into WORK/beside.tsv. Usage: start_reads_beside WORK
start_reads_beside() {
  probe_reads --until-file "$1/reads-done" >"$1/beside.tsv" &
  reads_probe_pid=$!
}
stop_reads_beside() {
  touch "$1/reads-done"
  wait "$reads_probe_pid"
}

# Shows the reads beside the work (WHAT names it), and records the worst p99 of the three
# methods beside it against alone, held to 50 ms. Usage: record_reads_beside WORK WHAT BENCHMARK
record_reads_beside() {
  local work=$1 what=$2 benchmark=$3
  echo "reads beside $what:"
  cat "$work/beside.tsv"
  local worst='BEGIN { worst = 0 } $4 > worst { worst = $4 } END { print worst }'
  local alone beside ratio
  alone=$(awk -F'\t' "$worst" "$work/alone.tsv")
  beside=$(awk -F'\t' "$worst" "$work/beside.tsv")
  ratio=$(awk -v a="$beside" -v b="$alone" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  echo "worst p99: $beside ms beside $what, $alone ms alone (ratio $ratio)"
  record_result "$benchmark" "$beside ms" "$alone ms" "$ratio" "<= 50 ms" \
    "$(awk -v t="$beside" 'BEGIN { print (t <= 50) ? "yes" : "NO" }')"
}
