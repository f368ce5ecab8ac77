//! `nqueens count N --variant domination`: the number of minimum dominating sets. The
//! domination number is found first (SAT checks at falling bounds, as `solve` does), then the
//! sets of that many queens are counted through the engine: cubes split from the model over
//! threads, every set checked by the independent checker, D4 orbits by lex-leader constraints
//! and orbit weights (`--symmetry d4`, the default). Both numbers are compared with the OEIS.

use crate::cli::{BackendArg, CountArgs, SymmetryArg};
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use count_engine::{Depth, RunOptions};
use nqueens_driver::domination::{
    minimum_until, DominationProblem, DominationVerdict, Minimum, Search,
};
use nqueens_driver::Symmetry;
use nqueens_queens::Domination;
use std::io::Write;
use std::time::Instant;

/// Cubes the count is split into by default (levels of clause splits until there are this
/// many), enough to keep every thread busy.
const DEFAULT_CUBES: usize = 256;

pub fn run(args: CountArgs, d: Domination) -> Result<ExitStatus, CliError> {
    let refused = [
        (args.cnf.is_some() || args.opb.is_some(), "--cnf and --opb"),
        (args.strict, "--strict"),
        (args.method.is_some(), "--method"),
        (args.cache_mb.is_some(), "--cache-mb"),
        (args.shard.is_some(), "--shard"),
        (args.certify.is_some(), "--certify"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        return Err(CliError::usage(anyhow!(
            "{flag} does not go with --variant {d} (a count of board sizes)"
        )));
    }
    let sizes = args
        .sizes
        .clone()
        .expect("clap requires sizes without --cnf/--opb");
    if args.checkpoint.is_some() && sizes.0.start() != sizes.0.end() {
        return Err(CliError::usage(anyhow!(
            "--checkpoint goes with one board size"
        )));
    }
    domination::refuse_flags(&args.model, d, *sizes.0.end(), args.force)?;
    let d4 = match args.symmetry {
        None | Some(SymmetryArg::Auto) | Some(SymmetryArg::Board(Symmetry::D4)) => true,
        Some(SymmetryArg::Board(Symmetry::None)) => false,
        Some(SymmetryArg::Board(s)) => {
            return Err(CliError::usage(anyhow!(
                "--symmetry {} does not apply to --variant {d}: use d4 (the default) or none",
                s.name()
            )))
        }
    };
    // CDCL with blocking clauses: minimum sets are few, and DPLL without learning spends
    // its time refuting cubes (measured: Q(9) 3.6 s against 6.2 s).
    let chosen = args.engine.backend(BackendArg::Sat);
    let backend = domination::backend(&args.engine, &args.model, BackendArg::Sat, d)?;
    // The minimum is a search for one set, then a refutation: CDCL's work, not DPLL's.
    let search = match chosen {
        BackendArg::Dpll => domination::backend(&args.engine, &args.model, BackendArg::Sat, d)?,
        _ => backend.clone(),
    };
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let depth = match args.cube_depth {
        Some(levels) => Depth::Levels(usize::from(levels)),
        None => Depth::Target(DEFAULT_CUBES),
    };
    crate::stop::install();
    let mut out = output::stdout();
    let mut status = ExitStatus::Success;
    for n in sizes.0.clone() {
        let start = Instant::now();
        let (k, found): (usize, Option<Minimum>) = match args.model.board.queens {
            Some(k) => (k as usize, None),
            None => {
                let stopped = || crate::stop::STOP.is_raised();
                match minimum_until(n, d, search.as_ref(), d4, &stopped)
                    .map_err(crate::exit::driver_error)?
                {
                    Search::Minimum(m) => (m.k, Some(m)),
                    Search::Stopped(s) => {
                        let name = domination::name(n, d);
                        match &s.queens {
                            Some(q) => eprintln!(
                                "nqueens: {name}: interrupted while finding γ: {} <= γ <= {} (the best set so far has {} {})",
                                s.lower_bound,
                                q.len(),
                                q.len(),
                                domination::queens(q.len())
                            ),
                            None => eprintln!(
                                "nqueens: {name}: interrupted while finding γ, before the first set (γ >= {})",
                                s.lower_bound
                            ),
                        }
                        return Ok(ExitStatus::Interrupted);
                    }
                }
            }
        };
        let minimum_s = start.elapsed().as_secs_f64();
        let problem =
            DominationProblem::new(n, d, k, d4, depth).map_err(crate::exit::driver_error)?;
        let options = RunOptions {
            threads,
            checkpoint: args.checkpoint.as_deref(),
            stop: Some(&crate::stop::STOP),
            ..RunOptions::default()
        };
        let outcome = count_engine::run(&problem, backend.as_ref(), &options)
            .map_err(crate::exit::engine_error)?;
        let name = domination::name(n, d);
        if outcome.interrupted {
            eprintln!(
                "nqueens: {name}: interrupted after {} of {} cubes ({} sets so far)",
                outcome.cubes_done, outcome.cubes_total, outcome.count
            );
            return Ok(ExitStatus::Interrupted);
        }
        let count: u64 = outcome.count.to_string().parse().unwrap_or(u64::MAX);
        let number = found.as_ref().map(|m| DominationVerdict::number(d, n, m.k));
        // The count is of minimum sets when k is the domination number: found here, or the
        // known one.
        let is_minimum = found.is_some() || d.known_number(n) == Some(k);
        let counted = if is_minimum {
            DominationVerdict::count(d, n, count)
        } else {
            DominationVerdict::Unknown
        };
        let mismatch =
            number.as_ref().is_some_and(DominationVerdict::is_mismatch) || counted.is_mismatch();
        let seconds = start.elapsed().as_secs_f64();
        if args.json {
            let obj = serde_json::json!({
                "n": n,
                "variant": d.name(),
                "k": k,
                "minimum": found,
                "k_oeis": number,
                "count": outcome.count.to_string(),
                "count_is_of_minimum_sets": is_minimum,
                "count_oeis": counted,
                "orbits": d4.then(|| outcome.tally.orbits.to_string()),
                "symmetry": if d4 { "d4" } else { "none" },
                "cubes": outcome.cubes_total,
                "sets_checked": outcome.tally.found,
                "threads": threads,
                "minimum_s": minimum_s,
                "seconds": seconds,
            });
            writeln!(out, "{obj}")?;
        } else {
            let what = match &number {
                Some(v) => format!("γ = {k} ({})", v.phrase()),
                None => format!("at most {k} {}", domination::queens(k)),
            };
            let orbits = if d4 {
                format!(", {} up to symmetry", outcome.tally.orbits)
            } else {
                String::new()
            };
            let sets = if is_minimum { "minimum sets" } else { "sets" };
            writeln!(
                out,
                "{name}: {what}; {} {sets}{orbits} ({}); {seconds:.2} s",
                outcome.count,
                counted.phrase()
            )?;
        }
        out.flush()?;
        if mismatch {
            status = ExitStatus::Mismatch;
        } else if count == 0 && !matches!(status, ExitStatus::Mismatch) {
            // No set of at most k queens: as `solve` with the same bound, and as the count
            // of a board with no solution.
            eprintln!(
                "nqueens: {name}: no set of at most {k} {}",
                domination::queens(k)
            );
            status = ExitStatus::Mismatch;
        }
    }
    Ok(status)
}
