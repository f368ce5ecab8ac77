//! The individualisation search for generators of the automorphism group (the scheme of
//! McKay's nauty: B. D. McKay, A. Piperno, "Practical graph isomorphism, II", J. Symbolic
//! Computation 60, 2014). A first path individualises the first vertex of the first
//! non-singleton cell until the partition is discrete (leaf λ). Then, level by level from the
//! deepest, every other vertex w of the cell individualised there is tried: a subtree whose
//! partitions keep the first path's invariants is searched for a leaf whose vertex
//! correspondence with λ is an automorphism. Vertices already in the orbit of the path's
//! vertex under the generators found at that level or deeper (which fix the path above it)
//! are skipped. With no cut, the generators found at levels `≥ i` generate the stabiliser of
//! the path's first `i` vertices, so the group order is the product over levels of the
//! orbit sizes of the path's vertices.

use crate::graph::Graph;
use crate::refine::{refine, Partition};

/// What the search found.
pub(crate) struct Found {
    /// Generators, as permutations of the graph's vertices, with the level each was found at.
    pub generators: Vec<(Vec<u32>, usize)>,
    /// For each level of the first path, the size of its vertex's orbit under the generators
    /// of that level or deeper.
    pub orbit_sizes: Vec<usize>,
    /// Whether the node budget ran out (the generators then generate a subgroup).
    pub cut: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

struct Search<'a> {
    g: &'a Graph,
    /// The first path: partitions before each individualisation, then the leaf.
    path: Vec<Partition>,
    /// The cell colour individualised at each level of the first path.
    cells: Vec<u32>,
    /// λ: for each colour, its vertex in the first leaf.
    leaf: Vec<u32>,
    /// Nodes visited, at most `budget`.
    nodes: u64,
    budget: u64,
    /// Whether a node was refused for want of budget.
    exhausted: bool,
}

fn union_find_root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        parent[x as usize] = parent[parent[x as usize] as usize];
        x = parent[x as usize];
    }
    x
}

/// Joins the orbits `perm` links.
fn join(parent: &mut [u32], perm: &[u32]) {
    for (v, &w) in perm.iter().enumerate() {
        let (a, b) = (
            union_find_root(parent, v as u32),
            union_find_root(parent, w),
        );
        if a != b {
            parent[a.max(b) as usize] = a.min(b);
        }
    }
}

/// Orbits of the vertices under `gens`, as a union-find forest.
fn orbits<'a>(n: usize, gens: impl Iterator<Item = &'a Vec<u32>>) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for g in gens {
        join(&mut parent, g);
    }
    parent
}

impl Search<'_> {
    /// Counts one more node visited; false (and the search exhausted) when the budget is
    /// spent.
    fn visit(&mut self) -> bool {
        if self.nodes >= self.budget {
            self.exhausted = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Searches below `p` (at `level` of the tree, its invariant equal to the first path's)
    /// for a leaf matching λ as an automorphism.
    fn descend(&mut self, p: &Partition, level: usize) -> Option<Vec<u32>> {
        if !self.visit() {
            return None;
        }
        if p.discrete() {
            let mut perm = vec![0u32; p.colour.len()];
            for (v, &c) in p.colour.iter().enumerate() {
                perm[self.leaf[c as usize] as usize] = v as u32;
            }
            return self.g.is_automorphism(&perm).then_some(perm);
        }
        let c = *self.cells.get(level)?;
        for u in p.cell(c) {
            let q = p.individualise(self.g, u);
            if q.invariant == self.path[level + 1].invariant
                && q.cells == self.path[level + 1].cells
                && let Some(perm) = self.descend(&q, level + 1)
            {
                return Some(perm);
            }
            if self.exhausted {
                return None;
            }
        }
        None
    }
}

/// Finds generators of the automorphism group of `g`, visiting at most `budget` nodes.
pub(crate) fn search(g: &Graph, budget: u64) -> Found {
    let root = refine(g, g.colour.clone(), 0);
    let mut path = vec![root];
    let mut cells = Vec::new();
    let mut chosen = Vec::new();
    while let Some(c) = path.last().expect("the root").target_cell() {
        let p = path.last().expect("the root");
        let v = p.cell(c)[0];
        let next = p.individualise(g, v);
        cells.push(c);
        chosen.push(v);
        path.push(next);
    }
    let last = path.last().expect("the root");
    let mut leaf = vec![0u32; last.colour.len()];
    for (v, &c) in last.colour.iter().enumerate() {
        leaf[c as usize] = v as u32;
    }
    let mut s = Search {
        g,
        path,
        cells,
        leaf,
        nodes: 0,
        budget,
        exhausted: false,
    };
    let mut generators: Vec<(Vec<u32>, usize)> = Vec::new();
    let mut orbit_sizes = vec![1; chosen.len()];
    for level in (0..chosen.len()).rev() {
        let p = s.path[level].clone();
        let v = chosen[level];
        // Orbits under the generators of this level and deeper, kept up to date as
        // generators are found.
        let mut orbit = orbits(
            g.len(),
            generators.iter().filter(|x| x.1 >= level).map(|x| &x.0),
        );
        for w in p.cell(s.cells[level]) {
            if w == v || union_find_root(&mut orbit, v) == union_find_root(&mut orbit, w) {
                continue;
            }
            // Every refinement counts against the budget, not only those below this level.
            if !s.visit() {
                break;
            }
            let q = p.individualise(g, w);
            if q.invariant != s.path[level + 1].invariant || q.cells != s.path[level + 1].cells {
                continue;
            }
            if let Some(perm) = s.descend(&q, level + 1) {
                join(&mut orbit, &perm);
                generators.push((perm, level));
            }
            if s.exhausted {
                break;
            }
        }
        let mut orbit = orbits(
            g.len(),
            generators.iter().filter(|x| x.1 >= level).map(|x| &x.0),
        );
        let root = union_find_root(&mut orbit, v);
        orbit_sizes[level] = (0..g.len() as u32)
            .filter(|&x| union_find_root(&mut orbit, x) == root)
            .count();
        if s.exhausted {
            break;
        }
    }
    Found {
        generators,
        orbit_sizes,
        cut: s.exhausted,
        nodes: s.nodes,
    }
}
