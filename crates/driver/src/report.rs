//! The result of one count, as a line of text or a JSON object.

use serde::Serialize;
use std::fmt;

/// The outcome of counting one n.
#[derive(Clone, Debug, Serialize)]
pub struct CountReport {
    /// Board size.
    pub n: usize,
    /// Solutions found, every one validated.
    pub count: u64,
    /// A000170(n), when known.
    pub expected: Option<u64>,
    /// Whether the count equals A000170(n); `None` when n is beyond the table.
    pub matches: Option<bool>,
    /// Fundamental solutions (with `symmetry` d4).
    pub fundamental: Option<u64>,
    /// A002562(n), when counting fundamental solutions and known.
    pub expected_fundamental: Option<u64>,
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
    /// Wall time in seconds.
    pub elapsed_s: f64,
    /// Worker threads.
    pub threads: usize,
    /// Rows fixed per cube.
    pub cube_depth: usize,
    /// Number of cubes.
    pub cubes: usize,
    /// Cubes finished (resumed ones included).
    pub cubes_done: usize,
    /// Cubes taken from a checkpoint instead of being counted again.
    pub cubes_resumed: usize,
    /// Whether the run stopped before every cube was counted.
    pub interrupted: bool,
    /// The shard counted, when only a part was.
    pub shard: Option<crate::Shard>,
    /// Counters of the backend, summed over the cubes counted in this run.
    pub backend_stats: std::collections::BTreeMap<String, u64>,
    /// Solutions per second of wall time.
    pub solutions_per_s: f64,
}

impl fmt::Display for CountReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let oeis = match (self.expected, self.matches) {
            _ if self.interrupted => format!(
                "partial: {} of {} cubes",
                self.cubes_done,
                self.shard.map_or(self.cubes, |_| self.cubes_done)
            ),
            _ if self.shard.is_some() => {
                let s = self.shard.expect("checked");
                format!("shard {}/{}: {} cubes", s.index, s.of, self.cubes_done)
            }
            (Some(e), Some(true)) => format!("OEIS A000170: {e} ok"),
            (Some(e), _) => format!("OEIS A000170: {e} MISMATCH"),
            (None, _) => "OEIS A000170: unknown".to_string(),
        };
        let mut oeis = oeis;
        if let Some(f) = self.fundamental {
            match self.expected_fundamental {
                Some(e) if e == f => oeis.push_str(&format!(", A002562: {e} ok")),
                Some(e) => oeis.push_str(&format!(", A002562: {e} MISMATCH")),
                None => oeis.push_str(", A002562: unknown"),
            }
        }
        let lhs = match self.fundamental {
            Some(f) => format!("Q({}) = {} ({f} fundamental)", self.n, self.count),
            None => format!("Q({}) = {}", self.n, self.count),
        };
        let method = if self.backend == "backtrack" {
            "backtrack".to_string()
        } else {
            format!("{}, {}, {}", self.backend, self.formulation, self.amo)
        };
        write!(
            f,
            "{lhs:<16} {oeis:<28} {:>8.3} s   {method}",
            self.elapsed_s
        )
    }
}
