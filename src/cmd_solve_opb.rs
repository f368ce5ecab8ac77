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
use anyhow::Context;
use count_engine::SolveError;
use nqueens_queens::CounterCapabilities;
use std::io::Write;
use zero_one_model::opb::{self, read_opb, SolutionReport};
use zero_one_model::{BackendError, BackendErrorKind};

pub fn run(args: &SolveOpbArgs) -> Result<ExitStatus, CliError> {
    let path = args.file.as_path();
    let all = args.listing.all;
    let name = path.display().to_string();
    let reading = crate::output::reading(&name, args.json);
    let model = read_opb(crate::input::open(path, &name)?)
        .with_context(|| format!("'{name}'"))
        .map_err(CliError::usage)?
        .model;
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
    let mut printed = 0u64;
    while printed < limit {
        let next = match stop::stop_flag().is_raised() {
            true => Err(SolveError::Backend(BackendError::with_kind(
                BackendErrorKind::Interrupted,
                backend.name(),
                "stopped",
            ))),
            false => solutions.next_solution(),
        };
        let values = match next {
            Ok(Some(values)) => values,
            Ok(None) => break,
            Err(SolveError::Backend(e)) if e.kind() == BackendErrorKind::Interrupted => {
                out.flush()?;
                let message = format!("interrupted after {printed} solutions");
                output::interrupted(args.json, &name, &message)?;
                return Ok(ExitStatus::Interrupted);
            }
            Err(SolveError::Backend(e)) => return Err(failed(e)),
            Err(SolveError::InvalidSolution { backend, violation }) => {
                return Err(failure!(
                    "{backend} returned an assignment that breaks '{name}': {violation}"
                ))
            }
            Err(e) => return Err(CliError::failure(e)),
        };
        let backend_name = backend.name();
        let report = SolutionReport::new(&name, &values, &backend_name);
        if args.json {
            let line = serde_json::to_string(&report).map_err(CliError::failure)?;
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{}", report.text(&model))?;
        }
        printed += 1;
    }
    out.flush()?;
    if printed == 0 {
        if !args.json {
            writeln!(out, "{}", opb::UNSATISFIABLE)?;
            out.flush()?;
        }
        eprintln!("nqueens: '{name}' has no solution");
        return Ok(ExitStatus::Mismatch);
    }
    Ok(ExitStatus::Success)
}
