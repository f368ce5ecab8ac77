//! A model lowered to CNF and laid out for propagation: binary clauses as implication lists,
//! longer ones in one flat array (watched by the search), units apart, and the clauses the
//! branching heuristic looks at.

use zero_one_model::{lower_to_cnf, ClauseSink, CnfOptions, Lit, LowerError, Model};

/// The most candidate clauses the branching heuristic scans at each decision.
pub const MAX_CANDIDATES: usize = 4096;

/// The clauses of one model, shared by every enumeration.
pub struct Formula {
    /// Variables, model and auxiliary.
    pub num_vars: usize,
    /// Model variables (the first ones).
    pub model_vars: usize,
    /// `implied[l]`: literals that must hold once `l` holds (from binary clauses).
    pub implied: Vec<Vec<Lit>>,
    /// Literals of the clauses with three or more literals, one after another.
    pub lits: Vec<Lit>,
    /// Where each long clause starts in `lits` (one more entry: the end).
    pub starts: Vec<u32>,
    /// Unit clauses.
    pub units: Vec<Lit>,
    /// Whether the formula has an empty clause.
    pub empty_clause: bool,
    /// Whether each variable is in the projection.
    pub shown: Vec<bool>,
    /// Projection variables, most occurrences first, each with the polarity it occurs in
    /// more often (tried first).
    pub order: Vec<Lit>,
    /// Long clauses over projection variables only: branching picks the open one with the
    /// fewest open literals (a row, a cell: the most constrained choice).
    pub candidates: Vec<u32>,
}

impl ClauseSink for Formula {
    fn add_clause(&mut self, lits: &[Lit]) {
        match *lits {
            [] => self.empty_clause = true,
            [l] => self.units.push(l),
            [a, b] => {
                // a ∨ b: when a is false b must hold, and the other way round.
                grow(&mut self.implied, (!a).code().max((!b).code()) + 1);
                self.implied[(!a).code()].push(b);
                self.implied[(!b).code()].push(a);
            }
            _ => {
                self.lits.extend_from_slice(lits);
                self.starts.push(self.lits.len() as u32);
            }
        }
    }
}

fn grow(v: &mut Vec<Vec<Lit>>, len: usize) {
    if v.len() < len {
        v.resize_with(len, Vec::new);
    }
}

impl Formula {
    /// Lowers `model` with `options`.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn new(model: &Model, options: &CnfOptions) -> Result<Formula, LowerError> {
        let mut f = Formula {
            num_vars: 0,
            model_vars: model.num_vars(),
            implied: Vec::new(),
            lits: Vec::new(),
            starts: vec![0],
            units: Vec::new(),
            empty_clause: false,
            shown: Vec::new(),
            order: Vec::new(),
            candidates: Vec::new(),
        };
        let info = lower_to_cnf(model, options, &mut f)?;
        f.num_vars = info.vars();
        grow(&mut f.implied, 2 * f.num_vars);
        f.shown = vec![false; f.num_vars];
        for v in model.shown() {
            f.shown[v.index()] = true;
        }
        let mut occurs = vec![0u32; 2 * f.num_vars];
        for l in &f.lits {
            occurs[l.code()] += 1;
        }
        for (code, imp) in f.implied.iter().enumerate() {
            // `imp` comes from clauses containing the negation of literal `code`.
            occurs[code ^ 1] += imp.len() as u32;
        }
        let mut order: Vec<Lit> = model
            .shown()
            .into_iter()
            .map(|v| {
                let (p, n) = (occurs[v.positive().code()], occurs[v.negative().code()]);
                v.lit(p >= n)
            })
            .collect();
        order.sort_by_key(|l| {
            let v = l.var();
            std::cmp::Reverse(occurs[v.positive().code()] + occurs[v.negative().code()])
        });
        order.dedup();
        f.order = order;
        f.candidates = (0..f.num_long() as u32)
            .filter(|&c| f.clause(c).iter().all(|l| f.shown[l.var().index()]))
            .collect();
        if f.candidates.len() > MAX_CANDIDATES {
            // Scanning them at every decision would cost more than it saves: branch in
            // occurrence order instead.
            f.candidates.clear();
        }
        Ok(f)
    }

    /// Number of clauses with three or more literals.
    pub fn num_long(&self) -> usize {
        self.starts.len() - 1
    }

    /// The literals of long clause `c`.
    pub fn clause(&self, c: u32) -> &[Lit] {
        &self.lits[self.starts[c as usize] as usize..self.starts[c as usize + 1] as usize]
    }
}
