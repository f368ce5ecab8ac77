//! The error's chain and the iterator adapter's ending, over a scripted stream.

use super::*;
use crate::Var;

/// Hands out a fixed script of answers, then `None` forever.
struct Scripted {
    answers: Vec<Result<Option<Vec<bool>>, BackendError>>,
    calls: u64,
}

impl Scripted {
    fn new(mut answers: Vec<Result<Option<Vec<bool>>, BackendError>>) -> Scripted {
        answers.reverse();
        Scripted { answers, calls: 0 }
    }
}

impl Solutions for Scripted {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        self.calls += 1;
        self.answers.pop().unwrap_or(Ok(None))
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        vec![(BackendStat::SolverCalls, self.calls)]
    }
}

#[test]
fn the_iterator_yields_every_solution_then_ends() {
    let script = Scripted::new(vec![Ok(Some(vec![true])), Ok(Some(vec![false]))]);
    let boxed: Box<dyn Solutions> = Box::new(script);
    let all: Result<Vec<Vec<bool>>, BackendError> = boxed.into_iter().collect();
    assert_eq!(all.unwrap(), vec![vec![true], vec![false]]);
}

#[test]
fn the_iterator_stops_after_the_first_error() {
    let mut script = Scripted::new(vec![
        Ok(Some(vec![true])),
        Err(BackendError::with_kind(
            BackendErrorKind::SolverFailed,
            BackendName::Other("test"),
            "boom",
        )),
        Ok(Some(vec![false])),
    ]);
    let mut it = SolutionIter::new(&mut script);
    assert_eq!(it.next().unwrap().unwrap(), vec![true]);
    let err = it.next().unwrap().unwrap_err();
    assert_eq!(err.kind(), BackendErrorKind::SolverFailed);
    assert!(it.next().is_none());
    assert!(it.next().is_none());
    assert_eq!(it.get_ref().stats(), vec![(BackendStat::SolverCalls, 2)]);
    // The stream itself was not drained past the error.
    assert_eq!(script.next_solution().unwrap(), Some(vec![false]));
}

#[test]
fn new_keeps_working_with_kind_other_and_no_source() {
    let e = BackendError::new(BackendName::Other("b"), "went wrong");
    assert_eq!(e.kind(), BackendErrorKind::Other);
    assert_eq!(e.backend(), &BackendName::Other("b"));
    assert_eq!(e.message(), "went wrong");
    assert_eq!(e.to_string(), "b backend: went wrong");
    assert!(e.source().is_none());
}

#[test]
fn the_source_is_reachable_and_not_repeated_in_the_message() {
    let io = std::io::Error::other("disk full");
    let e = BackendError::with_kind(BackendErrorKind::Io, BackendName::Other("b"), "writing")
        .with_source(io);
    assert_eq!(e.to_string(), "b backend: writing");
    let source = e.source().unwrap();
    assert_eq!(source.to_string(), "disk full");
    assert!(source.downcast_ref::<std::io::Error>().is_some());
}

#[test]
fn check_fixed_names_the_literal_outside_the_model() {
    let mut m = Model::new();
    let a = m.new_var("a");
    assert!(check_fixed(BackendName::Dpll, &m, &[a.negative()]).is_ok());
    let e = check_fixed(
        BackendName::Dpll,
        &m,
        &[a.positive(), Var::new(3).positive()],
    )
    .unwrap_err();
    assert_eq!(e.kind(), BackendErrorKind::InvalidInput);
    assert_eq!(
        e.source().unwrap().to_string(),
        "variable #3 is outside the model, which has 1 variables"
    );
}
