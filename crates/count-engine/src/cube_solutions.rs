//! Every solution of a model, listed one cube after another as a count splits it
//! ([`split`]), a cube that gives a new solution split again in two. A backend whose
//! solutions get dearer as they accumulate in one enumeration (the ILP one adds a no-good
//! cut per solution and re-solves with all of them, and each cut weakens the relaxation its
//! branch and bound searches) lists them at a cost per solution that does not grow with
//! their number: no enumeration carries more than a cut or two, and each half is a cube of
//! fixed variables that presolve propagates exactly.
//!
//! Measured with microlp (release build, one thread): x1 + ... + x16 >= 1 (65,535
//! solutions) listed in 0.95 s (2.3 s splitting after 2 new solutions, 20 s after 16, 40 s
//! after 32; one enumeration per cube of the 512: hours), where `count --backend ilp` takes
//! 3.1 s; the 724 solutions of the 10-queens OPB file in 2.0 s (8 s after 4, 14 s after 16),
//! where count takes 49 s.

use crate::Depth;
use std::collections::HashSet;
use zero_one_model::{
    Backend, BackendError, BackendErrorKind, BackendName, BackendStat, Lit, Model, Prepared,
    Solutions, StopFlag, Var,
};

/// New solutions one enumeration gives before its cube is split in two (and each half
/// enumerated afresh, without the cuts): one, the fastest measured (see the module's
/// figures).
pub const SPLIT_AFTER: usize = 1;

/// A cube still to list, with the projections of the solutions already given that lie in it.
struct Pending {
    cube: Vec<Lit>,
    given: HashSet<Vec<bool>>,
}

/// The cube being listed.
struct Active<'m> {
    pending: Pending,
    solutions: Box<dyn Solutions + 'm>,
    /// Solutions this enumeration gave that had not been given before.
    new: usize,
}

/// The solutions of a model, cube by cube: an enumeration per cube of the split, each started
/// when the one before is done, and a cube whose enumeration gives `SPLIT_AFTER` new
/// solutions split on a shown variable into two cubes listed afresh, the solutions already
/// given skipped (each half re-finds at most those few). Cubes are disjoint over the projection, so no projected solution comes
/// twice; each one is checked to lie in its cube.
pub struct CubeSolutions<'m> {
    backend: BackendName,
    shown: Vec<Var>,
    prepared: Box<dyn Prepared<'m> + 'm>,
    cubes: std::vec::IntoIter<Vec<Lit>>,
    /// Halves of split cubes, listed before the next cube of the split.
    halves: Vec<Pending>,
    current: Option<Active<'m>>,
    /// The backend's counters of the enumerations done.
    finished: Vec<(BackendStat, u64)>,
    cubes_total: usize,
    splits: u64,
}

impl<'m> CubeSolutions<'m> {
    /// Prepares `model` on `backend` and splits it as `depth` says (a model the look-ahead
    /// cannot lower is one cube).
    ///
    /// # Errors
    /// When the backend cannot prepare the model.
    pub fn new(
        model: &'m Model,
        backend: &dyn Backend,
        depth: Depth,
    ) -> Result<CubeSolutions<'m>, BackendError> {
        CubeSolutions::new_until(model, backend, depth, &StopFlag::new())
    }

    /// [`CubeSolutions::new`], with the look-ahead's lowering given up once `stop` is raised
    /// (from any thread). The backend watches its own flag while it prepares.
    ///
    /// # Errors
    /// When the backend cannot prepare the model; kind
    /// [`Interrupted`](zero_one_model::BackendErrorKind::Interrupted) when `stop` was raised
    /// while the model was lowered for the split.
    pub fn new_until(
        model: &'m Model,
        backend: &dyn Backend,
        depth: Depth,
        stop: &StopFlag,
    ) -> Result<CubeSolutions<'m>, BackendError> {
        let prepared = backend.prepare(model)?;
        let cubes = crate::split::split_until(model, depth, stop)
            .map_err(|e| BackendError::not_lowered(backend.name(), e))?;
        Ok(CubeSolutions {
            backend: backend.name(),
            shown: model.shown(),
            prepared,
            cubes_total: cubes.len(),
            cubes: cubes.into_iter(),
            halves: Vec::new(),
            current: None,
            finished: Vec::new(),
            splits: 0,
        })
    }

    /// How many cubes the model was split into first.
    pub fn cubes_total(&self) -> usize {
        self.cubes_total
    }

    /// The next cube to list, started.
    fn start_next(&mut self) -> Result<bool, BackendError> {
        let pending = match self.halves.pop() {
            Some(p) => p,
            None => match self.cubes.next() {
                Some(cube) => Pending {
                    cube,
                    given: HashSet::new(),
                },
                None => return Ok(false),
            },
        };
        let solutions = self.prepared.solutions(&pending.cube)?;
        self.current = Some(Active {
            pending,
            solutions,
            new: 0,
        });
        Ok(true)
    }

    /// Replaces the active cube by its two halves on shown variable `k`.
    fn split_active(&mut self, k: usize) {
        let Some(active) = self.current.take() else {
            return;
        };
        add_stats(&mut self.finished, active.solutions.stats());
        self.splits += 1;
        let Pending { cube, given } = active.pending;
        let var = self.shown[k];
        let (ones, zeros): (HashSet<_>, HashSet<_>) = given.into_iter().partition(|g| g[k]);
        for (lit, given) in [(var.negative(), zeros), (var.positive(), ones)] {
            let mut cube = cube.clone();
            cube.push(lit);
            self.halves.push(Pending { cube, given });
        }
    }

    /// The next solution of the active cube that was not given before, or `None` when it is
    /// done (or was split).
    fn next_in_active(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        loop {
            let Some(active) = self.current.as_mut() else {
                return Ok(None);
            };
            if active.new >= SPLIT_AFTER {
                let pending = &active.pending;
                if let Some(k) = split_var(&self.shown, pending) {
                    self.split_active(k);
                    return Ok(None);
                }
            }
            let Some(values) = active.solutions.next_solution()? else {
                if let Some(done) = self.current.take() {
                    add_stats(&mut self.finished, done.solutions.stats());
                }
                return Ok(None);
            };
            if let Some(l) = active
                .pending
                .cube
                .iter()
                .find(|l| values.get(l.var().index()) != Some(&l.is_positive()))
            {
                return Err(outside(self.backend.clone(), *l));
            }
            let key: Vec<bool> = self.shown.iter().map(|v| values[v.index()]).collect();
            if active.pending.given.insert(key) {
                active.new += 1;
                return Ok(Some(values));
            }
        }
    }
}

/// The shown variable (its position in `shown`) free in `pending`'s cube on which its given
/// solutions divide most evenly; `None` when every shown variable is in the cube (it holds
/// one projected solution).
fn split_var(shown: &[Var], pending: &Pending) -> Option<usize> {
    let in_cube: HashSet<usize> = pending.cube.iter().map(|l| l.var().index()).collect();
    (0..shown.len())
        .filter(|&k| !in_cube.contains(&shown[k].index()))
        .max_by_key(|&k| {
            let ones = pending.given.iter().filter(|g| g[k]).count();
            ones.min(pending.given.len() - ones)
        })
}

/// A solution outside its cube.
fn outside(backend: BackendName, l: Lit) -> BackendError {
    BackendError::with_kind(
        BackendErrorKind::BadAnswer,
        backend,
        format!(
            "returned a solution outside its cube (variable #{} is not {})",
            l.var().index(),
            l.is_positive()
        ),
    )
}

/// Adds the counters `stats` to `totals`, by name.
fn add_stats(totals: &mut Vec<(BackendStat, u64)>, stats: Vec<(BackendStat, u64)>) {
    for (name, value) in stats {
        match totals.iter_mut().find(|(n, _)| *n == name) {
            Some((_, total)) => *total += value,
            None => totals.push((name, value)),
        }
    }
}

impl Solutions for CubeSolutions<'_> {
    /// # Errors
    /// The backend's, or kind [`BackendErrorKind::BadAnswer`] for a solution outside its cube.
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        loop {
            if let Some(values) = self.next_in_active()? {
                return Ok(Some(values));
            }
            if self.current.is_none() && !self.start_next()? {
                return Ok(None);
            }
        }
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        let mut totals = self.finished.clone();
        if let Some(active) = &self.current {
            add_stats(&mut totals, active.solutions.stats());
        }
        add_stats(&mut totals, vec![(BackendStat::CubeSplits, self.splits)]);
        totals
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use zero_one_model::{Cmp, Constraint};

    /// x1 + ... + xn >= 1: every assignment but all-false, 2^n - 1 solutions.
    fn at_least_one(n: usize) -> Model {
        let mut m = Model::new();
        let v = m.new_vars(n);
        m.add(Constraint::Linear {
            terms: v.iter().map(|x| (1, x.positive())).collect(),
            cmp: Cmp::AtLeast,
            rhs: 1,
        });
        m
    }

    #[test]
    fn every_solution_comes_once_from_many_cubes_on_every_backend() {
        let model = at_least_one(10);
        let backends: [Box<dyn Backend>; 2] = [
            Box::new(dpll_enum::DpllBackend::default()),
            Box::new(ilp_enum::LpBackend),
        ];
        for backend in &backends {
            let mut s = CubeSolutions::new(&model, backend.as_ref(), Depth::Target(64)).unwrap();
            assert!(s.cubes_total() >= 64, "{}", s.cubes_total());
            let mut seen = HashSet::new();
            while let Some(values) = s.next_solution().unwrap() {
                assert!(model.check(&values).is_ok(), "{values:?}");
                assert!(seen.insert(values), "a solution came twice");
            }
            assert_eq!(seen.len(), 1023, "{}", backend.name());
        }
    }

    #[test]
    fn counters_add_up_over_cubes() {
        let model = at_least_one(8);
        let mut s = CubeSolutions::new(&model, &ilp_enum::LpBackend, Depth::Target(16)).unwrap();
        let mut found = 0;
        while s.next_solution().unwrap().is_some() {
            found += 1;
        }
        let stats = s.stats();
        let get = |name| stats.iter().find(|(n, _)| *n == name).map(|s| s.1);
        assert_eq!(found, 255);
        // Each solution is a cut, re-found ones of a split cube too.
        assert!(get(BackendStat::Cuts).unwrap() >= 255, "{stats:?}");
        assert!(get(BackendStat::CubeSplits).is_some(), "{stats:?}");
    }

    #[test]
    fn a_cube_with_many_solutions_is_split_and_none_comes_twice() {
        let model = at_least_one(12);
        let backends: [Box<dyn Backend>; 2] = [
            Box::new(dpll_enum::DpllBackend::default()),
            Box::new(ilp_enum::LpBackend),
        ];
        for backend in &backends {
            // One cube: the whole model, 4,095 solutions.
            let mut s = CubeSolutions::new(&model, backend.as_ref(), Depth::Levels(0)).unwrap();
            assert_eq!(s.cubes_total(), 1);
            let mut seen = HashSet::new();
            while let Some(values) = s.next_solution().unwrap() {
                assert!(model.check(&values).is_ok(), "{values:?}");
                assert!(seen.insert(values), "a solution came twice");
            }
            assert_eq!(seen.len(), 4095, "{}", backend.name());
            let splits = s
                .stats()
                .into_iter()
                .find(|(n, _)| *n == BackendStat::CubeSplits);
            // At least one split per SPLIT_AFTER solutions past the first enumeration.
            assert!(
                splits.unwrap().1 >= 4095 / SPLIT_AFTER as u64 / 2,
                "{splits:?}"
            );
        }
    }

    #[test]
    fn a_model_without_solutions_lists_none() {
        let mut model = at_least_one(3);
        let v = model.new_vars(1)[0];
        model.add(Constraint::Clause(vec![v.positive()]));
        model.add(Constraint::Clause(vec![v.negative()]));
        let mut s = CubeSolutions::new(&model, &ilp_enum::LpBackend, Depth::Target(8)).unwrap();
        assert_eq!(s.next_solution().unwrap(), None);
    }
}
