#!/usr/bin/env bash
# Counting benchmark, side by side in one run: Q(N) for N in FROM..TO by
#   nqueens   `nqueens count N` with default settings (DPLL cubes, d4, all cores,
#             every solution validated);
#   clasp     `clasp -n 0 -q` on the DIMACS file nqueens exports (Debian's clasp);
#   pysat     PySAT with CaDiCaL 1.5.3 enumerating by blocking clauses (bench/count_pysat.py).
# Each is run RUNS times; prints the medians, the ratios and a Markdown table.
# Usage: bench/peers.sh [FROM] [TO] [RUNS] [PYSAT_MAX_N]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
FROM=${1:-10}; TO=${2:-14}; RUNS=${3:-3}; PYMAX=${4:-13}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
command -v clasp >/dev/null || { apt-get update -qq && apt-get install -y -qq clasp >/dev/null; }
python3 -c 'import pysat' 2>/dev/null || pip install -q python-sat
NQ=target/release/nqueens
echo "| n | nqueens (s) | clasp -n 0 (s) | PySAT+CaDiCaL (s) | clasp / nqueens | PySAT / nqueens |"
echo "|---|---|---|---|---|---|"
for n in $(seq "$FROM" "$TO"); do
  "$NQ" encode "$n" -o "$OUT/q$n.cnf"
  ours=$(for _ in $(seq "$RUNS"); do timed "$NQ" count "$n" --quiet; done | median)
  grep -q " ok " "$OUT/last" || { echo "nqueens count $n did not match OEIS" >&2; exit 1; }
  clasp_t=$(for _ in $(seq "$RUNS"); do timed clasp -n 0 -q "$OUT/q$n.cnf"; done | median)
  models=$(grep -m1 'Models' "$OUT/last" | awk '{print $4}')
  expected=$(a000170 "$n")
  [ "$models" = "$expected" ] || { echo "clasp counted $models for n = $n, expected $expected" >&2; exit 1; }
  if [ "$n" -le "$PYMAX" ]; then
    py=$(for _ in $(seq "$RUNS"); do timed python3 bench/count_pysat.py "$OUT/q$n.cnf"; done | median)
    [ "$(cat "$OUT/last")" = "$expected" ] || { echo "pysat counted $(cat "$OUT/last") for n = $n" >&2; exit 1; }
  else
    py="-"
  fi
  awk -v n="$n" -v a="$ours" -v c="$clasp_t" -v p="$py" 'BEGIN {
    pr = (p == "-") ? "-" : sprintf("%.1fx", p / a)
    printf "| %d | %.3f | %.3f | %s | %.1fx | %s |\n", n, a, c, p, c / a, pr }'
done
