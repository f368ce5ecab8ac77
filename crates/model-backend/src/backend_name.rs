//! What a backend says about itself in reports, as typed values: who it is
//! ([`BackendName`]), how the model reaches its solver ([`BackendEncoding`]), the counters it
//! keeps ([`BackendStat`]) and how an external solver's UNSATISFIABLE answers were taken
//! ([`UnsatAnswers`]). Callers match on these; reports show them through `Display` and
//! serialize them as the same words.

use crate::AmoEncoding;
use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

/// Which backend (or optimiser, or unsatisfiability checker) this is. Callers decide by
/// [`Capabilities`](crate::Capabilities), never by the name; the name is for reports, and
/// for tests that pin which backend answered.
///
/// ```
/// use model_backend::BackendName;
/// let external = BackendName::External("cadical".into());
/// assert_eq!(external.to_string(), "external (cadical)");
/// assert_eq!(BackendName::Varisat.to_string(), "varisat");
/// assert!(matches!(external, BackendName::External(p) if p == "cadical"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendName {
    /// The DPLL enumerator of `dpll-enum` (`dpll`).
    Dpll,
    /// varisat's CDCL solver, in `varisat-enum` (`varisat`).
    Varisat,
    /// The pure-Rust ILP solver microlp, in `ilp-enum` (`microlp`).
    Microlp,
    /// An external SAT solver program, by the program its command line names
    /// (`external (cadical)`).
    External(String),
    /// A backend from outside this workspace (a test's wrapper, a user's own), by its own
    /// name, shown as it is.
    Other(&'static str),
}

impl fmt::Display for BackendName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendName::Dpll => f.write_str("dpll"),
            BackendName::Varisat => f.write_str("varisat"),
            BackendName::Microlp => f.write_str("microlp"),
            BackendName::External(program) => write!(f, "external ({program})"),
            BackendName::Other(name) => f.write_str(name),
        }
    }
}

impl Serialize for BackendName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// How a backend hands the model's constraints to its solver, as reports name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendEncoding {
    /// Lowered to CNF; reports name the at-most-one encoding (`pairwise`, ...).
    Cnf(AmoEncoding),
    /// Linear rows taken as they are, no encoding (`linear`).
    Linear,
}

impl fmt::Display for BackendEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendEncoding::Cnf(amo) => f.write_str(amo.name()),
            BackendEncoding::Linear => f.write_str("linear"),
        }
    }
}

impl Serialize for BackendEncoding {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A counter a backend (or the engine driving it) keeps, summed over cubes in reports, where
/// it is a key (`solver_calls`, ...). Keys sort by their names, as reports list them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendStat {
    /// Calls of a SAT solver, or runs of a solver program (`solver_calls`).
    SolverCalls,
    /// Cubes found unsatisfiable by unit propagation alone (`cubes_refuted_by_propagation`).
    CubesRefutedByPropagation,
    /// Clauses handed to the solver (`clauses_loaded`).
    ClausesLoaded,
    /// Decisions of a search (`decisions`).
    Decisions,
    /// Conflicts of a search (`conflicts`).
    Conflicts,
    /// Cubes handed to a fallback backend, found hard (`cubes_handed_to_fallback`).
    CubesHandedToFallback,
    /// UNSATISFIABLE answers confirmed by a second solver (`unsat_confirmed`).
    UnsatConfirmed,
    /// Linear-programming solves (`solves`).
    Solves,
    /// No-good cuts added (`cuts`).
    Cuts,
    /// Variables fixed by presolve (`fixed_by_presolve`).
    FixedByPresolve,
    /// Solutions found by presolve without a solve (`solutions_by_presolve_alone`).
    SolutionsByPresolveAlone,
    /// Cubes split further by the engine (`cube_splits`).
    CubeSplits,
    /// Cubes counted as a product of independent pieces (`cubes_counted_in_pieces`).
    CubesCountedInPieces,
    /// Solutions past the bound of remembered fingerprints, so not checked for repeats
    /// (`solutions_past_fingerprint_bound`).
    SolutionsPastFingerprintBound,
}

impl BackendStat {
    /// Its key in reports (`solver_calls`, ...).
    pub fn name(self) -> &'static str {
        match self {
            BackendStat::SolverCalls => "solver_calls",
            BackendStat::CubesRefutedByPropagation => "cubes_refuted_by_propagation",
            BackendStat::ClausesLoaded => "clauses_loaded",
            BackendStat::Decisions => "decisions",
            BackendStat::Conflicts => "conflicts",
            BackendStat::CubesHandedToFallback => "cubes_handed_to_fallback",
            BackendStat::UnsatConfirmed => "unsat_confirmed",
            BackendStat::Solves => "solves",
            BackendStat::Cuts => "cuts",
            BackendStat::FixedByPresolve => "fixed_by_presolve",
            BackendStat::SolutionsByPresolveAlone => "solutions_by_presolve_alone",
            BackendStat::CubeSplits => "cube_splits",
            BackendStat::CubesCountedInPieces => "cubes_counted_in_pieces",
            BackendStat::SolutionsPastFingerprintBound => "solutions_past_fingerprint_bound",
        }
    }
}

impl fmt::Display for BackendStat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for BackendStat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// By name, so that a map of counters lists them as reports always have.
impl Ord for BackendStat {
    fn cmp(&self, other: &Self) -> Ordering {
        self.name().cmp(other.name())
    }
}

impl PartialOrd for BackendStat {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// How an external solver's UNSATISFIABLE answers were taken, for reports of a count through
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnsatAnswers {
    /// Each was checked by this second solver (`confirmed by varisat`).
    ConfirmedBy(BackendName),
    /// Believed unchecked (`trusted`): a count is only as right as the solver.
    Trusted,
}

impl fmt::Display for UnsatAnswers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnsatAnswers::ConfirmedBy(checker) => write!(f, "confirmed by {checker}"),
            UnsatAnswers::Trusted => f.write_str("trusted"),
        }
    }
}

impl Serialize for UnsatAnswers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn names_read_as_reports_have_always_written_them() {
        let shown = [
            BackendName::Dpll,
            BackendName::Varisat,
            BackendName::Microlp,
            BackendName::External("kissat".into()),
            BackendName::Other("mine"),
        ]
        .map(|n| n.to_string());
        assert_eq!(
            shown,
            ["dpll", "varisat", "microlp", "external (kissat)", "mine"]
        );
        let encodings = [
            BackendEncoding::Cnf(AmoEncoding::Ladder),
            BackendEncoding::Linear,
        ];
        assert_eq!(encodings.map(|e| e.to_string()), ["ladder", "linear"]);
        let answers = [
            UnsatAnswers::ConfirmedBy(BackendName::Varisat),
            UnsatAnswers::Trusted,
        ];
        assert_eq!(
            answers.map(|a| a.to_string()),
            ["confirmed by varisat", "trusted"]
        );
    }

    #[test]
    fn counters_serialize_as_keys_sorted_by_name() {
        let stats: BTreeMap<BackendStat, u64> = [
            (BackendStat::SolverCalls, 3),
            (BackendStat::ClausesLoaded, 2),
            (BackendStat::Cuts, 1),
        ]
        .into();
        let json = serde_json::to_string(&stats).unwrap();
        assert_eq!(json, r#"{"clauses_loaded":2,"cuts":1,"solver_calls":3}"#);
    }
}
