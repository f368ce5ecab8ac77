//! Lemmas for shared nodes, as CPOG's own generator proves them (Bryant et al., SAT 2023,
//! "lemmas"; `cpog-gen`'s `extract_lemma` / `apply_lemma`): a node the cache shares is
//! reached under many trails, and proving it again under each costs as much as the first
//! time. Instead it is proved once, in a context of its own: its *argument*, the clauses
//! over its variables as the trail left them. A clause the trail shortened (some literals
//! false) is stood for by an extension variable `x`, a product node `x = ¬l1 ∧ … ∧ ¬lk` of
//! its remaining literals, so `¬x` says the shortened clause holds; literals the trail set
//! on the node's own variables are assumed as they are. The lemma is the clause
//! `node ∨ ¬assumed ∨ x1 ∨ … ∨ xm` (only what its proof used), and applying it under
//! another trail takes one RUP step for the node, after a step `¬xi ∨ rest` for each pair
//! of `xi` and a clause it shortens (made once, kept for every trail where `rest` is
//! false). A node gets a lemma only once it has been proved three times (see `forward`).

use super::forward::{Forward, Just};
use super::CpogError;
use std::collections::HashMap;
use std::io::Write;

/// A clause the argument of a lemma can be read off: an input clause, or the clause
/// `x ∨ l1 ∨ … ∨ lk` defining an extension variable (which, with `x` false, is the
/// shortened clause itself).
struct Base {
    lits: Vec<i32>,
    id: u64,
    /// The extension variable it defines, if it is a definition: it constrains a context
    /// only where that variable is false.
    defines: Option<i32>,
}

/// One proved lemma of a node.
struct Instance {
    /// The lemma clause.
    id: u64,
    /// Literals it assumes (true where it applies).
    assumed: Vec<i32>,
    /// The extension variables it needs false.
    auxes: Vec<i32>,
}

/// The lemma state of a forward proof.
pub(crate) struct Lemmas {
    base: Vec<Base>,
    /// Per input variable, the base clauses it occurs in.
    occ: Vec<Vec<usize>>,
    /// Extension variables by their shortened clause (sorted).
    aux: HashMap<Vec<i32>, i32>,
    /// Per extension variable: its first defining clause, its shortened clause (sorted,
    /// the order of its children), its own base clause and the base clause it was first
    /// made from.
    defs: HashMap<i32, (u64, Vec<i32>, usize, usize)>,
    next_var: i64,
    /// The steps `¬x ∨ rest` ([`Forward::shortened_by`]) by extension variable and base
    /// clause.
    shortened: HashMap<(i32, usize), u64>,
    instances: HashMap<i32, Vec<Instance>>,
    /// The variables of nodes a lemma was made for (sorted).
    vars: HashMap<i32, std::rc::Rc<Vec<u32>>>,
    /// Which variables and nodes a walk of the graph has visited.
    marks: Marks,
    /// The variables of the lemma being proved, innermost last: the writer's own search
    /// decides only on them.
    pub scopes: Vec<std::rc::Rc<Vec<u32>>>,
    /// Lemmas made and applied.
    pub made: u64,
    pub applied: u64,
}

/// Visit marks over variables and node numbers, cleared in constant time per walk.
#[derive(Default)]
struct Marks {
    stamp: Vec<u32>,
    now: u32,
}

impl Marks {
    /// Starts a walk over numbers below `size`.
    fn next(&mut self, size: usize) {
        if self.stamp.len() < size {
            self.stamp.resize(size, 0);
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    /// Whether `i` is new to this walk (marking it).
    fn first_visit(&mut self, i: usize) -> bool {
        let new = self.stamp[i] != self.now;
        self.stamp[i] = self.now;
        new
    }
}

/// How many of a node's lemmas are tried before another is made.
const TRIES: usize = 8;

impl Lemmas {
    /// The state for `clauses` (numbered from 1) over `num_vars` variables; extension
    /// variables are numbered from `first_free`.
    pub fn new(num_vars: u32, clauses: &[Vec<i32>], first_free: i64) -> Lemmas {
        let mut occ = vec![Vec::new(); num_vars as usize + 1];
        let base = clauses
            .iter()
            .enumerate()
            .map(|(i, c)| {
                for &l in c {
                    occ[l.unsigned_abs() as usize].push(i);
                }
                Base {
                    lits: c.clone(),
                    id: i as u64 + 1,
                    defines: None,
                }
            })
            .collect();
        Lemmas {
            base,
            occ,
            aux: HashMap::new(),
            defs: HashMap::new(),
            next_var: first_free,
            shortened: HashMap::new(),
            instances: HashMap::new(),
            vars: HashMap::new(),
            marks: Marks::default(),
            scopes: Vec::new(),
            made: 0,
            applied: 0,
        }
    }

    /// Whether the writer's own search may decide on `var`.
    pub fn in_scope(&self, var: u32) -> bool {
        (var as usize) < self.occ.len()
            && self
                .scopes
                .last()
                .is_none_or(|s| s.binary_search(&var).is_ok())
    }
}

impl<W: Write> Forward<'_, W> {
    /// Proves `lit`, a node proved before under another trail, by a lemma: one that
    /// applies here, or a new one. `None` where the node's clauses are not a component
    /// of the trail (then it is proved here as it is).
    pub(crate) fn by_lemma(&mut self, lit: i32) -> Result<Option<Just>, CpogError> {
        if let Some(list) = self.lemmas.instances.get(&lit) {
            let found = list
                .iter()
                .rev()
                .take(TRIES)
                .find_map(|inst| Some((inst, self.applies(inst)?)));
            if let Some((inst, bases)) = found {
                let (id, assumed) = (inst.id, inst.assumed.clone());
                return self.apply(lit, id, &assumed, &bases).map(Some);
            }
        }
        let Some(inst) = self.make(lit)? else {
            return Ok(None);
        };
        let Some(bases) = self.applies(&inst) else {
            return Err(CpogError::Internal(
                "a new lemma does not apply where it was made",
            ));
        };
        let (id, assumed) = (inst.id, inst.assumed.clone());
        self.lemmas.instances.entry(lit).or_default().push(inst);
        self.apply(lit, id, &assumed, &bases).map(Some)
    }

    /// Where lemma `inst` applies: per extension variable it needs false, the base
    /// clause to derive that from (its literals outside the shortened clause all false),
    /// or `None` where the variable is false already.
    fn applies(&self, inst: &Instance) -> Option<Vec<(i32, Option<usize>)>> {
        if !inst.assumed.iter().all(|&l| self.prop.value(l) == 1) {
            return None;
        }
        inst.auxes
            .iter()
            .map(|&x| match self.prop.value(x) {
                -1 => Some((x, None)),
                1 => None,
                _ => self.base_of(x).map(|ci| (x, Some(ci))),
            })
            .collect()
    }

    /// A base clause (not `x`'s own definition) holding `x`'s shortened clause whose
    /// other literals are all false: the one it was made from, or another.
    fn base_of(&self, x: i32) -> Option<usize> {
        let (_, free, own, made_from) = &self.lemmas.defs[&x];
        let holds = |ci: usize| {
            ci != *own
                && self.lemmas.base[ci]
                    .lits
                    .iter()
                    .all(|l| free.binary_search(l).is_ok() || self.prop.value(*l) == -1)
        };
        if holds(*made_from) {
            return Some(*made_from);
        }
        let v = free
            .iter()
            .map(|l| l.unsigned_abs() as usize)
            .min_by_key(|&v| self.lemmas.occ[v].len())?;
        self.lemmas.occ[v].iter().copied().find(|&ci| {
            holds(ci) && {
                let lits = &self.lemmas.base[ci].lits;
                free.iter().all(|l| lits.contains(l))
            }
        })
    }

    /// The input variables under node `lit` (sorted).
    fn vars_of(&mut self, lit: i32) -> std::rc::Rc<Vec<u32>> {
        let key = lit.abs();
        if let Some(v) = self.lemmas.vars.get(&key) {
            return v.clone();
        }
        // One walk of the graph below, each node and variable visited once (stamps, not
        // hash sets), a node with a set already made contributing that set: on
        // track1_053 the walks were most of the writer's time.
        let marks = &mut self.lemmas.marks;
        marks.next(self.pog.num_vars as usize + 1 + self.pog.nodes.len());
        let mut vars = Vec::new();
        let mut stack = vec![key];
        while let Some(n) = stack.pop() {
            for &c in &self.pog.node(n).children {
                let a = c.unsigned_abs();
                if !marks.first_visit(a as usize) {
                    continue;
                }
                if !self.pog.is_node(c) {
                    vars.push(a);
                } else if let Some(known) = self.lemmas.vars.get(&c.abs()) {
                    for &v in known.iter() {
                        if marks.first_visit(v as usize) {
                            vars.push(v);
                        }
                    }
                } else {
                    stack.push(c.abs());
                }
            }
        }
        vars.sort_unstable();
        let vars = std::rc::Rc::new(vars);
        self.lemmas.vars.insert(key, vars.clone());
        vars
    }

    /// Makes and proves a lemma for node `lit` from the current trail's argument.
    fn make(&mut self, lit: i32) -> Result<Option<Instance>, CpogError> {
        let vars = self.vars_of(lit);
        let inside = |v: u32| vars.binary_search(&v).is_ok();
        // Inside another lemma's context, a clause with a free literal outside that
        // context's variables does not constrain it (the clause shortened does).
        let scope = self.lemmas.scopes.last().cloned();
        let in_scope = |l: i32| {
            scope
                .as_ref()
                .is_none_or(|s| s.binary_search(&l.unsigned_abs()).is_ok())
        };
        let mut assumed: Vec<i32> = Vec::new();
        for &v in vars.iter() {
            match self.prop.value(v as i32) {
                1 => assumed.push(v as i32),
                -1 => assumed.push(-(v as i32)),
                _ => {}
            }
        }
        // The argument: every base clause over the node's variables not yet satisfied.
        let mut auxes: Vec<i32> = Vec::new();
        let mut done = std::collections::HashSet::new();
        for &v in vars.iter() {
            for k in 0..self.lemmas.occ[v as usize].len() {
                let ci = self.lemmas.occ[v as usize][k];
                if !done.insert(ci) {
                    continue;
                }
                let b = &self.lemmas.base[ci];
                if b.defines.is_some_and(|x| self.prop.value(x) != -1) {
                    continue;
                }
                if b.lits.iter().any(|&l| self.prop.value(l) == 1) {
                    continue;
                }
                // Its literals outside the node are false (the trail shortens the clause
                // by them) or free outside this context; inside, the lemma's context
                // assumes what the trail set.
                let (mut free, rest): (Vec<i32>, Vec<i32>) =
                    b.lits.iter().partition(|&&l| inside(l.unsigned_abs()));
                if rest.iter().any(|&l| self.prop.value(l) == 0) {
                    if rest.iter().any(|&l| self.prop.value(l) == 0 && in_scope(l)) {
                        // Not a component of the trail.
                        return Ok(None);
                    }
                    continue;
                }
                if !free.iter().any(|&l| self.prop.value(l) == 0) {
                    return Ok(None);
                }
                if rest.is_empty() {
                    continue;
                }
                free.sort_unstable();
                let x = self.aux_for(free, ci)?;
                if self.lemmas.defs[&x].2 == ci {
                    // The clause defining `x` shortened by `x` alone: `¬x` is assumed.
                    if !assumed.contains(&-x) {
                        assumed.push(-x);
                    }
                } else if !auxes.contains(&x) {
                    auxes.push(x);
                }
            }
        }
        auxes.retain(|&x| !assumed.contains(&-x));
        // The context of its own: the trail undone, the argument assumed.
        let saved = self.prop.level_decisions();
        for _ in 0..saved.len() {
            self.prop.backtrack();
        }
        let mut levels = 0;
        let mut consistent = true;
        for a in assumed.iter().copied().chain(auxes.iter().map(|&x| -x)) {
            match self.prop.value(a) {
                1 => continue,
                -1 => {
                    consistent = false;
                    break;
                }
                _ => {}
            }
            self.prop.decide(a);
            levels += 1;
            if self.prop.propagate().is_some() {
                consistent = false;
                break;
            }
        }
        let proved = if consistent {
            self.lemmas.scopes.push(vars.clone());
            let j = self.expand(lit);
            self.lemmas.scopes.pop();
            Some(j)
        } else {
            None
        };
        for _ in 0..levels {
            self.prop.backtrack();
        }
        for d in saved {
            match d.map(|d| self.prop.value(d)) {
                None | Some(1) => self.prop.empty_level(),
                Some(0) => {
                    let d = d.expect("a decision");
                    self.prop.decide(d);
                    if self.prop.propagate().is_some() {
                        return Err(CpogError::Internal("a trail conflicts when replayed"));
                    }
                }
                _ => return Err(CpogError::Internal("a decision is false when replayed")),
            }
        }
        let Some(j) = proved else {
            return Ok(None);
        };
        let j = j?;
        let id = j
            .lemma
            .ok_or(CpogError::Internal("a node proved without a lemma"))?;
        self.lemmas.made += 1;
        Ok(Some(Instance {
            id,
            assumed: assumed
                .into_iter()
                .filter(|l| j.needs.contains(l))
                .collect(),
            auxes: auxes
                .into_iter()
                .filter(|x| j.needs.contains(&-x))
                .collect(),
        }))
    }

    /// The extension variable of the shortened clause `free` (sorted), declared as a
    /// product node and added to propagation the first time.
    fn aux_for(&mut self, free: Vec<i32>, made_from: usize) -> Result<i32, CpogError> {
        if let Some(&x) = self.lemmas.aux.get(&free) {
            return Ok(x);
        }
        let x = i32::try_from(self.lemmas.next_var).map_err(|_| CpogError::TooLarge)?;
        self.lemmas.next_var += 1;
        let children: Vec<i32> = free.iter().map(|&l| -l).collect();
        let cid = self.sink.operation(false, x, &children, &[])?;
        self.prop.grow(x as u32);
        let mut first = vec![x];
        first.extend(&free);
        let ci = self.lemmas.base.len();
        for &l in &free {
            self.lemmas.occ[l.unsigned_abs() as usize].push(ci);
        }
        self.lemmas.base.push(Base {
            lits: first.clone(),
            id: cid,
            defines: Some(x),
        });
        let mut conflict = self.prop.add(first, cid).is_some();
        for (j, &l) in free.iter().enumerate() {
            conflict |= self.prop.add(vec![-x, -l], cid + 1 + j as u64).is_some();
        }
        if conflict || self.prop.propagate().is_some() {
            return Err(CpogError::Internal(
                "an extension variable's definition conflicts",
            ));
        }
        self.lemmas.aux.insert(free.clone(), x);
        self.lemmas.defs.insert(x, (cid, free, ci, made_from));
        Ok(x)
    }

    /// The clause `¬x ∨ rest`, where base clause `ci` is `x`'s shortened clause and
    /// `rest` (its other literals): with `x` true, each literal of the shortened clause is
    /// false (a defining clause each) and then `ci` is falsified. One step per pair, kept
    /// for every trail where `rest` is false.
    fn shortened_by(&mut self, x: i32, ci: usize) -> Result<u64, CpogError> {
        if let Some(&id) = self.lemmas.shortened.get(&(x, ci)) {
            return Ok(id);
        }
        let (cid, free) = {
            let d = &self.lemmas.defs[&x];
            (d.0, d.1.clone())
        };
        let mut clause = vec![-x];
        clause.extend(
            self.lemmas.base[ci]
                .lits
                .iter()
                .filter(|l| free.binary_search(l).is_err()),
        );
        let mut hints: Vec<u64> = (0..free.len() as u64).map(|j| cid + 1 + j).collect();
        hints.push(self.lemmas.base[ci].id);
        let id = self.add(clause, hints)?;
        self.lemmas.shortened.insert((x, ci), id);
        Ok(id)
    }

    /// Applies the lemma `id` of node `lit` here: one RUP step per extension variable it
    /// needs false, one for the node.
    fn apply(
        &mut self,
        lit: i32,
        id: u64,
        assumed: &[i32],
        bases: &[(i32, Option<usize>)],
    ) -> Result<Just, CpogError> {
        self.lemmas.applied += 1;
        let mut steps = Vec::new();
        let mut needed: Vec<i32> = assumed.to_vec();
        for &(x, ci) in bases {
            let Some(ci) = ci else {
                needed.push(-x);
                continue;
            };
            steps.push(self.shortened_by(x, ci)?);
            let free = &self.lemmas.defs[&x].1;
            needed.extend(
                self.lemmas.base[ci]
                    .lits
                    .iter()
                    .filter(|l| free.binary_search(l).is_err())
                    .map(|&l| -l),
            );
        }
        if needed.is_empty() {
            return Ok(Just {
                lemma: Some(id),
                needs: Vec::new(),
            });
        }
        steps.push(id);
        self.implied(lit, &needed, steps)
    }
}
