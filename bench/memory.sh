#!/usr/bin/env bash
# Memory per clause of `nqueens count cnf` (issue 30): max RSS (/usr/bin/time -v) of
#   read     reading alone: the file is read, then the --nnf path (a directory) is refused
#            (exit 2), so the process ends right after the reader;
#   counter  reading and counting, --method counter --cache-mb 1 (so that the figure is the
#            counter's own structures, not its cache), cut at TIMEOUT_S seconds (the peak so
#            far is still a bound);
#   nnf      reading and compiling, --nnf --cache-mb 64 (the cache and the compiled formula
#            bounded by 64 MiB each; exit 3 when the formula outgrows it);
# on the largest public 2022 competition files and a median one (shared/bench/mc2022-public,
# gzip, decompressed into a temporary directory), and on the synthetic files of the issue.
# Prints a markdown table: the file's bytes, clauses and literals, each run's max RSS in
# MB and in bytes per clause, its exit status (124: cut by the timeout).
# Environment: NQ (the binary, default target/release/nqueens, built when missing),
# MC2022_DIR (the files' directory), TIMEOUT_S (default 30).
# Usage: bash bench/memory.sh [FILES...]   (default: the 3 largest and the median file)
set -euo pipefail
cd "$(dirname "$0")/.."
TIMEOUT=${TIMEOUT_S:-30}
SRC=${MC2022_DIR:-$(cd .. && pwd)/shared/bench/mc2022-public}
[ -d "$SRC" ] || SRC=/work/shared/bench/mc2022-public
NQ=${NQ:-target/release/nqueens}
[ -x "$NQ" ] || cargo build --release -q
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

if [ $# -gt 0 ]; then
  FILES=("$@")
else
  mapfile -t ALL < <(cd "$SRC" && ls -S mc2022_track*.cnf.gz)
  FILES=("$SRC/${ALL[0]}" "$SRC/${ALL[1]}" "$SRC/${ALL[2]}" "$SRC/${ALL[$(( ${#ALL[@]} / 2 ))]}")
  python3 - "$TMP" <<'PY'
import sys
d = sys.argv[1]
with open(f"{d}/issue30_binary_200k.cnf", "w") as f:
    m = 200_000
    f.write(f"p cnf {2 * m} {m}\n" + "".join(f"{2 * i + 1} {2 * i + 2} 0\n" for i in range(m)))
with open(f"{d}/issue30_repeated_2m.cnf", "w") as f:
    f.write("p cnf 3 2000000\n" + "1 2 3 0\n" * 2_000_000)
with open(f"{d}/issue30_long_20k.cnf", "w") as f:
    n = 20_000
    f.write(f"p cnf {n} 2\n" + " ".join(map(str, range(1, n + 1))) + " 0\n"
            + " ".join(str(-i) for i in range(1, n + 1)) + " 0\n")
PY
  FILES+=("$TMP/issue30_binary_200k.cnf" "$TMP/issue30_repeated_2m.cnf" "$TMP/issue30_long_20k.cnf")
fi

# Max RSS in KB of "$@" under the timeout, and its exit status: "KB STATUS".
peak() {
  local st=0
  /usr/bin/time -f '%M' -o "$TMP/rss" timeout "$TIMEOUT" "$@" > /dev/null 2> "$TMP/err" || st=$?
  echo "$(tail -1 "$TMP/rss") $st"
}

echo "| file | bytes | clauses | literals | read MB | B/clause | counter MB | B/clause | exit | --nnf MB | exit |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for f in "${FILES[@]}"; do
  name=$(basename "$f" .gz); name=${name%.cnf}
  cnf="$TMP/$name.cnf"
  case "$f" in *.gz) gunzip -c "$f" > "$cnf" ;; *) [ "$f" = "$cnf" ] || cp "$f" "$cnf" ;; esac
  bytes=$(stat -c %s "$cnf")
  read -r clauses lits < <(grep -v '^[cp%]' "$cnf" | awk '{ for (i = 1; i <= NF; i++) if ($i == 0) c++; else l++ } END { print c + 0, l + 0 }')
  read -r r_kb r_st < <(peak "$NQ" count cnf "$cnf" --nnf "$TMP" -q)
  [ "$r_st" = 2 ] || { echo "reading $name did not stop at the --nnf directory: exit $r_st" >&2; exit 1; }
  read -r c_kb c_st < <(peak "$NQ" count cnf "$cnf" --method counter --cache-mb 1 -q)
  read -r n_kb n_st < <(peak "$NQ" count cnf "$cnf" --nnf "$TMP/$name.nnf" --cache-mb 64 -q)
  rm -f "$TMP/$name.nnf"
  awk -v n="$name" -v b="$bytes" -v c="$clauses" -v l="$lits" -v r="$r_kb" -v k="$c_kb" \
      -v ks="$c_st" -v m="$n_kb" -v ms="$n_st" 'BEGIN {
    printf "| %s | %d | %d | %d | %.1f | %.0f | %.1f | %.0f | %d | %.1f | %d |\n",
      n, b, c, l, r / 1024, r * 1024 / c, k / 1024, k * 1024 / c, ks, m / 1024, ms }'
done
