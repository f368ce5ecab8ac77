#!/usr/bin/env bash
# Every benchmark, one after the other. Each prints its own medians; see bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/export.sh
bash bench/peers.sh
bash bench/cnf.sh
bash bench/rate.sh
bash bench/drup.sh
bash bench/certify.sh
bash bench/symmetry.sh
bash bench/completion.sh
cargo run --release -q --example compare_encodings -- bench/results 3
bash bench/ilp.sh
bash bench/oracle.sh
