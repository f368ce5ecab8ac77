#!/bin/bash
# Weighted counts, two builds side by side (issue 34, item 3): each file counted by BASE
# and NEW in turn, REPS times, timeout 40 s; prints file, build, exit code, seconds.
#   BASE=old/nqueens NEW=target/release/nqueens bash bench/weighted-ab.sh 3 mc2022_track2_*.cnf
# (files gunzipped from ../shared/bench/mc2022-public-weighted/). Outputs land in $OUT.
R=$1; shift
: "${BASE:?BASE=path of the old binary}" "${NEW:=target/release/nqueens}" "${OUT:=$(mktemp -d)}"
for f in "$@"; do
  for r in $(seq $R); do
    for which in base new; do
      bin=$NEW; [ $which = base ] && bin=$BASE
      s=$(date +%s.%N); timeout 40 "$bin" count cnf "$f" --quiet --json > "$OUT/ab.$which.$(basename "$f").json" 2>/dev/null; rc=$?; e=$(date +%s.%N)
      printf "%s %s %d %.2f\n" $(basename $f) $which $rc $(echo "$e - $s" | bc)
    done
  done
done
