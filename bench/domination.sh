#!/usr/bin/env bash
# Queen domination, side by side (one command): for n in FROM..TO
#   gamma:  `nqueens solve N --variant domination` (linear search from above, the minimum
#           proved by the last check or by Spencer's bound), against cadical on our DIMACS
#           exports at the known gamma (SAT) and gamma - 1 (UNSAT; skipped where Spencer's
#           bound already proves it), and cbc on our LP export with the objective;
#   counts: `nqueens count N --variant domination` (gamma found again, then the minimum sets
#           counted through the engine with D4), against A002564.
# Medians of RUNS runs for n <= SMALL, one run above; every command under LIMIT seconds
# (a '>' marks a time-out). Prints Markdown tables and the machine's load.
# cbc runs for n <= CBC_TO only (its branch and bound slows down fast past n = 10).
# Usage: bench/domination.sh [FROM] [TO] [COUNT_TO] [RUNS] [SMALL] [LIMIT] [CBC_TO]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
FROM=${1:-4}; TO=${2:-13}; CTO=${3:-12}; RUNS=${4:-3}; SMALL=${5:-9}; LIMIT=${6:-120}; CBC_TO=${7:-10}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
NQ=target/release/nqueens
gamma() { python3 -c "from sys import argv; print([1,1,1,2,3,3,4,5,5,5,5,6,7,8,9,9,9,9,10,11,11,12,12,13,13][int(argv[1])-1])" "$1"; }
a002564() { python3 -c "from sys import argv; print([1,4,1,12,186,4,86,4860,114,8,2,8,288,4632,205832,2968,124,16,84][int(argv[1])-1])" "$1"; }
# Wall seconds of a command under the time limit ('>LIMIT' when it ran out).
limited() {
  local t; t=$(timed timeout "$LIMIT" "$@")
  awk -v t="$t" -v l="$LIMIT" 'BEGIN { if (t >= l - 0.05) printf ">%d\n", l; else printf "%.2f\n", t }'
}
runs() { if [ "$1" -le "$SMALL" ]; then echo "$RUNS"; else echo 1; fi; }
echo "load before: $(uptime | sed 's/.*load average/load average/')"
echo
echo "| n | γ (A075458) | nqueens solve (s) | proof | cadical γ SAT (s) | cadical γ-1 UNSAT (s) | cbc LP min (s) |"
echo "|---|---|---|---|---|---|---|"
for n in $(seq "$FROM" "$TO"); do
  g=$(gamma "$n")
  ours=$(for _ in $(seq "$(runs "$n")"); do limited "$NQ" solve "$n" --variant domination --json; done | median)
  proof=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['k']==$g, d; print(d['proof'])" "$OUT/last" 2>/dev/null || echo "-")
  "$NQ" encode "$n" --variant domination --queens "$g" -o "$OUT/sat.cnf"
  sat=$(for _ in $(seq "$(runs "$n")"); do limited cadical -q "$OUT/sat.cnf"; done | median)
  spencer=$(( n / 2 ))
  if [ "$g" -gt 1 ] && [ "$((g - 1))" -ge "$spencer" ]; then
    "$NQ" encode "$n" --variant domination --queens "$((g - 1))" -o "$OUT/unsat.cnf"
    unsat=$(for _ in $(seq "$(runs "$n")"); do limited cadical -q "$OUT/unsat.cnf"; done | median)
  else
    unsat="(Spencer)"
  fi
  "$NQ" encode "$n" --variant domination --format lp -o "$OUT/dom.lp"
  cbc=-
  [ "$n" -le "$CBC_TO" ] && cbc=$(limited cbc "$OUT/dom.lp" solve quit)
  echo "| $n | $g | $ours | $proof | $sat | $unsat | $cbc |"
done
echo
echo "| n | A002564 | nqueens count (s) | sets checked | orbits |"
echo "|---|---|---|---|---|"
for n in $(seq "$FROM" "$CTO"); do
  want=$(a002564 "$n")
  ours=$(for _ in $(seq "$(runs "$n")"); do limited "$NQ" count "$n" --variant domination --json; done | median)
  row=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['count']=='$want', d; print(d['sets_checked'], '|', d['orbits'])" "$OUT/last" 2>/dev/null || echo "- | -")
  echo "| $n | $want | $ours | $row |"
done
echo
echo "load after: $(uptime | sed 's/.*load average/load average/')"
