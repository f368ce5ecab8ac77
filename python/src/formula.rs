//! Formulas in and out: the class `Formula` (the library's DIMACS `Cnf`: clauses, a
//! projection, literal weights), read from and written to DIMACS files and strings, made
//! from lists of ints or from anything with PySAT's `.clauses` (or `.hard`), duck-typed.

use crate::ParseError;
use nqueens_kit::formats::{read_dimacs_with, Cnf, DimacsHeader, DimacsWriter, ReadOptions};
use nqueens_kit::layers::zero_one_model::decimal;
use nqueens_kit::model::{ClauseSink, Lit, Var};
use num_bigint::BigInt;
use num_rational::BigRational;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::collections::BTreeMap;

/// A CNF formula: clauses over variables 1..num_vars (DIMACS numbering), an optional
/// projection (`c p show`) and optional literal weights (`c p weight`).
#[pyclass(module = "nqueens_kit")]
#[derive(Clone)]
pub(crate) struct Formula {
    pub(crate) cnf: Cnf,
}

/// A DIMACS literal as the library's, refusing 0 and literals past the 64-bit range.
pub(crate) fn lit(n: i64) -> PyResult<Lit> {
    Lit::from_dimacs(n).ok_or_else(|| {
        PyValueError::new_err(format!("{n} is not a literal (a nonzero DIMACS integer)"))
    })
}

/// A DIMACS variable (positive) as the library's.
pub(crate) fn var(n: i64) -> PyResult<Var> {
    u64::try_from(n)
        .ok()
        .and_then(Var::from_dimacs)
        .ok_or_else(|| PyValueError::new_err(format!("{n} is not a variable (a positive integer)")))
}

/// The clauses of a Python iterable of iterables of ints.
pub(crate) fn clauses_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<Lit>>> {
    let mut clauses = Vec::new();
    for clause in obj.try_iter()? {
        clauses.push(lits_of(&clause?)?);
    }
    Ok(clauses)
}

/// The literals of a Python iterable of ints.
pub(crate) fn lits_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Lit>> {
    let mut lits = Vec::new();
    for l in obj.try_iter()? {
        lits.push(lit(l?.extract::<i64>()?)?);
    }
    Ok(lits)
}

/// `x` as an exact rational: anything `fractions.Fraction` takes (int, float exactly, str
/// such as "0.3" or "1/3", Decimal, Fraction).
pub(crate) fn rational(x: &Bound<'_, PyAny>) -> PyResult<BigRational> {
    let py = x.py();
    let fraction = py.import("fractions")?.getattr("Fraction")?.call1((x,))?;
    let numer: BigInt = fraction.getattr("numerator")?.extract()?;
    let denom: BigInt = fraction.getattr("denominator")?.extract()?;
    Ok(BigRational::new(numer, denom))
}

/// The weights of a dict {literal: weight}, in literal order.
pub(crate) fn weights_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(Lit, BigRational)>> {
    let dict = obj
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("weights must be a dict {literal: weight}"))?;
    let mut weights = BTreeMap::new();
    for (l, w) in dict.iter() {
        let l: i64 = l.extract()?;
        weights.insert(l, (lit(l)?, rational(&w)?));
    }
    Ok(weights.into_values().collect())
}

/// The largest variable a clause, projection or weight names.
fn max_var(cnf: &Cnf) -> usize {
    let clauses = cnf.clauses.iter().flatten().map(|l| l.var().index() + 1);
    let shown = cnf.shown.iter().flatten().map(|v| v.index() + 1);
    let weights = cnf
        .weights
        .iter()
        .flatten()
        .map(|(l, _)| l.var().index() + 1);
    clauses.chain(shown).chain(weights).max().unwrap_or(0)
}

/// A `Cnf` of clauses, projection and weights, over at least `num_vars` variables.
pub(crate) fn cnf_of(
    clauses: Vec<Vec<Lit>>,
    num_vars: usize,
    projection: Option<Vec<Var>>,
    weights: Option<Vec<(Lit, BigRational)>>,
) -> Cnf {
    let mut cnf = Cnf {
        num_vars,
        clauses,
        shown: projection,
        warnings: Vec::new(),
        weights,
        repeated: 0,
    };
    cnf.num_vars = cnf.num_vars.max(max_var(&cnf));
    cnf
}

/// What `count`, `solutions` and the others take as a formula: a `Formula`, a `Model`
/// (lowered with the default encodings), a PySAT
/// `CNF`/`WCNF` (its `.clauses`, or a `WCNF`'s `.hard`, and `.nv`), or an iterable of
/// clauses.
pub(crate) fn formula_like(obj: &Bound<'_, PyAny>) -> PyResult<Cnf> {
    if let Ok(f) = obj.cast::<Formula>() {
        return Ok(f.borrow().cnf.clone());
    }
    if let Ok(m) = obj.cast::<crate::model::Model>() {
        return m.borrow().lowered(&Default::default());
    }
    let clauses = if obj.hasattr("clauses")? {
        obj.getattr("clauses")?
    } else if obj.hasattr("hard")? {
        obj.getattr("hard")?
    } else {
        obj.clone()
    };
    let clauses = clauses_of(&clauses).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(obj.py()) {
            PyTypeError::new_err(format!(
                "expected a Formula, a Model, an object with .clauses (PySAT's CNF) or a list of clauses: {e}"
            ))
        } else {
            e
        }
    })?;
    let nv = match obj.getattr("nv") {
        Ok(nv) => nv.extract::<usize>().unwrap_or(0),
        Err(_) => 0,
    };
    Ok(cnf_of(clauses, nv, None, None))
}

/// A reader's parse error (DIMACS, OPB) as `ParseError`, its message naming the line.
pub(crate) fn parse_error(e: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(e.to_string())
}

/// Reads DIMACS text, weights included.
pub(crate) fn parse(text: &[u8]) -> PyResult<Cnf> {
    let options = ReadOptions {
        weights: true,
        ..ReadOptions::default()
    };
    read_dimacs_with(text, &options).map_err(parse_error)
}

/// Reads a whole file, with the OS error's message and the path on failure.
pub(crate) fn read_file(path: &str) -> PyResult<Vec<u8>> {
    std::fs::read(path).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))
}

/// Writes a whole file, with the OS error's message and the path on failure.
pub(crate) fn write_file(path: &str, text: &str) -> PyResult<()> {
    std::fs::write(path, text).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))
}

/// `cnf` as DIMACS text: `c t wmc`/`c t pwmc` for a weighted one, the header, `c p show`,
/// the clauses, then one `c p weight` line per weight (decimals, as the format has them).
fn dimacs_text(cnf: &Cnf) -> PyResult<String> {
    let mut comments = Vec::new();
    if cnf.weights.is_some() {
        let task = if cnf.shown.is_some() {
            "t pwmc"
        } else {
            "t wmc"
        };
        comments.push(task.to_string());
    }
    let header = DimacsHeader {
        comments,
        num_vars: cnf.num_vars,
        num_clauses: cnf.clauses.len() as u64,
        shown: cnf.shown.clone(),
        ..DimacsHeader::default()
    };
    let mut writer = DimacsWriter::new(Vec::new(), &header);
    for clause in &cnf.clauses {
        writer.add_clause(clause);
    }
    let bytes = writer
        .finish()
        .map_err(|e| PyOSError::new_err(crate::run::chain(&e)))?;
    let mut text = String::from_utf8(bytes).expect("the writer writes ASCII");
    for (l, w) in cnf.weights.iter().flatten() {
        let written = decimal::exact(w);
        if written.contains('/') {
            return Err(PyValueError::new_err(format!(
                "the weight {written} of literal {} is not a decimal number, which DIMACS weights are",
                l.to_dimacs()
            )));
        }
        text.push_str(&format!("c p weight {} {written} 0\n", l.to_dimacs()));
    }
    Ok(text)
}

#[pymethods]
impl Formula {
    /// Formula(clauses=(), num_vars=0, projection=None, weights=None)
    ///
    /// Clauses are lists of nonzero ints (DIMACS literals); `num_vars` is raised to the
    /// largest variable named; `projection` lists the variables whose distinct values are
    /// counted; `weights` maps literals to exact weights (int, Fraction, str "0.3", float).
    #[new]
    #[pyo3(signature = (clauses=None, num_vars=0, projection=None, weights=None))]
    fn new(
        clauses: Option<&Bound<'_, PyAny>>,
        num_vars: usize,
        projection: Option<Vec<i64>>,
        weights: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Formula> {
        let clauses = match clauses {
            Some(c) => clauses_of(c)?,
            None => Vec::new(),
        };
        let projection = projection
            .map(|p| p.into_iter().map(var).collect::<PyResult<Vec<_>>>())
            .transpose()?;
        let weights = weights.map(weights_of).transpose()?;
        Ok(Formula {
            cnf: cnf_of(clauses, num_vars, projection, weights),
        })
    }

    /// A Formula from DIMACS text (`c p show`, `c p weight` read).
    ///
    /// Raises ParseError naming the line of a bad one.
    #[staticmethod]
    fn from_dimacs(text: &str) -> PyResult<Formula> {
        Ok(Formula {
            cnf: parse(text.as_bytes())?,
        })
    }

    /// A Formula from a DIMACS file.
    #[staticmethod]
    fn read(path: &str) -> PyResult<Formula> {
        Ok(Formula {
            cnf: parse(&read_file(path)?)?,
        })
    }

    /// The formula as DIMACS text, projection and weights included.
    fn to_dimacs(&self) -> PyResult<String> {
        dimacs_text(&self.cnf)
    }

    /// Writes the formula to `path` as DIMACS.
    fn write(&self, path: &str) -> PyResult<()> {
        write_file(path, &dimacs_text(&self.cnf)?)
    }

    /// Adds one clause (a list of nonzero ints).
    fn append(&mut self, clause: &Bound<'_, PyAny>) -> PyResult<()> {
        let clause = lits_of(clause)?;
        self.cnf.clauses.push(clause);
        self.cnf.num_vars = self.cnf.num_vars.max(max_var(&self.cnf));
        Ok(())
    }

    /// Adds clauses (an iterable of lists of nonzero ints).
    fn extend(&mut self, clauses: &Bound<'_, PyAny>) -> PyResult<()> {
        let clauses = clauses_of(clauses)?;
        self.cnf.clauses.extend(clauses);
        self.cnf.num_vars = self.cnf.num_vars.max(max_var(&self.cnf));
        Ok(())
    }

    /// The number of variables (the header's, at least the largest one named).
    #[getter]
    fn num_vars(&self) -> usize {
        self.cnf.num_vars
    }

    /// The clauses as lists of ints.
    #[getter]
    fn clauses(&self) -> Vec<Vec<i64>> {
        self.cnf
            .clauses
            .iter()
            .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
            .collect()
    }

    /// The projection (variables, DIMACS numbering), or None for every variable.
    #[getter]
    fn get_projection(&self) -> Option<Vec<u64>> {
        self.cnf
            .shown
            .as_ref()
            .map(|s| s.iter().map(|v| v.to_dimacs()).collect())
    }

    /// Sets the projection (a list of variables), or None for every variable.
    #[setter]
    fn set_projection(&mut self, projection: Option<Vec<i64>>) -> PyResult<()> {
        self.cnf.shown = projection
            .map(|p| p.into_iter().map(var).collect::<PyResult<Vec<_>>>())
            .transpose()?;
        self.cnf.num_vars = self.cnf.num_vars.max(max_var(&self.cnf));
        Ok(())
    }

    /// The literal weights as {literal: Fraction}, or None for an unweighted formula.
    #[getter]
    fn get_weights<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(weights) = &self.cnf.weights else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        for (l, w) in weights {
            dict.set_item(l.to_dimacs(), w.clone())?;
        }
        Ok(Some(dict))
    }

    /// Sets the weights ({literal: weight}), or None for an unweighted formula.
    #[setter]
    fn set_weights(&mut self, weights: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.cnf.weights = weights.map(weights_of).transpose()?;
        self.cnf.num_vars = self.cnf.num_vars.max(max_var(&self.cnf));
        Ok(())
    }

    /// Warnings the DIMACS reader gave (a header count off, say), one sentence each.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.cnf.warnings.clone()
    }

    fn __len__(&self) -> usize {
        self.cnf.clauses.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.clauses())?
            .into_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __repr__(&self) -> String {
        format!(
            "Formula(num_vars={}, clauses={}, projection={}, weights={})",
            self.cnf.num_vars,
            self.cnf.clauses.len(),
            self.cnf
                .shown
                .as_ref()
                .map_or("None".into(), |s| format!("<{} vars>", s.len())),
            self.cnf
                .weights
                .as_ref()
                .map_or("None".into(), |w| format!("<{} literals>", w.len())),
        )
    }
}

/// A Formula from a DIMACS file, `c p show` and `c p weight` lines read.
#[pyfunction]
fn read_dimacs(path: &str) -> PyResult<Formula> {
    Formula::read(path)
}

/// A Formula from DIMACS text, `c p show` and `c p weight` lines read.
#[pyfunction]
fn parse_dimacs(text: &str) -> PyResult<Formula> {
    Formula::from_dimacs(text)
}

/// Adds the class and the readers to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Formula>()?;
    m.add_function(wrap_pyfunction!(read_dimacs, m)?)?;
    m.add_function(wrap_pyfunction!(parse_dimacs, m)?)?;
    Ok(())
}
