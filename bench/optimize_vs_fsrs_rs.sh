#!/usr/bin/env bash
# `kioku sched optimize` beside fsrs-rs 6.5 (npm @open-spaced-repetition/binding 0.5.0) on the
# same generated history, in one hyperfine run; then both fits scored by fsrs-rs's own
# `evaluate`. Issue 16's targets: kioku's log loss within 0.5 % of fsrs-rs's, its whole command at
# most fsrs-rs's time. Needs node, hyperfine, jq, and `npm ci` in tests/reference.
# Usage: bench/optimize_vs_fsrs_rs.sh [BUILD_DIR] [REVIEWS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
reviews=${2:-50000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
install_reference_packages @open-spaced-repetition/binding

node "$here/generate_history.mjs" "$reviews" >"$work/history.jsonl"
kioku_fit="$build_dir/bin/kioku --json sched optimize --timezone UTC --day-starts-at 0 --history"
node_fit="node $here/fsrs_rs_optimize.mjs fit"
hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$work/optimize.json" \
  -n "kioku sched optimize" "$kioku_fit $work/history.jsonl > /dev/null" \
  -n "fsrs-rs computeParameters in node" "$node_fit < $work/history.jsonl > /dev/null"

$kioku_fit "$work/history.jsonl" >"$work/kioku.json"
$node_fit <"$work/history.jsonl" >"$work/fsrs-rs.json"
node "$here/fsrs_rs_optimize.mjs" score "$work/kioku.json" "$work/fsrs-rs.json" \
  <"$work/history.jsonl" >"$work/scores.json"
items=$(jq -r '.items' "$work/kioku.json")
kioku_loss=$(jq -r '.scores[0].log_loss' "$work/scores.json")
rs_loss=$(jq -r '.scores[1].log_loss' "$work/scores.json")
echo "items: kioku $items, fsrs-rs $(jq -r '.items' "$work/fsrs-rs.json"); log loss by fsrs-rs's" \
  "evaluate: kioku $kioku_loss, fsrs-rs $rs_loss"

kioku_ms=$(hyperfine_mean_ms "$work/optimize.json" 0)
node_ms=$(hyperfine_mean_ms "$work/optimize.json" 1)
ratio=$(awk -v a="$kioku_ms" -v b="$node_ms" 'BEGIN { printf "%.2f", a / b }')
record_result "sched optimize vs fsrs-rs, $items items: time" "$(printf '%.0f ms' "$kioku_ms")" \
  "$(printf '%.0f ms' "$node_ms")" "$ratio" "<= 1.00" "$(ratio_pass "$ratio" 1.00)"
loss_ratio=$(awk -v a="$kioku_loss" -v b="$rs_loss" 'BEGIN { printf "%.4f", a / b }')
record_result "sched optimize vs fsrs-rs: log loss (fsrs-rs evaluate)" \
  "$(printf '%.5f' "$kioku_loss")" "$(printf '%.5f' "$rs_loss")" "$loss_ratio" "<= 1.005" \
  "$(ratio_pass "$loss_ratio" 1.005)"
