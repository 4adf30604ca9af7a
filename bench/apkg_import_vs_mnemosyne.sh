#!/usr/bin/env bash
# `kioku import` of a 20,000-note Anki package into a fresh collection, against Mnemosyne 2.9
# (Debian's `mnemosyne`) importing the same file into a fresh data directory, in turns (issue
# 12: kioku at least 10 times faster, at no more than a quarter of its memory).
#
# The package is made by kioku's own exporter (`kioku export --format apkg`, Anki's schema 11)
# from a generated Anki text file of basic notes, then repacked as a legacy-1 package (the
# collection as `collection.anki2`), the only kind Mnemosyne reads. The issue names npm's
# anki-apkg-export, whose sql.js heap cannot hold 20,000 notes
# (tests/fixtures/anki-generated/README.md).
#
# Mnemosyne's time is its importer's own (`../shared/tools/mnemosyne_import.py`: `do_import` and
# the database's save, not Python's or Mnemosyne's start); kioku's is the whole `kioku import`
# against a kiokud started beforehand. Memory: Mnemosyne's process peak (VmHWM) against
# kiokud's VmHWM plus the `kioku` client's.
#
# Usage: bench/apkg_import_vs_mnemosyne.sh [BUILD_DIR]   NOTES (default 20000), ROUNDS (default 3)
# Needs Mnemosyne: `apt-get install --no-install-recommends python3-munkres python3-ufolib2
# mnemosyne` (the first two answer fonttools' alternatives, whose defaults would bring Boost
# 1.74, which conflicts with kioku's 1.81). Skipped with a line when it is not installed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
build_dir=$(cd "${1:-build}" && pwd)
notes=${NOTES:-20000}
rounds=${ROUNDS:-3}
mnemosyne_tool=${KIOKU_SHARED_DIR:-$here/../../shared}/tools/mnemosyne_import.py
# Debian's Python, where Debian's Mnemosyne is (a python3 earlier on PATH may be another).
debian_python=/usr/bin/python3
if ! "$debian_python" -c 'import mnemosyne' 2>/dev/null || [ ! -f "$mnemosyne_tool" ]; then
  echo "apkg_import_vs_mnemosyne: Mnemosyne or $mnemosyne_tool is missing; skipped" >&2
  record_result "kioku import of a $notes-note .apkg vs Mnemosyne 2.9" "-" "-" "-" ">= 10x" \
    "skipped"
  exit 0
fi
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT

# Runs a command and prints its wall time in ms, its peak RSS in KiB and its output's last line.
# The peak is the process's own VmHWM, read every 2 ms while it runs: getrusage's ru_maxrss of a
# child counts the memory of the process that forked it (13.9 MB for /bin/true from Python).
measured() {
  python3 - "$@" <<'PY'
import subprocess, sys, time

def high_water_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
peak_kib = 0
while child.poll() is None:
    peak_kib = max(peak_kib, high_water_kib(child.pid))
    time.sleep(0.002)
elapsed_ms = (time.perf_counter() - start) * 1000
out, err = child.communicate()
if child.returncode != 0:
    sys.stderr.write(out + err)
    sys.exit(child.returncode)
last = (out.strip().splitlines() or [""])[-1]
print(f"{elapsed_ms:.0f} {peak_kib} {last}")
PY
}

# The package: the text file imported into a kiokud of its own, exported as an .apkg.
mkdir "$work/make"
write_anki_tsv "$work/notes.tsv" "$notes"
serve_empty_collection "$build_dir" "$work/make"
maker=("$build_dir/bin/kioku" --socket "$socket" --no-autostart --timeout 86400)
"${maker[@]}" import "$work/notes.tsv" --deck Bench --kind basic >/dev/null
"${maker[@]}" export Bench --format apkg -o "$work/exported.apkg"
stop_servers
# Mnemosyne reads only a legacy-1 package's `collection.anki2`: the same schema-11 collection
# under that name, without the `meta` entry that would name the legacy-2 file (kioku reads both).
python3 - "$work/exported.apkg" "$work/bench.apkg" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as exported, zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as package:
    for name in exported.namelist():
        if name == "meta":
            continue
        package.writestr("collection.anki2" if name == "collection.anki21" else name, exported.read(name))
PY
package_kib=$(($(stat -c %s "$work/bench.apkg") / 1024))
echo "package: $notes notes, $package_kib KiB"

kioku_times=()
kioku_peaks=()
mnemosyne_times=()
mnemosyne_peaks=()
for round in $(seq 1 "$rounds"); do
  mkdir "$work/kioku-$round"
  serve_empty_collection "$build_dir" "$work/kioku-$round"
  read -r kioku_ms client_kib _ < <(measured "$build_dir/bin/kioku" --socket "$socket" \
    --no-autostart --timeout 86400 import "$work/bench.apkg")
  daemon_kib=$(memory_kib "$SERVER_PID" VmHWM)
  cards=$("$build_dir/bin/kioku" --socket "$socket" --no-autostart --json decks |
    jq '[.[].cards] | add')
  stop_servers
  # Mnemosyne starts Qt; it needs no display for an import.
  read -r _ mnemosyne_kib mnemosyne_line < <(QT_QPA_PLATFORM=offscreen measured "$debian_python" \
    "$mnemosyne_tool" "$work/mnemosyne-$round" "$work/bench.apkg")
  mnemosyne_ms=$(awk '{ for (i = 1; i < NF; i++) if ($i == "import_s") printf "%.0f", $(i + 1) * 1000 }' \
    <<<"$mnemosyne_line")
  echo "round $round: kioku $kioku_ms ms, $cards cards, kiokud VmHWM $((daemon_kib / 1024)) MiB +" \
    "client $((client_kib / 1024)) MiB; Mnemosyne $mnemosyne_ms ms ($mnemosyne_line)," \
    "peak $((mnemosyne_kib / 1024)) MiB"
  kioku_times+=("$kioku_ms")
  kioku_peaks+=($((daemon_kib + client_kib)))
  mnemosyne_times+=("$mnemosyne_ms")
  mnemosyne_peaks+=("$mnemosyne_kib")
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
kioku_ms=$(median "${kioku_times[@]}")
mnemosyne_ms=$(median "${mnemosyne_times[@]}")
kioku_kib=$(median "${kioku_peaks[@]}")
mnemosyne_kib=$(median "${mnemosyne_peaks[@]}")
speedup=$(awk -v a="$kioku_ms" -v b="$mnemosyne_ms" 'BEGIN { printf "%.1f", b / a }')
memory_share=$(awk -v a="$kioku_kib" -v b="$mnemosyne_kib" 'BEGIN { printf "%.2f", a / b }')
record_result "kioku import of a $notes-note .apkg vs Mnemosyne 2.9 (x faster, median of $rounds)" \
  "$kioku_ms ms" "$mnemosyne_ms ms" "$speedup" ">= 10" "$(ratio_at_least "$speedup" 10)"
record_result "its peak memory: kiokud + kioku vs Mnemosyne" "$((kioku_kib / 1024)) MiB" \
  "$((mnemosyne_kib / 1024)) MiB" "$memory_share" "<= 0.25" "$(ratio_pass "$memory_share" 0.25)"
