//! A dominating set as a solve reports it: a minimum one with the proof and the trace of
//! how it was found ([`MinimumSet`]), one under a bound ([`BoundedSet`]), and what found
//! them ([`Method`], [`Trace`]).

use crate::minimum::{Minimum, Proof, Step};
use crate::search::{Level, SearchMinimum};
use crate::{Domination, DominationVerdict};
use nqueens_board::Square;
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
    /// The exact search by bit sets ([`crate::search`]).
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
    /// SAT checks at falling bounds ([`crate::minimum_until`]).
    Checks(Vec<Step>),
    /// The exact search's levels, from the lower bound up ([`crate::search::minimum`]).
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
        let found = Found {
            n: m.n,
            k: m.k,
            queens: m.queens,
            lower_bound: m.lower_bound,
        };
        found.minimum(d, m.proof, Trace::Checks(m.steps))
    }

    /// The set the exact search found for `d`: minimum by the lower bound when it reached
    /// it, else because every smaller size was searched in full.
    pub fn from_search(d: Domination, m: SearchMinimum) -> MinimumSet {
        let proof = if m.k <= m.lower_bound {
            Proof::LowerBound
        } else {
            Proof::ExhaustiveSearch
        };
        let found = Found {
            n: m.n,
            k: m.k,
            queens: m.queens,
            lower_bound: m.lower_bound,
        };
        found.minimum(d, proof, Trace::Search(m.levels))
    }
}

/// What either way of finding a minimum set says of it.
struct Found {
    n: usize,
    k: usize,
    queens: Vec<Square>,
    lower_bound: usize,
}

impl Found {
    /// The minimum set, with its proof, its trace and `k` against the OEIS.
    fn minimum(self, d: Domination, proof: Proof, trace: Trace) -> MinimumSet {
        MinimumSet {
            n: self.n,
            variant: d,
            k: self.k,
            oeis: DominationVerdict::number(d, self.n, self.k),
            queens: self.queens,
            lower_bound: self.lower_bound,
            proof,
            trace,
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
