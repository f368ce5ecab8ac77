//! A stop request that reaches a backend while it prepares a model ends the run as stopped
//! before its first cube, resumable from its checkpoint, not as a failure.

use count_engine::{run, Depth, ModelProblem, RunOptions};
use zero_one_model::{
    AmoEncoding, Backend, BackendEncoding, BackendError, BackendErrorKind, BackendName, Constraint,
    Model, Prepared, StopFlag,
};

/// The DPLL enumerator, but a stop request arrives while it prepares and it gives up.
struct StoppedWhilePreparing(StopFlag);

impl Backend for StoppedWhilePreparing {
    fn name(&self) -> BackendName {
        BackendName::Dpll
    }
    fn encoding(&self) -> BackendEncoding {
        BackendEncoding::Cnf(AmoEncoding::Pairwise)
    }
    fn prepare<'m>(&self, _: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        self.0.raise();
        Err(BackendError::with_kind(
            BackendErrorKind::Interrupted,
            BackendName::Dpll,
            "stopped while lowering",
        ))
    }
}

fn model() -> Model {
    let mut m = Model::new();
    let v = m.new_vars(6);
    m.add(Constraint::ExactlyOne(
        v[..3].iter().map(|x| x.positive()).collect(),
    ));
    m.add(Constraint::ExactlyOne(
        v[3..].iter().map(|x| x.positive()).collect(),
    ));
    m
}

#[test]
fn a_stop_while_preparing_is_an_interrupted_run_that_resumes() {
    let m = model();
    let problem = ModelProblem::whole(&m, Depth::Target(4), "stopped").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ck");
    let stop = StopFlag::new();
    let options = RunOptions {
        checkpoint: Some(&checkpoint),
        stop: Some(stop.clone()),
        ..RunOptions::default()
    };
    let outcome = run(&problem, &StoppedWhilePreparing(stop), &options).unwrap();
    assert!(outcome.interrupted);
    assert_eq!(outcome.cubes_done, 0);
    assert!(outcome.cubes_total > 1, "{}", outcome.cubes_total);
    assert_eq!(outcome.count.to_string(), "0");
    // Resumed with a backend that prepares: the whole count, from the same checkpoint.
    let dpll = dpll_enum::DpllBackend::default();
    let options = RunOptions {
        checkpoint: Some(&checkpoint),
        ..RunOptions::default()
    };
    let outcome = run(&problem, &dpll, &options).unwrap();
    assert!(!outcome.interrupted);
    assert_eq!(outcome.count.to_string(), "9");
}

#[test]
fn a_failure_while_preparing_without_a_stop_request_is_an_error() {
    let m = model();
    let problem = ModelProblem::whole(&m, Depth::Target(4), "failed").unwrap();
    let backend = StoppedWhilePreparing(StopFlag::new());
    let options = RunOptions::default();
    assert!(run(&problem, &backend, &options).is_err());
}
