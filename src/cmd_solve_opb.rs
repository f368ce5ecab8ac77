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
use count_engine::{ListError, SolveError};
use nqueens_queens::CounterCapabilities;
use std::io::Write;
use zero_one_model::opb::{self, SolutionReport};
use zero_one_model::BackendErrorKind;

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
    let failed = |e: zero_one_model::BackendError| match e.kind() {
        BackendErrorKind::Unsupported | BackendErrorKind::InvalidInput => {
            CliError::usage(anyhow::Error::new(e).context(format!("'{name}'")))
        }
        _ => CliError::failure(anyhow::Error::new(e)),
    };
    stop::install();
    // Ctrl-C reaches a long pseudo-Boolean lowering too (it watches this flag).
    let prepared = count_engine::solve_model(&model, backend.as_ref(), limit, &stop::stop_flag());
    if stop::stop_flag().is_raised() {
        let message = format!("interrupted while lowering '{name}'; nothing was solved");
        output::interrupted(args.json, &name, &message)?;
        return Ok(ExitStatus::Interrupted);
    }
    let mut solutions = prepared.map_err(failed)?;
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
    let listed = solutions.list(limit, &stop::stop_flag(), print);
    let printed = listed.map_err(|e| match e {
        ListError::Each(e) => e,
        ListError::Solve(SolveError::Backend(e)) => failed(e),
        ListError::Solve(SolveError::InvalidSolution { backend, violation }) => {
            failure!("{backend} returned an assignment that breaks '{name}': {violation}")
        }
        ListError::Solve(e) => CliError::failure(e),
    })?;
    out.flush()?;
    if printed.interrupted {
        let message = format!("interrupted after {} solutions", printed.solutions);
        output::interrupted(args.json, &name, &message)?;
        return Ok(ExitStatus::Interrupted);
    }
    if printed.solutions == 0 {
        if !args.json {
            writeln!(out, "{}", opb::UNSATISFIABLE)?;
            out.flush()?;
        }
        eprintln!("nqueens: '{name}' has no solution");
        return Ok(ExitStatus::Mismatch);
    }
    Ok(ExitStatus::Success)
}
