//! The board's variants: which squares a queen attacks. Each variant is defined here from its
//! rules alone, so the checker built on it shares nothing with any encoding.
//!
//! - *Classic*: same row, column, diagonal or anti-diagonal.
//! - *Toroidal*: the board's edges are glued, so the diagonals wrap around: two squares share
//!   a diagonal when their column difference equals their row difference modulo n
//!   (OEIS A051906; Pólya showed solutions exist exactly when gcd(n, 6) = 1).
//! - *Superqueens*: a queen that also moves as a knight (OEIS A051223).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which pieces stand on the board and how the board wraps.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The classic board (A000170).
    #[default]
    Classic,
    /// Diagonals wrap around the edges (A051906).
    Toroidal,
    /// Queens that also move as knights (A051223).
    Superqueens,
}

impl Variant {
    /// Every variant, in a stable order.
    pub const ALL: [Variant; 3] = [Variant::Classic, Variant::Toroidal, Variant::Superqueens];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Toroidal => "toroidal",
            Variant::Superqueens => "superqueens",
        }
    }

    /// Whether queens on `a` and `b` (distinct squares of an n x n board, as (row, column))
    /// attack each other.
    pub fn attacks(self, n: usize, a: (usize, usize), b: (usize, usize)) -> bool {
        let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        if dr == 0 || dc == 0 {
            return true;
        }
        match self {
            Variant::Classic => dr == dc,
            Variant::Toroidal => {
                // Column difference = +-(row difference) modulo n.
                let n = n as i64;
                let (r, c) = (a.0 as i64 - b.0 as i64, a.1 as i64 - b.1 as i64);
                (c - r).rem_euclid(n) == 0 || (c + r).rem_euclid(n) == 0
            }
            Variant::Superqueens => dr == dc || (dr.min(dc) == 1 && dr.max(dc) == 2),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = toolkit_base::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        toolkit_base::named::from_name(&Variant::ALL, Variant::name, "variant", s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_attacks_by_its_own_rule() {
        let c = Variant::Classic;
        assert!(c.attacks(8, (0, 0), (7, 7)) && c.attacks(8, (2, 5), (2, 0)));
        assert!(!c.attacks(8, (0, 0), (1, 2)));
        // (0, 1) and (4, 0) on a 5x5 torus: column difference -1, row difference 4 = -1.
        let t = Variant::Toroidal;
        assert!(t.attacks(5, (0, 1), (4, 0)) && !c.attacks(5, (0, 1), (4, 0)));
        assert!(!t.attacks(5, (0, 0), (1, 2)));
        let s = Variant::Superqueens;
        assert!(s.attacks(8, (3, 3), (5, 4)) && s.attacks(8, (3, 3), (4, 1)));
        assert!(!s.attacks(8, (3, 3), (6, 5)) && s.attacks(8, (3, 3), (6, 6)));
        assert_eq!(
            "torus".parse::<Variant>().unwrap_err().to_string(),
            "unknown variant 'torus' (expected one of: classic, toroidal, superqueens)"
        );
    }
}
