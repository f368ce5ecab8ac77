//! `nqueens count N --variant domination`: the number of minimum dominating sets, with the
//! domination number found first; both compared with the OEIS. By default the exact search
//! does both (`search`: D4 orbits of the first queen with orbit weights, `--threads`). With
//! a solver backend (`--backend sat`, ..., or `--checkpoint` / `--cube-depth`, which only the
//! engine has) the number comes from SAT checks at falling bounds and the count from the
//! engine: cubes split from the model over threads, D4 by lex-leader constraints and orbit
//! weights. Every set is checked by the independent checker on both paths.

mod search;

use crate::cli::{BackendArg, CountArgs, SymmetryArg};
use crate::domination::{self, Finder};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use count_engine::{Depth, RunOptions};
use nqueens_queens::domination::{minimum_until, DominationProblem, DominationVerdict, Search};
use nqueens_queens::Domination;
use nqueens_queens::Symmetry;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;
use zero_one_model::Backend;

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
    // Only the engine has checkpoints and cube depths: asking for them chooses it.
    let engine_only = args.checkpoint.is_some() || args.cube_depth.is_some();
    let default = if engine_only {
        BackendArg::Sat
    } else {
        BackendArg::Backtrack
    };
    let finder = domination::finder(&args.engine, &args.model, default, d)?;
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
        let counted = match &finder {
            Finder::Search => search::count(&args, d, n, d4, threads)?,
            Finder::Solver(backend) => by_engine(&args, d, n, d4, threads, depth, backend)?,
        };
        let Some(counted) = counted else {
            return Ok(ExitStatus::Interrupted);
        };
        let size_status = report(&mut out, &args, d, n, d4, counted)?;
        if size_status == ExitStatus::Mismatch {
            status = ExitStatus::Mismatch;
        }
    }
    Ok(status)
}

/// One board size counted, by either path.
struct Counted {
    /// The bound counted under: the domination number found, or --queens K.
    k: usize,
    /// How the domination number was found (`None` with --queens K), as JSON.
    minimum: Option<serde_json::Value>,
    /// The number of sets, in decimal.
    count: String,
    /// The number of D4 orbits of sets, when counted.
    orbits: Option<String>,
    /// What only this path reports (cubes, nodes, ...).
    extra: serde_json::Map<String, serde_json::Value>,
    /// Seconds for the size, the minimum included.
    seconds: f64,
}

/// The engine path for one size: the minimum by SAT checks, then the count over cubes;
/// `None` when Ctrl-C stopped it (reported on stderr).
fn by_engine(
    args: &CountArgs,
    d: Domination,
    n: usize,
    d4: bool,
    threads: usize,
    depth: Depth,
    backend: &Arc<dyn Backend>,
) -> Result<Option<Counted>, CliError> {
    let start = Instant::now();
    let name = domination::name(n, d);
    let (k, found) = match args.model.board.queens {
        Some(k) => (k as usize, None),
        None => {
            // The minimum is a search for one set, then a refutation: CDCL's work, not that
            // of a backend slow to refute (DPLL without learning refutes cube by cube).
            let search = if backend.capabilities().slow_refutation {
                crate::cli::cdcl_backend(&domination::model_args(&args.model))
            } else {
                backend.clone()
            };
            let stopped = || crate::stop::STOP.is_raised();
            match minimum_until(n, d, search.as_ref(), d4, &stopped)
                .map_err(crate::exit::queens_error)?
            {
                Search::Minimum(m) => (m.k, Some(m)),
                Search::Stopped(s) => {
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
                    return Ok(None);
                }
            }
        }
    };
    let minimum_s = start.elapsed().as_secs_f64();
    let problem = DominationProblem::new(n, d, k, d4, depth).map_err(crate::exit::queens_error)?;
    let options = RunOptions {
        threads,
        checkpoint: args.checkpoint.as_deref(),
        stop: Some(&crate::stop::STOP),
        ..RunOptions::default()
    };
    let outcome = count_engine::run(&problem, backend.as_ref(), &options)
        .map_err(crate::exit::engine_error)?;
    if outcome.interrupted {
        eprintln!(
            "nqueens: {name}: interrupted after {} of {} cubes ({} sets so far)",
            outcome.cubes_done, outcome.cubes_total, outcome.count
        );
        return Ok(None);
    }
    let mut extra = serde_json::Map::new();
    extra.insert("method".into(), "engine".into());
    extra.insert("cubes".into(), outcome.cubes_total.into());
    extra.insert("sets_checked".into(), outcome.tally.found.into());
    extra.insert("threads".into(), threads.into());
    extra.insert("minimum_s".into(), minimum_s.into());
    Ok(Some(Counted {
        k,
        minimum: found
            .map(|m| serde_json::to_value(&m))
            .transpose()
            .map_err(CliError::failure)?,
        count: outcome.count.to_string(),
        orbits: d4.then(|| outcome.tally.orbits.to_string()),
        extra,
        seconds: start.elapsed().as_secs_f64(),
    }))
}

/// Prints one size's count with its verdicts; [`ExitStatus::Mismatch`] when the number or
/// the count differs from the OEIS, or there is no set at all.
fn report(
    out: &mut impl Write,
    args: &CountArgs,
    d: Domination,
    n: usize,
    d4: bool,
    c: Counted,
) -> Result<ExitStatus, CliError> {
    let name = domination::name(n, d);
    let k = c.k;
    let count: u64 = c.count.parse().unwrap_or(u64::MAX);
    let number = c
        .minimum
        .as_ref()
        .map(|_| DominationVerdict::number(d, n, k));
    // The count is of minimum sets when k is the domination number: found here, or the
    // known one.
    let is_minimum = c.minimum.is_some() || d.known_number(n) == Some(k);
    let counted = if is_minimum {
        DominationVerdict::count(d, n, count)
    } else {
        DominationVerdict::Unknown
    };
    let mismatch =
        number.as_ref().is_some_and(DominationVerdict::is_mismatch) || counted.is_mismatch();
    if args.json {
        let mut obj = serde_json::json!({
            "n": n,
            "variant": d.name(),
            "k": k,
            "minimum": c.minimum,
            "k_oeis": number,
            "count": c.count,
            "count_is_of_minimum_sets": is_minimum,
            "count_oeis": counted,
            "orbits": c.orbits,
            "symmetry": if d4 { "d4" } else { "none" },
            "seconds": c.seconds,
        });
        if let Some(map) = obj.as_object_mut() {
            map.extend(c.extra);
        }
        writeln!(out, "{obj}")?;
    } else {
        let what = match &number {
            Some(v) => format!("γ = {k} ({})", v.phrase()),
            None => format!("at most {k} {}", domination::queens(k)),
        };
        let orbits = match &c.orbits {
            Some(o) => format!(", {o} up to symmetry"),
            None => String::new(),
        };
        let sets = if is_minimum { "minimum sets" } else { "sets" };
        writeln!(
            out,
            "{name}: {what}; {} {sets}{orbits} ({}); {:.2} s",
            c.count,
            counted.phrase(),
            c.seconds
        )?;
    }
    out.flush()?;
    if mismatch {
        return Ok(ExitStatus::Mismatch);
    }
    if count == 0 {
        // No set of at most k queens: as `solve` with the same bound, and as the count
        // of a board with no solution.
        eprintln!(
            "nqueens: {name}: no set of at most {k} {}",
            domination::queens(k)
        );
        return Ok(ExitStatus::Mismatch);
    }
    Ok(ExitStatus::Success)
}
