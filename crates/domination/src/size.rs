//! How large the domination model is: the limit past which building it is refused unless the
//! caller insists ([`check_model_size`]), and its CNF size under every cardinality encoding
//! ([`model_sizes`]).

use super::{Domination, DominationModel};
use serde::Serialize;
use std::fmt;
use thiserror::Error;
use zero_one_model::{CardEncoding, CnfOptions, LowerError};

/// The largest board whose domination model [`check_model_size`] accepts: n² clauses of about
/// 4n literals each, and a cardinality counter over n² inputs.
pub const MAX_MODEL_N: usize = 60;

/// The cardinality encoding the domination model's bound is lowered with by default: the
/// totalizer (measured faster than the sequential counter here: Q(9)'s count 2.9 s against
/// 3.6 s, Q(10)'s minimum 0.6-6 s against 3-11 s, with the same backend).
pub const DEFAULT_CARD: CardEncoding = CardEncoding::Totalizer;

/// A board past [`MAX_MODEL_N`]: what its model would hold, and the limit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ModelTooLarge {
    /// Board size.
    pub n: usize,
    /// Coverage clauses, one per square (and the squares the counter reads): n².
    pub clauses: usize,
    /// Literals of a clause, about: 4n.
    pub clause_len: usize,
    /// Literal occurrences of the clauses, about.
    pub occurrences: usize,
}

impl fmt::Display for ModelTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n = {}: the domination model has {} coverage clauses of about {} literals (about {} literal occurrences) and a cardinality counter over {} squares; the limit is n = {MAX_MODEL_N} (about {} occurrences)",
            self.n,
            self.clauses,
            self.clause_len,
            self.occurrences,
            self.clauses,
            occurrences(MAX_MODEL_N)
        )
    }
}

fn occurrences(n: usize) -> usize {
    n.saturating_mul(n).saturating_mul(4 * n)
}

/// Refuses a board whose domination model is past [`MAX_MODEL_N`].
///
/// # Errors
/// [`ModelTooLarge`] for n past the limit.
pub fn check_model_size(n: usize) -> Result<(), ModelTooLarge> {
    if n <= MAX_MODEL_N {
        return Ok(());
    }
    Err(ModelTooLarge {
        n,
        clauses: n.saturating_mul(n),
        clause_len: 4 * n,
        occurrences: occurrences(n),
    })
}

/// The domination model's CNF size under one cardinality encoding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ModelSize {
    /// Board size.
    pub n: usize,
    /// Which problem, by name.
    #[serde(serialize_with = "super::report::by_name")]
    pub variant: Domination,
    /// The bound on the number of queens.
    pub k: usize,
    /// The cardinality encoding, by name.
    #[serde(serialize_with = "by_card_name")]
    pub card: CardEncoding,
    /// The square variables.
    pub shown: usize,
    /// Auxiliary variables of the encodings.
    pub aux: usize,
    /// Clauses.
    pub clauses: u64,
    /// Literal occurrences.
    pub literals: u64,
}

fn by_card_name<S: serde::Serializer>(card: &CardEncoding, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(card.name())
}

/// Why the model's sizes cannot be given.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SizeError {
    /// No bound was given and the domination number of this board is not known.
    #[error("n = {n}: no known {sequence} value for the bound")]
    NoKnownNumber {
        /// Board size.
        n: usize,
        /// The sequence that has no value for n.
        sequence: &'static str,
    },
    /// The model did not lower.
    #[error(transparent)]
    Lower(#[from] LowerError),
}

/// The bound `bound` says, or else the board's known domination number.
///
/// # Errors
/// [`SizeError::NoKnownNumber`] with no bound past the table.
pub fn bound_or_known(n: usize, d: Domination, bound: Option<usize>) -> Result<usize, SizeError> {
    bound
        .or_else(|| d.known_number(n))
        .ok_or(SizeError::NoKnownNumber {
            n,
            sequence: d.number_sequence(),
        })
}

/// The CNF size of the model of at most `k` queens on the n x n board under every
/// cardinality encoding, in [`CardEncoding::ALL`]'s order.
///
/// # Errors
/// [`SizeError::Lower`] when the model does not lower.
pub fn model_sizes(n: usize, d: Domination, k: usize) -> Result<Vec<ModelSize>, SizeError> {
    let m = DominationModel::new(n, d, Some(k));
    CardEncoding::ALL
        .into_iter()
        .map(|card| {
            let options = CnfOptions {
                card,
                ..CnfOptions::default()
            };
            let info = zero_one_model::cnf_size(m.model(), &options)?;
            Ok(ModelSize {
                n,
                variant: d,
                k,
                card,
                shown: info.model_vars,
                aux: info.aux_vars,
                clauses: info.clauses,
                literals: info.literals,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_limit_says_what_the_model_would_hold() {
        assert_eq!(check_model_size(MAX_MODEL_N), Ok(()));
        let e = check_model_size(61).unwrap_err();
        assert_eq!(
            (e.clauses, e.clause_len, e.occurrences),
            (3721, 244, 907_924)
        );
        assert_eq!(
            e.to_string(),
            "n = 61: the domination model has 3721 coverage clauses of about 244 literals (about 907924 literal occurrences) and a cardinality counter over 3721 squares; the limit is n = 60 (about 864000 occurrences)"
        );
    }

    #[test]
    fn sizes_follow_every_card_encoding_and_the_known_bound() {
        let d = Domination::ALL[0];
        assert_eq!(bound_or_known(8, d, None).unwrap(), 5);
        assert_eq!(bound_or_known(8, d, Some(7)).unwrap(), 7);
        assert_eq!(
            bound_or_known(26, d, None).unwrap_err().to_string(),
            "n = 26: no known A075458 value for the bound"
        );
        let sizes = model_sizes(5, d, 3).unwrap();
        assert_eq!(sizes.len(), CardEncoding::ALL.len());
        for s in &sizes {
            assert_eq!((s.n, s.k, s.shown), (5, 3, 25));
            // One coverage clause per square, and the counter's clauses on top.
            assert!(s.clauses > 25, "{s:?}");
        }
        let json = serde_json::to_value(&sizes[0]).unwrap();
        assert_eq!(json["variant"], "domination");
        assert_eq!(json["card"], CardEncoding::ALL[0].name());
    }
}
