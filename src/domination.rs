//! What the domination commands share: the flags' names for the library's refusals
//! ([`nqueens_domination::Refusal`]), the finder the flags choose, the library's errors said
//! in flags.

use crate::cli::{solver_backend, BackendArg, EngineArgs};
use crate::cli_inputs::{DominationLowering, LoweringArgs};
use crate::exit::CliError;
use nqueens_domination::{self as dom, Domination, DominationError, Refusal, Spelling};
use nqueens_queens::CounterCapabilities;
use std::sync::Arc;
use zero_one_model::Backend;

/// The domination commands' flags, as the library's refusals name them.
const FLAGS: Spelling<'static> = Spelling {
    amo: "--amo",
    card: "--card",
    independent: "--independent",
    bound: "--queens K",
    checkpoint: "--checkpoint",
    cube_depth: "--cube-depth",
    force: "--force",
    ind: "--ind",
    format: "--format",
    backend: "--backend",
    search: "--backend backtrack",
    file: "encode domination",
};

/// A refusal of the library, said in flags (exit 2).
pub fn refused(e: Refusal) -> CliError {
    usage!("{}", e.said(&FLAGS))
}

/// How a domination command finds its sets, as the flags choose it.
pub enum Finder {
    /// The exact search (`--backend backtrack`, the default).
    Search,
    /// SAT checks (or the engine's count) on the 0-1 model with this backend.
    Solver(Arc<dyn Backend>),
}

impl Finder {
    /// The library's finder, borrowing the backend.
    pub fn get(&self) -> dom::Finder<'_> {
        match self {
            Finder::Search => dom::Finder::Search,
            Finder::Solver(backend) => dom::Finder::Backend(backend.as_ref()),
        }
    }
}

/// The finder the flags choose: the exact search unless `--backend` names a solver backend
/// (`default` when no `--backend` is given).
///
/// # Errors
/// What [`solver_backend`] refuses; --amo or --card where nothing lowers the model.
pub fn finder(
    engine: &EngineArgs,
    lowering: &DominationLowering,
    default: BackendArg,
    d: Domination,
) -> Result<Finder, CliError> {
    let chosen = lowering.chosen();
    match solver_backend(engine, chosen.cnf_options(), default)? {
        Some(backend) => {
            // A backend that keeps rows as they are (ILP) lowers nothing: --amo and --card
            // would change nothing.
            let caps = CounterCapabilities::engine(backend.capabilities());
            let flags = LoweringArgs::from(lowering.clone());
            flags.refuse_idle(&[], caps, engine.backend(default), (false, false))?;
            Ok(Finder::Solver(backend))
        }
        None => {
            chosen.check_search(d).map_err(refused)?;
            Ok(Finder::Search)
        }
    }
}

/// A failure of a domination solve or count as the CLI reports it: a board too large for
/// the exact search is the user's (exit 2, with the way around); a set the independent
/// checker refused, or a count past 2^128, is not (exit 3); backend and engine errors as
/// every command maps them.
pub fn error(e: DominationError, d: Domination) -> CliError {
    if let Some(r) = e.refusal(d) {
        return refused(r);
    }
    match e {
        DominationError::Backend(e) => crate::exit::queens_error(e),
        DominationError::Engine(e) => e.into(),
        e => CliError::failure(e),
    }
}

/// Prints `report`: its JSON through a `Value` (keys sorted, as the domination reports have
/// always been printed), or its `text`.
pub fn print(
    out: &mut impl std::io::Write,
    json: bool,
    report: &impl serde::Serialize,
    text: impl FnOnce() -> String,
) -> Result<(), CliError> {
    if json {
        let value = serde_json::to_value(report).map_err(CliError::failure)?;
        writeln!(out, "{value}")?;
    } else {
        write!(out, "{}", text())?;
    }
    out.flush()?;
    Ok(())
}
