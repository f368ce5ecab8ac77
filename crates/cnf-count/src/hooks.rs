//! What a caller hands a count besides its options: a stop flag, a progress callback, and
//! (as an option, since it forces enumeration) a sink for every model.

use zero_one_model::{Lit, Model, StopFlag};

/// The caller's hooks into a running count. The callback is borrowed for the call only.
#[derive(Clone, Default)]
pub struct Hooks<'a> {
    /// Raise it to stop the count soon: an enumeration reports the cubes finished, the model
    /// counter no count. The switch of [`crate::Method::Auto`] raises it too, to stop the
    /// enumeration it hands over (and lowers it again): give a backend of your own a clone
    /// of it. Without one, the count uses a flag of its own.
    pub stop: Option<StopFlag>,
    /// Called as the count goes, from the threads that count.
    pub progress: Option<&'a (dyn Fn(Progress<'_>) + Sync)>,
}

/// How far a count is.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Progress<'p> {
    /// The enumeration finished another cube.
    Cubes(count_engine::Progress),
    /// The model counter's figures so far.
    Counter(&'p sharpcount::Progress),
}

/// Why a [`ModelSink`] refused to begin.
pub type SinkError = Box<dyn std::error::Error + Send + Sync>;

/// Takes every model of an enumeration ([`crate::CountOptions::models`]): the file is then
/// counted whole, in its own numbering, so that every model assigns every variable of the
/// file (its first `model.num_vars()` ones).
pub trait ModelSink: Sync {
    /// The most models the sink takes for a file of `num_vars` variables: a file the model
    /// counter shows, within a moment, to have more is refused before any model is listed.
    fn cap(&self, num_vars: usize) -> u64;

    /// Called once, before counting, with the model counted and its cubes: the index that
    /// [`ModelSink::record`] receives is a position in `cubes`.
    ///
    /// # Errors
    /// Whatever stops the sink from taking models; the count is then not made.
    fn begin(&self, model: &Model, cubes: Vec<Vec<Lit>>) -> Result<(), SinkError>;

    /// A model of cube `cube`, validated against every clause, from the thread that found
    /// it. Models of a cube that a stop drops may have been passed already: keep only those
    /// of finished cubes ([`count_engine::Outcome::cubes`]).
    fn record(&self, cube: usize, assignment: &[bool]);
}
