#!/usr/bin/env bash
# Export benchmark: the board formulation for n = 1000 with the sequential counter, written
# as DIMACS, by this tool and by PySAT (CardEnc seqcounter + CNF.to_file), side by side.
# Prints every run's wall time and peak memory, then the medians and the ratio.
# Usage: bench/export.sh [N] [RUNS] [PYSAT_RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
N=${1:-1000}; RUNS=${2:-7}; PYRUNS=${3:-3}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
python3 -c 'import pysat' 2>/dev/null || pip install -q python-sat
run() { # label, command...
  local label=$1; shift
  for _ in $(seq "$RUNS_NOW"); do
    /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1
  done > "$OUT/$label.txt"
  echo "$label: runs (s, KB): $(tr '\n' ';' < "$OUT/$label.txt")"
}
RUNS_NOW=$RUNS run nqueens target/release/nqueens encode "$N" --amo sequential -o "$OUT/nq.cnf"
RUNS_NOW=$PYRUNS run pysat python3 bench/export_pysat.py "$N" "$OUT/pysat.cnf"
ours=$(cut -d' ' -f1 "$OUT/nqueens.txt" | median); peer=$(cut -d' ' -f1 "$OUT/pysat.txt" | median)
ours_kb=$(cut -d' ' -f2 "$OUT/nqueens.txt" | median); peer_kb=$(cut -d' ' -f2 "$OUT/pysat.txt" | median)
echo "files: nqueens $(stat -c %s "$OUT/nq.cnf") bytes, $(grep -m1 '^p cnf' "$OUT/nq.cnf");" \
     "pysat $(stat -c %s "$OUT/pysat.cnf") bytes, $(grep -m1 '^p cnf' "$OUT/pysat.cnf")"
echo "median wall: nqueens ${ours} s (peak ${ours_kb} KB), pysat ${peer} s (peak ${peer_kb} KB)"
awk -v a="$peer" -v b="$ours" 'BEGIN { printf "ratio: nqueens is %.0fx faster\n", a / b }'
