//! What the domination commands share: the flags' names for the library's refusals
//! ([`nqueens_domination::Refusal`]), the finder the flags choose, the library's errors said
//! in flags, what a finished run said printed.

use crate::cli::{solver_backend, BackendArg, EngineArgs};
use crate::cli_inputs::{DominationLowering, LoweringArgs};
use crate::exit::{CliError, ExitStatus};
use nqueens_domination::Spelling;
use nqueens_domination::{Domination, DominationError, Ending, Refusal, Said};
use nqueens_queens::CounterCapabilities;
use std::io::Write;
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

/// The backend the flags choose for a domination command's finder
/// ([`nqueens_domination::Finder`]): none, for the exact search, unless `--backend` names a
/// solver backend (`default` when no `--backend` is given).
///
/// # Errors
/// What [`solver_backend`] refuses; --amo or --card where nothing lowers the model.
pub fn finder(
    engine: &EngineArgs,
    lowering: &DominationLowering,
    default: BackendArg,
    d: Domination,
) -> Result<Option<Arc<dyn Backend>>, CliError> {
    let chosen = lowering.chosen();
    match solver_backend(engine, chosen.cnf_options(), default)? {
        Some(backend) => {
            // A backend that keeps rows as they are (ILP) lowers nothing: --amo and --card
            // would change nothing.
            let caps = CounterCapabilities::engine(backend.capabilities());
            let (amo, card) = (lowering.amo, lowering.card);
            let flags = LoweringArgs {
                amo,
                card,
                pb: None,
            };
            flags.refuse_idle(&[], caps, engine.backend(default), (false, false))?;
            Ok(Some(backend))
        }
        None => {
            chosen.check_search(d).map_err(refused)?;
            Ok(None)
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

/// Prints what a finished solve or count `said` (`about`: the board, for a stop with
/// nothing to print, said as JSON too with `json`), and its exit status.
pub fn say(said: Said, json: bool, about: impl FnOnce() -> String) -> Result<ExitStatus, CliError> {
    let note = said.note.unwrap_or_default();
    match said.report {
        Some(report) => {
            let mut out = crate::output::stdout();
            write!(out, "{report}")?;
            out.flush()?;
        }
        None if said.ending == Ending::Interrupted => {
            crate::output::interrupted(json, &about(), &note)?;
            return Ok(ExitStatus::Interrupted);
        }
        None => {}
    }
    if !note.is_empty() {
        eprintln!("nqueens: {note}");
    }
    Ok(match said.ending {
        Ending::Answer => ExitStatus::Success,
        Ending::Mismatch => ExitStatus::Mismatch,
        Ending::Interrupted => ExitStatus::Interrupted,
    })
}
