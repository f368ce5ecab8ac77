//! What a stopped solve or count knew, in one line: the bounds on the domination number
//! reached, the best set so far, the tasks or cubes finished.

use super::text::{board_name, queens_word};
use crate::domination::{CountStop, Domination, SolveStop};

impl CountStop {
    /// What the count of the n x n board under `d` knew when it stopped.
    pub fn message(&self, n: usize, d: Domination) -> String {
        let name = board_name(n, d);
        match self {
            CountStop::SearchingMinimum(s) => format!(
                "{name}: interrupted while finding γ: γ >= {} (no smaller set, by the searches finished)",
                s.lower_bound
            ),
            CountStop::CheckingMinimum(s) => match &s.queens {
                Some(q) => format!(
                    "{name}: interrupted while finding γ: {} <= γ <= {} (the best set so far has {} {})",
                    s.lower_bound,
                    q.len(),
                    q.len(),
                    queens_word(q.len())
                ),
                None => format!(
                    "{name}: interrupted while finding γ, before the first set (γ >= {})",
                    s.lower_bound
                ),
            },
            CountStop::SearchingSets {
                k,
                tasks_done,
                tasks_total,
            } => format!(
                "{name}: interrupted while counting the sets of {k} {} ({tasks_done} of {tasks_total} tasks done)",
                queens_word(*k)
            ),
            CountStop::CountingCubes {
                cubes_done,
                cubes_total,
                sets,
                ..
            } => format!(
                "{name}: interrupted after {cubes_done} of {cubes_total} cubes ({sets} sets so far)"
            ),
        }
    }
}

impl SolveStop {
    /// What the solve of the n x n board under `d` knew when it stopped. SAT checks stopped
    /// after a set was found have a set to print as well: [`super::BestSoFar`].
    pub fn message(&self, n: usize, d: Domination) -> String {
        let name = board_name(n, d);
        match self {
            SolveStop::SearchingBounded {
                bound,
                tasks_done,
                tasks_total,
            } => format!(
                "{name}: interrupted before a set of at most {bound} queens was found ({tasks_done} of {tasks_total} tasks searched)"
            ),
            SolveStop::CheckingBounded { bound } => format!(
                "{name}: interrupted before a set of at most {bound} queens was found"
            ),
            // The search finds its first set only at the domination number: there is no set
            // to print.
            SolveStop::SearchingMinimum(s) => format!(
                "{name}: interrupted: γ >= {} (no smaller set, by the searches finished); the search for {} queens was {} of {} tasks in",
                s.lower_bound, s.lower_bound, s.tasks_done, s.tasks_total
            ),
            SolveStop::CheckingMinimum(s) => match &s.queens {
                Some(q) => format!(
                    "{name}: interrupted; the best set so far has {} {}, not proved minimum",
                    q.len(),
                    queens_word(q.len())
                ),
                None => format!("{name}: interrupted before any set was found"),
            },
        }
    }
}
