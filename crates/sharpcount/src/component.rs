//! Dynamic decomposition into components (Bayardo & Pehoushek 2000; Thurley 2006): after
//! each decision, the unassigned variables of the component being branched on are split
//! into the connected parts of the graph of its residual original clauses (not yet
//! satisfied). Learnt clauses never take part. The components of a branch live on one
//! stack of arenas, popped when the branch ends.
//!
//! In small components with unprojected variables, residual clauses blocked on one of
//! them are switched off first, for the branch ([`blocking`]).
//!
//! Each call is linear in the size of the parent component: one breadth-first search with
//! labels instead of cleared marks, then one pass over the parent's sorted variables and
//! clauses to write each child's sorted lists (which makes the cache key canonical).

use crate::engine::Engine;
use crate::key;
use crate::lit::Lit;

mod blocking;

use blocking::Blocking;

/// A component on the stack: ranges into the arenas.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Component {
    var_start: u32,
    var_len: u32,
    cl_start: u32,
    cl_len: u32,
    key_start: u32,
    key_len: u32,
    /// Hash of the key.
    pub hash: u64,
    /// Number of projected variables.
    pub projected: u32,
}

/// Where the arenas stood, to pop everything pushed since.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mark {
    comps: u32,
    vars: u32,
    clauses: u32,
    keys: u32,
    switched_off: u32,
}

impl Mark {
    /// Stack index of the first component pushed after this mark.
    pub(crate) fn comps_index(&self) -> u32 {
        self.comps
    }
}

/// The long (three or more literals) original clauses and binary neighbours, in the form
/// decomposition reads them: flat arrays indexed by offsets (compressed sparse rows), so
/// that one variable's neighbourhood is one contiguous read.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    /// For variable `v`, `bins[bin_start[v]..bin_start[v + 1]]` holds the other literal of
    /// each binary clause with `v`.
    bins: Vec<Lit>,
    /// The literal of `v` in each of those clauses, in the same order.
    bin_own: Vec<Lit>,
    bin_start: Vec<u32>,
    /// For variable `v`, `occ[occ_start[v]..occ_start[v + 1]]` lists the long clauses
    /// with `v`.
    occ: Vec<u32>,
    occ_start: Vec<u32>,
    /// Literals of the long clauses, `starts[c]..starts[c + 1]`.
    lits: Vec<Lit>,
    starts: Vec<u32>,
    /// The engine's reference of each long clause: its place among the clauses of two
    /// or more literals, the order [`Engine::with_clauses`] adds them in.
    cref: Vec<u32>,
}

/// Rows of a sparse table from (row, value) pairs.
fn rows<T: Copy + Default>(n: usize, pairs: &[(u32, T)]) -> (Vec<T>, Vec<u32>) {
    let mut start = vec![0u32; n + 1];
    for &(r, _) in pairs {
        start[r as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut data = vec![T::default(); pairs.len()];
    for &(r, x) in pairs {
        data[fill[r as usize] as usize] = x;
        fill[r as usize] += 1;
    }
    (data, start)
}

impl Graph {
    /// The graph of `clauses` (each of at least two distinct variables) over `n` variables.
    pub(crate) fn new(n: u32, clauses: &[Vec<Lit>]) -> Graph {
        let mut bin_pairs = Vec::new();
        let mut own_pairs = Vec::new();
        let mut occ_pairs = Vec::new();
        let mut lits = Vec::new();
        let mut starts = vec![0];
        let mut cref = Vec::new();
        for (r, c) in clauses.iter().filter(|c| c.len() >= 2).enumerate() {
            if c.len() == 2 {
                bin_pairs.push((c[0].var(), c[1]));
                bin_pairs.push((c[1].var(), c[0]));
                own_pairs.push((c[0].var(), c[0]));
                own_pairs.push((c[1].var(), c[1]));
            } else {
                let id = starts.len() as u32 - 1;
                occ_pairs.extend(c.iter().map(|l| (l.var(), id)));
                lits.extend_from_slice(c);
                starts.push(lits.len() as u32);
                cref.push(r as u32);
            }
        }
        let (bins, bin_start) = rows(n as usize, &bin_pairs);
        let (bin_own, _) = rows(n as usize, &own_pairs);
        let (occ, occ_start) = rows(n as usize, &occ_pairs);
        Graph {
            bins,
            bin_own,
            bin_start,
            occ,
            occ_start,
            lits,
            starts,
            cref,
        }
    }

    /// Number of long clauses.
    pub(crate) fn num_long(&self) -> u32 {
        self.starts.len() as u32 - 1
    }

    #[inline]
    fn clause(&self, c: u32) -> &[Lit] {
        &self.lits[self.starts[c as usize] as usize..self.starts[c as usize + 1] as usize]
    }

    #[inline]
    fn bins_of(&self, v: u32) -> &[Lit] {
        &self.bins[self.bin_start[v as usize] as usize..self.bin_start[v as usize + 1] as usize]
    }

    /// The literals of `v` and the other literals of the binary clauses with `v`.
    fn bins_with(&self, v: u32) -> (&[Lit], &[Lit]) {
        let r = self.bin_start[v as usize] as usize..self.bin_start[v as usize + 1] as usize;
        (&self.bin_own[r.clone()], &self.bins[r])
    }

    #[inline]
    fn occ_of(&self, v: u32) -> &[u32] {
        &self.occ[self.occ_start[v as usize] as usize..self.occ_start[v as usize + 1] as usize]
    }
}

/// A child component found by [`Components::decompose`], before it is written out.
#[derive(Clone, Copy, Debug, Default)]
struct Found {
    vars: u32,
    clauses: u32,
    projected: u32,
}

/// The component stack and the scratch space of decomposition.
#[derive(Debug, Default)]
pub(crate) struct Components {
    graph: Graph,
    projected: Vec<bool>,
    comps: Vec<Component>,
    vars: Vec<u32>,
    clauses: Vec<u32>,
    keys: Vec<u8>,
    var_label: Vec<u32>,
    clause_label: Vec<u32>,
    next_label: u32,
    queue: Vec<u32>,
    found: Vec<Found>,
    offsets: Vec<(u32, u32)>,
    fill: Vec<(u32, u32)>,
    /// Residual clauses of each variable at the decomposition that found its component
    /// (the DLCS part of VSADS, Sang, Beame & Kautz 2005).
    pub occurrences: Vec<u32>,
    /// Clauses switched off as blocked ([`blocking`]).
    blocking: Blocking,
}

impl Components {
    /// Decomposition over `graph` with the projection `projected`.
    pub(crate) fn new(graph: Graph, projected: Vec<bool>) -> Components {
        let n = projected.len();
        let long = graph.num_long() as usize;
        Components {
            blocking: Blocking::new(&projected, &graph),
            graph,
            projected,
            var_label: vec![0; n],
            clause_label: vec![0; long],
            next_label: 1,
            occurrences: vec![0; n],
            ..Components::default()
        }
    }

    /// Appends to `out` the unassigned literals of each long clause with `¬t` that `eng`
    /// does not satisfy: the clauses the assignment of `t` shortened.
    pub(crate) fn shortened(&self, t: Lit, eng: &Engine, out: &mut Vec<Lit>) {
        for &c in self.graph.occ_of(t.var()) {
            let lits = self.graph.clause(c);
            if !lits.contains(&!t) || lits.iter().any(|&l| eng.is_true(l)) {
                continue;
            }
            out.extend(lits.iter().filter(|l| eng.is_unassigned(l.var())));
        }
    }

    /// Pushes the component of all variables and all long clauses (the root).
    pub(crate) fn push_root(&mut self) -> u32 {
        let n = self.projected.len() as u32;
        let vars: Vec<u32> = (0..n).collect();
        let clauses: Vec<u32> = (0..self.graph.num_long()).collect();
        let mark = self.mark();
        self.vars.extend_from_slice(&vars);
        self.clauses.extend_from_slice(&clauses);
        let projected = self.projected.iter().filter(|&&p| p).count() as u32;
        self.push_component(mark.vars, n, mark.clauses, clauses.len() as u32, projected);
        self.comps.len() as u32 - 1
    }

    /// The current top of the arenas.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            comps: self.comps.len() as u32,
            vars: self.vars.len() as u32,
            clauses: self.clauses.len() as u32,
            keys: self.keys.len() as u32,
            switched_off: self.blocking.len(),
        }
    }

    /// Pops everything pushed since `mark`, and switches back on the clauses switched off
    /// since.
    pub(crate) fn pop_to(&mut self, mark: Mark, eng: &mut Engine) {
        self.blocking.restore(mark.switched_off, &self.graph, eng);
        self.comps.truncate(mark.comps as usize);
        self.vars.truncate(mark.vars as usize);
        self.clauses.truncate(mark.clauses as usize);
        self.keys.truncate(mark.keys as usize);
    }

    /// Number of components on the stack.
    pub(crate) fn len(&self) -> u32 {
        self.comps.len() as u32
    }

    /// The component at stack index `i`.
    pub(crate) fn get(&self, i: u32) -> &Component {
        &self.comps[i as usize]
    }

    /// The sorted variables of component `i`.
    pub(crate) fn vars(&self, i: u32) -> &[u32] {
        let c = &self.comps[i as usize];
        &self.vars[c.var_start as usize..(c.var_start + c.var_len) as usize]
    }

    /// The cache key of component `i`.
    pub(crate) fn key(&self, i: u32) -> &[u8] {
        let c = &self.comps[i as usize];
        &self.keys[c.key_start as usize..(c.key_start + c.key_len) as usize]
    }

    /// The unassigned literals of component `i` when it is one residual long clause and
    /// nothing else (no residual binary clause, no other variable), else `None`. Such a
    /// component has a closed-form count, and branching on it instead would go as deep as
    /// the clause is long, each level pushing the variables left: memory quadratic in the
    /// clause's length.
    pub(crate) fn single_clause(&self, i: u32, eng: &Engine) -> Option<Vec<Lit>> {
        let c = &self.comps[i as usize];
        if c.cl_len != 1 {
            return None;
        }
        let clause = self.clauses[c.cl_start as usize];
        let lits = self.graph.clause(clause);
        if lits.iter().any(|&l| eng.is_true(l)) {
            return None;
        }
        let open: Vec<Lit> = lits
            .iter()
            .copied()
            .filter(|l| eng.is_unassigned(l.var()))
            .collect();
        let vars = self.vars(i).iter().filter(|&&v| eng.is_unassigned(v));
        let mut count = 0;
        for &v in vars {
            count += 1;
            if self
                .graph
                .bins_of(v)
                .iter()
                .any(|w| eng.is_unassigned(w.var()))
            {
                return None;
            }
        }
        (count == open.len()).then_some(open)
    }

    /// True when `var` is projected.
    #[inline]
    pub(crate) fn is_projected(&self, var: u32) -> bool {
        self.projected[var as usize]
    }

    /// Removes component `i` from the stack by moving the last one into its place
    /// (its arena ranges stay until the enclosing branch pops them).
    pub(crate) fn swap_remove(&mut self, i: u32) {
        self.comps.swap_remove(i as usize);
    }

    /// Orders the components from index `from` on by their number of variables.
    pub(crate) fn sort_from(&mut self, from: u32) {
        self.comps[from as usize..].sort_by_key(|c| c.var_len);
    }

    fn push_component(&mut self, vs: u32, vl: u32, cs: u32, cl: u32, projected: u32) {
        let key_start = self.keys.len() as u32;
        let (vars, clauses) = (
            &self.vars[vs as usize..(vs + vl) as usize],
            &self.clauses[cs as usize..(cs + cl) as usize],
        );
        key::encode(vars, clauses, &mut self.keys);
        let key_len = self.keys.len() as u32 - key_start;
        let hash = key::hash(&self.keys[key_start as usize..]);
        self.comps.push(Component {
            var_start: vs,
            var_len: vl,
            cl_start: cs,
            cl_len: cl,
            key_start,
            key_len,
            hash,
            projected,
        });
    }

    /// Labels for one decomposition: `base` marks satisfied clauses, `base + 1 + k` the
    /// k-th child.
    fn reserve_labels(&mut self, max_children: u32) -> u32 {
        if self.next_label.checked_add(max_children + 2).is_none() {
            self.var_label.iter_mut().for_each(|l| *l = 0);
            self.clause_label.iter_mut().for_each(|l| *l = 0);
            self.next_label = 1;
        }
        let base = self.next_label;
        self.next_label += max_children + 2;
        base
    }

    /// No clause is ever switched off as blocked (when compiling, or logging a proof).
    pub(crate) fn never_switch_off(&mut self) {
        self.blocking.enabled = false;
    }

    /// Variable `v` is decided by the search: it never blocks a clause.
    pub(crate) fn never_blocks(&mut self, v: u32) {
        self.blocking.never_blocks(v);
    }

    /// How many clauses were switched off as blocked so far.
    pub(crate) fn switched_off(&self) -> u64 {
        self.blocking.found
    }

    /// Splits the unassigned part of component `parent` into children pushed on the
    /// stack (sorted variables and clauses, keyed and hashed), and calls `free` with each
    /// unassigned projected variable in no residual clause (a factor 2 each when
    /// counting). Residual clauses blocked on an unprojected variable are switched off
    /// first ([`blocking`]), until the branch's [`Components::pop_to`].
    pub(crate) fn decompose(&mut self, parent: u32, eng: &mut Engine, mut free: impl FnMut(u32)) {
        let p = self.comps[parent as usize];
        if self.blocking.enabled && p.projected < p.var_len && p.var_len <= blocking::MAX_VARS {
            let clauses = &self.clauses[p.cl_start as usize..(p.cl_start + p.cl_len) as usize];
            self.blocking.switch_off(clauses, &self.graph, eng);
        }
        let base = self.reserve_labels(p.var_len);
        self.found.clear();
        for i in p.var_start..p.var_start + p.var_len {
            let v = self.vars[i as usize];
            if !eng.is_unassigned(v) || self.var_label[v as usize] > base {
                continue;
            }
            let label = base + 1 + self.found.len() as u32;
            let found = self.search(v, label, base, &*eng);
            if found.vars == 1
                && found.clauses == 0
                && found.projected == 1
                && self.occurrences[v as usize] == 0
            {
                free(v);
            }
            self.found.push(found);
        }
        self.write_children(p, base);
    }

    /// Breadth-first search of the child containing `start`, labelling its variables and
    /// residual long clauses with `label` and satisfied clauses with `base`.
    fn search(&mut self, start: u32, label: u32, base: u32, eng: &Engine) -> Found {
        let mut f = Found::default();
        // Read per clause only while some clause is off (never on unprojected formulas).
        let any_off = self.blocking.len() > 0;
        self.queue.clear();
        self.queue.push(start);
        self.var_label[start as usize] = label;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            f.vars += 1;
            f.projected += self.projected[v as usize] as u32;
            let mut occ = 0u32;
            for &w in self.graph.bins_of(v) {
                if !eng.is_unassigned(w.var()) {
                    debug_assert!(eng.is_true(w), "unpropagated binary clause");
                    continue;
                }
                occ += 1;
                let wl = &mut self.var_label[w.var() as usize];
                if *wl != label {
                    *wl = label;
                    self.queue.push(w.var());
                }
            }
            for &c in self.graph.occ_of(v) {
                let cl = self.clause_label[c as usize];
                if cl == label {
                    occ += 1;
                    continue;
                }
                if cl == base || (any_off && self.blocking.off[c as usize]) {
                    continue;
                }
                let lits = self.graph.clause(c);
                if lits.iter().any(|&l| eng.is_true(l)) {
                    self.clause_label[c as usize] = base;
                    continue;
                }
                self.clause_label[c as usize] = label;
                f.clauses += 1;
                occ += 1;
                for &l in lits {
                    let u = l.var();
                    if eng.is_unassigned(u) && self.var_label[u as usize] != label {
                        self.var_label[u as usize] = label;
                        self.queue.push(u);
                    }
                }
            }
            self.occurrences[v as usize] = occ;
        }
        f
    }

    /// Writes the sorted variable and clause lists of every non-trivial child found by the
    /// last searches, in one pass over the parent's sorted lists, and pushes the children.
    fn write_children(&mut self, p: Component, base: u32) {
        let mut offsets = std::mem::take(&mut self.offsets);
        offsets.clear();
        let (mut vpos, mut cpos) = (self.vars.len() as u32, self.clauses.len() as u32);
        for f in &self.found {
            if f.vars > 1 || f.clauses > 0 {
                offsets.push((vpos, cpos));
                vpos += f.vars;
                cpos += f.clauses;
            } else {
                offsets.push((u32::MAX, u32::MAX));
            }
        }
        self.vars.resize(vpos as usize, 0);
        self.clauses.resize(cpos as usize, 0);
        let mut fill = std::mem::take(&mut self.fill);
        fill.clear();
        fill.extend_from_slice(&offsets);
        for i in p.var_start..p.var_start + p.var_len {
            let v = self.vars[i as usize];
            let l = self.var_label[v as usize];
            if l > base && ((l - base - 1) as usize) < fill.len() && is_written(&fill, l - base - 1)
            {
                let slot = &mut fill[(l - base - 1) as usize].0;
                self.vars[*slot as usize] = v;
                *slot += 1;
            }
        }
        for i in p.cl_start..p.cl_start + p.cl_len {
            let c = self.clauses[i as usize];
            let l = self.clause_label[c as usize];
            if l > base && ((l - base - 1) as usize) < fill.len() {
                let slot = &mut fill[(l - base - 1) as usize].1;
                self.clauses[*slot as usize] = c;
                *slot += 1;
            }
        }
        for (k, &(vs, cs)) in offsets.iter().enumerate() {
            let f = self.found[k];
            if vs != u32::MAX {
                self.push_component(vs, f.vars, cs, f.clauses, f.projected);
            }
        }
        self.offsets = offsets;
        self.fill = fill;
    }
}

/// True when child `k` is written out (not a lone free variable).
#[inline]
fn is_written(fill: &[(u32, u32)], k: u32) -> bool {
    fill[k as usize].0 != u32::MAX
}
