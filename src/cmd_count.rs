//! `nqueens count`: count every solution for each requested size and compare with OEIS;
//! with `--checkpoint` resumable, with `--shard` one part of a count run elsewhere too. Each
//! size is one library call ([`count_showing`]) whose outcome says what to print
//! ([`RunOutcome::ended`](nqueens_queens::RunOutcome::ended)); with `--certify DIR` its
//! models go to the library's certifier, whose bundle is staged and renamed into place only
//! when complete ([`StagedCertifier`]).

use crate::cli::{board_counter, resume_hint, CountArgs, BOARD_FLAGS, COUNT_BACKEND};
use crate::exit::{CliError, ExitStatus};
use crate::{output, stop};
use count_certify::{Finished, ProducedBy, StagedCertifier};
use count_engine::SolutionHook;
use nqueens_queens::{count_showing, CertifySpelling, CountRefusal, CountRequest, Ended};
use nqueens_queens::{Printing, RunOptions, SymmetryChoice};

/// The flags the refusals of `count N --certify` name.
const CERTIFY_FLAGS: CertifySpelling = CertifySpelling {
    certify: "--certify",
    shard: "--shard",
    checkpoint: "--checkpoint",
    no_symmetry: "--symmetry none (the default with --certify)",
};

/// Prints `text` as one line.
fn print(text: String) -> Result<(), CliError> {
    output::emit(false, &(), || text)
}

/// Counts the boards of `args`.
pub fn run(args: CountArgs) -> Result<ExitStatus, CliError> {
    let sizes = args.sizes.clone().expect("clap requires sizes for boards");
    let cnf = args.model.lowering.cnf_options();
    let counter = board_counter(&args.engine, cnf, COUNT_BACKEND)?;
    let backend = args.engine.backend(COUNT_BACKEND);
    let idle = (args.run.cube_depth.is_some(), args.certify.is_some());
    let caps = counter.capabilities();
    (args.model.lowering).refuse_idle(&args.model.shape(), caps, backend, idle)?;
    let board = crate::board_rules::read(&args.model.board)?;
    let request = CountRequest {
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
    };
    let refused = |e: CountRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    let config = |n| {
        request
            .config(n, crate::board_rules::for_n(&board, n)?)
            .map_err(refused)
    };
    let first = config(*sizes.range().start())?;
    request.check(&first).map_err(refused)?;
    if args.certify.is_some() {
        let (shard, checkpoint) = (args.shard.shard.is_some(), args.run.checkpoint.is_some());
        let auto = args.symmetry == Some(SymmetryChoice::Auto);
        (nqueens_queens::certify_refusal(&sizes, &first, shard, checkpoint))
            .map_err(|e| usage!("{}", e.said(&CERTIFY_FLAGS, backend.what(), auto)))?;
    }
    stop::install();
    let checkpoint = args.run.checkpoint.as_deref();
    let resume = resume_hint(checkpoint, idle.1, caps.cubes, &args.engine);
    let printing = Printing {
        json: args.run.json,
        shard: args.shard.shard,
        resume: &resume,
    };
    let mut status = ExitStatus::Success;
    for n in sizes.range() {
        let config = config(n)?;
        let certifier = match &args.certify {
            Some(dir) => {
                let stop = Some(stop::stop_flag());
                let inner = nqueens_queens::board_certifier(n, &config, &cnf, stop);
                // The staged bundle is removed when a signal stops the process.
                stop::guard_temps();
                Some(StagedCertifier::new(dir, inner.map_err(CliError::usage)?)?)
            }
            None => None,
        };
        let hook = certifier.as_ref().map(StagedCertifier::hook);
        let options = RunOptions {
            threads: config.threads,
            shard: args.shard.shard,
            checkpoint,
            stop: Some(stop::stop_flag()),
            progress: None,
            on_solution: hook.as_ref().map(|h| h as &SolutionHook),
        };
        let quiet = args.run.quiet;
        let counted = count_showing(n, &config, options, quiet).map_err(crate::exit::queens_error);
        drop(hook);
        let mut outcome = counted?;
        outcome.report.unsat_answers = args.engine.choice(COUNT_BACKEND).unsat_answers();
        if let Some(c) = &certifier {
            (c.check_cap()).map_err(|e| usage!("{}", e.said("a --certify bundle")))?;
        }
        let report = match outcome.ended(&printing).map_err(CliError::failure)? {
            Ended::Interrupted { report, message } => {
                report.map(print).transpose()?;
                eprintln!("nqueens: {message}");
                return Ok(ExitStatus::Interrupted);
            }
            Ended::Shard(line) => {
                print(line)?;
                continue;
            }
            Ended::Counted(report) => report,
        };
        if report.is_mismatch() {
            status = ExitStatus::Mismatch;
        }
        let r = &report;
        let by = || {
            let by = ProducedBy::new("nqueens", env!("CARGO_PKG_VERSION")).with_this_command();
            by.with_count(&r.backend, r.cubes, r.threads, r.elapsed_s)
        };
        let certified = StagedCertifier::finish_optional(certifier, config.threads, by)?;
        if let Finished::Interrupted = certified {
            eprintln!("nqueens: interrupted while certifying: no bundle was written");
        }
        let text = report.printed(args.run.json, &certified);
        if let Err(e) = print(text.map_err(CliError::failure)?) {
            // The bundle was checked and moved into place before: it stands, and says so.
            if let Some(c) = certified.bundle() {
                let line = c.line();
                eprintln!("nqueens: {line} (complete; only the report could not be written)");
            }
            return Err(e);
        }
        if let Finished::Interrupted = certified {
            return Ok(ExitStatus::Interrupted);
        }
    }
    Ok(status)
}
