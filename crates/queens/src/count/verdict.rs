//! A count compared with OEIS: A000170 always, A002562 when fundamental solutions were
//! counted; a variant's own sequences (A051906 toroidal, A051223 / A051224 superqueens); and,
//! for boards with given or blocked squares, which no table has, the bitboard oracle's count.
//! Shared by single-run reports and merged shards, so both judge alike.

use crate::{oeis, Rules};
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
    /// Where `expected` comes from: an OEIS sequence number, or `oracle`.
    pub expected_from: Option<String>,
    /// The board's rules (variant, given queens, blocked squares).
    pub rules: Rules,
}

impl Verdict {
    /// Compares `count` (and `fundamental`, when given) for board size `n` with OEIS.
    pub fn new(n: usize, count: u64, fundamental: Option<u64>) -> Verdict {
        Verdict::for_rules(n, &Rules::classic(), count, fundamental)
    }

    /// Compares a count of an n x n board under `rules` with the variant's OEIS sequences;
    /// with given or blocked squares there is no table ([`Verdict::against_oracle`] then).
    pub fn for_rules(n: usize, rules: &Rules, count: u64, fundamental: Option<u64>) -> Verdict {
        let open = rules.is_open();
        let expected = oeis::variant_solutions(rules.variant, n).filter(|_| open);
        let expected_fundamental = fundamental
            .and(oeis::variant_fundamental(rules.variant, n))
            .filter(|_| open);
        let mut v = Verdict {
            n,
            count,
            expected,
            matches: None,
            fundamental,
            expected_fundamental,
            expected_from: open.then(|| oeis::sequence(rules.variant).to_string()),
            rules: rules.clone(),
        };
        v.judge();
        v
    }

    /// Takes the bitboard oracle's count as the expected value (boards with given or blocked
    /// squares, which no table covers).
    pub fn against_oracle(mut self, oracle: u64) -> Verdict {
        self.expected = Some(oracle);
        self.expected_fundamental = None;
        self.expected_from = Some("oracle".into());
        self.judge();
        self
    }

    fn judge(&mut self) {
        let fundamental_ok = match (self.fundamental, self.expected_fundamental) {
            (Some(f), Some(e)) => f == e,
            _ => true,
        };
        self.matches = self.expected.map(|e| e == self.count && fundamental_ok);
    }

    /// `Q(n) = count`, with the fundamental count when there is one; other rules named in
    /// the parentheses: `Q(13, toroidal) = 4524`.
    pub fn lhs(&self) -> String {
        let board = self.rules.board_name(self.n);
        match self.fundamental {
            Some(f) => format!("{board} = {} ({f} fundamental)", self.count),
            None => format!("{board} = {}", self.count),
        }
    }

    /// `OEIS A000170: 92 ok` (or `MISMATCH`, or `unknown`), and the A002562 part; `oracle: 10
    /// ok` for boards checked against the oracle.
    pub fn oeis(&self) -> String {
        let from = match self.expected_from.as_deref() {
            Some("oracle") => "oracle".to_string(),
            Some(seq) => format!("OEIS {seq}"),
            None => return "no known value (given or blocked squares)".into(),
        };
        let mut s = match self.expected {
            Some(e) if e == self.count => format!("{from}: {e} ok"),
            Some(e) => format!("{from}: {e} MISMATCH"),
            None => format!("{from}: unknown"),
        };
        let fundamental_seq = oeis::fundamental_sequence(self.rules.variant)
            .filter(|_| self.expected_from.as_deref() != Some("oracle"));
        if let (Some(f), Some(seq)) = (self.fundamental, fundamental_seq) {
            match self.expected_fundamental {
                Some(e) if e == f => s.push_str(&format!(", {seq}: {e} ok")),
                Some(e) => s.push_str(&format!(", {seq}: {e} MISMATCH")),
                None => s.push_str(&format!(", {seq}: unknown")),
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

    #[test]
    fn variants_judge_by_their_own_sequences_or_the_oracle() {
        use crate::{Square, Variant};
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        let v = Verdict::for_rules(13, &torus, 4524, None);
        assert_eq!(
            (v.lhs(), v.oeis()),
            (
                "Q(13, toroidal) = 4524".into(),
                "OEIS A051906: 4524 ok".into()
            )
        );
        let sq = Rules::new(Variant::Superqueens, vec![], vec![]);
        let v = Verdict::for_rules(10, &sq, 4, Some(1));
        assert_eq!(
            (v.matches, v.oeis()),
            (Some(true), "OEIS A051223: 4 ok, A051224: 1 ok".into())
        );
        let given = Rules::new(Variant::Classic, vec![Square::new(0, 0)], vec![]);
        let v = Verdict::for_rules(8, &given, 4, None);
        assert_eq!(
            (v.matches, v.oeis().as_str()),
            (None, "no known value (given or blocked squares)")
        );
        let v = v.against_oracle(4);
        assert_eq!((v.matches, v.oeis()), (Some(true), "oracle: 4 ok".into()));
        assert_eq!(
            Verdict::for_rules(8, &given, 5, None)
                .against_oracle(4)
                .matches,
            Some(false)
        );
    }
}
