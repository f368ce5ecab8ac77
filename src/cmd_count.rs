//! `nqueens count`: count every solution for each requested size and compare with OEIS;
//! with `--checkpoint` resumable, with `--shard` one part of a count run elsewhere too.

use crate::certify::{self, produced_by, Certifier, Finished};
use crate::cli::{board_counter, resume_hint, CountArgs, BOARD_FLAGS, COUNT_BACKEND};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use count_engine::progress_bar::ProgressBar;
use count_engine::SolutionHook;
use nqueens_queens::{count_with, BoardCounter, BoardSizes, CountConfig, CountRefusal};
use nqueens_queens::{CountRequest, RunOptions, RunOutcome, ShardFile};
use std::io::Write;
use std::sync::Arc;

/// The count the arguments ask for, checked by the library ([`CountRequest::check`]).
fn request(
    args: &CountArgs,
    sizes: &BoardSizes,
    counter: Arc<dyn BoardCounter>,
) -> Result<CountRequest<'static>, CliError> {
    let backend = args.engine.backend(COUNT_BACKEND);
    Ok(CountRequest {
        sizes: sizes.range(),
        formulation: args.model.kind()?,
        counter,
        counter_what: backend.what(),
        counter_name: backend.name(),
        symmetry: args.symmetry,
        certify: args.certify.is_some(),
        cube_depth: args.run.cube_depth.map(usize::from),
        checkpoint: args.run.checkpoint.is_some(),
        shard: args.shard.shard,
        threads: args.run.threads(),
        force: args.force,
    })
}

/// Board `n`'s configuration, its refusal said in flags.
fn config(
    request: &CountRequest,
    board: &crate::board_rules::BoardSpec,
    n: usize,
) -> Result<CountConfig, CliError> {
    let refused = |e: CountRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    request.config(n, board.for_n(n)?).map_err(refused)
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
    let request = request(&args, &sizes, counter)?;
    let first = config(&request, &board, *sizes.range().start())?;
    let refused = |e: CountRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    request.check(&first).map_err(refused)?;
    certify::refuse_board(&args, &sizes, &first)?;
    stop::install();
    let mut out = output::stdout();
    let mut status = ExitStatus::Success;
    for n in sizes.range() {
        let config = config(&request, &board, n)?;
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
            eprintln!("nqueens: {}", report.interruption(&resume));
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
