//! The lowered CNF kept once per model, with occurrence lists, and top-level unit
//! propagation of a cube's fixed literals: what is left after it is all a solver needs.

use zero_one_model::{ClauseSink, Lit};

/// Clauses in one flat array, with the clauses each literal occurs in.
#[derive(Default)]
pub struct IndexedCnf {
    lits: Vec<Lit>,
    starts: Vec<usize>,
    occurs: Vec<Vec<u32>>,
    /// Variables, model and auxiliary.
    pub num_vars: usize,
}

impl ClauseSink for IndexedCnf {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.starts.push(self.lits.len());
        self.lits.extend_from_slice(lits);
    }
}

/// The outcome of propagating fixed literals.
pub enum Propagated {
    /// The fixed literals contradict the formula.
    Conflict,
    /// Values forced at the top level (`None`: still open).
    Values(Vec<Option<bool>>),
}

impl IndexedCnf {
    /// Builds the occurrence lists once every clause is in.
    pub fn finish(&mut self, num_vars: usize) {
        self.num_vars = num_vars;
        self.starts.push(self.lits.len());
        let mut occurs = vec![Vec::new(); 2 * num_vars];
        for c in 0..self.len() {
            for l in self.clause(c) {
                occurs[l.code()].push(c as u32);
            }
        }
        self.occurs = occurs;
    }

    fn clause(&self, c: usize) -> &[Lit] {
        &self.lits[self.starts[c]..self.starts[c + 1]]
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Unit propagation from `fixed` and the formula's own unit clauses.
    pub fn propagate(&self, fixed: &[Lit]) -> Propagated {
        let mut value: Vec<Option<bool>> = vec![None; self.num_vars];
        let mut queue: Vec<Lit> = fixed.to_vec();
        for c in 0..self.len() {
            match self.clause(c) {
                [] => return Propagated::Conflict,
                [l] => queue.push(*l),
                _ => {}
            }
        }
        let lit_value =
            |value: &[Option<bool>], l: Lit| value[l.var().index()].map(|v| v == l.is_positive());
        while let Some(l) = queue.pop() {
            match lit_value(&value, l) {
                Some(true) => continue,
                Some(false) => return Propagated::Conflict,
                None => value[l.var().index()] = Some(l.is_positive()),
            }
            // Clauses where `l` is now false may have become unit or empty.
            for &c in &self.occurs[(!l).code()] {
                let mut open = None;
                let mut open_count = 0;
                let mut satisfied = false;
                for &x in self.clause(c as usize) {
                    match lit_value(&value, x) {
                        Some(true) => {
                            satisfied = true;
                            break;
                        }
                        Some(false) => {}
                        None => {
                            open_count += 1;
                            open = Some(x);
                        }
                    }
                }
                if satisfied {
                    continue;
                }
                match (open_count, open) {
                    (0, _) => return Propagated::Conflict,
                    (1, Some(x)) => queue.push(x),
                    _ => {}
                }
            }
        }
        Propagated::Values(value)
    }

    /// Calls `f` with every clause not satisfied under `value`, without its false literals.
    pub fn for_each_open_clause(&self, value: &[Option<bool>], mut f: impl FnMut(&[Lit])) {
        let mut open = Vec::new();
        'clauses: for c in 0..self.len() {
            open.clear();
            for &x in self.clause(c) {
                match value[x.var().index()].map(|v| v == x.is_positive()) {
                    Some(true) => continue 'clauses,
                    Some(false) => {}
                    None => open.push(x),
                }
            }
            f(&open);
        }
    }
}
