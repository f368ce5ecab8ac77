#!/usr/bin/env bash
# `count cnf` against the peers, side by side in one run, on files nobody told us anything
# about: the DIMACS files `nqueens encode` writes (Q(12), Q(13), Q(8) with the sequential
# at-most-one: auxiliary variables, projected), the examples' exports (Langford L(2,11) and
# L(2,12), 4x4 Sudoku, Petersen 3-colourings, Latin squares of order 5), four disjoint copies
# of Q(8) (independent parts) and a 30-variable chain with 2,178,309 models.
#   nqueens     `nqueens count cnf FILE` with default settings (DPLL cubes, both cores,
#               every model checked against every clause);
#   nq-sat      the same with `--backend sat` (varisat, blocking clauses in each cube);
#   clasp       `clasp -n 0 -q FILE` (one thread; counts over every variable, so it runs
#               only on files without a projection);
#   ganak       Ganak through PyPI's pyganak (projected counting, tests/helpers/ganak_count.py).
# nqueens runs RUNS times, the peers PEER_RUNS times (default 1: Ganak takes minutes on
# L(2,12)), each peer run cut at LIMIT seconds (printed as ">LIMIT"); prints medians, counts
# checked equal, ratios, and peak memory of nqueens.
# Usage: bench/cnf.sh [RUNS] [GANAK=1] [PEER_RUNS] [LIMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${1:-3}; GANAK=${2:-1}; PEER_RUNS=${3:-1}; LIMIT=${4:-300}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q --examples
cargo build --release -q
command -v clasp >/dev/null || { apt-get update -qq && apt-get install -y -qq clasp >/dev/null; }
if [ "$GANAK" = 1 ]; then python3 -c 'import pyganak' 2>/dev/null || pip install -q pyganak; fi
NQ=${CARGO_TARGET_DIR:-target}/release/nqueens
EX=${CARGO_TARGET_DIR:-target}/release/examples
"$NQ" encode 12 -o "$OUT/queens12.cnf"
"$NQ" encode 13 -o "$OUT/queens13.cnf"
"$NQ" encode 8 --amo sequential -o "$OUT/queens8-seq.cnf"
"$EX/langford" 11 --dimacs "$OUT/langford11.cnf" >/dev/null
"$EX/langford" 12 --dimacs "$OUT/langford12.cnf" >/dev/null
"$EX/sudoku" --dimacs "$OUT/sudoku4.cnf" >/dev/null
"$EX/petersen" --dimacs "$OUT/petersen3.cnf" >/dev/null
"$EX/latin" 5 --dimacs "$OUT/latin5.cnf" >/dev/null
python3 - "$OUT" "$NQ" <<'PY'
import subprocess, sys
out = sys.argv[1]
# Four disjoint copies of Q(8): 92^4 models in four independent parts.
text = subprocess.run([sys.argv[2], "encode", "8"], capture_output=True, text=True).stdout
clauses = [l for l in text.splitlines() if l and l[0] not in "cp"]
with open(f"{out}/queens8x4.cnf", "w") as f:
    f.write(f"p cnf 256 {4 * len(clauses)}\n")
    for k in range(4):
        for l in clauses:
            f.write(" ".join(str(int(x) + (64 * k if int(x) > 0 else -64 * k)) if x != "0" else "0" for x in l.split()) + "\n")
# A chain x1 v x2, x2 v x3, ...: Fibonacci(32) = 2,178,309 models in one part.
with open(f"{out}/chain30.cnf", "w") as f:
    f.write("p cnf 30 29\n" + "".join(f"{i} {i + 1} 0\n" for i in range(1, 30)))
PY
count_of() { python3 -c "import json,sys; print(json.load(open('$OUT/last'))['count'])"; }
# Whether the last report projects onto fewer variables than the file has (clasp counts
# over every variable, so it only runs where the two counts are the same question).
projected() { python3 -c "import json,sys; d=json.load(open('$OUT/last')); sys.exit(0 if d['projection_size'] < d['num_vars'] else 1)"; }
echo "| file | models | nqueens (s) | nq-sat (s) | clasp -n 0 (s) | ganak (s) | clasp / nqueens | ganak / nqueens | nqueens peak MB |"
echo "|---|---|---|---|---|---|---|---|---|"
for f in queens12 queens13 queens8-seq langford11 langford12 sudoku4 petersen3 latin5 queens8x4 chain30; do
  file="$OUT/$f.cnf"
  ours=$(for _ in $(seq "$RUNS"); do timed "$NQ" count cnf "$file" --json --quiet; done | median)
  models=$(count_of)
  if projected; then proj=1; else proj=0; fi
  peak=$( { /usr/bin/time -f "%M" "$NQ" count cnf "$file" --quiet >/dev/null; } 2>&1 | tail -1)
  sat=$(for _ in $(seq "$RUNS"); do timed "$NQ" count cnf "$file" --json --quiet --backend sat; done | median)
  [ "$(count_of)" = "$models" ] || { echo "$f: --backend sat counted $(count_of), dpll $models" >&2; exit 1; }
  if [ "$proj" = 1 ]; then
    clasp_t="-"
  else
    clasp_t=$(for _ in $(seq "$PEER_RUNS"); do timed timeout "$LIMIT" clasp -n 0 -q "$file"; done | median)
    c=$(grep -m1 'Models' "$OUT/last" | awk '{print $4}')
    if awk -v t="$clasp_t" -v l="$LIMIT" 'BEGIN { exit !(t >= l) }'; then
      clasp_t=">$LIMIT"
    else
      [ "$c" = "$models" ] || { echo "$f: clasp counted $c, nqueens $models" >&2; exit 1; }
    fi
  fi
  if [ "$GANAK" = 1 ]; then
    g=$(for _ in $(seq "$PEER_RUNS"); do timed timeout "$LIMIT" python3 tests/helpers/ganak_count.py "$file"; done | median)
    if awk -v t="$g" -v l="$LIMIT" 'BEGIN { exit !(t >= l) }'; then
      g=">$LIMIT"
    else
      [ "$(cat "$OUT/last")" = "$models" ] || { echo "$f: ganak counted $(cat "$OUT/last"), nqueens $models" >&2; exit 1; }
    fi
  else
    g="-"
  fi
  awk -v f="$f" -v m="$models" -v a="$ours" -v s="$sat" -v c="$clasp_t" -v g="$g" -v p="$peak" 'BEGIN {
    cr = (c == "-") ? "-" : (c ~ /^>/) ? ">" sprintf("%.0fx", substr(c, 2) / a) : sprintf("%.1fx", c / a)
    gr = (g == "-") ? "-" : (g ~ /^>/) ? ">" sprintf("%.0fx", substr(g, 2) / a) : sprintf("%.1fx", g / a)
    printf "| %s | %s | %.3f | %.3f | %s | %s | %s | %s | %.0f |\n", f, m, a, s, c, g, cr, gr, p / 1024 }'
done
