# Everyday recipes. `just` is optional: every recipe is a plain command you can paste.

# Run the test suite (the README's test command)
test:
    cargo test --workspace

# Formatting and lints, as CI runs them
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings

# The main job: count Q(8) and check it against OEIS
run n="8":
    cargo run --release -- count {{n}}

# Side-by-side benchmarks (see bench/README.md)
bench:
    bash bench/run.sh
