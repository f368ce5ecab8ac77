#!/usr/bin/env bash
# The exact model counter `sharpcount` against Ganak on real files of the 2022 Model
# Counting Competition (shared/bench/mc2022-public, see its README).
#   ganak   Ganak through PyPI's pyganak, one thread (tests/helpers/ganak_count.py: parses
#           the file, sets the `c p show` projection, counts);
#   ours    crates/sharpcount/examples/count.rs (release build): parses the file, counts,
#           prints the count.
# Both are timed as whole processes (interpreter or binary start and parsing included) and
# cut at TIMEOUT_S seconds. Counts are compared exactly, as decimal integers.
# Default files: the 24 smallest `.cnf.gz` of track 1 (mc) and the 24 smallest of track 3
# (pmc), by compressed size. FILES may name others (with or without directory and `.gz`).
# Prints a markdown table and a summary; the table is also written to $OUT_MD
# (default bench/results/mc2022.md). Peak memory of ours comes from /usr/bin/time (left
# out when it is missing). Environment: MC2022_DIR (the files' directory, default
# ../shared/bench/mc2022-public or /work/shared/...), CARGO_TARGET_DIR (where the example
# is built, e.g. a private one so that other builds cannot replace it mid-run).
# With SIDE_BY_SIDE=1 Ganak and ours run at the same time on each file, one core each (for a
# 2-core machine with nothing else running: half the wall time, both under the same load).
# Exits non-zero when any count differs.
# Usage: bash bench/mc2022.sh [TIMEOUT_S] [FILES...]
set -euo pipefail
cd "$(dirname "$0")/.."
TIMEOUT=${1:-60}
shift || true
SRC=${MC2022_DIR:-$(cd .. && pwd)/shared/bench/mc2022-public}
[ -d "$SRC" ] || SRC=/work/shared/bench/mc2022-public
OUT_MD=${OUT_MD:-bench/results/mc2022.md}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cargo build --release -q -p sharpcount --example count
python3 -c 'import pyganak' 2>/dev/null || python3 -m pip install -q pyganak
OURS=${CARGO_TARGET_DIR:-target}/release/examples/count

if [ $# -gt 0 ]; then
  FILES=()
  for f in "$@"; do b=$(basename "$f"); b=${b%.gz}; b=${b%.cnf}; FILES+=("$SRC/$b.cnf.gz"); done
else
  mapfile -t FILES < <( (cd "$SRC" && ls -S -r mc2022_track1_*.cnf.gz | head -24; ls -S -r mc2022_track3_*.cnf.gz | head -24) | sed "s|^|$SRC/|")
fi

HAVE_TIME=0; [ -x /usr/bin/time ] && HAVE_TIME=1
# Runs "$@" under the timeout; prints "SECONDS STATUS" and leaves stdout in $TMP/$OUTNAME
# (default out).
run() {
  local s e st=0 o=${OUTNAME:-out}
  s=$(date +%s.%N)
  timeout "$TIMEOUT" "$@" > "$TMP/$o" 2> "$TMP/$o.err" || st=$?
  e=$(date +%s.%N)
  awk -v s="$s" -v e="$e" -v st="$st" 'BEGIN { printf "%.2f %d\n", e - s, st }'
}

ROWS="$TMP/rows"; : > "$ROWS"; : > "$TMP/both"
n_g=0; n_o=0; n_wrong=0; n_fast_missed=0; missed=""; wrong=""
for gz in "${FILES[@]}"; do
  name=$(basename "$gz" .cnf.gz)
  cnf="$TMP/$name.cnf"
  gunzip -c "$gz" > "$cnf"
  read -r vars clauses < <(grep -m1 '^p cnf' "$cnf" | awk '{print $3, $4}')
  proj=no; grep -q '^c p show' "$cnf" && proj=yes
  if [ "${SIDE_BY_SIDE:-0}" = 1 ]; then
    OUTNAME=gout run python3 tests/helpers/ganak_count.py "$cnf" > "$TMP/gtime" &
    gpid=$!
  else
    OUTNAME=gout run python3 tests/helpers/ganak_count.py "$cnf" > "$TMP/gtime"
  fi
  if [ "$HAVE_TIME" = 1 ]; then
    read -r ot os < <(run /usr/bin/time -f '%M' -o "$TMP/rss" "$OURS" "$cnf")
  else
    read -r ot os < <(run "$OURS" "$cnf")
  fi
  oc=""; [ "$os" = 0 ] && oc=$(tail -n 1 "$TMP/out" | tr -d '[:space:]')
  [ "${SIDE_BY_SIDE:-0}" = 1 ] && wait "$gpid"
  read -r gt gs < "$TMP/gtime"
  gc=""; [ "$gs" = 0 ] && gc=$(tail -n 1 "$TMP/gout" | tr -d '[:space:]')
  rss="-"
  if [ "$HAVE_TIME" = 1 ] && [ -s "$TMP/rss" ]; then
    rss=$(awk '/^[0-9]+$/ {printf "%.0f", $1 / 1024}' "$TMP/rss"); rm -f "$TMP/rss"
  fi
  [ -n "$gc" ] && n_g=$((n_g + 1))
  [ -n "$oc" ] && n_o=$((n_o + 1))
  if [ -n "$gc" ] && [ -n "$oc" ]; then
    if [ "$gc" = "$oc" ]; then agree=equal; echo "$gt $ot" >> "$TMP/both"
    else agree=DIFFERENT; n_wrong=$((n_wrong + 1)); wrong="$wrong $name"; fi
  elif [ -n "$gc" ]; then agree=only-ganak; missed="$missed $name"
    awk -v t="$gt" 'BEGIN { exit !(t <= 1.0) }' && n_fast_missed=$((n_fast_missed + 1))
  elif [ -n "$oc" ]; then agree=only-ours
  else agree=neither; fi
  count=${gc:-$oc}
  digits="-"; [ -n "$count" ] && digits=${#count}
  gshow=$gt; [ -z "$gc" ] && gshow=">$TIMEOUT"
  oshow=$ot; [ -z "$oc" ] && oshow=">$TIMEOUT"
  [ -z "$gc" ] && [ "$gs" != 124 ] && gshow="fail($gs)"
  [ -z "$oc" ] && [ "$os" != 124 ] && [ "$os" != 2 ] && oshow="fail($os)"
  echo "| $name | $vars | $clauses | $proj | $digits | $gshow | $oshow | $agree | $rss |" | tee -a "$ROWS" >&2
done

{
  echo "Exact model counting on ${#FILES[@]} files of the 2022 Model Counting Competition"
  side=""; [ "${SIDE_BY_SIDE:-0}" = 1 ] && side="SIDE_BY_SIDE=1 "
  how="one after the other"; [ -n "$side" ] && how="side by side, one core each"
  echo "(\`${side}bash bench/mc2022.sh $TIMEOUT\`; timeout ${TIMEOUT} s each, one thread each, $how; $(date -u +%Y-%m-%d); $(nproc) cores)."
  echo
  echo "| file | vars | clauses | projected | count digits | ganak (s) | ours (s) | agreement | ours peak MB |"
  echo "|---|---:|---:|---|---:|---:|---:|---|---:|"
  cat "$ROWS"
  echo
  echo "Solved: ganak $n_g, ours $n_o of ${#FILES[@]}; solved by ganak within 1 s and missed by us: $n_fast_missed; wrong counts: $n_wrong."
  if [ -s "$TMP/both" ]; then
    awk '{ r = ($2 > 0.005 ? $2 : 0.005); print $1 / r }' "$TMP/both" | sort -g |
      awk '{ a[NR] = $1 } END { printf "Median of ganak time / our time over the %d files both solved: %.1f (whole processes, start-up included).\n", NR, a[int((NR + 1) / 2)] }'
  fi
  awk '$1 > 1 || $2 > 1 { r = ($2 > 0.005 ? $2 : 0.005); print $1 / r }' "$TMP/both" | sort -g |
    awk '{ a[NR] = $1 } END { if (NR) printf "The same median over the %d of them where either takes over 1 s: %.2f.\n", NR, a[int((NR + 1) / 2)] }'
  [ -n "$missed" ] && echo "Missed by us:$missed."
  [ -n "$wrong" ] && echo "DIFFERENT:$wrong."
  true
} > "$TMP/table.md"
cat "$TMP/table.md"
mkdir -p "$(dirname "$OUT_MD")"
cp "$TMP/table.md" "$OUT_MD"
[ "$n_wrong" = 0 ]
