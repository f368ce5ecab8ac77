//! 0-1 models: the class `Model` (the library's `Model`: variables, typed constraints, a
//! projection, an objective), lowered to CNF with the encodings named and written as
//! DIMACS, LP, MPS or OPB; OPB files read into one; `optimize` and `count_optimal`.

use crate::encode::{cmp, named, terms};
use crate::formula::{cnf_of, lits_of, parse_error, read_file, var, write_file, Formula};
use crate::run::{deadline, interruptible};
use crate::Error;
use nqueens_kit::backends::{build, BackendKind, Settings, StopFlag};
use nqueens_kit::count::{Depth, RunOptions};
use nqueens_kit::formats::{read_opb, IlpFormat};
use nqueens_kit::model::{
    lower_to_cnf, lower_to_ilp, AmoEncoding, CardEncoding, CnfOptions, Constraint, Model as Inner,
    Objective, PbEncoding, Sense, Var, VecSink,
};
use nqueens_kit::optimize::{count_optimal as count_optimal_of, optimize as optimize_of};
use nqueens_kit::optimize::{optimizer, OptimalCount, Optimized, Search};
use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;

/// A 0-1 model: variables (DIMACS numbers from 1), constraints kept as typed values and
/// lowered later with the encodings you name, a projection and an optional objective.
#[pyclass(module = "nqueens_kit")]
#[derive(Clone)]
pub(crate) struct Model {
    pub(crate) inner: Inner,
}

/// The encodings named, each its default when None.
fn options(amo: Option<&str>, card: Option<&str>, pb: Option<&str>) -> PyResult<CnfOptions> {
    let mut options = CnfOptions::default();
    if let Some(a) = amo {
        options.amo = named::<AmoEncoding>(a)?;
    }
    if let Some(c) = card {
        options.card = named::<CardEncoding>(c)?;
    }
    if let Some(p) = pb {
        options.pb = named::<PbEncoding>(p)?;
    }
    Ok(options)
}

impl Model {
    fn add(&mut self, c: Constraint) -> PyResult<()> {
        self.inner
            .try_add(c)
            .map_err(|e| PyValueError::new_err(crate::run::chain(&e)))
    }

    fn objective(
        &mut self,
        sense: Sense,
        lits: &Bound<'_, PyAny>,
        weights: Option<Vec<i64>>,
    ) -> PyResult<()> {
        let lits = lits_of(lits)?;
        let objective = Objective {
            sense,
            terms: terms(&lits, weights)?,
        };
        self.inner
            .try_set_objective(objective)
            .map_err(|e| PyValueError::new_err(crate::run::chain(&e)))
    }

    /// The model lowered to a `Formula` projected onto its shown variables.
    pub(crate) fn lowered(&self, options: &CnfOptions) -> PyResult<nqueens_kit::formats::Cnf> {
        let mut sink = VecSink::default();
        let info = lower_to_cnf(&self.inner, options, &mut sink)
            .map_err(|e| Error::new_err(crate::run::chain(&e)))?;
        Ok(cnf_of(
            sink.clauses,
            info.vars(),
            Some(self.inner.shown()),
            None,
        ))
    }

    fn ilp(&self, format: IlpFormat) -> PyResult<String> {
        let mut out = Vec::new();
        format
            .write(
                &lower_to_ilp(&self.inner),
                "model",
                "written by nqueens_kit",
                &mut out,
            )
            .map_err(|e| Error::new_err(crate::run::chain(&e)))?;
        Ok(String::from_utf8(out).expect("the writers write UTF-8"))
    }
}

#[pymethods]
impl Model {
    /// No variables, no constraints.
    #[new]
    fn new() -> Model {
        Model {
            inner: Inner::new(),
        }
    }

    /// A Model from OPB text (constraints and objective).
    #[staticmethod]
    fn from_opb(text: &str) -> PyResult<Model> {
        let instance = read_opb(text.as_bytes()).map_err(parse_error)?;
        Ok(Model {
            inner: instance.model,
        })
    }

    /// A Model from an OPB file.
    #[staticmethod]
    fn read_opb(path: &str) -> PyResult<Model> {
        let instance = read_opb(&read_file(path)?[..]).map_err(parse_error)?;
        Ok(Model {
            inner: instance.model,
        })
    }

    /// Adds a new variable; returns its DIMACS number.
    #[pyo3(signature = (name=None))]
    fn new_var(&mut self, name: Option<String>) -> u64 {
        let name = name.unwrap_or_else(|| format!("x{}", self.inner.num_vars() + 1));
        self.inner.new_var(name).to_dimacs()
    }

    /// Adds `n` new variables; returns their numbers.
    fn new_vars(&mut self, n: usize) -> Vec<u64> {
        self.inner
            .new_vars(n)
            .iter()
            .map(|v| v.to_dimacs())
            .collect()
    }

    /// The number of variables.
    #[getter]
    fn num_vars(&self) -> usize {
        self.inner.num_vars()
    }

    /// Adds a clause: at least one of `lits` true.
    fn add_clause(&mut self, lits: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = Constraint::Clause(lits_of(lits)?);
        self.add(c)
    }

    /// Adds: at most one of `lits` true.
    fn add_atmost_one(&mut self, lits: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = Constraint::AtMostOne(lits_of(lits)?);
        self.add(c)
    }

    /// Adds: exactly one of `lits` true.
    fn add_exactly_one(&mut self, lits: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = Constraint::ExactlyOne(lits_of(lits)?);
        self.add(c)
    }

    /// Adds: the number of true `lits` is `cmp` ("<=", ">=", "==") k.
    fn add_cardinality(&mut self, lits: &Bound<'_, PyAny>, cmp: &str, k: u32) -> PyResult<()> {
        let c = Constraint::Cardinality {
            lits: lits_of(lits)?,
            cmp: self::cmp(cmp)?,
            k,
        };
        self.add(c)
    }

    /// Adds: sum(weights[i] * lits[i]) cmp rhs.
    fn add_linear(
        &mut self,
        lits: &Bound<'_, PyAny>,
        weights: Vec<i64>,
        cmp: &str,
        rhs: i64,
    ) -> PyResult<()> {
        let lits = lits_of(lits)?;
        let c = Constraint::Linear {
            terms: terms(&lits, Some(weights))?,
            cmp: self::cmp(cmp)?,
            rhs,
        };
        self.add(c)
    }

    /// Sets the projection, the variables whose distinct values count (every
    /// variable until called).
    fn show(&mut self, vars: Vec<i64>) -> PyResult<()> {
        let vars = vars.into_iter().map(var).collect::<PyResult<Vec<_>>>()?;
        self.inner
            .try_show(vars)
            .map_err(|e| PyValueError::new_err(crate::run::chain(&e)))
    }

    /// Sets the objective sum(weights[i] * lits[i]), minimised.
    #[pyo3(signature = (lits, weights=None))]
    fn minimize(&mut self, lits: &Bound<'_, PyAny>, weights: Option<Vec<i64>>) -> PyResult<()> {
        self.objective(Sense::Minimize, lits, weights)
    }

    /// Sets the objective sum(weights[i] * lits[i]), maximised.
    #[pyo3(signature = (lits, weights=None))]
    fn maximize(&mut self, lits: &Bound<'_, PyAny>, weights: Option<Vec<i64>>) -> PyResult<()> {
        self.objective(Sense::Maximize, lits, weights)
    }

    /// Returns bool: whether a full assignment (a list of literals, one per
    /// variable) satisfies every constraint.
    fn check(&self, solution: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mut values = vec![false; self.inner.num_vars()];
        for l in lits_of(solution)? {
            if let Some(v) = values.get_mut(l.var().index()) {
                *v = l.is_positive();
            }
        }
        Ok(self.inner.check(&values).is_ok())
    }

    /// to_formula(amo=None, card=None, pb=None) -> Formula: lowered to CNF with the
    /// encodings named (see `encodings()`), projected onto the shown variables.
    #[pyo3(signature = (amo=None, card=None, pb=None))]
    fn to_formula(
        &self,
        amo: Option<&str>,
        card: Option<&str>,
        pb: Option<&str>,
    ) -> PyResult<Formula> {
        Ok(Formula {
            cnf: self.lowered(&options(amo, card, pb)?)?,
        })
    }

    /// to_dimacs(amo=None, card=None, pb=None) -> str: lowered to CNF, as DIMACS with its
    /// `c p show` line.
    #[pyo3(signature = (amo=None, card=None, pb=None))]
    fn to_dimacs(
        &self,
        amo: Option<&str>,
        card: Option<&str>,
        pb: Option<&str>,
    ) -> PyResult<String> {
        let mut out = Vec::new();
        nqueens_kit::formats::write_dimacs(
            &self.inner,
            &options(amo, card, pb)?,
            Vec::new(),
            &mut out,
        )
        .map_err(|e| Error::new_err(crate::run::chain(&e)))?;
        Ok(String::from_utf8(out).expect("DIMACS is ASCII"))
    }

    /// to_lp() -> str: the 0-1 ILP in CPLEX LP format.
    fn to_lp(&self) -> PyResult<String> {
        self.ilp(IlpFormat::Lp)
    }

    /// to_mps() -> str: the 0-1 ILP in free MPS format.
    fn to_mps(&self) -> PyResult<String> {
        self.ilp(IlpFormat::Mps)
    }

    /// to_opb() -> str: the model in OPB format (the PB competition's).
    fn to_opb(&self) -> PyResult<String> {
        self.ilp(IlpFormat::Opb)
    }

    /// Writes the model to a file as "dimacs", "lp", "mps" or "opb".
    #[pyo3(signature = (path, format="dimacs"))]
    fn write(&self, path: &str, format: &str) -> PyResult<()> {
        let text = match format {
            "dimacs" | "cnf" => self.to_dimacs(None, None, None)?,
            "lp" => self.to_lp()?,
            "mps" => self.to_mps()?,
            "opb" => self.to_opb()?,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "format must be 'dimacs', 'lp', 'mps' or 'opb', not {format:?}"
                )))
            }
        };
        write_file(path, &text)
    }

    fn __repr__(&self) -> String {
        format!(
            "Model(num_vars={}, constraints={}, objective={})",
            self.inner.num_vars(),
            self.inner.constraints().len(),
            self.inner.objective().is_some()
        )
    }
}

/// The optimiser named by `optimizer`: "sat" (varisat, bounds by a PB encoding) or "lp"
/// (microlp).
fn optimizer_named(name: &str) -> PyResult<Box<dyn nqueens_kit::optimize::Optimizer>> {
    match name {
        "sat" => Ok(optimizer(false, CnfOptions::default(), Search::default())),
        "lp" => Ok(optimizer(true, CnfOptions::default(), Search::default())),
        _ => Err(PyValueError::new_err(format!(
            "optimizer must be 'sat' or 'lp', not {name:?}"
        ))),
    }
}

/// A full assignment as DIMACS literals.
fn literals(assignment: &[bool]) -> Vec<i64> {
    (0..)
        .zip(assignment)
        .map(|(i, &b)| Var::new(i).lit(b).to_dimacs())
        .collect()
}

/// Returns (value, solution, proved) or None.
///
/// The optimum of the model's objective: its value, one optimal solution (a list of
/// literals, checked against every constraint) and whether it is proved optimal (False
/// when the timeout or Ctrl-C stopped the search with a solution in hand); None when the
/// model has no solution.
#[pyfunction]
#[pyo3(signature = (model, optimizer="sat", timeout=None))]
fn optimize(
    py: Python<'_>,
    model: PyRef<'_, Model>,
    optimizer: &str,
    timeout: Option<f64>,
) -> PyResult<Option<(i128, Vec<i64>, bool)>> {
    let chosen = optimizer_named(optimizer)?;
    let deadline = deadline(timeout)?;
    let stop = StopFlag::new();
    let inner = &model.inner;
    let found = interruptible(py, &stop, deadline, || {
        optimize_of(inner, chosen.as_ref(), Some(&stop), &mut |_| {})
    })?;
    match found.map_err(|e| Error::new_err(crate::run::chain(&e)))? {
        Optimized::Infeasible => Ok(None),
        Optimized::Found(best) => Ok(Some((best.value, literals(&best.assignment), best.proved))),
        Optimized::Stopped => Err(PyTimeoutError::new_err(
            "stopped before any solution was found",
        )),
    }
}

/// Returns (optimum, count).
///
/// The optimum and the number of optimal solutions (projected onto the shown variables);
/// (None, 0) when the model has no solution.
#[pyfunction]
#[pyo3(signature = (model, optimizer="sat", threads=1, timeout=None))]
fn count_optimal(
    py: Python<'_>,
    model: PyRef<'_, Model>,
    optimizer: &str,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<(Option<i128>, Py<PyAny>)> {
    let chosen = optimizer_named(optimizer)?;
    let deadline = deadline(timeout)?;
    let stop = StopFlag::new();
    let inner = &model.inner;
    let counted = interruptible(py, &stop, deadline, || {
        let mut settings = Settings::default();
        settings.stop = Some(stop.clone());
        let backend = build(BackendKind::Dpll, &settings).map_err(|e| e.to_string())?;
        let options = RunOptions {
            threads: threads.max(1),
            stop: Some(stop.clone()),
            ..RunOptions::default()
        };
        count_optimal_of(
            inner,
            chosen.as_ref(),
            backend.as_ref(),
            Depth::Levels(1),
            "python",
            &options,
        )
        .map_err(|e| e.to_string())
    })?;
    match counted.map_err(Error::new_err)? {
        OptimalCount::Counted {
            optimum, outcome, ..
        } if !outcome.interrupted => Ok((
            optimum,
            outcome.count.clone().into_pyobject(py)?.into_any().unbind(),
        )),
        _ => Err(PyTimeoutError::new_err("stopped before the count ended")),
    }
}

/// A Model from an OPB file.
#[pyfunction]
fn read_opb_file(path: &str) -> PyResult<Model> {
    Model::read_opb(path)
}

/// A Model from OPB text.
#[pyfunction]
fn parse_opb(text: &str) -> PyResult<Model> {
    Model::from_opb(text)
}

/// Adds the class and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Model>()?;
    m.add_function(wrap_pyfunction!(optimize, m)?)?;
    m.add_function(wrap_pyfunction!(count_optimal, m)?)?;
    m.add("read_opb", wrap_pyfunction!(read_opb_file, m)?)?;
    m.add_function(wrap_pyfunction!(parse_opb, m)?)?;
    Ok(())
}
