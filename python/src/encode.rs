//! Encodings PySAT-style: a constraint on DIMACS literals, an encoding by name and the top
//! variable in use go in; the clauses and the new top variable come out, the auxiliaries
//! numbered after `top_id`. Each call builds a one-constraint model and lowers it with the
//! library's `lower_to_cnf`, the same lowering every other caller gets.

use crate::formula::lits_of;
use crate::run::interruptible;
use crate::Error;
use nqueens_kit::backends::StopFlag;
use nqueens_kit::model::{
    lower_to_cnf_until, AmoEncoding, CardEncoding, Cmp, CnfOptions, Constraint, Lit, Model,
    PbEncoding, VecSink,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// An encoding named as on the command line (`nqueens encode --amo ...`).
pub(crate) fn named<T: std::str::FromStr>(name: &str) -> PyResult<T>
where
    T::Err: std::fmt::Display,
{
    name.parse()
        .map_err(|e: T::Err| PyValueError::new_err(e.to_string()))
}

/// The comparison named by `"<="`, `">="` or `"=="` (also `"="`).
pub(crate) fn cmp(name: &str) -> PyResult<Cmp> {
    match name {
        "<=" => Ok(Cmp::AtMost),
        ">=" => Ok(Cmp::AtLeast),
        "==" | "=" => Ok(Cmp::Exactly),
        _ => Err(PyValueError::new_err(format!(
            "the comparison must be '<=', '>=' or '==', not {name:?}"
        ))),
    }
}

/// The terms of `lits` weighted by `weights` (all 1 when None).
pub(crate) fn terms(lits: &[Lit], weights: Option<Vec<i64>>) -> PyResult<Vec<(i64, Lit)>> {
    match weights {
        None => Ok(lits.iter().map(|&l| (1, l)).collect()),
        Some(w) if w.len() == lits.len() => Ok(w.into_iter().zip(lits.iter().copied()).collect()),
        Some(w) => Err(PyValueError::new_err(format!(
            "{} weights for {} literals",
            w.len(),
            lits.len()
        ))),
    }
}

/// The top variable to number auxiliaries after: `top_id`, or a PySAT `IDPool`'s `.top`,
/// and at least the largest variable of `lits`.
fn top_of(
    lits: &[Lit],
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let pool = match vpool {
        Some(p) => p.getattr("top")?.extract::<usize>()?,
        None => 0,
    };
    let named = lits.iter().map(|l| l.var().index() + 1).max().unwrap_or(0);
    Ok(top_id.unwrap_or(0).max(pool).max(named))
}

/// Lowers `constraint` over variables 1..=top with `options`: its clauses in DIMACS and
/// the new top variable; a PySAT `vpool` is moved past the auxiliaries.
fn lower(
    py: Python<'_>,
    constraint: Constraint,
    top: usize,
    options: CnfOptions,
    vpool: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    let mut model = Model::new();
    model.new_vars(top);
    model
        .try_add(constraint)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let stop = StopFlag::new();
    let lowered = interruptible(py, &stop, None, || {
        let mut sink = VecSink::default();
        lower_to_cnf_until(&model, &options, &stop, &mut sink)
            .map(|info| (sink.clauses, info.vars()))
    })?;
    let (clauses, new_top) = lowered.map_err(|e| Error::new_err(crate::run::chain(&e)))?;
    if let Some(pool) = vpool {
        pool.setattr("top", new_top)?;
    }
    let clauses = clauses
        .iter()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect();
    Ok((clauses, new_top))
}

/// The options for a cardinality constraint: `encoding` names a cardinality encoding, or an
/// at-most-one encoding (which the library uses for a bound of 1; any other bound then gets
/// the default cardinality encoding).
fn card_options(encoding: &str) -> PyResult<CnfOptions> {
    if let Ok(card) = encoding.parse::<CardEncoding>() {
        return Ok(CnfOptions {
            card,
            ..CnfOptions::default()
        });
    }
    match encoding.parse::<AmoEncoding>() {
        Ok(amo) => Ok(CnfOptions::with_amo(amo)),
        Err(_) => Err(PyValueError::new_err(format!(
            "unknown encoding {encoding:?}: a cardinality encoding ({}) or an at-most-one encoding ({})",
            CardEncoding::ALL.map(|e| e.name()).join(", "),
            AmoEncoding::ALL.map(|e| e.name()).join(", ")
        ))),
    }
}

/// A cardinality constraint `sum(lits) cmp bound` under a cardinality encoding.
fn cardinality(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    bound: u32,
    cmp: Cmp,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    let lits = lits_of(lits)?;
    let top = top_of(&lits, top_id, vpool)?;
    let constraint = Constraint::Cardinality {
        lits,
        cmp,
        k: bound,
    };
    lower(py, constraint, top, card_options(encoding)?, vpool)
}

/// Returns (clauses, top_id).
///
/// At most `bound` of `lits` true, as PySAT's CardEnc.atmost: encodings "seqcounter",
/// "totalizer", "sorter" (a bound of 1 is lowered as at-most-one, pairwise unless
/// `encoding` names an at-most-one encoding such as "sequential"); auxiliaries are numbered after `top_id` (or the pool's top, or the
/// largest variable of `lits`). Returns the clauses and the new top variable.
#[pyfunction]
#[pyo3(signature = (lits, bound=1, top_id=None, vpool=None, encoding="seqcounter"))]
fn atmost(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    bound: u32,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    cardinality(py, lits, bound, Cmp::AtMost, top_id, vpool, encoding)
}

/// Returns (clauses, top_id).
///
/// At least `bound` of `lits` true; see `atmost`.
#[pyfunction]
#[pyo3(signature = (lits, bound=1, top_id=None, vpool=None, encoding="seqcounter"))]
fn atleast(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    bound: u32,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    cardinality(py, lits, bound, Cmp::AtLeast, top_id, vpool, encoding)
}

/// Returns (clauses, top_id).
///
/// Exactly `bound` of `lits` true; see `atmost`.
#[pyfunction]
#[pyo3(signature = (lits, bound=1, top_id=None, vpool=None, encoding="seqcounter"))]
fn equals(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    bound: u32,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    cardinality(py, lits, bound, Cmp::Exactly, top_id, vpool, encoding)
}

/// Returns (clauses, top_id).
///
/// Adds: at most one of `lits` true. encodings "pairwise", "sequential", "ladder", "bitwise",
/// "commander", "product", "bimander".
#[pyfunction]
#[pyo3(signature = (lits, top_id=None, vpool=None, encoding="pairwise"))]
fn atmost_one(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    let lits = lits_of(lits)?;
    let top = top_of(&lits, top_id, vpool)?;
    let options = CnfOptions::with_amo(named::<AmoEncoding>(encoding)?);
    lower(py, Constraint::AtMostOne(lits), top, options, vpool)
}

/// Returns (clauses, top_id).
///
/// Adds: exactly one of `lits` true. an at-most-one encoding and one clause.
#[pyfunction]
#[pyo3(signature = (lits, top_id=None, vpool=None, encoding="pairwise"))]
fn exactly_one(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    let lits = lits_of(lits)?;
    let top = top_of(&lits, top_id, vpool)?;
    let options = CnfOptions::with_amo(named::<AmoEncoding>(encoding)?);
    lower(py, Constraint::ExactlyOne(lits), top, options, vpool)
}

/// A linear constraint `sum(weights[i] * lits[i]) cmp bound` under a PB encoding.
#[allow(clippy::too_many_arguments)]
fn linear(
    py: Python<'_>,
    lits: &Bound<'_, PyAny>,
    weights: Option<Vec<i64>>,
    bound: i64,
    cmp: Cmp,
    top_id: Option<usize>,
    vpool: Option<&Bound<'_, PyAny>>,
    encoding: &str,
) -> PyResult<(Vec<Vec<i64>>, usize)> {
    let lits = lits_of(lits)?;
    let top = top_of(&lits, top_id, vpool)?;
    let options = CnfOptions {
        pb: named::<PbEncoding>(encoding)?,
        ..CnfOptions::default()
    };
    let constraint = Constraint::Linear {
        terms: terms(&lits, weights)?,
        cmp,
        rhs: bound,
    };
    lower(py, constraint, top, options, vpool)
}

macro_rules! pb_call {
    ($name:ident, $cmp:expr, $doc:literal) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(signature = (lits, weights=None, bound=1, top_id=None, vpool=None, encoding="bdd"))]
        fn $name(
            py: Python<'_>,
            lits: &Bound<'_, PyAny>,
            weights: Option<Vec<i64>>,
            bound: i64,
            top_id: Option<usize>,
            vpool: Option<&Bound<'_, PyAny>>,
            encoding: &str,
        ) -> PyResult<(Vec<Vec<i64>>, usize)> {
            linear(py, lits, weights, bound, $cmp, top_id, vpool, encoding)
        }
    };
}

pb_call!(
    pb_leq,
    Cmp::AtMost,
    "pb_leq(lits, weights=None, bound=1, top_id=None, vpool=None, encoding=\"bdd\") -> (clauses, top_id)\n\nsum(weights[i] * lits[i]) <= bound, as PySAT's PBEnc.leq: encodings \"bdd\", \"gte\",\n\"swc\", \"adder\" (weights all 1 when None, any sign)."
);
pb_call!(
    pb_geq,
    Cmp::AtLeast,
    "pb_geq(lits, weights=None, bound=1, top_id=None, vpool=None, encoding=\"bdd\") -> (clauses, top_id)\n\nsum(weights[i] * lits[i]) >= bound; see pb_leq."
);
pb_call!(
    pb_eq,
    Cmp::Exactly,
    "pb_eq(lits, weights=None, bound=1, top_id=None, vpool=None, encoding=\"bdd\") -> (clauses, top_id)\n\nsum(weights[i] * lits[i]) == bound; see pb_leq."
);

/// Returns dict: the names of every encoding the library has, by kind ("amo",
/// "card", "pb"), the default first.
#[pyfunction]
fn encodings(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    let amo: Vec<&str> = AmoEncoding::ALL.iter().map(|e| e.name()).collect();
    let card: Vec<&str> = CardEncoding::ALL.iter().map(|e| e.name()).collect();
    let pb: Vec<&str> = PbEncoding::ALL.iter().map(|e| e.name()).collect();
    dict.set_item("amo", amo)?;
    dict.set_item("card", card)?;
    dict.set_item("pb", pb)?;
    Ok(dict)
}

/// Adds the encoding functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(atmost, m)?)?;
    m.add_function(wrap_pyfunction!(atleast, m)?)?;
    m.add_function(wrap_pyfunction!(equals, m)?)?;
    m.add_function(wrap_pyfunction!(atmost_one, m)?)?;
    m.add_function(wrap_pyfunction!(exactly_one, m)?)?;
    m.add_function(wrap_pyfunction!(pb_leq, m)?)?;
    m.add_function(wrap_pyfunction!(pb_geq, m)?)?;
    m.add_function(wrap_pyfunction!(pb_eq, m)?)?;
    m.add_function(wrap_pyfunction!(encodings, m)?)?;
    Ok(())
}
