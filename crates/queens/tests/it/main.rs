//! The integration tests of this package, one module per feature, built as one binary.

mod certified_board;
mod counters;
mod encoding_size;
mod every_encoding;
