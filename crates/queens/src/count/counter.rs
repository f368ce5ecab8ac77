//! What counts a board, said as capabilities and never as a name: the [`BoardCounter`] trait,
//! which the engine over any solver backend ([`EngineCounter`](crate::EngineCounter)) and
//! the bitboard oracle ([`Oracle`](crate::Oracle)) implement alike, and the
//! [`CounterCapabilities`] each says it has. Callers decide by these whether a count can be
//! certified, sharded or checkpointed, which options shape its search, how large a board it
//! takes, and ([`BoardCounter::search`]) how long it will run.

use crate::sizes::Search;
use crate::{Board, CountConfig, FormulationKind, QueensError, Rules, RunOptions, RunOutcome};
use zero_one_model::Capabilities;

/// What a board counter can do, said by the counter itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CounterCapabilities {
    /// The capabilities of the solver backend it counts the board's model with; `None` for a
    /// counter that builds no model, whose search no formulation, encoding or lowering
    /// option shapes.
    pub backend: Option<Capabilities>,
    /// It splits a count into cubes, which shards and checkpoints are made of (and which a
    /// cube depth sets).
    pub cubes: bool,
    /// Its count can be certified: every solution is a model of the board's formula, which a
    /// proof bundle lists and proves complete ([`board_certifier`](crate::board_certifier)).
    pub proofs: bool,
    /// The largest board it takes; `None` for no limit of its own.
    pub max_n: Option<usize>,
}

impl CounterCapabilities {
    /// Nothing: no model, no cubes, no proofs, any board.
    pub const NONE: CounterCapabilities = CounterCapabilities {
        backend: None,
        cubes: false,
        proofs: false,
        max_n: None,
    };

    /// What the engine can do over a backend with the capabilities `backend`: the board's
    /// model in cubes (shards, checkpoints), certified counts, any board size.
    pub const fn engine(backend: Capabilities) -> CounterCapabilities {
        CounterCapabilities {
            backend: Some(backend),
            cubes: true,
            proofs: true,
            max_n: None,
        }
    }

    /// With [`CounterCapabilities::max_n`] set to `max_n`.
    pub const fn max_n(self, max_n: Option<usize>) -> CounterCapabilities {
        CounterCapabilities { max_n, ..self }
    }

    /// The first option given (`true`, by the caller's name) that changes nothing for this
    /// counter, with why: one that builds no model takes none of `shape` (a board's model
    /// options) or `lowering` (the at-most-one, cardinality and pseudo-Boolean encodings),
    /// and no `cube_depth` unless it has cubes; a backend that keeps linear rows as they
    /// are (the ILP one) lowers to no CNF, so `lowering` changes nothing unless the caller
    /// `writes_cnf` all the same (a certificate's formula).
    ///
    /// ```
    /// use nqueens_queens::CounterCapabilities;
    /// let oracle = CounterCapabilities::NONE;
    /// let idle = oracle.idle(&[], &[(false, "amo"), (true, "card")], (false, "depth"), false);
    /// assert_eq!(idle.map(|(name, _)| name), Some("card"));
    /// ```
    pub fn idle<'n>(
        &self,
        shape: &[(bool, &'n str)],
        lowering: &[(bool, &'n str)],
        cube_depth: (bool, &'n str),
        writes_cnf: bool,
    ) -> Option<(&'n str, &'static str)> {
        let (idle, why): (Vec<(bool, &str)>, &str) = match self.backend {
            None => {
                let mut idle = [shape, lowering].concat();
                idle.push((cube_depth.0 && !self.cubes, cube_depth.1));
                (idle, "builds no model and splits its own way")
            }
            Some(b) if b.native_linear && !writes_cnf => (
                lowering.to_vec(),
                "keeps at-most-one, cardinality and linear rows as they are",
            ),
            Some(_) => (Vec::new(), ""),
        };
        let (_, name) = idle.into_iter().find(|(given, _)| *given)?;
        Some((name, why))
    }

    /// Whether its backend gains from many small cubes
    /// ([`Capabilities::deep_cubes`]).
    pub fn deep_cubes(&self) -> bool {
        self.backend.is_some_and(|b| b.deep_cubes)
    }
}

/// Something that counts, and lists, the solutions of an N-Queens board: the engine over a
/// solver backend, or the bitboard oracle. [`count_with`](crate::count_with) checks a
/// configuration against what the counter can do before it counts.
pub trait BoardCounter: Send + Sync {
    /// A short name for reports (`dpll`, `varisat`, `backtrack`, ...).
    fn name(&self) -> String;

    /// What it can do.
    fn capabilities(&self) -> CounterCapabilities;

    /// How it searches, for run-time estimates
    /// ([`sizes::count_seconds`](crate::sizes::count_seconds)).
    fn search(&self) -> Search;

    /// The encodings it uses, for reports (`pairwise`, ..., or `bitboard`).
    fn encoding(&self) -> String;

    /// Counts board `n` under `config`, whose rules and symmetry were checked, and whose
    /// shard or checkpoint in `run` it can honour (as [`count_with`](crate::count_with)
    /// makes sure).
    ///
    /// # Errors
    /// A backend failure, an invalid solution, or a checkpoint that does not fit.
    fn count(
        &self,
        n: usize,
        config: &CountConfig,
        run: &RunOptions,
    ) -> Result<RunOutcome, QueensError>;

    /// Hands the solutions of board `n` under `rules` (checked with [`Rules::check`]) to `f`,
    /// each checked by the independent checker first, until `f` returns `false` or `limit`
    /// were handed over; returns how many were. A counter that builds a model builds
    /// `formulation`'s.
    ///
    /// # Errors
    /// A backend failure, or a solution the checks refuse.
    fn solutions(
        &self,
        n: usize,
        rules: &Rules,
        formulation: FormulationKind,
        limit: Option<u64>,
        f: &mut dyn FnMut(&Board) -> bool,
    ) -> Result<u64, QueensError>;

    /// Refuses a board larger than [`CounterCapabilities::max_n`].
    ///
    /// # Errors
    /// [`QueensError::TooLarge`].
    fn check_size(&self, n: usize) -> Result<(), QueensError> {
        match self.capabilities().max_n {
            Some(max) if n > max => Err(QueensError::TooLarge {
                counter: self.name(),
                n,
                max,
            }),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod idle_tests {
    use super::*;

    #[test]
    fn an_ilp_backend_ignores_the_lowering_unless_a_cnf_is_written() {
        let ilp = CounterCapabilities::engine(Capabilities::NONE.native_linear(true));
        let lowering = [(true, "pb")];
        let (name, why) = ilp
            .idle(&[(true, "shape")], &lowering, (true, "depth"), false)
            .unwrap();
        assert_eq!(
            (name, why),
            (
                "pb",
                "keeps at-most-one, cardinality and linear rows as they are"
            )
        );
        assert_eq!(ilp.idle(&[], &lowering, (true, "depth"), true), None);
        let sat = CounterCapabilities::engine(Capabilities::NONE);
        assert_eq!(
            sat.idle(&[(true, "shape")], &lowering, (true, "depth"), false),
            None
        );
        let oracle = CounterCapabilities::NONE;
        let idle = oracle.idle(&[], &[(false, "pb")], (true, "depth"), false);
        assert_eq!(
            idle,
            Some(("depth", "builds no model and splits its own way"))
        );
    }
}
