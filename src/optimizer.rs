//! The one place optimisers are constructed, as `cli::solver_backend` constructs backends:
//! `optimize` and `count --opb --optimal` choose the same way.

use varisat_enum::optimize::SatOptimizer;
use zero_one_model::{CnfOptions, Optimizer, Search};

/// microlp with the objective itself when `linear` (the model's rows kept as they are, as
/// `--backend ilp` keeps them), else varisat with bounds on the objective encoded by `cnf`'s
/// pseudo-Boolean encoding, moved by `search`.
pub fn optimizer(linear: bool, cnf: CnfOptions, search: Search) -> Box<dyn Optimizer> {
    if linear {
        Box::new(ilp_enum::LpOptimizer)
    } else {
        Box::new(SatOptimizer::new(cnf, search))
    }
}
