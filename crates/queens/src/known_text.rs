//! The known values every count is checked against, as printed ([`known_text`]).

use crate::oeis::{known_rows, known_table};
use crate::Variant;

/// Every known value of `variant`'s sequences as printed: the table
/// ([`known_table`]), or with `json` one JSON object a line ([`known_rows`]).
///
/// # Errors
/// A row that cannot be written as JSON.
pub fn known_text(variant: Variant, json: bool) -> Result<String, serde_json::Error> {
    if !json {
        return Ok(known_table(variant));
    }
    let rows = known_rows(variant);
    let lines = rows.iter().map(serde_json::to_string);
    Ok(lines.collect::<Result<Vec<_>, _>>()?.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_values_print_as_the_table_or_one_json_line_a_size() {
        let json = known_text(Variant::Toroidal, true).unwrap();
        assert_eq!(json.lines().count(), known_rows(Variant::Toroidal).len());
        assert!(json.starts_with("{\"n\":1,\"a051906\":1}"), "{json}");
        let table = known_text(Variant::Classic, false).unwrap();
        assert_eq!(table, known_table(Variant::Classic));
    }
}
