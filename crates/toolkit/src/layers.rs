//! The crates this one gathers, whole, under their own names: for what the topic modules
//! leave out, without a second dependency. Names here are those of each crate, so the
//! duplicates the topic modules rename (`Progress`, `Certified`, `count`, ...) are back:
//! prefer the topics.

pub use cnf_count;
pub use cnf_symmetry;
pub use count_certificate;
pub use count_certify;
pub use count_engine;
pub use dpll_enum;
pub use ilp_enum;
pub use nqueens_board;
pub use nqueens_domination;
pub use nqueens_oracle;
pub use nqueens_queens;
pub use sharpcount;
pub use solver_pipe;
pub use toolkit_base;
pub use varisat_enum;
pub use zero_one_backends;
pub use zero_one_model;
