//! `nqueens solve`: print solutions as boards or column vectors, each one validated.

use crate::cli::{board_counter, solve_backend, SolveArgs, BOARD_FLAGS};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{NoSolution, SolutionStyle, SolveRefusal, SolveRequest, Solved};
use std::io::Write;

pub fn run(args: SolveArgs) -> Result<ExitStatus, CliError> {
    let n = args.n.expect("clap requires N");
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    let default_backend = solve_backend(args.listing.all);
    let backend = args.engine.backend(default_backend);
    let cnf = args.model.lowering.cnf_options();
    let counter = board_counter(&args.engine, cnf, default_backend)?;
    let caps = counter.capabilities();
    let shape = args.model.shape();
    args.model
        .lowering
        .refuse_idle(&shape, caps, backend, (false, false))?;
    let request = SolveRequest {
        n,
        rules: &rules,
        formulation: args.model.kind()?,
        counter: counter.as_ref(),
        counter_what: backend.what(),
        limit: (!args.listing.all).then(|| args.listing.limit.unwrap_or(1)),
        chosen: args.engine.given().is_some(),
        force: args.force,
        stop: Some(crate::stop::stop_flag()),
    };
    let board_name = rules.board_name(n);
    if let Some(known) = request.known() {
        return finish(known, &board_name, args.json);
    }
    (request.check()).map_err(|e: SolveRefusal| usage!("{}", e.said(&BOARD_FLAGS)))?;
    let mut out = output::stdout();
    crate::stop::install();
    let style = SolutionStyle {
        json: args.json,
        ascii: args.ascii,
    };
    let solved = request.print(&mut out, style)?;
    out.flush()?;
    finish(solved, &board_name, args.json)
}

/// The exit status of a solve that ended as `solved`, with its message.
fn finish(solved: Solved, board_name: &str, json: bool) -> Result<ExitStatus, CliError> {
    match solved {
        Solved::Stopped(printed) => {
            let message =
                format!("interrupted after {printed} solutions (each printed as it was found)");
            output::interrupted(json, board_name, &message)?;
            Ok(ExitStatus::Interrupted)
        }
        Solved::NoSolution(none @ NoSolution::Contradicted(_)) => {
            Err(failure!("{}", none.said(board_name)))
        }
        Solved::NoSolution(none) => {
            eprintln!("nqueens: {}", none.said(board_name));
            Ok(ExitStatus::Mismatch)
        }
        _ => Ok(ExitStatus::Success),
    }
}
