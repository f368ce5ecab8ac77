//! What a domination solve, count or size table reports, as a library user gets it and as
//! `nqueens` prints it: a minimum set with the proof and the trace of how it was found
//! ([`MinimumSet`]), a set under a bound ([`BoundedSet`]), the best set of an interrupted
//! solve ([`BestSoFar`]), a count ([`DominationCount`]), no set under a bound ([`NoSet`]),
//! what a stopped solve or count knew, and the model's sizes ([`SizeTable`]). Each serialises
//! to the object `--json` prints (the CLI goes through a `serde_json::Value`, whose keys are
//! sorted) and has a human form (`Display`, or `text` for a set drawn on its board).

mod best;
mod count;
mod sizes;
mod stop;
mod text;

pub use best::BestSoFar;
pub use count::{CountMethod, DominationCount};
pub use sizes::SizeTable;
pub use text::{board_name, queens_word, NoSet};

use crate::domination::minimum::{Minimum, Proof, Step};
use crate::domination::search::{Level, SearchMinimum};
use crate::domination::{Domination, DominationVerdict};
use crate::Square;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// Serialises a [`Domination`] by its name (`toroidal-domination`).
pub(crate) fn by_name<S: Serializer>(d: &Domination, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(d.name())
}

/// What found the sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The exact search by bit sets ([`crate::domination::search`]).
    Search,
    /// A solver backend: SAT checks at falling bounds, and the count on the engine.
    #[serde(rename = "engine")]
    Backend,
}

impl Method {
    /// Whether it is [`Method::Backend`] (whose sets are reported without a `method`).
    fn is_backend(&self) -> bool {
        *self == Method::Backend
    }
}

/// How a minimum set was found: the searches or checks made, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Trace {
    /// SAT checks at falling bounds ([`crate::domination::minimum_until`]).
    Checks(Vec<Step>),
    /// The exact search's levels, from the lower bound up ([`crate::domination::search::minimum`]).
    Search(Vec<Level>),
}

impl Trace {
    /// What found the set.
    pub fn method(&self) -> Method {
        match self {
            Trace::Checks(_) => Method::Backend,
            Trace::Search(_) => Method::Search,
        }
    }

    /// Nodes of the search trees visited, for the exact search.
    pub fn nodes(&self) -> Option<u64> {
        match self {
            Trace::Checks(_) => None,
            Trace::Search(levels) => Some(levels.iter().map(|l| l.nodes).sum()),
        }
    }
}

impl Serialize for Trace {
    /// As map entries: `steps` for checks, `method: "search"` and `levels` for the search.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        match self {
            Trace::Checks(steps) => map.serialize_entry("steps", steps)?,
            Trace::Search(levels) => {
                map.serialize_entry("method", &Method::Search)?;
                map.serialize_entry("levels", levels)?;
            }
        }
        map.end()
    }
}

/// A minimum (independent) dominating set, why it is minimum and how it was found.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MinimumSet {
    /// Board size.
    pub n: usize,
    /// Which problem.
    #[serde(serialize_with = "by_name")]
    pub variant: Domination,
    /// The domination number: the size of the set.
    pub k: usize,
    /// The queens, row by row, checked by the independent checker.
    pub queens: Vec<Square>,
    /// The proven lower bound ([`Domination::lower_bound`]).
    pub lower_bound: usize,
    /// Why no smaller set exists.
    pub proof: Proof,
    /// `k` against the OEIS.
    pub oeis: DominationVerdict,
    /// How it was found.
    #[serde(flatten)]
    pub trace: Trace,
}

impl MinimumSet {
    /// The set SAT checks found for `d`.
    pub fn from_checks(d: Domination, m: Minimum) -> MinimumSet {
        MinimumSet {
            n: m.n,
            variant: d,
            k: m.k,
            oeis: DominationVerdict::number(d, m.n, m.k),
            queens: m.queens,
            lower_bound: m.lower_bound,
            proof: m.proof,
            trace: Trace::Checks(m.steps),
        }
    }

    /// The set the exact search found for `d`: minimum by the lower bound when it reached
    /// it, else because every smaller size was searched in full.
    pub fn from_search(d: Domination, m: SearchMinimum) -> MinimumSet {
        let proof = if m.k <= m.lower_bound {
            Proof::LowerBound
        } else {
            Proof::ExhaustiveSearch
        };
        MinimumSet {
            n: m.n,
            variant: d,
            k: m.k,
            oeis: DominationVerdict::number(d, m.n, m.k),
            queens: m.queens,
            lower_bound: m.lower_bound,
            proof,
            trace: Trace::Search(m.levels),
        }
    }
}

/// A set of at most `bound` queens (not proved minimum).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct BoundedSet {
    /// Board size.
    pub n: usize,
    /// Which problem.
    #[serde(serialize_with = "by_name")]
    pub variant: Domination,
    /// The bound asked for.
    pub bound: usize,
    /// The set's size.
    pub k: usize,
    /// The queens, row by row, checked by the independent checker.
    pub queens: Vec<Square>,
    /// What found it (serialised for the exact search only).
    #[serde(skip_serializing_if = "Method::is_backend")]
    pub method: Method,
}

impl BoundedSet {
    pub(crate) fn new(
        d: Domination,
        n: usize,
        bound: usize,
        queens: Vec<Square>,
        method: Method,
    ) -> BoundedSet {
        BoundedSet {
            n,
            variant: d,
            bound,
            k: queens.len(),
            queens,
            method,
        }
    }
}

/// Serialises a count's minimum set as `count --json` prints it: for SAT checks `n`,
/// `variant`, `k`, `queens`, `proof`, `lower_bound` and `steps`; for the exact search `n`,
/// `k`, `queens`, `lower_bound` and `levels`; `null` with no minimum.
pub(crate) fn count_shape<S: Serializer>(m: &Option<MinimumSet>, s: S) -> Result<S::Ok, S::Error> {
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
