#!/usr/bin/env bash
# kiokud's memory serving a collection, idle: VmRSS and VmHWM from /proc/PID/status once it
# is ready, and again after one due.counts (which reads every deck's indices). Target: at most
# 16 MiB on a 1M-card collection. The collection is only read.
# Usage: bench/daemon_rss.sh BUILD_DIR COLLECTION
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "$1" && pwd)
collection=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
export TZ=UTC
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
socket=$work/kiokud.sock
start_kiokud_on_collection "$build_dir" "$work" "$socket" "$collection"
daemon=$SERVER_PID
started_rss=$(memory_kib "$daemon" VmRSS)
started_hwm=$(memory_kib "$daemon" VmHWM)
"$build_dir/bin/kioku" --socket "$socket" --no-autostart due --json >/dev/null
counted_rss=$(memory_kib "$daemon" VmRSS)
counted_hwm=$(memory_kib "$daemon" VmHWM)
cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")
echo "kiokud on $cards cards: started VmRSS ${started_rss} KiB (VmHWM ${started_hwm});" \
  "after due.counts VmRSS ${counted_rss} KiB (VmHWM ${counted_hwm})"
mib=$(awk -v kib="$counted_hwm" 'BEGIN { printf "%.1f", kib / 1024 }')
ratio=$(awk -v kib="$counted_hwm" 'BEGIN { printf "%.2f", kib / 1024 / 16 }')
record_result "kiokud idle VmHWM, $cards cards" "$mib MiB" "16 MiB" "$ratio" "<= 1.00" \
  "$(ratio_pass "$ratio" 1.00)"
