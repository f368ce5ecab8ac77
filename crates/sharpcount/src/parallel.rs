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
//! with a cache the threads share instead ([`crate::shared`]). Beside the cubes, the
//! calling thread lists the models one by one ([`crate::listing`]), which counts a
//! formula with few models faster than any search; the first to finish gives the count,
//! and a listing that gives up joins the cubes.

mod pool;

use crate::limits::Limits;
use crate::lit::Lit;
use crate::preprocess::Simplified;
use crate::problem::{to_problem, Problem};
use crate::tuning::Tuning;
use crate::{count_problem, Counted, Error, Options, Progress, Stats};
use num_bigint::BigUint;
use pool::{add_stats, with_stopped_stats, Pool};
use std::sync::OnceLock;
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
/// each finished cube moves its own. A formula with few models is listed on the calling
/// thread while the other threads count cubes; whichever finishes first gives the count.
/// On the five MC2022 track-1 files one thread counts in 10-60 s, two threads took a
/// median 1.76 times less time (1.01x to 2.35x, `bench/results/threads.md`); track1_097,
/// whose 24 models the listing finds, gains nothing. The cache bound of `options` is
/// shared out among the threads; the stop flag and the time limit apply to all of them,
/// and the progress callback sees the sums over every cube (finished and running) and the
/// listing. More threads than cores
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
    let mut limits = Limits::new(options, start);
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
    let shared = formula.projection().is_none();
    let pool = Pool::new(options, threads, start, !shared);
    let made: OnceLock<Result<Split<'_>, Error>> = OnceLock::new();
    let mut listed = crate::listing::Listed::default();
    // Few models are listed one by one (see `listing`) on this thread, while the others
    // make the cubes and count them: on MC2022 track1_091 the listing gives up after 17 s.
    // Once the listing counts, the cubes are stopped; once the cubes are all counted, the
    // listing is; once it gives up, this thread joins the cubes.
    let listing = std::thread::scope(|scope| {
        let (pool, made, s) = (&pool, &made, &s);
        scope.spawn(move || {
            let watched = Options {
                stop: Some(pool.cancel.clone()),
                ..options.clone()
            };
            // A panic still sets `made`, so that the listing's thread, which may wait for
            // it, ends too and the scope passes the panic on.
            let split = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                Split::new(s, shared, threads, &watched, start, tuning)
            }));
            let split = match split {
                Ok(split) => made.get_or_init(|| split),
                Err(panic) => {
                    let _ = made.set(Err(Error::Internal {
                        what: "the split into cubes panicked",
                    }));
                    std::panic::resume_unwind(panic)
                }
            };
            if let Ok(split) = split {
                for w in 2..threads {
                    scope.spawn(move || pool.work(w, split));
                }
                pool.work(1, split);
            }
        });
        let counted = match tuning.listing {
            Some(budget) => {
                let report = |p: &Progress| pool.report(0, p);
                let listing_options = Options {
                    stop: Some(pool.listing_stop.clone()),
                    progress: options
                        .progress
                        .map(|_| &report as &(dyn Fn(&Progress) + Sync)),
                    ..options.clone()
                };
                crate::listing::count(
                    &mut crate::semiring::Count,
                    &s.clauses,
                    &s.projected,
                    budget,
                    tuning.learnt_min,
                    &mut Limits::new(&listing_options, start),
                    &mut listed,
                )
            }
            None => Ok(None),
        };
        match counted {
            Ok(None) => {
                pool.finished(0);
                if let Ok(split) = made.wait() {
                    pool.work(0, split);
                }
            }
            Ok(Some(_)) | Err(_) => {
                pool.cancel.raise();
            }
        }
        counted
    });
    listed.add_to(&mut stats);
    // The listing counted, or was stopped (unless by the cubes, all counted): the cubes'
    // work so far joins its figures.
    let complete = matches!(made.get(), Some(Ok(split)) if pool.complete(split));
    match listing {
        Ok(Some(count)) => {
            add_stats(&mut stats, &pool.stats());
            stats.elapsed = start.elapsed();
            return Ok(Counted {
                count: count << s.exponent as usize,
                stats,
            });
        }
        Err(h) if !complete => {
            add_stats(&mut stats, &pool.stats());
            stats.elapsed = start.elapsed();
            return Err(crate::search::halt_to_error(h, stats));
        }
        Ok(None) | Err(_) => {}
    }
    let counted = match made.into_inner() {
        Some(Ok(_)) => pool.total(),
        Some(Err(e)) => Err(e),
        None => unreachable!("the split was waited for"),
    };
    // A stop reports the whole call's figures: preprocessing's, the listing's, and the
    // wall time too.
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

/// How a formula is split into cubes, and how one is counted.
enum Split<'s> {
    /// The cubes of an unprojected formula, counted with a cache they share.
    Shared(crate::shared::Cubes<'s>),
    /// The cubes of a projected formula, each counted on its own by the sequential counter.
    Apart {
        /// The simplified formula as a problem of its own.
        simple: Problem,
        /// The variables split on.
        split: Vec<u32>,
        /// The counter's switches for a cube: no listing (it gave up on the whole).
        tuning: Tuning,
    },
}

impl<'s> Split<'s> {
    /// The split of the simplified formula `s` (unprojected when `shared`) for `threads`
    /// workers, after the tree decomposition its search follows. Stopped by the limits of
    /// `options`; it reports no progress of its own.
    fn new(
        s: &'s Simplified,
        shared: bool,
        threads: usize,
        options: &Options<'_>,
        start: Instant,
        tuning: &Tuning,
    ) -> Result<Split<'s>, Error> {
        let quiet = Options {
            progress: None,
            ..options.clone()
        };
        let mut limits = Limits::new(&quiet, start);
        let n = s.projected.len() as u32;
        let tree = crate::tree::decompose(n, &s.clauses, &mut limits)
            .map_err(|stop| crate::search::halt_to_error(stop.into(), Stats::default()))?;
        if shared {
            // Smaller cubes than below: a finished cube's cache helps the ones after it.
            let split = split_vars(s, tree.as_ref(), threads, SHARED_CUBES_PER_THREAD);
            let cache_bytes = options.cache_mb.saturating_mul(1 << 20);
            return Ok(Split::Shared(crate::shared::Cubes::new(
                s,
                split,
                threads,
                cache_bytes,
                tree,
            )));
        }
        Ok(Split::Apart {
            simple: Problem {
                num_vars: n,
                clauses: s.clauses.clone(),
                projected: s.projected.clone(),
                free_projected: 0,
                weights: None,
                origin: (0..n).collect(),
            },
            split: split_vars(s, tree.as_ref(), threads, CUBES_PER_THREAD),
            tuning: Tuning {
                listing: None,
                ..*tuning
            },
        })
    }

    /// Number of cubes.
    fn len(&self) -> usize {
        match self {
            Split::Shared(cubes) => cubes.len(),
            Split::Apart { split, .. } => 1 << split.len(),
        }
    }

    /// Counts cube `i` with `options`.
    fn count(&self, i: usize, options: &Options<'_>) -> Result<Counted, Error> {
        match self {
            Split::Shared(cubes) => cubes.count(i, options),
            Split::Apart {
                simple,
                split,
                tuning,
            } => count_problem(
                cube_problem(simple, split, i),
                options,
                tuning,
                Instant::now(),
            ),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::Mutex;
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
            // Without the listing, which would count most of these small formulas beside
            // the cubes; with it, as the library runs; and with a listing that gives up
            // after two models, so that its thread joins the cubes.
            let search = Tuning { listing: None, ..Tuning::default() };
            let short = Tuning {
                listing: Some(crate::listing::Budget { models: 2, conflicts: 1000 }),
                ..Tuning::default()
            };
            for t in [search, Tuning::default(), short] {
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
    fn cubes_that_finish_first_stop_the_listing() {
        // 40 disjoint copies of (x ∨ y ∨ z): 7^40 models, which a listing without a budget
        // would list for ever and the cubes count at once. The time limit turns a listing
        // left running into a failure rather than a hang.
        let clauses = (0..40)
            .map(|i| vec![3 * i + 1, 3 * i + 2, 3 * i + 3])
            .collect();
        let f = formula_of(120, clauses);
        let endless = Tuning {
            listing: Some(crate::listing::Budget {
                models: u64::MAX,
                conflicts: u64::MAX,
            }),
            ..Tuning::default()
        };
        let options = Options::default().with_time_limit(std::time::Duration::from_secs(30));
        let counted = count_parallel_with(&f, &options, 2, &endless).unwrap();
        assert_eq!(counted.count, BigUint::from(7u32).pow(40));
        assert!(!counted.stats.listing_counted);
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
