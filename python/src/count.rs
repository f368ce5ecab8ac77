//! Counting and solutions: `count` (the one call `nqueens count --cnf` makes), `to_nnf` and
//! `count_nnf` (a decision-DNNF in d4's format), and the lazy `Solutions` iterator with
//! `solve`, which list (projected) solutions through a backend, each checked against every
//! clause, and leave the formula as it was.

use crate::formula::{formula_like, parse_error, var, weights_of};
use crate::run::{deadline, interruptible, interruption, wait};
use crate::Error;
use nqueens_kit::backends::{build, BackendKind, External, Settings, SolverCommand, StopFlag};
use nqueens_kit::count::{count_cnf, model_of, nnf, CnfCount, CountOptions, Hooks, Method};
use nqueens_kit::formats::Cnf;
use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Mutex;

/// The method named by `count`'s `method` argument.
fn method(name: &str) -> PyResult<Method> {
    match name {
        "auto" => Ok(Method::Auto),
        "enumerate" => Ok(Method::Enumerate),
        "counter" => Ok(Method::Counter),
        _ => Err(PyValueError::new_err(format!(
            "method must be 'auto', 'enumerate' or 'counter', not {name:?}"
        ))),
    }
}

/// The formula `count` and `solutions` take, with the projection and weights given beside
/// it put in place of its own.
pub(crate) fn formula_with(
    formula: &Bound<'_, PyAny>,
    projection: Option<Vec<i64>>,
    weights: Option<&Bound<'_, PyAny>>,
) -> PyResult<Cnf> {
    let mut cnf = formula_like(formula)?;
    if let Some(p) = projection {
        cnf.shown = Some(p.into_iter().map(var).collect::<PyResult<_>>()?);
    }
    if let Some(w) = weights {
        cnf.weights = Some(weights_of(w)?);
    }
    let named = cnf.shown.iter().flatten().map(|v| v.index() + 1);
    let weighted = cnf
        .weights
        .iter()
        .flatten()
        .map(|(l, _)| l.var().index() + 1);
    cnf.num_vars = named.chain(weighted).fold(cnf.num_vars, usize::max);
    Ok(cnf)
}

/// Counts `cnf` through the one call `nqueens count --cnf` makes, on `threads` threads, with
/// what `configure` sets in the options; interruptible, the GIL released.
///
/// # Errors
/// As [`interruptible`], and `Error` with the library's message.
pub(crate) fn count_interruptible(
    py: Python<'_>,
    cnf: Cnf,
    threads: usize,
    timeout: Option<f64>,
    configure: impl FnOnce(&mut CountOptions<'_>) + Send,
) -> PyResult<CnfCount> {
    let deadline = deadline(timeout)?;
    let stop = StopFlag::new();
    let counted = interruptible(py, &stop, deadline, || {
        let mut options = CountOptions::default();
        options.threads = Some(threads.max(1));
        configure(&mut options);
        let hooks = Hooks {
            stop: Some(stop.clone()),
            ..Hooks::default()
        };
        count_cnf(cnf, &options, &hooks)
    })?;
    counted.map_err(|e| Error::new_err(crate::run::chain(&e)))
}

/// The library's count as a Python value: an int, or a Fraction for a weighted count.
fn value(py: Python<'_>, counted: CnfCount) -> PyResult<Py<PyAny>> {
    if counted.interrupted() {
        return Err(PyTimeoutError::new_err(
            "the count was stopped before it ended",
        ));
    }
    match counted {
        CnfCount::Weighted(w) => {
            let value = w.value.expect("a finished weighted count has its value");
            Ok(value.into_pyobject(py)?.into_any().unbind())
        }
        counted => {
            let n = counted
                .count()
                .expect("a finished count has its value")
                .clone();
            Ok(n.into_pyobject(py)?.into_any().unbind())
        }
    }
}

/// The exact number of models of `formula` (a Formula, a PySAT CNF or a list of clauses),
/// projected onto `projection` (or the formula's own), as an int; with `weights`
/// ({literal: weight}, or the formula's own), the exact weighted count as a
/// fractions.Fraction (a literal without a weight weighs 1). `method` is "auto" (enumerate
/// while that looks quick, else the model counter), "enumerate" or "counter". Ctrl-C raises
/// KeyboardInterrupt; the timeout (seconds) raises TimeoutError. The GIL is released.
#[pyfunction]
#[pyo3(signature = (formula, projection=None, weights=None, method="auto", threads=1, timeout=None))]
fn count(
    py: Python<'_>,
    formula: &Bound<'_, PyAny>,
    projection: Option<Vec<i64>>,
    weights: Option<&Bound<'_, PyAny>>,
    method: &str,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let cnf = formula_with(formula, projection, weights)?;
    let method = self::method(method)?;
    let counted = count_interruptible(py, cnf, threads, timeout, |o| o.method = method)?;
    value(py, counted)
}

/// Returns (count, text): the formula compiled into a decision-DNNF (over the projection
/// when there is one), its model count, and the compiled formula in d4's format, which
/// `count_nnf` (or any d-DNNF reader such as ddnnife) counts again.
#[pyfunction]
#[pyo3(signature = (formula, projection=None, threads=1, timeout=None))]
fn to_nnf(
    py: Python<'_>,
    formula: &Bound<'_, PyAny>,
    projection: Option<Vec<i64>>,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<(Py<PyAny>, String)> {
    let cnf = formula_with(formula, projection, None)?;
    let counted = count_interruptible(py, cnf, threads, timeout, |o| o.compile = true)?;
    let CnfCount::Counted(counted) = counted else {
        return Err(Error::new_err("the compilation gave no decision-DNNF"));
    };
    let Some(compiled) = counted.compiled else {
        return Err(PyTimeoutError::new_err(
            "the compilation was stopped before it ended",
        ));
    };
    let mut text = Vec::new();
    compiled
        .write_d4(&mut text)
        .map_err(|e| Error::new_err(crate::run::chain(&e)))?;
    let n = compiled.count.into_pyobject(py)?.into_any().unbind();
    Ok((n, String::from_utf8(text).expect("d4's format is ASCII")))
}

/// Returns int: the models of a decision-DNNF in d4's format over
/// `variables` (DIMACS numbers; variables it does not mention double the count).
#[pyfunction]
fn count_nnf(py: Python<'_>, text: &str, variables: Vec<u32>) -> PyResult<Py<PyAny>> {
    let read = nnf::read_d4(text.as_bytes()).map_err(parse_error)?;
    let n = read
        .count(&variables)
        .map_err(|e| Error::new_err(crate::run::chain(&e)))?;
    Ok(n.into_pyobject(py)?.into_any().unbind())
}

/// What the enumerating thread sends: a solution's literals, or the failure that ended it.
type Found = Result<Vec<i64>, String>;

/// The backend named by `solutions`' `backend` argument.
fn backend_kind(name: &str) -> PyResult<BackendKind> {
    match name {
        "dpll" => Ok(BackendKind::Dpll),
        "sat" | "varisat" => Ok(BackendKind::Sat),
        _ => Err(PyValueError::new_err(format!(
            "backend must be 'dpll' or 'sat' (or give solver='PROGRAM ARGS'), not {name:?}"
        ))),
    }
}

/// The backend's settings: an external SAT solver program when `solver` names one (run
/// without a shell; every model it gives is checked, every UNSATISFIABLE confirmed by
/// varisat), stopped by `stop`.
fn settings(solver: Option<&str>, stop: &StopFlag) -> PyResult<(BackendKind, Settings)> {
    let mut settings = Settings::default();
    settings.stop = Some(stop.clone());
    let Some(line) = solver else {
        return Ok((BackendKind::Dpll, settings));
    };
    let command =
        SolverCommand::parse(line).map_err(|e| PyValueError::new_err(crate::run::chain(&e)))?;
    settings.external = Some(External::new(command));
    Ok((BackendKind::External, settings))
}

/// Lists the solutions of `cnf` on this thread into `tx`, each checked against every clause,
/// until there are none, the receiver is dropped, or `stop` is raised.
fn enumerate(
    cnf: Cnf,
    kind: BackendKind,
    settings: Settings,
    stop: StopFlag,
    tx: SyncSender<Found>,
) {
    let fail = |tx: &SyncSender<Found>, e: String| drop(tx.send(Err(e)));
    let model = model_of(cnf, None);
    let backend = match build(kind, &settings) {
        Ok(b) => b,
        Err(e) => return fail(&tx, e.to_string()),
    };
    let shown = model.shown();
    let prepared = match backend.prepare(&model) {
        Ok(p) => p,
        Err(e) => return fail(&tx, e.to_string()),
    };
    let mut solutions = match prepared.solutions(&[]) {
        Ok(s) => s,
        Err(e) => return fail(&tx, e.to_string()),
    };
    while !stop.is_raised() {
        let assignment = match solutions.next_solution() {
            Ok(Some(a)) => a,
            Ok(None) => return,
            Err(e) => return fail(&tx, e.to_string()),
        };
        if let Err(v) = model.check(&assignment) {
            return fail(&tx, format!("the backend gave a wrong solution: {v}"));
        }
        let lits = shown
            .iter()
            .map(|v| v.lit(assignment[v.index()]).to_dimacs())
            .collect();
        if tx.send(Ok(lits)).is_err() {
            return;
        }
    }
}

/// A lazy stream of solutions: each a list of literals over the projection (or every
/// variable), distinct on it. Enumeration runs ahead by one solution on a thread of its
/// own; dropping the iterator (or `close()`) stops it.
#[pyclass(module = "nqueens_kit")]
struct Solutions {
    rx: Mutex<Option<Receiver<Found>>>,
    stop: StopFlag,
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.stop.raise();
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<i64>>> {
        let mut slot = self.rx.lock().expect("no panic holds the lock");
        let Some(mut rx) = slot.take() else {
            return Ok(None);
        };
        loop {
            let (back, got) = wait(py, rx);
            rx = back;
            match got {
                Ok(Ok(lits)) => {
                    *slot = Some(rx);
                    return Ok(Some(lits));
                }
                Ok(Err(e)) => return Err(Error::new_err(e)),
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Some(e) = interruption(py, None) {
                *slot = Some(rx);
                return Err(e);
            }
        }
    }

    /// Stops the enumeration; the iterator then ends.
    fn close(&self) {
        self.stop.raise();
        self.rx.lock().expect("no panic holds the lock").take();
    }
}

/// Returns iterator of lists of literals.
///
/// The solutions of `formula`, lazily, distinct on the projection (each a list of literals
/// over it), or on every variable without one. Nothing is added to the formula. `solver`
/// names an external SAT solver program instead of `backend` (`"cadical -q"`, `"minisat
/// {cnf} {out}"`): each model it gives is checked, each UNSATISFIABLE confirmed by varisat.
#[pyfunction]
#[pyo3(signature = (formula, projection=None, backend="dpll", solver=None))]
fn solutions(
    formula: &Bound<'_, PyAny>,
    projection: Option<Vec<i64>>,
    backend: &str,
    solver: Option<&str>,
) -> PyResult<Solutions> {
    let cnf = formula_with(formula, projection, None)?;
    if cnf.weights.is_some() {
        return Err(PyValueError::new_err(
            "solutions of a weighted formula: drop its weights first",
        ));
    }
    let stop = StopFlag::new();
    let (kind, settings) = match settings(solver, &stop)? {
        (BackendKind::Dpll, settings) => (backend_kind(backend)?, settings),
        external => external,
    };
    let (tx, rx) = sync_channel(1);
    let worker_stop = stop.clone();
    std::thread::Builder::new()
        .name("nqueens-solutions".into())
        .spawn(move || enumerate(cnf, kind, settings, worker_stop, tx))
        .map_err(|e| Error::new_err(format!("cannot start the enumeration: {e}")))?;
    Ok(Solutions {
        rx: Mutex::new(Some(rx)),
        stop,
    })
}

/// Returns list of literals, or None when unsatisfiable.
///
/// One solution (over the projection, or every variable), checked against every clause;
/// `solver` names an external SAT solver program to find it (as in `solutions`).
#[pyfunction]
#[pyo3(signature = (formula, projection=None, solver=None))]
fn solve(
    py: Python<'_>,
    formula: &Bound<'_, PyAny>,
    projection: Option<Vec<i64>>,
    solver: Option<&str>,
) -> PyResult<Option<Vec<i64>>> {
    let found = solutions(formula, projection, "sat", solver)?;
    let first = found.__next__(py);
    found.close();
    first
}

/// Adds the functions and the iterator class to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solutions>()?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(to_nnf, m)?)?;
    m.add_function(wrap_pyfunction!(count_nnf, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}
