//! Cube-and-count for unprojected formulas with one cache the threads share. Cubes of an
//! unprojected formula lose the cache hits that the branches of one search share: the
//! same sub-formula is counted again in every cube that meets it. Here every cube is a
//! search over the same simplified clauses (so a component's key means the same in all of
//! them) with the cube's literals assumed, and a worker that finishes a cube moves its
//! cache into a shared one, which every search reads when its own misses.
//!
//! Only a finished cube's entries are shared: while a search runs, an entry made under a
//! branch that later ends with no models may be too small and is purged
//! ([`crate::cache`]); once the search is over, every entry left is the exact count of
//! its component, whatever formula and cube it was met in, since a key names the
//! component's variables and the clauses of the simplified formula it holds.

use crate::cache::Cache;
use crate::limits::Limits;
use crate::lit::Lit;
use crate::preprocess::Simplified;
use crate::search::{halt_to_error, Search};
use crate::semiring::Count;
use crate::tuning::Tuning;
use crate::{Counted, Error, Options, Stats};
use num_bigint::BigUint;
use std::sync::RwLock;
use std::time::Instant;

/// The part of the cache bound the shared cache gets; each worker's own cache gets an
/// equal share of the rest.
const SHARED_PART: usize = 2;

/// What a worker needs to count one cube.
pub(crate) struct Cubes<'s> {
    /// The simplified formula every cube restricts.
    pub formula: &'s Simplified,
    /// The variables split on: cube `i` sets variable `split[j]` true when bit `j` of `i`
    /// is 0.
    pub split: Vec<u32>,
    /// The tree decomposition of the formula, made once for every cube.
    pub tree: Option<crate::tree::TreeOrder>,
    /// The cache the finished cubes publish to.
    pub shared: RwLock<Cache<BigUint>>,
    /// Each worker's own cache bound.
    pub own_bytes: usize,
}

impl<'s> Cubes<'s> {
    /// The cubes of `formula` split on `split`, with its tree decomposition `tree`, for
    /// `threads` workers within `cache_bytes` in all.
    pub(crate) fn new(
        formula: &'s Simplified,
        split: Vec<u32>,
        threads: usize,
        cache_bytes: usize,
        tree: Option<crate::tree::TreeOrder>,
    ) -> Cubes<'s> {
        let shared_bytes = cache_bytes / SHARED_PART;
        Cubes {
            formula,
            split,
            tree,
            shared: RwLock::new(Cache::new(shared_bytes)),
            own_bytes: (cache_bytes - shared_bytes) / threads.max(1),
        }
    }

    /// Number of cubes.
    pub(crate) fn len(&self) -> usize {
        1 << self.split.len()
    }

    /// Counts cube `index` with `options` (its stop flag, time limit and progress): the
    /// count and the figures, or the error with them.
    pub(crate) fn count(&self, index: usize, options: &Options<'_>) -> Result<Counted, Error> {
        let start = Instant::now();
        let f = self.formula;
        let mut search = Search::new(
            Count,
            &f.clauses,
            f.projected.clone(),
            self.own_bytes,
            Limits::new(options, start),
            &Tuning::default(),
            self.tree.as_ref(),
        );
        search.set_defined(f.defined.clone());
        search.share(&self.shared);
        let cube: Vec<Lit> = self
            .split
            .iter()
            .enumerate()
            .map(|(j, &v)| Lit::new(v, index >> j & 1 != 0))
            .collect();
        let mut stats = Stats::default();
        let result = if search.assume(&cube) {
            search.run()
        } else {
            Ok(BigUint::default())
        };
        search.report(&mut stats);
        stats.elapsed = start.elapsed();
        match result {
            Ok(n) => {
                let cache = search.into_cache();
                if let Ok(mut shared) = self.shared.write() {
                    shared.absorb(cache);
                }
                Ok(Counted { count: n, stats })
            }
            Err(h) => Err(halt_to_error(h, stats)),
        }
    }
}
