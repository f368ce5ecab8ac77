//! A model read from a file (an OPB file, say) counted in one call, as `nqueens count opb`
//! counts it: [`count_file`] chooses the optimiser for a count at the optimum, counts through
//! [`count_model`], and hands back the finished outcome ([`FileCounted`]: the report to print,
//! a shard's result, or what stopped it before anything was counted); its errors say whose
//! they are and name the file ([`FileCountError`]).

use crate::{count_model, Depth, EngineError, ModelCount, ModelCountError, ModelReport};
use crate::{OptimalCountError, RunOptions, ShardFile, TARGET_CUBES};
use std::time::Instant;
use thiserror::Error;
use zero_one_model::{
    cause, Backend, BackendError, BackendErrorKind, Blame, CnfOptions, Fault, Model, OptimizeError,
    Search,
};

/// What [`count_file`] counts, and how.
#[derive(Clone, Copy)]
pub struct FileCount<'a> {
    /// The file, as the caller names it (`-` for standard input).
    pub name: &'a str,
    /// The model read from it.
    pub model: &'a Model,
    /// The backend that lists the solutions.
    pub backend: &'a dyn Backend,
    /// How linear rows are lowered for a backend that does not keep them.
    pub cnf: CnfOptions,
    /// Count only the solutions at the optimum of the model's objective, found and proved
    /// first (by microlp for a backend that keeps rows, else by varisat with bounds).
    pub optimal: bool,
    /// Levels of clause splits into cubes, else [`TARGET_CUBES`].
    pub cube_depth: Option<usize>,
    /// When the work began, for the report's wall time.
    pub start: Instant,
}

/// How a [`count_file`] ended.
#[derive(Debug)]
pub enum FileCounted {
    /// The count, finished or cut short by the stop flag ([`ModelReport::interruption`]).
    Report(ModelReport),
    /// With [`RunOptions::shard`], the shard counted to its end: its result for a merge.
    Shard(ShardFile),
    /// The stop flag ended the work before anything was counted: what to say.
    Stopped(&'static str),
}

/// Why [`count_file`] failed. [`Blame`] says whose each is.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FileCountError {
    /// The model cannot be split into cubes: the input's.
    #[error(transparent)]
    Split(EngineError),
    /// A constraint too large for the ILP backend's 64-bit rows (the CNF encodings take it):
    /// the input's.
    #[error("'{name}': {row}")]
    RowTooLarge {
        /// The file.
        name: String,
        /// The constraint.
        row: ilp_enum::RowTooLarge,
    },
    /// A number past the ILP backend's exact range of doubles: the input's.
    #[error("'{name}': {past}; the SAT backends take every integer exactly")]
    PastDoublePrecision {
        /// The file.
        name: String,
        /// The number.
        past: ilp_enum::PastDoublePrecision,
    },
    /// A count at the optimum of a model without an objective: the input's.
    #[error("'{name}' has no objective (a `min:` or `max:` line)")]
    NoObjective {
        /// The file.
        name: String,
    },
    /// A backend that cannot take the file's rows (too large for the encoding): the input's.
    #[error("'{name}'")]
    Unsupported {
        /// The file.
        name: String,
        /// The backend's refusal.
        #[source]
        source: BackendError,
    },
    /// Finding the optimum failed; whose, as [`OptimizeError`] says.
    #[error(transparent)]
    Optimize(OptimizeError),
    /// Counting failed; whose, as [`EngineError`] says.
    #[error(transparent)]
    Engine(EngineError),
}

impl Blame for FileCountError {
    fn fault(&self) -> Fault {
        match self {
            FileCountError::Optimize(e) => e.fault(),
            FileCountError::Engine(e) => e.fault(),
            _ => Fault::Input,
        }
    }
}

impl FileCountError {
    /// The error of `e`, a count of the file `name` that failed.
    fn of(name: &str, e: ModelCountError) -> FileCountError {
        let name = name.to_string();
        let e = match e {
            ModelCountError::Split(e) => return FileCountError::Split(e),
            ModelCountError::Count(e) => OptimalCountError::Engine(e),
            ModelCountError::Optimal(e) => e,
        };
        if let Some(row) = cause::<ilp_enum::RowTooLarge>(&e) {
            let row = row.clone();
            return FileCountError::RowTooLarge { name, row };
        }
        if let Some(past) = cause::<ilp_enum::PastDoublePrecision>(&e) {
            let past = past.clone();
            return FileCountError::PastDoublePrecision { name, past };
        }
        match e {
            OptimalCountError::Optimize(OptimizeError::NoObjective) => {
                FileCountError::NoObjective { name }
            }
            OptimalCountError::Optimize(e) => FileCountError::Optimize(e),
            OptimalCountError::Engine(EngineError::Backend(source))
                if source.kind() == BackendErrorKind::Unsupported =>
            {
                FileCountError::Unsupported { name, source }
            }
            OptimalCountError::Engine(e) => FileCountError::Engine(e),
        }
    }
}

impl ModelReport {
    /// For a count cut short: what was counted, as one line (`interrupted after 3 of 8
    /// cubes: partial count 12`).
    pub fn interruption(&self) -> Option<String> {
        self.interrupted.then(|| {
            format!(
                "interrupted after {} of {} cubes: partial count {}",
                self.cubes_done, self.cubes, self.count
            )
        })
    }
}

/// Counts the solutions of `file` (all of them, or its optimal ones) with `options`: one
/// stop flag, [`RunOptions::stop`], reaches the optimiser, the lowering and the count. An
/// infeasible model counts 0 (optimal) solutions: a count is an answer.
///
/// # Errors
/// [`FileCountError`]: a model that cannot be split, rows a backend cannot take, no
/// objective for a count at the optimum (the input's); a backend or optimiser that failed.
/// An error after the stop flag was raised is no error: [`FileCounted::Stopped`].
pub fn count_file(
    file: &FileCount<'_>,
    options: &RunOptions<'_>,
) -> Result<FileCounted, FileCountError> {
    let optimizer = file.optimal.then(|| {
        let native = file.backend.capabilities().native_linear;
        zero_one_backends::optimizer(native, file.cnf, Search::default())
    });
    let how = ModelCount {
        depth: Depth::levels_or(file.cube_depth, TARGET_CUBES),
        about: if file.name == "-" { "stdin" } else { file.name },
        optimal: optimizer.as_deref(),
    };
    let stopped = || options.stop.as_ref().is_some_and(|s| s.is_raised());
    // A pseudo-Boolean lowering gives up with an error when the stop flag is raised.
    let counted = match count_model(file.model, file.backend, &how, options) {
        Err(_) if stopped() => {
            let message = "interrupted while lowering the file; nothing was counted";
            return Ok(FileCounted::Stopped(message));
        }
        Err(e) => return Err(FileCountError::of(file.name, e)),
        Ok(None) => {
            let message = "interrupted while finding the optimum; nothing was counted";
            return Ok(FileCounted::Stopped(message));
        }
        Ok(Some(counted)) => counted,
    };
    let outcome = counted.outcome;
    if let (Some(shard), false) = (options.shard, outcome.interrupted) {
        return Ok(FileCounted::Shard(outcome.into_shard_file(shard)));
    }
    Ok(FileCounted::Report(ModelReport::new(
        file.name,
        file.model,
        &outcome,
        counted.optimum,
        counted.parts,
        file.backend,
        file.cnf.pb,
        options.threads,
        file.start.elapsed().as_secs_f64(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model_count::tests::at_most_one_of_three;
    use zero_one_model::{Cmp, Constraint, Objective, Sense};

    fn request<'a>(model: &'a Model, backend: &'a dyn Backend, optimal: bool) -> FileCount<'a> {
        FileCount {
            name: "f.opb",
            model,
            backend,
            cnf: CnfOptions::default(),
            optimal,
            cube_depth: Some(1),
            start: Instant::now(),
        }
    }

    #[test]
    fn count_file_reports_every_solution_or_the_optimal_ones() {
        let mut m = at_most_one_of_three();
        let backend = dpll_enum::DpllBackend::default();
        let counted = count_file(&request(&m, &backend, false), &RunOptions::default());
        let Ok(FileCounted::Report(report)) = counted else {
            panic!("{counted:?}")
        };
        assert_eq!(
            (report.count.to_string(), report.interruption()),
            ("4".into(), None)
        );
        let x0 = m.constraints()[0].clone();
        let Constraint::Linear { terms, .. } = x0 else {
            unreachable!()
        };
        let objective = Objective {
            sense: Sense::Maximize,
            terms: vec![(1, terms[0].1)],
        };
        m.try_set_objective(objective).unwrap();
        let counted = count_file(&request(&m, &backend, true), &RunOptions::default());
        let Ok(FileCounted::Report(report)) = counted else {
            panic!("{counted:?}")
        };
        assert_eq!(
            (report.count.to_string(), report.optimum),
            ("1".into(), Some(Some(1)))
        );
    }

    #[test]
    fn count_file_at_the_optimum_without_an_objective_is_the_inputs_error() {
        let m = at_most_one_of_three();
        let backend = dpll_enum::DpllBackend::default();
        let e = count_file(&request(&m, &backend, true), &RunOptions::default()).unwrap_err();
        assert!(matches!(e, FileCountError::NoObjective { ref name } if name == "f.opb"));
        assert_eq!(e.fault(), Fault::Input);
    }

    #[test]
    fn count_file_names_a_row_too_large_for_the_ilp_backend() {
        let mut m = Model::new();
        let x = m.new_var("x").positive();
        m.add(Constraint::Linear {
            terms: vec![(i64::MAX, x), (1, x)],
            cmp: Cmp::AtLeast,
            rhs: 1,
        });
        let backend = ilp_enum::LpBackend;
        let e = count_file(&request(&m, &backend, false), &RunOptions::default()).unwrap_err();
        let FileCountError::RowTooLarge { ref row, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!((row.index, e.fault()), (0, Fault::Input));
    }

    #[test]
    fn a_stopped_count_is_said_not_failed() {
        let m = at_most_one_of_three();
        let backend = dpll_enum::DpllBackend::default();
        let stop = zero_one_model::StopFlag::new();
        stop.raise();
        let options = RunOptions {
            stop: Some(stop),
            ..RunOptions::default()
        };
        match count_file(&request(&m, &backend, false), &options) {
            Ok(FileCounted::Report(r)) => assert!(r.interruption().is_some()),
            Ok(FileCounted::Stopped(message)) => assert!(message.starts_with("interrupted")),
            other => panic!("{other:?}"),
        }
    }
}
