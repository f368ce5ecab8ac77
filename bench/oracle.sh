#!/usr/bin/env bash
# The backtracking oracle against m-queens (github.com/sudden6/m-queens, a C bitboard counter
# with the left-right mirror and OpenMP): wall seconds, medians of RUNS, for
# `nqueens count N --backend backtrack --threads 1` (eight-fold symmetry) and `m-queens N`
# built without OpenMP, taken in turn, N in $SIZES (16 17 18); then one line on both cores
# at $BOTH_N (17):
# `--threads 2` against m-queens built with -fopenmp.
# m-queens is GPL-3.0 and not part of this repository: build it yourself (`gcc -O2
# -march=native -std=c99 main.c`, and again with -fopenmp) and pass the binaries' paths.
# Usage: bench/oracle.sh [MQUEENS] [RUNS] [MQUEENS_OMP]   (or MQUEENS=..., MQUEENS_OMP=...)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
MQ=${1:-${MQUEENS:-}}
RUNS=${2:-3}
MQ_OMP=${3:-${MQUEENS_OMP:-}}
SIZES=${SIZES:-16 17 18}
BOTH_N=${BOTH_N:-17}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
NQ=target/release/nqueens
if [ -z "$MQ" ] || [ ! -x "$MQ" ]; then
  echo "m-queens binary not given or not executable ('$MQ'): timing nqueens alone" >&2
  MQ=
fi
if [ -z "$MQ_OMP" ] || [ ! -x "$MQ_OMP" ]; then
  echo "m-queens-omp binary not given or not executable ('$MQ_OMP'): nqueens alone on both cores" >&2
  MQ_OMP=
fi

# Wall seconds of one run of the command; fails when it does not print `want` (`ok`, `PASS`).
checked() {
  local want=$1; shift
  timed "$@"
  grep -q "$want" "$OUT/last" || { echo "wrong or no count from: $*" >&2; exit 1; }
}

# One table row: RUNS runs of ours and of the peer, taken in turn (the load on a shared
# machine drifts; alternating spreads it over both), and their medians.
row() {
  local n=$1 threads=$2 peer=$3 ours theirs=- ratio=-
  local want
  want="A000170: $(a000170 "$n") ok"
  : > "$OUT/ours"; : > "$OUT/theirs"
  for _ in $(seq "$RUNS"); do
    checked "$want" "$NQ" count "$n" --backend backtrack --threads "$threads" --force >> "$OUT/ours"
    if [ -n "$peer" ]; then checked PASS "$peer" "$n" >> "$OUT/theirs"; fi
  done
  ours=$(median < "$OUT/ours")
  if [ -n "$peer" ]; then
    theirs=$(median < "$OUT/theirs")
    ratio=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.2fx", a / b }')
  fi
  echo "| $n | $threads | $ours | $theirs | $ratio |"
}

echo "| n | threads | nqueens backtrack (s) | m-queens (s) | m-queens / nqueens |"
echo "|---|---|---|---|---|"
for n in $SIZES; do row "$n" 1 "$MQ"; done
row "$BOTH_N" 2 "$MQ_OMP"
