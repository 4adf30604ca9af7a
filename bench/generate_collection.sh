#!/usr/bin/env bash
# Prints the path of a generated collection of CARDS cards (10 answers per card at most),
# generating it first unless it is already cached under BENCH_DATA (default build/bench-data).
# The cache key covers the arguments and everything the generator's output depends on
# (generator sources, schema, core scheduler sources), so a change regenerates.
# Usage: bench/generate_collection.sh BUILD_DIR CARDS [REVIEWS [GENERATOR OPTIONS...]]
# (options such as --history-days, --again-percent: kioku_generate_collection --help)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build_dir=$(cd "$1" && pwd)
cards=$2
reviews=${3:-$((cards * 10))}
shift $(($# < 3 ? $# : 3))
options=("$@")
data=${BENCH_DATA:-$root/build/bench-data}
seed=20260302
key=$( (
  cat "$root"/bench/generator/* "$root"/schema/*.sql "$root"/core/*.cpp "$root"/core/*.hpp
  echo "${options[*]}"
) | sha256sum | cut -c1-12)
directory=$data/cards-$cards-reviews-$reviews-seed-$seed-$key
if [ ! -f "$directory/collection.sqlite" ]; then
  mkdir -p "$directory"
  echo "bench: generating $cards cards, up to $reviews reviews in $directory" >&2
  TZ=UTC "$build_dir/bench/kioku_generate_collection" "$directory/collection.sqlite" \
    --cards "$cards" --reviews "$reviews" --seed "$seed" "${options[@]}" >&2
  # Older generations of the same size are stale now.
  for stale in "$data"/cards-"$cards"-reviews-"$reviews"-*; do
    [ "$stale" = "$directory" ] || rm -rf "$stale"
  done
fi
echo "$directory/collection.sqlite"
