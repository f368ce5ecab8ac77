//! A fixed-size set of squares, `W` words of 64 bits (square r·n + c is bit r·n + c): the
//! search's state is a few of these, so every step is a handful of word operations.

/// A set of up to 64·W squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub(crate) const EMPTY: Bits<W> = Bits([0; W]);

    /// The squares 0..len.
    pub(crate) fn first(len: usize) -> Bits<W> {
        let mut b = Bits::EMPTY;
        for i in 0..len {
            b.insert(i);
        }
        b
    }

    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub(crate) fn and(&self, other: &Bits<W>) -> Bits<W> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
        out
    }

    /// The squares of `self` not in `other`.
    pub(crate) fn minus(&self, other: &Bits<W>) -> Bits<W> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        out
    }

    pub(crate) fn or(&self, other: &Bits<W>) -> Bits<W> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
        out
    }

    /// |self ∩ other|, without building the intersection.
    pub(crate) fn count_and(&self, other: &Bits<W>) -> u32 {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(a, b)| (a & b).count_ones())
            .sum()
    }

    /// The squares, in increasing order.
    pub(crate) fn iter(&self) -> Ones<W> {
        Ones {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a [`Bits`], smallest first.
pub(crate) struct Ones<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Ones<W> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn set_operations_agree_with_their_definitions() {
        let a: Bits<2> = Bits([0b1011, 1 << 63]);
        let b: Bits<2> = Bits([0b0110, (1 << 63) | 1]);
        assert_eq!(a.and(&b).iter().collect::<Vec<_>>(), vec![1, 127]);
        assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), vec![0, 3]);
        assert_eq!(a.or(&b).len(), 6);
        assert_eq!(a.count_and(&b), 2);
        assert_eq!(a.minus(&b).count_and(&b), 0);
        assert_eq!(Bits::<2>::first(70).len(), 70);
        assert!(Bits::<2>::first(70).contains(69) && !Bits::<2>::first(70).contains(70));
        let mut c = Bits::<2>::EMPTY;
        c.insert(100);
        assert!(c.contains(100) && !c.is_empty());
        c.remove(100);
        assert!(c.is_empty());
    }
}
