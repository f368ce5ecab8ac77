//! [`compile`]: the search, run in the semiring of formula pieces ([`Builder`]).
//!
//! The compiled formula is over the formula's own (projected) variables, so only the
//! preprocessing steps that keep every projected variable as it is run first: units and
//! failed literals (fixed literals, conjoined at the root) and the elimination of
//! unprojected variables (existential quantification, which the projected formula does
//! anyway). Equivalent literal substitution and the independent support, which replace or
//! drop projected variables, are skipped. So is subsumption in [`compile`], whose d4 output
//! other tools split by the input's own clauses; [`compile_with_lemmas`], whose clauses go
//! to our own certificate writer, removes subsumed clauses and strengthens others (see
//! `preprocess::run_keeping_vars`).

use super::builder::Builder;
use super::{Nnf, NnfError};
use crate::error::Error;
use crate::error::FormulaError;
use crate::limits::Limits;
use crate::options::Options;
use crate::problem::to_problem;
use crate::proof::{Lemmas, ProofLog};
use crate::stats::Stats;
use crate::tuning::Tuning;
use num_bigint::BigUint;
use std::io::Write;
use std::time::Instant;
use zero_one_model::{Clauses, Var};

/// A formula compiled into a decision-DNNF, and its model count.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Compiled {
    /// The formula: over the projection when there is one (a part without projected
    /// variables is TRUE when satisfiable), else over all variables.
    pub nnf: Nnf,
    /// The variables it is counted over (DIMACS): the projection, or `1..=num_vars`.
    pub vars: Vec<u32>,
    /// Its number of models over [`Compiled::vars`], counted on the compiled formula; the
    /// same number as [`count`](crate::count) on the formula.
    pub count: BigUint,
    /// What the compilation cost.
    pub stats: Stats,
    /// The clauses it derived, in order, each implied by unit propagation over the
    /// formula's clauses and those before it; empty unless compiled by
    /// [`compile_with_lemmas`].
    pub lemmas: Lemmas,
}

impl Compiled {
    /// Writes the formula in d4's format ([`Nnf::write_d4`]).
    ///
    /// # Errors
    ///
    /// What `out` returns.
    pub fn write_d4(&self, out: &mut impl Write) -> std::io::Result<()> {
        self.nnf.write_d4(out)
    }
}

/// Compiles `formula` into a decision-DNNF by the counting search: decisions become OR
/// nodes, splits into components AND nodes, cache hits shared nodes (Huang & Darwiche
/// 2005; as d4 does, Lagniez & Marquis 2017). With a projection the formula is the
/// projected one (the unprojected variables existentially quantified), over the projected
/// variables.
///
/// ```
/// use sharpcount::{compile, Options};
/// use zero_one_model::{dimacs::read_dimacs, Clauses};
/// // (x1 ∨ x2) ∧ (¬x1 ∨ x3): 4 models over x1..x3.
/// let cnf = read_dimacs("p cnf 3 2\n1 2 0\n-1 3 0\n".as_bytes())?;
/// let c = compile(&Clauses::from_cnf(&cnf), &Options::default())?;
/// assert_eq!(c.count, 4u32.into());
/// let mut text = Vec::new();
/// c.write_d4(&mut text)?;
/// let back = sharpcount::nnf::read_d4(&text[..]).expect("our own output");
/// assert_eq!(back.count(&[1, 2, 3]).expect("decomposable"), 4u32.into());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`count`](crate::count); [`FormulaError::TooManyToCompile`] for a formula that
/// declares (or projects onto) more than [`MAX_COMPILED_VARS`](super::MAX_COMPILED_VARS)
/// variables, and [`FormulaError::BeyondCompiledNumbers`] for one that counts over a
/// variable beyond the 32-bit DIMACS numbers of d4's format.
pub fn compile(formula: &Clauses, options: &Options<'_>) -> Result<Compiled, Error> {
    compile_with(formula, options, &Tuning::default(), false)
}

/// [`compile`], logging every clause the compile derives ([`Compiled::lemmas`]): the fixed
/// literals and strengthened clauses of preprocessing, the learnt clauses, and a clause
/// refuting each branch of the search without models (the branch literal and the false
/// literals of lower levels its refutation rests on). Each is implied by unit propagation
/// over the formula's clauses and the lemmas before it (a RUP step), so a clausal proof
/// that the compiled formula is equivalent to the formula adds them in order instead of
/// searching. Unlike [`compile`] it also removes subsumed clauses and strengthens clauses
/// by self-subsuming resolution before the search (strengthened clauses are lemmas too),
/// so the compiled formula's parts may split an input clause between them.
///
/// ```
/// use sharpcount::{compile_with_lemmas, Options};
/// use zero_one_model::{dimacs::read_dimacs, Clauses};
/// // x1 ∧ x2 → x3, x1 ∧ x2 → ¬x3: no model has both x1 and x2.
/// let cnf = read_dimacs("p cnf 3 2\n-1 -2 3 0\n-1 -2 -3 0\n".as_bytes())?;
/// let c = compile_with_lemmas(&Clauses::from_cnf(&cnf), &Options::default())?;
/// assert_eq!(c.count, 6u32.into());
/// assert!(c.lemmas.iter().all(|l| !l.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`compile`].
pub fn compile_with_lemmas(formula: &Clauses, options: &Options<'_>) -> Result<Compiled, Error> {
    compile_with(formula, options, &Tuning::default(), true)
}

/// The variables a compiled `formula` lists: its projection, or every variable.
///
/// # Errors
/// [`FormulaError::TooManyToCompile`] past [`MAX_COMPILED_VARS`](super::MAX_COMPILED_VARS).
fn listed(formula: &Clauses) -> Result<Vec<Var>, FormulaError> {
    let listed = formula
        .projection()
        .map_or(formula.num_vars(), <[Var]>::len);
    if listed > super::MAX_COMPILED_VARS {
        return Err(FormulaError::TooManyToCompile {
            num_vars: listed as u64,
            limit: super::MAX_COMPILED_VARS as u64,
        });
    }
    Ok(match formula.projection() {
        Some(p) => p.to_vec(),
        None => (0..listed as u32).map(Var::new).collect(),
    })
}

/// The DIMACS number of each problem variable (`origin`: its variable in the formula).
///
/// # Errors
/// [`FormulaError::BeyondCompiledNumbers`] when it or a `listed` variable has no 32-bit
/// DIMACS literal.
fn numbers(origin: &[u32], listed: &[Var]) -> Result<Vec<u32>, FormulaError> {
    let mut all = origin
        .iter()
        .map(|&v| Var::new(v))
        .chain(listed.iter().copied());
    if let Some(var) = all.find(|v| v.to_dimacs() > i32::MAX as u64) {
        return Err(FormulaError::BeyondCompiledNumbers { var });
    }
    Ok(origin.iter().map(|&v| v + 1).collect())
}

/// [`compile`] with the internal switches `tuning` (of which only the search's are used),
/// logging the clauses it derives when `log`.
pub(crate) fn compile_with(
    formula: &Clauses,
    options: &Options<'_>,
    tuning: &Tuning,
    log: bool,
) -> Result<Compiled, Error> {
    let start = Instant::now();
    // No failed-literal probes: the compiled formula is the same with and without its
    // lemmas, and the certificate writer follows the search's own decisions. No clause
    // switched off as blocked: the circuit must say why each of its models is one.
    let tuning = &Tuning {
        implicit_bcp: false,
        dynamic_blocking: false,
        ..*tuning
    };
    let listed = listed(formula)?;
    let problem = to_problem(formula, None)?;
    let occurring = numbers(&problem.origin, &listed)?;
    let vars: Vec<u32> = listed.iter().map(|v| v.to_dimacs() as u32).collect();
    let shown_problem = problem.projected.clone();
    let mut stats = Stats::default();
    let mut limits = Limits::new(options, start);
    let halt = |h, stats: &mut Stats| {
        stats.elapsed = start.elapsed();
        crate::search::halt_to_error(h, std::mem::take(stats))
    };
    let log_wanted = log;
    let mut log = log.then(|| ProofLog::new(occurring.clone()));
    let simplified = crate::preprocess::run_keeping_vars(
        problem,
        &mut limits,
        &mut stats.preprocess,
        &mut log,
        log_wanted,
    )
    .map_err(|h| halt(h, &mut stats))?;
    let nnf = match simplified {
        None => Builder::new(Vec::new(), 0).finish(super::builder::Part::False, Vec::new()),
        Some((mut s, fixed)) => {
            let fixed: Vec<i32> = fixed
                .into_iter()
                .filter(|l| shown_problem[l.var() as usize])
                .map(|l| {
                    let v = occurring[l.var() as usize] as i32;
                    if l.is_negative() {
                        -v
                    } else {
                        v
                    }
                })
                .collect();
            let dimacs = s
                .origin
                .iter()
                .zip(&s.projected)
                .map(|(&o, &p)| if p { occurring[o as usize] } else { 0 })
                .collect::<Vec<u32>>();
            // Unprojected variables are never in a certified formula; the log names them
            // all the same.
            let log_numbers = s.origin.iter().map(|&o| occurring[o as usize]).collect();
            let cache_bytes = options.cache_mb.saturating_mul(1 << 20);
            // The formula gets a budget of its own, as large as the cache's.
            let mut search = crate::search::Search::over(
                Builder::new(dimacs, cache_bytes),
                &mut s,
                cache_bytes,
                limits,
                tuning,
            )
            .map_err(|h| halt(h, &mut stats))?;
            if let Some(l) = log.take() {
                search.log_to(l.renumbered(log_numbers));
            }
            let result = search.run();
            log = search.take_log();
            search.report(&mut stats);
            let value = result.map_err(|h| halt(h, &mut stats))?;
            search.into_ring().finish(value, fixed)
        }
    }
    .trimmed();
    let count = nnf.count(&vars).map_err(|e| match e {
        NnfError::NotDecomposable { .. } => Error::Internal {
            what: "the compiled formula is not decomposable",
        },
        _ => Error::Internal {
            what: "the compiled formula cannot be counted",
        },
    })?;
    stats.elapsed = start.elapsed();
    Ok(Compiled {
        nnf,
        vars,
        count,
        stats,
        lemmas: log.map(|l| l.lemmas).unwrap_or_default(),
    })
}
