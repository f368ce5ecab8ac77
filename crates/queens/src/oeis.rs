//! Known values from the OEIS, the only place counts are written down.
//!
//! A000170: number of ways to place n non-attacking queens on an n x n board.
//! A002562: the same up to the 8 symmetries of the square (fundamental solutions).
//! Values for n = 1..=27; n = 27 is from Preußer & Engelhardt's 2016 count.

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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
