//! Failures come back as typed errors with the right kind, without any real SAT solver: the
//! "solvers" here are tiny shell scripts written for each test.

use super::*;
use std::error::Error;
use zero_one_model::{BackendErrorKind, BackendName, Constraint, Solutions, Var};

/// A model with one variable that must be true.
fn one_true() -> Model {
    let mut m = Model::new();
    let a = m.new_var("a");
    m.add(Constraint::Clause(vec![a.positive()]));
    m
}

fn backend(command: &str, timeout: Option<Duration>) -> ExternalBackend {
    ExternalBackend {
        command: SolverCommand::parse(command).unwrap(),
        timeout,
        stop: None,
        options: CnfOptions::default(),
        confirm_unsat: None,
    }
}

/// A shell script with `body`, deleted on drop; run it as `sh <path>`.
pub(crate) struct Script(std::path::PathBuf);

impl Script {
    pub(crate) fn new(name: &str, body: &str) -> Script {
        let path =
            std::env::temp_dir().join(format!("solver-pipe-test-{}-{name}.sh", std::process::id()));
        std::fs::write(&path, body).unwrap();
        Script(path)
    }

    pub(crate) fn command(&self) -> String {
        format!("sh {}", self.0.display())
    }
}

impl Drop for Script {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn a_fixed_literal_outside_the_model_is_an_invalid_input_error() {
    let m = one_true();
    let prepared = backend("no-such-solver-here", None).prepare(&m).unwrap();
    let err = prepared.solutions(&[Var::new(1).positive()]).err().unwrap();
    assert_eq!(err.kind(), BackendErrorKind::InvalidInput);
    assert_eq!(
        err.backend(),
        &BackendName::External("no-such-solver-here".into())
    );
    assert_eq!(
        err.source().unwrap().to_string(),
        "variable #1 is outside the model, which has 1 variables"
    );
}

#[test]
fn a_missing_program_is_an_io_error_with_the_io_error_as_source() {
    let m = one_true();
    let mut sols = backend("no-such-solver-here", None)
        .solutions(&m, &[])
        .unwrap();
    let err = sols.next_solution().unwrap_err();
    assert_eq!(err.kind(), BackendErrorKind::Io);
    let run = err.source().unwrap().downcast_ref::<RunError>().unwrap();
    assert!(matches!(run, RunError::NotFound { program, .. } if program == "no-such-solver-here"));
    let io = run
        .source()
        .unwrap()
        .downcast_ref::<std::io::Error>()
        .unwrap();
    assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
}

#[cfg(unix)]
#[test]
fn a_solver_past_its_time_limit_is_a_timeout() {
    let m = one_true();
    let script = Script::new("hang", "exec sleep 5\n");
    let b = backend(&script.command(), Some(Duration::from_millis(100)));
    let err = b.solutions(&m, &[]).unwrap().next_solution().unwrap_err();
    assert_eq!(err.kind(), BackendErrorKind::Timeout);
    assert_eq!(
        err.source().unwrap().to_string(),
        "'sh' timed out after 0.1 s and was killed"
    );
}

#[cfg(unix)]
#[test]
fn a_repeated_model_is_a_bad_answer_and_ends_the_iteration() {
    // Always answers a = true, even once the blocking clause (¬a) is in: the second answer
    // violates it.
    let m = one_true();
    let script = Script::new("repeat", "echo 's SATISFIABLE'\necho 'v 1 0'\nexit 10\n");
    let b = backend(&script.command(), None);
    let mut it = b.solutions(&m, &[]).unwrap().into_iter();
    assert_eq!(it.next().unwrap().unwrap(), vec![true]);
    let err = it.next().unwrap().unwrap_err();
    assert_eq!(err.kind(), BackendErrorKind::BadAnswer);
    assert_eq!(
        err.message(),
        "its model repeats one it gave before (on the projection)"
    );
    assert!(it.next().is_none());
}

#[test]
fn an_empty_command_line_is_refused() {
    assert_eq!(SolverCommand::parse(" \t"), Err(CommandError::Empty));
}

/// Two variables a and b, both shown, and the one clause (a): b occurs in no clause.
fn a_and_free_b() -> Model {
    let mut m = Model::new();
    let a = m.new_var("a");
    m.new_var("b");
    m.add(Constraint::Clause(vec![a.positive()]));
    m
}

/// The number of clauses in the CNF the script was given (its last argument, `$1` here).
const CLAUSES: &str = "c=$(grep '^p cnf' \"$1\" | cut -d' ' -f4)\n";

#[cfg(unix)]
#[test]
fn a_variable_in_no_clause_left_out_of_a_model_is_free_and_both_values_count() {
    // As MiniSat does: the first answer gives no value to b, which occurs in no clause; the
    // blocking clause then mentions b, and the next answer must give it.
    let body = format!(
        "{CLAUSES}case $c in\n1) echo SAT; echo '1 0'; exit 10 ;;\n2) echo SAT; echo '1 2 0'; exit 10 ;;\n\
         *) echo UNSAT; exit 20 ;;\nesac\n"
    );
    let script = Script::new("omits", &body);
    let m = a_and_free_b();
    let models: Vec<Vec<bool>> = backend(&script.command(), None)
        .solutions(&m, &[])
        .unwrap()
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(models, vec![vec![true, false], vec![true, true]]);
}

#[cfg(unix)]
#[test]
fn a_variable_that_occurs_in_a_clause_left_out_of_a_model_is_refused() {
    let m = a_and_free_b();
    let script = Script::new("omits-a", "echo SAT; echo '2 0'; exit 10\n");
    let err = backend(&script.command(), None)
        .solutions(&m, &[])
        .unwrap()
        .next_solution()
        .unwrap_err();
    assert_eq!(err.kind(), BackendErrorKind::BadAnswer);
    assert_eq!(
        err.source().unwrap().to_string(),
        "the model is incomplete: variable 1 has no value"
    );
}

#[cfg(unix)]
#[test]
fn exit_code_30_goes_with_sat_as_clasp_exits_but_not_with_unsat() {
    let m = one_true();
    let body = format!(
        "{CLAUSES}if [ $c = 1 ]; then echo 's SATISFIABLE'; echo 'v 1 0'; exit 30; fi\n\
         echo 's UNSATISFIABLE'; exit 20\n"
    );
    let script = Script::new("clasp30", &body);
    let count = backend(&script.command(), None)
        .solutions(&m, &[])
        .unwrap()
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
        .len();
    assert_eq!(count, 1);
    let script = Script::new("unsat30", "echo 's UNSATISFIABLE'; exit 30\n");
    let err = backend(&script.command(), None)
        .solutions(&m, &[])
        .unwrap()
        .next_solution()
        .unwrap_err();
    assert_eq!(
        err.message(),
        "exit code 30 contradicts its status line (expected 20)"
    );
}

#[cfg(unix)]
#[test]
fn a_failing_exit_code_is_named_when_the_output_is_refused() {
    let m = one_true();
    let script = Script::new("exit1", "echo 'c cannot read the input'; exit 1\n");
    let err = backend(&script.command(), None)
        .solutions(&m, &[])
        .unwrap()
        .next_solution()
        .unwrap_err();
    assert_eq!(err.kind(), BackendErrorKind::BadAnswer);
    assert_eq!(
        err.message(),
        "it exited with code 1 and its output was refused"
    );
}
