#!/usr/bin/env bash
# ILP counting benchmark, side by side in one run: Q(N) for N in FROM..TO by
#   nqueens  `nqueens count N --backend ilp` (good_lp + microlp, half-board cubes over every
#            core, mirror, every solution re-checked exactly);
#   HiGHS    highspy (PyPI) on the LP file nqueens exports, one solve then one incremental
#            no-good row per solution (bench/count_highs.py), for N <= HIGHS_MAX.
# nqueens runs RUNS times, HiGHS HIGHS_RUNS times; prints medians, ratios, a Markdown table.
# Usage: bench/ilp.sh [FROM] [TO] [RUNS] [HIGHS_MAX] [HIGHS_RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
FROM=${1:-8}; TO=${2:-12}; RUNS=${3:-5}; HMAX=${4:-10}; HRUNS=${5:-3}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
python3 -c 'import highspy' 2>/dev/null || pip install -q highspy numpy
NQ=target/release/nqueens
echo "| n | nqueens --backend ilp (s) | HiGHS no-good loop (s) | HiGHS / nqueens |"
echo "|---|---|---|---|"
for n in $(seq "$FROM" "$TO"); do
  ours=$(for _ in $(seq "$RUNS"); do timed "$NQ" count "$n" --backend ilp --quiet; done | median)
  grep -q " ok " "$OUT/last" || { echo "nqueens count $n --backend ilp did not match OEIS" >&2; exit 1; }
  if [ "$n" -le "$HMAX" ]; then
    "$NQ" encode "$n" --format lp -o "$OUT/q$n.lp"
    expected=$(a000170 "$n")
    highs=$(for _ in $(seq "$HRUNS"); do timed python3 bench/count_highs.py "$OUT/q$n.lp"; done | median)
    [ "$(tail -1 "$OUT/last")" = "$expected" ] || { echo "HiGHS counted $(tail -1 "$OUT/last") for n = $n" >&2; exit 1; }
    awk -v n="$n" -v a="$ours" -v h="$highs" 'BEGIN { printf "| %d | %.3f | %.1f | %.0fx |\n", n, a, h, h / a }'
  else
    awk -v n="$n" -v a="$ours" 'BEGIN { printf "| %d | %.3f | - | - |\n", n, a }'
  fi
done
