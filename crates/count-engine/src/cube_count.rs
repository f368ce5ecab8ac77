//! Counting a cube whose residual formula fell apart ([`crate::residual`]): each piece is
//! enumerated by the backend on its own and validated against its own clauses, and the
//! cube's count is the product of the pieces' counts times 2 per free projection variable.
//! One combination of the pieces' first solutions, with the values propagation fixed, is
//! also checked against every constraint of the whole model and the cube's literals: a
//! residual formula built wrong would fail there.

use crate::check::{CheckIndex, Checker};
use crate::residual::ResidualPart;
use crate::validate::CubeValidator;
use crate::{Count, Cube, EngineError, Overflowed, Problem, Tally, Weight};
use num_bigint::BigUint;
use zero_one_model::{Backend, BackendStat, Model};

/// A piece's model as a problem of its own, so that its solutions go through the same
/// validation as any cube's.
struct Piece<'a>(&'a Model);

impl Problem for Piece<'_> {
    fn model(&self, _part: usize) -> &Model {
        self.0
    }
    fn cubes(&self) -> Vec<Cube> {
        vec![Cube {
            part: 0,
            lits: Vec::new(),
        }]
    }
    fn weigh(&self, _cube: &Cube, _assignment: &[bool]) -> Result<Weight, crate::RejectedSolution> {
        Ok(Weight::ONE)
    }
    fn describe(&self) -> Result<crate::Description, crate::DescriptionError> {
        Ok(crate::Description::named("residual-piece"))
    }
}

/// What one cube counted, before it is recorded.
#[derive(Default)]
pub(crate) struct Counted {
    pub tally: Tally,
    /// The backend's counters, and the engine's own.
    pub stats: Vec<(BackendStat, u64)>,
    /// Solutions past the repeat check's fingerprint bound.
    pub unremembered: u64,
}

/// The whole model, the cube and what propagation fixed, for the combined check.
pub(crate) struct Whole<'a> {
    pub model: &'a Model,
    pub index: &'a CheckIndex,
    pub cube: &'a Cube,
    pub fixed: &'a [Option<bool>],
}

/// Counts the pieces of a cube's residual formula with `backend`; `None` when `stop` said
/// so meanwhile (the cube does not count).
///
/// # Errors
/// A backend failure, an invalid solution, a combined assignment that breaks the model, or
/// more solutions found than 64 bits hold.
pub(crate) fn count_pieces(
    pieces: &[ResidualPart],
    free: u32,
    whole: &Whole,
    backend: &dyn Backend,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Counted>, EngineError> {
    let name = backend.name();
    let overflow = || EngineError::Overflow(Overflowed::Pieces(name.clone()));
    let mut found = 0u64;
    let mut total = BigUint::from(1u32) << free;
    let mut stats = Vec::new();
    let mut combined: Vec<bool> = whole.fixed.iter().map(|v| v.unwrap_or(false)).collect();
    for piece in pieces {
        let problem = Piece(&piece.model);
        let shown = piece.model.shown();
        let index = CheckIndex::new(&piece.model);
        let cube = &problem.cubes()[0];
        let mut validator = CubeValidator::new(&problem, (&shown, &index), cube, &name);
        let prepared = backend.prepare(&piece.model)?;
        let mut solutions = prepared.solutions(&[])?;
        let mut count = 0u64;
        while let Some(assignment) = solutions.next_solution()? {
            validator.check(&assignment)?;
            if count == 0 {
                for (value, origin) in assignment.iter().zip(&piece.origin) {
                    if let Some(v) = origin.filter(|v| v.index() < combined.len()) {
                        combined[v.index()] = *value;
                    }
                }
            }
            count += 1;
            if stop() {
                break;
            }
        }
        stats.extend(solutions.stats());
        if stop() {
            return Ok(None);
        }
        found = found.checked_add(count).ok_or_else(overflow)?;
        total *= count;
        if count == 0 {
            break; // one piece without a model: the cube has none
        }
    }
    if total > BigUint::ZERO {
        let mut checker = Checker::new(whole.index);
        let broken = checker.check(&combined).map(|i| {
            format!(
                "{} constraint #{i} does not hold",
                whole.model.constraints()[i].kind()
            )
        });
        let broken = broken.or_else(|| {
            whole
                .cube
                .lits
                .iter()
                .find(|l| !l.eval(&combined))
                .map(|l| format!("literal {} of the cube does not hold", l.to_dimacs()))
        });
        if let Some(reason) = broken {
            return Err(EngineError::InvalidSolution {
                backend: name,
                reason: format!("the cube's pieces, combined: {reason}"),
            });
        }
    }
    stats.push((BackendStat::CubesCountedInPieces, 1));
    Ok(Some(Counted {
        tally: Tally {
            found,
            orbits: Count(total.clone()),
            total: Count(total),
        },
        stats,
        unremembered: 0,
    }))
}
