//! The board formulation: n*n booleans, one per square.

use super::{DecodeError, Formulation, FormulationKind};
use crate::{Board, Rules, Variant};
use std::sync::Arc;
use zero_one_model::{Constraint, Lit, Model, Var};

/// The board formulation: `x_r_c` true when a queen stands on row r, column c. Every row and
/// every column exactly one; every diagonal and anti-diagonal (all 2n-1 of each) at most one.
/// Variants change the diagonals (toroidal: n wrapped ones each way) or add knight pairs
/// (superqueens); given queens are unit clauses, blocked squares negated ones.
#[derive(Clone, Debug)]
pub struct BoardFormulation {
    n: usize,
    rules: Rules,
    model: Model,
}

impl BoardFormulation {
    /// Builds the model for the classic n x n board.
    pub fn new(n: usize) -> BoardFormulation {
        BoardFormulation::with_rules(n, &Rules::classic())
    }

    /// Builds the model for an n x n board under `rules` (checked by the caller with
    /// [`Rules::check`]).
    pub fn with_rules(n: usize, rules: &Rules) -> BoardFormulation {
        let mut model = Model::new();
        model.new_vars(n * n);
        model.set_namer(Arc::new(move |v: Var| {
            format!("x_{}_{}", v.index() / n.max(1), v.index() % n.max(1))
        }));
        let x = |r: usize, c: usize| Var::new((r * n + c) as u32).positive();
        for r in 0..n {
            model.add(Constraint::ExactlyOne((0..n).map(|c| x(r, c)).collect()));
        }
        for c in 0..n {
            model.add(Constraint::ExactlyOne((0..n).map(|r| x(r, c)).collect()));
        }
        if rules.variant == Variant::Toroidal {
            // Wrapped diagonal d holds the squares with c - r = d (mod n), anti-diagonal d
            // those with r + c = d (mod n). n queens on n wrapped diagonals, at most one on
            // each, means exactly one on each: the stronger form propagates more.
            for d in 0..n {
                model.add(Constraint::ExactlyOne(
                    (0..n).map(|r| x(r, (r + d) % n)).collect(),
                ));
            }
            for d in 0..n {
                model.add(Constraint::ExactlyOne(
                    (0..n).map(|r| x(r, (d + n - r) % n)).collect(),
                ));
            }
        } else {
            add_diagonals(&mut model, n, &x);
        }
        if rules.variant == Variant::Superqueens {
            // A knight's move apart: one row and two columns, or two rows and one column.
            for r in 0..n {
                for c in 0..n {
                    for (dr, dc) in [(1, 2), (2, 1)] {
                        for c2 in [c + dc, c.wrapping_sub(dc)] {
                            if r + dr < n && c2 < n {
                                model.add(Constraint::AtMostOne(vec![x(r, c), x(r + dr, c2)]));
                            }
                        }
                    }
                }
            }
        }
        for g in &rules.given {
            model.add(Constraint::Clause(vec![x(g.row, g.col)]));
        }
        for b in &rules.blocked {
            model.add(Constraint::Clause(vec![!x(b.row, b.col)]));
        }
        let shown: Vec<Var> = (0..(n * n) as u32).map(Var::new).collect();
        model.show(shown);
        // One queen per row: every solution has exactly n true squares.
        model.set_shown_weight(n);
        BoardFormulation {
            n,
            rules: rules.clone(),
            model,
        }
    }

    /// The variable of square (r, c).
    pub fn var(&self, r: usize, c: usize) -> Var {
        Var::new((r * self.n + c) as u32)
    }
}

/// The classic diagonals: diagonal d holds the squares with c - r = d - (n - 1), anti-diagonal
/// d those with r + c = d; at most one queen on each.
fn add_diagonals(model: &mut Model, n: usize, x: &impl Fn(usize, usize) -> Lit) {
    for d in 0..(2 * n).saturating_sub(1) {
        let diag = (0..n)
            .filter_map(|r| {
                (r + d)
                    .checked_sub(n - 1)
                    .filter(|&c| c < n)
                    .map(|c| x(r, c))
            })
            .collect();
        model.add(Constraint::AtMostOne(diag));
    }
    for d in 0..(2 * n).saturating_sub(1) {
        let anti = (0..n)
            .filter_map(|r| d.checked_sub(r).filter(|&c| c < n).map(|c| x(r, c)))
            .collect();
        model.add(Constraint::AtMostOne(anti));
    }
}

impl Formulation for BoardFormulation {
    fn n(&self) -> usize {
        self.n
    }

    fn kind(&self) -> FormulationKind {
        FormulationKind::Board
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn model(&self) -> &Model {
        &self.model
    }

    fn decode(&self, assignment: &[bool]) -> Result<Board, DecodeError> {
        let n = self.n;
        if assignment.len() != self.model.num_vars() {
            return Err(DecodeError::WrongLength {
                expected: self.model.num_vars(),
                found: assignment.len(),
            });
        }
        let mut cols = Vec::with_capacity(n);
        for (row, squares) in assignment.chunks(n.max(1)).take(n).enumerate() {
            let queens = squares.iter().filter(|&&b| b).count();
            if queens != 1 {
                return Err(DecodeError::Row { row, queens });
            }
            cols.push(squares.iter().position(|&b| b).expect("one queen"));
        }
        Ok(Board::new(cols))
    }

    fn place(&self, row: usize, col: usize) -> Vec<Lit> {
        vec![self.var(row, col).positive()]
    }

    fn describe_vars(&self) -> String {
        "variable r*n + c + 1 is x_r_c, a queen on row r, column c (0-based)".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_model_has_all_diagonals() {
        let f = BoardFormulation::new(4);
        let m = f.model();
        assert_eq!(m.num_vars(), 16);
        // 4 rows + 4 columns + 7 diagonals + 7 anti-diagonals.
        assert_eq!(m.constraints().len(), 22);
        assert_eq!(m.shown().len(), 16);
        assert_eq!(m.name(f.var(2, 3)), "x_2_3");
    }

    #[test]
    fn decoding_a_known_solution_and_rejecting_an_empty_row() {
        let f = BoardFormulation::new(4);
        let mut a = vec![false; 16];
        for (r, c) in [1, 3, 0, 2].into_iter().enumerate() {
            a[f.var(r, c).index()] = true;
        }
        assert_eq!(f.model().check(&a), Ok(()));
        assert_eq!(f.decode(&a), Ok(Board::new(vec![1, 3, 0, 2])));
        a[f.var(2, 0).index()] = false;
        assert_eq!(f.decode(&a), Err(DecodeError::Row { row: 2, queens: 0 }));
        assert!(f.model().check(&a).is_err());
    }

    #[test]
    fn model_accepts_exactly_the_checker_solutions_on_small_boards() {
        // Every one-queen-per-row placement for n = 5: the model and the checker agree.
        let n = 5;
        let f = BoardFormulation::new(n);
        let mut agree = 0;
        for code in 0..n.pow(n as u32) {
            let cols: Vec<usize> = (0..n).map(|r| code / n.pow(r as u32) % n).collect();
            let mut a = vec![false; n * n];
            for (r, &c) in cols.iter().enumerate() {
                a[f.var(r, c).index()] = true;
            }
            assert_eq!(
                f.model().check(&a).is_ok(),
                crate::is_solution(&cols),
                "{cols:?}"
            );
            agree += 1;
        }
        assert_eq!(agree, 3125);
    }

    #[test]
    fn variant_models_accept_exactly_the_rules_checker_solutions() {
        use crate::{Square, Variant};
        let n = 5;
        for rules in [
            Rules::new(Variant::Toroidal, vec![], vec![]),
            Rules::new(Variant::Superqueens, vec![], vec![]),
            Rules::new(
                Variant::Classic,
                vec![Square::new(0, 2)],
                vec![Square::new(1, 4)],
            ),
        ] {
            let f = BoardFormulation::with_rules(n, &rules);
            let mut accepted = 0;
            for code in 0..n.pow(n as u32) {
                let cols: Vec<usize> = (0..n).map(|r| code / n.pow(r as u32) % n).collect();
                let mut a = vec![false; n * n];
                for (r, &c) in cols.iter().enumerate() {
                    a[f.var(r, c).index()] = true;
                }
                let ok = f.model().check(&a).is_ok();
                assert_eq!(
                    ok,
                    crate::first_violation(&rules, &cols).is_none(),
                    "{rules:?} {cols:?}"
                );
                accepted += usize::from(ok);
            }
            let expected = match rules.variant {
                Variant::Toroidal => 10,
                Variant::Superqueens => 0,
                Variant::Classic => accepted,
            };
            assert_eq!(accepted, expected, "{rules:?}");
        }
    }
}
