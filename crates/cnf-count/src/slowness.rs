//! Why an enumeration was judged slow ([`crate::switch`]): what was watched and what it
//! showed, as values; their `Display` is the sentence a report prints.

use std::fmt;
use std::time::Duration;

/// What a watcher judged slow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Watched {
    /// Listing models, cube by cube.
    Enumeration,
    /// Listing one model per orbit ([`crate::CountOptions::orbits`]).
    OrbitSearch,
}

impl fmt::Display for Watched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Watched::Enumeration => "enumeration",
            Watched::OrbitSearch => "the orbit search",
        })
    }
}

/// What the watcher saw when it judged the run slow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Sign {
    /// No cube had finished at the first look ([`crate::FIRST_LOOK`]).
    NoCubeFinished,
    /// At the pace so far, what is left would take about this long, past [`crate::LONG`].
    TooLong {
        /// The time left, estimated.
        left: Duration,
    },
    /// No cube finished for `stalled`, over [`crate::STRAGGLER`] times a cube's mean time
    /// `mean` on a thread: a cube straggles.
    Straggler {
        /// Since the last cube finished.
        stalled: Duration,
        /// A thread's time per finished cube.
        mean: Duration,
    },
}

/// Why a run was judged slow: what was watched, what it showed, and where it stood.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Slowness {
    /// What was watched.
    pub watched: Watched,
    /// What it showed.
    pub sign: Sign,
    /// Cubes finished.
    pub done: usize,
    /// Cubes in the run.
    pub total: usize,
    /// Since the run started.
    pub elapsed: Duration,
}

impl fmt::Display for Slowness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Slowness {
            watched,
            done,
            total,
            ..
        } = *self;
        let secs = self.elapsed.as_secs_f64();
        match self.sign {
            Sign::NoCubeFinished => write!(f, "{watched} had finished no cube after {secs:.1} s"),
            Sign::TooLong { left } => write!(
                f,
                "{watched} would have taken about {:.0} s more ({done} of {total} cubes after \
                 {secs:.1} s)",
                left.as_secs_f64()
            ),
            Sign::Straggler { stalled, mean } => write!(
                f,
                "{watched} finished no cube for {:.1} s, over {} times a cube's mean time of \
                 {:.3} ms ({done} of {total} cubes after {secs:.1} s)",
                stalled.as_secs_f64(),
                crate::STRAGGLER,
                mean.as_secs_f64() * 1e3
            ),
        }
    }
}
