//! How a file is counted ([`CountOptions`]) and which method that makes it ([`Plan`]): the
//! options only enumeration honours force it, and the model counter refuses them.

use crate::result::Reason;
use crate::{CnfCountError, ModelSink};
use count_engine::Shard;
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use zero_one_model::Backend;

/// Which method counts a file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// Enumerate, and switch to the model counter when the enumeration is judged slow
    /// ([`crate::FIRST_LOOK`], [`crate::LONG`], [`crate::STRAGGLER`]); a weighted file goes
    /// to the counter.
    #[default]
    Auto,
    /// List every model: cubes over threads, checkpoints, shards, orbits, a model sink;
    /// refused when listing cannot finish ([`CountOptions::listing_limit`]).
    Enumerate,
    /// The model counter: component caching and clause learning, counts of any size.
    Counter,
}

/// An option only enumeration honours.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EnumerationOption {
    /// [`CountOptions::models`].
    Models,
    /// [`CountOptions::orbits`].
    Orbits,
    /// [`CountOptions::checkpoint`].
    Checkpoint,
    /// [`CountOptions::shard`].
    Shard,
    /// [`CountOptions::cube_depth`].
    CubeDepth,
    /// [`CountOptions::backend`].
    Backend,
}

impl fmt::Display for EnumerationOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EnumerationOption::Models => "a model sink",
            EnumerationOption::Orbits => "counting orbits",
            EnumerationOption::Checkpoint => "a checkpoint",
            EnumerationOption::Shard => "a shard",
            EnumerationOption::CubeDepth => "a cube depth",
            EnumerationOption::Backend => "a backend",
        })
    }
}

/// How [`crate::count`] counts. Start from [`CountOptions::default`] (the method chosen by
/// estimate, every core, the default backend, listing refused past
/// [`crate::LISTING_LIMIT`]) and set what you need.
#[derive(Clone)]
#[non_exhaustive]
pub struct CountOptions<'a> {
    /// The method.
    pub method: Method,
    /// Worker threads (`None`: every core). The weighted count and [`CountOptions::compile`]
    /// run on one thread and refuse more when asked for.
    pub threads: Option<usize>,
    /// The most memory, in MiB, the model counter's cache may hold (`None`:
    /// [`sharpcount::DEFAULT_CACHE_MB`]); refused with enumeration.
    pub cache_mb: Option<usize>,
    /// Also compile the model counter's search into a decision-DNNF
    /// ([`Counted::compiled`](crate::Counted::compiled)); forces the counter.
    pub compile: bool,
    /// Count the orbits of the models under the file's own symmetries too (each canonical
    /// model counted with its orbit size): forces enumeration.
    pub orbits: bool,
    /// Levels of clause splits (`None`: until there are [`crate::DEFAULT_TARGET_CUBES`], or
    /// [`crate::ORBIT_TARGET_CUBES`] when counting orbits); forces enumeration.
    pub cube_depth: Option<usize>,
    /// Append finished cubes to this file and skip those already in it; forces enumeration.
    pub checkpoint: Option<&'a Path>,
    /// Count only this part of the cubes; forces enumeration.
    pub shard: Option<Shard>,
    /// The enumeration's backend (`None`: DPLL handing hard parts to varisat, stopped by the
    /// count's stop flag). A backend given forces enumeration; it should hold a clone of the
    /// stop flag of [`crate::Hooks::stop`], so that a stop reaches it.
    pub backend: Option<Arc<dyn Backend>>,
    /// Hand every model, over every variable of the file, to this sink; forces enumeration.
    pub models: Option<&'a dyn ModelSink>,
    /// What the count is called in checkpoint and shard keys (a file's name, say).
    pub label: &'a str,
    /// With enumeration asked for or forced by an option (no switch to the counter): once
    /// the enumeration is judged slow, refuse it
    /// ([`CnfCountError::HopelessListing`](crate::CnfCountError::HopelessListing)) when the
    /// model counter shows, within a moment, that listing the models left would take
    /// longer than this even at [`crate::LISTING_RATE`] (default: [`crate::LISTING_LIMIT`]).
    /// `None` lists whatever it takes. Looked at with a checkpoint too (a refused count
    /// keeps it); not with a model sink (refused past its cap before listing) or orbits.
    pub listing_limit: Option<Duration>,
}

impl Default for CountOptions<'_> {
    fn default() -> Self {
        CountOptions {
            method: Method::default(),
            threads: None,
            cache_mb: None,
            compile: false,
            orbits: false,
            cube_depth: None,
            checkpoint: None,
            shard: None,
            backend: None,
            models: None,
            label: "",
            listing_limit: Some(crate::LISTING_LIMIT),
        }
    }
}

/// How a file will be counted, and why.
pub(crate) enum Plan {
    /// By enumeration only.
    Enumerate(Reason),
    /// By the model counter only.
    Counter(Reason),
    /// By enumeration, switching to the counter when it would take long.
    Auto,
}

impl Plan {
    /// Why the model counter counts the file when it is the only method that can (a weighted
    /// file, a compilation): `auto` for [`Plan::Auto`]; a plan of enumeration is refused
    /// with `refuse(the option that forced it, or None when it was asked for)`.
    pub(crate) fn for_counter(
        self,
        auto: Reason,
        refuse: impl FnOnce(Option<EnumerationOption>) -> CnfCountError,
    ) -> Result<Reason, CnfCountError> {
        match self {
            Plan::Counter(reason) => Ok(reason),
            Plan::Auto => Ok(auto),
            Plan::Enumerate(Reason::NeedsEnumeration(option)) => Err(refuse(Some(option))),
            Plan::Enumerate(_) => Err(refuse(None)),
        }
    }
}

impl CountOptions<'_> {
    /// Checks that the options fit together, before a file is read.
    ///
    /// # Errors
    /// [`CnfCountError::NeedsEnumeration`] and [`CnfCountError::CacheWithoutCounter`].
    pub fn check(&self) -> Result<(), CnfCountError> {
        self.plan().map(drop)
    }

    /// The worker threads asked for, or every core.
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The model counter's cache in MiB.
    pub fn cache_mb(&self) -> usize {
        self.cache_mb.unwrap_or(sharpcount::DEFAULT_CACHE_MB)
    }

    /// Whether the count is an enumeration without a switch to the model counter
    /// ([`Method::Enumerate`], or an option only enumeration honours), to which
    /// [`CountOptions::listing_limit`] applies (a weighted file is refused then).
    pub fn enumerates(&self) -> bool {
        self.method == Method::Enumerate
            || (self.method == Method::Auto && self.needs_enumeration().is_some())
    }

    /// The first option given that only enumeration honours (`None` when no option makes
    /// the count an enumeration).
    pub fn needs_enumeration(&self) -> Option<EnumerationOption> {
        [
            (self.models.is_some(), EnumerationOption::Models),
            (self.orbits, EnumerationOption::Orbits),
            (self.checkpoint.is_some(), EnumerationOption::Checkpoint),
            (self.shard.is_some(), EnumerationOption::Shard),
            (self.cube_depth.is_some(), EnumerationOption::CubeDepth),
            (self.backend.is_some(), EnumerationOption::Backend),
        ]
        .into_iter()
        .find_map(|(given, option)| given.then_some(option))
    }

    /// The plan the options ask for.
    pub(crate) fn plan(&self) -> Result<Plan, CnfCountError> {
        let needs_enumeration = self.needs_enumeration();
        match self.method {
            Method::Enumerate => {
                if self.cache_mb.is_some() {
                    return Err(CnfCountError::CacheWithoutCounter { forced_by: None });
                }
                Ok(Plan::Enumerate(Reason::Asked))
            }
            Method::Counter => match needs_enumeration {
                Some(option) => Err(CnfCountError::NeedsEnumeration { option }),
                None => Ok(Plan::Counter(Reason::Asked)),
            },
            Method::Auto => match needs_enumeration {
                Some(option) if self.cache_mb.is_some() => {
                    Err(CnfCountError::CacheWithoutCounter {
                        forced_by: Some(option),
                    })
                }
                Some(option) => Ok(Plan::Enumerate(Reason::NeedsEnumeration(option))),
                None => Ok(Plan::Auto),
            },
        }
    }

    /// Whether more than one thread was asked for (the counter's one-thread runs refuse it).
    pub(crate) fn many_threads(&self) -> bool {
        self.threads.is_some_and(|t| t > 1)
    }
}
