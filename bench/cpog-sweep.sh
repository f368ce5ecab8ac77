#!/usr/bin/env bash
# Which public MC2022 track-1 files the counter certifies: for each file, the plain count
# (`count cnf F --method counter`, limit PLAIN_S), then, when it counts, the certified count
# into a CPOG bundle (limit CERT_S), `cpog-check` and `nqueens verify` on it (limit CHECK_S
# each). One TSV line per file: status of each stage, the count, the certificate's
# operations, proof steps and bytes (where cpog-check accepts the proof but prints another
# count, the graph is also counted exactly by bench/pog_count.py). Sizes and outcomes only,
# no times: run it at low
# priority beside other work (`nice bash bench/cpog-sweep.sh`).
# Environment: MC2022_DIR, CPOG_CHECK (as bench/cpog.sh), PLAIN_S (60), CERT_S (300),
# CHECK_S (300), OUT (bench/results/cpog-sweep.tsv).
# Usage: bash bench/cpog-sweep.sh [FILES...]   (FILES as 041 or mc2022_track1_041; default all)
set -uo pipefail
cd "$(dirname "$0")/.."
SRC=${MC2022_DIR:-$(cd .. && pwd)/shared/bench/mc2022-public}
[ -d "$SRC" ] || SRC=/work/shared/bench/mc2022-public
PLAIN_S=${PLAIN_S:-60}
CERT_S=${CERT_S:-300}
CHECK_S=${CHECK_S:-300}
OUT=${OUT:-bench/results/cpog-sweep.tsv}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cargo build --release -q -p nqueens-toolkit --bin nqueens || exit 1
NQ=${CARGO_TARGET_DIR:-target}/release/nqueens
if [ -z "${CPOG_CHECK:-}" ]; then
  PEER=$(cd .. && pwd)/shared/peers/cpog/src
  [ -d "$PEER" ] || PEER=/work/shared/peers/cpog/src
  gcc -O2 -o "$TMP/cpog-check" "$PEER/cpog-check.c" "$PEER/q25.c" || exit 1
  CPOG_CHECK=$TMP/cpog-check
fi
if [ $# -eq 0 ]; then
  set -- $(cd "$SRC" && ls mc2022_track1_*.cnf.gz | sed 's/\.cnf\.gz$//')
fi
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(*(d.get(k, '') for k in sys.argv[2:]))" "$@"; }
printf 'file\tplain\tcount\tcertify\toperations\tsteps\tbytes\tcpog-check\tverify\n' > "$OUT"
for f in "$@"; do
  b=$(basename "$f"); b=${b%.gz}; b=${b%.cnf}; [[ $b == mc2022_* ]] || b=mc2022_track1_$b
  gunzip -c "$SRC/$b.cnf.gz" > "$TMP/f.cnf"
  line() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$@" >> "$OUT"; }
  if ! timeout "$PLAIN_S" "$NQ" count cnf "$TMP/f.cnf" --method counter --quiet --json > "$TMP/plain.json" 2> "$TMP/err"; then
    line "timeout/fail" "" "" "" "" "" "" ""; continue
  fi
  count=$(json "$TMP/plain.json" count)
  rm -rf "$TMP/bundle"
  if ! timeout "$CERT_S" "$NQ" count cnf "$TMP/f.cnf" --method counter --quiet --json \
      --certify "$TMP/bundle" > "$TMP/cert.json" 2> "$TMP/err"; then
    why=$(head -c 120 "$TMP/err" | tr '\t\n' '  ')
    line ok "$count" "no: ${why:-timeout}" "" "" "" "" ""; continue
  fi
  read -r ops steps bytes < <(json "$TMP/cert.json" operations steps certificate_bytes)
  # cpog-check prints two lines per hint (tens of GB on a large certificate): read its
  # output as it comes, never store it; pipefail gives timeout's status.
  said=$(timeout "$CHECK_S" "$CPOG_CHECK" "$TMP/bundle/formula.cnf" \
    "$TMP/bundle/certificate.cpog" 2>&1 |
    sed -n 's/^CHECK: Regular model count = //p; s/^CHECK: FULL-PROOF SUCCESS.*/proof-ok/p')
  theirs_rc=$?
  theirs=$(echo "$said" | grep -v proof-ok)
  # cpog-check's arithmetic was seen to miscount a graph whose proof it accepted
  # (track1_045, 055): then the graph is counted exactly by bench/pog_count.py too.
  exact=""
  if [[ $said == *proof-ok* && -n $theirs && $theirs != "$count" ]]; then
    exact=$(python3 bench/pog_count.py "$TMP/bundle/formula.cnf" "$TMP/bundle/certificate.cpog")
  fi
  timeout "$CHECK_S" "$NQ" verify --json "$TMP/bundle" > "$TMP/ours" 2>/dev/null; ours_rc=$?
  ours=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['checked']['count'])" \
    "$TMP/ours" 2>/dev/null)
  # A checker cut at CHECK_S is said as such, not as a refusal.
  verdict() { if [ "$2" = "$count" ]; then echo accepted; elif [ "$1" = 124 ]; then
    echo "timeout (${CHECK_S} s)"; else echo "no (${2:-none})"; fi; }
  if [ -n "$exact" ]; then
    theirs="proof accepted, count wrong: $theirs (exact count of the graph: $( \
      [ "$exact" = "$count" ] && echo "ours" || echo "$exact"))"
  else
    theirs=$(verdict "$theirs_rc" "$theirs")
  fi
  ours=$(verdict "$ours_rc" "$ours")
  line ok "$count" ok "$ops" "$steps" "$bytes" "$theirs" "$ours"
done
cat "$OUT"
