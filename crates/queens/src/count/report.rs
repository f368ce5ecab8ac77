//! The result of one count, as a line of text or a JSON object.

use serde::Serialize;
use std::fmt;

/// How a count was split, and so what its report says it counted in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Split {
    /// Cubes of the board's model, on the engine.
    Cubes,
    /// Subtrees of a search of its own, with no model (the bitboard oracle).
    Subtrees,
}

impl Split {
    /// The word for the parts: `cubes` or `subtrees`.
    pub fn name(self) -> &'static str {
        match self {
            Split::Cubes => "cubes",
            Split::Subtrees => "subtrees",
        }
    }
}

/// The outcome of counting one n.
#[derive(Clone, Debug, Serialize)]
pub struct CountReport {
    /// The count (every solution validated) against OEIS.
    #[serde(flatten)]
    pub verdict: crate::Verdict,
    /// The symmetry reduction used.
    pub symmetry: crate::Symmetry,
    /// Solutions the backend returned, each validated before it counted.
    pub solutions_checked: u64,
    /// The backend.
    pub backend: String,
    /// The formulation.
    pub formulation: String,
    /// The at-most-one encoding (or the oracle's method).
    pub amo: String,
    /// What the count was split into (not in the JSON, whose `backend` says it).
    #[serde(skip)]
    pub split: Split,
    /// Wall time in seconds.
    pub elapsed_s: f64,
    /// Worker threads.
    pub threads: usize,
    /// Rows fixed per cube.
    pub cube_depth: usize,
    /// Cubes in this run (with `--shard`, the shard's).
    pub cubes: usize,
    /// Cubes finished (resumed ones included).
    pub cubes_done: usize,
    /// Cubes taken from a checkpoint instead of being counted again.
    pub cubes_resumed: usize,
    /// Whether the run stopped before every cube was counted.
    pub interrupted: bool,
    /// The count finished but the oracle's recount that checks it (a board with given or
    /// blocked squares) was interrupted: `interrupted` is set too, and nothing was compared.
    /// It says nothing of an external solver's UNSATISFIABLE answers: see `unsat_answers`.
    pub unchecked: bool,
    /// How an external solver's UNSATISFIABLE answers were taken, for a count through one
    /// (`confirmed by varisat`, or `trusted`: then the count is only as right as the solver,
    /// and the text says so); left out of the JSON otherwise. The library's count leaves it
    /// unset: the caller that built the backend knows, and sets it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsat_answers: Option<zero_one_model::UnsatAnswers>,
    /// The shard counted, when only a part was.
    pub shard: Option<crate::Shard>,
    /// Counters of the backend, summed over the cubes counted in this run.
    pub backend_stats: std::collections::BTreeMap<zero_one_model::BackendStat, u64>,
    /// Solutions per second of wall time.
    pub solutions_per_s: f64,
}

impl CountReport {
    /// What the count was split into: a solver's cubes or the bitboard oracle's subtrees.
    pub fn parts(&self) -> &'static str {
        self.split.name()
    }

    /// What an interrupted count says: how far it got and its partial count, with `resume`
    /// (how to take it up again) after it; or, stopped while the oracle recounted, that the
    /// count is complete but unchecked.
    pub fn interruption(&self, resume: &str) -> String {
        let count = self.verdict.count;
        match self.unchecked {
            true => format!(
                "interrupted while the oracle recounted: the count {count} is complete but unchecked"
            ),
            false => format!(
                "interrupted after {} of the {}: partial count {count}{resume}",
                self.cubes_done,
                self.parts()
            ),
        }
    }
}

impl fmt::Display for CountReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = &self.verdict;
        let oeis = match self.shard {
            _ if self.unchecked => "unchecked: the oracle's recount was interrupted".into(),
            _ if self.interrupted => {
                format!(
                    "partial: {} of {} {}",
                    self.cubes_done,
                    self.cubes,
                    self.parts()
                )
            }
            Some(s) => format!(
                "shard {}/{}: {}",
                s.index,
                s.of,
                zero_one_model::plural(self.cubes_done, "cube")
            ),
            None => v.oeis(),
        };
        let lhs = v.lhs();
        // A count without a model has no formulation or encoding to name.
        let method = match self.split {
            Split::Subtrees => self.backend.clone(),
            Split::Cubes => format!("{}, {}, {}", self.backend, self.formulation, self.amo),
        };
        let (lw, ow) = match (v.fundamental.is_some(), v.rules.is_classic()) {
            (true, true) => (28, 44),
            (false, true) => (16, 28),
            (true, false) => (44, 52),
            (false, false) => (32, 44),
        };
        let trusted = match self.unsat_answers {
            Some(zero_one_model::UnsatAnswers::Trusted) => {
                " (its UNSATISFIABLE answers trusted, not checked)"
            }
            _ => "",
        };
        write!(
            f,
            "{lhs:<lw$} {oeis:<ow$} {:>8.3} s   {method}{trusted}",
            self.elapsed_s
        )
    }
}
