#!/usr/bin/env bash
# One thread against two for the model counter (issue 34: at least 1.5x faster on the
# unprojected files one thread counts in 10-60 s): `nqueens count cnf FILE --method
# counter --threads N` on each MC2022 file named, REPEAT times each way, alternating, on a
# machine with nothing else running. Prints one row per file: the median seconds of each,
# their ratio, and whether the counts agree; then the median ratio.
#
# Usage: bash bench/threads.sh TIMEOUT_S NAME...   (NAME: track1_077 ...)
#   env REPEAT=1  NQ=binary (default: $CARGO_TARGET_DIR or target, release)
set -euo pipefail
cd "$(dirname "$0")/.."
TIMEOUT=${1:?TIMEOUT_S}; shift
[ $# -gt 0 ] || { echo "usage: bash bench/threads.sh TIMEOUT_S NAME..." >&2; exit 2; }
ROOT=$(cd .. && pwd)/shared/bench/mc2022-public
[ -d "$ROOT" ] || ROOT=/work/shared/bench/mc2022-public
REPEAT=${REPEAT:-1}
if [ -z "${NQ:-}" ]; then
  cargo build --release --quiet
  NQ=${CARGO_TARGET_DIR:-target}/release/nqueens
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Seconds and count of one run: THREADS FILE.
run() {
  local s e out
  s=$(date +%s.%N)
  out=$(timeout "$TIMEOUT" "$NQ" count cnf "$2" --method counter --threads "$1" --json -q \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])' || echo -)
  e=$(date +%s.%N)
  awk -v s="$s" -v e="$e" -v c="$out" 'BEGIN { printf "%.2f %s\n", e - s, c }'
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf 'file\tone_s\ttwo_s\tratio\tagree\n'
ratios=()
for name in "$@"; do
  gunzip -c "$ROOT/mc2022_$name.cnf.gz" > "$tmp/f.cnf"
  : > "$tmp/1"; : > "$tmp/2"
  for _ in $(seq "$REPEAT"); do
    run 1 "$tmp/f.cnf" >> "$tmp/1"
    run 2 "$tmp/f.cnf" >> "$tmp/2"
  done
  one=$(cut -d' ' -f1 "$tmp/1" | median)
  two=$(cut -d' ' -f1 "$tmp/2" | median)
  agree=no
  [ "$(cut -d' ' -f2 "$tmp/1" | sort -u)" = "$(cut -d' ' -f2 "$tmp/2" | sort -u)" ] && agree=yes
  ratio=$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')
  ratios+=("$ratio")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$one" "$two" "$ratio" "$agree"
done
printf 'median ratio\t%s\n' "$(printf '%s\n' "${ratios[@]}" | median)"
