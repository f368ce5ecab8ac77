//! A count compared with OEIS: A000170 always, A002562 when fundamental solutions were
//! counted. Shared by single-run reports and merged shards, so both judge alike.

use nqueens_queens::oeis;
use serde::Serialize;

/// A count and how it compares with the known values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Board size.
    pub n: usize,
    /// All solutions counted.
    pub count: u64,
    /// A000170(n), when known.
    pub expected: Option<u64>,
    /// Whether the count (and the fundamental count, when there is one) equals OEIS; `None`
    /// when n is beyond the table or only a part of the count was run.
    pub matches: Option<bool>,
    /// Fundamental solutions, when counted (D4 symmetry).
    pub fundamental: Option<u64>,
    /// A002562(n), when fundamental solutions were counted and the value is known.
    pub expected_fundamental: Option<u64>,
}

impl Verdict {
    /// Compares `count` (and `fundamental`, when given) for board size `n` with OEIS.
    pub fn new(n: usize, count: u64, fundamental: Option<u64>) -> Verdict {
        let expected = oeis::solutions(n);
        let expected_fundamental = fundamental.and(oeis::fundamental_solutions(n));
        let matches = expected
            .map(|e| e == count && (fundamental.is_none() || fundamental == expected_fundamental));
        Verdict {
            n,
            count,
            expected,
            matches,
            fundamental,
            expected_fundamental,
        }
    }

    /// `Q(n) = count`, with the fundamental count when there is one.
    pub fn lhs(&self) -> String {
        match self.fundamental {
            Some(f) => format!("Q({}) = {} ({f} fundamental)", self.n, self.count),
            None => format!("Q({}) = {}", self.n, self.count),
        }
    }

    /// `OEIS A000170: 92 ok` (or `MISMATCH`, or `unknown`), and the A002562 part.
    pub fn oeis(&self) -> String {
        let mut s = match self.expected {
            Some(e) if e == self.count => format!("OEIS A000170: {e} ok"),
            Some(e) => format!("OEIS A000170: {e} MISMATCH"),
            None => "OEIS A000170: unknown".to_string(),
        };
        if let Some(f) = self.fundamental {
            match self.expected_fundamental {
                Some(e) if e == f => s.push_str(&format!(", A002562: {e} ok")),
                Some(e) => s.push_str(&format!(", A002562: {e} MISMATCH")),
                None => s.push_str(", A002562: unknown"),
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_judge_both_sequences() {
        let v = Verdict::new(8, 92, Some(12));
        assert_eq!(v.matches, Some(true));
        assert_eq!(v.oeis(), "OEIS A000170: 92 ok, A002562: 12 ok");
        let v = Verdict::new(8, 92, Some(11));
        assert_eq!(v.matches, Some(false));
        assert_eq!(v.oeis(), "OEIS A000170: 92 ok, A002562: 12 MISMATCH");
        let v = Verdict::new(8, 91, None);
        assert_eq!((v.matches, v.lhs()), (Some(false), "Q(8) = 91".to_string()));
        assert_eq!(Verdict::new(30, 1, None).oeis(), "OEIS A000170: unknown");
    }
}
