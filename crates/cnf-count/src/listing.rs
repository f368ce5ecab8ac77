//! Whether listing can finish, for an enumeration that no switch hands to the counter
//! ([`crate::Method::Enumerate`], or an option only enumeration honours). Once the watcher
//! judges the enumeration slow ([`crate::switch`]), the model counter counts, within
//! [`QUICK_LOOK`], what the cubes not finished still have to list
//! ([`count_engine::Listing`]); when even the fastest listing ([`LISTING_RATE`]) of that many
//! models would pass [`CountOptions::listing_limit`](crate::CountOptions::listing_limit),
//! the count is refused ([`Hopeless`]) rather than left to run for ever in silence.
//!
//! The refusal rests on a lower bound: the counter's counts of the formulas listed (a cube
//! listed whole lists at least the sum of its pieces' counts less one per piece after the
//! first), less what the cubes running may have listed already at [`LISTING_RATE`].

use crate::counter::QUICK_LOOK;
use crate::switch::Slow;
use crate::Run;
use count_engine::{Listing, Problem};
use num_bigint::BigUint;
use std::time::{Duration, Instant};

/// The longest listing [`CountOptions::listing_limit`](crate::CountOptions::listing_limit)
/// accepts by default: ten minutes, the limit past which `nqueens` refuses a board size
/// unless told `--force` (`nqueens_queens::sizes::LIMIT_S`).
pub const LISTING_LIMIT: Duration = Duration::from_secs(600);

/// The fastest listing reckoned with, in models a second per thread: about 50 times the
/// fastest measured (the DPLL enumerator lists about 3.7 million models a second on two
/// threads, bench/results/rate.md), so that a refusal never rests on a slow estimate.
pub const LISTING_RATE: f64 = 1e8;

/// Why listing was refused: the models left to list would take longer than the limit,
/// even at [`LISTING_RATE`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Hopeless {
    /// Models left to list, at least: the model counter's counts of what the cubes not
    /// finished list.
    pub models_left: BigUint,
    /// Seconds listing them would take, at least (at [`LISTING_RATE`] on every thread).
    pub seconds: f64,
    /// The limit it passes ([`CountOptions::listing_limit`](crate::CountOptions::listing_limit)).
    pub limit: Duration,
    /// The file's count, when the model counter found it within a moment.
    pub count: Option<BigUint>,
}

impl std::error::Error for Hopeless {}

impl std::fmt::Display for Hopeless {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "listing the models would take at least {:.3e} s, past the limit of {} s: at \
             least {} models are left to list (the model counter's count of the cubes not \
             finished), at most {LISTING_RATE:.0e} a second per thread",
            self.seconds,
            self.limit.as_secs(),
            self.models_left
        )?;
        match &self.count {
            Some(count) => write!(f, "; the model counter counts {count} models in all"),
            None => Ok(()),
        }
    }
}

/// Whether listing what `slow` shows left of `problem` is hopeless past `limit`.
pub(crate) fn check(
    run: &Run<'_>,
    problem: &dyn Problem,
    slow: &Slow,
    limit: Duration,
) -> Option<Hopeless> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = run.options.threads().clamp(1, cores) as f64;
    let rate = LISTING_RATE * threads;
    // What the cubes running may have listed already, at the fastest.
    let listed = slow.elapsed.as_secs_f64() * rate;
    let enough = (limit.as_secs_f64() + slow.elapsed.as_secs_f64()) * rate;
    let bound = models_left(run, problem, &slow.finished, enough);
    let seconds = (bound.to_f64() - listed) / rate;
    (seconds > limit.as_secs_f64()).then(|| Hopeless {
        models_left: bound.0,
        seconds,
        limit,
        count: file_count(run, problem),
    })
}

/// A lower bound on the models left to list, and it as a float.
struct Bound(BigUint);

impl Bound {
    fn to_f64(&self) -> f64 {
        // Past f64's range (2^1024) the bound is hopeless anyway.
        if self.0.bits() > 1000 {
            return f64::INFINITY;
        }
        self.0.to_string().parse().unwrap_or(f64::INFINITY)
    }
}

/// A lower bound on what the cubes of `problem` not `finished` (and in the shard) list:
/// counted within [`QUICK_LOOK`], and no further once past `enough`.
fn models_left(run: &Run<'_>, problem: &dyn Problem, finished: &[bool], enough: f64) -> Bound {
    let start = Instant::now();
    let mut listing = Listing::new(problem);
    let mut bound = Bound(BigUint::ZERO);
    let shard = run.options.shard;
    for (i, cube) in problem.cubes().iter().enumerate() {
        if finished.get(i) == Some(&true) || !shard.is_none_or(|s| s.holds(i)) {
            continue;
        }
        if start.elapsed() >= QUICK_LOOK || bound.to_f64() > enough {
            break;
        }
        let Some(formulas) = listing.formulas(cube) else {
            continue;
        };
        let mut counts = Vec::new();
        for f in &formulas {
            let left = QUICK_LOOK.saturating_sub(start.elapsed());
            match crate::counter::quick_count(f, left, Some(&run.stop)) {
                Some(c) => counts.push(c),
                None => return bound,
            }
        }
        bound.0 += listed_at_least(&counts);
    }
    bound
}

/// The fewest models a cube whose pieces have `counts` models lists: nothing when one piece
/// has none (pieces after it are not listed), else their sum less one per piece after the
/// first (at most their product, which a cube listed whole lists).
fn listed_at_least(counts: &[BigUint]) -> BigUint {
    if counts.contains(&BigUint::ZERO) {
        return BigUint::ZERO;
    }
    let sum: BigUint = counts.iter().sum();
    sum - counts.len().saturating_sub(1)
}

/// The count of `problem` (its parts' counts times 2 per free variable), when the model
/// counter finds it within [`QUICK_LOOK`].
fn file_count(run: &Run<'_>, problem: &dyn Problem) -> Option<BigUint> {
    // An orbit search lists the models of its symmetry-broken parts, not of the file.
    if problem.orbit_weights() {
        return None;
    }
    let start = Instant::now();
    let mut count = BigUint::from(1u32);
    for part in 0..problem.parts() {
        let f = problem
            .model(part)
            .lowered(&zero_one_model::CnfOptions::default());
        let left = QUICK_LOOK.saturating_sub(start.elapsed());
        count *= crate::counter::quick_count(&*f.ok()?, left, Some(&run.stop))?;
    }
    Some(count << problem.free_vars())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(c: &[u32]) -> Vec<BigUint> {
        c.iter().map(|&c| BigUint::from(c)).collect()
    }

    #[test]
    fn a_cube_lists_at_least_its_pieces_sum_and_never_more_than_their_product() {
        for (pieces, least) in [
            (&[][..], 0u32),
            (&[7], 7),
            (&[2, 3], 4),
            (&[1, 1, 1], 1),
            (&[5, 0, 9], 0),
        ] {
            let c = counts(pieces);
            let product: BigUint = c.iter().product();
            let got = listed_at_least(&c);
            assert_eq!(got, BigUint::from(least), "{pieces:?}");
            assert!(pieces.is_empty() || got <= product, "{pieces:?}");
        }
    }
}
