//! `nqueens solve opb FILE`: solutions of a pseudo-Boolean file, in the PB competition's
//! output format (`s SATISFIABLE`, `v x1 -x2 ...`), each checked against every constraint
//! before it is printed. The backend lowers linear rows with the `--pb` encoding (SAT
//! backends) or keeps them (`--backend ilp`). A backend that gains from deep cubes (the ILP
//! one, whose no-good cuts pile up in one enumeration) lists many solutions cube by cube,
//! split as `count opb` splits the file.

use crate::cli::{solve_backend, solver_backend};
use crate::cli_inputs::SolveOpbArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use count_engine::{solve_file, FileSolveError, FileSolved};
use nqueens_queens::CounterCapabilities;
use std::io::Write;
use zero_one_model::opb::{self, SolutionReport};

pub fn run(args: &SolveOpbArgs) -> Result<ExitStatus, CliError> {
    let path = args.file.as_path();
    let all = args.listing.all;
    let name = path.display().to_string();
    let reading = crate::output::reading(&name, args.json);
    let model = zero_one_model::input::read_opb_file(path, &name)?.model;
    drop(reading);
    let backend = solver_backend(
        &args.engine,
        args.lowering.cnf_options(),
        solve_backend(all),
    )?
    .ok_or_else(|| {
        usage!("solve opb solves with a solver backend (sat, dpll, ilp or external), not backtrack")
    })?;
    args.lowering.refuse_idle(
        &[],
        CounterCapabilities::engine(backend.capabilities()),
        args.engine.backend(solve_backend(all)),
        (false, false),
    )?;
    let limit = if all {
        u64::MAX
    } else {
        args.listing.limit.unwrap_or(1)
    };
    stop::install();
    let mut out = output::stdout();
    let backend_name = backend.name();
    let print = |values: &[bool]| -> Result<(), CliError> {
        let report = SolutionReport::new(&name, values, &backend_name);
        let line = match args.json {
            true => serde_json::to_string(&report).map_err(CliError::failure)?,
            false => report.text(&model),
        };
        Ok(writeln!(out, "{line}")?)
    };
    // Ctrl-C reaches a long pseudo-Boolean lowering too (it watches this flag).
    let stop = stop::stop_flag();
    let solved =
        solve_file(&name, &model, backend.as_ref(), limit, &stop, print).map_err(|e| match e {
            FileSolveError::Each(e) => e,
            e => e.into(),
        })?;
    out.flush()?;
    match solved {
        FileSolved::Stopped(message) => {
            output::interrupted(args.json, &name, &message)?;
            Ok(ExitStatus::Interrupted)
        }
        FileSolved::NoSolution => {
            if !args.json {
                writeln!(out, "{}", opb::UNSATISFIABLE)?;
                out.flush()?;
            }
            eprintln!("nqueens: '{name}' has no solution");
            Ok(ExitStatus::Mismatch)
        }
        FileSolved::Listed(_) => Ok(ExitStatus::Success),
    }
}
