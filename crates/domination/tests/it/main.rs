//! The integration tests of this package, one module per feature, built as one binary.

mod engine;
