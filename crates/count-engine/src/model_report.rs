//! The report of a count of a 0-1 model read from a file (an OPB file, say): what the CLI
//! prints, as JSON ([`serde::Serialize`]) or as one line ([`ModelReport::text`]).

use crate::{Backend, Outcome};
use num_bigint::BigUint;
use serde::{Serialize, Serializer};
use zero_one_model::{BackendName, Model, PbEncoding};

/// The report of a count of a model from a file. In JSON, `count` is an exact integer of any
/// size, and `optimum` appears only for a count at the optimum (`null` when infeasible).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ModelReport {
    /// The file, as the caller names it.
    pub file: String,
    /// The count (partial when interrupted).
    #[serde(serialize_with = "crate::exact_json::exact")]
    pub count: BigUint,
    /// Variables of the model.
    pub num_vars: usize,
    /// Its constraints.
    pub constraints: usize,
    /// Whether it has an objective.
    pub objective: bool,
    /// For a count at the optimum: the optimum, `None` when infeasible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimum: Option<Option<i128>>,
    /// Independent parts.
    pub parts: usize,
    /// Cubes in all.
    pub cubes: usize,
    /// Cubes counted.
    pub cubes_done: usize,
    /// Whether the count was stopped.
    pub interrupted: bool,
    /// Solutions found and checked.
    pub models_checked: u64,
    /// The backend.
    pub backend: BackendName,
    /// How constraints reached the backend: the pseudo-Boolean encoding, or `None` for one
    /// that keeps linear rows (`rows` in the JSON).
    #[serde(serialize_with = "encoding_or_rows")]
    pub encoding: Option<PbEncoding>,
    /// Worker threads.
    pub threads: usize,
    /// Wall time, in seconds.
    pub elapsed_s: f64,
}

impl ModelReport {
    /// The report of `outcome`, a count of `model` (from `file`, in `parts` parts) by
    /// `backend` on `threads` threads, its linear rows lowered with `pb` unless the backend
    /// keeps them, at `optimum` when counted there, in `elapsed_s`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        file: &str,
        model: &Model,
        outcome: &Outcome,
        optimum: Option<Option<i128>>,
        parts: usize,
        backend: &dyn Backend,
        pb: PbEncoding,
        threads: usize,
        elapsed_s: f64,
    ) -> ModelReport {
        let encoding = (!backend.capabilities().native_linear).then_some(pb);
        ModelReport {
            file: file.to_string(),
            count: outcome.count.clone(),
            num_vars: model.num_vars(),
            constraints: model.constraints().len(),
            objective: model.objective().is_some(),
            optimum,
            parts,
            cubes: outcome.cubes_total,
            cubes_done: outcome.cubes_done,
            interrupted: outcome.interrupted,
            models_checked: outcome.tally.found,
            backend: backend.name(),
            encoding,
            threads,
            elapsed_s,
        }
    }

    /// The report as one line of text.
    pub fn text(&self) -> String {
        let objective = match self.optimum {
            Some(Some(v)) => format!(" at the optimum {v}"),
            Some(None) => " (infeasible: no optimum)".into(),
            None if self.objective => " (its objective not used)".into(),
            None => String::new(),
        };
        // An interrupted count says so on the line itself, as a board count does.
        let partial = if self.interrupted {
            format!(
                "   partial: {} of {}",
                self.cubes_done,
                zero_one_model::plural(self.cubes, "cube")
            )
        } else {
            String::new()
        };
        let one = |n: &dyn std::fmt::Display, word: &str| {
            let n = n.to_string();
            let s = if n == "1" { "" } else { "s" };
            format!("{n} {word}{s}")
        };
        format!(
            "{}: {} over {}, {}{objective}   {:.3} s   {}, {} encoding, {}{partial}",
            self.file,
            one(&self.count, "solution"),
            one(&self.num_vars, "variable"),
            one(&self.constraints, "constraint"),
            self.elapsed_s,
            self.backend,
            encoding_name(self.encoding),
            one(&self.cubes, "cube")
        )
    }
}

/// The encoding as reports name it: `rows` when the backend keeps linear rows.
fn encoding_name(encoding: Option<PbEncoding>) -> &'static str {
    encoding.map_or("rows", PbEncoding::name)
}

/// [`ModelReport::encoding`] in the JSON: the encoding's name, or `rows`.
fn encoding_or_rows<S: Serializer>(encoding: &Option<PbEncoding>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(encoding_name(*encoding))
}
