//! `nqueens solve`: print solutions as boards or column vectors, each one validated.

use crate::cli::{solver_backend, BackendArg, SolveArgs, SOLVE_BACKEND};
use crate::estimate;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_queens::enumerate;
use nqueens_queens::{Board, MAX_BACKTRACK_N};
use std::io::Write;

/// Largest board `solve` takes without `--force` for the SAT backend: the pairwise lowering
/// grows as n^3 clauses.
const SAT_SOLVE_MAX_N: usize = 200;

pub fn run(args: SolveArgs) -> Result<ExitStatus, CliError> {
    let n = args.n();
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    // One solution: CDCL finds it fastest. Every solution: the DPLL enumerator (no blocking
    // clauses; about 40x faster than varisat's blocking at Q(12)).
    let default_backend = if args.all {
        BackendArg::Dpll
    } else {
        SOLVE_BACKEND
    };
    let board_name = crate::board_rules::name(n, &rules);
    let limit = if args.all {
        None
    } else {
        Some(args.limit.unwrap_or(1))
    };
    if limit.is_none() && !args.force {
        // Every solution, one search: no symmetry, one thread.
        let secs = estimate::count_seconds(
            n,
            &rules,
            args.engine.backend(default_backend),
            1,
            nqueens_queens::Symmetry::None,
        );
        if secs.is_none_or(|s| s > estimate::LIMIT_S) {
            return Err(CliError::usage(anyhow!(estimate::refusal_for(
                &format!("printing every solution of {board_name}"),
                secs,
                &rules
            ))));
        }
    }
    match args.engine.backend(default_backend) {
        BackendArg::Backtrack if n > MAX_BACKTRACK_N => {
            return Err(CliError::usage(anyhow!(
                "n = {n}: the backtracking solver handles n <= {MAX_BACKTRACK_N}"
            )))
        }
        BackendArg::Sat if n > SAT_SOLVE_MAX_N && !args.force => {
            return Err(CliError::usage(anyhow!(
                "n = {n}: boards above {SAT_SOLVE_MAX_N} make very large formulas; pass --force to try anyway"
            )))
        }
        _ => {}
    }

    let mut out = output::stdout();
    let mut printed = 0u64;
    let mut write_err = None;
    let mut print = |board: &Board| -> bool {
        // Ctrl-C: stop asking the backend for more (what was printed stays).
        if crate::stop::STOP.load(std::sync::atomic::Ordering::Relaxed) {
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
            let drawn = crate::board_rules::draw(&rules, board, &header, args.ascii);
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
    args.model
        .refuse_idle(args.engine.backend(default_backend), false, false)?;
    crate::stop::install();
    let mut interrupted = false;
    match solver_backend(&args.engine, &args.model, default_backend)? {
        Some(backend) => {
            let formulation = args.model.kind()?.build_with(n, &rules);
            match enumerate(
                formulation.as_ref(),
                backend.as_ref(),
                &[],
                limit,
                &mut print,
            ) {
                Ok(_) if crate::stop::STOP.load(std::sync::atomic::Ordering::Relaxed) => {
                    interrupted = true;
                }
                Ok(_) => {}
                // Ctrl-C: the backend stopped (an external solver is killed, which it reports
                // as its own failure).
                Err(_) if crate::stop::STOP.load(std::sync::atomic::Ordering::Relaxed) => {
                    interrupted = true;
                }
                Err(e) => return Err(CliError::failure(e)),
            }
        }
        None => {
            // The oracle is checked like any backend: its boards go through the checker too.
            let mut left = limit;
            let mut invalid = None;
            let mut each = |cols: &[usize]| {
                if crate::stop::STOP.load(std::sync::atomic::Ordering::Relaxed) {
                    interrupted = true;
                    return false;
                }
                let board = Board::new(cols.to_vec());
                if rules.first_violation(cols).is_some() {
                    invalid = Some(board);
                    return false;
                }
                let go = print(&board);
                left = left.map(|l| l - 1);
                go && left != Some(0)
            };
            if rules.is_classic() {
                nqueens_queens::for_each_solution(n, each);
            } else {
                nqueens_queens::for_each_rules_solution(n, &rules, &mut each);
            }
            if let Some(board) = invalid {
                return Err(CliError::failure(anyhow!(
                    "the backtracking oracle produced {:?}, which is not a solution",
                    board.columns()
                )));
            }
        }
    }
    if let Some(e) = write_err {
        return Err(CliError::failure(e));
    }
    out.flush()?;
    if interrupted {
        eprintln!("nqueens: interrupted after {printed} solutions (each printed as it was found)");
        return Ok(ExitStatus::Interrupted);
    }
    if printed == 0 {
        return match crate::board_rules::has_solution(n, &rules) {
            Some((false, who)) => {
                eprintln!("nqueens: {board_name} has no solution ({who})");
                Ok(ExitStatus::Mismatch)
            }
            Some((true, who)) => Err(CliError::failure(anyhow!(
                "the solver found no solution for {board_name}, but {who}"
            ))),
            None => {
                // Nothing independent to compare with: the backend's word is all there is.
                eprintln!("nqueens: {board_name}: the solver found no solution (nothing independent confirms it)");
                Ok(ExitStatus::Mismatch)
            }
        };
    }
    Ok(ExitStatus::Success)
}
