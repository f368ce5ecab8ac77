//! What a domination solve, count or size table reports, as a library user gets it and as
//! `nqueens` prints it: a minimum set with the proof and the trace of how it was found
//! ([`MinimumSet`]), a set under a bound ([`BoundedSet`]), the best set of an interrupted
//! solve ([`BestSoFar`]), a count ([`DominationCount`]), no set under a bound ([`NoSet`]),
//! what a stopped solve or count knew, and the model's sizes ([`SizeTable`]). Each serialises
//! to the object `--json` prints (the CLI goes through a `serde_json::Value`, whose keys are
//! sorted) and has a human form (`Display`, or `text` for a set drawn on its board).

mod best;
mod count;
mod said;
mod set;
mod sizes;
mod stop;
mod text;

pub use best::BestSoFar;
pub use count::{CountMethod, DominationCount};
pub use said::{json_or, Ending, Said};
pub(crate) use set::by_name;
pub use set::{BoundedSet, Method, MinimumSet, Trace};
pub use sizes::SizeTable;
pub use text::{board_name, queens_word, NoSet};
