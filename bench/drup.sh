#!/usr/bin/env bash
# Speed of the bundle checker's forward DRUP check (crates/count-certificate/src/check), side by side
# with rate (crates.io, `cargo install rate`) in its default backward mode and in forward mode
# (-f; both with -d, unit deletions ignored as ours does), on CaDiCaL's text DRAT proofs of:
# random 3-SAT at ratio 4.26 with 200 and 250 variables, and what a certified count of Q(N)
# refutes (the pairwise board CNF plus the blocking clauses of its Q(N) solutions, default
# N = 12: 14,200). Prints the lemmas, median seconds of RUNS and lemmas per second.
# Usage: bench/drup.sh [RUNS] [N]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${1:-3}; N=${2:-12}
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
command -v cadical >/dev/null || { apt-get update -qq && apt-get install -y -qq cadical >/dev/null; }
RATE=${NQUEENS_RATE:-$(command -v rate || echo "$HOME/.cargo/bin/rate")}
[ -x "$RATE" ] || cargo install -q --locked rate --version 0.3.0
cargo build --release -q -p count-certify --example check_drat
OURS=target/release/examples/check_drat
python3 - "$OUT" "$N" <<'EOF'
import random, sys
out, n = sys.argv[1], int(sys.argv[2])
def write(name, nvars, clauses):
    with open(f"{out}/{name}.cnf", "w") as f:
        f.write(f"p cnf {nvars} {len(clauses)}\n")
        f.writelines(" ".join(map(str, c)) + " 0\n" for c in clauses)
for nvars, seed in [(200, 1), (250, 2)]:
    r = random.Random(seed)
    write(f"random{nvars}", nvars, [[v if r.random() < 0.5 else -v
        for v in r.sample(range(1, nvars + 1), 3)] for _ in range(int(nvars * 4.26))])
var = lambda r, c: r * n + c + 1
cl = [[var(r, c) for c in range(n)] for r in range(n)]
cells = [(r, c) for r in range(n) for c in range(n)]
for i, (a, b) in enumerate(cells):
    for (c, d) in cells[i + 1:]:
        if a == c or b == d or abs(a - c) == abs(b - d):
            cl.append([-var(a, b), -var(c, d)])
sols = []
def place(r, acc):
    if r == n:
        sols.append(list(acc)); return
    for c in range(n):
        if all(c != d and abs(c - d) != r - q for q, d in enumerate(acc)):
            place(r + 1, acc + [c])
place(0, [])
for s in sols:
    on = {var(r, c) for r, c in enumerate(s)}
    cl.append([-v if v in on else v for v in range(1, n * n + 1)])
write(f"queens{n}-blocked", n * n, cl)
EOF
echo "| proof | lemmas | ours (s) | rate -d (s) | rate -f -d (s) | ours lemmas/s | ours / rate | ours / rate -f |"
echo "|---|---|---|---|---|---|---|---|"
for name in random200 random250 "queens$N-blocked"; do
  cnf="$OUT/$name.cnf"; proof="$OUT/$name.drat"
  cadical -q --no-binary "$cnf" "$proof" > /dev/null || true
  ours=$(for _ in $(seq "$RUNS"); do timed "$OURS" "$cnf" "$proof"; done | median)
  grep -q '^s VERIFIED' "$OUT/last" || { echo "$name: ours did not verify" >&2; exit 1; }
  lemmas=$(grep -o '[0-9]* lemmas' "$OUT/last" | awk '{print $1}')
  back=$(for _ in $(seq "$RUNS"); do timed "$RATE" -d "$cnf" "$proof"; done | median)
  grep -q '^s VERIFIED' "$OUT/last" || { echo "$name: rate did not verify" >&2; exit 1; }
  fwd=$(for _ in $(seq "$RUNS"); do timed "$RATE" -f -d "$cnf" "$proof"; done | median)
  awk -v n="$name" -v l="$lemmas" -v o="$ours" -v b="$back" -v f="$fwd" 'BEGIN {
    printf "| %s | %d | %.2f | %.2f | %.2f | %.0f | %.2fx | %.2fx |\n", n, l, o, b, f, l / o, o / b, o / f }'
done
