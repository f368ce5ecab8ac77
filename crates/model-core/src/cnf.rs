//! A CNF formula as a file gives it: the clauses, the projection, the weights of a weighted
//! model counting file. The DIMACS reader (`model-formats`) makes one; [`Clauses::from_cnf`]
//! takes its formula.
//!
//! [`Clauses::from_cnf`]: crate::Clauses::from_cnf

use crate::{Lit, Var};
use num_rational::BigRational;

/// A CNF formula read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    /// Variables declared in the `p cnf` line.
    pub num_vars: usize,
    /// The clauses, in file order.
    pub clauses: Vec<Vec<Lit>>,
    /// The projection set: the variables of every `c p show ... 0`, `c ind ... 0` and
    /// `vp ... 0` line together, in order of first mention, each once. `None` when the file
    /// has no such line and no `p pcnf` header.
    pub shown: Option<Vec<Var>>,
    /// What was accepted but looks wrong, one human-readable sentence each, naming its line.
    pub warnings: Vec<String>,
    /// The literal weights of a weighted model counting file (`c t wmc`, `c t pwmc`, `c p
    /// weight` lines), in file order, each literal once; `None` for an unweighted file.
    /// Only read when the reader is asked to (`model-formats`' `ReadOptions::weights`);
    /// otherwise such a file is refused.
    pub weights: Option<Vec<(Lit, BigRational)>>,
    /// Clauses left out of [`Cnf::clauses`] because they repeat an earlier clause (the same
    /// set of literals); 0 unless the reader was asked to drop them.
    pub repeated: usize,
}
