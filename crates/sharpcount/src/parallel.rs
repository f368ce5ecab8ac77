//! Counting on several threads by cube-and-count: the formula is preprocessed once, then
//! split on a few projected variables into cubes (every assignment of them); each cube is
//! the simplified formula plus its literals as unit clauses, and worker threads take cubes
//! one at a time and count them with the sequential counter, each with its own cache (a
//! share of the memory bound). The cubes are disjoint and cover every projected model, so
//! the counts add up exactly. The split is the one cube-and-conquer makes for SAT (Heule,
//! Kullmann, Wieringa & Biere 2011); its variables are those at the top of the tree
//! decomposition the search follows (sharpSAT-TD, Korhonen & Järvisalo 2021), which
//! separate the formula, so that each cube falls apart into components as the whole
//! search would after its first decisions. An unprojected formula's cubes are counted
//! with a cache the threads share instead ([`crate::shared`]).

use crate::lit::Lit;
use crate::problem::{to_problem, Problem};
use crate::tuning::Tuning;
use crate::{count_problem, Counted, Error, Options, Progress, Stats};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use zero_one_model::Clauses;

/// Cubes per thread for a projected formula, each counted on its own.
const CUBES_PER_THREAD: usize = 8;

/// Cubes per thread for an unprojected formula, counted with a shared cache
/// ([`crate::shared`]): on MC2022 track1_073 and 083, 64 cubes on two threads took 9-10 s
/// and 18 s where 16 took 16 s and 20 s.
const SHARED_CUBES_PER_THREAD: usize = 32;

/// Counts the models of `formula` exactly, as [`count`](crate::count) does, with `threads` worker
/// threads (1 is [`count`](crate::count) itself). On the 2022 competition files (`bench/mc2022.sh`), two
/// threads took about half the time on projected files. Cubes of an unprojected formula
/// would lose the cache hits that the branches of one search share (they took up to 35
/// times as long); they are counted with a cache the threads share instead, into which
/// each finished cube moves its own: on the track-1 files one thread counts in 10-60 s,
/// two took a median 1.9 times less time (1.0x to 2.6x), but track1_073 took 9-10 s where
/// one thread takes 6.4 s. The cache bound of `options` is shared out among the
/// threads; the stop flag and the time limit apply to all of them, and the progress
/// callback sees the sums over every cube (finished and running). More threads than cores
/// are not started: they would only share the cores and split the cache.
///
/// ```
/// use sharpcount::{count_parallel, Options};
/// use zero_one_model::{dimacs::read_dimacs, Clauses};
/// // (x1 ∨ x2) ∧ (x3 ∨ x4) ∧ (¬x1 ∨ x5), projected onto x1..x4: 9 models.
/// let text = "p cnf 5 3\nc p show 1 2 3 4 0\n1 2 0\n3 4 0\n-1 5 0\n";
/// let f = Clauses::from_cnf(&read_dimacs(text.as_bytes())?);
/// assert_eq!(count_parallel(&f, &Options::default(), 2)?.count, 9u32.into());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`count`](crate::count); when one cube fails, the others are stopped and its error is returned. A
/// stop (the flag or the time limit) carries the figures of every cube, finished or
/// stopped, and the whole call's preprocessing: at least what the progress callback last
/// saw. Any other failure carries its own cube's.
pub fn count_parallel(
    formula: &Clauses,
    options: &Options<'_>,
    threads: usize,
) -> Result<Counted, Error> {
    count_parallel_with(formula, options, threads, &Tuning::default())
}

/// [`count_parallel`] with the internal switches `tuning`.
fn count_parallel_with(
    formula: &Clauses,
    options: &Options<'_>,
    threads: usize,
    tuning: &Tuning,
) -> Result<Counted, Error> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.min(cores);
    if threads <= 1 {
        return crate::count_with(formula, options, tuning);
    }
    let start = Instant::now();
    let problem = to_problem(formula, None)?;
    let mut stats = Stats::default();
    let mut limits = crate::limits::Limits::new(options, start);
    let simplified =
        match crate::preprocess::run(problem, &mut limits, &mut stats.preprocess, tuning) {
            Ok(s) => s,
            Err(h) => {
                stats.elapsed = start.elapsed();
                return Err(crate::search::halt_to_error(h, stats));
            }
        };
    let Some(s) = simplified else {
        stats.elapsed = start.elapsed();
        return Ok(Counted {
            count: BigUint::default(),
            stats,
        });
    };
    // Few models are listed on one thread before any cube is made (see `listing`).
    if let Some(budget) = tuning.listing {
        let mut listed = crate::listing::Listed::default();
        let counted = crate::listing::count(
            &mut crate::semiring::Count,
            &s.clauses,
            &s.projected,
            budget,
            tuning.learnt_min,
            &mut limits,
            &mut listed,
        );
        listed.add_to(&mut stats);
        stats.elapsed = start.elapsed();
        match counted {
            Ok(Some(count)) => {
                return Ok(Counted {
                    count: count << s.exponent as usize,
                    stats,
                })
            }
            Ok(None) => {}
            Err(h) => return Err(crate::search::halt_to_error(h, stats)),
        }
    }
    // The cubes go straight to the search: the listing gave up on the whole formula.
    let cube_tuning = Tuning {
        listing: None,
        ..*tuning
    };
    let tree = match crate::tree::decompose(s.projected.len() as u32, &s.clauses, &mut limits) {
        Ok(tree) => tree,
        Err(stop) => return Err(crate::search::halt_to_error(stop.into(), stats)),
    };
    let counted = if formula.projection().is_none() {
        // Smaller cubes than below: a finished cube's cache helps the ones after it.
        let split = split_vars(&s, tree.as_ref(), threads, SHARED_CUBES_PER_THREAD);
        let cache_bytes = options.cache_mb.saturating_mul(1 << 20);
        let cubes = crate::shared::Cubes::new(&s, &split, threads, cache_bytes, tree);
        count_cubes(
            cubes.len(),
            |i, o| cubes.count(i, o),
            options,
            threads,
            start,
            false,
        )
    } else {
        let split = split_vars(&s, tree.as_ref(), threads, CUBES_PER_THREAD);
        let n = s.projected.len() as u32;
        let simple = Problem {
            num_vars: n,
            clauses: s.clauses.clone(),
            projected: s.projected.clone(),
            free_projected: 0,
            weights: None,
            origin: (0..n).collect(),
        };
        count_cubes(
            1 << split.len(),
            |i, o| {
                count_problem(
                    cube_problem(&simple, &split, i),
                    o,
                    &cube_tuning,
                    Instant::now(),
                )
            },
            options,
            threads,
            start,
            true,
        )
    };
    // A stop reports the whole call's figures: preprocessing's and the wall time too.
    let (count, cube_stats) = counted.map_err(|e| {
        with_stopped_stats(e, |st| {
            st.preprocess = stats.preprocess.clone();
            add_stats(st, &stats);
            st.listed_models = stats.listed_models;
            st.listing_counted = false;
            st.elapsed = start.elapsed();
        })
    })?;
    add_stats(&mut stats, &cube_stats);
    stats.elapsed = start.elapsed();
    Ok(Counted {
        count: count << s.exponent as usize,
        stats,
    })
}

/// Counts `cubes` cubes, cube `i` by `count_one(i, options)`, on `threads` workers and
/// adds the counts; each worker's cache gets an equal share of the bound when
/// `split_cache` (else `count_one` shares it out).
///
/// # Errors
/// The first cube's failure; when it is a stop or the time limit, with the figures of every
/// cube, finished or stopped.
fn count_cubes(
    cubes: usize,
    count_one: impl Fn(usize, &Options<'_>) -> Result<Counted, Error> + Sync,
    options: &Options<'_>,
    threads: usize,
    start: Instant,
    split_cache: bool,
) -> Result<(BigUint, Stats), Error> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let sums = Mutex::new(Sums::default());
    let per_thread = Options {
        cache_mb: if split_cache {
            (options.cache_mb / threads).max(1)
        } else {
            options.cache_mb
        },
        ..options.clone()
    };
    let workers = threads.min(cubes);
    let shown = Mutex::new(ProgressSum::new(workers));
    let shown = &shown;
    std::thread::scope(|scope| {
        for w in 0..workers {
            let (next, failed, sums, per_thread) = (&next, &failed, &sums, &per_thread);
            let count_one = &count_one;
            scope.spawn(move || {
                let report = |p: &Progress| {
                    let Some(user) = options.progress else {
                        return;
                    };
                    let mut sum = shown
                        .lock()
                        .expect("no worker panics holding it")
                        .running(w, p);
                    sum.elapsed = start.elapsed();
                    user(&sum);
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cubes || failed.load(Ordering::Relaxed) {
                        return;
                    }
                    // The time limit is the whole call's: each cube gets what is left.
                    let watched = Options {
                        // The caller's flag; a failed cube stops the others between cubes.
                        stop: per_thread.stop.clone(),
                        progress: options
                            .progress
                            .map(|_| &report as &(dyn Fn(&Progress) + Sync)),
                        time_limit: options
                            .time_limit
                            .map(|l| l.saturating_sub(start.elapsed())),
                        ..per_thread.clone()
                    };
                    let counted = count_one(i, &watched);
                    let mut sums = sums.lock().expect("no worker panics holding it");
                    match counted {
                        Ok(c) => {
                            sums.count += c.count;
                            add_stats(&mut sums.stats, &c.stats);
                            drop(sums);
                            shown
                                .lock()
                                .expect("no worker panics holding it")
                                .finished(w);
                        }
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            sums.failed(e, options.time_limit);
                            return;
                        }
                    }
                }
            });
        }
    });
    sums.into_inner().expect("workers are done").total()
}

/// What the workers of [`count_cubes`] add up, behind one lock.
#[derive(Default)]
struct Sums {
    /// The counts of the finished cubes.
    count: BigUint,
    /// The figures of every cube, finished or stopped: a stopped count reports them all, as
    /// the progress line sums the running cubes with the finished ones.
    stats: Stats,
    /// The first cube's failure (the others are stopped by it).
    first_error: Option<Error>,
}

impl Sums {
    /// A cube failed with `e`: a stop's figures join the sums, and the first failure is kept
    /// (a cube stopped by the time limit names the whole call's `limit`).
    fn failed(&mut self, e: Error, limit: Option<std::time::Duration>) {
        let e = match (e, limit) {
            (Error::TimeLimit { stats, .. }, Some(limit)) => Error::TimeLimit { limit, stats },
            (e, _) => e,
        };
        if let Some(stats) = stopped_stats(&e) {
            add_stats(&mut self.stats, stats);
        }
        self.first_error.get_or_insert(e);
    }

    /// The count and figures of every cube, or the first failure: a stop with the figures
    /// of every cube in place of its own cube's.
    fn total(self) -> Result<(BigUint, Stats), Error> {
        match self.first_error {
            None => Ok((self.count, self.stats)),
            Some(e) => Err(with_stopped_stats(e, |s| *s = self.stats)),
        }
    }
}

/// The figures a stop (the flag or the time limit) carries; `None` for other failures.
fn stopped_stats(e: &Error) -> Option<&Stats> {
    match e {
        Error::Interrupted { stats } | Error::TimeLimit { stats, .. } => Some(stats),
        _ => None,
    }
}

/// `e` with the figures of a stop changed by `change` (other failures as they are).
fn with_stopped_stats(mut e: Error, change: impl FnOnce(&mut Stats)) -> Error {
    if let Error::Interrupted { stats } | Error::TimeLimit { stats, .. } = &mut e {
        change(stats);
    }
    e
}

/// The internal variables to split on: enough projected variables for about eight cubes
/// per thread, those highest in the tree decomposition first (then those in the most
/// clauses).
fn split_vars(
    s: &crate::preprocess::Simplified,
    tree: Option<&crate::tree::TreeOrder>,
    threads: usize,
    per_thread: usize,
) -> Vec<u32> {
    let (clauses, projected) = (&s.clauses, &s.projected);
    let n = projected.len() as u32;
    let want = threads
        .saturating_mul(per_thread)
        .checked_next_power_of_two()
        .map_or(usize::BITS - 1, |p| p.trailing_zeros()) as usize;
    let mut occurrences = vec![0u64; n as usize];
    for c in clauses {
        for l in c {
            occurrences[l.var() as usize] += 1;
        }
    }
    let depth = tree.map(|t| &t.depth);
    let mut candidates: Vec<u32> = (0..n)
        .filter(|&v| projected[v as usize] && occurrences[v as usize] > 0)
        .collect();
    candidates.sort_by_key(|&v| {
        (
            depth.as_ref().map_or(0, |d| d[v as usize]),
            std::cmp::Reverse(occurrences[v as usize]),
            v,
        )
    });
    candidates.truncate(want);
    candidates
}

/// The problem with the literals of cube `index` (bit j of `index` is the value of
/// `split[j]`) added as unit clauses.
fn cube_problem(problem: &Problem, split: &[u32], index: usize) -> Problem {
    let mut cube = problem.clone();
    for (j, &v) in split.iter().enumerate() {
        cube.clauses.push(vec![Lit::new(v, index >> j & 1 == 0)]);
    }
    cube
}

/// The progress of a count over cubes: the sums of the finished cubes, and the latest
/// snapshot of each worker's running cube.
struct ProgressSum {
    finished: Progress,
    running: Vec<Progress>,
}

impl ProgressSum {
    fn new(workers: usize) -> ProgressSum {
        ProgressSum {
            finished: Progress::default(),
            running: vec![Progress::default(); workers],
        }
    }

    /// Records worker `w`'s snapshot `p` and returns the sum over every cube.
    fn running(&mut self, w: usize, p: &Progress) -> Progress {
        self.running[w] = p.clone();
        let mut sum = self.finished.clone();
        for r in &self.running {
            add_progress(&mut sum, r);
        }
        sum
    }

    /// Worker `w`'s cube is done: its last snapshot joins the finished sums.
    fn finished(&mut self, w: usize) {
        let done = std::mem::take(&mut self.running[w]);
        add_progress(&mut self.finished, &done);
    }
}

/// Adds one cube's progress to a running sum (the depth is the deepest).
fn add_progress(sum: &mut Progress, p: &Progress) {
    sum.decisions += p.decisions;
    sum.conflicts += p.conflicts;
    sum.cache_hits += p.cache_hits;
    sum.cache_entries += p.cache_entries;
    sum.cache_bytes += p.cache_bytes;
    sum.components += p.components;
    sum.depth = sum.depth.max(p.depth);
}

/// Adds the counters of one cube's count to the running totals.
fn add_stats(total: &mut Stats, s: &Stats) {
    total.decisions += s.decisions;
    total.conflicts += s.conflicts;
    total.propagations += s.propagations;
    total.learnt_clauses += s.learnt_clauses;
    total.components += s.components;
    total.cache_hits += s.cache_hits;
    total.cache_misses += s.cache_misses;
    total.cache_entries += s.cache_entries;
    total.cache_peak_bytes += s.cache_peak_bytes;
    total.cache_evictions += s.cache_evictions;
    total.cache_purged += s.cache_purged;
    total.sat_calls += s.sat_calls;
    total.failed_probes += s.failed_probes;
    total.blocked_in_search += s.blocked_in_search;
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use zero_one_model::StopFlag;

    use crate::count;
    use crate::tests::common::{self, formula_of, projected};

    fn formula() -> impl Strategy<Value = Clauses> {
        (3u32..10).prop_flat_map(|n| {
            let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, s)| if s { v } else { -v });
            let clauses = prop::collection::vec(prop::collection::vec(lit, 1..4), 0..14);
            let projection = prop::option::of(prop::collection::vec(1..=n, 0..(n as usize)));
            (clauses, projection).prop_map(move |(clauses, projection)| {
                projected(formula_of(n, clauses), projection)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn cubes_add_up_to_the_sequential_count(f in formula(), threads in 1usize..4) {
            // Without the listing, which would count most of these small formulas before
            // any cube is made; with it, as the library runs.
            let search = Tuning { listing: None, ..Tuning::default() };
            for t in [search, Tuning::default()] {
                let one = crate::count_with(&f, &Options::default(), &t).unwrap().count;
                let many = count_parallel_with(&f, &Options::default(), threads, &t)
                    .unwrap()
                    .count;
                prop_assert_eq!(&one, &many);
                prop_assert_eq!(one, common::brute_force(&f).into());
            }
        }
    }

    #[test]
    fn the_time_limit_is_the_whole_calls() {
        // 40 disjoint copies of (x ∨ y ∨ z) are quick; a zero limit still stops them.
        let clauses = (0..40)
            .map(|i| vec![3 * i + 1, 3 * i + 2, 3 * i + 3])
            .collect();
        let f = projected(formula_of(120, clauses), Some((1..=120).collect()));
        let limit = std::time::Duration::ZERO;
        let r = count_parallel(&f, &Options::default().with_time_limit(limit), 2);
        assert!(
            matches!(r, Err(Error::TimeLimit { limit: l, .. }) if l == limit),
            "{r:?}"
        );
    }

    #[test]
    fn absurd_thread_counts_use_at_most_the_cores() {
        // A projected chain: quick on one thread; usize::MAX threads must not spawn more.
        let clauses = (1..40).map(|i| vec![i, i + 1]).collect();
        let f = projected(formula_of(40, clauses), Some((1..=40).collect()));
        let one = count(&f, &Options::default()).unwrap().count;
        let start = std::time::Instant::now();
        let many = count_parallel(&f, &Options::default(), usize::MAX)
            .unwrap()
            .count;
        assert_eq!(one, many);
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
    }

    #[test]
    fn progress_sums_finished_and_running_cubes_and_never_goes_down() {
        let at = |decisions, depth| Progress {
            decisions,
            depth,
            ..Progress::default()
        };
        let mut sum = ProgressSum::new(2);
        assert_eq!(sum.running(0, &at(10, 3)).decisions, 10);
        assert_eq!(sum.running(1, &at(5, 7)).decisions, 15);
        assert_eq!(sum.running(1, &at(5, 7)).depth, 7);
        sum.finished(0);
        // Worker 0's next cube starts from nothing; its first cube's 10 stay in the sum.
        let next = sum.running(0, &at(2, 1));
        assert_eq!((next.decisions, next.depth), (17, 7));
        sum.finished(1);
        assert_eq!(sum.running(0, &at(4, 1)).decisions, 19);
    }

    /// Most decisions and conflicts a progress callback was shown, and how many reports had
    /// decisions.
    #[derive(Default)]
    struct Shown {
        decisions: u64,
        conflicts: u64,
        reports: u32,
    }

    #[test]
    fn a_stopped_count_reports_at_least_what_its_progress_showed() {
        // Queens 13, projected so that cubes run side by side: far longer than the test
        // waits. The count is stopped from its own progress callback after a few reports
        // of the search (preprocessing reports no decisions).
        let f = projected(common::queens(13), Some((1..=169).collect()));
        let stop = StopFlag::new();
        let shown = Mutex::new(Shown::default());
        let progress = |p: &Progress| {
            let mut s = shown.lock().unwrap();
            s.decisions = s.decisions.max(p.decisions);
            s.conflicts = s.conflicts.max(p.conflicts);
            s.reports += u32::from(p.decisions > 0);
            if s.reports >= 20 {
                stop.raise();
            }
        };
        let options = Options::default()
            .with_stop(stop.clone())
            .with_progress(&progress);
        let r = count_parallel(&f, &options, 2);
        let Err(Error::Interrupted { stats }) = r else {
            panic!("stopped: {r:?}")
        };
        let shown = shown.into_inner().unwrap();
        assert!(shown.decisions > 0, "the test saw no progress");
        assert!(
            stats.decisions >= shown.decisions && stats.conflicts >= shown.conflicts,
            "report: {} decisions, {} conflicts; progress: {} and {}",
            stats.decisions,
            stats.conflicts,
            shown.decisions,
            shown.conflicts
        );
    }

    #[test]
    fn a_raised_stop_flag_interrupts_every_cube() {
        let stop = StopFlag::new();
        stop.raise();
        let f = common::formula(4, &[&[1, 2], &[3, 4]], Some(&[1, 2, 3]));
        let r = count_parallel(&f, &Options::default().with_stop(stop), 2);
        assert!(matches!(r, Err(Error::Interrupted { .. })), "{r:?}");
    }
}
