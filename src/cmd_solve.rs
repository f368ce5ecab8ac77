//! `nqueens solve`: print solutions as boards or column vectors, each one validated.

use crate::cli::{board_counter, solve_backend, SolveArgs};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{sizes, Board, NoSolution, Symmetry};
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
    let formulation = args.model.kind()?;
    let board_name = rules.board_name(n);
    // A board known to have none (OEIS, Pólya's theorem on the torus, the oracle for a small
    // board with given squares) is answered at once unless a backend was named: the search
    // would have to exhaust it, which the torus makes long from n = 20. With --backend the
    // backend searches, and its answer is checked against what is known below.
    if args.engine.given().is_none()
        && let NoSolution::Confirmed(who) = NoSolution::judge(n, &rules)
    {
        eprintln!("nqueens: {board_name} has no solution ({who})");
        return Ok(ExitStatus::Mismatch);
    }
    let limit = if args.listing.all {
        None
    } else {
        Some(args.listing.limit.unwrap_or(1))
    };
    if limit.is_none() && !args.force {
        // Every solution, one search: no symmetry, one thread.
        let secs = sizes::counter_seconds(n, &rules, counter.as_ref(), 1, Symmetry::None);
        sizes::within_limit(secs, &rules, || {
            format!("printing every solution of {board_name}")
        })
        .map_err(crate::exit::too_long)?;
    }
    if let Some(max) = caps.max_n.filter(|&max| n > max) {
        return Err(usage!("n = {n}: {} handles n <= {max}", backend.what()));
    }
    // A backend that lowers the model to CNF (any but one taking linear rows as they are).
    let lowers_to_cnf = caps.backend.is_some_and(|b| !b.native_linear);
    if !args.force {
        sizes::check_solve_size(n, lowers_to_cnf)
            .map_err(|e| usage!("{e}; pass --force to try anyway"))?;
    }

    let mut out = output::stdout();
    let mut printed = 0u64;
    let mut write_err = None;
    let mut print = |board: &Board| -> bool {
        // Ctrl-C: stop asking the backend for more (what was printed stays).
        if crate::stop::stop_flag().is_raised() {
            return false;
        }
        printed += 1;
        let r = if args.json {
            let mut obj = serde_json::json!({ "n": n, "solution": printed, "columns": board });
            obj["rules"] = serde_json::to_value(&rules).expect("rules serialise");
            writeln!(out, "{obj}").and_then(|()| out.flush())
        } else {
            let sep = if printed > 1 { "\n" } else { "" };
            let header = format!(
                "{board_name} solution {printed}, columns {:?}",
                board.columns()
            );
            let drawn = nqueens_queens::draw_solution(&rules, board, &header, args.ascii);
            write!(out, "{sep}{drawn}").and_then(|()| out.flush())
        };
        match r {
            Ok(()) => true,
            Err(e) => {
                write_err = Some(e);
                false
            }
        }
    };
    crate::stop::install();
    // Every board is checked before it is printed: a solver's against the model and by the
    // independent checker, the oracle's by the checker.
    let interrupted = match counter.solutions(n, &rules, formulation, limit, &mut print) {
        // Ctrl-C: the search stopped (an external solver is killed, which it reports as its
        // own failure).
        _ if crate::stop::stop_flag().is_raised() => true,
        Ok(_) => false,
        Err(e) => return Err(CliError::failure(e)),
    };
    if let Some(e) = write_err {
        return Err(CliError::failure(e));
    }
    out.flush()?;
    if interrupted {
        let message =
            format!("interrupted after {printed} solutions (each printed as it was found)");
        output::interrupted(args.json, &board_name, &message)?;
        return Ok(ExitStatus::Interrupted);
    }
    if printed == 0 {
        return match NoSolution::judge(n, &rules) {
            NoSolution::Confirmed(who) => {
                eprintln!("nqueens: {board_name} has no solution ({who})");
                Ok(ExitStatus::Mismatch)
            }
            NoSolution::Contradicted(who) => Err(failure!(
                "the solver found no solution for {board_name}, but {who}"
            )),
            NoSolution::Unconfirmed => {
                // Nothing independent to compare with: the backend's word is all there is.
                eprintln!("nqueens: {board_name}: the solver found no solution (nothing independent confirms it)");
                Ok(ExitStatus::Mismatch)
            }
        };
    }
    Ok(ExitStatus::Success)
}
