//! `nqueens count`: count every solution for each requested size and compare with OEIS;
//! with `--checkpoint` resumable, with `--shard` one part of a count run elsewhere too.

use crate::certify::{self, produced_by, Certifier, Finished};
use crate::cli::{board_counter, resume_hint, CountArgs, SymmetryArg, COUNT_BACKEND};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use count_engine::progress_bar::ProgressBar;
use count_engine::SolutionHook;
use nqueens_queens::sizes;
use nqueens_queens::{
    count_with, BoardCounter, BoardSizes, CountConfig, NotExact, RunOptions, RunOutcome, ShardFile,
    Symmetry,
};
use std::io::Write;
use std::sync::Arc;

/// Builds the count configuration of board `n` from the arguments, the board they describe
/// and the counter they select.
pub fn config(
    args: &CountArgs,
    board: &crate::board_rules::BoardSpec,
    counter: &Arc<dyn BoardCounter>,
    n: usize,
) -> Result<CountConfig, CliError> {
    let rules = board.for_n(n)?;
    // D4 is exact on the classic board, searches about a quarter of what the mirror does
    // (see nqueens_queens::Symmetry::excluded) and checks A002562 too; the torus's
    // translations divide by n. A certified count lists every solution, so it counts
    // without symmetry unless told otherwise (and refused).
    let symmetry = match args.symmetry {
        None if args.certify.is_some() => Symmetry::None,
        None | Some(SymmetryArg::Auto) => Symmetry::best_for(n, &rules),
        Some(SymmetryArg::Board(s)) => {
            s.check_exact(n, &rules)
                .map_err(|e| usage!(not_exact(s, &e)))?;
            s
        }
    };
    Ok(CountConfig {
        formulation: args.model.kind()?,
        counter: counter.clone(),
        threads: args.run.threads(),
        cube_depth: args.run.cube_depth.map(usize::from),
        symmetry,
        rules,
    })
}

/// The refusal of `--symmetry s`, naming the flags that would make it exact.
fn not_exact(s: Symmetry, e: &NotExact) -> String {
    match e {
        NotExact::ShiftOffTorus { .. } => {
            format!("--symmetry shift needs --variant toroidal: {e}")
        }
        _ => format!(
            "--symmetry {s} is not exact here: {e} (use --symmetry auto to pick one that is, or none)"
        ),
    }
}

fn validate(args: &CountArgs, sizes: &BoardSizes, config: &CountConfig) -> Result<(), CliError> {
    let single = sizes.single().is_some();
    if !config.rules.is_open() && !single {
        return Err(usage!(
            "--given, --blocked and --given-file take a single board size, not a range"
        ));
    }
    if (args.run.checkpoint.is_some() || args.shard.shard.is_some()) && !single {
        return Err(usage!(
            "--checkpoint and --shard take a single board size, not a range"
        ));
    }
    if args.run.cube_depth == Some(0)
        && config.symmetry != Symmetry::None
        && *sizes.range().end() >= 2
    {
        return Err(usage!(
            "--cube-depth 0 with --symmetry {}: the symmetry works on the first row, so every cube fixes at least one (give 1 or more, or --symmetry none)",
            config.symmetry.name()
        ));
    }
    let caps = config.counter.capabilities();
    let backend = args.engine.backend(COUNT_BACKEND);
    if (args.run.checkpoint.is_some() || args.shard.shard.is_some()) && !caps.cubes {
        return Err(usage!(
            "--shard and --checkpoint need a solver backend ({} has no cubes)",
            backend.what()
        ));
    }
    for n in sizes.range() {
        if let Some(max) = caps.max_n.filter(|&max| n > max) {
            return Err(usage!("n = {n}: {} handles n <= {max}", backend.what()));
        }
        let share = args.shard.shard.map_or(1.0, |s| s.of as f64);
        let secs = sizes::counter_seconds(
            n,
            &config.rules,
            config.counter.as_ref(),
            config.threads,
            config.symmetry,
        )
        .map(|s| s / share);
        if !args.force {
            sizes::within_limit(secs, &config.rules, || {
                let board = config.rules.board_name(n);
                format!("counting {board} with the {} backend", backend.name())
            })
            .map_err(crate::exit::too_long)?;
        }
    }
    Ok(())
}

/// Counts board `n`, its solutions collected for the bundle with `--certify`.
fn count_one(
    n: usize,
    args: &CountArgs,
    config: &CountConfig,
) -> Result<(RunOutcome, Option<Certifier>), CliError> {
    let bar = ProgressBar::new(!args.run.quiet);
    let progress = |p| bar.update(p);
    let certifier = match &args.certify {
        Some(dir) => Some(Certifier::for_board(
            dir,
            n,
            config,
            &args.model.lowering.cnf_options(),
        )?),
        None => None,
    };
    let outcome = {
        let hook = certifier.as_ref().map(Certifier::hook);
        let options = RunOptions {
            threads: config.threads,
            shard: args.shard.shard,
            checkpoint: args.run.checkpoint.as_deref(),
            stop: Some(stop::stop_flag()),
            progress: Some(&progress),
            on_solution: hook.as_ref().map(|h| h as &SolutionHook),
        };
        count_with(n, config, &options).map_err(crate::exit::queens_error)?
    };
    bar.finish();
    if let Some(c) = &certifier {
        c.check_cap()?;
    }
    Ok((outcome, certifier))
}

/// Counts the boards of `args`.
pub fn run(args: CountArgs) -> Result<ExitStatus, CliError> {
    let sizes = args.sizes.clone().expect("clap requires sizes for boards");
    let counter = board_counter(
        &args.engine,
        args.model.lowering.cnf_options(),
        COUNT_BACKEND,
    )?;
    args.model.lowering.refuse_idle(
        &args.model.shape(),
        counter.capabilities(),
        args.engine.backend(COUNT_BACKEND),
        (args.run.cube_depth.is_some(), args.certify.is_some()),
    )?;
    let board = crate::board_rules::BoardSpec::read(&args.model.board)?;
    let first = config(&args, &board, &counter, *sizes.range().start())?;
    validate(&args, &sizes, &first)?;
    certify::refuse_board(&args, &sizes, &first)?;
    stop::install();
    let mut out = output::stdout();
    let mut status = ExitStatus::Success;
    for n in sizes.range() {
        let config = config(&args, &board, &counter, n)?;
        let (mut outcome, certifier) = count_one(n, &args, &config)?;
        outcome.report.unsat_answers = args.engine.choice(COUNT_BACKEND).unsat_answers();
        let report = &outcome.report;
        if report.interrupted {
            // A shard's stdout is its JSON result (usually redirected into the file `merge`
            // reads): an interrupted shard writes nothing there, only the message below.
            if args.shard.shard.is_none() {
                if args.run.json {
                    let line = serde_json::to_string(report).map_err(CliError::failure)?;
                    writeln!(out, "{line}")?;
                } else {
                    writeln!(out, "{report}")?;
                }
                out.flush()?;
            }
            let resume = resume_hint(
                args.run.checkpoint.as_deref(),
                args.certify.is_some(),
                config.counter.capabilities().cubes,
                &args.engine,
            );
            if report.unchecked {
                eprintln!(
                    "nqueens: interrupted while the oracle recounted: the count {} is complete but unchecked",
                    report.verdict.count
                );
            } else {
                eprintln!(
                    "nqueens: interrupted after {} of the {}: partial count {}{resume}",
                    report.cubes_done,
                    report.parts(),
                    report.verdict.count
                );
            }
            return Ok(ExitStatus::Interrupted);
        }
        if let (Some(shard), Some(key)) = (args.shard.shard, outcome.key.clone()) {
            let file = ShardFile::new(key, shard, outcome.cubes, report.elapsed_s);
            let json = serde_json::to_string(&file).map_err(CliError::failure)?;
            writeln!(out, "{json}")?;
            out.flush()?;
            continue;
        }
        if report.verdict.matches == Some(false) {
            status = ExitStatus::Mismatch;
        }
        let by = || {
            produced_by(
                &report.backend,
                report.cubes,
                report.threads,
                report.elapsed_s,
            )
        };
        let certified = certify::finish(certifier, config.threads, by)?;
        let mut print = || -> std::io::Result<()> {
            if args.run.json && !matches!(certified, Finished::Interrupted) {
                let json = certify::Report::new(report, &certified);
                let line = serde_json::to_string(&json).map_err(std::io::Error::other)?;
                writeln!(out, "{line}")?;
            } else {
                writeln!(out, "{report}")?;
                if let Some(c) = certified.bundle() {
                    writeln!(out, "{}", c.line())?;
                }
            }
            out.flush()
        };
        if let Err(e) = print() {
            // The bundle was checked and moved into place before: it stands, and says so.
            if let Some(c) = certified.bundle() {
                eprintln!(
                    "nqueens: {} (complete; only the report could not be written)",
                    c.line()
                );
            }
            return Err(e.into());
        }
        if let Finished::Interrupted = certified {
            return Ok(ExitStatus::Interrupted);
        }
    }
    Ok(status)
}
