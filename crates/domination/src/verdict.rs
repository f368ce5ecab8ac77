//! The domination number and the count of minimum sets compared with the OEIS.

use crate::Domination;
use serde::Serialize;

/// What the OEIS says about a domination number or a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub enum DominationVerdict {
    /// Equal to the known value.
    Match {
        /// The sequence.
        sequence: &'static str,
    },
    /// Different from the known value.
    Mismatch {
        /// The sequence.
        sequence: &'static str,
        /// The known value.
        expected: u64,
    },
    /// No known value for this n.
    Unknown,
}

impl DominationVerdict {
    /// The domination number `k` of the n x n board against its sequence.
    pub fn number(domination: Domination, n: usize, k: usize) -> DominationVerdict {
        let sequence = domination.number_sequence();
        match domination.known_number(n) {
            Some(e) if e == k => DominationVerdict::Match { sequence },
            Some(e) => DominationVerdict::Mismatch {
                sequence,
                expected: e as u64,
            },
            None => DominationVerdict::Unknown,
        }
    }

    /// The number of minimum sets of the n x n board against its sequence.
    pub fn count(domination: Domination, n: usize, count: u64) -> DominationVerdict {
        match (domination.count_sequence(), domination.known_count(n)) {
            (Some(sequence), Some(e)) if e == count => DominationVerdict::Match { sequence },
            (Some(sequence), Some(expected)) => DominationVerdict::Mismatch { sequence, expected },
            _ => DominationVerdict::Unknown,
        }
    }

    /// Whether the value differs from the known one.
    pub fn is_mismatch(&self) -> bool {
        matches!(self, DominationVerdict::Mismatch { .. })
    }

    /// One phrase: `OEIS A075458 agrees`, `OEIS A002564 says 186`, `no OEIS value`.
    pub fn phrase(&self) -> String {
        match self {
            DominationVerdict::Match { sequence } => format!("OEIS {sequence} agrees"),
            DominationVerdict::Mismatch { sequence, expected } => {
                format!("MISMATCH: OEIS {sequence} says {expected}")
            }
            DominationVerdict::Unknown => "no OEIS value to compare".into(),
        }
    }
}
