//! The 0-1 model lowered to an integer linear program: one binary per model variable (same
//! index), one general integer per [`crate::IntDef`], and linear rows with integer
//! coefficients. [`IlpModel::check`] re-checks a solver's answer in exact integer arithmetic,
//! so a floating-point solver is never trusted. The writers for CPLEX LP, free MPS and OPB
//! are in `model-formats`.

mod check;
mod lower;
mod names;
mod objective;
mod propagate;

pub use check::{round_values, IlpViolation};
pub use lower::{lower_to_ilp, OBJECTIVE_CONSTANT};
pub use objective::IlpObjective;
pub use propagate::{propagate, Bounds, PropagateError};

use crate::Cmp;

/// What values an ILP variable may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// 0 or 1.
    Binary,
    /// An integer in `lo..=hi`.
    Integer {
        /// Lowest value.
        lo: i64,
        /// Highest value.
        hi: i64,
    },
}

/// One ILP variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IlpVar {
    /// A name legal in LP, MPS and OPB comments (letters, digits, `_`, `.`; unique).
    pub name: String,
    /// Its domain.
    pub kind: VarKind,
}

impl IlpVar {
    /// The variable's bounds.
    pub fn bounds(&self) -> (i64, i64) {
        match self.kind {
            VarKind::Binary => (0, 1),
            VarKind::Integer { lo, hi } => (lo, hi),
        }
    }
}

/// `sum a_i * x_i cmp rhs` over variable indices, each index at most once, no zero
/// coefficient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Coefficient and variable index pairs, sorted by index.
    pub terms: Vec<(i64, usize)>,
    /// How the sum compares with `rhs`.
    pub cmp: Cmp,
    /// The right-hand side.
    pub rhs: i64,
}

impl Row {
    /// The row's left side under `values`.
    pub fn activity(&self, values: &[i64]) -> i64 {
        self.terms.iter().map(|&(a, i)| a * values[i]).sum()
    }

    /// Whether the row holds under `values`.
    pub fn holds(&self, values: &[i64]) -> bool {
        self.cmp.holds(self.activity(values), self.rhs)
    }
}

/// A 0-1 ILP with a projection set for counting and, when the model has one, an objective.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IlpModel {
    /// The variables; the first [`IlpModel::model_vars`] are the 0-1 model's, in order.
    pub vars: Vec<IlpVar>,
    /// The rows.
    pub rows: Vec<Row>,
    /// How many leading variables are the 0-1 model's.
    pub model_vars: usize,
    /// Binary variables whose values identify a solution (the model's shown set).
    pub projection: Vec<usize>,
    /// Every solution has exactly this many true projection variables, when declared.
    pub projection_weight: Option<usize>,
    /// What to minimise or maximise; `None` for a feasibility problem.
    pub objective: Option<IlpObjective>,
}

/// The largest integer magnitude a double holds exactly: numbers past it in an LP or MPS
/// file are read inexactly by floating-point solvers (GLPK, CBC, SCIP, HiGHS), which then
/// solve another problem.
pub const F64_EXACT: i128 = 1 << 53;

impl IlpModel {
    /// The largest magnitude among the numbers an LP or MPS file of this model writes: row
    /// coefficients and right-hand sides, bounds, objective coefficients and its constant.
    /// Past [`F64_EXACT`], such a file is not the same problem for a floating-point reader.
    pub fn largest_number(&self) -> i128 {
        let rows = self.rows.iter().flat_map(|r| {
            r.terms
                .iter()
                .map(|&(a, _)| i128::from(a))
                .chain([i128::from(r.rhs)])
        });
        let bounds = self.vars.iter().flat_map(|v| {
            let (lo, hi) = v.bounds();
            [i128::from(lo), i128::from(hi)]
        });
        let objective = self
            .objective
            .iter()
            .flat_map(|o| o.terms.iter().map(|&(a, _)| a).chain([o.offset]));
        rows.chain(bounds)
            .chain(objective)
            .map(i128::unsigned_abs)
            .max()
            .map_or(0, |m| i128::try_from(m).unwrap_or(i128::MAX))
    }

    /// How many variables are general integers.
    pub fn integers(&self) -> usize {
        self.vars
            .iter()
            .filter(|v| matches!(v.kind, VarKind::Integer { .. }))
            .count()
    }

    /// The no-good row excluding the projection values of `values`: over the true
    /// projection variables only when a projection weight is declared (`sum x <= k - 1`),
    /// else `sum_{x*=1} (1 - x) + sum_{x*=0} x >= 1`, with constants moved right.
    pub fn no_good(&self, values: &[i64]) -> Row {
        let ones = self.projection.iter().filter(|&&i| values[i] == 1).count() as i64;
        let mut terms: Vec<(i64, usize)> = match self.projection_weight {
            Some(_) => self
                .projection
                .iter()
                .filter(|&&i| values[i] == 1)
                .map(|&i| (1, i))
                .collect(),
            None => self
                .projection
                .iter()
                .map(|&i| (if values[i] == 1 { -1 } else { 1 }, i))
                .collect(),
        };
        terms.sort_unstable_by_key(|&(_, i)| i);
        match self.projection_weight {
            Some(_) => Row {
                terms,
                cmp: Cmp::AtMost,
                rhs: ones - 1,
            },
            None => Row {
                terms,
                cmp: Cmp::AtLeast,
                rhs: 1 - ones,
            },
        }
    }
}
