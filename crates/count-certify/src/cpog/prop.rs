//! Unit propagation over the input clauses and the clauses learnt while proving, with a
//! trail whose every implied literal keeps the clause that implied it: the hints of a RUP
//! step are read off the trail ([`Prop::closure`]).

/// A clause of the propagator: its literals (DIMACS) and its clause number in the proof.
#[derive(Debug)]
struct Clause {
    lits: Vec<i32>,
    id: u64,
    /// Left out of propagation ([`Prop::remove`]); its watches go as they are met.
    removed: bool,
}

/// Two-watched-literal propagation with decision levels.
#[derive(Debug)]
pub(crate) struct Prop {
    clauses: Vec<Clause>,
    /// Per literal code, the clauses watching it, each with another of its literals (a
    /// blocker: while it is true the clause need not be visited).
    watches: Vec<Vec<(u32, i32)>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    /// Per variable, the clause (index) that implied it; `u32::MAX` for a decision.
    reason: Vec<u32>,
    level: Vec<u32>,
    /// Per variable, its place on the trail.
    place: Vec<u32>,
    trail: Vec<i32>,
    /// The trail length at the start of each level.
    limits: Vec<usize>,
    head: usize,
    marks: Vec<bool>,
    /// Unit clauses (indices) added above level 0, asserted again after each backtrack
    /// until one puts them on level 0 (those added on level 0 stay there: re-asserting
    /// every unit after every backtrack was most of the writer's time on track1_005, with
    /// 256k lemmas).
    units: Vec<u32>,
}

const DECISION: u32 = u32::MAX;

fn code(lit: i32) -> usize {
    2 * (lit.unsigned_abs() as usize) + usize::from(lit < 0)
}

impl Prop {
    pub fn new(num_vars: u32) -> Prop {
        let n = num_vars as usize + 1;
        Prop {
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * n],
            value: vec![0; n],
            reason: vec![DECISION; n],
            level: vec![0; n],
            place: vec![0; n],
            trail: Vec::new(),
            limits: Vec::new(),
            head: 0,
            marks: vec![false; n],
            units: Vec::new(),
        }
    }

    /// The value of `lit`: 1 true, -1 false, 0 unassigned.
    /// The place on the trail of `lit`'s variable (meaningful while it is assigned).
    pub fn place(&self, lit: i32) -> u32 {
        self.place[lit.unsigned_abs() as usize]
    }

    pub fn value(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    /// Whether `lit` is true as a decision.
    pub fn is_decision(&self, lit: i32) -> bool {
        self.value(lit) == 1 && self.reason[lit.unsigned_abs() as usize] == DECISION
    }

    fn assign(&mut self, lit: i32, reason: u32) {
        let v = lit.unsigned_abs() as usize;
        self.value[v] = if lit < 0 { -1 } else { 1 };
        self.reason[v] = reason;
        self.level[v] = self.limits.len() as u32;
        self.place[v] = self.trail.len() as u32;
        self.trail.push(lit);
    }

    /// Adds clause `id`; returns the index of a clause falsified at once (a conflict),
    /// after assigning its literal when it is unit. Watches the two literals assigned
    /// latest (or unassigned).
    pub fn add(&mut self, mut lits: Vec<i32>, id: u64) -> Option<u32> {
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] == -w[1]) {
            return None;
        }
        let idx = self.clauses.len() as u32;
        // Order: true or unassigned first, then false ones latest-assigned first.
        let rank = |p: &Prop, l: i32| -> (u8, i64) {
            match p.value(l) {
                1 => (0, 0),
                0 => (1, 0),
                _ => (2, -(i64::from(p.place[l.unsigned_abs() as usize]))),
            }
        };
        lits.sort_by_key(|&l| rank(self, l));
        let first = lits.first().copied();
        if lits.len() >= 2 {
            self.watches[code(-lits[0])].push((idx, lits[1]));
            self.watches[code(-lits[1])].push((idx, lits[0]));
        }
        let len = lits.len();
        if len == 1 && !self.limits.is_empty() {
            self.units.push(idx);
        }
        let second_false = len < 2 || self.value(lits[1]) == -1;
        self.clauses.push(Clause {
            lits,
            id,
            removed: false,
        });
        match first {
            None => Some(idx),
            Some(f) if self.value(f) == -1 => Some(idx),
            Some(f) if self.value(f) == 0 && second_false => {
                self.assign(f, idx);
                None
            }
            _ => None,
        }
    }

    /// How many clauses were added (the index the next one gets).
    pub fn len(&self) -> usize {
        self.clauses.len()
    }

    /// Leaves clause `idx` out of propagation (it stays a reason where it is one).
    pub fn remove(&mut self, idx: usize) {
        self.clauses[idx].removed = true;
    }

    /// Adds every removed clause again (as a new clause); the index of a clause falsified
    /// at once, if any.
    pub fn restore_removed(&mut self) -> Option<u32> {
        let removed: Vec<(Vec<i32>, u64)> = self
            .clauses
            .iter()
            .filter(|c| c.removed && c.lits.len() > 1)
            .map(|c| (c.lits.clone(), c.id))
            .collect();
        for (lits, id) in removed {
            if let Some(c) = self.add(lits, id) {
                return Some(c);
            }
        }
        None
    }

    /// Makes room for variables up to `num_vars` (extension variables declared while
    /// proving).
    pub fn grow(&mut self, num_vars: u32) {
        let n = num_vars as usize + 1;
        if n > self.value.len() {
            self.watches.resize_with(2 * n, Vec::new);
            self.value.resize(n, 0);
            self.reason.resize(n, DECISION);
            self.level.resize(n, 0);
            self.place.resize(n, 0);
            self.marks.resize(n, false);
        }
    }

    /// Per decision level, its decided literal; `None` for a level opened by
    /// [`Prop::empty_level`] (or whose decision a unit clause now implies).
    pub fn level_decisions(&self) -> Vec<Option<i32>> {
        self.limits
            .iter()
            .map(|&i| {
                let lit = *self.trail.get(i)?;
                (self.reason[lit.unsigned_abs() as usize] == DECISION).then_some(lit)
            })
            .collect()
    }

    /// Opens a level with no decision (a decision being replayed that is implied now),
    /// so that the caller's [`Prop::backtrack`] still undoes one level.
    pub fn empty_level(&mut self) {
        self.limits.push(self.trail.len());
    }

    /// Decides `lit` at a new level.
    pub fn decide(&mut self, lit: i32) {
        self.limits.push(self.trail.len());
        self.assign(lit, DECISION);
    }

    /// Undoes the last level.
    pub fn backtrack(&mut self) {
        let to = self.limits.pop().expect("a level to undo");
        for &lit in &self.trail[to..] {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        self.trail.truncate(to);
        self.head = self.head.min(to);
        for k in 0..self.units.len() {
            let l = self.clauses[self.units[k] as usize].lits[0];
            if self.value(l) == 0 {
                let idx = self.units[k];
                self.assign(l, idx);
            }
        }
        if self.limits.is_empty() {
            self.units.clear();
        }
    }

    /// Propagates to a fixpoint; the index of a falsified clause on conflict.
    pub fn propagate(&mut self) -> Option<u32> {
        while self.head < self.trail.len() {
            let lit = self.trail[self.head];
            self.head += 1;
            // Clauses watching `lit`'s negation: -lit just became false.
            let mut ws = std::mem::take(&mut self.watches[code(lit)]);
            let mut i = 0;
            let mut conflict = None;
            while i < ws.len() {
                let (ci, blocker) = ws[i];
                if self.value(blocker) == 1 {
                    i += 1;
                    continue;
                }
                if self.clauses[ci as usize].removed {
                    ws.swap_remove(i);
                    continue;
                }
                let c = &mut self.clauses[ci as usize].lits;
                if c[0] == -lit {
                    c.swap(0, 1);
                }
                let other = c[0];
                let vo = {
                    let v = self.value[other.unsigned_abs() as usize];
                    if other < 0 {
                        -v
                    } else {
                        v
                    }
                };
                if vo == 1 {
                    ws[i].1 = other;
                    i += 1;
                    continue;
                }
                let mut moved = false;
                for k in 2..c.len() {
                    let l = c[k];
                    let v = self.value[l.unsigned_abs() as usize];
                    let vl = if l < 0 { -v } else { v };
                    if vl != -1 {
                        c.swap(1, k);
                        let nw = c[1];
                        self.watches[code(-nw)].push((ci, other));
                        moved = true;
                        break;
                    }
                }
                if moved {
                    ws.swap_remove(i);
                    continue;
                }
                i += 1;
                if vo == 0 {
                    self.assign(other, ci);
                } else {
                    conflict = Some(ci);
                    break;
                }
            }
            let rest = std::mem::take(&mut self.watches[code(lit)]);
            ws.extend(rest);
            self.watches[code(lit)] = ws;
            if conflict.is_some() {
                self.head = self.trail.len();
                return conflict;
            }
        }
        None
    }

    /// [`Prop::closure`] where the variables of `assumed` count as decisions: a RUP step
    /// assumes the negation of its clause, so a literal of the clause that is false
    /// already is not derived again (its reason would be a satisfied hint).
    pub fn closure_assuming(
        &mut self,
        needed: &[i32],
        conflict: Option<u32>,
        assumed: &[i32],
    ) -> Vec<u64> {
        let saved: Vec<(usize, u32)> = assumed
            .iter()
            .map(|l| l.unsigned_abs() as usize)
            .filter(|&v| self.value[v] != 0)
            .map(|v| (v, std::mem::replace(&mut self.reason[v], DECISION)))
            .collect();
        let hints = self.closure(needed, conflict).1;
        for (v, r) in saved {
            self.reason[v] = r;
        }
        hints
    }

    /// The hints that derive the `needed` true literals (and the literals of clause
    /// `conflict`, all false) from the decisions: the implying clauses in trail order, the
    /// conflict clause last. Returns the decisions reached (true literals) and the hints.
    pub fn closure(&mut self, needed: &[i32], conflict: Option<u32>) -> (Vec<i32>, Vec<u64>) {
        let mut lowest = self.trail.len();
        let mut mark = |p: &mut Prop, l: i32| {
            let v = l.unsigned_abs() as usize;
            if !p.marks[v] {
                p.marks[v] = true;
                lowest = lowest.min(p.place[v] as usize);
            }
        };
        for &l in needed {
            debug_assert_eq!(self.value(l), 1, "needed literal {l} is not true");
            mark(self, l);
        }
        if let Some(c) = conflict {
            for k in 0..self.clauses[c as usize].lits.len() {
                let l = self.clauses[c as usize].lits[k];
                mark(self, l);
            }
        }
        let mut decisions = Vec::new();
        let mut hints = Vec::new();
        let mut i = self.trail.len();
        while i > lowest {
            i -= 1;
            let lit = self.trail[i];
            let v = lit.unsigned_abs() as usize;
            if !self.marks[v] {
                continue;
            }
            self.marks[v] = false;
            let r = self.reason[v];
            if r == DECISION {
                decisions.push(lit);
            } else {
                hints.push(self.clauses[r as usize].id);
                for k in 0..self.clauses[r as usize].lits.len() {
                    let l = self.clauses[r as usize].lits[k];
                    let u = l.unsigned_abs() as usize;
                    if u != v && !self.marks[u] {
                        self.marks[u] = true;
                        lowest = lowest.min(self.place[u] as usize);
                    }
                }
            }
        }
        hints.reverse();
        if let Some(c) = conflict {
            hints.push(self.clauses[c as usize].id);
        }
        (decisions, hints)
    }

    /// An unassigned variable of a clause not yet satisfied, as a literal to decide, among
    /// the variables `allowed` takes.
    pub fn pick(&self, allowed: impl Fn(u32) -> bool) -> Option<i32> {
        for c in self.clauses.iter().filter(|c| !c.removed) {
            if c.lits.iter().any(|&l| self.value(l) == 1) {
                continue;
            }
            let free = |&&l: &&i32| self.value(l) == 0 && allowed(l.unsigned_abs());
            if let Some(&l) = c.lits.iter().find(free) {
                return Some(-l);
            }
        }
        None
    }
}
