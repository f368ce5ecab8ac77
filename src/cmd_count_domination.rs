//! `nqueens count domination N`: the number of minimum dominating sets, with the
//! domination number found first; both compared with the OEIS. One call per board size,
//! `nqueens_domination::count`: by default the exact search (D4 orbits of the first
//! queen with orbit weights, `--threads`); with a solver backend (`--backend sat`, ..., or
//! `--checkpoint` / `--cube-depth`, which only the engine has) SAT checks at falling bounds
//! and the engine's count over cubes (D4 by lex-leader constraints and orbit weights).

use crate::cli::BackendArg;
use crate::cli_inputs::CountDominationArgs;
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use nqueens_domination::{check_engine_options, count, CountBy, CountOptions, EngineCount};
use nqueens_queens::Symmetry;

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
    let backend = domination::finder(&args.engine, &args.lowering, default, d)?;
    // `--backend backtrack` said so: the exact search would ignore them.
    let search = backend.is_none();
    check_engine_options(search, single, (checkpoint, cube_depth)).map_err(refused)?;
    // A backend slow to refute (DPLL without learning) hands the minimum to CDCL.
    let bound = args.problem.queens.map(|k| k as usize);
    let minimum_backend = backend
        .as_deref()
        .filter(|b| EngineCount::wants_minimum_backend(*b, bound))
        .map(|_| {
            let cnf = lowering.cnf_options();
            zero_one_backends::cdcl_with(cnf, Some(crate::stop::stop_flag()))
        });
    let levels = run.cube_depth.map(usize::from);
    let (finder, checkpoint) = (backend.as_deref().into(), run.checkpoint.as_deref());
    let by = CountBy::of(finder, minimum_backend.as_deref(), levels, checkpoint);
    let mut options = CountOptions::new(by);
    options.bound = bound;
    options.threads = run.threads();
    options.symmetry = d4;
    options.stop = Some(crate::stop::stop_flag());
    crate::stop::install();
    let mut status = ExitStatus::Success;
    for n in sizes.range() {
        let counted = count(n, d, &options).map_err(|e| domination::error(e, d))?;
        let said = counted.said(n, d, run.json).map_err(CliError::failure)?;
        match domination::say(said, run.json, || format!("Q({n}) {d}"))? {
            ExitStatus::Success => {}
            ExitStatus::Mismatch => status = ExitStatus::Mismatch,
            // Stopped: the sizes after it are not counted.
            ExitStatus::Interrupted => return Ok(ExitStatus::Interrupted),
        }
    }
    Ok(status)
}
