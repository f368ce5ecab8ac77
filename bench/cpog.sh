#!/usr/bin/env bash
# CPOG certificates of the model counter's counts on MC2022 track-1 files: the plain count
# (`count cnf F --method counter`) against `count cnf F --method counter --certify DIR`
# (compile to a decision-DNNF, then write the CPOG proof), CPOG's own C checker
# `cpog-check` on the bundle, and our checker `nqueens verify DIR`.
# Wall seconds, one run each; peak memory of the certified count from /usr/bin/time.
# The counts of cpog-check and verify must equal the counter's (exit 1 otherwise).
# Environment: MC2022_DIR (default ../shared/bench/mc2022-public or /work/shared/...),
# CPOG_CHECK (a cpog-check binary; default: built with gcc from ../shared/peers/cpog),
# OUT_MD (default bench/results/cpog-table.md).
# Usage: bash bench/cpog.sh [TIMEOUT_S] [FILES...]   (FILES as 007 or mc2022_track1_007)
set -euo pipefail
cd "$(dirname "$0")/.."
TIMEOUT=${1:-60}
shift || true
SRC=${MC2022_DIR:-$(cd .. && pwd)/shared/bench/mc2022-public}
[ -d "$SRC" ] || SRC=/work/shared/bench/mc2022-public
OUT_MD=${OUT_MD:-bench/results/cpog-table.md}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cargo build --release -q -p nqueens-toolkit --bin nqueens
NQ=${CARGO_TARGET_DIR:-target}/release/nqueens
if [ -z "${CPOG_CHECK:-}" ]; then
  PEER=$(cd .. && pwd)/shared/peers/cpog/src
  [ -d "$PEER" ] || PEER=/work/shared/peers/cpog/src
  gcc -O2 -o "$TMP/cpog-check" "$PEER/cpog-check.c" "$PEER/q25.c"
  CPOG_CHECK=$TMP/cpog-check
fi
[ $# -gt 0 ] || set -- 007 009 011 013 015 017 021 033 035 037 039 051 079
secs() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.3f", e - s }'; }
status=0
{
  echo "| file | log10 count | count | --certify (compile + proof) | peak MiB | .cpog MB | cpog-check | verify | (certify + cpog-check) / count | (certify + verify) / count |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$OUT_MD"
for f in "$@"; do
  b=$(basename "$f"); b=${b%.gz}; b=${b%.cnf}; [[ $b == mc2022_* ]] || b=mc2022_track1_$b
  gunzip -c "$SRC/$b.cnf.gz" > "$TMP/$b.cnf"
  s=$(date +%s.%N)
  if ! timeout "$TIMEOUT" "$NQ" count cnf "$TMP/$b.cnf" --method counter --quiet --json > "$TMP/plain.json"; then
    echo "| $b | | timeout | | | | | | | |" >> "$OUT_MD"; continue
  fi
  plain=$(secs "$s" "$(date +%s.%N)")
  rm -rf "$TMP/bundle"
  s=$(date +%s.%N)
  if ! /usr/bin/time -f "%M" -o "$TMP/mem" timeout "$TIMEOUT" "$NQ" count cnf "$TMP/$b.cnf" \
      --method counter --quiet --json --certify "$TMP/bundle" > "$TMP/cert.json"; then
    echo "| $b | | $plain s | timeout ($TIMEOUT s) | | | | | | |" >> "$OUT_MD"; continue
  fi
  cert=$(secs "$s" "$(date +%s.%N)")
  read -r count compile proof < <(python3 -c "import json; d=json.load(open('$TMP/cert.json')); print(d['count'], '%.3f' % d['count_s'], '%.3f' % d['certify_s'])")
  mem=$(( $(tail -1 "$TMP/mem") / 1024 ))
  size=$(awk -v b="$(stat -c %s "$TMP/bundle/certificate.cpog")" 'BEGIN { printf "%.1f", b / 1e6 }')
  s=$(date +%s.%N)
  theirs=$("$CPOG_CHECK" "$TMP/bundle/formula.cnf" "$TMP/bundle/certificate.cpog" | sed -n 's/^CHECK: Regular model count = //p')
  check=$(secs "$s" "$(date +%s.%N)")
  s=$(date +%s.%N)
  "$NQ" verify --json "$TMP/bundle" > "$TMP/verify.json"
  verify=$(secs "$s" "$(date +%s.%N)")
  # Read after the clock stops: an interpreter's start is not the checker's time.
  ours=$(python3 -c "import json,sys; print(json.load(sys.stdin)['checked']['count'])" < "$TMP/verify.json")
  if [ "$theirs" != "$count" ] || [ "$ours" != "$count" ]; then
    echo "$b: counter $count, cpog-check '$theirs', verify '$ours'" >&2; status=1
  fi
  log=$(python3 -c "import math; print('%.1f' % math.log10($count))")
  r1=$(awk -v a="$cert" -v c="$check" -v p="$plain" 'BEGIN { printf "%.0fx", (a + c) / p }')
  r2=$(awk -v a="$cert" -v c="$verify" -v p="$plain" 'BEGIN { printf "%.0fx", (a + c) / p }')
  echo "| $b | $log | $plain s | $cert s ($compile + $proof) | $mem | $size | $check s | $verify s | $r1 | $r2 |" >> "$OUT_MD"
done
cat "$OUT_MD"
exit $status
