#!/usr/bin/env bash
# Sizes of our pseudo-Boolean encodings (bdd, gte, swc, adder) next to rustsat's
# (GeneralizedTotalizer, DynamicPolyWatchdog, BinaryAdder) and PySAT's (PBEnc over pindakaas:
# bdd, seqcounter, sortnetwrk, adder, binmerge, totalizer, mixedradix) on a fixed table of 32 constraints,
# with every CNF of at most 12 inputs checked against the constraint on every input
# assignment. The binary is bench/pb-sizes/, its own Cargo workspace, so rustsat never enters
# the main workspace's dependency tree. Writes bench/results/pb-sizes.md.
# Usage: bash bench/pb_sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/results/pb-sizes.md
cargo build --release -q --manifest-path bench/pb-sizes/Cargo.toml
python3 -c 'import pysat.pb' 2>/dev/null || python3 -m pip install -q 'python-sat[pb]'
TABLE=$(mktemp); DUMP=$(mktemp); PYSAT=$(mktemp); trap 'rm -f "$TABLE" "$DUMP" "$PYSAT"' EXIT
bench/pb-sizes/target/release/pb-sizes --check --dump "$DUMP" > "$TABLE"
python3 bench/pb_sizes_pysat.py "$DUMP" > "$PYSAT"
{
  echo "# Pseudo-Boolean encoding sizes: ours, rustsat's and PySAT's"
  echo
  echo "\`bash bench/pb_sizes.sh\`, $(date -u +%Y-%m-%d), $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "(rustsat $(grep -A1 '^name = "rustsat"' bench/pb-sizes/Cargo.lock | sed -n 's/version = "\(.*\)"/\1/p'))."
  echo
  echo "Each constraint is first brought to our normal form (positive weights on distinct"
  echo "variables, weights divided by their gcd, nothing forced); both sides encode that same"
  echo "constraint. Ours: \`PbEncoding::encode\` on a fresh allocator. rustsat's: a fresh encoder"
  echo "from the same weighted literals, \`encode_ub(k..=k)\` / \`encode_lb(k..=k)\` /"
  echo "\`encode_both(k..=k)\` for exactly the one bound, then its \`enforce_*\` literals added as"
  echo "unit clauses (what rustsat's own \`encode_*_constr\` does). Counted: auxiliary variables"
  echo "allocated and clauses written, units included; inputs not counted. \`– (> 2^25)\`: ours"
  echo "refused past its size limit; \`– (> 20 s)\`: the rustsat cell was stopped after 10 s."
  echo
  cat "$TABLE"
  echo
  echo "## PySAT's encodings"
  echo
  echo "PySAT $(python3 -c 'import pysat; print(pysat.__version__)') (\`PBEnc\` over pindakaas), on the same normal form: \`PBEnc.atmost\` /"
  echo "\`atleast\` / \`equals\` with \`top_id = n\`; cells are auxiliary variables (\`nv - n\`) / clauses,"
  echo "each stopped after 20 s (\`bench/pb_sizes_pysat.py\`)."
  echo
  cat "$PYSAT"
} > "$OUT"
echo "wrote $OUT"
