#!/usr/bin/env bash
# Whole-process time of `kioku due --json` against a running kiokud, beside the sqlite3 CLI
# running the equivalent count query on the same collection, in one hyperfine run.
# Usage: bench/due_vs_sqlite.sh [BUILD_DIR]   (needs hyperfine and sqlite3)
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
home=$(mktemp -d)
trap 'kill "$daemon" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$home"' EXIT
mkdir -m 700 "$home/run"
export XDG_RUNTIME_DIR=$home/run XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state

# Start the daemon and wait for its readiness line on fd 3 (no sleeps).
exec 3< <("$build_dir/bin/kiokud" --ready-fd 1 2>"$home/kiokud.log" & echo $! >"$home/pid"; wait)
read -r -u 3 ready
daemon=$(cat "$home/pid")
[ "$ready" = ready ] || { cat "$home/kiokud.log"; exit 1; }

collection=$XDG_DATA_HOME/kioku/collection.sqlite
now=$(($(date +%s) * 1000))
# The same three counts due.counts makes: learning due now, reviews due now, new within 20.
query="SELECT (SELECT count(*) FROM card_state WHERE suspended = 0 AND phase IN ('learning', 'relearning') AND due_ms <= $now), (SELECT count(*) FROM card_state WHERE suspended = 0 AND phase = 'review' AND due_ms <= $now), (SELECT count(*) FROM (SELECT 1 FROM card_state WHERE suspended = 0 AND phase = 'new' LIMIT 20));"

"$build_dir/bin/kioku" due --json
sqlite3 "$collection" "$query"
hyperfine -N --warmup 50 --runs 1000 \
  -n "kioku due --json" "$build_dir/bin/kioku due --json" \
  -n "sqlite3 count" "sqlite3 $collection \"$query\""
