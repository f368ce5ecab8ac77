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
mod cli;
mod cli_inputs;
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
mod output;
mod shim;

use atomic_output::oom::ExitOnFailure;
use atomic_output::signals as stop;
use clap::Parser;
use exit::{CliError, ExitStatus};
use std::process::ExitCode;

/// Running out of memory, or of threads, is a failure (exit 3) with one line, and leaves
/// no output file half-written.
#[global_allocator]
static ALLOCATOR: ExitOnFailure = ExitOnFailure {
    program: "nqueens",
    memory_hint: "lower --cache-mb, or allow more memory",
    thread_hint: "try --threads 1, or allow more memory",
};

fn main() -> ExitCode {
    ALLOCATOR.install_panic_hook();
    stop::set_program("nqueens");
    let (args, note) = shim::rewrite(std::env::args_os().collect());
    if let Some(note) = note {
        eprintln!("nqueens: {note}");
    }
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return exit::clap_error(e),
    };
    match run(cli) {
        Ok(status) => status.into(),
        Err(e) => e.report(),
    }
}

fn run(cli: cli::Cli) -> Result<ExitStatus, CliError> {
    use cli_inputs::{CountInput, EncodeInput, SolveInput, StatsInput};
    match cli.command {
        cli::Command::Count(c) => match c.input {
            Some(CountInput::Cnf(a)) => cmd_count_cnf::run(&a),
            Some(CountInput::Opb(a)) => cmd_count_opb::run(&a),
            Some(CountInput::Domination(a)) => cmd_count_domination::run(a),
            None => cmd_count::run(c.boards),
        },
        cli::Command::Solve(c) => match c.input {
            Some(SolveInput::Opb(a)) => cmd_solve_opb::run(&a),
            Some(SolveInput::Domination(a)) => cmd_solve_domination::run(a),
            None => cmd_solve::run(c.boards),
        },
        cli::Command::Optimize(args) => cmd_optimize::run(args),
        cli::Command::Encode(c) => match c.input {
            Some(EncodeInput::Opb(a)) => cmd_encode::from_opb::run(&a),
            Some(EncodeInput::Domination(a)) => cmd_encode_domination::run(a),
            None => cmd_encode::run(c.boards),
        },
        cli::Command::Decode(args) => cmd_decode::run(args),
        cli::Command::Stats(c) => match c.input {
            Some(StatsInput::Domination(a)) => cmd_stats_domination::run(a),
            None => cmd_stats::run(c.boards),
        },
        cli::Command::Merge(args) => cmd_merge::run(args),
        cli::Command::Oeis(args) => cmd_oeis::run(args),
        cli::Command::Symmetries(args) => cmd_symmetries::run(args),
        cli::Command::Break(args) => cmd_break::run(args),
        cli::Command::Verify(args) => cmd_verify::run(args),
        cli::Command::Generate(args) => cmd_generate::run(args),
    }
}
