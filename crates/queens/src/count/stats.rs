//! Sizes of every formulation and encoding side by side, for choosing one with evidence.

use crate::{FormulationKind, Rules};
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;
use zero_one_model::dimacs::{write_model, WriteModelError};
use zero_one_model::CnfOptions;

/// The size of one formulation lowered with one set of encodings.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingStats {
    /// Board size.
    pub n: usize,
    /// The board: variant, given queens, blocked squares.
    pub rules: Rules,
    /// Formulation (and domain).
    pub formulation: String,
    /// At-most-one encoding.
    pub amo: String,
    /// Shown (projection) variables.
    pub shown_vars: usize,
    /// Model variables that are not shown.
    pub hidden_vars: usize,
    /// Auxiliary variables added by the encodings.
    pub aux_vars: usize,
    /// Clauses.
    pub clauses: u64,
    /// Literal occurrences.
    pub literals: u64,
    /// Size of the DIMACS file.
    pub dimacs_bytes: u64,
    /// Seconds to build the model, lower it and write the DIMACS text (to memory-free sink).
    pub encode_s: f64,
}

struct ByteCounter(u64);

impl Write for ByteCounter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Builds the n x n board under `rules`, lowers and writes it (to a byte counter) with one
/// combination.
///
/// # Errors
/// When the model cannot be lowered with `options`.
pub fn encoding_stats(
    n: usize,
    rules: &Rules,
    kind: FormulationKind,
    options: &CnfOptions,
) -> Result<EncodingStats, WriteModelError> {
    let start = Instant::now();
    let formulation = kind.build_with(n, rules);
    let model = formulation.model();
    let mut bytes = ByteCounter(0);
    let info = write_model(model, options, Vec::new(), &mut bytes)?;
    let encode_s = start.elapsed().as_secs_f64();
    let shown = model.shown().len();
    Ok(EncodingStats {
        n,
        rules: rules.clone(),
        formulation: kind.to_string(),
        amo: options.amo.name().to_string(),
        shown_vars: shown,
        hidden_vars: info.model_vars - shown,
        aux_vars: info.aux_vars,
        clauses: info.clauses,
        literals: info.literals,
        dimacs_bytes: bytes.0,
        encode_s,
    })
}

/// The header line of the text table whose rows are [`EncodingStats::row`].
pub const STATS_HEADER: &str = "formulation     amo             shown       aux     clauses     literals  dimacs bytes  encode s";

impl EncodingStats {
    /// The row of the text table under [`STATS_HEADER`]: the AMO encoding shown only for a
    /// formulation that uses one, auxiliary and hidden variables in one column.
    pub fn row(&self, uses_amo: bool) -> String {
        let amo = if uses_amo { self.amo.as_str() } else { "-" };
        format!(
            "{:<15} {:<11} {:>9} {:>9} {:>11} {:>12} {:>13} {:>9.4}",
            self.formulation,
            amo,
            self.shown_vars,
            self.aux_vars + self.hidden_vars,
            self.clauses,
            self.literals,
            self.dimacs_bytes,
            self.encode_s
        )
    }
}

/// Largest n the table measures unless the caller lifts the limit: pairwise grows as n³
/// clauses (n = 120: about 3 s and 300 MB; n = 200 passes 1.4 GB).
pub const STATS_MAX_N: usize = 120;

/// A table past [`STATS_MAX_N`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("n = {n}: the pairwise rows grow as n³ clauses")]
pub struct StatsTooLarge {
    /// The board size.
    pub n: usize,
}

/// Refuses a table past [`STATS_MAX_N`] unless `force`.
///
/// # Errors
/// [`StatsTooLarge`] for such a board.
pub fn check_stats_size(n: usize, force: bool) -> Result<(), StatsTooLarge> {
    match n > STATS_MAX_N && !force {
        true => Err(StatsTooLarge { n }),
        false => Ok(()),
    }
}

/// A row of the table: the formulation and its sizes.
pub type StatsRow = (FormulationKind, Result<EncodingStats, WriteModelError>);

/// The table for the n x n board under `rules`: one row per [`combinations`], each measured
/// ([`encoding_stats`]) as the iterator reaches it.
pub fn stats_rows(n: usize, rules: &Rules) -> impl Iterator<Item = StatsRow> + '_ {
    combinations().into_iter().map(move |(kind, amo)| {
        let options = CnfOptions::with_amo(amo);
        (kind, encoding_stats(n, rules, kind, &options))
    })
}

/// The combinations worth comparing: every AMO encoding where the formulation uses one, and
/// the order and log domains once (they have no at-most-one constraints).
pub fn combinations() -> Vec<(FormulationKind, zero_one_model::AmoEncoding)> {
    use zero_one_model::AmoEncoding;
    let mut v = Vec::new();
    for kind in FormulationKind::ALL {
        if kind.uses_amo() {
            v.extend(AmoEncoding::ALL.map(|a| (kind, a)));
        } else {
            v.push((kind, AmoEncoding::Pairwise));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_row_per_combination_and_large_boards_need_force() {
        let rows: Vec<_> = stats_rows(4, &Rules::classic()).collect();
        assert_eq!(rows.len(), combinations().len());
        assert!(rows.iter().all(|(_, r)| r.as_ref().is_ok_and(|s| s.n == 4)));
        assert_eq!(check_stats_size(STATS_MAX_N, false), Ok(()));
        assert_eq!(
            check_stats_size(STATS_MAX_N + 1, false),
            Err(StatsTooLarge { n: STATS_MAX_N + 1 })
        );
        assert_eq!(check_stats_size(STATS_MAX_N + 1, true), Ok(()));
    }

    #[test]
    fn stats_match_an_actual_dimacs_file() {
        let opts = CnfOptions::default();
        let s = encoding_stats(4, &Rules::default(), FormulationKind::Board, &opts).unwrap();
        assert_eq!((s.shown_vars, s.hidden_vars, s.aux_vars), (16, 0, 0));
        assert_eq!(s.clauses, 84);
        let mut file = Vec::new();
        write_model(
            FormulationKind::Board.build(4).model(),
            &opts,
            Vec::new(),
            &mut file,
        )
        .unwrap();
        assert_eq!(s.dimacs_bytes, file.len() as u64);
        assert_eq!(s.literals, 2 * 76 + 8 * 4);
    }

    #[test]
    fn a_row_lines_up_with_the_header() {
        let opts = CnfOptions::default();
        let s = encoding_stats(4, &Rules::default(), FormulationKind::Board, &opts).unwrap();
        let row = s.row(true);
        assert_eq!(row.len(), STATS_HEADER.len(), "{row}\n{STATS_HEADER}");
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[..6], ["board", "pairwise", "16", "0", "84", "184"]);
        assert_eq!(s.row(false).split_whitespace().nth(1), Some("-"));
    }

    #[test]
    fn combinations_cover_each_formulation() {
        let c = combinations();
        assert_eq!(c.len(), 7 + 7 + 1 + 1);
    }
}
