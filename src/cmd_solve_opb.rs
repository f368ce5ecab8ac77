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
use count_engine::{CubeSolutions, Depth};
use nqueens_queens::CounterCapabilities;
use std::io::Write;
use zero_one_model::opb::{self, read_opb, SolutionReport};
use zero_one_model::{Backend, BackendError, BackendErrorKind, Model, Solutions};

pub fn run(args: &SolveOpbArgs) -> Result<ExitStatus, CliError> {
    let path = args.file.as_path();
    let all = args.listing.all;
    let name = path.display().to_string();
    let reading = crate::stop::reading(&name, args.json);
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
    let cubed = limit > 1 && backend.capabilities().deep_cubes;
    let prepared = solutions(&model, backend.as_ref(), cubed);
    if stop::STOP.is_raised() {
        let message = format!("interrupted while lowering '{name}'; nothing was solved");
        output::interrupted(args.json, &name, &message)?;
        return Ok(ExitStatus::Interrupted);
    }
    let mut solutions = prepared.map_err(failed)?;
    let mut out = output::stdout();
    let mut printed = 0u64;
    while printed < limit {
        if stop::STOP.is_raised() {
            out.flush()?;
            let message = format!("interrupted after {printed} solutions");
            output::interrupted(args.json, &name, &message)?;
            return Ok(ExitStatus::Interrupted);
        }
        let values = match solutions.next_solution() {
            Ok(Some(values)) => values,
            Ok(None) => break,
            Err(e) if e.kind() == BackendErrorKind::Interrupted => {
                out.flush()?;
                let message = format!("interrupted after {printed} solutions");
                output::interrupted(args.json, &name, &message)?;
                return Ok(ExitStatus::Interrupted);
            }
            Err(e) => return Err(failed(e)),
        };
        if let Err(v) = model.check(&values) {
            return Err(failure!(
                "{} returned an assignment that breaks '{name}': {v}",
                backend.name()
            ));
        }
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

/// The solutions of `model` on `backend`: one enumeration, or with `cubed` one per cube of
/// the split `count opb` makes (each cube's no-good cuts stay few, as in a count).
fn solutions<'m>(
    model: &'m Model,
    backend: &dyn Backend,
    cubed: bool,
) -> Result<Box<dyn Solutions + 'm>, BackendError> {
    if cubed {
        let depth = Depth::Target(crate::cmd_count_opb::TARGET_CUBES);
        Ok(Box::new(CubeSolutions::new_until(
            model,
            backend,
            depth,
            &stop::STOP,
        )?))
    } else {
        backend.solutions(model, &[])
    }
}
