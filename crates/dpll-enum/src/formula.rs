//! A model lowered to CNF once ([`Clauses`], laid out for propagation), and what the
//! branching heuristic looks at: the projection's order and the candidate clauses.

use std::sync::Arc;
use zero_one_model::{Clauses, CnfOptions, Lit, LowerError, Model, StopFlag, Var};

/// The most candidate clauses the branching heuristic scans at each decision.
pub const MAX_CANDIDATES: usize = 4096;

/// The clauses of one model, shared by every enumeration, with what the search's branching
/// needs.
pub struct Formula {
    /// The lowered clauses (model variables first, then auxiliary ones).
    pub clauses: Arc<Clauses>,
    /// Model variables (the first ones).
    pub model_vars: usize,
    /// Whether each variable is in the projection.
    pub shown: Vec<bool>,
    /// Projection variables, most occurrences first, each with the polarity it occurs in
    /// more often (tried first).
    pub order: Vec<Lit>,
    /// Long clauses over projection variables only: branching picks the open one with the
    /// fewest open literals (a row, a cell: the most constrained choice).
    pub candidates: Vec<u32>,
}

impl Formula {
    /// Lowers `model` with `options`.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn new(model: &Model, options: &CnfOptions) -> Result<Formula, LowerError> {
        // Shared with every other user of this model's lowering (the engine's look-ahead).
        Ok(Formula::from_lowered(model, model.lowered(options)?))
    }

    /// [`Formula::new`], given up once `stop` is raised (from any thread).
    ///
    /// # Errors
    /// When the model cannot be lowered, or `stop` was raised
    /// ([`LowerError::is_stopped`]).
    pub fn new_until(
        model: &Model,
        options: &CnfOptions,
        stop: &StopFlag,
    ) -> Result<Formula, LowerError> {
        Ok(Formula::from_lowered(
            model,
            model.lowered_until(options, stop)?,
        ))
    }

    fn from_lowered(model: &Model, clauses: Arc<Clauses>) -> Formula {
        let num_vars = clauses.num_vars();
        let mut shown = vec![false; num_vars];
        for v in model.shown() {
            shown[v.index()] = true;
        }
        // Occurrences in binary and long clauses (units are decided before any branching).
        let mut occurs = vec![0u32; 2 * num_vars];
        for l in clauses.long_lits() {
            occurs[l.code()] += 1;
        }
        for v in 0..num_vars {
            for l in [Var::new(v as u32).positive(), Var::new(v as u32).negative()] {
                // The literals implied by `l` come from clauses containing its negation.
                occurs[(!l).code()] += clauses.implied(l).len() as u32;
            }
        }
        let mut order: Vec<Lit> = model
            .shown()
            .into_iter()
            .map(|v| {
                let (p, n) = (occurs[v.positive().code()], occurs[v.negative().code()]);
                v.lit(p >= n)
            })
            .collect();
        order.sort_by_key(|l| {
            let v = l.var();
            std::cmp::Reverse(occurs[v.positive().code()] + occurs[v.negative().code()])
        });
        order.dedup();
        let mut candidates: Vec<u32> = (0..clauses.num_long() as u32)
            .filter(|&c| clauses.long(c).iter().all(|l| shown[l.var().index()]))
            .collect();
        if candidates.len() > MAX_CANDIDATES {
            // Scanning them at every decision would cost more than it saves: branch in
            // occurrence order instead.
            candidates.clear();
        }
        Formula {
            clauses,
            model_vars: model.num_vars(),
            shown,
            order,
            candidates,
        }
    }

    /// Number of variables, model and auxiliary.
    pub fn num_vars(&self) -> usize {
        self.clauses.num_vars()
    }
}
