//! `solve --variant domination` by the exact search: a minimum set (no set of each size from
//! the lower bound up until one is found), or with `--queens K` one set of at most K.
//! Ctrl-C stops it with exit 130 and what was proved: the lower bound reached.

use super::{print, print_minimum};
use crate::cli::SolveArgs;
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::domination::search::{find_set, minimum, SearchOptions, Searched, Stopped};
use nqueens_queens::Domination;

pub(super) fn run(args: &SolveArgs, d: Domination) -> Result<ExitStatus, CliError> {
    let n = args.n();
    domination::search_fits(n, d)?;
    crate::stop::install();
    let stop: &std::sync::atomic::AtomicBool = &crate::stop::STOP;
    let options = SearchOptions::default();
    let name = domination::name(n, d);
    let mut out = output::stdout();
    if let Some(k) = args.model.board.queens {
        let k = k as usize;
        let queens = match find_set(n, d, k, &options, stop).map_err(domination::search_error)? {
            Searched::Stopped(s) => {
                eprintln!(
                    "nqueens: {name}: interrupted before a set of at most {k} queens was found ({} of {} tasks searched)",
                    s.tasks_done, s.tasks_total
                );
                return Ok(ExitStatus::Interrupted);
            }
            Searched::Done(None) => {
                eprintln!(
                    "nqueens: {name}: no set of at most {k} {} (the whole search tree)",
                    domination::queens(k)
                );
                return Ok(ExitStatus::Mismatch);
            }
            Searched::Done(Some(queens)) => queens,
        };
        let header = format!(
            "{name}: {} {} (at most {k} asked)",
            queens.len(),
            domination::queens(queens.len())
        );
        let json = serde_json::json!({
            "n": n, "variant": d.name(), "bound": k, "k": queens.len(), "queens": queens,
            "method": "search",
        });
        return print(&mut out, args, n, &queens, &header, json);
    }
    let m = match minimum(n, d, &options, stop).map_err(domination::search_error)? {
        Searched::Done(m) => m,
        Searched::Stopped(s) => return Ok(interrupted(&name, &s)),
    };
    let by_bound = m.k <= m.lower_bound;
    let nodes: u64 = m.levels.iter().map(|l| l.nodes).sum();
    let mut json = serde_json::to_value(&m).map_err(CliError::failure)?;
    json["variant"] = d.name().into();
    json["method"] = "search".into();
    json["proof"] = (if by_bound {
        "lower-bound"
    } else {
        "exhaustive-search"
    })
    .into();
    let how = Some(format!("search: {nodes} nodes"));
    print_minimum(
        &mut out,
        args,
        d,
        &m.queens,
        (m.lower_bound, by_bound),
        how,
        json,
    )
}

/// Ctrl-C during the search: the lower bound proved so far (the search finds its first set
/// only at the domination number, so there is no set to print), and 130.
fn interrupted(name: &str, s: &Stopped) -> ExitStatus {
    eprintln!(
        "nqueens: {name}: interrupted: γ >= {} (no smaller set, by the searches finished); the search for {} queens was {} of {} tasks in",
        s.lower_bound, s.lower_bound, s.tasks_done, s.tasks_total
    );
    ExitStatus::Interrupted
}
