//! The report of a count by enumeration ([`crate::Enumerated`]): the count, how the file was
//! split, the backend's figures, and with orbits the groups they were counted under.

use super::render::{Answer, Printed};
use super::ReportContext;
use crate::competition::Track;
use crate::{Enumerated, FileFacts, Slowness};
use cnf_symmetry::OrbitParams;
use count_engine::exact_json::{exact, exact_or_null};
use num_bigint::BigUint;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;
use zero_one_model::plural;
use zero_one_model::{BackendName, BackendStat, UnsatAnswers};

/// A count by enumeration. `count` (and `orbits`) are exact integers of any size.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct EnumerationReport<'a> {
    /// The file as the caller names it.
    pub file: &'a str,
    /// The number of models (of the cubes finished, when stopped).
    #[serde(serialize_with = "exact")]
    pub count: BigUint,
    /// The file's size and projection.
    #[serde(flatten)]
    pub facts: FileFacts,
    /// Projected variables in no clause, each doubling the count.
    pub free_vars: u64,
    /// Independent parts the file was taken apart into.
    pub parts: usize,
    /// Cubes in all.
    pub cubes: usize,
    /// Cubes finished (resumed ones included).
    pub cubes_done: usize,
    /// Cubes resumed from a checkpoint.
    pub cubes_resumed: usize,
    /// Whether the count was stopped.
    pub interrupted: bool,
    /// Models found and checked against every clause.
    pub models_checked: u64,
    /// The backend.
    pub backend: BackendName,
    /// Always `enumeration`.
    pub method: &'static str,
    /// Why enumeration counted the file, in the caller's words.
    pub method_reason: String,
    /// With an external solver: whether its UNSATISFIABLE answers were checked by a second
    /// solver (`confirmed by varisat`) or believed (`trusted`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsat_answers: Option<UnsatAnswers>,
    /// The backend's own counters.
    pub backend_stats: BTreeMap<BackendStat, u64>,
    /// Worker threads.
    pub threads: usize,
    /// Seconds the count took.
    pub elapsed_s: f64,
    /// Models checked per second.
    pub models_per_s: f64,
    /// With orbits: the number of orbits of the projected models under the product of the
    /// parts' groups (`group_orders`) and every permutation and flip of the free variables:
    /// the product over parts of their orbits (the free variables are one orbit). A
    /// symmetry of the file that swaps two parts is not in that group.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "exact_or_null"
    )]
    pub orbits: Option<BigUint>,
    /// With orbits, when they were given up for the plain count (it would have taken
    /// long): why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orbits_dropped: Option<DroppedOrbits>,
    /// With orbits: the order of the group used in each part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_orders: Option<Vec<usize>>,
    /// With orbits: per part, whether that group is every symmetry found (else a subgroup:
    /// too large to list, or the search stopped at its budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whole_groups: Option<Vec<bool>>,
}

/// Why the orbits were not counted (the plain count was made instead): the orbit search was
/// judged slow. Reports say `orbits not counted: ` and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DroppedOrbits(pub Slowness);

impl fmt::Display for DroppedOrbits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "orbits not counted: {}", self.0)
    }
}

impl Serialize for DroppedOrbits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'a> EnumerationReport<'a> {
    /// The report of `counted`, a count of the file `facts` describes.
    pub fn new(
        counted: &Enumerated,
        facts: &FileFacts,
        context: ReportContext<'a>,
    ) -> EnumerationReport<'a> {
        let outcome = &counted.outcome;
        // The groups of an orbit count, as its key records them (a plain count has none).
        let groups = outcome.key.problem.params::<OrbitParams>().ok();
        let elapsed_s = context.elapsed_s;
        EnumerationReport {
            file: context.file,
            count: outcome.count.clone(),
            facts: facts.clone(),
            free_vars: outcome.key.free_vars,
            parts: counted.parts,
            cubes: outcome.cubes_total,
            cubes_done: outcome.cubes_done,
            cubes_resumed: outcome.cubes_resumed,
            interrupted: outcome.interrupted,
            models_checked: outcome.tally.found,
            backend: counted.backend.clone(),
            method: "enumeration",
            method_reason: context.method_reason,
            unsat_answers: None,
            backend_stats: outcome.backend_stats.clone(),
            threads: counted.threads,
            elapsed_s,
            models_per_s: outcome.tally.found as f64 / elapsed_s.max(1e-9),
            orbits: counted.orbits.clone(),
            orbits_dropped: counted.orbits_dropped.map(DroppedOrbits),
            group_orders: groups.as_ref().map(|g| g.group_orders.clone()),
            whole_groups: groups.map(|g| g.whole_groups),
        }
    }

    /// The report, saying how an external solver's UNSATISFIABLE answers were taken
    /// (`confirmed by varisat`, or `trusted`).
    pub fn with_unsat_answers(
        mut self,
        unsat_answers: Option<UnsatAnswers>,
    ) -> EnumerationReport<'a> {
        self.unsat_answers = unsat_answers;
        self
    }

    /// `, N orbits under groups of order [..]` (and the free variables' group, when there
    /// are free variables), why they were dropped, or nothing.
    fn orbits_text(&self) -> String {
        if let Some(dropped) = &self.orbits_dropped {
            return format!(", {dropped}");
        }
        let (Some(orbits), Some(orders)) = (&self.orbits, &self.group_orders) else {
            return String::new();
        };
        let whole = self.whole_groups.as_deref().unwrap_or_default();
        let sub = if whole.contains(&false) {
            " (some a subgroup of the symmetries found)"
        } else {
            ""
        };
        let free = if self.free_vars > 0 {
            " and every permutation and flip of the free variables"
        } else {
            ""
        };
        let orders: Vec<String> = orders.iter().map(usize::to_string).collect();
        format!(
            ", {orbits} orbits under groups of order [{}]{free}{sub}",
            orders.join(",")
        )
    }
}

impl Printed for EnumerationReport<'_> {
    /// The report as one line: the count (partial when stopped), orbits, the time, the
    /// backend and how the file was split.
    fn text(&self) -> String {
        let partial = if self.interrupted {
            format!(
                "   partial: {} of {}",
                self.cubes_done,
                plural(self.cubes, "cube")
            )
        } else {
            String::new()
        };
        let trusted = match self.unsat_answers {
            Some(UnsatAnswers::Trusted) => " (its UNSATISFIABLE answers trusted, not checked)",
            _ => "",
        };
        format!(
            "{}: {} ({}{}){partial}   {:.3} s   enumeration, {}{trusted}, {}, {}, {}",
            self.file,
            plural(&self.count, "model"),
            self.facts.onto(),
            self.orbits_text(),
            self.elapsed_s,
            self.backend,
            plural(self.parts, "part"),
            plural(self.cubes, "cube"),
            plural(self.free_vars, "free variable")
        )
    }

    fn answer(&self) -> (Answer, Track) {
        let answer = match self.interrupted {
            true => Answer::Unknown,
            false => Answer::Models(self.count.clone()),
        };
        (answer, Track::of(self.facts.projected, false))
    }
}
