#!/usr/bin/env bash
# `kioku sched replay --algorithm fsrs` over a generated history (1M reviews by default) beside
# ts-fsrs 5.4.2 replaying the same input in Node, in one hyperfine run; then checks that both
# produced the same schedule. Needs node, hyperfine, and `npm ci` in tests/reference.
# Usage: bench/replay_vs_tsfsrs.sh [BUILD_DIR] [REVIEWS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
reviews=${2:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
install_reference_packages ts-fsrs

node "$here/generate_history.mjs" "$reviews" >"$work/history.jsonl"
kioku_replay="$build_dir/bin/kioku sched replay --algorithm fsrs --timezone UTC --day-starts-at 0"
node_replay="node $here/tsfsrs_replay.mjs"
# Debian's hyperfine has no --input, so the commands redirect in its shell (a constant ~1 ms).
hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$work/replay.json" \
  -n "kioku sched replay (fsrs)" "$kioku_replay < $work/history.jsonl > /dev/null" \
  -n "ts-fsrs 5.4.2 in node" "$node_replay < $work/history.jsonl > /dev/null"

# Same schedule from both: states, intervals and dues exactly; S and D to 1e-5 relative.
$kioku_replay <"$work/history.jsonl" >"$work/kioku.jsonl"
$node_replay <"$work/history.jsonl" >"$work/node.jsonl"
node -e '
const fs = require("fs");
const a = fs.readFileSync(process.argv[1], "utf8").trim().split("\n");
const b = fs.readFileSync(process.argv[2], "utf8").trim().split("\n");
if (a.length !== b.length) throw new Error(`line counts differ: ${a.length} vs ${b.length}`);
let worst = 0;
for (let i = 0; i < a.length; i++) {
  const x = JSON.parse(a[i]), y = JSON.parse(b[i]);
  for (const k of ["state", "interval_days", "reps", "lapses"]) {
    if (x[k] !== y[k]) throw new Error(`line ${i + 1}: ${k} ${x[k]} vs ${y[k]}`);
  }
  if (Date.parse(x.due) !== Date.parse(y.due)) throw new Error(`line ${i + 1}: due ${x.due} vs ${y.due}`);
  for (const k of ["stability", "difficulty"]) worst = Math.max(worst, Math.abs(x[k] - y[k]) / Math.abs(y[k]));
}
if (worst > 1e-5) throw new Error(`S/D differ by ${worst} relative`);
console.log(`${a.length} lines agree; max relative S/D difference ${worst.toExponential(2)}`);
' "$work/kioku.jsonl" "$work/node.jsonl"

kioku_ms=$(hyperfine_mean_ms "$work/replay.json" 0)
node_ms=$(hyperfine_mean_ms "$work/replay.json" 1)
ratio=$(awk -v a="$kioku_ms" -v b="$node_ms" 'BEGIN { printf "%.2f", a / b }')
record_result "sched replay (fsrs) vs ts-fsrs, $reviews reviews" "$(printf '%.0f ms' "$kioku_ms")" \
  "$(printf '%.0f ms' "$node_ms")" "$ratio" "-" "-"
