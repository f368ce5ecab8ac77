//! Certified counts and symmetries: `certify` counts a formula through the one call with a
//! `CertifySink` and writes the proof bundle; `verify` runs the independent checker on a
//! bundle; `symmetries` finds the formula's automorphisms and `count_orbits` counts its
//! solutions up to them.

use crate::count::{count_interruptible, formula_with};
use crate::run::{deadline, interruptible};
use crate::Error;
use nqueens_kit::backends::StopFlag;
use nqueens_kit::certify::{
    formula_of, verify as verify_bundle, CertifySink, Finished, ProducedBy,
};
use nqueens_kit::count::{count_cnf, CnfCount, CountOptions, Hooks};
use nqueens_kit::symmetry::{check_size, find, DEFAULT_SEARCH_BUDGET};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// Returns int.
///
/// Counts the formula's (projected) models by enumeration and writes a proof bundle into
/// the directory `bundle` (the formula, the models, the formula with one blocking clause per
/// model and a DRAT proof that it is unsatisfiable); the bundle appears only when complete.
/// `verify(bundle)` checks it. Returns the count.
#[pyfunction]
#[pyo3(signature = (formula, bundle, projection=None, timeout=None))]
fn certify(
    py: Python<'_>,
    formula: &Bound<'_, PyAny>,
    bundle: PathBuf,
    projection: Option<Vec<i64>>,
    timeout: Option<f64>,
) -> PyResult<u64> {
    let cnf = formula_with(formula, projection, None)?;
    let certified = formula_of(&cnf).map_err(|e| Error::new_err(crate::run::chain(&e)))?;
    let deadline = deadline(timeout)?;
    let stop = StopFlag::new();
    let written = interruptible(py, &stop, deadline, || -> Result<Finished, String> {
        let sink = CertifySink::new(&bundle, Some(stop.clone()));
        sink.set_formula(certified);
        let mut options = CountOptions::default();
        options.models = Some(&sink);
        let hooks = Hooks {
            stop: Some(stop.clone()),
            ..Hooks::default()
        };
        let counted = count_cnf(cnf, &options, &hooks).map_err(|e| e.to_string())?;
        if counted.interrupted() {
            return Ok(Finished::Interrupted);
        }
        let certifier = sink
            .into_certifier()
            .ok_or("the count ended before it began")?;
        certifier.check_cap().map_err(|e| e.to_string())?;
        let produced_by = ProducedBy::new("nqueens_kit", env!("CARGO_PKG_VERSION"));
        certifier.finish(1, produced_by).map_err(|e| e.to_string())
    })?;
    match written.map_err(Error::new_err)? {
        Finished::Written(w) => Ok(w.summary().models),
        Finished::Interrupted => Err(PyTimeoutError::new_err(
            "stopped before the bundle was written",
        )),
        _ => Err(Error::new_err("the count could not be certified")),
    }
}

/// Returns int: the count the independent checker establishes from a bundle
/// (it shares no code with anything that counted). Raises Error saying what failed.
#[pyfunction]
fn verify(py: Python<'_>, bundle: PathBuf) -> PyResult<u64> {
    let stop = StopFlag::new();
    let checked = interruptible(py, &stop, None, || verify_bundle(&bundle))?;
    checked
        .map(|c| c.count)
        .map_err(|e| Error::new_err(crate::run::chain(&e)))
}

/// Returns dict.
///
/// The permutations of literals mapping the clauses (and the projection) onto themselves:
/// {"order": the group's order (int), "generators": each a list of cycles of DIMACS
/// literals, "complete": whether the search finished within its budget}. Every generator
/// is checked to be a symmetry.
#[pyfunction]
#[pyo3(signature = (formula, projection=None))]
fn symmetries<'py>(
    py: Python<'py>,
    formula: &Bound<'py, PyAny>,
    projection: Option<Vec<i64>>,
) -> PyResult<Bound<'py, PyDict>> {
    let cnf = formula_with(formula, projection, None)?;
    check_size(cnf.num_vars, &cnf.clauses).map_err(|e| Error::new_err(crate::run::chain(&e)))?;
    let mut shown = vec![cnf.shown.is_none(); cnf.num_vars];
    for v in cnf.shown.iter().flatten() {
        shown[v.index()] = true;
    }
    let stop = StopFlag::new();
    let group = interruptible(py, &stop, None, || {
        find(cnf.num_vars, &cnf.clauses, &shown, DEFAULT_SEARCH_BUDGET)
    })?;
    let generators: Vec<Vec<Vec<i64>>> = (0..group.generators.len())
        .map(|i| group.cycles(i))
        .collect();
    let dict = PyDict::new(py);
    dict.set_item("order", group.order.clone())?;
    dict.set_item("generators", generators)?;
    dict.set_item("complete", group.complete)?;
    Ok(dict)
}

/// Returns (int, int).
///
/// The (projected) model count and the number of orbits of models under the formula's
/// symmetries, by enumeration with lex-leader breaking (`nqueens count --cnf --symmetry`).
#[pyfunction]
#[pyo3(signature = (formula, projection=None, threads=1, timeout=None))]
fn count_orbits(
    py: Python<'_>,
    formula: &Bound<'_, PyAny>,
    projection: Option<Vec<i64>>,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let cnf = formula_with(formula, projection, None)?;
    let counted = count_interruptible(py, cnf, threads, timeout, |o| o.orbits = true)?;
    if counted.interrupted() {
        return Err(PyTimeoutError::new_err(
            "the count was stopped before it ended",
        ));
    }
    let CnfCount::Enumerated(e) = counted else {
        return Err(Error::new_err("orbits are counted by enumeration only"));
    };
    let Some(orbits) = e.orbits else {
        return Err(Error::new_err(match e.orbits_dropped {
            Some(why) => format!("the orbit count was dropped: {why:?}"),
            None => "no orbit count".to_string(),
        }));
    };
    let count = e.outcome.count.into_pyobject(py)?.into_any().unbind();
    Ok((count, orbits.into_pyobject(py)?.into_any().unbind()))
}

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(certify, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(symmetries, m)?)?;
    m.add_function(wrap_pyfunction!(count_orbits, m)?)?;
    Ok(())
}
