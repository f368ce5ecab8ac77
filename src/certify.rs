//! `count --certify DIR`: the count's solutions are collected on the engine's solution hook
//! and handed to `count_certify::make`, which writes the proof bundle into a staged
//! directory renamed into place only when complete. What cannot be certified is refused
//! before counting (exit 2).

use crate::cli::{BackendArg, CountArgs, COUNT_BACKEND};
use crate::exit::CliError;
use crate::output::StagedDir;
use crate::sizes::Sizes;
use anyhow::anyhow;
use count_certify::make::{self, Collector, Formula, Job, MakeError, Summary, MAX_LISTED_MODELS};
use count_engine::Problem;
use nqueens_driver::{CountConfig, QueensProblem, Symmetry};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use zero_one_model::dimacs::Cnf;
use zero_one_model::{Lit, Model};

/// The most variables a certified `--cnf` count may have: every model lists them all.
pub const MAX_CERTIFIED_VARS: usize = 10_000_000;

/// Refuses, before counting, what `--certify` cannot honour for any count.
///
/// # Errors
/// Exit code 2 with `--shard`, `--checkpoint` or the backtracking oracle.
pub fn refuse(args: &CountArgs) -> Result<(), CliError> {
    if args.certify.is_none() {
        return Ok(());
    }
    let why = if args.shard.is_some() {
        "--certify lists every model of the count, and --shard counts only a part of them"
    } else if args.checkpoint.is_some() {
        "--certify needs every model of the count, and cubes resumed from a --checkpoint have none in memory"
    } else if args.engine.backend(COUNT_BACKEND) == BackendArg::Backtrack {
        "--certify needs a solver backend (dpll, sat, ilp or external): the backtracking oracle has no CNF models"
    } else {
        return Ok(());
    };
    Err(CliError::usage(anyhow!(why)))
}

/// Refuses, before counting, a board count that `--certify` cannot honour.
///
/// # Errors
/// Exit code 2 for a range of sizes, a symmetry other than none, or a board with more
/// solutions (OEIS A000170) than a bundle lists.
pub fn refuse_board(args: &CountArgs, sizes: &Sizes, config: &CountConfig) -> Result<(), CliError> {
    if args.certify.is_none() {
        return Ok(());
    }
    refuse(args)?;
    if sizes.0.start() != sizes.0.end() {
        return Err(CliError::usage(anyhow!(
            "--certify takes a single board size, not a range"
        )));
    }
    if config.symmetry != Symmetry::None {
        let asked = match args.symmetry {
            Some(crate::cli::SymmetryArg::Auto) => {
                format!(
                    "auto (which picks {} for this board)",
                    config.symmetry.name()
                )
            }
            _ => config.symmetry.name().to_string(),
        };
        return Err(CliError::usage(anyhow!(
            "--certify lists every solution: use --symmetry none (the default with --certify), not {asked}"
        )));
    }
    let n = *sizes.0.start();
    // An open board's own table; with given or blocked squares the count runs and the
    // collector's cap refuses it if it grows past the cap.
    let known = nqueens_queens::oeis::variant_solutions(config.rules.variant, n)
        .filter(|_| config.rules.is_open());
    match known {
        Some(k) if k > MAX_LISTED_MODELS => Err(over_cap(&format!(
            "{} has {k} solutions",
            crate::board_rules::name(n, &config.rules)
        ))),
        _ => Ok(()),
    }
}

fn over_cap(what: &str) -> CliError {
    CliError::usage(anyhow!(
        "{what}, more than the {MAX_LISTED_MODELS} models a --certify bundle lists"
    ))
}

/// F for `count --cnf FILE --certify`: the file's clauses as read, in its own numbering.
///
/// # Errors
/// Exit code 2 for a file with more than [`MAX_CERTIFIED_VARS`] variables, or whose
/// projection variables in no clause alone give it more models than a bundle lists.
pub fn formula_of(cnf: &Cnf, name: &str) -> Result<Formula, CliError> {
    if cnf.num_vars > MAX_CERTIFIED_VARS {
        return Err(CliError::usage(anyhow!(
            "'{name}' declares {} variables: a --certify bundle lists every model in full, over at most {MAX_CERTIFIED_VARS}",
            cnf.num_vars
        )));
    }
    let formula = Formula::new(cnf.num_vars, cnf.clauses.clone(), cnf.shown.clone())
        .map_err(CliError::usage)?;
    let mut used = vec![false; cnf.num_vars];
    for l in cnf.clauses.iter().flatten() {
        used[l.var().index()] = true;
    }
    let free = formula.shown().iter().filter(|v| !used[v.index()]).count();
    if free >= 64 || 1u64 << free > MAX_LISTED_MODELS {
        return Err(over_cap(&format!(
            "'{name}' has {free} projected variables in no clause, so at least 2^{free} models if any"
        )));
    }
    Ok(formula)
}

/// A certified count in progress: the staged bundle and the solutions collected so far.
pub struct Certifier {
    dir: PathBuf,
    staged: StagedDir,
    formula: Formula,
    cubes: Vec<Vec<Lit>>,
    /// Shared with the hook.
    collector: Arc<Collector<'static>>,
    /// The most models this bundle lists ([`make::model_cap`]), and over how many variables.
    cap: u64,
    vars: usize,
}

impl Certifier {
    /// Stages the bundle for `dir` (refusing a non-empty one) and prepares to collect the
    /// solutions of `cubes`, which assign `model`'s variables (F's first ones).
    ///
    /// # Errors
    /// Exit code 2 for a `dir` that exists and is not an empty directory; 3 when the staged
    /// directory cannot be made.
    pub fn new(
        dir: &Path,
        formula: Formula,
        model: &Model,
        cubes: Vec<Vec<Lit>>,
    ) -> Result<Certifier, CliError> {
        let staged = StagedDir::new(dir)?;
        let (vars, cap) = (model.num_vars(), make::model_cap(model.num_vars()));
        let collector = Arc::new(Collector::new(
            cubes.len(),
            vars,
            cap,
            Some(&crate::stop::STOP),
        ));
        Ok(Certifier {
            dir: dir.to_path_buf(),
            staged,
            formula,
            cubes,
            collector,
            cap,
            vars,
        })
    }

    /// The certifier of board `n`: F is the board's model lowered as `encode` writes it.
    ///
    /// # Errors
    /// As [`Certifier::new`], and exit code 2 when the model cannot be lowered.
    pub fn for_board(
        dir: &Path,
        n: usize,
        config: &CountConfig,
        options: &zero_one_model::CnfOptions,
    ) -> Result<Certifier, CliError> {
        let formulation = config.formulation.build_with(n, &config.rules);
        let model = formulation.model();
        let formula = Formula::lower(model, options).map_err(CliError::usage)?;
        // The variables the comments name, from the lowering (not a second pass).
        let info = zero_one_model::CnfInfo {
            model_vars: model.num_vars(),
            aux_vars: formula.num_vars - model.num_vars(),
            ..zero_one_model::CnfInfo::default()
        };
        let comments = nqueens_queens::file_comments(n, formulation.as_ref(), options, &info);
        let formula = formula.with_comments(comments);
        let problem = QueensProblem::with_rules(
            n,
            config.formulation,
            &config.rules,
            config.symmetry,
            config.depth_for(n),
        );
        let cubes = problem.cubes().into_iter().map(|c| c.lits).collect();
        Certifier::new(dir, formula, model, cubes)
    }

    /// What the engine calls with every validated solution (drop it before
    /// [`Certifier::finish`]).
    pub fn hook(&self) -> impl Fn(usize, &[bool]) + Sync + 'static {
        let collector = Arc::clone(&self.collector);
        move |cube, assignment| collector.record(cube, assignment)
    }

    /// Call after the count, before looking at whether it was interrupted.
    ///
    /// # Errors
    /// Exit code 2 when the count passed the cap (it was stopped there).
    pub fn check_cap(&self) -> Result<(), CliError> {
        if self.collector.over_cap() && self.cap < MAX_LISTED_MODELS {
            return Err(CliError::usage(anyhow!(
                "the count passed {} models of {} variables: a --certify bundle lists at most {} values (models times variables), about a gigabyte of files",
                self.cap,
                self.vars,
                make::MAX_LISTED_VALUES
            )));
        }
        if self.collector.over_cap() {
            return Err(over_cap("the count passed the cap: it has more models"));
        }
        Ok(())
    }

    /// Writes the bundle and moves it into place.
    ///
    /// # Errors
    /// Exit code 3: the count is wrong (a model missed), a file cannot be written, the
    /// solver failed.
    fn finish(self, threads: usize, produced_by: serde_json::Value) -> Result<Finished, CliError> {
        let collector = Arc::try_unwrap(self.collector)
            .map_err(|_| CliError::failure(anyhow!("the solution hook outlived the count")))?;
        let job = Job {
            formula: &self.formula,
            cubes: &self.cubes,
            solutions: collector.into_cubes(),
            threads,
            stop: Some(&crate::stop::STOP),
            produced_by,
        };
        let summary = match make::make(self.staged.path(), job) {
            Ok(s) => s,
            Err(MakeError::Interrupted) => return Ok(Finished::Interrupted),
            Err(e) => {
                let context = format!("cannot certify into '{}'", self.dir.display());
                return Err(CliError::failure(anyhow::Error::new(e).context(context)));
            }
        };
        self.staged.commit()?;
        Ok(Finished::Written(Certified {
            dir: self.dir,
            summary,
        }))
    }
}

/// How a count's certification ended.
pub enum Finished {
    /// No `--certify`.
    Uncertified,
    /// The bundle is in place.
    Written(Certified),
    /// A Ctrl-C stopped it: no bundle (a note was printed on stderr).
    Interrupted,
}

impl Finished {
    /// The bundle written, if any.
    pub fn bundle(&self) -> Option<&Certified> {
        match self {
            Finished::Written(c) => Some(c),
            _ => None,
        }
    }
}

/// Certifies a finished, uninterrupted count with `certifier` (none without `--certify`).
///
/// # Errors
/// As [`Certifier::finish`].
pub fn finish(
    certifier: Option<Certifier>,
    threads: usize,
    produced_by: impl FnOnce() -> serde_json::Value,
) -> Result<Finished, CliError> {
    let Some(c) = certifier else {
        return Ok(Finished::Uncertified);
    };
    let finished = c.finish(threads, produced_by())?;
    if let Finished::Interrupted = finished {
        eprintln!("nqueens: interrupted while certifying: no bundle was written");
    }
    Ok(finished)
}

/// A bundle written.
pub struct Certified {
    dir: PathBuf,
    summary: Summary,
}

impl Certified {
    /// The line printed after the count.
    pub fn line(&self) -> String {
        format!(
            "certified bundle: {} ({} models, {} proof lines)",
            self.dir.display(),
            self.summary.models,
            self.summary.proof_lines
        )
    }
}

/// A count's JSON report with `certified` and `bundle` added.
#[derive(Serialize)]
pub struct Report<'a, T: Serialize> {
    #[serde(flatten)]
    report: &'a T,
    certified: bool,
    bundle: Option<String>,
}

impl<'a, T: Serialize> Report<'a, T> {
    /// `report`, certified by `bundle` if there is one.
    pub fn new(report: &'a T, bundle: &Finished) -> Self {
        let bundle = bundle.bundle();
        Report {
            report,
            certified: bundle.is_some(),
            bundle: bundle.map(|b| b.dir.display().to_string()),
        }
    }
}

/// The manifest's `produced_by`: the tool, its version, the command line and the count.
pub fn produced_by(backend: &str, cubes: usize, threads: usize, seconds: f64) -> serde_json::Value {
    let command: Vec<String> = std::env::args().collect();
    serde_json::json!({
        "tool": "nqueens",
        "version": env!("CARGO_PKG_VERSION"),
        "command": command.join(" "),
        "backend": backend,
        "cubes": cubes,
        "threads": threads,
        "count_seconds": (seconds * 1000.0).round() / 1000.0,
    })
}
