//! Variables and literals inside the counter: 0-based, a literal packed as `2 * var + sign`
//! so that it indexes per-literal arrays directly. DIMACS numbering exists only in
//! [`formula`](crate::formula), at the boundary.

/// A literal: variable `code >> 1`, negative when the low bit is set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub(crate) struct Lit(u32);

impl Lit {
    /// The literal of `var`, negative when `negative`.
    #[inline]
    pub(crate) fn new(var: u32, negative: bool) -> Lit {
        Lit(var << 1 | negative as u32)
    }

    /// The literal with this packed code.
    #[inline]
    pub(crate) fn from_code(code: u32) -> Lit {
        Lit(code)
    }

    /// Its variable.
    #[inline]
    pub(crate) fn var(self) -> u32 {
        self.0 >> 1
    }

    /// True for a negative literal.
    #[inline]
    pub(crate) fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }

    /// The packed code, for indexing per-literal arrays.
    #[inline]
    pub(crate) fn code(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}
