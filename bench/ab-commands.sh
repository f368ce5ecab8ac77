#!/usr/bin/env bash
# Interleaved A/B of two nqueens binaries on whole command lines: each round runs A then B
# on every line, so that load on a shared machine falls on both alike; prints each line's
# median wall seconds for A and B, their ratio B/A, and whether the two printed the same
# count (the "count" field of a JSON line, or the whole output with times masked).
#   A, B       the two binaries (say, a release build before and after a change)
#   RUNS       rounds (default 5)
#   COMMANDS   a file of argument lines (`count 12 --json --quiet`); `$FILES` in a line is
#              replaced by FILES_DIR, a directory of inputs the caller made
# Usage: FILES_DIR=DIR bash bench/ab-commands.sh A B RUNS COMMANDS
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
A=$1 B=$2 RUNS=$3 COMMANDS=$4
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
mapfile -t lines < <(grep -v '^\s*\(#\|$\)' "$COMMANDS")
answer() {
  python3 - "$OUT/last" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
counts = []
for line in text.splitlines():
    try:
        counts.append(str(json.loads(line).get("count")))
    except (ValueError, AttributeError):
        counts.append(re.sub(r"[0-9.]+ ?(s|ms|seconds)\b", "T", line))
print("|".join(counts))
PY
}
for r in $(seq "$RUNS"); do
  for i in "${!lines[@]}"; do
    args=${lines[$i]//\$FILES/${FILES_DIR:-.}}
    # shellcheck disable=SC2086
    timed "$A" $args >> "$OUT/$i.a"; answer > "$OUT/$i.ca"
    # shellcheck disable=SC2086
    timed "$B" $args >> "$OUT/$i.b"; answer > "$OUT/$i.cb"
  done
done
echo "| command | A median (s) | B median (s) | B / A | A runs | B runs | answers |"
echo "|---|---:|---:|---:|---|---|---|"
for i in "${!lines[@]}"; do
  a=$(median < "$OUT/$i.a"); b=$(median < "$OUT/$i.b")
  same=equal; cmp -s "$OUT/$i.ca" "$OUT/$i.cb" || same=DIFFER
  printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' "${lines[$i]}" "$a" "$b" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')" \
    "$(paste -sd' ' "$OUT/$i.a")" "$(paste -sd' ' "$OUT/$i.b")" "$same"
done
