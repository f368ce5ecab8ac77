//! `nqueens solve`: print solutions as boards or column vectors, each one validated.

use crate::cli::{solver_backend, BackendArg, SolveArgs, SOLVE_BACKEND};
use crate::estimate;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_driver::enumerate;
use nqueens_queens::{oeis, Board, MAX_BACKTRACK_N};
use std::io::Write;

/// Largest board `solve` takes without `--force` for the SAT backend: the pairwise lowering
/// grows as n^3 clauses.
const SAT_SOLVE_MAX_N: usize = 200;

pub fn run(args: SolveArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let limit = if args.all {
        None
    } else {
        Some(args.limit.unwrap_or(1))
    };
    if limit.is_none() && !args.force {
        // Every solution, one search: no symmetry, one thread.
        let secs = estimate::count_seconds(
            n,
            args.engine.backend(SOLVE_BACKEND),
            1,
            nqueens_driver::Symmetry::None,
        );
        if secs.is_none_or(|s| s > estimate::LIMIT_S) {
            return Err(CliError::usage(anyhow!(estimate::refusal(
                &format!("printing every solution for n = {n}"),
                secs
            ))));
        }
    }
    match args.engine.backend(SOLVE_BACKEND) {
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
        printed += 1;
        let r = if args.json {
            writeln!(
                out,
                "{}",
                serde_json::json!({ "n": n, "solution": printed, "columns": board })
            )
        } else {
            let sep = if printed > 1 { "\n" } else { "" };
            write!(
                out,
                "{sep}Q({n}) solution {printed}, columns {:?}\n{}",
                board.columns(),
                board.render(args.ascii)
            )
        };
        match r {
            Ok(()) => true,
            Err(e) => {
                write_err = Some(e);
                false
            }
        }
    };
    match solver_backend(&args.engine, &args.model, SOLVE_BACKEND)? {
        Some(backend) => {
            let formulation = args.model.kind()?.build(n);
            enumerate(
                formulation.as_ref(),
                backend.as_ref(),
                &[],
                limit,
                &mut print,
            )
            .map_err(CliError::failure)?;
        }
        None => {
            // The oracle is checked like any backend: its boards go through the checker too.
            let mut left = limit;
            let mut invalid = None;
            nqueens_queens::for_each_solution(n, |cols| {
                let board = Board::new(cols.to_vec());
                if !board.is_solution() {
                    invalid = Some(board);
                    return false;
                }
                let go = print(&board);
                left = left.map(|l| l - 1);
                go && left != Some(0)
            });
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
    if printed == 0 {
        return match oeis::solutions(n) {
            Some(0) => {
                eprintln!("nqueens: Q({n}) has no solution (OEIS A000170({n}) = 0)");
                Ok(ExitStatus::Mismatch)
            }
            known => Err(CliError::failure(anyhow!(
                "the solver found no solution for n = {n}, but OEIS A000170 lists {}",
                known.map_or("an unknown number".to_string(), |k| k.to_string())
            ))),
        };
    }
    Ok(ExitStatus::Success)
}
