//! `count --variant domination` by the exact search: the domination number (no set of each
//! size from the lower bound up until one is found), then every set of that many queens
//! (with --queens K, of at most K), D4 orbits of the first queen weighed unless `--symmetry
//! none`. Ctrl-C stops it with exit 130 and what was known: the lower bound reached, or how
//! much of the count was done.

use super::Counted;
use crate::cli::CountArgs;
use crate::domination;
use crate::exit::CliError;
use nqueens_queens::domination::search::{count_sets, minimum, SearchOptions, Searched};
use nqueens_queens::Domination;
use std::time::Instant;

/// One size counted; `None` when Ctrl-C stopped it (reported on stderr).
pub(super) fn count(
    args: &CountArgs,
    d: Domination,
    n: usize,
    d4: bool,
    threads: usize,
) -> Result<Option<Counted>, CliError> {
    domination::search_fits(n, d)?;
    let start = Instant::now();
    let name = domination::name(n, d);
    let stop: &std::sync::atomic::AtomicBool = &crate::stop::STOP;
    let options = SearchOptions::new(threads, d4);
    let (k, found) = match args.model.board.queens {
        Some(k) => (k as usize, None),
        None => match minimum(n, d, &options, stop).map_err(domination::search_error)? {
            Searched::Done(m) => (m.k, Some(m)),
            Searched::Stopped(s) => {
                eprintln!(
                    "nqueens: {name}: interrupted while finding γ: γ >= {} (no smaller set, by the searches finished)",
                    s.lower_bound
                );
                return Ok(None);
            }
        },
    };
    let minimum_s = start.elapsed().as_secs_f64();
    let c = match count_sets(n, d, k, &options, stop).map_err(domination::search_error)? {
        Searched::Done(c) => c,
        Searched::Stopped(s) => {
            eprintln!(
                "nqueens: {name}: interrupted while counting the sets of {k} {} ({} of {} tasks done)",
                domination::queens(k),
                s.tasks_done,
                s.tasks_total
            );
            return Ok(None);
        }
    };
    let mut extra = serde_json::Map::new();
    extra.insert("method".into(), "search".into());
    extra.insert("sets_checked".into(), c.sets_checked.into());
    extra.insert("nodes".into(), c.nodes.into());
    extra.insert("threads".into(), threads.into());
    extra.insert("minimum_s".into(), minimum_s.into());
    // A count above the domination number is searched without symmetry (see count_sets).
    extra.insert(
        "symmetry".into(),
        (if c.symmetry { "d4" } else { "none" }).into(),
    );
    Ok(Some(Counted {
        k,
        minimum: found
            .map(|m| serde_json::to_value(&m))
            .transpose()
            .map_err(CliError::failure)?,
        count: c.count.to_string(),
        orbits: c.orbits.map(|o| o.to_string()),
        extra,
        seconds: start.elapsed().as_secs_f64(),
    }))
}
