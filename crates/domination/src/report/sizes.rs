//! The domination model's sizes as a table ([`SizeTable`]): one row per cardinality
//! encoding, as `nqueens stats` prints it.

use crate::{model_sizes, Domination, ModelSize, SizeError};
use std::fmt;

/// The CNF sizes of the model of at most `k` queens under every cardinality encoding. Its
/// `Display` is the table, a title line over a header and one row per encoding; each
/// [`ModelSize`] serialises on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SizeTable {
    /// Board size.
    pub n: usize,
    /// Which problem.
    pub variant: Domination,
    /// The bound on the number of queens.
    pub k: usize,
    /// One size per encoding, in [`zero_one_model::CardEncoding::ALL`]'s order.
    pub sizes: Vec<ModelSize>,
}

impl SizeTable {
    /// The sizes of the model of at most `k` queens on the n x n board under `d`.
    ///
    /// # Errors
    /// [`SizeError::Lower`] when the model does not lower.
    pub fn new(n: usize, d: Domination, k: usize) -> Result<SizeTable, SizeError> {
        Ok(SizeTable {
            n,
            variant: d,
            k,
            sizes: model_sizes(n, d, k)?,
        })
    }
}

impl fmt::Display for SizeTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Q({}) {}, at most {} {}",
            self.n,
            self.variant,
            self.k,
            super::queens_word(self.k)
        )?;
        writeln!(
            f,
            "{:<12} {:>9} {:>9} {:>11} {:>12}",
            "card", "shown", "aux", "clauses", "literals"
        )?;
        for size in &self.sizes {
            writeln!(
                f,
                "{:<12} {:>9} {:>9} {:>11} {:>12}",
                size.card.name(),
                size.shown,
                size.aux,
                size.clauses,
                size.literals
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_title_a_header_and_a_row_per_encoding() {
        let table = SizeTable::new(8, "domination".parse().unwrap(), 5).unwrap();
        let text = table.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 + table.sizes.len());
        assert_eq!(lines[0], "Q(8) domination, at most 5 queens");
        assert_eq!(
            lines[1],
            "card             shown       aux     clauses     literals"
        );
        assert_eq!(
            lines[3],
            "totalizer           64       218        1340         4910"
        );
    }
}
