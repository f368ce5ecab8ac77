//! Numbers in text: counts ("1 clause", "2 clauses", "0 clauses"), through [`plural`] in
//! every report of the toolkit so that none says "1 variables", and durations in a readable
//! unit ([`human_seconds`]).

/// `n` and `noun`, the noun in the plural (an `s` added) unless `n` is 1.
///
/// ```
/// use toolkit_base::plural;
/// assert_eq!(plural(1, "variable"), "1 variable");
/// assert_eq!(plural(0, "cube"), "0 cubes");
/// assert_eq!(plural("12", "cache hit"), "12 cache hits");
/// ```
pub fn plural(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// `seconds` in the largest unit that keeps the number readable: seconds, minutes, hours,
/// days or years (`an unknown time` for a NaN or negative figure).
pub fn human_seconds(seconds: f64) -> String {
    const DAY: f64 = 86400.0;
    const YEAR: f64 = DAY * 365.0;
    if seconds.is_nan() || seconds < 0.0 {
        "an unknown time".to_string()
    } else if seconds.is_infinite() {
        "longer than any finite time".to_string()
    } else if seconds < 90.0 {
        format!("{seconds:.0} seconds")
    } else if seconds < 3600.0 {
        format!("{:.0} minutes", seconds / 60.0)
    } else if seconds < DAY * 2.0 {
        format!("{:.1} hours", seconds / 3600.0)
    } else if seconds < YEAR * 2.0 {
        format!("{:.0} days", seconds / DAY)
    } else if seconds < YEAR * 1e6 {
        format!("{:.0} years", seconds / YEAR)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        for (n, said) in [
            (0u64, "0 nodes"),
            (1, "1 node"),
            (2, "2 nodes"),
            (11, "11 nodes"),
        ] {
            assert_eq!(plural(n, "node"), said);
        }
        assert_eq!(plural(num(1.0), "second"), "1 second");
    }

    fn num(x: f64) -> impl std::fmt::Display {
        x
    }
}
