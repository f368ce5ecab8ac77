//! `nqueens count domination N`: the number of minimum dominating sets, with the
//! domination number found first; both compared with the OEIS. One call per board size,
//! `nqueens_domination::count`: by default the exact search (D4 orbits of the first
//! queen with orbit weights, `--threads`); with a solver backend (`--backend sat`, ..., or
//! `--checkpoint` / `--cube-depth`, which only the engine has) SAT checks at falling bounds
//! and the engine's count over cubes (D4 by lex-leader constraints and orbit weights).

use crate::cli::BackendArg;
use crate::cli_inputs::CountDominationArgs;
use crate::domination::{self, Finder};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_domination::{check_engine_options, count, CountBy, CountOptions, Counted};
use nqueens_domination::{DominationCount, EngineCount};
use nqueens_queens::Symmetry;
use std::io::Write;

pub fn run(args: CountDominationArgs) -> Result<ExitStatus, CliError> {
    let (d, sizes, run) = (args.problem.problem(), &args.sizes, &args.run);
    let (checkpoint, cube_depth) = (run.checkpoint.is_some(), run.cube_depth.is_some());
    let lowering = args.lowering.chosen();
    let single = sizes.single().is_some();
    let refused = domination::refused;
    check_engine_options(false, single, (checkpoint, false)).map_err(refused)?;
    let end = *sizes.range().end();
    lowering.check(d, end, args.force).map_err(refused)?;
    // The parser offers d4 (the default) and none.
    let d4 = args.symmetry != Some(Symmetry::None);
    // Only the engine has checkpoints and cube depths: asking for them chooses it.
    let default = match checkpoint || cube_depth {
        true => BackendArg::Sat,
        false => BackendArg::Backtrack,
    };
    let finder = domination::finder(&args.engine, &args.lowering, default, d)?;
    // `--backend backtrack` said so: the exact search would ignore them.
    let search = matches!(finder, Finder::Search);
    check_engine_options(search, single, (checkpoint, cube_depth)).map_err(refused)?;
    // A backend slow to refute (DPLL without learning) hands the minimum to CDCL.
    let bound = args.problem.queens.map(|k| k as usize);
    let minimum_backend = match &finder {
        Finder::Solver(backend) if EngineCount::wants_minimum_backend(backend.as_ref(), bound) => {
            let cnf = lowering.cnf_options();
            Some(zero_one_backends::cdcl_with(
                cnf,
                Some(crate::stop::stop_flag()),
            ))
        }
        _ => None,
    };
    let levels = run.cube_depth.map(usize::from);
    let minimum = minimum_backend.as_deref();
    let by = CountBy::of(finder.get(), minimum, levels, run.checkpoint.as_deref());
    let mut options = CountOptions::new(by);
    options.bound = bound;
    options.threads = run.threads();
    options.symmetry = d4;
    options.stop = Some(crate::stop::stop_flag());
    crate::stop::install();
    let mut out = output::stdout();
    let mut status = ExitStatus::Success;
    for n in sizes.range() {
        match count(n, d, &options).map_err(|e| domination::error(e, d))? {
            Counted::Done(c) => {
                if report(&mut out, run.json, &c)? == ExitStatus::Mismatch {
                    status = ExitStatus::Mismatch;
                }
            }
            Counted::Stopped(stop) => {
                out.flush()?;
                let about = format!("Q({n}) {d}");
                output::interrupted(run.json, &about, &stop.message(n, d))?;
                return Ok(ExitStatus::Interrupted);
            }
        }
    }
    Ok(status)
}

/// Prints one size's count; [`ExitStatus::Mismatch`] when the number or the count differs
/// from the OEIS. No set at all (a `--queens` bound below the domination number) is a count
/// of 0, said on stderr: a count is an answer (`solve` exits 1 for no set).
fn report(out: &mut impl Write, json: bool, c: &DominationCount) -> Result<ExitStatus, CliError> {
    domination::print(out, json, c, || format!("{c}\n"))?;
    if c.is_mismatch() {
        return Ok(ExitStatus::Mismatch);
    }
    if let Some(none) = c.no_set() {
        eprintln!("nqueens: {none}");
    }
    Ok(ExitStatus::Success)
}
