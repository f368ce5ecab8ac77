//! The objective of a 0-1 model over ILP variables: a negative literal `¬x` becomes `1 - x`,
//! so the objective keeps a constant. Coefficients are `i128`, where a merged or negated `i64`
//! coefficient always fits. [`super::lower_to_ilp`] moves the constant onto a binary fixed to
//! 1 ([`super::OBJECTIVE_CONSTANT`]), so the writers never meet one.

use crate::{Objective, Sense};

/// `sense (offset + sum c_i * x_i)` over ILP variable indices, each index at most once, no
/// zero coefficient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IlpObjective {
    /// Minimise or maximise.
    pub sense: Sense,
    /// Coefficient and variable index pairs, sorted by index.
    pub terms: Vec<(i128, usize)>,
    /// The constant the negative literals leave.
    pub offset: i128,
}

impl IlpObjective {
    /// The objective of `objective` over the model's variables (ILP variable `i` is model
    /// variable `i`).
    pub fn of(objective: &Objective) -> IlpObjective {
        let mut offset = 0i128;
        let mut terms: Vec<(i128, usize)> = objective
            .terms
            .iter()
            .map(|&(a, l)| {
                let a = i128::from(a);
                if l.is_positive() {
                    (a, l.var().index())
                } else {
                    offset += a;
                    (-a, l.var().index())
                }
            })
            .collect();
        terms.sort_unstable_by_key(|&(_, i)| i);
        let mut merged: Vec<(i128, usize)> = Vec::with_capacity(terms.len());
        for (a, i) in terms {
            match merged.last_mut() {
                Some(last) if last.1 == i => last.0 += a,
                _ => merged.push((a, i)),
            }
        }
        merged.retain(|&(a, _)| a != 0);
        IlpObjective {
            sense: objective.sense,
            terms: merged,
            offset,
        }
    }

    /// The objective's value (offset included) under ILP `values`.
    pub fn value(&self, values: &[i64]) -> i128 {
        self.offset
            + self
                .terms
                .iter()
                .map(|&(a, i)| a * i128::from(values[i]))
                .sum::<i128>()
    }

    /// The words LP and MPS readers use for the sense.
    pub fn sense_word(&self) -> &'static str {
        match self.sense {
            Sense::Minimize => "Minimize",
            Sense::Maximize => "Maximize",
        }
    }

    /// How the model's optimum follows from the optimum of a file that leaves the constant
    /// out and, when `negated`, minimises the negated objective: `the model's optimum =
    /// -(this file's optimum) + 4`. `None` when they are the same.
    pub fn recovery(&self, negated: bool) -> Option<String> {
        if !negated && self.offset == 0 {
            return None;
        }
        let value = match negated {
            true => "-(this file's optimum)",
            false => "this file's optimum",
        };
        let constant = match self.offset {
            0 => String::new(),
            c => format!(" {} {}", if c < 0 { '-' } else { '+' }, c.unsigned_abs()),
        };
        Some(format!("the model's optimum = {value}{constant}"))
    }
}
