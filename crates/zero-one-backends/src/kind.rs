//! The registered backends' names.

use std::fmt;
use std::str::FromStr;

/// A solver backend this crate builds ([`crate::build`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendKind {
    /// varisat's CDCL on the CNF lowering, enumerating by blocking clauses.
    Sat,
    /// The DPLL enumerator on the CNF lowering (no blocking clauses), handing hard parts to
    /// varisat.
    Dpll,
    /// The pure-Rust ILP solver microlp, enumerating by no-good cuts.
    Ilp,
    /// An external SAT solver program, re-run with blocking clauses.
    External,
}

impl BackendKind {
    /// Every registered backend, in the order they are listed to users.
    pub const ALL: [BackendKind; 4] = [
        BackendKind::Sat,
        BackendKind::External,
        BackendKind::Ilp,
        BackendKind::Dpll,
    ];

    /// Its short name (`sat`, `dpll`, `ilp`, `external`).
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Sat => "sat",
            BackendKind::Dpll => "dpll",
            BackendKind::Ilp => "ilp",
            BackendKind::External => "external",
        }
    }

    /// What it is, in words for messages.
    pub fn what(self) -> &'static str {
        match self {
            BackendKind::Sat => "varisat",
            BackendKind::Dpll => "the DPLL enumerator",
            BackendKind::Ilp => "the ILP solver",
            BackendKind::External => "the external solver",
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a registered backend's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no backend is named '{0}' (the backends are sat, dpll, ilp and external)")]
pub struct UnknownBackend(pub String);

impl FromStr for BackendKind {
    type Err = UnknownBackend;

    fn from_str(s: &str) -> Result<BackendKind, UnknownBackend> {
        BackendKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownBackend(s.chars().take(40).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_unknown_names_are_refused() {
        for k in BackendKind::ALL {
            assert_eq!(k.name().parse::<BackendKind>(), Ok(k));
        }
        assert!("backtrack".parse::<BackendKind>().is_err());
    }
}
