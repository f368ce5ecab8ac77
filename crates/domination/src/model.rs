//! The 0-1 model of (independent) queen domination with at most k queens.

use super::Domination;
use nqueens_board::{Square, Variant};
use std::sync::Arc;
use zero_one_model::{Cmp, Constraint, Lit, Model, Var};

/// The model: `q_r_c` true when a queen stands on row r, column c (variable r·n + c). For
/// every square, a clause "some queen on a square that covers it" (itself, or one attacking
/// it under the board's rule); `sum q ≤ k` as a cardinality constraint when a bound is
/// given; for independent domination at most one queen on every row, column and diagonal
/// (wrapped ones on the torus) of two or more squares.
#[derive(Clone, Debug)]
pub struct DominationModel {
    n: usize,
    domination: Domination,
    bound: Option<usize>,
    model: Model,
}

impl DominationModel {
    /// The model for the n x n board with at most `bound` queens (`None`: any number).
    pub fn new(n: usize, domination: Domination, bound: Option<usize>) -> DominationModel {
        let mut model = Model::new();
        model.new_vars(n * n);
        model.set_namer(Arc::new(move |v: Var| {
            format!("q_{}_{}", v.index() / n.max(1), v.index() % n.max(1))
        }));
        let q = |s: Square| Var::new((s.row * n + s.col) as u32).positive();
        let squares: Vec<Square> = (0..n * n).map(|i| Square::new(i / n, i % n)).collect();
        for &target in &squares {
            let cover = squares
                .iter()
                .filter(|&&s| domination.covers(n, s, target))
                .map(|&s| q(s))
                .collect();
            model.add(Constraint::Clause(cover));
        }
        let all: Vec<Lit> = squares.iter().map(|&s| q(s)).collect();
        match bound {
            Some(k) if k < n * n => model.add(Constraint::Cardinality {
                lits: all.clone(),
                cmp: Cmp::AtMost,
                k: u32::try_from(k).expect("k below n² fits u32"),
            }),
            _ => {}
        }
        if domination.independent {
            for line in lines(n, domination.board) {
                if line.len() > 1 {
                    model.add(Constraint::AtMostOne(line.into_iter().map(q).collect()));
                }
            }
        }
        model.show((0..(n * n) as u32).map(Var::new));
        DominationModel {
            n,
            domination,
            bound,
            model,
        }
    }

    /// Board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Which domination problem.
    pub fn domination(&self) -> Domination {
        self.domination
    }

    /// The bound on the number of queens, if any.
    pub fn bound(&self) -> Option<usize> {
        self.bound
    }

    /// The 0-1 model, its projection the n² square variables.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The variable of square (r, c).
    pub fn var(&self, r: usize, c: usize) -> Var {
        Var::new((r * self.n + c) as u32)
    }

    /// The queens an assignment of the model's variables places, row by row.
    pub fn decode(&self, assignment: &[bool]) -> Vec<Square> {
        (0..self.n * self.n)
            .filter(|&i| assignment.get(i).copied().unwrap_or(false))
            .map(|i| Square::new(i / self.n, i % self.n))
            .collect()
    }

    /// One line saying what the model's variables mean, in DIMACS numbering.
    pub fn describe_vars(&self) -> String {
        "variable r*n + c + 1 is q_r_c, a queen on row r, column c (0-based)".into()
    }
}

/// The rows, columns and diagonals of the board (wrapped diagonals on the torus), as lists
/// of squares: two queens attack each other exactly when they share one.
fn lines(n: usize, board: Variant) -> Vec<Vec<Square>> {
    let mut lines: Vec<Vec<Square>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|c| Square::new(i, c)).collect());
        lines.push((0..n).map(|r| Square::new(r, i)).collect());
    }
    if board == Variant::Toroidal {
        for d in 0..n {
            lines.push((0..n).map(|r| Square::new(r, (r + d) % n)).collect());
            lines.push((0..n).map(|r| Square::new(r, (d + n - r) % n)).collect());
        }
    } else {
        for d in 0..(2 * n).saturating_sub(1) {
            // c - r = d - (n - 1), and r + c = d.
            lines.push(
                (0..n)
                    .filter_map(|r| {
                        (r + d)
                            .checked_sub(n - 1)
                            .filter(|&c| c < n)
                            .map(|c| Square::new(r, c))
                    })
                    .collect(),
            );
            lines.push(
                (0..n)
                    .filter_map(|r| {
                        d.checked_sub(r)
                            .filter(|&c| c < n)
                            .map(|c| Square::new(r, c))
                    })
                    .collect(),
            );
        }
    }
    lines
}
