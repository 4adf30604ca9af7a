# Shared by the bench/*.sh scripts (source it): starting servers with a readiness line, reading
# a process's memory, and recording one row of the `make bench` table.

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

# The mean of hyperfine's JSON export for command number $2 (0-based), in milliseconds.
hyperfine_mean_ms() {
  jq -r ".results[$2].mean * 1000" "$1"
}
