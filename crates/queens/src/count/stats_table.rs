//! The `stats` table written as it is measured ([`write_stats`]): a row as soon as it is
//! measured, since large boards take a while each.

use super::{stats_rows, STATS_HEADER};
use crate::Rules;
use std::io::{self, Write};
use toolkit_base::{Blame, Fault};
use zero_one_model::dimacs::WriteModelError;

/// Why the table stopped short.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StatsWriteError {
    /// A row could not be measured.
    #[error(transparent)]
    Row(#[from] WriteModelError),
    /// The table could not be written.
    #[error("{0}")]
    Write(#[source] io::Error),
}

/// Both are failures: the board was checked before.
impl Blame for StatsWriteError {
    fn fault(&self) -> Fault {
        Fault::Failure
    }
}

/// Writes the table of the n x n board under `rules` to `out`, each row flushed once
/// measured: with `json` one object a line, else the text table under [`STATS_HEADER`]
/// (under the board's name off the classic board).
///
/// # Errors
/// A row that cannot be measured, or a write that fails.
pub fn write_stats(
    out: &mut dyn Write,
    n: usize,
    rules: &Rules,
    json: bool,
) -> Result<(), StatsWriteError> {
    let w = StatsWriteError::Write;
    if !json && !rules.is_classic() {
        writeln!(out, "{}", rules.board_name(n)).map_err(w)?;
    }
    if !json {
        writeln!(out, "{STATS_HEADER}").map_err(w)?;
    }
    for (kind, row) in stats_rows(n, rules) {
        let s = row?;
        let line = match json {
            true => serde_json::to_string(&s).map_err(|e| w(e.into()))?,
            false => s.row(kind.uses_amo()),
        };
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(w)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{combinations, Variant};

    #[test]
    fn the_table_has_its_header_and_a_row_per_combination() {
        let mut out = Vec::new();
        write_stats(&mut out, 4, &Rules::classic(), false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().next(), Some(STATS_HEADER));
        assert_eq!(text.lines().count(), 1 + combinations().len());
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        let mut out = Vec::new();
        write_stats(&mut out, 5, &torus, true).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), combinations().len());
        assert!(text.lines().all(|l| l.starts_with("{\"n\":5,")), "{text}");
    }
}
