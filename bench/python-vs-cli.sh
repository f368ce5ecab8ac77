#!/usr/bin/env bash
# Counting through the Python package against the command line, on the same files of the
# 2022 Model Counting Competition (shared/bench/mc2022-public) that the counter solves in
# 1-60 s: both timed as whole processes, one thread each, alternating, REPS runs each
# (median), counts compared with each other and with Ganak's (pyganak).
#   cli     target/release/nqueens count cnf FILE --threads 1
#   python  python -c 'nk.count(nk.read_dimacs(FILE), threads=1)' (interpreter start,
#           import and parsing included), the wheel built by `maturin build --release`
# Also: `import nqueens_kit` time (median of 20, minus a bare interpreter's), the wheel's
# size, and weighted counts exact where pyganak's float is rounded or underflows (files of
# shared/bench/mc2022-public-weighted, and a constructed one).
# Writes bench/results/python.md. Usage: bash bench/python-vs-cli.sh [REPS] [FILES...]
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${1:-3}
shift || true
SRC=${MC2022_DIR:-$(cd .. && pwd)/shared/bench/mc2022-public}
[ -d "$SRC" ] || SRC=/work/shared/bench/mc2022-public
WSRC=${SRC}-weighted
OUT=bench/out/python
mkdir -p "$OUT"

cargo build --release -q --bin nqueens
(cd python && maturin build --release -q --out "../$OUT/wheels" 2>/dev/null)
WHEEL=$(ls -t "$OUT"/wheels/nqueens_kit-*.whl | head -1)
rm -rf "$OUT/venv"
python3 -m venv --system-site-packages "$OUT/venv"
"$OUT/venv/bin/pip" install -q --no-index --force-reinstall "$WHEEL"
"$OUT/venv/bin/python" -c 'import pyganak, pysat.pb' 2>/dev/null ||
  "$OUT/venv/bin/pip" install -q pyganak "python-sat[pb]"

if [ $# -gt 0 ]; then FILES=("$@"); else
  FILES=(mc2022_track1_073 mc2022_track1_023 mc2022_track3_037 mc2022_track3_021
         mc2022_track3_015 mc2022_track1_083)
fi
for f in "${FILES[@]}"; do gzip -dc "$SRC/$f.cnf.gz" > "$OUT/$f.cnf"; done

"$OUT/venv/bin/python" bench/python_vs_cli.py --reps "$REPS" --out "$OUT" --wheel "$WHEEL" \
  --weighted "$WSRC" --source "$SRC" "${FILES[@]}" | tee bench/results/python.md
