//! The one CNF formula every consumer borrows: the clauses in file (or lowering) order, the
//! projection (the variables a count is over), and the layout unit propagation wants
//! (implication lists for binary clauses, the longer clauses in one flat array, the units
//! apart), built once. Its size follows the clauses and the projection, not the declared
//! number of variables: a file may declare two billion variables and use five, or mention
//! variable two billion in one clause. Only the implication lists are per variable (up to
//! the largest a clause mentions), so they are laid out when propagation first asks for
//! them; the model counter, which propagates over its own simplified clauses, never does.

use crate::{ClauseSink, Cnf, Lit, Var};
use std::fmt;
use std::sync::OnceLock;

/// A CNF formula over `num_vars` variables, laid out for reading and for propagation, with
/// the projection a count is over.
///
/// Build it from a model ([`Clauses::lower`]), from a DIMACS file ([`Clauses::from_cnf`]) or
/// from clauses ([`Clauses::from_clauses`], projected by [`Clauses::with_projection`]);
/// [`crate::Propagator`] propagates over it, the model counter counts it, and every clause
/// can be read back in order.
///
/// ```
/// use model_core::{Clauses, Var};
/// let (x1, x2) = (Var::new(0), Var::new(1));
/// // x1 ∨ ¬x2 over 4 variables, counted onto x2 and x4.
/// let f = Clauses::from_clauses(4, [&[x1.positive(), x2.negative()][..]])
///     .with_projection([Var::new(3), x2, x2]);
/// assert_eq!(f.num_vars(), 4);
/// assert_eq!(f.clause(0), &[x1.positive(), x2.negative()]);
/// assert_eq!(f.projection(), Some(&[x2, Var::new(3)][..]));
/// ```
#[derive(Clone, Default)]
pub struct Clauses {
    num_vars: usize,
    /// The variables counted onto, in increasing order, each once; `None`: every variable.
    projection: Option<Vec<Var>>,
    /// Every clause's literals, one after another, in order.
    lits: Vec<Lit>,
    /// Where each clause starts in `lits` (one more entry: the end).
    starts: Vec<u32>,
    /// `implied[l]`: the literals that must hold once `l` holds (from binary clauses), as
    /// long as the literals of the variables some clause mentions; laid out when first
    /// asked for.
    implied: OnceLock<Vec<Vec<Lit>>>,
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
    /// a clause mentions), with no projection (every variable counts).
    pub fn finish(mut self, num_vars: usize) -> Clauses {
        self.starts.push(self.lits.len() as u32);
        let used = self.lits.iter().map(|l| l.var().index() + 1).max();
        let mut f = Clauses {
            num_vars: num_vars.max(used.unwrap_or(0)),
            projection: None,
            lits: self.lits,
            starts: self.starts,
            implied: OnceLock::new(),
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
                [_, _] => {}
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
    /// The clauses and the projection of a DIMACS file (its weights are not the formula's:
    /// they stay in `cnf`).
    pub fn from_cnf(cnf: &Cnf) -> Clauses {
        let f = Clauses::from_clauses(cnf.num_vars, cnf.clauses.iter().map(Vec::as_slice));
        match &cnf.shown {
            Some(shown) => f.with_projection(shown.iter().copied()),
            None => f,
        }
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

    /// This formula counted onto `vars` (none: a count of 1 when satisfiable, else 0), in
    /// place of any projection it had. Each variable counts once; a variable beyond
    /// [`Clauses::num_vars`] raises it, as a clause mentioning it would.
    #[must_use]
    pub fn with_projection(mut self, vars: impl IntoIterator<Item = Var>) -> Clauses {
        let mut vars: Vec<Var> = vars.into_iter().collect();
        vars.sort_unstable();
        vars.dedup();
        if let Some(last) = vars.last() {
            self.num_vars = self.num_vars.max(last.index() + 1);
        }
        self.projection = Some(vars);
        self
    }

    /// The variables a count is over, in increasing order, each once; `None` when every
    /// variable counts.
    pub fn projection(&self) -> Option<&[Var]> {
        self.projection.as_deref()
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
        implied_by(self.implication_table(), l)
    }

    /// Every implication list, laid out on the first call: for [`crate::Propagator`], which
    /// looks it up once per propagation rather than once per literal.
    #[inline]
    pub(crate) fn implication_table(&self) -> &[Vec<Lit>] {
        self.implied.get_or_init(|| self.implication_lists())
    }

    /// The implication lists of the binary clauses, indexed by [`Lit::code`], up to the
    /// largest variable a clause mentions.
    fn implication_lists(&self) -> Vec<Vec<Lit>> {
        let used = self.lits.iter().map(|l| l.var().index() + 1).max();
        let mut implied = vec![Vec::new(); 2 * used.unwrap_or(0)];
        for c in self.iter() {
            if let &[a, b] = c {
                // a ∨ b: when a is false b must hold, and the other way round.
                implied[(!a).code()].push(b);
                implied[(!b).code()].push(a);
            }
        }
        implied
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

/// The literals `l` implies in `table` ([`Clauses::implication_table`]); none for a
/// variable no clause mentions, which has no list.
#[inline]
pub(crate) fn implied_by(table: &[Vec<Lit>], l: Lit) -> &[Lit] {
    table.get(l.code()).map_or(&[], Vec::as_slice)
}

/// The formula as it reads: its variables, its clauses in DIMACS numbering, its projection
/// (the propagation layout is left out).
impl fmt::Debug for Clauses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Clauses")
            .field("num_vars", &self.num_vars)
            .field("clauses", &self.iter().collect::<Vec<_>>())
            .field(
                "projection",
                &self
                    .projection()
                    .map(|p| p.iter().map(|v| v.to_dimacs()).collect::<Vec<_>>()),
            )
            .finish()
    }
}

#[cfg(test)]
#[path = "clauses_tests.rs"]
mod tests;
