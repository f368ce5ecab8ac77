//! A certified board count refused before counting, said in a caller's terms
//! ([`CertifySpelling`]): what was asked that a bundle cannot honour, and what to do
//! instead.

use super::certify::{certifiable, BoardUncertifiable};
use crate::{BoardSizes, CountConfig};
use count_certify::make::MAX_LISTED_MODELS;

/// How a caller names what the refusals of a certified board count speak of.
#[derive(Clone, Debug)]
pub struct CertifySpelling<'a> {
    /// Asking for a certified count; its bundle is "a {certify} bundle".
    pub certify: &'a str,
    /// A count's shard ([`crate::CountRequest::shard`]).
    pub shard: &'a str,
    /// A count's checkpoint ([`crate::CountRequest::checkpoint`]).
    pub checkpoint: &'a str,
    /// Counting without symmetry, as advice.
    pub no_symmetry: &'a str,
}

/// Why a certified board count is refused before counting ([`certify_refusal`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CertifyRefusal {
    /// A shard of the count: a bundle lists every model.
    #[error("a certified count lists every model, and a shard counts only a part of them")]
    Shard,
    /// A checkpoint: the cubes it resumes have no models in memory.
    #[error("a certified count needs every model, and a checkpoint's cubes have none in memory")]
    Checkpoint,
    /// The count itself cannot be certified ([`certifiable`]).
    #[error(transparent)]
    Board(#[from] BoardUncertifiable),
}

/// Whether a count of `sizes` with `config` can be certified, given whether it counts one
/// shard (`shard`) or resumes a checkpoint (`checkpoint`).
///
/// # Errors
/// The first reason it cannot: a shard, a checkpoint, then [`certifiable`]'s.
pub fn certify_refusal(
    sizes: &BoardSizes,
    config: &CountConfig,
    shard: bool,
    checkpoint: bool,
) -> Result<(), CertifyRefusal> {
    if shard {
        return Err(CertifyRefusal::Shard);
    }
    if checkpoint {
        return Err(CertifyRefusal::Checkpoint);
    }
    Ok(certifiable(sizes, config)?)
}

impl CertifyRefusal {
    /// The refusal in `names`' terms. `counter` is how the caller names the counter that
    /// makes no proofs; `auto`: the symmetry was chosen by the count (which the message
    /// says it picked).
    pub fn said(&self, names: &CertifySpelling<'_>, counter: &str, auto: bool) -> String {
        let CertifySpelling {
            certify,
            shard,
            checkpoint,
            no_symmetry,
        } = names;
        match self {
            CertifyRefusal::Shard => format!(
                "{certify} lists every model of the count, and {shard} counts only a part of them"
            ),
            CertifyRefusal::Checkpoint => format!("{certify} needs every model of the count, and cubes resumed from a {checkpoint} have none in memory"),
            CertifyRefusal::Board(BoardUncertifiable::NoProofs) => format!(
                "{certify} needs a solver backend (dpll, sat, ilp or external): {counter} has no CNF models"
            ),
            CertifyRefusal::Board(BoardUncertifiable::Range) => {
                format!("{certify} takes a single board size, not a range")
            }
            CertifyRefusal::Board(BoardUncertifiable::Symmetry(s)) => {
                let asked = match auto {
                    true => format!("auto (which picks {s} for this board)"),
                    false => s.name().to_string(),
                };
                format!("{certify} lists every solution: use {no_symmetry}, not {asked}")
            }
            CertifyRefusal::Board(BoardUncertifiable::TooManySolutions { board, solutions }) => {
                format!("{board} has {solutions} solutions, more than the {MAX_LISTED_MODELS} models a {certify} bundle lists")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Symmetry;

    const NAMES: CertifySpelling = CertifySpelling {
        certify: "--certify",
        shard: "--shard",
        checkpoint: "--checkpoint",
        no_symmetry: "--symmetry none",
    };

    #[test]
    fn a_shard_is_refused_before_the_board_and_said_in_the_callers_flags() {
        let sizes: BoardSizes = "4..6".parse().unwrap();
        let config = CountConfig {
            formulation: crate::FormulationKind::Board,
            counter: std::sync::Arc::new(crate::Oracle),
            threads: 1,
            cube_depth: None,
            symmetry: Symmetry::None,
            rules: Default::default(),
        };
        let e = certify_refusal(&sizes, &config, true, true).unwrap_err();
        assert_eq!(e, CertifyRefusal::Shard);
        assert!(e
            .said(&NAMES, "", false)
            .ends_with("--shard counts only a part of them"));
        let e = certify_refusal(&sizes, &config, false, false).unwrap_err();
        assert_eq!(e, CertifyRefusal::Board(BoardUncertifiable::NoProofs));
        let said = e.said(&NAMES, "the bitboard oracle", false);
        assert!(
            said.ends_with(": the bitboard oracle has no CNF models"),
            "{said}"
        );
    }

    #[test]
    fn a_symmetry_chosen_by_auto_is_said_as_what_it_picked() {
        let e = CertifyRefusal::Board(BoardUncertifiable::Symmetry(Symmetry::D4));
        let said = e.said(&NAMES, "", true);
        assert!(
            said.ends_with("use --symmetry none, not auto (which picks d4 for this board)"),
            "{said}"
        );
    }
}
