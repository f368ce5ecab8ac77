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

    /// [`IlpFormat::exact`] as a result, for a caller that refuses to write a file whose
    /// numbers its readers would take inexactly.
    ///
    /// # Errors
    /// [`InexactNumber`] with the largest number of `model` when it passes [`F64_EXACT`] in
    /// LP or MPS.
    pub fn check_exact(self, model: &IlpModel) -> Result<(), InexactNumber> {
        if self.exact(model) {
            return Ok(());
        }
        Err(InexactNumber {
            format: self,
            largest: model.largest_number(),
        })
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

/// A model with a number past [`F64_EXACT`] for a format read by floating-point solvers
/// ([`IlpFormat::check_exact`]): they would read it as an inexact double and solve another
/// problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a number of magnitude {largest} passes 2^53, which {} readers (GLPK, CBC, SCIP, HiGHS) read as an inexact double and would solve another problem",
    format.name().to_uppercase()
)]
#[non_exhaustive]
pub struct InexactNumber {
    /// The format asked for (LP or MPS).
    pub format: IlpFormat,
    /// The largest magnitude among the model's numbers.
    pub largest: i128,
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
