//! Known values from the OEIS, the only place counts are written down.
//!
//! A000170: number of ways to place n non-attacking queens on an n x n board.
//! A002562: the same up to the 8 symmetries of the square (fundamental solutions).
//! Values for n = 1..=27; n = 27 is from Preußer & Engelhardt's 2016 count.
//! A051906: n non-attacking queens on an n x n toroidal board (n = 1..=34).
//! A051223: n non-attacking superqueens (queen + knight moves) on an n x n board, and
//! A051224 the same up to the 8 symmetries (n = 1..=26).

use crate::Variant;

/// A000170(n) for n = 1..=27, at index n-1.
pub const A000170: [u64; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// A002562(n) for n = 1..=27, at index n-1.
pub const A002562: [u64; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// A051906(n) for n = 1..=34, at index n-1: toroidal queens.
pub const A051906: [u64; 34] = [
    1,
    0,
    0,
    0,
    10,
    0,
    28,
    0,
    0,
    0,
    88,
    0,
    4_524,
    0,
    0,
    0,
    140_692,
    0,
    820_496,
    0,
    0,
    0,
    128_850_048,
    0,
    1_957_725_000,
    0,
    0,
    0,
    605_917_055_356,
    0,
    13_404_947_681_712,
    0,
    0,
    0,
];

/// A051223(n) for n = 1..=26, at index n-1: superqueens.
pub const A051223: [u64; 26] = [
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    4,
    44,
    156,
    1_876,
    5_180,
    32_516,
    202_900,
    1_330_622,
    8_924_976,
    64_492_432,
    495_864_256,
    3_977_841_852,
    34_092_182_276,
    306_819_842_212,
    2_883_202_816_808,
    28_144_109_776_812,
    286_022_102_245_804,
];

/// A051224(n) for n = 1..=26, at index n-1: superqueens up to the 8 symmetries.
pub const A051224: [u64; 26] = [
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    1,
    6,
    22,
    239,
    653,
    4_089,
    25_411,
    166_463,
    1_115_871,
    8_062_150,
    61_984_976,
    497_236_090,
    4_261_538_564,
    38_352_532_487,
    360_400_504_834,
    3_518_014_210_402,
    35_752_764_285_788,
];

/// The OEIS sequence counting all solutions of `variant`.
pub fn sequence(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "A000170",
        Variant::Toroidal => "A051906",
        Variant::Superqueens => "A051223",
    }
}

/// The OEIS sequence counting solutions of `variant` up to the 8 symmetries of the square,
/// when the table has one.
pub fn fundamental_sequence(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Classic => Some("A002562"),
        Variant::Toroidal => None,
        Variant::Superqueens => Some("A051224"),
    }
}

fn table(variant: Variant) -> &'static [u64] {
    match variant {
        Variant::Classic => &A000170,
        Variant::Toroidal => &A051906,
        Variant::Superqueens => &A051223,
    }
}

/// The number of solutions of `variant` for `n`, when known.
pub fn variant_solutions(variant: Variant, n: usize) -> Option<u64> {
    n.checked_sub(1)
        .and_then(|i| table(variant).get(i).copied())
}

/// The number of solutions of `variant` for `n` up to the 8 symmetries, when known.
pub fn variant_fundamental(variant: Variant, n: usize) -> Option<u64> {
    let table: &[u64] = match variant {
        Variant::Classic => &A002562,
        Variant::Toroidal => &[],
        Variant::Superqueens => &A051224,
    };
    n.checked_sub(1).and_then(|i| table.get(i).copied())
}

/// The largest n with a known value for `variant`.
pub fn max_known(variant: Variant) -> usize {
    table(variant).len()
}

/// The number of solutions for `n`, when known.
pub fn solutions(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| A000170.get(i).copied())
}

/// The number of fundamental solutions for `n`, when known.
pub fn fundamental_solutions(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| A002562.get(i).copied())
}

/// The largest n with known values.
pub const MAX_KNOWN: usize = 27;

/// Every known value of `variant`'s sequences as a text table: a header naming the
/// sequences (all solutions, and fundamental ones when the variant has that sequence), then
/// one line per n, right-aligned.
pub fn known_table(variant: Variant) -> String {
    let all_seq = sequence(variant);
    let mut text = match fundamental_sequence(variant) {
        Some(f) => format!(
            "{:>3}  {:>22}  {:>22}",
            "n",
            format!("{all_seq} (all)"),
            format!("{f} (fundamental)")
        ),
        None => format!("{:>3}  {:>22}", "n", format!("{all_seq} (all)")),
    };
    for (n, all) in (1..).zip(table(variant)) {
        text += &match variant_fundamental(variant, n) {
            Some(f) => format!("\n{n:>3}  {all:>22}  {f:>22}"),
            None => format!("\n{n:>3}  {all:>22}"),
        };
    }
    text
}

/// One n's known values: serialized as a JSON object keyed by the sequences' names in
/// lower case, `{"n": 8, "a000170": 92, "a002562": 12}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownRow {
    /// The board size.
    pub n: usize,
    /// Each sequence's name (`A000170`) and its value at n.
    pub values: Vec<(&'static str, u64)>,
}

impl serde::Serialize for KnownRow {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(1 + self.values.len()))?;
        map.serialize_entry("n", &self.n)?;
        for (seq, value) in &self.values {
            map.serialize_entry(&seq.to_lowercase(), value)?;
        }
        map.end()
    }
}

/// Every known value of `variant`'s sequences, one row per n (see [`KnownRow`]).
pub fn known_rows(variant: Variant) -> Vec<KnownRow> {
    let (all_seq, fundamental_seq) = (sequence(variant), fundamental_sequence(variant));
    (1..)
        .zip(table(variant))
        .map(|(n, &all)| {
            let mut values = vec![(all_seq, all)];
            if let (Some(seq), Some(f)) = (fundamental_seq, variant_fundamental(variant, n)) {
                values.push((seq, f));
            }
            KnownRow { n, values }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_values_print_as_a_table_and_as_json() {
        let table = known_table(Variant::Classic);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), MAX_KNOWN + 1);
        assert!(lines[0].contains("A000170 (all)") && lines[0].contains("A002562"));
        assert_eq!(
            lines[8].split_whitespace().collect::<Vec<_>>(),
            ["8", "92", "12"]
        );
        let toroidal = known_table(Variant::Toroidal);
        assert!(!toroidal.contains("fundamental"), "{toroidal}");
        let json = |r: &KnownRow| serde_json::to_value(r).unwrap();
        let rows = known_rows(Variant::Classic);
        assert_eq!(rows.len(), MAX_KNOWN);
        assert_eq!(
            json(&rows[7]),
            serde_json::json!({"n": 8, "a000170": 92, "a002562": 12})
        );
        let rows = known_rows(Variant::Toroidal);
        assert_eq!(json(&rows[4]), serde_json::json!({"n": 5, "a051906": 10}));
    }

    #[test]
    fn lookups_are_one_based_and_bounded() {
        assert_eq!(solutions(0), None);
        assert_eq!(solutions(1), Some(1));
        assert_eq!(solutions(8), Some(92));
        assert_eq!(fundamental_solutions(8), Some(12));
        assert_eq!(solutions(28), None);
    }

    #[test]
    fn fundamental_solutions_bound_all_solutions() {
        // Each orbit has 1, 2, 4 or 8 members.
        for n in 1..=MAX_KNOWN {
            let (all, fund) = (solutions(n).unwrap(), fundamental_solutions(n).unwrap());
            assert!(fund <= all && all <= 8 * fund, "n = {n}");
        }
        for n in 1..=max_known(Variant::Superqueens) {
            let all = variant_solutions(Variant::Superqueens, n).unwrap();
            let fund = variant_fundamental(Variant::Superqueens, n).unwrap();
            assert!(fund <= all && all <= 8 * fund, "n = {n}");
        }
    }

    #[test]
    fn toroidal_values_follow_polya_and_divide_by_n() {
        // Solutions exist exactly when gcd(n, 6) = 1, and translations make n divide them.
        for n in 1..=max_known(Variant::Toroidal) {
            let a = variant_solutions(Variant::Toroidal, n).unwrap();
            assert_eq!(a > 0, n % 2 != 0 && n % 3 != 0, "n = {n}");
            assert_eq!(a % n as u64, 0, "n = {n}");
            assert!(a <= solutions(n).unwrap_or(u64::MAX), "n = {n}");
        }
    }
}
