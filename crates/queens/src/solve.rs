//! A board solve as a caller asks for it ([`SolveRequest`]): a board known to have no
//! solution answered without a search, the limits of time, of the counter and of the formula
//! checked before it runs, every board handed over checked first, and an answer of none
//! judged by what is known of the board independently ([`Solved`]).

use crate::sizes::{self, TooLargeToSolve};
use crate::Symmetry;
use crate::{Board, BoardCounter, CountRefusal, FormulationKind, NoSolution, QueensError};
use crate::{Rules, Spelling};
use toolkit_base::StopFlag;

/// Solutions of one board, as asked: [`SolveRequest::known`] answers what needs no search,
/// [`SolveRequest::check`] refuses what cannot run, [`SolveRequest::run`] lists.
#[derive(Clone)]
pub struct SolveRequest<'a> {
    /// The board size.
    pub n: usize,
    /// The board's rules, checked against `n` ([`Rules::check`]).
    pub rules: &'a Rules,
    /// The formulation a counter that builds a model solves.
    pub formulation: FormulationKind,
    /// What finds the solutions.
    pub counter: &'a dyn BoardCounter,
    /// The counter in words, for refusals (`the bitboard oracle`).
    pub counter_what: &'a str,
    /// At most this many solutions; `None`: every one.
    pub limit: Option<u64>,
    /// The caller chose the counter: a board known to have no solution is searched all the
    /// same, and the search's answer held to what is known.
    pub chosen: bool,
    /// Run a listing estimated past [`sizes::LIMIT_S`], or a formula past
    /// [`sizes::CNF_SOLVE_MAX_N`], too.
    pub force: bool,
    /// Raised: the listing stops with what was handed over.
    pub stop: Option<StopFlag>,
}

/// Why a [`SolveRequest`] cannot run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveRefusal {
    /// Every solution estimated too long ([`CountRefusal::TooLong`]), or a board past the
    /// counter's own limit ([`CountRefusal::PastCounter`]), as for a count.
    #[error(transparent)]
    Limit(CountRefusal),
    /// A board whose CNF lowering is too large.
    #[error("{}", self.said(&Spelling::default()))]
    TooLarge(TooLargeToSolve),
}

impl SolveRefusal {
    /// What is refused, in `names`' terms, and what to do instead.
    ///
    /// ```
    /// use nqueens_queens::sizes::TooLargeToSolve;
    /// use nqueens_queens::{SolveRefusal, Spelling};
    /// let names = Spelling { force: "--force", ..Spelling::default() };
    /// assert_eq!(
    ///     SolveRefusal::TooLarge(TooLargeToSolve { n: 300 }).said(&names),
    ///     "n = 300: boards above 200 make very large formulas; pass --force to try anyway"
    /// );
    /// ```
    pub fn said(&self, names: &Spelling<'_>) -> String {
        match self {
            SolveRefusal::Limit(e) => e.said(names),
            SolveRefusal::TooLarge(e) => format!("{e}; pass {} to try anyway", names.force),
        }
    }
}

/// How a solve ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Solved {
    /// This many solutions were handed over: all asked for, or every one.
    Found(u64),
    /// The stop flag ended the listing after this many.
    Stopped(u64),
    /// No solution, judged by what is known of the board: before any search when the
    /// counter was not chosen and the board is known to have none.
    NoSolution(NoSolution),
}

impl SolveRequest<'_> {
    /// The answer when no search is needed: a board known to have no solution (OEIS, Pólya
    /// on the torus, the oracle for a small board with given squares) and a counter the
    /// caller did not choose, which would have to exhaust it (long on the torus from n = 20).
    pub fn known(&self) -> Option<Solved> {
        if self.chosen {
            return None;
        }
        match NoSolution::judge(self.n, self.rules) {
            none @ NoSolution::Confirmed(_) => Some(Solved::NoSolution(none)),
            _ => None,
        }
    }

    /// Refuses a request that cannot run unless forced: every solution estimated past the
    /// time limit (one search, no symmetry, one thread), a board past the counter's limit,
    /// a CNF lowering past [`sizes::CNF_SOLVE_MAX_N`].
    ///
    /// # Errors
    /// The first [`SolveRefusal`] that applies.
    pub fn check(&self) -> Result<(), SolveRefusal> {
        let (n, rules) = (self.n, self.rules);
        if self.limit.is_none() && !self.force {
            let secs = sizes::counter_seconds(n, rules, self.counter, 1, Symmetry::None);
            let what = || format!("printing every solution of {}", rules.board_name(n));
            let too_long = |e| SolveRefusal::Limit(CountRefusal::TooLong(e));
            sizes::within_limit(secs, rules, what).map_err(too_long)?;
        }
        let caps = self.counter.capabilities();
        if let Some(max) = caps.max_n.filter(|&max| n > max) {
            let counter = self.counter_what.to_string();
            let past = CountRefusal::PastCounter { n, max, counter };
            return Err(SolveRefusal::Limit(past));
        }
        // A backend that lowers the model to CNF (any but one taking linear rows as they are).
        let lowers_to_cnf = caps.backend.is_some_and(|b| !b.native_linear);
        if !self.force {
            sizes::check_solve_size(n, lowers_to_cnf).map_err(SolveRefusal::TooLarge)?;
        }
        Ok(())
    }

    /// Hands the solutions to `f`, each checked first (a solver's against the model and by
    /// the independent checker, the oracle's by the checker), until `f` returns `false`, the
    /// limit is reached or the stop flag is raised.
    ///
    /// # Errors
    /// A failure of the counter, unless the stop flag was raised (an external solver killed
    /// reports its end as its own failure).
    pub fn run(&self, f: &mut dyn FnMut(&Board) -> bool) -> Result<Solved, QueensError> {
        let stopped = || self.stop.as_ref().is_some_and(StopFlag::is_raised);
        let mut found = 0u64;
        let mut each = |board: &Board| {
            if stopped() {
                return false;
            }
            found += 1;
            f(board)
        };
        let (n, rules) = (self.n, self.rules);
        let listed = self
            .counter
            .solutions(n, rules, self.formulation, self.limit, &mut each);
        if stopped() {
            return Ok(Solved::Stopped(found));
        }
        listed?;
        Ok(match found {
            0 => Solved::NoSolution(NoSolution::judge(n, rules)),
            found => Solved::Found(found),
        })
    }
}

impl NoSolution {
    /// What a solver's answer of no solution for `board` (its name) means, in a sentence.
    ///
    /// ```
    /// use nqueens_queens::{NoSolution, Rules};
    /// let none = NoSolution::judge(3, &Rules::classic());
    /// assert_eq!(none.said("Q(3)"), "Q(3) has no solution (OEIS A000170 lists 0)");
    /// ```
    pub fn said(&self, board: &str) -> String {
        match self {
            NoSolution::Confirmed(who) => format!("{board} has no solution ({who})"),
            NoSolution::Contradicted(who) => {
                format!("the solver found no solution for {board}, but {who}")
            }
            NoSolution::Unconfirmed => {
                format!("{board}: the solver found no solution (nothing independent confirms it)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Oracle, Square, Variant};

    fn request<'a>(n: usize, rules: &'a Rules, counter: &'a Oracle) -> SolveRequest<'a> {
        SolveRequest {
            n,
            rules,
            formulation: FormulationKind::Board,
            counter,
            counter_what: "the bitboard oracle",
            limit: Some(3),
            chosen: false,
            force: false,
            stop: None,
        }
    }

    #[test]
    fn a_board_known_to_have_none_is_answered_unless_the_counter_was_chosen() {
        let (rules, oracle) = (Rules::classic(), Oracle);
        let mut r = request(3, &rules, &oracle);
        assert!(matches!(
            r.known(),
            Some(Solved::NoSolution(NoSolution::Confirmed(_)))
        ));
        r.chosen = true;
        assert_eq!(r.known(), None);
        let none = r.run(&mut |_| true).unwrap();
        assert!(matches!(none, Solved::NoSolution(NoSolution::Confirmed(_))));
    }

    #[test]
    fn solutions_are_handed_over_up_to_the_limit_and_each_is_one() {
        let (rules, oracle) = (Rules::classic(), Oracle);
        let r = request(8, &rules, &oracle);
        assert_eq!(r.known(), None);
        let mut boards = Vec::new();
        let solved = r.run(&mut |b| {
            boards.push(b.clone());
            true
        });
        assert_eq!(solved.unwrap(), Solved::Found(3));
        assert!(boards
            .iter()
            .all(|b| crate::first_violation(&rules, b.columns()).is_none()));
    }

    #[test]
    fn a_raised_stop_flag_ends_the_listing_with_what_was_found() {
        let (rules, oracle) = (Rules::classic(), Oracle);
        let mut r = request(8, &rules, &oracle);
        let stop = StopFlag::new();
        r.stop = Some(stop.clone());
        r.limit = None;
        let solved = r.run(&mut |_| {
            stop.raise();
            true
        });
        assert_eq!(solved.unwrap(), Solved::Stopped(1));
    }

    #[test]
    fn refusals_name_the_limit_and_force_lifts_the_size_ones() {
        let (rules, oracle) = (Rules::classic(), Oracle);
        let mut r = request(40, &rules, &oracle);
        let e = r.check().unwrap_err();
        assert_eq!(
            e.said(&Spelling::default()),
            format!(
                "n = 40: the bitboard oracle handles n <= {}",
                crate::MAX_BACKTRACK_N
            )
        );
        r.n = 24;
        r.limit = None;
        assert!(matches!(
            r.check(),
            Err(SolveRefusal::Limit(CountRefusal::TooLong(_)))
        ));
        r.force = true;
        assert_eq!(r.check(), Ok(()));
        let blocked = Rules::new(Variant::Classic, vec![], vec![Square::new(0, 0)]);
        assert!(request(5, &blocked, &oracle).check().is_ok());
    }
}
