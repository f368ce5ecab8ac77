//! Random n-Queens Completion and blocked n-Queens instances (Gent, Jefferson & Nightingale,
//! "Complexity of n-Queens Completion", JAIR 59, 2017; CSPLib problems 079 and 080).
//!
//! The given queens go one at a time onto random rows, each on a random square that no queen
//! placed before attacks; when a row has no such square the draw starts again (the seed's
//! sequence goes on, so the result is still a function of the seed). Blocked squares are
//! distinct random squares without a given queen. The random numbers are splitmix64 (Steele,
//! Lea & Flood, OOPSLA 2014), a few lines of our own, so the same seed gives the same
//! instance on every machine and in every version that keeps this file.

use crate::{parse_board_size, BoardSizesError, Rules, Spelling, Square, Variant};
use zero_one_model::shape::bytes::FileFormat;

/// Draws before giving up on placing the given queens at peace.
pub const MAX_DRAWS: usize = 10_000;

/// splitmix64: a 64-bit state advanced by a constant, the output mixed.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..k (k > 0), by rejection so every value is equally likely.
    pub fn below(&mut self, k: usize) -> usize {
        let k = k as u64;
        let zone = u64::MAX - u64::MAX % k;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % k) as usize;
            }
        }
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Attack tests all draws together may make before giving up (a second or so): greedy random
/// placement of nearly n queens almost never succeeds on a large board, and each draw costs
/// about n^2 k tests.
pub const MAX_TESTS: usize = 400_000_000;

/// Places `k` given queens at peace on an n x n board under `rules`' variant.
fn place_given(n: usize, k: usize, rules: &Rules, rng: &mut SplitMix64) -> Option<Vec<Square>> {
    let per_draw = n.saturating_mul(n).saturating_mul(k).max(1);
    let draws = MAX_DRAWS.min(MAX_TESTS / per_draw).max(1);
    for _ in 0..draws {
        let mut rows: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut rows);
        let mut placed: Vec<Square> = Vec::with_capacity(k);
        for &row in &rows[..k] {
            let free: Vec<usize> = (0..n)
                .filter(|&c| {
                    placed
                        .iter()
                        .all(|q| !rules.variant.attacks(n, (q.row, q.col), (row, c)))
                })
                .collect();
            if free.is_empty() {
                break;
            }
            placed.push(Square::new(row, free[rng.below(free.len())]));
        }
        if placed.len() == k {
            return Some(placed);
        }
    }
    None
}

/// Largest board an instance is drawn on: a 1000 x 1000 board file is 2 MB, its DIMACS
/// export about 1.7 billion clauses.
pub const MAX_N: usize = 1000;

/// A board size that is no size for an instance.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// Not a board size.
    #[error(transparent)]
    Size(#[from] BoardSizesError),
    /// Past [`MAX_N`].
    #[error("instances are drawn on boards of size 1..={MAX_N}, found {0}")]
    TooLarge(usize),
}

/// A board size for an instance, as a user writes it: one size, `1..=`[`MAX_N`].
///
/// ```
/// use nqueens_queens::generate::parse_size;
/// assert_eq!(parse_size("12"), Ok(12));
/// assert!(parse_size("1001").is_err());
/// assert!(parse_size("4..8").is_err());
/// ```
///
/// # Errors
/// [`SizeError`]: not one board size, or past [`MAX_N`].
pub fn parse_size(s: &str) -> Result<usize, SizeError> {
    match parse_board_size(s)? {
        n if n > MAX_N => Err(SizeError::TooLarge(n)),
        n => Ok(n),
    }
}

/// The files an instance is written as: the board file ([`write_board_file`]), or an
/// export of its model.
///
/// [`write_board_file`]: crate::write_board_file
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InstanceFormat {
    /// The board file: a drawing, Q given, # blocked, . free.
    Board,
    /// A file of the model ([`crate::Export`]); any format but icnf, whose cubes fix rows.
    Export(FileFormat),
}

impl InstanceFormat {
    /// Every format, in the order they are listed to users.
    pub const ALL: [InstanceFormat; 6] = [
        InstanceFormat::Board,
        InstanceFormat::Export(FileFormat::Dimacs),
        InstanceFormat::Export(FileFormat::Mcc),
        InstanceFormat::Export(FileFormat::Lp),
        InstanceFormat::Export(FileFormat::Mps),
        InstanceFormat::Export(FileFormat::Opb),
    ];

    /// Its name: `board`, or the file format's.
    pub fn name(self) -> &'static str {
        match self {
            InstanceFormat::Board => "board",
            InstanceFormat::Export(f) => f.name(),
        }
    }
}

impl std::str::FromStr for InstanceFormat {
    type Err = zero_one_model::named::UnknownName;

    /// A format by its [`InstanceFormat::name`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let all = &InstanceFormat::ALL;
        zero_one_model::named::from_name(all, InstanceFormat::name, "instance format", s)
    }
}

/// Why [`completion`] made no instance.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateRefusal {
    /// More given queens than the board has rows.
    #[error("{}", self.said(&Spelling::default()))]
    TooManyGiven {
        /// The board size.
        n: usize,
        /// The given queens asked for.
        given: usize,
    },
    /// More blocked squares than the squares without a given queen.
    #[error("{}", self.said(&Spelling::default()))]
    TooManyBlocked {
        /// The blocked squares asked for.
        blocked: usize,
        /// The squares without a given queen.
        free: usize,
    },
    /// The given queens could not be placed at peace in [`MAX_DRAWS`] draws or
    /// [`MAX_TESTS`] attack tests.
    #[error("{}", self.said(&Spelling::default()))]
    NoPeace {
        /// The board size.
        n: usize,
        /// The given queens asked for.
        given: usize,
        /// The board's variant.
        variant: Variant,
    },
}

impl GenerateRefusal {
    /// What is refused, in `names`' terms, and what to do instead.
    ///
    /// ```
    /// use nqueens_queens::generate::{completion, GenerateRefusal};
    /// use nqueens_queens::{Spelling, Variant};
    /// let e = completion(4, 5, 0, Variant::Classic, 1).unwrap_err();
    /// let names = Spelling { given: "--given", ..Spelling::default() };
    /// assert_eq!(e.said(&names), "--given 5: the 4x4 board holds at most 4 queens at peace");
    /// ```
    pub fn said(&self, names: &Spelling<'_>) -> String {
        match self {
            GenerateRefusal::TooManyGiven { n, given } => format!(
                "{} {given}: the {n}x{n} board holds at most {n} queens at peace",
                names.given
            ),
            GenerateRefusal::TooManyBlocked { blocked, free } => format!(
                "{} {blocked}: the board has only {free} squares without a given queen",
                names.blocked
            ),
            GenerateRefusal::NoPeace { n, given, variant } => format!(
                "could not place {given} queens at peace ({variant} rules) on the {n}x{n} board in up to {MAX_DRAWS} random draws; ask for fewer"
            ),
        }
    }
}

/// A random instance: `given` queens at peace under `variant` and `blocked` squares, from
/// `seed`.
///
/// # Errors
/// [`GenerateRefusal`]: `given > n`, fewer than `blocked` free squares, or queens that could
/// not be placed in [`MAX_DRAWS`] draws or [`MAX_TESTS`] attack tests, whichever comes first.
pub fn completion(
    n: usize,
    given: usize,
    blocked: usize,
    variant: Variant,
    seed: u64,
) -> Result<Rules, GenerateRefusal> {
    if given > n {
        return Err(GenerateRefusal::TooManyGiven { n, given });
    }
    let free = n * n - given;
    if blocked > free {
        return Err(GenerateRefusal::TooManyBlocked { blocked, free });
    }
    let mut rng = SplitMix64(seed);
    let open = Rules::new(variant, vec![], vec![]);
    let queens = place_given(n, given, &open, &mut rng).ok_or(GenerateRefusal::NoPeace {
        n,
        given,
        variant,
    })?;
    let mut free: Vec<Square> = (0..n * n)
        .map(|i| Square::new(i / n, i % n))
        .filter(|s| !queens.contains(s))
        .collect();
    rng.shuffle(&mut free);
    Ok(Rules::new(variant, queens, free[..blocked].to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_formats_read_back_by_name_and_icnf_is_none() {
        for f in InstanceFormat::ALL {
            assert_eq!(f.name().parse::<InstanceFormat>(), Ok(f));
        }
        assert!("icnf".parse::<InstanceFormat>().is_err());
        assert_eq!(parse_size("1000"), Ok(MAX_N));
        assert_eq!(parse_size("1001"), Err(SizeError::TooLarge(1001)));
    }

    #[test]
    fn splitmix64_matches_its_reference_sequence() {
        // The first outputs for seed 1234567 given with the algorithm's reference code.
        let mut r = SplitMix64(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    #[test]
    fn given_queens_are_at_peace_and_the_draw_is_a_function_of_the_seed() {
        let rules = Rules::classic();
        for seed in 0..20 {
            let a = place_given(12, 6, &rules, &mut SplitMix64(seed)).unwrap();
            let b = place_given(12, 6, &rules, &mut SplitMix64(seed)).unwrap();
            assert_eq!(a, b);
            assert_eq!(Rules::new(rules.variant, a, vec![]).check(12), Ok(()));
        }
        assert_eq!(place_given(3, 3, &rules, &mut SplitMix64(1)), None);
        let r = completion(10, 4, 5, Variant::Toroidal, 9).unwrap();
        assert_eq!(
            (r.given.len(), r.blocked.len(), r.check(10)),
            (4, 5, Ok(()))
        );
        assert_eq!(
            completion(4, 5, 0, Variant::Classic, 1),
            Err(GenerateRefusal::TooManyGiven { n: 4, given: 5 })
        );
        assert_eq!(
            completion(4, 0, 17, Variant::Classic, 1),
            Err(GenerateRefusal::TooManyBlocked {
                blocked: 17,
                free: 16
            })
        );
        let refused = completion(3, 3, 0, Variant::Classic, 1).unwrap_err();
        assert!(matches!(refused, GenerateRefusal::NoPeace { given: 3, .. }));
        assert!(refused
            .to_string()
            .starts_with("could not place 3 queens at peace (classic"));
    }
}
