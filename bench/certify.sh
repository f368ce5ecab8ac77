#!/usr/bin/env bash
# The cost of a certified count: for Q(N), `nqueens count N --symmetry none` against
# `nqueens count N --symmetry none --certify DIR` and `nqueens verify DIR` (our independent
# checker; both cores, medians of RUNS), the ratio (certify + verify) / count, then the
# bundle checked by `rate` (crates.io's DRAT checker, one run), with the proof's size.
# Prints a Markdown table. Set NQUEENS_RATE to rate's path if it is not on PATH.
# Usage: bench/certify.sh [RUNS] [N...]   (default: 3, n = 8..12)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${1:-3}; shift || true
SIZES=${*:-8 9 10 11 12}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
NQ=target/release/nqueens
RATE=${NQUEENS_RATE:-$(command -v rate || echo "$HOME/.cargo/bin/rate")}
[ -x "$RATE" ] || { echo "rate not found: cargo install --locked rate" >&2; exit 1; }
echo "| n | models | count (s) | count --certify (s) | verify (s) | (certify + verify) / count | rate (s) | proof lines | proof bytes |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in $SIZES; do
  plain=$(for _ in $(seq "$RUNS"); do timed "$NQ" count "$n" --symmetry none; done | median)
  cert=$(for _ in $(seq "$RUNS"); do
    rm -rf "$OUT/b"; timed "$NQ" count "$n" --symmetry none --certify "$OUT/b"; done | median)
  verify=$(for _ in $(seq "$RUNS"); do timed "$NQ" verify "$OUT/b"; done | median)
  grep -q "certified" "$OUT/last" || { echo "verify failed for n = $n" >&2; exit 1; }
  rate_s=$(timed "$RATE" "$OUT/b/blocked.cnf" "$OUT/b/proof.drat")
  grep -q "s VERIFIED" "$OUT/last" || { echo "rate rejected n = $n" >&2; exit 1; }
  models=$(wc -l < "$OUT/b/solutions.txt")
  lines=$(wc -l < "$OUT/b/proof.drat")
  bytes=$(wc -c < "$OUT/b/proof.drat")
  ratio=$(awk -v a="$cert" -v v="$verify" -v b="$plain" 'BEGIN { printf "%.1fx", (a + v) / b }')
  echo "| $n | $models | $plain | $cert | $verify | $ratio | $rate_s | $lines | $bytes |"
done
