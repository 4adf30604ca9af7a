#!/usr/bin/env bash
# Whole-process `kioku stats --json` (and `--html`) against a kiokud serving a generated
# collection, beside the sqlite3 CLI running the plain GROUP BY over the review log that
# computes the true-retention table (issue 14: kioku at least 10 times faster, and within 50 ms),
# in one hyperfine run; then the daemon's peak memory (VmHWM) after serving them.
# Usage: bench/stats_vs_sqlite.sh BUILD_DIR COLLECTION   (needs hyperfine, sqlite3 and jq)
# RUNS (default 10) sets hyperfine's runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "$1" && pwd)
export TZ=UTC
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
serve_collection_or_bundled_deck "$build_dir" "$work" "$2"
daemon_pid=$SERVER_PID

kioku=("$build_dir/bin/kioku" --socket "$socket" --no-autostart)
today=$("${kioku[@]}" stats --json | jq -r '.today.date')
today_day=$(($(date -u -d "$today" +%s) / 86400))
# The true-retention table's rows (today, yesterday, 7, 30, 365 days, older) by maturity and
# pass, over the answers that count (not cram, review kind), as one GROUP BY over the log.
query="SELECT CASE WHEN day = $today_day THEN 0 WHEN day = $today_day - 1 THEN 1"
query+=" WHEN day > $today_day - 7 THEN 2 WHEN day > $today_day - 30 THEN 3"
query+=" WHEN day > $today_day - 365 THEN 4 ELSE 5 END AS period,"
query+=" interval_before_days >= 21 AS mature, rating > 1 AS passed, count(*)"
query+=" FROM revlog WHERE cram = 0 AND phase_before = 'review' AND day <= $today_day"
query+=" GROUP BY 1, 2, 3"
answers=$(sqlite3 "$collection" "SELECT count(*) FROM revlog")
cards=$(sqlite3 "$collection" "SELECT count(*) FROM cards")

# Both count the same mature reviews of all time (kioku's true retention also counts learning
# answers that waited a day, which the plain query cannot see; its mature column can).
kioku_mature=$("${kioku[@]}" stats --json --period all |
  jq -r '.true_retention.all_time.mature | .passed + .failed')
sqlite_mature=$(sqlite3 "$collection" "SELECT sum(c) FROM (SELECT interval_before_days >= 21 AS m,
  count(*) AS c FROM revlog r WHERE cram = 0 AND phase_before = 'review' AND day <= $today_day
  AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) GROUP BY 1) WHERE m")
echo "mature reviews of all time: kioku $kioku_mature, sqlite3 $sqlite_mature ($answers answers, $cards cards)"
if [ "$kioku_mature" != "$sqlite_mature" ]; then
  echo "stats_vs_sqlite: kioku and sqlite3 disagree" >&2
  exit 1
fi

printf -v json_command '%q ' "${kioku[@]}" stats --json
printf -v html_command '%q ' "${kioku[@]}" stats --html "$work/report.html"
printf -v sqlite_command '%q ' sqlite3 "$collection" "$query"
hyperfine -N --warmup 3 --runs "${RUNS:-10}" --export-json "$work/stats.json" \
  -n "kioku stats --json" "$json_command" -n "kioku stats --html" "$html_command" \
  -n "sqlite3 true retention" "$sqlite_command"

json_ms=$(hyperfine_mean_ms "$work/stats.json" 0)
html_ms=$(hyperfine_mean_ms "$work/stats.json" 1)
sqlite_ms=$(hyperfine_mean_ms "$work/stats.json" 2)
speedup=$(awk -v a="$json_ms" -v b="$sqlite_ms" 'BEGIN { printf "%.1f", b / a }')
record_result "stats --json vs sqlite3 GROUP BY, $answers answers (x faster)" \
  "$(printf '%.1f ms' "$json_ms")" "$(printf '%.1f ms' "$sqlite_ms")" "$speedup" ">= 10" \
  "$(ratio_at_least "$speedup" 10)"
record_result "stats --json, $answers answers, whole process" "$(printf '%.1f ms' "$json_ms")" \
  "-" "-" "<= 50 ms" "$(awk -v t="$json_ms" 'BEGIN { print (t <= 50) ? "yes" : "NO" }')"
record_result "stats --html, $answers answers, whole process" "$(printf '%.1f ms' "$html_ms")" \
  "$(printf '%.1f ms' "$sqlite_ms")" \
  "$(awk -v a="$html_ms" -v b="$sqlite_ms" 'BEGIN { printf "%.1f", b / a }')" "-" "-"
hwm_kib=$(memory_kib "$daemon_pid" VmHWM)
echo "kiokud VmHWM after the reports: $((hwm_kib / 1024)) MiB"
record_result "kiokud VmHWM serving stats, $answers answers" "$((hwm_kib / 1024)) MiB" "-" "-" \
  "<= 32 MiB" "$( [ "$hwm_kib" -le $((32 * 1024)) ] && echo yes || echo NO)"
