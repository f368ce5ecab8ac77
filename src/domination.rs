//! What the domination commands share: the flags that do not apply refused, the backend
//! chosen, the size guard, and boards drawn from sets of squares.

use crate::cli::{solver_backend, BackendArg, EngineArgs, ModelArgs};
use crate::exit::CliError;
use anyhow::anyhow;
use nqueens_queens::{Domination, Square};
use std::sync::Arc;
use zero_one_model::Backend;

/// Largest board the domination commands take without `--force`: n² clauses of about 4n
/// literals each, and a cardinality counter over n² inputs.
pub const MAX_N: usize = 60;

/// Refuses the model flags that mean nothing for a set of squares: --formulation, --domain,
/// --pb, --given, --blocked, --given-file; and n past [`MAX_N`] without `force`.
///
/// # Errors
/// The first such flag (exit 2).
pub fn refuse_flags(
    model: &ModelArgs,
    d: Domination,
    n: usize,
    force: bool,
) -> Result<(), CliError> {
    let b = &model.board;
    let idle = [
        (model.formulation.is_some(), "--formulation"),
        (model.domain.is_some(), "--domain"),
        (model.pb.is_some(), "--pb"),
        (b.given.is_some(), "--given"),
        (b.blocked.is_some(), "--blocked"),
        (b.given_file.is_some(), "--given-file"),
    ];
    if let Some((_, flag)) = idle.iter().find(|(given, _)| *given) {
        return Err(CliError::usage(anyhow!(
            "{flag} does not apply to --variant {d}: its model is one variable per square, any number of queens"
        )));
    }
    if !d.independent && model.amo.is_some() {
        return Err(CliError::usage(anyhow!(
            "--amo does nothing with --variant {d}: the model has no at-most-one constraint (independent domination has)"
        )));
    }
    if n > MAX_N && !force {
        let occurrences = |n: usize| n.saturating_mul(n).saturating_mul(4 * n);
        return Err(CliError::usage(anyhow!(
            "n = {n}: the domination model has {} coverage clauses of about {} literals (about {} literal occurrences) and a cardinality counter over {} squares; the limit is n = {MAX_N} (about {} occurrences); pass --force to try anyway",
            n.saturating_mul(n),
            4 * n,
            occurrences(n),
            n.saturating_mul(n),
            occurrences(MAX_N)
        )));
    }
    Ok(())
}

/// The model flags with the domination default filled in: the totalizer for the bound
/// (measured faster than the sequential counter here: Q(9)'s count 2.9 s against 3.6 s,
/// Q(10)'s minimum 0.6-6 s against 3-11 s, with the same backend).
pub fn model_args(model: &ModelArgs) -> ModelArgs {
    let mut model = model.clone();
    model
        .card
        .get_or_insert(zero_one_model::CardEncoding::Totalizer);
    model
}

/// How a domination command finds its sets.
pub enum Finder {
    /// The exact search of `nqueens_queens::domination::search` (`--backend backtrack`, the
    /// default).
    Search,
    /// SAT checks (or the engine's count) on the 0-1 model with this backend.
    Solver(Arc<dyn Backend>),
}

/// The finder the flags choose: the exact search unless `--backend` names a solver backend
/// (`default` when no `--backend` is given).
///
/// # Errors
/// What [`solver_backend`] refuses; --amo or --card with the search (it lowers nothing).
pub fn finder(
    engine: &EngineArgs,
    model: &ModelArgs,
    default: BackendArg,
    d: Domination,
) -> Result<Finder, CliError> {
    match solver_backend(engine, &model_args(model), default)? {
        Some(backend) => Ok(Finder::Solver(backend)),
        None => {
            let lowering = [
                (model.amo.is_some(), "--amo"),
                (model.card.is_some(), "--card"),
            ];
            if let Some((_, flag)) = lowering.iter().find(|(given, _)| *given) {
                return Err(CliError::usage(anyhow!(
                    "{flag} shapes the CNF lowering, and --variant {d} runs the exact search by default, which lowers nothing: add --backend sat (or dpll, external) to use it"
                )));
            }
            Ok(Finder::Search)
        }
    }
}

/// The board size refused by the exact search, with the way around.
///
/// # Errors
/// n past [`nqueens_queens::domination::search::MAX_N`] (exit 2).
pub fn search_fits(n: usize, d: Domination) -> Result<(), CliError> {
    let max = nqueens_queens::domination::search::MAX_N;
    if n > max {
        return Err(CliError::usage(anyhow!(
            "n = {n}: the exact domination search takes boards up to {max}x{max}; add --backend sat (or external) for SAT checks on the --variant {d} model"
        )));
    }
    Ok(())
}

/// A failure of the exact search as the CLI reports it: a board too large is the user's
/// (exit 2); a set the independent checker refused, or a count past 2^128, is not (exit 3).
pub fn search_error(e: nqueens_queens::domination::search::SearchError) -> CliError {
    match e {
        nqueens_queens::domination::search::SearchError::TooLarge { .. } => CliError::usage(e),
        _ => CliError::failure(e),
    }
}

/// "queen" or "queens", for `k` of them.
pub fn queens(k: usize) -> &'static str {
    if k == 1 {
        "queen"
    } else {
        "queens"
    }
}

/// The board's name in messages: `Q(8) domination`.
pub fn name(n: usize, d: Domination) -> String {
    format!("Q({n}) {d}")
}

/// The board with its queens, one line per row: `Q`/`.` with `ascii`, else `♛`/`·`.
pub fn draw(n: usize, queens: &[Square], ascii: bool) -> String {
    let (queen, empty) = if ascii { ('Q', '.') } else { ('♛', '·') };
    let mut s = String::new();
    for row in 0..n {
        let line: Vec<String> = (0..n)
            .map(|col| {
                let q = queens.contains(&Square::new(row, col));
                (if q { queen } else { empty }).to_string()
            })
            .collect();
        s.push_str(&line.join(" "));
        s.push('\n');
    }
    s
}
