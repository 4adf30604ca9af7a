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

# Starts BUILD_DIR's kiokud serving COLLECTION (a generated collection.sqlite, whose directory
# becomes kiokud's data directory) on SOCKET, its clock set to the collection's "now". Sets
# SERVER_PID. Usage: start_kiokud_on_collection BUILD_DIR WORK SOCKET COLLECTION
start_kiokud_on_collection() {
  local build_dir=$1 work=$2 socket=$3 collection=$4
  start_server "$work" "$build_dir/bin/kiokud" --ready-fd 1 --socket "$socket" \
    --data-dir "$(dirname "$collection")" --no-bundled-decks \
    --clock-start "$(collection_now_seconds "$collection")"
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
