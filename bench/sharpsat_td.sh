#!/usr/bin/env bash
# SharpSAT-TD (built as ../shared/peers/sharpsat-td/BUILD.md says, in $SSTD, default
# /tmp/sharpsat-td) on MC2022 files, one core, cut at TIMEOUT_S: prints file, seconds and
# count (the competition's `c s exact arb int N` line), tab-separated, for comparing with
# bench/mc2022.sh's table. Unprojected files only (it has no projected mode): track 1.
# Usage: bash bench/sharpsat_td.sh [TIMEOUT_S] FILE.cnf.gz...
set -euo pipefail
TIMEOUT=${1:-60}; shift
SSTD=${SSTD:-/tmp/sharpsat-td}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
for f in "$@"; do
  name=$(basename "$f" .cnf.gz)
  gunzip -c "$f" > "$TMP/$name.cnf"
  start=$(date +%s.%N)
  out=$(cd "$SSTD/bin" && timeout "$TIMEOUT" ./sharpSAT -decot 1 -decow 100 -tmpdir "$TMP" -cs 3500 "$TMP/$name.cnf" 2>/dev/null || true)
  end=$(date +%s.%N)
  count=$(printf '%s\n' "$out" | sed -n 's/^c s exact arb int //p')
  secs=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
  printf '%s\t%s\t%s\n' "$name" "${count:+$secs}" "${count:-timeout}"
  rm -f "$TMP/$name.cnf"
done
