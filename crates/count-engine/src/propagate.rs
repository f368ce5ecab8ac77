//! Unit propagation with a trail, over a model lowered to CNF: what the cube splitter uses to
//! look ahead (how much a branch fixes, whether it fails at once). Sound, not complete: a
//! conflict means no solution; no conflict means nothing.

use zero_one_model::{lower_to_cnf, ClauseSink, CnfOptions, Lit, LowerError, Model};

/// Clauses in one flat array with occurrence lists, and the current partial assignment.
pub struct Propagator {
    lits: Vec<Lit>,
    starts: Vec<usize>,
    occurs: Vec<Vec<u32>>,
    value: Vec<Option<bool>>,
    trail: Vec<Lit>,
    units: Vec<Lit>,
    empty_clause: bool,
}

impl ClauseSink for Propagator {
    fn add_clause(&mut self, lits: &[Lit]) {
        match lits {
            [] => self.empty_clause = true,
            [l] => self.units.push(*l),
            _ => {}
        }
        self.starts.push(self.lits.len());
        self.lits.extend_from_slice(lits);
    }
}

impl Propagator {
    /// Lowers `model` with `options` and indexes the clauses.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn new(model: &Model, options: &CnfOptions) -> Result<Propagator, LowerError> {
        let mut p = Propagator {
            lits: Vec::new(),
            starts: Vec::new(),
            occurs: Vec::new(),
            value: Vec::new(),
            trail: Vec::new(),
            units: Vec::new(),
            empty_clause: false,
        };
        let info = lower_to_cnf(model, options, &mut p)?;
        p.starts.push(p.lits.len());
        let vars = info.vars();
        p.occurs = vec![Vec::new(); 2 * vars];
        for c in 0..p.starts.len() - 1 {
            for i in p.starts[c]..p.starts[c + 1] {
                p.occurs[p.lits[i].code()].push(c as u32);
            }
        }
        p.value = vec![None; vars];
        Ok(p)
    }

    /// Number of variables of the lowered formula (the model's, then auxiliary ones).
    pub fn num_vars(&self) -> usize {
        self.value.len()
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.starts.len() - 1
    }

    /// The literals of clause `c`.
    pub fn clause(&self, c: usize) -> &[Lit] {
        &self.lits[self.starts[c]..self.starts[c + 1]]
    }

    /// The literals of clause `c` not yet assigned.
    pub fn open_lits(&self, c: usize) -> impl Iterator<Item = Lit> + '_ {
        self.clause(c)
            .iter()
            .copied()
            .filter(|&l| self.lit_value(l).is_none())
    }

    /// The value of a literal under the current assignment.
    pub fn lit_value(&self, l: Lit) -> Option<bool> {
        self.value[l.var().index()].map(|v| v == l.is_positive())
    }

    /// Variables assigned so far.
    pub fn assigned(&self) -> usize {
        self.trail.len()
    }

    /// Clauses in which the literal occurs.
    pub fn occurrences(&self, l: Lit) -> usize {
        self.occurs[l.code()].len()
    }

    /// Propagates the formula's unit clauses; `false` when that alone is a conflict (the
    /// formula has no solution). Call once, before anything else.
    pub fn start(&mut self) -> bool {
        if self.empty_clause {
            return false;
        }
        let units = std::mem::take(&mut self.units);
        let ok = units.iter().all(|&l| self.assign(l));
        self.units = units;
        ok
    }

    /// Assigns `l` and propagates; `false` on a conflict (the assignment is then partial:
    /// [`Propagator::undo`] to a mark taken before).
    pub fn assign(&mut self, l: Lit) -> bool {
        let mut head = self.trail.len();
        match self.lit_value(l) {
            Some(true) => return true,
            Some(false) => return false,
            None => self.set(l),
        }
        while head < self.trail.len() {
            let l = self.trail[head];
            head += 1;
            // Clauses where `l` is now false may have become unit or empty.
            for k in 0..self.occurs[(!l).code()].len() {
                let c = self.occurs[(!l).code()][k] as usize;
                let mut open = None;
                let mut open_count = 0;
                let mut satisfied = false;
                for &x in self.clause(c) {
                    match self.lit_value(x) {
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
                    (0, _) => return false,
                    (1, Some(x)) => self.set(x),
                    _ => {}
                }
            }
        }
        true
    }

    fn set(&mut self, l: Lit) {
        self.value[l.var().index()] = Some(l.is_positive());
        self.trail.push(l);
    }

    /// A mark to undo to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Takes back every assignment made after `mark`.
    pub fn undo(&mut self, mark: usize) {
        for l in self.trail.drain(mark..) {
            self.value[l.var().index()] = None;
        }
    }
}
