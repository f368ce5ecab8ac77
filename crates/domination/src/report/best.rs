//! The best set of SAT checks stopped before the domination number was proved
//! ([`BestSoFar`]): printed as a set not proved minimum.

use super::text::{board_name, drawn, queens_word};
use crate::{Domination, Proof, Stopped};
use nqueens_board::Square;
use serde::{Serialize, Serializer};

/// The smallest set SAT checks had found when they were stopped, not proved minimum. It
/// serialises as the [`Stopped`] checks with the set's size `k`, a `proof` of `null` and
/// `interrupted: true`.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BestSoFar {
    /// What the stopped checks knew (its `queens` are the set).
    pub stopped: Stopped,
    /// Which problem.
    pub variant: Domination,
    /// The set, checked by the independent checker.
    pub queens: Vec<Square>,
}

impl BestSoFar {
    /// The best set of `stopped` checks for `d`; `None` when they stopped before the first.
    pub fn new(d: Domination, stopped: Stopped) -> Option<BestSoFar> {
        let queens = stopped.queens.clone()?;
        Some(BestSoFar {
            stopped,
            variant: d,
            queens,
        })
    }

    /// The set's size.
    pub fn k(&self) -> usize {
        self.queens.len()
    }

    /// One line: the set's size, not proved minimum, and the lower bound reached.
    pub fn header(&self) -> String {
        format!(
            "{}: {} {}, not proved minimum (interrupted; the lower bound is {})",
            board_name(self.stopped.n, self.variant),
            self.k(),
            queens_word(self.k()),
            self.stopped.lower_bound
        )
    }

    /// The [`BestSoFar::header`] over the set drawn on the board (`ascii`: `Q` and `.`, the
    /// header a `c` line).
    pub fn text(&self, ascii: bool) -> String {
        drawn(&self.header(), self.stopped.n, &self.queens, ascii)
    }
}

impl Serialize for BestSoFar {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shape<'a> {
            #[serde(flatten)]
            stopped: &'a Stopped,
            k: usize,
            proof: Option<Proof>,
            interrupted: bool,
        }
        Shape {
            stopped: &self.stopped,
            k: self.k(),
            proof: None,
            interrupted: true,
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Step;

    fn stopped(queens: Option<Vec<Square>>) -> Stopped {
        Stopped {
            n: 4,
            variant: "domination".into(),
            queens,
            lower_bound: 2,
            steps: vec![Step {
                bound: None,
                found: Some(3),
                seconds: 0.5,
            }],
        }
    }

    #[test]
    fn no_best_set_before_the_first_one() {
        assert!(BestSoFar::new("domination".parse().unwrap(), stopped(None)).is_none());
    }

    #[test]
    fn the_best_set_serialises_as_interrupted_and_unproved() {
        let queens = vec![Square::new(0, 0), Square::new(1, 2), Square::new(3, 3)];
        let best = BestSoFar::new("domination".parse().unwrap(), stopped(Some(queens))).unwrap();
        let v = serde_json::to_value(&best).unwrap();
        assert_eq!(v["k"], 3);
        assert_eq!(v["proof"], serde_json::Value::Null);
        assert_eq!(v["interrupted"], true);
        assert_eq!(v["lower_bound"], 2);
        assert_eq!(v["queens"].as_array().map(Vec::len), Some(3));
        assert_eq!(v["steps"][0]["found"], 3);
        assert_eq!(
            best.header(),
            "Q(4) domination: 3 queens, not proved minimum (interrupted; the lower bound is 2)"
        );
    }
}
