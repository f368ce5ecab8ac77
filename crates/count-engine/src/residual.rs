//! What is left of a model once a cube is fixed: the clauses unit propagation leaves open,
//! taken apart into independent parts. Parts share no open variable, so the cube's count is
//! the product of their counts, times 2 for every projection variable left open in no open
//! clause. Fixing a cube often cuts a formula into pieces that were joined only through the
//! fixed variables (the approach of component-caching counters such as Cachet and sharpSAT:
//! Sang, Bacchus, Beame, Kautz, Pitassi, "Combining component caching and clause learning
//! for effective model counting", SAT 2004; here without the cache, per cube).
//!
//! Looking costs a pass over every clause, so a [`Decomposer`] stops looking after a run of
//! cubes that did not fall apart: a formula that never decomposes pays for a few cubes only.

use crate::components::find;
use std::sync::Arc;
use zero_one_model::{Clauses, Constraint, Lit, Model, Propagator, Var};

/// One independent piece of a cube's residual formula.
pub(crate) struct ResidualPart {
    /// The open clauses of the piece, over variables of its own numbering; its projection
    /// is the piece's open projection variables (or, for a piece of hidden variables only, a
    /// variable fixed false, so that it counts 1 when satisfiable).
    pub model: Model,
    /// For each variable of `model`, the variable of the lowered formula it stands for
    /// (`None` for the added flag).
    pub origin: Vec<Option<Var>>,
}

/// A cube's residual formula.
pub(crate) enum Residual {
    /// Unit propagation refutes the cube: it holds no solution.
    Conflict,
    /// The residual formula is one piece with no free projection variable: count the cube
    /// whole.
    Whole,
    /// Independent pieces, and free projection variables.
    Split {
        /// The pieces (at least one).
        parts: Vec<ResidualPart>,
        /// Open projection variables in no open clause.
        free: u32,
        /// Values unit propagation gave the model's variables.
        fixed: Vec<Option<bool>>,
    },
}

/// Cubes looked at without a split before a [`Decomposer`] stops looking.
const GIVE_UP_AFTER: u32 = 32;

/// Takes the cubes of one model apart, for one thread.
pub(crate) struct Decomposer {
    prop: Propagator,
    base: usize,
    refuted: bool,
    shown: Vec<bool>,
    model_vars: usize,
    misses: u32,
    parent: Vec<u32>,
}

impl Decomposer {
    /// A decomposer for the cubes of `model`, propagating over `clauses`, its look-ahead
    /// lowering (`crate::split::lookahead_clauses`, made once per count and shared by every
    /// thread's decomposer).
    pub fn new(clauses: Arc<Clauses>, model: &Model) -> Decomposer {
        let mut prop = Propagator::new(clauses);
        let refuted = !prop.start();
        let mut shown = vec![false; model.num_vars()];
        for v in model.shown() {
            shown[v.index()] = true;
        }
        Decomposer {
            base: prop.mark(),
            prop,
            refuted,
            shown,
            model_vars: model.num_vars(),
            misses: 0,
            parent: Vec::new(),
        }
    }

    /// Whether looking still pays.
    pub fn trying(&self) -> bool {
        self.misses < GIVE_UP_AFTER
    }

    /// The residual formula of `cube`.
    pub fn residual(&mut self, cube: &[Lit]) -> Residual {
        self.prop.undo(self.base);
        if self.refuted || !cube.iter().all(|&l| self.prop.assign(l)) {
            return Residual::Conflict;
        }
        let p = &self.prop;
        let f = Arc::clone(p.clauses());
        let vars = f.num_vars();
        self.parent.clear();
        self.parent.extend(0..vars as u32);
        let mut in_open = vec![false; vars];
        let mut open_clauses = Vec::new();
        for c in 0..f.len() {
            let clause = f.clause(c);
            if clause.iter().any(|&l| p.lit_value(l) == Some(true)) {
                continue;
            }
            let mut first = None;
            for l in p.open_lits(c) {
                let v = l.var().index() as u32;
                in_open[v as usize] = true;
                let r = find(&mut self.parent, v);
                match first {
                    None => first = Some(r),
                    Some(f) if f != r => self.parent[r as usize] = f,
                    Some(_) => {}
                }
            }
            open_clauses.push(c);
        }
        let is_shown = |v: usize| self.shown.get(v).copied().unwrap_or(false);
        let open_shown =
            |v: usize| is_shown(v) && p.lit_value(Var::new(v as u32).positive()).is_none();
        let free = (0..self.model_vars)
            .filter(|&v| open_shown(v) && !in_open[v])
            .count() as u32;
        // Pieces with an open projection variable, numbered in order of their first one.
        let mut piece = vec![usize::MAX; vars];
        let mut pieces = 0;
        for (v, _) in in_open
            .iter()
            .enumerate()
            .take(self.model_vars)
            .filter(|e| *e.1)
        {
            if open_shown(v) {
                let r = find(&mut self.parent, v as u32) as usize;
                if piece[r] == usize::MAX {
                    piece[r] = pieces;
                    pieces += 1;
                }
            }
        }
        if pieces <= 1 && free == 0 {
            self.misses += 1;
            return Residual::Whole;
        }
        self.misses = 0;
        // The piece of every open clause (that of its first open literal); hidden-only
        // pieces only have to be satisfiable: they ride along with piece 0.
        let mut clause_piece = Vec::with_capacity(open_clauses.len());
        for &c in &open_clauses {
            let first = p.open_lits(c).next();
            let k = first.map_or(usize::MAX, |l| {
                piece[find(&mut self.parent, l.var().index() as u32) as usize]
            });
            clause_piece.push(k);
        }
        let hidden_only = clause_piece.contains(&usize::MAX);
        let mut parts: Vec<ResidualPart> = (0..pieces.max(usize::from(hidden_only)))
            .map(|_| ResidualPart {
                model: Model::new(),
                origin: Vec::new(),
            })
            .collect();
        let mut local: Vec<Option<Var>> = vec![None; vars];
        for (&c, &k) in open_clauses.iter().zip(&clause_piece) {
            let open: Vec<Lit> = p.open_lits(c).collect();
            let part = &mut parts[if k == usize::MAX { 0 } else { k }];
            let lits = open
                .iter()
                .map(|&l| {
                    let v = l.var().index();
                    let lv = *local[v].get_or_insert_with(|| {
                        let lv = part.model.new_var(format!("v{}", v + 1));
                        part.origin.push(Some(l.var()));
                        if open_shown(v) {
                            part.model.show([lv]);
                        }
                        lv
                    });
                    lv.lit(l.is_positive())
                })
                .collect();
            part.model.add(Constraint::Clause(lits));
        }
        if pieces == 0 && hidden_only {
            // Only satisfiability is asked of the piece: show a variable fixed false.
            let part = &mut parts[0];
            let flag = part.model.new_var("satisfiable");
            part.origin.push(None);
            part.model.add(Constraint::Clause(vec![flag.negative()]));
            part.model.show([flag]);
        }
        let fixed = (0..self.model_vars)
            .map(|v| p.lit_value(Var::new(v as u32).positive()))
            .collect();
        Residual::Split { parts, free, fixed }
    }
}
