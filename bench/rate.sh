#!/usr/bin/env bash
# Whether the model rate holds as the count grows: chains x1 ∨ x2, x2 ∨ x3, … of 14, 19, 24
# and 29 variables (987, 10,946, 121,393 and 1,346,269 models: Fibonacci numbers, one part
# each) counted by `nqueens count cnf` (default DPLL cubes, both cores), by the same with
# `--backend sat` (varisat, blocking clauses per cube; skipped past SAT_MAX variables) and by
# `clasp -n 0 -q` (one thread). Prints models per second (median of RUNS) per size.
# Usage: bench/rate.sh [RUNS] [SAT_MAX]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${1:-3}; SAT_MAX=${2:-24}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
command -v clasp >/dev/null || { apt-get update -qq && apt-get install -y -qq clasp >/dev/null; }
NQ=target/release/nqueens
echo "| variables | models | nqueens models/s | nq-sat models/s | clasp models/s |"
echo "|---|---|---|---|---|"
for n in 14 19 24 29; do
  f="$OUT/chain$n.cnf"
  { echo "p cnf $n $((n - 1))"; for i in $(seq 1 $((n - 1))); do echo "$i $((i + 1)) 0"; done; } > "$f"
  ours=$(for _ in $(seq "$RUNS"); do timed "$NQ" count cnf "$f" --json --quiet; done | median)
  models=$(python3 -c "import json; print(json.load(open('$OUT/last'))['count'])")
  if [ "$n" -le "$SAT_MAX" ]; then
    sat=$(for _ in $(seq "$RUNS"); do timed "$NQ" count cnf "$f" --json --quiet --backend sat; done | median)
  else
    sat="-"
  fi
  clasp_t=$(for _ in $(seq "$RUNS"); do timed clasp -n 0 -q "$f"; done | median)
  c=$(grep -m1 'Models' "$OUT/last" | awk '{print $4}')
  [ "$c" = "$models" ] || { echo "chain $n: clasp counted $c, nqueens $models" >&2; exit 1; }
  awk -v n="$n" -v m="$models" -v a="$ours" -v s="$sat" -v c="$clasp_t" 'BEGIN {
    sr = (s == "-") ? "-" : sprintf("%.0f", m / s)
    printf "| %d | %d | %.0f | %s | %.0f |\n", n, m, m / a, sr, m / c }'
done
