//! Variables and literals. Both are 0-based indices; conversion to and from DIMACS numbers
//! happens only through [`Var::from_dimacs`], [`Var::to_dimacs`], [`Lit::from_dimacs`] and
//! [`Lit::to_dimacs`].

use std::fmt;

/// A boolean variable, 0-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

impl Var {
    /// The variable with 0-based index `index`.
    pub const fn new(index: u32) -> Var {
        Var(index)
    }

    /// The 0-based index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The variable numbered `n` (1-based) in DIMACS; `None` for 0 or a number too large.
    pub fn from_dimacs(n: u64) -> Option<Var> {
        if n == 0 || n > u32::MAX as u64 {
            None
        } else {
            Some(Var((n - 1) as u32))
        }
    }

    /// The DIMACS number (1-based).
    pub const fn to_dimacs(self) -> u64 {
        self.0 as u64 + 1
    }

    /// The literal that is true when this variable is true.
    pub const fn positive(self) -> Lit {
        Lit(self.0 << 1)
    }

    /// The literal that is true when this variable is false.
    pub const fn negative(self) -> Lit {
        Lit((self.0 << 1) | 1)
    }

    /// The literal of this variable with the given polarity (`true` = positive).
    pub const fn lit(self, polarity: bool) -> Lit {
        if polarity {
            self.positive()
        } else {
            self.negative()
        }
    }
}

/// A literal: a variable or its negation.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(u32);

impl Lit {
    /// The variable of this literal.
    pub const fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// `true` for a positive literal.
    pub const fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// The signed DIMACS number of this literal.
    pub const fn to_dimacs(self) -> i64 {
        let v = self.var().to_dimacs() as i64;
        if self.is_positive() {
            v
        } else {
            -v
        }
    }

    /// The literal written `n` in DIMACS; `None` for 0 or a number too large.
    pub fn from_dimacs(n: i64) -> Option<Lit> {
        let var = Var::from_dimacs(n.unsigned_abs())?;
        Some(var.lit(n > 0))
    }

    /// A dense index: `2 * var + (1 if negative)`, for tables indexed by literal.
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// The value of this literal under `assignment` (indexed by variable).
    ///
    /// # Panics
    /// When the assignment is shorter than the variable index.
    pub fn eval(self, assignment: &[bool]) -> bool {
        assignment[self.var().index()] == self.is_positive()
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_numbering_is_one_based_and_signed() {
        let v = Var::new(0);
        assert_eq!(v.to_dimacs(), 1);
        assert_eq!(v.negative().to_dimacs(), -1);
        assert_eq!(Lit::from_dimacs(-7), Some(Var::new(6).negative()));
        assert_eq!(Lit::from_dimacs(0), None);
        assert_eq!(!Var::new(3).positive(), Var::new(3).negative());
    }
}
