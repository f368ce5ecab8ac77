#!/usr/bin/env bash
# Counting by orbits against counting every model: `nqueens count cnf FILE` (both cores)
# with `--symmetry none` and `--symmetry auto` (medians of RUNS), `clasp -n 0 -q` on the file
# (one thread, one run) and on the file `nqueens break` writes (one model per orbit), for the
# queens files `encode 12` and `encode 13` write and Langford L(2,11), L(2,12) exports.
# Usage: bench/symmetry.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${1:-3}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q --examples
cargo build --release -q
NQ=target/release/nqueens
"$NQ" encode 12 -o "$OUT/q12.cnf"; "$NQ" encode 13 -o "$OUT/q13.cnf"
target/release/examples/langford 11 --dimacs "$OUT/l11.cnf" >/dev/null
target/release/examples/langford 12 --dimacs "$OUT/l12.cnf" >/dev/null
echo "| file | models | orbits | group | none (s) | auto (s) | none / auto | clasp (s) | clasp on \`break\` output (s) | clasp / auto |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for f in q12 q13 l11 l12; do
  file="$OUT/$f.cnf"
  none=$(for _ in $(seq "$RUNS"); do timed "$NQ" count cnf "$file"; done | median)
  auto=$(for _ in $(seq "$RUNS"); do timed "$NQ" count cnf "$file" --symmetry auto --json; done | median)
  read -r models orbits group < <(python3 -c "import json,sys; d=json.load(open('$OUT/last')); print(d['count'], d['orbits'], d['group_orders'][0])")
  clasp_s=$(timed clasp -n 0 -q "$file")
  "$NQ" break "$file" -o "$OUT/b.cnf" 2>/dev/null
  broken_s=$(timed clasp -n 0 -q "$OUT/b.cnf")
  grep -q "Models *: $orbits\$" "$OUT/last" || { echo "clasp disagrees on the orbits of $f" >&2; exit 1; }
  r1=$(awk -v a="$none" -v b="$auto" 'BEGIN { printf "%.2fx", a / b }')
  r2=$(awk -v a="$clasp_s" -v b="$auto" 'BEGIN { printf "%.1fx", a / b }')
  echo "| $f | $models | $orbits | $group | $none | $auto | $r1 | $clasp_s | $broken_s | $r2 |"
done

# Solving one: cadical (median of 5) on the plain and the broken export, for Langford files
# without solutions (L(2,9), L(2,10): where breaking helps a SAT solver) and with them; and
# the time `nqueens symmetries` takes to find the group (one run).
target/release/examples/langford 9 --dimacs "$OUT/l9.cnf" >/dev/null
target/release/examples/langford 10 --dimacs "$OUT/l10.cnf" >/dev/null
# n-Queens Completion instances near the point where completions stop existing (random
# given queens leave little symmetry to break), and the open toroidal and superqueens boards.
"$NQ" generate completion 20 --given 11 --seed 1 -o "$OUT/c20.txt"
"$NQ" encode 20 --given-file "$OUT/c20.txt" -o "$OUT/c20.cnf"
"$NQ" generate completion 30 --given 16 --seed 2 -o "$OUT/c30.txt"
"$NQ" encode 30 --given-file "$OUT/c30.txt" -o "$OUT/c30.cnf"
# Blocked n-Queens with a blocked set the square's 8 symmetries keep (corners and centre).
"$NQ" encode 24 --blocked 0:0,0:23,23:0,23:23,11:11,11:12,12:11,12:12 -o "$OUT/s24.cnf"
"$NQ" encode 25 --variant toroidal -o "$OUT/t25.cnf"
"$NQ" encode 14 --variant superqueens -o "$OUT/sq14.cnf"
echo
echo "| file | cadical on the export | cadical on \`break\` output | answer | finding the group |"
echo "|---|---|---|---|---|"
for f in l9 l10 l11 l12 q12 q13 c20 c30 s24 t25 sq14; do
  file="$OUT/$f.cnf"
  "$NQ" break "$file" -o "$OUT/b.cnf" 2>/dev/null
  plain=$(for _ in 1 2 3 4 5; do timed cadical -q "$file"; done | median)
  answer=$(grep '^s ' "$OUT/last" | cut -c3-)
  broken=$(for _ in 1 2 3 4 5; do timed cadical -q "$OUT/b.cnf"; done | median)
  "$NQ" symmetries "$file" --json > "$OUT/sym.json"
  found=$(python3 -c "import json; print(round(json.load(open('$OUT/sym.json'))['elapsed_s'], 3))")
  echo "| $f | $plain | $broken | $answer | $found s |"
done
