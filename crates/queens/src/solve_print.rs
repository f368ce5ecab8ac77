//! A board solve printed as it runs ([`SolveRequest::print`]): each solution written as soon
//! as it is found, drawn or as a JSON line, and the listing ended by the first write that
//! fails.

use crate::{Board, QueensError, ShownSolution, SolveRequest, Solved};
use std::io::{self, Write};
use toolkit_base::{Blame, Fault};

/// How [`SolveRequest::print`] writes each solution.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SolutionStyle {
    /// One JSON object a line ([`ShownSolution`]'s, keys sorted) instead of a drawing.
    pub json: bool,
    /// Drawn with ASCII `Q`, `#` and `.`: a board file (see [`ShownSolution::drawn`]).
    pub ascii: bool,
}

/// Why a printed solve stopped short.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PrintError {
    /// The counter failed.
    #[error(transparent)]
    Solve(#[from] QueensError),
    /// A solution could not be written (the listing stopped there).
    #[error("{0}")]
    Write(#[source] io::Error),
}

/// Both are failures: the request was checked before it ran.
impl Blame for PrintError {
    fn fault(&self) -> Fault {
        Fault::Failure
    }
}

impl SolveRequest<'_> {
    /// Lists the solutions as [`SolveRequest::run`] does, writing each to `out` as `style`
    /// says and flushing it at once (drawings one blank line apart).
    ///
    /// ```
    /// use nqueens_queens::{Oracle, Rules, SolutionStyle, SolveRequest, Solved, FormulationKind};
    /// let rules = Rules::classic();
    /// let request = SolveRequest {
    ///     n: 4, rules: &rules, formulation: FormulationKind::Board, counter: &Oracle,
    ///     counter_what: "the bitboard oracle", limit: Some(1), chosen: false, force: false,
    ///     stop: None,
    /// };
    /// let mut out = Vec::new();
    /// let style = SolutionStyle { json: true, ascii: false };
    /// assert_eq!(request.print(&mut out, style)?, Solved::Found(1));
    /// assert!(String::from_utf8(out)?.starts_with("{\"columns\":[1,3,0,2]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A failure of the counter, or the first write that fails.
    pub fn print(&self, out: &mut dyn Write, style: SolutionStyle) -> Result<Solved, PrintError> {
        let mut printed = 0u64;
        let mut failed = None;
        let mut each = |board: &Board| {
            printed += 1;
            let shown = ShownSolution {
                columns: board,
                n: self.n,
                rules: self.rules,
                solution: Some(printed),
            };
            let written = match style.json {
                true => serde_json::to_value(&shown)
                    .map_err(io::Error::other)
                    .and_then(|json| writeln!(out, "{json}")),
                false => {
                    let sep = if printed > 1 { "\n" } else { "" };
                    write!(out, "{sep}{}", shown.drawn(style.ascii))
                }
            };
            let written = written.and_then(|()| out.flush());
            written.map_err(|e| failed = Some(e)).is_ok()
        };
        let solved = self.run(&mut each)?;
        match failed {
            Some(e) => Err(PrintError::Write(e)),
            None => Ok(solved),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FormulationKind, Oracle, Rules};

    fn request<'a>(rules: &'a Rules, limit: u64) -> SolveRequest<'a> {
        SolveRequest {
            n: 5,
            rules,
            formulation: FormulationKind::Board,
            counter: &Oracle,
            counter_what: "the bitboard oracle",
            limit: Some(limit),
            chosen: false,
            force: false,
            stop: None,
        }
    }

    #[test]
    fn drawings_are_numbered_and_one_blank_line_apart() {
        let rules = Rules::classic();
        let mut out = Vec::new();
        let solved = request(&rules, 2).print(&mut out, SolutionStyle::default());
        assert_eq!(solved.unwrap(), Solved::Found(2));
        let text = String::from_utf8(out).unwrap();
        let second = text.find("\n\nQ(5) solution 2, columns").expect(&text);
        assert!(text.starts_with("Q(5) solution 1, columns"), "{text}");
        assert!(!text[..second].contains("\n\n"), "{text}");
    }

    #[test]
    fn a_write_that_fails_ends_the_listing_with_its_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from(io::ErrorKind::StorageFull))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let rules = Rules::classic();
        let e = request(&rules, 3).print(&mut Full, SolutionStyle::default());
        assert!(matches!(e, Err(PrintError::Write(e)) if e.kind() == io::ErrorKind::StorageFull));
    }
}
