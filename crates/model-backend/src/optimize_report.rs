//! The report of an optimisation: what [`crate::optimize`] returned, with the file it was
//! read from and the optimiser's description, as one `Serialize` value (JSON integers of any
//! size for the objective) and as the PB competition's text (`c`, `s` and `v` lines).

use crate::{BackendName, Model, Optimized, Optimizer, PbEncoding, Search};
use serde::{Serialize, Serializer};
use std::fmt;
use std::time::Duration;

/// How an optimisation ended, as a report says it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum OptimizeStatus {
    /// A solution proved optimal.
    Optimum,
    /// A solution, stopped before it was proved optimal.
    Feasible,
    /// No solution exists (proved).
    Infeasible,
    /// Stopped before any solution was found.
    Unknown,
}

impl OptimizeStatus {
    /// The status of `outcome`.
    pub fn of(outcome: &Optimized) -> OptimizeStatus {
        match outcome {
            Optimized::Found(best) if best.proved => OptimizeStatus::Optimum,
            Optimized::Found(_) => OptimizeStatus::Feasible,
            Optimized::Infeasible => OptimizeStatus::Infeasible,
            Optimized::Stopped => OptimizeStatus::Unknown,
        }
    }

    /// The name written in reports (`optimum`, `feasible`, `infeasible`, `unknown`).
    pub fn name(self) -> &'static str {
        match self {
            OptimizeStatus::Optimum => "optimum",
            OptimizeStatus::Feasible => "feasible",
            OptimizeStatus::Infeasible => "infeasible",
            OptimizeStatus::Unknown => "unknown",
        }
    }

    /// The PB competition's status line (`s OPTIMUM FOUND`, `s SATISFIABLE`, ...).
    pub fn line(self) -> &'static str {
        match self {
            OptimizeStatus::Optimum => "s OPTIMUM FOUND",
            OptimizeStatus::Feasible => "s SATISFIABLE",
            OptimizeStatus::Infeasible => "s UNSATISFIABLE",
            OptimizeStatus::Unknown => "s UNKNOWN",
        }
    }
}

impl fmt::Display for OptimizeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The report of one optimisation of a file's model.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct OptimizeReport {
    /// The file the model was read from, as the caller names it.
    pub file: String,
    /// How the optimisation ended.
    pub status: OptimizeStatus,
    /// The objective at the solution, in the file's sense.
    pub value: Option<i128>,
    /// The bound proved on the optimum (lower when minimising, upper when maximising).
    pub bound: Option<i128>,
    /// The solution by [`Model::literal_names`]: `x1`, `-x2`, ... for every variable.
    pub solution: Option<Vec<String>>,
    /// The optimiser's [`Optimizer::name`].
    pub backend: BackendName,
    /// The optimiser's [`Optimizer::encoding`].
    #[serde(serialize_with = "encoding_name")]
    pub encoding: Option<PbEncoding>,
    /// The optimiser's [`Optimizer::search`].
    pub search: Option<Search>,
    /// Solver calls made.
    pub solves: u64,
    /// Seconds the work took, as the caller measured it.
    pub elapsed_s: f64,
}

impl OptimizeReport {
    /// The report of `outcome`, what `optimizer` returned for `model` read from `file`, in
    /// `elapsed` time.
    pub fn new(
        file: impl Into<String>,
        model: &Model,
        optimizer: &dyn Optimizer,
        outcome: &Optimized,
        elapsed: Duration,
    ) -> OptimizeReport {
        let found = match outcome {
            Optimized::Found(best) => Some(best),
            Optimized::Infeasible | Optimized::Stopped => None,
        };
        OptimizeReport {
            file: file.into(),
            status: OptimizeStatus::of(outcome),
            value: found.map(|b| b.value),
            bound: found.map(|b| b.bound),
            solution: found.map(|b| model.literal_names(&b.assignment)),
            backend: optimizer.name(),
            encoding: optimizer.encoding(),
            search: optimizer.search(),
            solves: found.map_or(0, |b| b.solves),
            elapsed_s: elapsed.as_secs_f64(),
        }
    }

    /// The PB competition's form: a `c` line summing up, the `s` line, and a `v` line with
    /// the solution when there is one (no final newline).
    pub fn text(&self) -> String {
        let found = match (self.value, self.bound) {
            (Some(value), Some(bound)) => format!(" {value} (bound {bound})"),
            _ => String::new(),
        };
        let how = match (&self.encoding, self.search) {
            (Some(e), Some(s)) => format!(", {e} encoding, {s} search"),
            _ => String::new(),
        };
        let mut text = format!(
            "c {}: {}{found}, {} solver calls, {:.3} s, {}{how}\n{}",
            self.file,
            self.status,
            self.solves,
            self.elapsed_s,
            self.backend,
            self.status.line()
        );
        if let Some(lits) = &self.solution {
            text += &format!("\nv {}", lits.join(" "));
        }
        text
    }
}

/// The encoding by its name, as files and flags name it.
fn encoding_name<S: Serializer>(encoding: &Option<PbEncoding>, s: S) -> Result<S::Ok, S::Error> {
    match encoding {
        Some(e) => s.serialize_some(e.name()),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests;
