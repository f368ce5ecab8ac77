#!/usr/bin/env bash
# Fuzzing every reader on stable Rust: the property tests of each reader (DIMACS, SAT solver
# answers, ILP answers, checkpoints, shard files) run with CASES cases per test instead of
# the few thousand CI runs. Each test feeds the reader generated inputs, well-formed inputs
# with random mutations (bytes inserted, deleted, flipped; edge tokens such as -0, 2^31,
# 2^64, a BOM, NUL spliced in; lines repeated; input cut short) or random text, and checks
# that the reader never panics and that what it accepts or refuses is as documented. A
# failing case is shrunk and printed with its input; the script stops at the first failure.
# Prints, per reader: tests, cases per test, inputs in all, seconds, failures.
# Usage: bench/fuzz.sh [CASES [READER...]]   (default 1000000 cases, every reader: dimacs
#        solver-answer ilp-answer checkpoint shard)
set -euo pipefail
cd "$(dirname "$0")/.."
CASES=${1:-1000000}
shift || true
ONLY=" $* "
LOG=$(mktemp); trap 'rm -f "$LOG"' EXIT
READERS=(
  "dimacs model-formats dimacs_fuzz"
  "solver-answer model-formats solver_output_fuzz"
  "ilp-answer model-formats ilp_answer_fuzz"
  "checkpoint count-engine checkpoint_fuzz"
  "shard count-engine shard_fuzz"
)
for r in "${READERS[@]}"; do
  set -- $r
  cargo test --release -q -p "$2" --test it --no-run 2>/dev/null
done
printf '%-14s %6s %10s %12s %9s %9s\n' reader tests cases/test inputs seconds failures
for r in "${READERS[@]}"; do
  set -- $r
  if [ "$ONLY" != "  " ] && [[ "$ONLY" != *" $1 "* ]]; then continue; fi
  start=$(date +%s.%N)
  status=0
  NQUEENS_FUZZ_CASES=$CASES cargo test --release -q -p "$2" --test it -- "$3::" >"$LOG" 2>&1 || status=$?
  end=$(date +%s.%N)
  tests=$(grep -oE '[0-9]+ passed' "$LOG" | grep -oE '[0-9]+' || echo 0)
  failed=$(grep -oE '[0-9]+ failed' "$LOG" | grep -oE '[0-9]+' || echo 0)
  total=$((tests + failed))
  printf '%-14s %6s %10s %12s %9.0f %9s\n' "$1" "$total" "$CASES" $((total * CASES)) \
    "$(awk "BEGIN { print $end - $start }")" "$failed"
  if [ "$status" != 0 ]; then cat "$LOG"; exit "$status"; fi
done
