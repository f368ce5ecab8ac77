//! `nqueens`: the command-line front end. It parses arguments into a validated configuration,
//! runs one command and maps the outcome to a documented exit code. All the work happens in
//! the library crates.

/// `eprintln!` that never panics: a message to a closed or full stderr (`2>&- `, a reader
/// gone) is dropped, not a panic with exit 101. Every module below uses this one.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// A usage error (exit code 2) with a formatted message: `usage!("--flag {x} ...")`.
macro_rules! usage {
    ($($arg:tt)*) => {
        $crate::exit::CliError::usage(anyhow::anyhow!($($arg)*))
    };
}

/// A failure (exit code 3) with a formatted message: `failure!("...")`.
macro_rules! failure {
    ($($arg:tt)*) => {
        $crate::exit::CliError::failure(anyhow::anyhow!($($arg)*))
    };
}

mod board_rules;
mod certify;
mod cli;
mod cmd_break;
mod cmd_count;
mod cmd_count_cnf;
mod cmd_count_domination;
mod cmd_count_opb;
mod cmd_decode;
mod cmd_encode;
mod cmd_encode_domination;
mod cmd_generate;
mod cmd_merge;
mod cmd_oeis;
mod cmd_optimize;
mod cmd_solve;
mod cmd_solve_domination;
mod cmd_solve_opb;
mod cmd_stats;
mod cmd_stats_domination;
mod cmd_symmetries;
mod cmd_verify;
mod domination;
mod exit;
mod help;
mod input;
mod oom;
mod output;
mod progress;
mod stop;

use clap::Parser;
use exit::{CliError, ExitStatus};
use std::process::ExitCode;

fn main() -> ExitCode {
    oom::install_panic_hook();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return exit::clap_error(e),
    };
    match run(cli) {
        Ok(status) => status.into(),
        Err(e) => e.report(),
    }
}

fn run(mut cli: cli::Cli) -> Result<ExitStatus, CliError> {
    // `--format json` is `--json`, which every count reads.
    if let cli::Command::Count(args) = &mut cli.command {
        args.json |= args.format == Some(cli::CountFormat::Json);
        if args.format == Some(cli::CountFormat::Mcc) && args.cnf.is_none() {
            return Err(usage!(
                "--format mcc prints a model count as the Model Counting Competition does: it needs --cnf FILE"
            ));
        }
    }
    // Queen domination is its own problem (sets of squares, not one queen per row).
    if let Some(d) = cli.command.domination() {
        return match cli.command {
            cli::Command::Count(args) => cmd_count_domination::run(args, d),
            cli::Command::Solve(args) => cmd_solve_domination::run(args, d),
            cli::Command::Encode(args) => cmd_encode_domination::run(args, d),
            cli::Command::Stats(args) => cmd_stats_domination::run(args, d),
            _ => unreachable!("only these commands name a domination variant"),
        };
    }
    match cli.command {
        cli::Command::Count(args) => match (args.cnf.clone(), args.opb.clone()) {
            (Some(path), _) => cmd_count_cnf::run(&args, &path),
            (None, Some(path)) => cmd_count_opb::run(&args, &path),
            (None, None) => cmd_count::run(args),
        },
        cli::Command::Solve(args) => match args.opb.clone() {
            Some(path) => cmd_solve_opb::run(&args, &path),
            None => cmd_solve::run(args),
        },
        cli::Command::Optimize(args) => cmd_optimize::run(args),
        cli::Command::Encode(args) => cmd_encode::run(args),
        cli::Command::Decode(args) => cmd_decode::run(args),
        cli::Command::Stats(args) => cmd_stats::run(args),
        cli::Command::Merge(args) => cmd_merge::run(args),
        cli::Command::Oeis(args) => cmd_oeis::run(args),
        cli::Command::Symmetries(args) => cmd_symmetries::run(args),
        cli::Command::Break(args) => cmd_break::run(args),
        cli::Command::Verify(args) => cmd_verify::run(args),
        cli::Command::Generate(args) => match cmd_generate::run(args)? {
            cmd_generate::Generated::Done(status) => Ok(status),
            cmd_generate::Generated::Encode(args) => cmd_encode::run(*args),
        },
    }
}
