//! Queen domination on the engine: the smallest dominating set found by SAT checks at
//! falling bounds ([`minimum`]), and the minimum sets counted through the engine
//! ([`DominationProblem`]: cubes split from the model, every set checked by the independent
//! checker, D4 orbits weighed when the search is restricted by lex-leader constraints). The
//! exact search without SAT is `nqueens_queens::domination::search`; a test here checks that
//! both agree.

mod minimum;
mod problem;
#[cfg(test)]
mod search_agrees;
mod verdict;

pub use minimum::{minimum, minimum_until, one_set, Minimum, Proof, Search, Step, Stopped};
pub use problem::DominationProblem;
pub use verdict::DominationVerdict;
