//! What a stopped solve or count knew, in one line: the bounds on the domination number
//! reached, the best set so far, the tasks or cubes finished.

use super::text::{board_name, queens_word};
use crate::{CountStop, Domination, SolveStop};

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
                "{name}: interrupted while counting the sets of {k} {} ({tasks_done} of {} done)",
                queens_word(*k),
                zero_one_model::plural(tasks_total, "task")
            ),
            CountStop::CountingCubes {
                cubes_done,
                cubes_total,
                sets,
                ..
            } => format!(
                "{name}: interrupted after {cubes_done} of {} ({} so far)",
                zero_one_model::plural(cubes_total, "cube"),
                zero_one_model::plural(sets, "set")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stopped;

    #[test]
    fn a_stopped_engine_count_says_the_cubes_and_sets_so_far() {
        let stop = CountStop::CountingCubes {
            k: 5,
            cubes_done: 12,
            cubes_total: 256,
            sets: 4860u32.into(),
        };
        assert_eq!(
            stop.message(8, "domination".parse().unwrap()),
            "Q(8) domination: interrupted after 12 of 256 cubes (4860 sets so far)"
        );
    }

    #[test]
    fn stopped_checks_say_whether_a_set_was_found() {
        let d: Domination = "toroidal-domination".parse().unwrap();
        let checks = |queens| Stopped {
            n: 9,
            variant: d.name().into(),
            queens,
            lower_bound: 1,
            steps: Vec::new(),
        };
        assert_eq!(
            SolveStop::CheckingMinimum(checks(None)).message(9, d),
            "Q(9) toroidal-domination: interrupted before any set was found"
        );
        let one = Some(vec![nqueens_board::Square::new(4, 4)]);
        assert_eq!(
            SolveStop::CheckingMinimum(checks(one.clone())).message(9, d),
            "Q(9) toroidal-domination: interrupted; the best set so far has 1 queen, not proved minimum"
        );
        assert_eq!(
            CountStop::CheckingMinimum(checks(one)).message(9, d),
            "Q(9) toroidal-domination: interrupted while finding γ: 1 <= γ <= 1 (the best set so far has 1 queen)"
        );
    }
}
