//! A certified count from start to end: the solutions are collected on the engine's solution
//! hook ([`Certifier::hook`]) under a cap that stops the count once passed, then
//! [`Certifier::finish`] writes the bundle with [`make`](crate::make::make).
//!
//! ```
//! use count_certify::{Certifier, Finished, ProducedBy};
//! use count_certify::make::Formula;
//! use zero_one_model::{Constraint, Model};
//!
//! // Exactly one of a, b: two models, counted here by hand as one cube.
//! let mut model = Model::new();
//! let (a, b) = (model.new_var("a"), model.new_var("b"));
//! model.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
//! let formula = Formula::lower(&model, &Default::default()).unwrap();
//! let certifier = Certifier::new(formula, &model, vec![Vec::new()], None);
//! {
//!     // What the engine's run calls (`RunOptions::on_solution`) with each solution.
//!     let hook = certifier.hook();
//!     hook(0, &[true, false]);
//!     hook(0, &[false, true]);
//! }
//! certifier.check_cap().unwrap();
//! let dir = tempfile::tempdir().unwrap();
//! let by = ProducedBy::new("doctest", "0");
//! let Finished::Written(bundle) = certifier.finish(dir.path(), 1, by).unwrap() else {
//!     panic!("not written")
//! };
//! assert_eq!(bundle.summary().models, 2);
//! assert_eq!(count_certify::check::verify(dir.path()).unwrap().count, 2);
//! ```

use crate::finished::{Certified, Finished};
use crate::make::{
    self, model_cap, Collector, Formula, Job, MakeError, ProducedBy, MAX_LISTED_MODELS,
    MAX_LISTED_VALUES,
};
use std::fmt;
use std::path::Path;
use zero_one_model::{Lit, Model, StopFlag};

/// A count passed the cap of its bundle ([`model_cap`]): it was stopped there, and no bundle
/// can list it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct OverCap {
    /// The most models the bundle lists.
    pub cap: u64,
    /// Variables per model.
    pub vars: usize,
}

impl OverCap {
    /// Whether the cap is the values' ([`MAX_LISTED_VALUES`]: wide models) rather than the
    /// models' ([`MAX_LISTED_MODELS`]).
    pub fn by_values(&self) -> bool {
        self.cap < MAX_LISTED_MODELS
    }
}

impl OverCap {
    /// What passed the cap, naming the bundle as the caller does (`a --certify bundle`).
    pub fn said(&self, bundle: &str) -> String {
        match self.by_values() {
            true => format!(
                "the count passed {} models of {} variables: {bundle} lists at most {MAX_LISTED_VALUES} values (models times variables), about a gigabyte of files",
                self.cap, self.vars
            ),
            false => format!(
                "the count passed the cap: it has more models, more than the {MAX_LISTED_MODELS} models {bundle} lists"
            ),
        }
    }
}

impl fmt::Display for OverCap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said("a bundle"))
    }
}

/// A certified count in progress: F, the count's cubes, and the solutions collected so far.
#[derive(Debug)]
pub struct Certifier {
    formula: Formula,
    cubes: Vec<Vec<Lit>>,
    collector: Collector,
    vars: usize,
    stop: Option<StopFlag>,
}

impl Certifier {
    /// Prepares to collect the solutions of `cubes` (literals over F's variables), which
    /// assign `model`'s variables (F's first ones). Past the cap ([`model_cap`] of the
    /// model's variables) the collector raises `stop`, which should be the count's stop
    /// flag so that the count ends there; [`Certifier::finish`] stops between cubes when it
    /// is raised.
    pub fn new(
        formula: Formula,
        model: &Model,
        cubes: Vec<Vec<Lit>>,
        stop: Option<StopFlag>,
    ) -> Certifier {
        let vars = model.num_vars();
        let collector = Collector::new(cubes.len(), vars, model_cap(vars), stop.clone());
        Certifier {
            formula,
            cubes,
            collector,
            vars,
            stop,
        }
    }

    /// The formula certified.
    pub fn formula(&self) -> &Formula {
        &self.formula
    }

    /// The most models this bundle lists.
    pub fn cap(&self) -> u64 {
        self.collector.cap()
    }

    /// What the engine calls with every validated solution of cube `cube` (its solution
    /// hook).
    pub fn hook(&self) -> impl Fn(usize, &[bool]) + Sync + '_ {
        |cube, assignment| self.collector.record(cube, assignment)
    }

    /// Call after the count, before looking at whether it was interrupted.
    ///
    /// # Errors
    /// [`OverCap`] when the count passed the cap (it was stopped there).
    pub fn check_cap(&self) -> Result<(), OverCap> {
        if self.collector.over_cap() {
            return Err(OverCap {
                cap: self.cap(),
                vars: self.vars,
            });
        }
        Ok(())
    }

    /// Writes the bundle into `dir` (an empty directory) with `threads` threads.
    /// [`Finished::Interrupted`] when the stop flag was raised meanwhile (`dir` then holds
    /// an incomplete bundle).
    ///
    /// # Errors
    /// As [`make::make`]: the count is wrong (a model missed or repeated), a file cannot be
    /// written, the solver failed.
    pub fn finish(
        self,
        dir: &Path,
        threads: usize,
        produced_by: ProducedBy,
    ) -> Result<Finished, MakeError> {
        let job = Job {
            formula: &self.formula,
            cubes: &self.cubes,
            solutions: self.collector.into_cubes(),
            threads,
            stop: self.stop,
            produced_by,
        };
        match make::make(dir, job) {
            Ok(summary) => Ok(Finished::Written(Certified::new(dir, summary))),
            Err(MakeError::Interrupted) => Ok(Finished::Interrupted),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_cap_names_the_bundle_as_the_caller_does() {
        let by_models = OverCap {
            cap: MAX_LISTED_MODELS,
            vars: 3,
        };
        assert!(!by_models.by_values());
        assert!(by_models
            .said("a --certify bundle")
            .ends_with("models a --certify bundle lists"));
        let by_values = OverCap {
            cap: 10,
            vars: 1 << 30,
        };
        assert!(by_values
            .to_string()
            .contains("variables: a bundle lists at most"));
    }
    use zero_one_model::Constraint;

    /// At most one of `vars` variables.
    fn at_most_one(vars: usize) -> Model {
        let mut model = Model::new();
        let lits = model.new_vars(vars).iter().map(|v| v.positive()).collect();
        model.add(Constraint::AtMostOne(lits));
        model
    }

    #[test]
    fn a_count_past_the_cap_raises_the_stop_flag_and_is_refused() {
        // 2^27 values over 2^17 variables: 1,024 models, and the next passes the cap.
        let vars = 1 << 17;
        let model = at_most_one(vars);
        let formula = Formula::new(vars, Vec::new(), Some(Vec::new())).unwrap();
        let stop = StopFlag::new();
        let certifier = Certifier::new(formula, &model, vec![Vec::new()], Some(stop.clone()));
        assert_eq!(certifier.cap(), 1024);
        let none = vec![false; vars];
        for _ in 0..1024 {
            certifier.hook()(0, &none);
        }
        assert!(certifier.check_cap().is_ok() && !stop.is_raised());
        certifier.hook()(0, &none);
        assert!(stop.is_raised());
        let over = certifier.check_cap().unwrap_err();
        assert_eq!(over, OverCap { cap: 1024, vars });
        assert!(over.by_values());
        assert!(over.to_string().starts_with("the count passed 1024 models"));
    }

    #[test]
    fn a_raised_stop_flag_finishes_as_interrupted() {
        let model = at_most_one(3);
        let formula = Formula::lower(&model, &Default::default()).unwrap();
        let stop = StopFlag::new();
        stop.raise();
        let certifier = Certifier::new(formula, &model, vec![Vec::new()], Some(stop));
        certifier.hook()(0, &[false, false, false]);
        let dir = tempfile::tempdir().unwrap();
        let by = ProducedBy::new("test", "0");
        let finished = certifier.finish(dir.path(), 1, by).unwrap();
        assert!(matches!(finished, Finished::Interrupted));
    }
}
