//! The seam between counting and solving. A [`Backend`] takes a [`Model`] (and literals to
//! fix, for cubes) and yields its solutions projected onto the shown variables, one at a time,
//! each different from the ones before on the projection. How it gets there (CNF and a SAT
//! solver, an ILP, an external program) is its own business; callers still check every
//! solution against the model.

use crate::{BackendEncoding, BackendName, BackendStat, Lit, Model};
use std::error::Error;
use std::fmt;

/// What kind of failure a [`BackendError`] is, for callers that react differently to each
/// (retry after a timeout, report a bad input to the user, distrust a solver).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendErrorKind {
    /// The model has something this backend has no encoding for (a linear constraint with
    /// large coefficients, say).
    Unsupported,
    /// The caller passed something that does not fit the model (a fixed literal on a variable
    /// outside it).
    InvalidInput,
    /// The solver failed, gave up or could not finish.
    SolverFailed,
    /// Reading or writing a file, or running a program, failed.
    Io,
    /// The solver ran past its time limit.
    Timeout,
    /// The solver answered something that fails a check: a non-solution, a repeated
    /// solution, output that cannot be parsed, an exit code contradicting its answer.
    BadAnswer,
    /// The caller asked the enumeration to stop (Ctrl-C): what it returned so far stands,
    /// the rest was not enumerated.
    Interrupted,
    /// Anything else.
    Other,
}

impl BackendErrorKind {
    /// A short lowercase description (`"unsupported model"`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            BackendErrorKind::Unsupported => "unsupported model",
            BackendErrorKind::InvalidInput => "invalid input",
            BackendErrorKind::SolverFailed => "solver failed",
            BackendErrorKind::Io => "i/o error",
            BackendErrorKind::Timeout => "timeout",
            BackendErrorKind::BadAnswer => "bad answer from the solver",
            BackendErrorKind::Interrupted => "interrupted",
            BackendErrorKind::Other => "other error",
        }
    }
}

impl fmt::Display for BackendErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a backend failed: a [kind](BackendErrorKind), the backend's name, a message, and the
/// underlying error when there is one (an [`std::io::Error`], the solver's own error, ...),
/// reachable through [`Error::source`]. The message does not repeat the source's text, so a
/// report that walks the chain prints each part once.
///
/// ```
/// use model_backend::{BackendError, BackendErrorKind, BackendName};
/// use std::error::Error;
///
/// let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
/// let external = BackendName::External("cadical".into());
/// let e = BackendError::with_kind(BackendErrorKind::Io, external, "writing the CNF")
///     .with_source(io);
/// assert_eq!(e.kind(), BackendErrorKind::Io);
/// assert!(matches!(e.backend(), BackendName::External(p) if p == "cadical"));
/// assert_eq!(e.to_string(), "external (cadical) backend: writing the CNF");
/// assert_eq!(e.source().unwrap().to_string(), "no such file");
/// ```
#[derive(Debug)]
pub struct BackendError {
    kind: BackendErrorKind,
    backend: BackendName,
    message: String,
    source: Option<Box<dyn Error + Send + Sync + 'static>>,
}

impl BackendError {
    /// An error from `backend` of kind [`BackendErrorKind::Other`].
    pub fn new(backend: BackendName, message: impl Into<String>) -> BackendError {
        BackendError::with_kind(BackendErrorKind::Other, backend, message)
    }

    /// An error of kind `kind` from `backend`.
    pub fn with_kind(
        kind: BackendErrorKind,
        backend: BackendName,
        message: impl Into<String>,
    ) -> BackendError {
        BackendError {
            kind,
            backend,
            message: message.into(),
            source: None,
        }
    }

    /// `backend` cannot take the model: it does not lower to CNF with the encodings chosen.
    /// Kind [`BackendErrorKind::Unsupported`], with the [`crate::LowerError`] as source; kind
    /// [`BackendErrorKind::Interrupted`] when the lowering was stopped
    /// ([`crate::LowerError::is_stopped`]).
    pub fn not_lowered(backend: BackendName, e: crate::LowerError) -> BackendError {
        let (kind, reason) = if e.is_stopped() {
            (
                BackendErrorKind::Interrupted,
                "stopped while lowering the model to CNF",
            )
        } else {
            (
                BackendErrorKind::Unsupported,
                "the model cannot be lowered to CNF",
            )
        };
        BackendError::with_kind(kind, backend, reason).with_source(e)
    }

    /// This error, caused by `source`.
    pub fn with_source(mut self, source: impl Into<Box<dyn Error + Send + Sync>>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> BackendErrorKind {
        self.kind
    }

    /// Which backend failed.
    pub fn backend(&self) -> &BackendName {
        &self.backend
    }

    /// What went wrong, without the source's text.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// A model the backend cannot take ([`BackendErrorKind::Unsupported`]) or literals that do
/// not fit it ([`BackendErrorKind::InvalidInput`]) are the caller's; the rest are failures.
impl model_core::Blame for BackendError {
    fn fault(&self) -> model_core::Fault {
        match self.kind {
            BackendErrorKind::Unsupported | BackendErrorKind::InvalidInput => {
                model_core::Fault::Input
            }
            _ => model_core::Fault::Failure,
        }
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} backend: {}", self.backend, self.message)
    }
}

impl Error for BackendError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.source.as_deref().map(|e| e as &(dyn Error + 'static))
    }
}

/// A stream of solutions of one model.
///
/// A boxed stream is also an [`Iterator`] through [`IntoIterator`] (see [`SolutionIter`]).
pub trait Solutions {
    /// The next solution as values of the model's variables (auxiliaries excluded), or `None`
    /// when no solution differing on the projection remains.
    ///
    /// # Errors
    /// When the solver fails.
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError>;

    /// Counters the backend keeps (solver calls, ...), summed over cubes in reports.
    fn stats(&self) -> Vec<(BackendStat, u64)> {
        Vec::new()
    }
}

impl<S: Solutions + ?Sized> Solutions for Box<S> {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        (**self).next_solution()
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        (**self).stats()
    }
}

impl<S: Solutions + ?Sized> Solutions for &mut S {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        (**self).next_solution()
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        (**self).stats()
    }
}

/// A [`Solutions`] stream as an [`Iterator`] of `Result<Vec<bool>, BackendError>`. It ends
/// when the stream does, or right after the first error (it is fused). Wrap `&mut stream` to
/// read the stream's [`Solutions::stats`] afterwards.
#[derive(Debug)]
pub struct SolutionIter<S> {
    solutions: S,
    done: bool,
}

impl<S: Solutions> SolutionIter<S> {
    /// Iterates over `solutions`.
    pub fn new(solutions: S) -> SolutionIter<S> {
        SolutionIter {
            solutions,
            done: false,
        }
    }

    /// The stream, to read its statistics.
    pub fn get_ref(&self) -> &S {
        &self.solutions
    }

    /// The stream back.
    pub fn into_inner(self) -> S {
        self.solutions
    }
}

impl<S: Solutions> Iterator for SolutionIter<S> {
    type Item = Result<Vec<bool>, BackendError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.solutions.next_solution().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

impl<S: Solutions> std::iter::FusedIterator for SolutionIter<S> {}

impl<'a> IntoIterator for Box<dyn Solutions + 'a> {
    type Item = Result<Vec<bool>, BackendError>;
    type IntoIter = SolutionIter<Box<dyn Solutions + 'a>>;

    fn into_iter(self) -> Self::IntoIter {
        SolutionIter::new(self)
    }
}

/// A model made ready for one backend (lowered, indexed), shared by every cube and thread.
pub trait Prepared<'m>: Send + Sync {
    /// Starts enumerating the solutions in which every literal of `fixed` holds.
    ///
    /// # Errors
    /// When the solver cannot be started, or (kind [`BackendErrorKind::InvalidInput`]) a
    /// literal of `fixed` is on a variable outside the model.
    fn solutions(&self, fixed: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError>;
}

/// What a backend can do beyond enumerating solutions, said by the backend itself: callers
/// decide by these, never by a backend's name.
///
/// Certified counts need no capability: their proofs are made from the models found,
/// whichever backend found them (the crate `count-certify`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// A raised [`StopFlag`](crate::StopFlag) given to it ends an enumeration soon.
    pub stops: bool,
    /// Each cube's setup is cheap against its search, so it gains from many small cubes (an
    /// ILP solve per cube: deep splits pay off).
    pub deep_cubes: bool,
    /// It solves linear constraints with any integer coefficients natively, without a CNF
    /// encoding.
    pub native_linear: bool,
    /// It proves unsatisfiability slowly (a search without clause learning): a caller with a
    /// satisfiability check to make rather than solutions to count (a bound to refute) does
    /// better with a CDCL backend.
    pub slow_refutation: bool,
    /// Roughly what each solution costs it, the scale of a run-time estimate.
    pub solution_cost: SolutionCost,
}

/// Roughly what one solution costs a backend: what a run-time estimate scales by.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolutionCost {
    /// A search in this process (propagation with backtracking or clause learning): tens of
    /// thousands of solutions a second.
    #[default]
    InProcess,
    /// A linear-programming search per solution (branch and bound over relaxations).
    LpSolve,
    /// A solver program started per solution.
    ProgramRun,
}

impl Capabilities {
    /// Nothing beyond enumerating, each solution found in this process.
    pub const NONE: Capabilities = Capabilities {
        stops: false,
        deep_cubes: false,
        native_linear: false,
        slow_refutation: false,
        solution_cost: SolutionCost::InProcess,
    };

    /// With [`Capabilities::stops`] set to `stops`.
    pub const fn stops(self, stops: bool) -> Capabilities {
        Capabilities { stops, ..self }
    }

    /// With [`Capabilities::deep_cubes`] set to `deep`.
    pub const fn deep_cubes(self, deep: bool) -> Capabilities {
        Capabilities {
            deep_cubes: deep,
            ..self
        }
    }

    /// With [`Capabilities::native_linear`] set to `native`.
    pub const fn native_linear(self, native: bool) -> Capabilities {
        Capabilities {
            native_linear: native,
            ..self
        }
    }

    /// With [`Capabilities::slow_refutation`] set to `slow`.
    pub const fn slow_refutation(self, slow: bool) -> Capabilities {
        Capabilities {
            slow_refutation: slow,
            ..self
        }
    }

    /// With [`Capabilities::solution_cost`] set to `cost`.
    pub const fn solution_cost(self, cost: SolutionCost) -> Capabilities {
        Capabilities {
            solution_cost: cost,
            ..self
        }
    }
}

/// Something that can enumerate the solutions of a model.
pub trait Backend: Send + Sync {
    /// Which backend it is, for reports (`varisat`, `microlp`, ...).
    fn name(&self) -> BackendName;

    /// What it can do beyond enumerating ([`Capabilities::NONE`] unless it says more).
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
    }

    /// How the model reaches its solver, for reports (`pairwise`, `linear`, ...).
    fn encoding(&self) -> BackendEncoding;

    /// Prepares `model` once for many enumerations (one per cube).
    ///
    /// # Errors
    /// When the model cannot be handed to the solver (kind [`BackendErrorKind::Unsupported`]
    /// for a constraint it has no encoding for).
    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError>;

    /// Prepares `model` and starts enumerating the solutions in which every literal of
    /// `fixed` holds.
    ///
    /// # Errors
    /// As [`Backend::prepare`] and [`Prepared::solutions`].
    fn solutions<'m>(
        &self,
        model: &'m Model,
        fixed: &[Lit],
    ) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        self.prepare(model)?.solutions(fixed)
    }
}

/// A second, independent SAT solver that an unsatisfiability claim is checked against: a
/// backend that trusts a program's "UNSATISFIABLE" (an external solver) asks it whether the
/// very clauses that program was given have a model. Answers are checked too: a model it
/// returns must satisfy every clause before anyone believes it.
pub trait SatCheck: Send + Sync + fmt::Debug {
    /// Which solver it is, for messages and reports (`varisat`).
    fn name(&self) -> BackendName;

    /// A model of `clauses` over variables `0..num_vars` (one value per variable), or `None`
    /// when there is none.
    ///
    /// # Errors
    /// When the solver fails or is stopped (kind [`BackendErrorKind::Interrupted`]).
    fn find_model(
        &self,
        num_vars: usize,
        clauses: &[Vec<Lit>],
    ) -> Result<Option<Vec<bool>>, BackendError>;
}

/// Checks that every literal of `fixed` is on a variable of `model`, as
/// [`Prepared::solutions`] requires.
///
/// # Errors
/// Kind [`BackendErrorKind::InvalidInput`] from `backend`, with the
/// [`ModelError`](model_core::ModelError) naming the first variable outside the model as source.
pub fn check_fixed(backend: BackendName, model: &Model, fixed: &[Lit]) -> Result<(), BackendError> {
    model.check_lits(fixed).map_err(|e| {
        BackendError::with_kind(
            BackendErrorKind::InvalidInput,
            backend,
            "a fixed literal is outside the model",
        )
        .with_source(e)
    })
}

#[cfg(test)]
mod tests;
