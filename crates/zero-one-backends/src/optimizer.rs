//! The optimisers, made in one place as the backends are.

use varisat_enum::optimize::SatOptimizer;
use zero_one_model::{CnfOptions, Optimizer, Search};

/// The optimiser for a model whose rows are kept `linear` (a backend whose capabilities say
/// `native_linear`, as the ILP one's do): microlp with the objective itself; otherwise varisat
/// with bounds on the objective encoded by `cnf`'s pseudo-Boolean encoding, moved by `search`.
/// Either way [`zero_one_model::optimize`] checks the answer.
pub fn optimizer(linear: bool, cnf: CnfOptions, search: Search) -> Box<dyn Optimizer> {
    if linear {
        Box::new(ilp_enum::LpOptimizer)
    } else {
        Box::new(SatOptimizer::new(cnf, search))
    }
}
