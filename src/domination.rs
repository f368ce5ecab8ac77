//! What the domination commands share: the flags that do not apply refused, the finder the
//! flags choose, the library's errors said in flags.

use crate::cli::{solver_backend, BackendArg, EngineArgs};
use crate::cli_inputs::{DominationLowering, LoweringArgs};
use crate::exit::CliError;
use nqueens_domination::search::SearchError;
use nqueens_domination::{self as dom, Domination, DominationError};
use nqueens_queens::CounterCapabilities;
use std::sync::Arc;
use zero_one_model::{Backend, CnfOptions};

/// Refuses --amo without independence (the model has no at-most-one constraint), and a
/// model past the library's size limit without `force`.
///
/// # Errors
/// The first such flag (exit 2).
pub fn refuse_flags(
    lowering: &DominationLowering,
    d: Domination,
    n: usize,
    force: bool,
) -> Result<(), CliError> {
    if lowering.amo.is_some() && !d.encodings_used().amo {
        return Err(usage!(
            "--amo does nothing with {d}: the model has no at-most-one constraint (add --independent)"
        ));
    }
    if !force {
        dom::check_model_size(n).map_err(|e| usage!("{e}; pass --force to try anyway"))?;
    }
    Ok(())
}

/// The lowering the flags select, with the domination default filled in
/// ([`dom::DEFAULT_CARD`]).
pub fn cnf_options(lowering: &DominationLowering) -> CnfOptions {
    CnfOptions {
        card: lowering.card.unwrap_or(dom::DEFAULT_CARD),
        ..LoweringArgs::from(lowering.clone()).cnf_options()
    }
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
/// What [`solver_backend`] refuses; --amo or --card with the search (it lowers nothing).
pub fn finder(
    engine: &EngineArgs,
    lowering: &DominationLowering,
    default: BackendArg,
    d: Domination,
) -> Result<Finder, CliError> {
    match solver_backend(engine, cnf_options(lowering), default)? {
        Some(backend) => {
            // A backend that keeps rows as they are (ILP) lowers nothing: --amo and --card
            // would change nothing.
            let caps = CounterCapabilities::engine(backend.capabilities());
            let flags = LoweringArgs::from(lowering.clone());
            flags.refuse_idle(&[], caps, engine.backend(default), (false, false))?;
            Ok(Finder::Solver(backend))
        }
        None => {
            let lowering = [
                (lowering.amo.is_some(), "--amo"),
                (lowering.card.is_some(), "--card"),
            ];
            if let Some((_, flag)) = lowering.iter().find(|(given, _)| *given) {
                return Err(usage!(
                    "{flag} shapes the CNF lowering, and {d} runs the exact search by default, which lowers nothing: add --backend sat (or dpll, external) to use it"
                ));
            }
            Ok(Finder::Search)
        }
    }
}

/// A failure of a domination solve or count as the CLI reports it: a board too large for
/// the exact search is the user's (exit 2, with the way around); a set the independent
/// checker refused, or a count past 2^128, is not (exit 3); backend and engine errors as
/// every command maps them.
pub fn error(e: DominationError, d: Domination) -> CliError {
    match e {
        DominationError::Search(SearchError::TooLarge { n, max }) => usage!(
            "n = {n}: the exact domination search takes boards up to {max}x{max}; add --backend sat (or external) for SAT checks on the {d} model"
        ),
        DominationError::Backend(e) => crate::exit::queens_error(e),
        DominationError::Engine(e) => crate::exit::engine_error(e),
        e => CliError::failure(e),
    }
}
