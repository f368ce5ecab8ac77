#!/usr/bin/env bash
# Queen domination, side by side (one command): for n in FROM..TO
#   gamma:  `nqueens solve domination N` (the exact search: a set of gamma queens
#           found and gamma - 1 refuted), against the peers on our exports: cadical on the
#           DIMACS files at the known gamma (SAT) and gamma - 1 (UNSAT; skipped where
#           Spencer's bound already proves it), their sum being its proof of the optimum
#           given the answer; cbc, HiGHS (highspy) and Sat4j minimising the objective of our
#           LP and OPB exports (for n <= CBC_TO); the ratio is the fastest peer's proof of the
#           optimum over ours;
#   counts: `nqueens count domination N` (gamma found again, then every minimum
#           set counted by the search with D4 orbit weights), against A002564.
# Medians of RUNS runs for n <= SMALL, one run above; every command under LIMIT seconds
# (a '>' marks a time-out). Prints Markdown tables and the machine's load.
# cbc runs for n <= CBC_TO only (its branch and bound slows down fast past n = 10).
# Peers run under PEER_LIMIT seconds (LIMIT by default).
# Usage: bench/domination.sh [FROM] [TO] [COUNT_TO] [RUNS] [SMALL] [LIMIT] [CBC_TO] [PEER_LIMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
FROM=${1:-4}; TO=${2:-13}; CTO=${3:-12}; RUNS=${4:-3}; SMALL=${5:-9}; LIMIT=${6:-120}; CBC_TO=${7:-10}; PEER_LIMIT=${8:-$LIMIT}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
cargo build --release -q
NQ=target/release/nqueens
gamma() { python3 -c "from sys import argv; print([1,1,1,2,3,3,4,5,5,5,5,6,7,8,9,9,9,9,10,11,11,12,12,13,13][int(argv[1])-1])" "$1"; }
a002564() { python3 -c "from sys import argv; print([1,4,1,12,186,4,86,4860,114,8,2,8,288,4632,205832,2968,124,16,84][int(argv[1])-1])" "$1"; }
# Wall seconds of a command under the time limit ('>LIMIT' when it ran out).
limited() {
  local t; t=$(timed timeout "$LIMIT" "$@")
  awk -v t="$t" -v l="$LIMIT" 'BEGIN { if (t >= l - 0.05) printf ">%d\n", l; else printf "%.2f\n", t }'
}
# The same under the peers' limit.
peer() { LIMIT=$PEER_LIMIT limited "$@"; }
runs() { if [ "$1" -le "$SMALL" ]; then echo "$RUNS"; else echo 1; fi; }
echo "load before: $(uptime | sed 's/.*load average/load average/')"
echo
echo "| n | γ (A075458) | nqueens solve (s) | proof | cadical γ SAT (s) | cadical γ-1 UNSAT (s) | cbc LP min (s) | HiGHS LP min (s) | Sat4j OPB min (s) | fastest peer / ours |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for n in $(seq "$FROM" "$TO"); do
  g=$(gamma "$n")
  ours=$(for _ in $(seq "$(runs "$n")"); do limited "$NQ" solve domination "$n" --json; done | median)
  proof=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['k']==$g, d; print(d['proof'])" "$OUT/last" 2>/dev/null || echo "-")
  "$NQ" encode domination "$n" --queens "$g" -o "$OUT/sat.cnf"
  sat=$(for _ in $(seq "$(runs "$n")"); do peer cadical -q "$OUT/sat.cnf"; done | median)
  spencer=$(( n / 2 ))
  if [ "$g" -gt 1 ] && [ "$((g - 1))" -ge "$spencer" ]; then
    "$NQ" encode domination "$n" --queens "$((g - 1))" -o "$OUT/unsat.cnf"
    unsat=$(for _ in $(seq "$(runs "$n")"); do peer cadical -q "$OUT/unsat.cnf"; done | median)
  else
    unsat="(Spencer)"
  fi
  "$NQ" encode domination "$n" --format lp -o "$OUT/dom.lp"
  "$NQ" encode domination "$n" --format opb -o "$OUT/dom.opb"
  cbc=-; highs=-; sat4j=-
  if [ "$n" -le "$CBC_TO" ]; then
    cbc=$(peer cbc "$OUT/dom.lp" solve quit)
    highs=$(peer python3 tests/helpers/mip_optimum.py highs "$OUT/dom.lp")
    sat4j=$(peer java -jar /usr/share/java/org.sat4j.pb.jar "$OUT/dom.opb")
  fi
  ratio=$(python3 - "$ours" "$sat" "$unsat" "$cbc" "$highs" "$sat4j" <<'PY'
import sys
ours, sat, unsat, *mip = sys.argv[1:]
def t(x):
    return None if x in ("-", "(Spencer)") else float(x.lstrip(">"))
cad = t(sat) + (t(unsat) or 0.0)
out = sat.startswith(">") or unsat.startswith(">")
peers = [(cad, out)] + [(t(m), m.startswith(">")) for m in mip if t(m) is not None]
done = [p for p, o in peers if not o]
o = t(ours)
if done:
    best = min(done)
    print(f"{best / max(o, 0.005):.1f}" + ("" if not ours.startswith(">") else " (ours timed out)"))
else:
    print(f">{min(p for p, _ in peers) / max(o, 0.005):.1f} (every peer timed out)")
PY
)
  echo "| $n | $g | $ours | $proof | $sat | $unsat | $cbc | $highs | $sat4j | $ratio |"
done
echo
echo "| n | A002564 | nqueens count (s) | sets checked | orbits |"
echo "|---|---|---|---|---|"
for n in $(seq "$FROM" "$CTO"); do
  want=$(a002564 "$n")
  ours=$(for _ in $(seq "$(runs "$n")"); do limited "$NQ" count domination "$n" --json; done | median)
  row=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert str(d['count'])=='$want', d; print(d.get('sets_checked', '-'), '|', d.get('orbits', '-'))" "$OUT/last" 2>/dev/null || echo "- | -")
  echo "| $n | $want | $ours | $row |"
done
echo
echo "load after: $(uptime | sed 's/.*load average/load average/')"
