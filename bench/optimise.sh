#!/usr/bin/env bash
# Optimisation benchmark, side by side in one run, on generated OPB files (bench/gen_opb.py,
# fixed seeds): two knapsacks, two set covers, one multi-dimensional knapsack (PB-competition
# like). Per file, wall seconds (median of RUNS, each capped at TIMEOUT s) of
#   nqueens optimize FILE                    varisat, BDD bounds, binary search (the default)
#   nqueens optimize FILE --search linear    the same with SAT-UNSAT linear search
#   nqueens optimize FILE --backend ilp      microlp branch and bound
#   Sat4j (Debian org.sat4j.pb.jar)          on our `optimize --export opb` file
#   cbc, glpsol                              on our `optimize --export lp` file
# Every optimum is compared with ours (a mismatch stops the script).
# Usage: bench/optimise.sh [RUNS] [TIMEOUT]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${1:-3}; TIMEOUT=${2:-60}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
# NQ=PATH benchmarks a binary built elsewhere (the shared target dir may be rebuilt meanwhile).
if [ -z "${NQ:-}" ]; then cargo build --release -q --bin nqueens; NQ=target/release/nqueens; fi
JAR=/usr/share/java/org.sat4j.pb.jar

# Median wall time of RUNS runs of the command, or ">TIMEOUT" when the first run times out.
bench() {
  local times=() t
  for _ in $(seq "$RUNS"); do
    t=$(timed timeout "$TIMEOUT" "$@")
    if awk -v t="$t" -v m="$TIMEOUT" 'BEGIN { exit !(t >= m - 0.05) }'; then echo ">$TIMEOUT"; return; fi
    times+=("$t")
  done
  printf '%s\n' "${times[@]}" | median
}

# The optimum each tool printed into $OUT/last (empty when it did not finish).
ours()   { python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])' < "$OUT/last" 2>/dev/null || true; }
sat4j()  { awk '/^s OPTIMUM FOUND/ {ok=1} /^o / {v=$2} END { if (ok) print -v }' "$OUT/last"; }
cbc()    { awk '/^Objective value:/ {printf "%d\n", $3 + ($3 < 0 ? -0.5 : 0.5)}' "$OUT/last" | tail -1; }
glpk()   { awk '/^Objective:/ {print $4}' "$OUT/last"; }

check() { # tool, value found, expected
  if [ -n "$2" ] && [ "$2" != "$3" ] && [ "$(awk -v a="$2" -v b="$3" 'BEGIN{print (a==b)}')" != 1 ]; then
    echo "$1 found $2, ours $3" >&2; exit 1
  fi
}

echo "| file | vars | optimum | ours, binary (s) | ours, linear (s) | ours, microlp (s) | Sat4j (s) | cbc (s) | glpsol (s) |"
echo "|---|---|---|---|---|---|---|---|---|"
for spec in "knapsack 20" "knapsack 25" "setcover 40" "setcover 60" "mkp 20"; do
  set -- $spec
  f="$OUT/$1$2.opb"
  python3 bench/gen_opb.py "$1" "$2" 1 > "$f"
  "$NQ" optimize "$f" --export opb -o "$OUT/min.opb"
  "$NQ" optimize "$f" --export lp -o "$OUT/x.lp"
  sense=$(grep -o '^m[a-z]*:' "$f")
  b=$(bench "$NQ" optimize "$f" --json); opt=$(ours)
  l=$(bench "$NQ" optimize "$f" --json --search linear); check linear "$(ours)" "$opt"
  m=$(bench "$NQ" optimize "$f" --json --backend ilp); check microlp "$(ours)" "$opt"
  s=$(bench java -jar "$JAR" "$OUT/min.opb"); v=$(sat4j)
  [ "$sense" = "max:" ] || v=$(( -v ))
  [ -z "$(sat4j)" ] || check sat4j "$v" "$opt"
  c=$(bench cbc "$OUT/x.lp" solve); check cbc "$(cbc)" "$opt"
  g=$(bench glpsol --lp "$OUT/x.lp" -o /dev/stdout); check glpsol "$(glpk)" "$opt"
  echo "| $1 $2 | $2 | $opt | $b | $l | $m | $s | $c | $g |"
done
