//! Collecting the solutions of a count as the engine validates them: one list per cube,
//! packed 64 values to a word, with a cap on how many a bundle may list.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use zero_one_model::StopFlag;

/// The most models a bundle lists: it holds every one of them in full, twice (as a model
/// and as a blocking clause), so a larger count would make files of many gigabytes.
pub const MAX_LISTED_MODELS: u64 = 10_000_000;

/// The most values (models times variables) a bundle lists: about 10 bytes each in
/// solutions.txt and blocked.cnf together (measured), so about a gigabyte of files at most. A few models of a file of
/// a million variables reach it long before [`MAX_LISTED_MODELS`].
pub const MAX_LISTED_VALUES: u64 = 1 << 27;

/// The most models of `vars` variables a bundle lists: [`MAX_LISTED_MODELS`], or fewer
/// where their values would pass [`MAX_LISTED_VALUES`].
pub fn model_cap(vars: usize) -> u64 {
    MAX_LISTED_MODELS.min(MAX_LISTED_VALUES / (vars as u64).max(1))
}

/// Assignments of a fixed number of variables, packed into words.
#[derive(Clone, Debug, Default)]
pub struct Packed {
    vars: usize,
    words: Vec<u64>,
}

impl Packed {
    /// An empty list of assignments of `vars` variables each.
    pub fn new(vars: usize) -> Packed {
        Packed {
            vars,
            words: Vec::new(),
        }
    }

    /// Variables per assignment.
    pub fn vars(&self) -> usize {
        self.vars
    }

    /// Words per assignment: at least one, so that assignments of no variables are counted.
    fn stride(&self) -> usize {
        self.vars.div_ceil(64).max(1)
    }

    /// Appends one assignment (its first `vars` values; missing ones are false).
    pub fn push(&mut self, assignment: &[bool]) {
        let start = self.words.len();
        self.words.resize(start + self.stride(), 0);
        for (i, _) in assignment
            .iter()
            .take(self.vars)
            .enumerate()
            .filter(|&(_, &b)| b)
        {
            self.words[start + i / 64] |= 1 << (i % 64);
        }
    }

    /// How many assignments.
    pub fn len(&self) -> usize {
        self.words.len() / self.stride()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The value of variable `var` in assignment `k`.
    pub fn value(&self, k: usize, var: usize) -> bool {
        self.words[k * self.stride() + var / 64] >> (var % 64) & 1 == 1
    }

    /// Assignment `k`, unpacked.
    pub fn get(&self, k: usize) -> Vec<bool> {
        (0..self.vars).map(|v| self.value(k, v)).collect()
    }
}

/// The solutions of a running count, cube by cube: give [`Collector::record`] to the
/// engine's solution hook. Past [`Collector::cap`] models it stops collecting, marks itself
/// over the cap and raises the stop flag, so the count ends early.
#[derive(Debug)]
pub struct Collector {
    cubes: Vec<Mutex<Packed>>,
    listed: AtomicU64,
    cap: u64,
    over_cap: AtomicBool,
    stop: Option<StopFlag>,
}

impl Collector {
    /// A collector for `cubes` cubes whose solutions assign `vars` model variables, keeping
    /// at most `cap` models and raising `stop` past it.
    pub fn new(cubes: usize, vars: usize, cap: u64, stop: Option<StopFlag>) -> Self {
        Collector {
            cubes: (0..cubes).map(|_| Mutex::new(Packed::new(vars))).collect(),
            listed: AtomicU64::new(0),
            cap,
            over_cap: AtomicBool::new(false),
            stop,
        }
    }

    /// Records a validated solution of cube `cube`. A cube index past those the collector
    /// was made for marks it over the cap (the bundle could not be right).
    pub fn record(&self, cube: usize, assignment: &[bool]) {
        let listed = self.listed.fetch_add(1, Ordering::Relaxed) + 1;
        let Some(list) = self.cubes.get(cube).filter(|_| listed <= self.cap) else {
            self.over_cap.store(true, Ordering::Relaxed);
            if let Some(stop) = &self.stop {
                stop.raise();
            }
            return;
        };
        list.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(assignment);
    }

    /// The cap this collector was made with.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// Whether more solutions came than the cap allows (the collection is incomplete).
    pub fn over_cap(&self) -> bool {
        self.over_cap.load(Ordering::Relaxed)
    }

    /// The solutions collected, by cube.
    pub fn into_cubes(self) -> Vec<Packed> {
        self.cubes
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_models_are_capped_by_their_values() {
        assert_eq!(model_cap(13), MAX_LISTED_MODELS);
        assert_eq!(model_cap(0), MAX_LISTED_MODELS);
        // Q(14)'s 365,596 models of 196 variables fit.
        assert!(model_cap(196) > 365_596);
        // A file of 2,000,000 variables: 67 models fill the 2^27 values.
        assert_eq!(model_cap(2_000_000), 67);
        assert!(model_cap(2_000_000) * 2_000_000 <= MAX_LISTED_VALUES);
    }

    #[test]
    fn packed_assignments_read_back_as_pushed() {
        let mut p = Packed::new(70);
        let a: Vec<bool> = (0..70).map(|i| i % 3 == 0 || i == 69).collect();
        let b: Vec<bool> = (0..70).map(|i| i % 5 == 1).collect();
        p.push(&a);
        p.push(&b);
        assert_eq!(p.len(), 2);
        assert_eq!(p.get(0), a);
        assert_eq!(p.get(1), b);
    }

    #[test]
    fn packed_assignments_of_no_variables_are_not_lost() {
        let mut p = Packed::new(0);
        p.push(&[]);
        assert_eq!(p.get(0), Vec::<bool>::new());
    }

    #[test]
    fn collector_past_its_cap_raises_the_stop_flag() {
        let stop = StopFlag::new();
        let c = Collector::new(2, 3, 2, Some(stop.clone()));
        c.record(0, &[true, false, true]);
        c.record(1, &[false, false, true]);
        assert!(!c.over_cap() && !stop.is_raised());
        c.record(1, &[true, true, true]);
        assert!(c.over_cap() && stop.is_raised());
        let cubes = c.into_cubes();
        assert_eq!((cubes[0].len(), cubes[1].len()), (1, 1));
    }
}
