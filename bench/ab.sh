#!/usr/bin/env bash
# Interleaved A/B of two nqueens binaries on the same files: each round runs A then B on
# every file, so that load on a shared machine falls on both alike; prints each file's
# median wall seconds for A and B, their ratio B/A, and whether the counts agree.
#   A, B     the two binaries (say, a release build before and after a change)
#   RUNS     rounds (default 5)
#   FILES    DIMACS files, plain or .gz (decompressed into a temporary directory)
# Environment: ARGS (default "--method counter --threads 1": the model counter alone, on
# one thread), added to `count cnf FILE --json --quiet`.
# Usage: bash bench/ab.sh A B RUNS FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
A=$1 B=$2 RUNS=$3
shift 3
ARGS=${ARGS:---method counter --threads 1}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
files=()
for f in "$@"; do
  case $f in
    *.gz) p="$OUT/$(basename "$f" .gz)"; gunzip -c "$f" > "$p"; files+=("$p") ;;
    *) files+=("$f") ;;
  esac
done
count_of() { python3 -c 'import json,sys; print(json.load(sys.stdin).get("count"))' < "$OUT/last"; }
for r in $(seq "$RUNS"); do
  for f in "${files[@]}"; do
    n=$(basename "$f")
    # shellcheck disable=SC2086
    timed "$A" count cnf "$f" --json --quiet $ARGS >> "$OUT/$n.a"; count_of > "$OUT/$n.ca"
    # shellcheck disable=SC2086
    timed "$B" count cnf "$f" --json --quiet $ARGS >> "$OUT/$n.b"; count_of > "$OUT/$n.cb"
  done
done
echo "| file | A median (s) | B median (s) | B / A | A runs | B runs | counts |"
echo "|---|---:|---:|---:|---|---|---|"
for f in "${files[@]}"; do
  n=$(basename "$f")
  a=$(median < "$OUT/$n.a"); b=$(median < "$OUT/$n.b")
  same=equal; cmp -s "$OUT/$n.ca" "$OUT/$n.cb" || same=DIFFER
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$a" "$b" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')" \
    "$(paste -sd' ' "$OUT/$n.a")" "$(paste -sd' ' "$OUT/$n.b")" "$same"
done
