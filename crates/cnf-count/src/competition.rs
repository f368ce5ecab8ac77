//! A count in the Model Counting Competition's output format (2021 onwards), which
//! competition harnesses and scripts read:
//!
//! ```text
//! s SATISFIABLE
//! c s type mc
//! c s log10-estimate 1.4771212547
//! c s exact arb int 30
//! ```
//!
//! `s UNSATISFIABLE` when the count is 0; the type is `mc`, `pmc` (a projection), `wmc` (a
//! weighted file) or `pwmc` (both); a weighted count is exact as a fraction (`c s exact arb
//! frac N/D`, or `arb int` when it is whole), and a negative one has its estimate as
//! `neglog10-estimate`. The line names are those SharpSAT-TD and Ganak print
//! (SharpSAT-TD's `src/main.cpp`).

use num_bigint::{BigInt, BigUint, Sign};
use sharpcount::BigRational;
use std::fmt::Write as _;

/// The competition's four tracks, by what the file asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Track {
    /// Models counted over every variable.
    Mc,
    /// Weighted models over every variable.
    Wmc,
    /// Models counted onto a projection.
    Pmc,
    /// Weighted models onto a projection.
    Pwmc,
}

impl Track {
    /// The track of a file with (or without) a projection and weights.
    pub fn of(projected: bool, weighted: bool) -> Track {
        match (projected, weighted) {
            (false, false) => Track::Mc,
            (false, true) => Track::Wmc,
            (true, false) => Track::Pmc,
            (true, true) => Track::Pwmc,
        }
    }

    /// Its name in the `c s type` line.
    pub fn name(self) -> &'static str {
        match self {
            Track::Mc => "mc",
            Track::Wmc => "wmc",
            Track::Pmc => "pmc",
            Track::Pwmc => "pwmc",
        }
    }
}

/// The lines for a count of models (`count`) on `track`.
///
/// ```
/// use cnf_count::competition::{lines, Track};
/// use num_bigint::BigUint;
/// let text = lines(Track::Mc, &BigUint::from(30u32));
/// assert_eq!(
///     text,
///     "s SATISFIABLE\nc s type mc\nc s log10-estimate 1.4771212547\nc s exact arb int 30\n"
/// );
/// ```
pub fn lines(track: Track, count: &BigUint) -> String {
    let value = BigRational::from_integer(BigInt::from(count.clone()));
    weighted_lines(track, &value, count.bits() != 0)
}

/// The lines for a weighted count (`value`, exact) on `track` of a file that has a model
/// (`satisfiable`) or none: a weighted count of 0 may come from models that weigh 0, and
/// the file is then satisfiable all the same.
///
/// ```
/// use cnf_count::competition::{weighted_lines, Track};
/// use num_bigint::BigInt;
/// use sharpcount::BigRational;
/// let zero = BigRational::from_integer(BigInt::from(0));
/// assert!(weighted_lines(Track::Wmc, &zero, true).starts_with("s SATISFIABLE\n"));
/// assert!(weighted_lines(Track::Wmc, &zero, false).starts_with("s UNSATISFIABLE\n"));
/// ```
pub fn weighted_lines(track: Track, value: &BigRational, satisfiable: bool) -> String {
    let mut out = String::new();
    let sat = if satisfiable {
        "SATISFIABLE"
    } else {
        "UNSATISFIABLE"
    };
    let _ = writeln!(out, "s {sat}");
    let _ = writeln!(out, "c s type {}", track.name());
    let (estimate, magnitude) = match value.numer().sign() {
        Sign::Minus => (
            "neglog10-estimate",
            log10(value.numer().magnitude(), value.denom()),
        ),
        _ => (
            "log10-estimate",
            log10(value.numer().magnitude(), value.denom()),
        ),
    };
    let _ = writeln!(out, "c s {estimate} {}", shown(magnitude));
    if value.is_integer() {
        let _ = writeln!(out, "c s exact arb int {}", value.numer());
    } else {
        let _ = writeln!(
            out,
            "c s exact arb frac {}/{}",
            value.numer(),
            value.denom()
        );
    }
    out
}

/// The lines of a count stopped before its answer (Ctrl-C): `s UNKNOWN` and its type.
pub fn unknown_lines(track: Track) -> String {
    format!("s UNKNOWN\nc s type {}\n", track.name())
}

/// A human report kept as `c o` comment lines before the answer `lines` (of [`lines`],
/// [`weighted_lines`] or [`unknown_lines`]), without a final newline: what a competition
/// harness reads, with nothing lost for a reader.
///
/// ```
/// use cnf_count::competition::{commented, unknown_lines, Track};
/// let text = commented("f.cnf: stopped\nafter 2 s", &unknown_lines(Track::Mc));
/// assert_eq!(text, "c o f.cnf: stopped\nc o after 2 s\ns UNKNOWN\nc s type mc");
/// ```
pub fn commented(report: &str, lines: &str) -> String {
    let mut out: String = report.lines().map(|l| format!("c o {l}\n")).collect();
    out += lines;
    out.truncate(out.trim_end().len());
    out
}

/// log10(`n` / `d`) for positive `d` (`-inf` for `n` = 0), to about 15 digits whatever
/// their size.
fn log10(n: &BigUint, d: &BigInt) -> f64 {
    if n.bits() == 0 {
        return f64::NEG_INFINITY;
    }
    log10_of(n) - log10_of(d.magnitude())
}

/// log10 of a positive integer of any size: its top 64 bits as a float, and the rest as a
/// power of two.
fn log10_of(n: &BigUint) -> f64 {
    let shift = n.bits().saturating_sub(64);
    let top: BigUint = n >> shift;
    let top = top.iter_u64_digits().next().unwrap_or(0) as f64;
    top.log10() + shift as f64 * std::f64::consts::LOG10_2
}

/// A log10 estimate with ten decimals (`-inf` for a count of 0).
fn shown(x: f64) -> String {
    if x.is_infinite() {
        "-inf".into()
    } else {
        format!("{x:.10}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn zero_is_unsatisfiable_with_an_estimate_of_minus_infinity() {
        assert_eq!(
            lines(Track::Pmc, &BigUint::ZERO),
            "s UNSATISFIABLE\nc s type pmc\nc s log10-estimate -inf\nc s exact arb int 0\n"
        );
    }

    #[test]
    fn weighted_counts_are_exact_fractions_and_negative_ones_say_so() {
        assert_eq!(
            weighted_lines(Track::Wmc, &ratio(63, 80), true),
            "s SATISFIABLE\nc s type wmc\nc s log10-estimate -0.1037494375\nc s exact arb frac 63/80\n"
        );
        let text = weighted_lines(Track::Pwmc, &ratio(-5, 2), true);
        assert!(
            text.contains("c s neglog10-estimate 0.3979400087\n"),
            "{text}"
        );
        assert!(text.ends_with("c s exact arb frac -5/2\n"), "{text}");
        assert!(weighted_lines(Track::Wmc, &ratio(6, 2), true).ends_with("c s exact arb int 3\n"));
    }

    #[test]
    fn the_estimate_of_a_huge_count_is_right_to_many_digits() {
        // 2^5000: log10 = 5000 log10(2).
        let big = BigUint::from(1u32) << 5000u32;
        let text = lines(Track::Mc, &big);
        let want = 5000.0 * std::f64::consts::LOG10_2;
        let line = text.lines().nth(2).unwrap();
        let got: f64 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!((got - want).abs() < 1e-9, "{line}");
        // A tiny weighted count: 1 / 10^400.
        let tiny = BigRational::new(BigInt::from(1), BigInt::from(10u32).pow(400));
        let text = weighted_lines(Track::Wmc, &tiny, true);
        assert!(
            text.contains("c s log10-estimate -400.0000000000\n"),
            "{text}"
        );
    }
}
