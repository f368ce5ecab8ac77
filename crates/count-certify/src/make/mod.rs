//! Writing a proof bundle ([`crate::bundle`]) for a finished count: the producer.
//!
//! The count runs as usual, any backend, every solution validated by the engine; a
//! [`Collector`] on the engine's solution hook keeps each cube's solutions. [`make`] then
//! certifies them, cube by cube over threads:
//!
//! 0. the proof opens with a short blocking clause for each model, RUP from its long one
//!    (over all of S), which is then deleted (see `shorten`): every later step meets a few
//!    literals per model instead of |S|;
//! 1. each solution is completed to a full model of F (auxiliary variables by one solve
//!    under assumptions) and checked against every clause of F; models must differ on S;
//! 2. the cube is enumerated again by our DPLL search with its lemmas recorded (see
//!    `trace`): one lemma ¬(c ∧ decisions) per node of its decision tree, each RUP from F,
//!    the blocking clauses B_c and the lemmas before it, ending with the cube lemma ¬c. The
//!    models it finds must be exactly those collected for the cube (on S): a model the count
//!    missed, or one it should not have listed, is an error, never a bundle. (With an empty
//!    projection, F ∧ c ∧ B_c is refuted by varisat instead and its DRAT proof weakened by
//!    ¬c: see `proof`.)
//! 3. after the last cube, a search over F ∧ {¬c} finds no model (the cubes cover every
//!    model of F) and its trace ends with the empty clause. This needs nothing of how the
//!    cubes were made (the engine's clause split, a problem's own cubes, branches dropped by
//!    propagation).
//!
//! The proof is RUP throughout and in F's numbering. [`make`] writes into a directory the
//! caller made (empty, and renamed into place by the caller once complete).

mod collect;
mod formula;
mod models;
mod proof;
mod shorten;
mod trace;
mod write;

pub use collect::{model_cap, Collector, Packed, MAX_LISTED_MODELS, MAX_LISTED_VALUES};
/// Who made a bundle: part of the bundle layout, re-exported where bundles are made.
pub use count_certificate::bundle::ProducedBy;
pub use formula::{blocking_clause, Formula};

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use zero_one_model::{Lit, LowerError, StopFlag, Var};

/// Why a bundle could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MakeError {
    /// A file of the bundle could not be written.
    #[error("cannot write {file}")]
    Io {
        /// The file, relative to the bundle.
        file: &'static str,
        /// What failed.
        #[source]
        source: std::io::Error,
    },
    /// The model could not be lowered to CNF.
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// varisat failed.
    #[error("the SAT solver failed while certifying")]
    Solver(#[from] varisat::solver::SolverError),
    /// varisat wrote a proof step that could not be read.
    #[error("{0}")]
    Proof(String),
    /// The inputs do not fit together.
    #[error("{0}")]
    Input(String),
    /// A solution is not (or does not extend to) a model of F.
    #[error("a solution of cube {cube} is not a model of the formula: {reason}")]
    BadModel {
        /// The cube's index.
        cube: usize,
        /// Why.
        reason: String,
    },
    /// Two listed models agree on the projection.
    #[error("two listed models are equal on the projection: the count is wrong")]
    Repeated,
    /// A cube has a model the count did not list.
    #[error("cube {cube} has a model that the count missed: the count is wrong")]
    MissedModel {
        /// The cube's index.
        cube: usize,
    },
    /// F has a model in no cube.
    #[error("the formula has a model outside every cube: the count is wrong")]
    Uncovered,
    /// The stop flag was raised.
    #[error("interrupted")]
    Interrupted,
}

/// What [`make`] certifies.
pub struct Job<'a> {
    /// F and S.
    pub formula: &'a Formula,
    /// The cubes of the count, in order: literals over F's variables.
    pub cubes: &'a [Vec<Lit>],
    /// Each cube's solutions ([`Collector::into_cubes`]), assigning F's first variables.
    pub solutions: Vec<Packed>,
    /// Worker threads.
    pub threads: usize,
    /// Raised to stop (between cubes).
    pub stop: Option<StopFlag>,
    /// The manifest's `produced_by`; [`make`] sets its `certify_seconds`.
    pub produced_by: ProducedBy,
}

/// A bundle written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Models listed (the certified count).
    pub models: u64,
    /// Lines of the proof.
    pub proof_lines: u64,
}

/// Writes the bundle certifying `job` into `dir` (an empty directory).
///
/// # Errors
/// A file that cannot be written, a solution that is not a model of F, two models equal on
/// S, a model the count missed or one outside every cube (the count is wrong: no bundle),
/// a solver failure, or the stop flag.
pub fn make(dir: &Path, job: Job) -> Result<Summary, MakeError> {
    let start = std::time::Instant::now();
    if job.solutions.len() != job.cubes.len() {
        return Err(MakeError::Input(format!(
            "solutions for {} cubes, but {} cubes",
            job.solutions.len(),
            job.cubes.len()
        )));
    }
    let outside = |l: &Lit| l.var().index() >= job.formula.num_vars;
    if let Some(i) = job.cubes.iter().position(|c| c.iter().any(outside)) {
        return Err(MakeError::Input(format!(
            "cube {i} mentions a variable outside the formula"
        )));
    }
    let shown = job.formula.shown();
    check_distinct(&job.solutions, &shown)?;
    let models = job.solutions.iter().map(|p| p.len() as u64).sum();
    let dpll = if job.formula.has_empty_projection() {
        None
    } else {
        Some(trace::dpll_formula(job.formula, &[])?)
    };
    let mut files = write::Files::create(dir, job.formula, models)?;
    if let Some(f) = &dpll {
        files.section(&shorten::section(f, &shown, &job.solutions, job.threads))?;
    }
    let files = Mutex::new(files);
    sections(&job, &shown, dpll, &files)?;
    let mut files = files.into_inner().unwrap_or_else(|e| e.into_inner());
    // One empty cube is the whole formula: its lemma is already the empty clause.
    if !job.cubes.iter().any(Vec::is_empty) {
        let lemmas: Vec<Vec<Lit>> = job
            .cubes
            .iter()
            .map(|c| c.iter().map(|&l| !l).collect())
            .collect();
        let last = if job.formula.has_empty_projection() {
            proof::refute(&job.formula.clauses, &lemmas, &[])?.ok_or(MakeError::Uncovered)?
        } else {
            // Our DPLL search again, over F and the cube lemmas: it must find no model (the
            // cubes cover every one), and its trace ends with the empty clause.
            let f = trace::dpll_formula(job.formula, &lemmas)?;
            trace::section(
                &f,
                (usize::MAX, &[]),
                &shown,
                &HashSet::new(),
                job.stop.as_ref(),
            )
            .map_err(|e| match e {
                MakeError::MissedModel { .. } => MakeError::Uncovered,
                e => e,
            })?
        };
        files.section(&last)?;
    }
    let proof_lines = files.finish(job.cubes.len())?;
    let produced_by = job
        .produced_by
        .with_certify_seconds(start.elapsed().as_secs_f64());
    write::manifest(dir, job.formula, models, produced_by)?;
    Ok(Summary {
        models,
        proof_lines,
    })
}

/// Checks that no two solutions agree on `shown`.
fn check_distinct(solutions: &[Packed], shown: &[Var]) -> Result<(), MakeError> {
    let mut keys = Vec::with_capacity(solutions.iter().map(Packed::len).sum());
    for p in solutions {
        if let Some(v) = shown.iter().find(|v| v.index() >= p.vars()) {
            return Err(MakeError::Input(format!(
                "projection variable {} is not among the {} variables a solution assigns",
                v.to_dimacs(),
                p.vars()
            )));
        }
        for k in 0..p.len() {
            let mut key = vec![0u64; shown.len().div_ceil(64)];
            for (i, v) in shown.iter().enumerate() {
                if p.value(k, v.index()) {
                    key[i / 64] |= 1 << (i % 64);
                }
            }
            keys.push(key);
        }
    }
    keys.sort_unstable();
    if keys.windows(2).any(|w| w[0] == w[1]) {
        return Err(MakeError::Repeated);
    }
    Ok(())
}

/// What the section workers share.
struct Workers<'a> {
    job: &'a Job<'a>,
    shown: &'a [Var],
    /// F for our DPLL search, whose trace is each cube's section (`None`: an empty
    /// projection, refuted by varisat instead).
    dpll: Option<std::sync::Arc<dpll_enum::Formula>>,
    files: &'a Mutex<write::Files>,
    next: AtomicUsize,
    failed: AtomicBool,
    first_error: Mutex<Option<MakeError>>,
}

/// Completes, checks and refutes every cube over the job's threads, writing in cube order.
fn sections(
    job: &Job,
    shown: &[Var],
    dpll: Option<std::sync::Arc<dpll_enum::Formula>>,
    files: &Mutex<write::Files>,
) -> Result<(), MakeError> {
    let w = Workers {
        job,
        shown,
        dpll,
        files,
        next: AtomicUsize::new(0),
        failed: AtomicBool::new(false),
        first_error: Mutex::new(None),
    };
    let threads = job.threads.max(1).min(job.cubes.len());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| w.work());
        }
    });
    match w
        .first_error
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
    {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

impl Workers<'_> {
    fn work(&self) {
        let vars = self.job.solutions.first().map_or(0, Packed::vars);
        let mut completer = models::Completer::new(self.job.formula, vars);
        while !self.failed.load(Ordering::Relaxed) {
            let stopped = self.job.stop.as_ref().is_some_and(StopFlag::is_raised);
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.job.cubes.len() && !stopped {
                return;
            }
            let result = if stopped {
                Err(MakeError::Interrupted)
            } else {
                self.cube(i, &mut completer).and_then(|out| {
                    let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
                    files.put(i, out)
                })
            };
            if let Err(e) = result {
                self.failed.store(true, Ordering::Relaxed);
                let mut first = self.first_error.lock().unwrap_or_else(|e| e.into_inner());
                first.get_or_insert(e);
                return;
            }
        }
    }

    /// Cube `i`'s models, blocking clauses and proof section.
    fn cube(
        &self,
        i: usize,
        completer: &mut models::Completer,
    ) -> Result<write::CubeOutput, MakeError> {
        let solutions = &self.job.solutions[i];
        let mut text = Vec::new();
        let mut blocking = Vec::with_capacity(solutions.len());
        let mut expected = HashSet::with_capacity(solutions.len());
        let models = (0..solutions.len())
            .map(|k| completer.complete(&solutions.get(k), i))
            .collect::<Result<Vec<_>, _>>()?;
        models::check(self.job.formula, &models, i)?;
        for model in &models {
            write::model_line(&mut text, model);
            blocking.push(blocking_clause(self.shown, |v| model[v.index()]));
            expected.insert(trace::projection_key(self.shown, |v| model[v.index()]));
        }
        let cube = &self.job.cubes[i];
        let section = match &self.dpll {
            Some(f) => trace::section(f, (i, cube), self.shown, &expected, self.job.stop.as_ref())?,
            None => proof::refute(&self.job.formula.clauses, &blocking, cube)?
                .ok_or(MakeError::MissedModel { cube: i })?,
        };
        Ok(write::CubeOutput {
            models: text,
            blocking,
            section,
        })
    }
}

#[cfg(test)]
mod tests;
