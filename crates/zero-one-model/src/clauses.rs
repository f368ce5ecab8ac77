//! The one CNF formula every consumer borrows: the clauses in file (or lowering) order, and
//! the layout unit propagation wants (implication lists for binary clauses, the longer
//! clauses in one flat array, the units apart), built once.

use crate::{lower_to_cnf, ClauseSink, CnfOptions, Lit, LowerError, Model};

/// A CNF formula over `num_vars` variables, laid out for reading and for propagation.
///
/// Build it from a model ([`Clauses::lower`]) or from clauses ([`Clauses::from_clauses`]);
/// [`crate::Propagator`] propagates over it, and every clause can be read back in order.
#[derive(Clone, Debug, Default)]
pub struct Clauses {
    num_vars: usize,
    /// Every clause's literals, one after another, in order.
    lits: Vec<Lit>,
    /// Where each clause starts in `lits` (one more entry: the end).
    starts: Vec<u32>,
    /// `implied[l]`: the literals that must hold once `l` holds (from binary clauses).
    implied: Vec<Vec<Lit>>,
    /// The clauses of three or more literals, one after another.
    long_lits: Vec<Lit>,
    /// Where each long clause starts in `long_lits` (one more entry: the end).
    long_starts: Vec<u32>,
    /// Unit clauses.
    units: Vec<Lit>,
    /// Whether there is an empty clause.
    empty_clause: bool,
}

/// Collects clauses, then lays them out ([`ClausesBuilder::finish`]).
#[derive(Default)]
pub struct ClausesBuilder {
    lits: Vec<Lit>,
    starts: Vec<u32>,
}

impl ClauseSink for ClausesBuilder {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.starts.push(self.lits.len() as u32);
        self.lits.extend_from_slice(lits);
    }
}

impl ClausesBuilder {
    /// The formula of the clauses added, over `num_vars` variables (at least every variable
    /// a clause mentions).
    pub fn finish(mut self, num_vars: usize) -> Clauses {
        self.starts.push(self.lits.len() as u32);
        let used = self.lits.iter().map(|l| l.var().index() + 1).max();
        let num_vars = num_vars.max(used.unwrap_or(0));
        let mut f = Clauses {
            num_vars,
            lits: self.lits,
            starts: self.starts,
            implied: vec![Vec::new(); 2 * num_vars],
            long_lits: Vec::new(),
            long_starts: vec![0],
            units: Vec::new(),
            empty_clause: false,
        };
        for c in 0..f.len() {
            let s = f.starts[c] as usize;
            let e = f.starts[c + 1] as usize;
            match f.lits[s..e] {
                [] => f.empty_clause = true,
                [l] => f.units.push(l),
                [a, b] => {
                    // a ∨ b: when a is false b must hold, and the other way round.
                    f.implied[(!a).code()].push(b);
                    f.implied[(!b).code()].push(a);
                }
                _ => {
                    f.long_lits.extend_from_slice(&f.lits[s..e]);
                    f.long_starts.push(f.long_lits.len() as u32);
                }
            }
        }
        f
    }
}

impl Clauses {
    /// Lowers `model` with `options`: once, for every consumer.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn lower(model: &Model, options: &CnfOptions) -> Result<Clauses, LowerError> {
        let mut b = ClausesBuilder::default();
        let info = lower_to_cnf(model, options, &mut b)?;
        Ok(b.finish(info.vars()))
    }

    /// The formula of `clauses` over `num_vars` variables (more if a clause mentions more).
    pub fn from_clauses<'a>(
        num_vars: usize,
        clauses: impl IntoIterator<Item = &'a [Lit]>,
    ) -> Clauses {
        let mut b = ClausesBuilder::default();
        for c in clauses {
            b.add_clause(c);
        }
        b.finish(num_vars)
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there is no clause.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The literals of clause `c`, in order.
    pub fn clause(&self, c: usize) -> &[Lit] {
        &self.lits[self.starts[c] as usize..self.starts[c + 1] as usize]
    }

    /// Every clause, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        (0..self.len()).map(|c| self.clause(c))
    }

    /// How many clauses each literal occurs in, indexed by [`Lit::code`].
    pub fn occurrences(&self) -> Vec<u32> {
        let mut occurs = vec![0u32; 2 * self.num_vars];
        for l in &self.lits {
            occurs[l.code()] += 1;
        }
        occurs
    }

    /// The literals that must hold once `l` holds, by the binary clauses.
    #[inline]
    pub fn implied(&self, l: Lit) -> &[Lit] {
        &self.implied[l.code()]
    }

    /// Number of clauses with three or more literals.
    pub fn num_long(&self) -> usize {
        self.long_starts.len() - 1
    }

    /// The literals of long clause `c` (the `c`-th clause of three or more literals).
    #[inline]
    pub fn long(&self, c: u32) -> &[Lit] {
        &self.long_lits[self.long_range(c)]
    }

    /// Where long clause `c` is in [`Clauses::long_lits`].
    #[inline]
    pub fn long_range(&self, c: u32) -> std::ops::Range<usize> {
        self.long_starts[c as usize] as usize..self.long_starts[c as usize + 1] as usize
    }

    /// The literals of every long clause, one after another.
    pub fn long_lits(&self) -> &[Lit] {
        &self.long_lits
    }

    /// The unit clauses.
    pub fn units(&self) -> &[Lit] {
        &self.units
    }

    /// Whether the formula has an empty clause.
    pub fn has_empty_clause(&self) -> bool {
        self.empty_clause
    }
}
