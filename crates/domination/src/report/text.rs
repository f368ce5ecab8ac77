//! The human form of the solve reports: the board's name and the word for its queens in
//! messages, the one-line header of a set over the set drawn on its board, and the line
//! that says no set exists under a bound.

use super::{BoundedSet, Method, MinimumSet};
use crate::{Domination, Proof};
use nqueens_board::Square;
use nqueens_queens::draw_queens;
use std::fmt;

/// The board's name in messages: `Q(8) domination`.
///
/// ```
/// use nqueens_domination::report::board_name;
///
/// assert_eq!(board_name(8, "domination".parse()?), "Q(8) domination");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_name(n: usize, d: Domination) -> String {
    format!("Q({n}) {d}")
}

/// "queen" or "queens", for `k` of them.
pub fn queens_word(k: usize) -> &'static str {
    if k == 1 {
        "queen"
    } else {
        "queens"
    }
}

/// A header over the set drawn on the n x n board; `ascii`: a `c` line over `Q` and `.`
/// (a comment line for tools that read the board).
pub(crate) fn drawn(header: &str, n: usize, queens: &[Square], ascii: bool) -> String {
    if ascii {
        format!("c {header}\n{}", draw_queens(n, queens, true))
    } else {
        format!("{header}\n{}", draw_queens(n, queens, false))
    }
}

impl MinimumSet {
    /// One line: the set's size, why it is minimum, the OEIS verdict and, for the exact
    /// search, the nodes visited.
    pub fn header(&self) -> String {
        let (n, d, k) = (self.n, self.variant, self.k);
        let why = match self.proof {
            Proof::LowerBound => format!(
                "the lower bound is {} ({})",
                self.lower_bound,
                d.lower_bound_source(n)
            ),
            _ => format!("no set of {} exists", k - 1),
        };
        let how = match self.trace.nodes() {
            Some(nodes) => format!("; search: {}", zero_one_model::plural(nodes, "node")),
            None => String::new(),
        };
        format!(
            "{}: {k} {}, minimum ({why}; {}{how})",
            board_name(n, d),
            queens_word(k),
            self.oeis.phrase()
        )
    }

    /// The [`MinimumSet::header`] over the set drawn on the board (`ascii`: `Q` and `.`,
    /// the header a `c` line).
    pub fn text(&self, ascii: bool) -> String {
        drawn(&self.header(), self.n, &self.queens, ascii)
    }
}

impl BoundedSet {
    /// One line: the set's size and the bound asked.
    pub fn header(&self) -> String {
        format!(
            "{}: {} {} (at most {} asked)",
            board_name(self.n, self.variant),
            self.k,
            queens_word(self.k),
            self.bound
        )
    }

    /// The [`BoundedSet::header`] over the set drawn on the board (`ascii`: `Q` and `.`,
    /// the header a `c` line).
    pub fn text(&self, ascii: bool) -> String {
        drawn(&self.header(), self.n, &self.queens, ascii)
    }
}

/// No set of at most `bound` queens: the line that says so, and who says so when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NoSet {
    /// Board size.
    pub n: usize,
    /// Which problem.
    pub variant: Domination,
    /// The bound.
    pub bound: usize,
    /// Who says so: the whole search tree, or a solver's answer (`None`: not said).
    pub method: Option<Method>,
}

impl NoSet {
    /// No set of at most `bound` queens on the n x n board under `d`, by `method`.
    pub fn new(n: usize, d: Domination, bound: usize, method: Option<Method>) -> NoSet {
        NoSet {
            n,
            variant: d,
            bound,
            method,
        }
    }
}

impl fmt::Display for NoSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: no set of at most {} {}",
            board_name(self.n, self.variant),
            self.bound,
            queens_word(self.bound)
        )?;
        match self.method {
            Some(Method::Search) => f.write_str(" (the whole search tree)"),
            Some(Method::Backend) => f.write_str(" (the solver's answer)"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_set_names_the_board_the_bound_and_who_says_so() {
        let d: Domination = "independent-domination".parse().unwrap();
        assert_eq!(
            NoSet::new(8, d, 4, Some(Method::Search)).to_string(),
            "Q(8) independent-domination: no set of at most 4 queens (the whole search tree)"
        );
        assert_eq!(
            NoSet::new(6, d, 1, None).to_string(),
            "Q(6) independent-domination: no set of at most 1 queen"
        );
    }

    #[test]
    fn ascii_text_puts_the_header_on_a_comment_line() {
        let text = drawn("Q(2) domination: 1 queen", 2, &[Square::new(0, 0)], true);
        assert_eq!(text, "c Q(2) domination: 1 queen\nQ .\n. .\n");
    }
}
