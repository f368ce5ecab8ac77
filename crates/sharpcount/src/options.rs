//! How a count runs: memory for the cache, a stop flag, a progress callback, a time limit.

use crate::stats::Progress;
use std::time::Duration;
use zero_one_model::StopFlag;

/// The default size of the component cache, in MiB.
pub const DEFAULT_CACHE_MB: usize = 2048;

/// Settings of [`count`](crate::count). Start from [`Options::default`] and change fields or
/// use the `with_*` methods.
///
/// ```
/// use zero_one_model::StopFlag;
/// let stop = StopFlag::new(); // raise it from any thread to stop the count
/// let options = sharpcount::Options::default().with_cache_mb(64).with_stop(stop.clone());
/// assert_eq!(options.cache_mb, 64);
/// ```
#[non_exhaustive]
#[derive(Clone)]
pub struct Options<'a> {
    /// Upper bound of the component cache in MiB; older entries are evicted past it. When
    /// compiling ([`compile`](crate::compile)) the compiled formula has a bound of the same
    /// size of its own ([`Error::CompiledTooLarge`](crate::Error::CompiledTooLarge) past it).
    pub cache_mb: usize,
    /// Once this flag is raised (from any thread), counting stops soon with
    /// [`Error::Interrupted`](crate::Error::Interrupted).
    pub stop: Option<StopFlag>,
    /// Called with a [`Progress`] snapshot about every 100 ms while counting.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// Counting stops with [`Error::TimeLimit`](crate::Error::TimeLimit) after this much wall time.
    pub time_limit: Option<Duration>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            cache_mb: DEFAULT_CACHE_MB,
            stop: None,
            progress: None,
            time_limit: None,
        }
    }
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("cache_mb", &self.cache_mb)
            .field("stop", &self.stop)
            .field("progress", &self.progress.map(|_| "Fn(&Progress)"))
            .field("time_limit", &self.time_limit)
            .finish()
    }
}

impl<'a> Options<'a> {
    /// The same options with the cache bounded by `mb` MiB.
    pub fn with_cache_mb(mut self, mb: usize) -> Self {
        self.cache_mb = mb;
        self
    }

    /// The same options, stopping once `flag` is raised.
    pub fn with_stop(mut self, flag: StopFlag) -> Self {
        self.stop = Some(flag);
        self
    }

    /// The same options, reporting progress to `callback`.
    pub fn with_progress(mut self, callback: &'a (dyn Fn(&Progress) + Sync)) -> Self {
        self.progress = Some(callback);
        self
    }

    /// The same options, stopping after `limit` of wall time.
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }
}
