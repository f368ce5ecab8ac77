//! What a domination count reports ([`DominationCount`]): the number of sets, the domination
//! number found, both against the OEIS, and what only the search or the engine says. It
//! serialises as `nqueens count --json` prints it.

use super::set::{by_name, MinimumSet, Trace};
use super::text::{board_name, queens_word, NoSet};
use crate::minimum::{Proof, Step};
use crate::search::Level;
use crate::{Domination, DominationVerdict};
use count_engine::BigUint;
use nqueens_board::Square;
use serde::{Serialize, Serializer};
use std::fmt;

/// What only one way of counting reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "method", rename_all = "lowercase")]
pub enum CountMethod {
    /// The exact search.
    Search {
        /// Nodes of the search tree.
        nodes: u64,
    },
    /// The engine.
    Engine {
        /// Cubes counted.
        cubes: usize,
    },
}

/// The number of (minimum) dominating sets of one board, with the domination number and
/// both compared with the OEIS. Serialises to the object `nqueens count --json` prints (the
/// CLI goes through a `serde_json::Value`, whose keys are sorted).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct DominationCount {
    /// Board size.
    pub n: usize,
    /// Which problem.
    #[serde(serialize_with = "by_name")]
    pub variant: Domination,
    /// The bound counted under: the domination number found, or the bound given.
    pub k: usize,
    /// The minimum set found and how (`None` with a bound given).
    #[serde(serialize_with = "count_shape")]
    pub minimum: Option<MinimumSet>,
    /// The domination number against the OEIS (`None` with a bound given).
    pub k_oeis: Option<DominationVerdict>,
    /// How many sets.
    #[serde(serialize_with = "decimal")]
    pub count: BigUint,
    /// Whether `k` is the domination number (found, or the known one), so that the count is
    /// of minimum sets.
    pub count_is_of_minimum_sets: bool,
    /// The count against the OEIS (unknown when it is not of minimum sets).
    pub count_oeis: DominationVerdict,
    /// How many D4 orbits of sets, when counted by orbits.
    #[serde(serialize_with = "decimal_opt")]
    pub orbits: Option<BigUint>,
    /// Whether the count was by D4 orbits (the search counts above the domination number
    /// without: see [`crate::search::count_sets`]).
    #[serde(serialize_with = "d4_or_none")]
    pub symmetry: bool,
    /// Sets found and checked by the independent checker.
    pub sets_checked: u64,
    /// Worker threads.
    pub threads: usize,
    /// Seconds to find the domination number.
    pub minimum_s: f64,
    /// Seconds in all.
    pub seconds: f64,
    /// What counted, and what only it reports.
    #[serde(flatten)]
    pub method: CountMethod,
}

impl DominationCount {
    /// Whether the domination number or the count differs from the OEIS.
    pub fn is_mismatch(&self) -> bool {
        self.k_oeis
            .as_ref()
            .is_some_and(DominationVerdict::is_mismatch)
            || self.count_oeis.is_mismatch()
    }

    /// No set of at most `k` queens at all, when the count is 0 (a failure, as a solve with
    /// the same bound, and as the count of a board with no solution).
    pub fn no_set(&self) -> Option<NoSet> {
        (self.count == 0u32.into()).then(|| NoSet::new(self.n, self.variant, self.k, None))
    }
}

impl fmt::Display for DominationCount {
    /// One line: the domination number (or the bound) and the count, each with its OEIS
    /// verdict, the orbits when counted by them, and the seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.k;
        let what = match &self.k_oeis {
            Some(v) => format!("γ = {k} ({})", v.phrase()),
            None => format!("at most {k} {}", queens_word(k)),
        };
        let orbits = match &self.orbits {
            Some(o) => format!(", {o} up to symmetry"),
            None => String::new(),
        };
        let sets = if self.count_is_of_minimum_sets {
            "minimum sets"
        } else {
            "sets"
        };
        write!(
            f,
            "{}: {what}; {} {sets}{orbits} ({}); {:.2} s",
            board_name(self.n, self.variant),
            self.count,
            self.count_oeis.phrase(),
            self.seconds
        )
    }
}

fn decimal<S: Serializer>(x: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(x)
}

fn decimal_opt<S: Serializer>(x: &Option<BigUint>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => s.collect_str(x),
        None => s.serialize_none(),
    }
}

fn d4_or_none<S: Serializer>(d4: &bool, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if *d4 { "d4" } else { "none" })
}

/// Serialises a count's minimum set as `count --json` prints it: for SAT checks `n`,
/// `variant`, `k`, `queens`, `proof`, `lower_bound` and `steps`; for the exact search `n`,
/// `k`, `queens`, `lower_bound` and `levels`; `null` with no minimum.
fn count_shape<S: Serializer>(m: &Option<MinimumSet>, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Checked<'a> {
        n: usize,
        variant: &'static str,
        k: usize,
        queens: &'a [Square],
        proof: Proof,
        lower_bound: usize,
        steps: &'a [Step],
    }
    #[derive(Serialize)]
    struct Searched<'a> {
        n: usize,
        k: usize,
        queens: &'a [Square],
        lower_bound: usize,
        levels: &'a [Level],
    }
    let Some(m) = m else {
        return s.serialize_none();
    };
    match &m.trace {
        Trace::Checks(steps) => s.serialize_some(&Checked {
            n: m.n,
            variant: m.variant.name(),
            k: m.k,
            queens: &m.queens,
            proof: m.proof,
            lower_bound: m.lower_bound,
            steps,
        }),
        Trace::Search(levels) => s.serialize_some(&Searched {
            n: m.n,
            k: m.k,
            queens: &m.queens,
            lower_bound: m.lower_bound,
            levels,
        }),
    }
}
