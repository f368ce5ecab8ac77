#!/usr/bin/env bash
# n-Queens Completion in the spirit of Gent, Jefferson & Nightingale (JAIR 59, 2017): random
# instances from `nqueens generate completion N --given K --seed S` for n = 20, 30, 40 and K
# from 0 to 80% of n, each solved by `nqueens solve` (varisat, on the board file) and by
# cadical, minisat and clasp on the DIMACS export (`encode --given-file`). Every answer is
# cross-checked: all solvers that finish must agree on satisfiable or not, and ours checks its
# board. Writes bench/results/completion.tsv (one line per run), completion.md (medians per
# point) and completion.svg (median time and fraction solvable against K / n).
# Usage: bench/completion.sh [SEEDS] [TIMEOUT_S] [N ...]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
SEEDS=${1:-5}
LIMIT=${2:-30}
shift 2 2>/dev/null || shift $#
NS=${*:-20 30 40}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
NQ=target/release/nqueens
for tool in cadical minisat clasp; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install $tool)" >&2; exit 1; }
done
RES=bench/results/completion.tsv
echo -e "n\tgiven\tseed\tsolver\tanswer\tseconds" > "$RES"

# Runs one solver with the time limit; prints "ANSWER SECONDS" (ANSWER: sat, unsat, timeout).
run_one() {
  local s e code
  s=$(date +%s.%N)
  set +e; timeout "$LIMIT" "$@" > "$OUT/last" 2>&1; code=$?; set -e
  e=$(date +%s.%N)
  local t; t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.4f", e - s }')
  case "$code" in
    0|10) echo "sat $t" ;;
    1|20) echo "unsat $t" ;;
    124) echo "timeout $LIMIT" ;;
    *) echo "solver failed (exit $code): $*" >&2; cat "$OUT/last" >&2; exit 1 ;;
  esac
}

for n in $NS; do
  for pct in 0 10 20 30 40 45 50 55 60 65 70 80; do
    k=$(( n * pct / 100 ))
    for seed in $(seq "$SEEDS"); do
      inst="$OUT/i.txt"; cnf="$OUT/i.cnf"
      "$NQ" generate completion "$n" --given "$k" --seed "$seed" -o "$inst"
      "$NQ" encode "$n" --given-file "$inst" -o "$cnf"
      answers=""
      for solver in nqueens cadical minisat clasp; do
        case $solver in
          nqueens) r=$(run_one "$NQ" solve "$n" --given-file "$inst") ;;
          cadical) r=$(run_one cadical -q "$cnf") ;;
          minisat) r=$(run_one minisat -verb=0 "$cnf") ;;
          clasp) r=$(run_one clasp -q "$cnf") ;;
        esac
        read -r answer secs <<< "$r"
        echo -e "$n\t$k\t$seed\t$solver\t$answer\t$secs" >> "$RES"
        [ "$answer" = timeout ] || answers="$answers $answer"
      done
      if [ "$(tr ' ' '\n' <<< "$answers" | sort -u | grep -c .)" -gt 1 ]; then
        echo "solvers disagree on n=$n k=$k seed=$seed:$answers" >&2; exit 1
      fi
    done
  done
  echo "n = $n done" >&2
done
python3 bench/plot_completion.py "$RES" bench/results/completion.svg > bench/results/completion.md
cat bench/results/completion.md
