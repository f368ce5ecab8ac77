#!/usr/bin/env bash
# The model counter against the champions on the four tracks of the 2022 Model Counting
# Competition (issue 34): every public file of tracks 1 (mc) and 3 (pmc) in
# ../shared/bench/mc2022-public/ and of tracks 2 (wmc) and 4 (pwmc) in
# ../shared/bench/mc2022-public-weighted/, counted by
#   ours   `nqueens count cnf FILE --method counter --format mcc --threads 1` (release
#          build; the competition's answer lines, exact; `--method counter` because the
#          default `auto` enumerates for a first second before it hands a file with too
#          many models to list over to the counter);
#   ganak  Ganak 2.9 through PyPI's pyganak, one thread (tests/helpers/ganak_count.py,
#          ganak_weighted.py: Counter and WeightedCounter);
#   sstd   SharpSAT-TD (../shared/peers/sharpsat-td/BUILD.md, in $SSTD, default
#          /tmp/sharpsat-td; tracks 1 and 2 only: it has no projection), as the competition
#          ran it (-decot 1 at this budget), -WE -prec 20 for weights;
# each as a whole process under `timeout TIMEOUT_S` and /usr/bin/time (peak memory).
#
# Resumable: every run appends one row to $RAW (default bench/results/tracks/raw.tsv):
#   track file tool timeout_s seconds status answer peak_kb
# with status ok | timeout | error and answer the exact count (`c s exact ...`, or Ganak's
# printed count); a (file, tool, timeout) already in $RAW is not run again. Rows are
# written only when a run ends, so an interrupted benchmark loses at most the runs under way
# (and writes no row for them).
# JOBS=2 runs two processes at once (one core each, for a 2-core machine with nothing else
# running). bench/tracks_table.py turns $RAW into the tables of bench/results/tracks.md.
#
# Usage: bash bench/tracks.sh TIMEOUT_S TRACK...   (TRACK: 1 2 3 4)
#   env TOOLS="ours ganak sstd"  FILES="regex on file names"  JOBS=1  RAW=...  NQ=binary
set -euo pipefail
cd "$(dirname "$0")/.."
TIMEOUT=${1:?TIMEOUT_S}; shift
[ $# -gt 0 ] || { echo "usage: bash bench/tracks.sh TIMEOUT_S TRACK..." >&2; exit 2; }
ROOT=$(cd .. && pwd)/shared/bench
[ -d "$ROOT" ] || ROOT=/work/shared/bench
RAW=${RAW:-bench/results/tracks/raw.tsv}
TOOLS=${TOOLS:-ours ganak sstd}
JOBS=${JOBS:-1}
SSTD=${SSTD:-/tmp/sharpsat-td}
mkdir -p "$(dirname "$RAW")"
touch "$RAW"
if [ -z "${NQ:-}" ]; then
  cargo build --release -q
  NQ=${CARGO_TARGET_DIR:-target}/release/nqueens
fi
NQ=$(realpath "$NQ")
export NQ TIMEOUT SSTD RAW
[ -x /usr/bin/time ] || { echo "bench/tracks.sh needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

# One run: track file tool. Appends its row to $RAW under a lock.
one() {
  local track=$1 gz=$2 tool=$3
  local name; name=$(basename "$gz" .cnf.gz)
  local tmp; tmp=$(mktemp -d)
  gunzip -c "$gz" > "$tmp/f.cnf"
  local weighted=0; [ "$track" = 2 ] || [ "$track" = 4 ] && weighted=1
  local cmd
  case $tool in
    ours) cmd=("$NQ" count cnf "$tmp/f.cnf" --method counter --format mcc --threads 1 --quiet) ;;
    ganak)
      local helper=tests/helpers/ganak_count.py
      [ $weighted = 1 ] && helper=tests/helpers/ganak_weighted.py
      cmd=(python3 "$helper" "$tmp/f.cnf") ;;
    sstd)
      local we=(); [ $weighted = 1 ] && we=(-WE -prec 20)
      cmd=(env -C "$SSTD/bin" ./sharpSAT "${we[@]}" -decot 1 -decow 100 -tmpdir "$tmp" -cs 3500 "$tmp/f.cnf") ;;
  esac
  local s e st=0 stopped=0
  # Stopping the benchmark (Ctrl-C, kill) must not leave a row for the run under way: its
  # tool was killed, not wrong.
  # `timeout --foreground` stays in the benchmark's process group, so that stopping the
  # benchmark (Ctrl-C, a group kill) stops the tool too rather than leave it running.
  local pid
  trap 'stopped=1' INT TERM HUP
  s=$(date +%s.%N)
  /usr/bin/time -f %M -o "$tmp/kb" timeout --foreground "$TIMEOUT" "${cmd[@]}" \
    > "$tmp/out" 2> "$tmp/err" &
  pid=$!
  wait "$pid" || st=$?
  e=$(date +%s.%N)
  if [ $stopped = 1 ]; then
    wait "$pid" 2>/dev/null || true
    rm -rf "$tmp"
    exit 130
  fi
  local status=ok answer
  if [ "$tool" = ganak ]; then
    answer=$(tail -n 1 "$tmp/out")
  else
    answer=$(sed -n 's/^c s exact arb [a-z]* //p' "$tmp/out" | head -n 1)
  fi
  if [ $st = 124 ] || [ $st = 137 ]; then status=timeout; answer=-
  elif [ $st != 0 ] || [ -z "$answer" ]; then status=error; answer=-; fi
  local kb; kb=$(grep -E '^[0-9]+$' "$tmp/kb" | tail -n 1 || true)
  local secs; secs=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.2f", e - s }')
  (
    flock 9
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$track" "$name" "$tool" "$TIMEOUT" "$secs" \
      "$status" "$answer" "${kb:-0}" >> "$RAW"
  ) 9>> "${TMPDIR:-/tmp}/nqueens-tracks.lock"
  printf '%s %s %s %s s %s\n' "$track" "$name" "$tool" "$secs" "$status" >&2
  rm -rf "$tmp"
}
export -f one

# The runs not yet in $RAW, one per line: track file tool.
todo() {
  for t in "$@"; do
    local dir=$ROOT/mc2022-public
    { [ "$t" = 2 ] || [ "$t" = 4 ]; } && dir=$ROOT/mc2022-public-weighted
    for gz in "$dir"/mc2022_track${t}_*.cnf.gz; do
      local name; name=$(basename "$gz" .cnf.gz)
      [[ -z "${FILES:-}" || "$name" =~ $FILES ]] || continue
      for tool in $TOOLS; do
        { [ "$tool" = sstd ] && { [ "$t" = 3 ] || [ "$t" = 4 ]; }; } && continue
        awk -F'\t' -v n="$name" -v tool="$tool" -v to="$TIMEOUT" \
          '$2 == n && $3 == tool && $4 == to { found = 1 } END { exit !found }' "$RAW" && continue
        printf '%s %s %s\n' "$t" "$gz" "$tool"
      done
    done
  done
}

todo "$@" | xargs -P "$JOBS" -L 1 bash -c 'one "$@"' _
