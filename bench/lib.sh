# Helpers shared by the benchmark scripts (sourced, not run).

# Median of the numbers on stdin, one per line.
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Prints the wall seconds the command took; its stdout goes to $OUT/last.
timed() {
  local s e; s=$(date +%s.%N); "$@" > "$OUT/last" 2>/dev/null || true; e=$(date +%s.%N)
  awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f\n", e - s }'
}

# OEIS A000170(n), from the table nqueens carries ($NQ is the nqueens binary).
a000170() {
  "$NQ" oeis --json | python3 -c "import json,sys; print([json.loads(l)['a000170'] for l in sys.stdin][$1-1])"
}
