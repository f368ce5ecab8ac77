//! A model read from a file (an OPB file, say) optimised in one call, as `nqueens optimize`
//! does it: [`optimize_file`] writes the PB competitions' `o` line of each better value as it
//! is found, checks the answer ([`zero_one_model::optimize`]) and hands back the outcome with
//! its report ([`FileOptimized`]); its errors say whose they are ([`FileOptimizeError`]).

use std::io::Write;
use std::time::Instant;
use thiserror::Error;
use zero_one_model::{cause, optimize, Blame, Fault, Model, OptimizeError, OptimizeReport};
use zero_one_model::{Optimized, Optimizer, StopFlag};

/// What [`optimize_file`] found, with its report.
#[derive(Debug)]
pub struct FileOptimized {
    /// The optimum, the best solution of a stopped run, or none.
    pub outcome: Optimized,
    /// The report: what to print, as JSON or as the competitions' lines.
    pub report: OptimizeReport,
}

/// Why [`optimize_file`] failed. [`Blame`] says whose each is.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FileOptimizeError {
    /// The model has no objective: the input's.
    #[error("the model has no objective (a `min:` or `max:` line)")]
    NoObjective,
    /// A number past the ILP optimiser's exact range of doubles: the input's.
    #[error(transparent)]
    PastDoublePrecision(ilp_enum::PastDoublePrecision),
    /// The optimiser failed, or its answer does not check; whose, as [`OptimizeError`] says.
    #[error(transparent)]
    Optimize(OptimizeError),
    /// An `o` line could not be written.
    #[error(transparent)]
    Write(std::io::Error),
}

impl Blame for FileOptimizeError {
    fn fault(&self) -> Fault {
        match self {
            FileOptimizeError::Optimize(e) => e.fault(),
            FileOptimizeError::Write(_) => Fault::Failure,
            _ => Fault::Input,
        }
    }
}

/// The optimum of `model`'s objective (read from the file `name`) by `optimizer`, stopped by
/// `stop` if it can be; with `lines`, each better value is written there as `o VALUE` and
/// flushed as it is found. `start`: when the work began, for the report's wall time.
///
/// ```
/// use count_engine::optimize_file;
/// use zero_one_backends::OptimizerChoice;
/// use zero_one_model::{Cmp, Constraint, Model, Objective, Sense};
/// let mut m = Model::new();
/// let x: Vec<_> = (0..2).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.add(Constraint::Linear { terms: vec![(1, x[0]), (1, x[1])], cmp: Cmp::AtMost, rhs: 1 });
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(1, x[0]), (2, x[1])] })?;
/// let optimizer = OptimizerChoice::default().optimizer()?;
/// let mut lines = Vec::new();
/// let now = std::time::Instant::now();
/// let found = optimize_file("f.opb", &m, optimizer.as_ref(), None, now, Some(&mut lines))?;
/// assert_eq!(found.report.value, Some(2));
/// assert!(String::from_utf8(lines)?.ends_with("o 2\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`FileOptimizeError`]: no objective, or numbers the optimiser cannot take exactly (the
/// input's); a failed optimiser or an answer that does not check; an `o` line not written.
pub fn optimize_file(
    name: &str,
    model: &Model,
    optimizer: &dyn Optimizer,
    stop: Option<&StopFlag>,
    start: Instant,
    mut lines: Option<&mut dyn Write>,
) -> Result<FileOptimized, FileOptimizeError> {
    let mut write_err = None;
    let mut on_better = |v: i128| {
        if let (Some(out), None) = (lines.as_mut(), &write_err)
            && let Err(e) = writeln!(out, "o {v}").and_then(|()| out.flush())
        {
            write_err = Some(e);
        }
    };
    let outcome = optimize(model, optimizer, stop, &mut on_better).map_err(|e| match e {
        OptimizeError::NoObjective => FileOptimizeError::NoObjective,
        e => match cause::<ilp_enum::PastDoublePrecision>(&e) {
            Some(p) => FileOptimizeError::PastDoublePrecision(p.clone()),
            None => FileOptimizeError::Optimize(e),
        },
    })?;
    if let Some(e) = write_err {
        return Err(FileOptimizeError::Write(e));
    }
    let report = OptimizeReport::new(name, model, optimizer, &outcome, start.elapsed());
    Ok(FileOptimized { outcome, report })
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_backends::OptimizerChoice;

    #[test]
    fn a_model_without_an_objective_is_the_inputs_error() {
        let mut m = Model::new();
        m.new_var("x");
        let optimizer = OptimizerChoice::default().optimizer().unwrap();
        let e = optimize_file("f", &m, optimizer.as_ref(), None, Instant::now(), None);
        let e = e.unwrap_err();
        assert!(matches!(e, FileOptimizeError::NoObjective));
        assert_eq!(e.fault(), Fault::Input);
    }
}
