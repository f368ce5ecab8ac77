//! The file formats an [`IlpModel`] is written in, as one choice: CPLEX LP, free MPS and OPB.

use super::{lp, mps, opb, IlpModel, F64_EXACT};
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// A file format for an ILP.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IlpFormat {
    /// CPLEX LP ([`lp::write_lp`]).
    Lp,
    /// Free MPS ([`mps::write_mps`]).
    Mps,
    /// OPB ([`opb::write_opb`]).
    Opb,
}

impl IlpFormat {
    /// Every format, in a stable order.
    pub const ALL: [IlpFormat; 3] = [IlpFormat::Lp, IlpFormat::Mps, IlpFormat::Opb];

    /// The name used on the command line and in reports (`lp`, `mps`, `opb`).
    pub fn name(self) -> &'static str {
        match self {
            IlpFormat::Lp => "lp",
            IlpFormat::Mps => "mps",
            IlpFormat::Opb => "opb",
        }
    }

    /// Whether a file of this format holds every number of `model` exactly for its readers:
    /// OPB always (its integers are exact); LP and MPS when no number passes [`F64_EXACT`]
    /// (floating-point solvers read them as doubles).
    pub fn exact(self, model: &IlpModel) -> bool {
        self == IlpFormat::Opb || model.largest_number() <= F64_EXACT
    }

    /// Writes `model` with the comment `title`; `name` is the MPS `NAME` (the other formats
    /// have none).
    ///
    /// # Errors
    /// When writing to `out` fails.
    pub fn write(
        self,
        model: &IlpModel,
        name: &str,
        title: &str,
        out: &mut (impl Write + ?Sized),
    ) -> io::Result<()> {
        match self {
            IlpFormat::Lp => lp::write_lp(model, title, out),
            IlpFormat::Mps => mps::write_mps(model, name, title, out),
            IlpFormat::Opb => opb::write_opb(model, title, out),
        }
    }
}

impl fmt::Display for IlpFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for IlpFormat {
    type Err = crate::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::named::from_name(&IlpFormat::ALL, IlpFormat::name, "ILP format", s)
    }
}
