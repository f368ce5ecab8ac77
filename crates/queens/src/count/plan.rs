//! A board count as a caller asks for it, checked before it runs: the symmetry chosen (the
//! strongest exact one, or one asked for and held to being exact), the options that take a
//! single board size, a cube depth the symmetry can work with, what the counter can do, and
//! the estimated time ([`CountRequest`]); a refusal says why in the caller's terms
//! ([`CountRefusal::said`]).

use super::{BoardCounter, CountConfig, NotExact, Shard, Symmetry};
use crate::sizes::{self, TooLong};
use crate::{FormulationKind, Rules, Spelling};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::Arc;

/// Which symmetry a count uses: one of the board's, held to being exact, or the strongest
/// exact one for each board ([`Symmetry::best_for`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SymmetryChoice {
    /// This symmetry, refused where it is not exact.
    Board(Symmetry),
    /// The strongest exact symmetry of each board.
    Auto,
}

impl SymmetryChoice {
    /// The names [`SymmetryChoice::from_str`] reads: the symmetries' and `auto`.
    pub const NAMES: [&'static str; 5] = ["none", "mirror", "d4", "shift", "auto"];
}

impl FromStr for SymmetryChoice {
    type Err = zero_one_model::named::UnknownName;

    /// `auto`, or a [`Symmetry`]'s name.
    ///
    /// ```
    /// use nqueens_queens::{Symmetry, SymmetryChoice};
    /// assert_eq!("auto".parse(), Ok(SymmetryChoice::Auto));
    /// assert_eq!("d4".parse(), Ok(SymmetryChoice::Board(Symmetry::D4)));
    /// assert!("d8".parse::<SymmetryChoice>().unwrap_err().expected.contains(&"auto"));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(SymmetryChoice::Auto),
            _ => s.parse().map(SymmetryChoice::Board).map_err(|mut e| {
                e.expected.push("auto");
                e
            }),
        }
    }
}

/// A count of one board size or a range of them, as asked: [`CountRequest::config`] makes
/// each board's [`CountConfig`], [`CountRequest::check`] refuses what cannot run.
#[derive(Clone)]
pub struct CountRequest<'a> {
    /// The board sizes.
    pub sizes: RangeInclusive<usize>,
    /// The formulation a counter that builds a model counts.
    pub formulation: FormulationKind,
    /// What counts.
    pub counter: Arc<dyn BoardCounter>,
    /// The counter in words, for refusals (`the DPLL enumerator`).
    pub counter_what: &'a str,
    /// The counter's short name, for refusals (`dpll`).
    pub counter_name: &'a str,
    /// The symmetry asked for; `None`: [`SymmetryChoice::Auto`], or no symmetry for a
    /// certified count (which lists every solution).
    pub symmetry: Option<SymmetryChoice>,
    /// The count is certified.
    pub certify: bool,
    /// Rows fixed per cube; `None` picks by n.
    pub cube_depth: Option<usize>,
    /// Finished cubes are kept in a checkpoint.
    pub checkpoint: bool,
    /// Only this shard is counted.
    pub shard: Option<Shard>,
    /// Worker threads.
    pub threads: usize,
    /// Run a count estimated past [`sizes::LIMIT_S`] too.
    pub force: bool,
}

/// Why a [`CountRequest`] cannot run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CountRefusal {
    /// The symmetry asked for is not exact for the board.
    #[error("{}", self.said(&Spelling::default()))]
    NotExact {
        /// The symmetry.
        symmetry: Symmetry,
        /// Why not.
        reason: NotExact,
    },
    /// Given or blocked squares with a range of sizes.
    #[error("{}", self.said(&Spelling::default()))]
    SquaresOverRange,
    /// A checkpoint or a shard with a range of sizes.
    #[error("{}", self.said(&Spelling::default()))]
    ResumableOverRange,
    /// No rows fixed per cube, and a symmetry that needs the first row fixed.
    #[error("{}", self.said(&Spelling::default()))]
    NoRowForSymmetry {
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// A checkpoint or a shard, and a counter without cubes.
    #[error("{}", self.said(&Spelling::default()))]
    NoCubes {
        /// The counter in words.
        counter: String,
    },
    /// A board past the counter's own limit.
    #[error("{}", self.said(&Spelling::default()))]
    PastCounter {
        /// The board size.
        n: usize,
        /// The counter's limit.
        max: usize,
        /// The counter in words.
        counter: String,
    },
    /// Estimated too long (or past the estimates).
    #[error("{}", self.said(&Spelling::default()))]
    TooLong(TooLong),
}

impl CountRefusal {
    /// What is refused, in `names`' terms, and what to do instead.
    ///
    /// ```
    /// use nqueens_queens::{CountRefusal, Spelling};
    /// let names = Spelling { checkpoint: "--checkpoint", shard: "--shard", ..Spelling::default() };
    /// assert_eq!(
    ///     CountRefusal::ResumableOverRange.said(&names),
    ///     "--checkpoint and --shard take a single board size, not a range"
    /// );
    /// ```
    pub fn said(&self, names: &Spelling<'_>) -> String {
        let Spelling {
            symmetry: sym,
            checkpoint,
            shard,
            cube_depth,
            ..
        } = names;
        match self {
            CountRefusal::NotExact {
                reason: e @ NotExact::ShiftOffTorus { .. },
                ..
            } => format!("{sym} shift needs {} toroidal: {e}", names.variant),
            CountRefusal::NotExact { symmetry, reason } => format!(
                "{sym} {symmetry} is not exact here: {reason} (use {sym} auto to pick one that is, or none)"
            ),
            CountRefusal::SquaresOverRange => format!(
                "{} take a single board size, not a range",
                names.squares
            ),
            CountRefusal::ResumableOverRange => {
                format!("{checkpoint} and {shard} take a single board size, not a range")
            }
            CountRefusal::NoRowForSymmetry { symmetry } => format!(
                "{cube_depth} 0 with {sym} {}: the symmetry works on the first row, so every cube fixes at least one (give 1 or more, or {sym} none)",
                symmetry.name()
            ),
            CountRefusal::NoCubes { counter } => {
                format!("{shard} and {checkpoint} need a solver backend ({counter} has no cubes)")
            }
            CountRefusal::PastCounter { n, max, counter } => {
                format!("n = {n}: {counter} handles n <= {max}")
            }
            CountRefusal::TooLong(e) => format!("{e}; pass {} to run it anyway", names.force),
        }
    }
}

impl CountRequest<'_> {
    /// The configuration of the n x n board under `rules`: the symmetry asked for when it is
    /// exact there, else the strongest exact one (none for a certified count not told
    /// otherwise).
    ///
    /// # Errors
    /// [`CountRefusal::NotExact`] for a symmetry asked for that is not exact.
    pub fn config(&self, n: usize, rules: Rules) -> Result<CountConfig, CountRefusal> {
        let symmetry = match self.symmetry {
            None if self.certify => Symmetry::None,
            None | Some(SymmetryChoice::Auto) => Symmetry::best_for(n, &rules),
            Some(SymmetryChoice::Board(s)) => {
                s.check_exact(n, &rules)
                    .map_err(|reason| CountRefusal::NotExact {
                        symmetry: s,
                        reason,
                    })?;
                s
            }
        };
        Ok(CountConfig {
            formulation: self.formulation,
            counter: self.counter.clone(),
            threads: self.threads,
            cube_depth: self.cube_depth,
            symmetry,
            rules,
        })
    }

    /// Refuses what cannot run, given the configuration of the first board size: squares or
    /// a checkpoint or shard over a range, a symmetry with no row fixed per cube, a checkpoint
    /// or shard with a counter without cubes, a board past the counter's limit, and (unless
    /// [`CountRequest::force`]) a count estimated past [`sizes::LIMIT_S`].
    ///
    /// # Errors
    /// The first [`CountRefusal`] that applies.
    pub fn check(&self, first: &CountConfig) -> Result<(), CountRefusal> {
        let single = self.sizes.start() == self.sizes.end();
        let resumable = self.checkpoint || self.shard.is_some();
        if !first.rules.is_open() && !single {
            return Err(CountRefusal::SquaresOverRange);
        }
        if resumable && !single {
            return Err(CountRefusal::ResumableOverRange);
        }
        if self.cube_depth == Some(0) && first.symmetry != Symmetry::None && *self.sizes.end() >= 2
        {
            return Err(CountRefusal::NoRowForSymmetry {
                symmetry: first.symmetry,
            });
        }
        let caps = self.counter.capabilities();
        let counter = self.counter_what.to_string();
        if resumable && !caps.cubes {
            return Err(CountRefusal::NoCubes { counter });
        }
        for n in self.sizes.clone() {
            if let Some(max) = caps.max_n.filter(|&max| n > max) {
                return Err(CountRefusal::PastCounter { n, max, counter });
            }
            let share = self.shard.map_or(1.0, |s| s.of as f64);
            let secs = sizes::counter_seconds(
                n,
                &first.rules,
                self.counter.as_ref(),
                self.threads,
                first.symmetry,
            )
            .map(|s| s / share);
            if !self.force {
                sizes::within_limit(secs, &first.rules, || {
                    let board = first.rules.board_name(n);
                    format!("counting {board} with the {} backend", self.counter_name)
                })
                .map_err(CountRefusal::TooLong)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CountRequest<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CountRequest")
            .field("sizes", &self.sizes)
            .field("counter", &self.counter.name())
            .field("symmetry", &self.symmetry)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Oracle, Square, Variant};

    fn request(sizes: RangeInclusive<usize>) -> CountRequest<'static> {
        CountRequest {
            sizes,
            formulation: FormulationKind::Board,
            counter: Arc::new(Oracle),
            counter_what: "the bitboard oracle",
            counter_name: "backtrack",
            symmetry: None,
            certify: false,
            cube_depth: None,
            checkpoint: false,
            shard: None,
            threads: 1,
            force: false,
        }
    }

    #[test]
    fn auto_picks_the_strongest_exact_symmetry_and_a_certified_count_none() {
        let mut r = request(8..=8);
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        assert_eq!(r.config(5, torus).unwrap().symmetry, Symmetry::Shift);
        assert_eq!(
            r.config(8, Rules::classic()).unwrap().symmetry,
            Symmetry::D4
        );
        r.certify = true;
        assert_eq!(
            r.config(8, Rules::classic()).unwrap().symmetry,
            Symmetry::None
        );
    }

    #[test]
    fn a_symmetry_that_is_not_exact_is_refused_naming_the_variant_it_needs() {
        let mut r = request(8..=8);
        r.symmetry = Some(SymmetryChoice::Board(Symmetry::Shift));
        let Err(e) = r.config(8, Rules::classic()) else {
            panic!("shift was accepted on the classic board");
        };
        let names = Spelling {
            symmetry: "--symmetry",
            variant: "--variant",
            ..Spelling::default()
        };
        assert!(
            e.said(&names)
                .starts_with("--symmetry shift needs --variant toroidal: "),
            "{e}"
        );
    }

    #[test]
    fn squares_over_a_range_and_a_checkpoint_without_cubes_are_refused() {
        let r = request(4..=6);
        let corner = Rules::new(Variant::Classic, vec![Square::new(0, 0)], vec![]);
        let first = r.config(4, corner).unwrap();
        assert_eq!(r.check(&first), Err(CountRefusal::SquaresOverRange));
        let mut r = request(8..=8);
        r.checkpoint = true;
        let first = r.config(8, Rules::classic()).unwrap();
        let e = r.check(&first).unwrap_err();
        assert_eq!(
            e.to_string(),
            "shard and checkpoint need a solver backend (the bitboard oracle has no cubes)"
        );
    }

    #[test]
    fn no_row_per_cube_is_refused_with_a_symmetry_and_a_long_count_without_force() {
        let mut r = request(8..=8);
        r.cube_depth = Some(0);
        let first = r.config(8, Rules::classic()).unwrap();
        assert!(matches!(
            r.check(&first),
            Err(CountRefusal::NoRowForSymmetry {
                symmetry: Symmetry::D4
            })
        ));
        let r = request(30..=30);
        let first = r.config(30, Rules::classic()).unwrap();
        assert!(matches!(r.check(&first), Err(CountRefusal::TooLong(_))));
        let r = CountRequest {
            force: true,
            ..request(30..=30)
        };
        assert_eq!(r.check(&first), Ok(()));
    }
}
