//! A tree decomposition of the primal graph (variables adjacent when they share a
//! clause), from a greedy minimum-degree elimination ordering, to guide decisions as in
//! sharpSAT-TD (Korhonen & Järvisalo 2021) and Ganak: variables high in the elimination
//! tree separate the formula, so branching on them first splits it into components early.
//!
//! Eliminating a variable connects all its remaining neighbours (fill-in); its parent in
//! the elimination tree is the neighbour eliminated next. The work is bounded: when the
//! fill-in grows past a budget the decomposition is abandoned and decisions fall back to
//! VSADS alone.

use crate::limits::{Limits, Stop};
use crate::lit::Lit;
use crate::stats::Progress;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Depths in the elimination tree.
#[derive(Debug, Clone)]
pub(crate) struct TreeOrder {
    /// Level of each variable: the distance from the centroid bag of the nearest bag
    /// holding it (0 first).
    pub depth: Vec<u32>,
    /// Largest level.
    pub max_depth: u32,
    /// Largest bag minus one (the width of the decomposition).
    pub width: u32,
}

/// Adjacency entries (including fill) allowed per clause literal, and in any case.
const FILL_PER_LITERAL: usize = 60;
const FILL_MIN: usize = 2_000_000;

/// The elimination-tree depths of the primal graph of `clauses` over `n` variables, or
/// `None` when the fill-in exceeds the budget; each elimination looks at `limits` (on a
/// formula of 100,000 variables the decomposition alone takes seconds).
pub(crate) fn decompose(
    n: u32,
    clauses: &[Vec<Lit>],
    limits: &mut Limits<'_>,
) -> Result<Option<TreeOrder>, Stop> {
    let n = n as usize;
    let size: usize = clauses.iter().map(Vec::len).sum();
    let budget = (FILL_PER_LITERAL * size).max(FILL_MIN);
    let Some((mut adj, mut total)) = primal_graph(n, clauses, budget) else {
        return Ok(None);
    };
    let mut eliminated = vec![false; n];
    let mut pos = vec![u32::MAX; n];
    let mut bags: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = (0..n)
        .map(|v| Reverse((adj[v].len() as u32, v as u32)))
        .collect();
    let mut step = 0u32;
    let mut merged = Vec::new();
    while let Some(Reverse((d, v))) = heap.pop() {
        let vi = v as usize;
        if eliminated[vi] || d as usize != adj[vi].len() {
            continue;
        }
        limits.check(Progress::default)?;
        eliminated[vi] = true;
        pos[vi] = step;
        step += 1;
        let bag = std::mem::take(&mut adj[vi]);
        for &u in &bag {
            let ui = u as usize;
            // adj[u] := adj[u] ∪ bag \ {u, v}, both sorted.
            merged.clear();
            let (a, b) = (&adj[ui], &bag);
            let (mut i, mut j) = (0, 0);
            while i < a.len() || j < b.len() {
                let x = match (a.get(i), b.get(j)) {
                    (Some(&x), Some(&y)) if x == y => {
                        i += 1;
                        j += 1;
                        x
                    }
                    (Some(&x), Some(&y)) if x < y => {
                        i += 1;
                        x
                    }
                    (Some(&x), None) => {
                        i += 1;
                        x
                    }
                    (_, Some(&y)) => {
                        j += 1;
                        y
                    }
                    (None, None) => break,
                };
                if x != u && x != v {
                    merged.push(x);
                }
            }
            total = total + merged.len() - adj[ui].len();
            std::mem::swap(&mut adj[ui], &mut merged);
            heap.push(Reverse((adj[ui].len() as u32, u)));
        }
        if total > budget {
            return Ok(None);
        }
        bags[vi] = bag;
    }
    Ok(Some(depths(&bags, &pos)))
}

/// The primal graph of `clauses` over `n` variables as sorted adjacency lists, and their
/// total length; `None` when it has more than `budget` entries. A clause of `k` literals
/// is a clique of `k (k - 1)` entries, so one long clause alone could take memory
/// quadratic in the file's size: the entries are counted before they are added, the lists
/// deduplicated when the count passes the budget, and the graph abandoned when they still
/// pass it.
fn primal_graph(n: usize, clauses: &[Vec<Lit>], budget: usize) -> Option<(Vec<Vec<u32>>, usize)> {
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut total = 0usize;
    let dedup = |adj: &mut Vec<Vec<u32>>| {
        let mut total = 0;
        for a in adj.iter_mut() {
            a.sort_unstable();
            a.dedup();
            a.shrink_to_fit();
            total += a.len();
        }
        total
    };
    for c in clauses {
        let k = c.len();
        let entries = k.saturating_mul(k.saturating_sub(1));
        if total.saturating_add(entries) > budget {
            total = dedup(&mut adj);
            if total.saturating_add(entries) > budget {
                return None;
            }
        }
        total += entries;
        for (i, a) in c.iter().enumerate() {
            for b in &c[i + 1..] {
                adj[a.var() as usize].push(b.var());
                adj[b.var() as usize].push(a.var());
            }
        }
    }
    let total = dedup(&mut adj);
    Some((adj, total))
}

/// Levels from the bags. The parent of `v` is the bag member eliminated first after it;
/// each tree of bags is rooted at its centroid (the bag whose removal leaves parts of at
/// most half the size), and each variable gets the distance from the centroid of the
/// nearest bag holding it: decisions start at the centroid's bag and move outwards, as in
/// SharpSAT-TD (Korhonen & Järvisalo 2021). Levels by recursive centroid cuts (nested
/// dissection, a path of length n getting depth log n) were tried first; measured on
/// MC2022 files they took more decisions where it mattered (track2_055: 299,527 against
/// 123,657; track4_037: 255,514 against 6,476), a few less elsewhere (track1_005: 71,601
/// against 90,428).
fn depths(bags: &[Vec<u32>], pos: &[u32]) -> TreeOrder {
    let n = bags.len();
    let mut nbrs: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut width = 0;
    for (v, bag) in bags.iter().enumerate() {
        width = width.max(bag.len() as u32);
        if let Some(&p) = bag.iter().min_by_key(|&&u| pos[u as usize]) {
            nbrs[v].push(p);
            nbrs[p as usize].push(v as u32);
        }
    }
    let mut depth = vec![u32::MAX; n];
    let mut dist = vec![u32::MAX; n];
    let mut size = vec![0u32; n];
    let mut max_depth = 0;
    let mut order = Vec::new();
    let mut parent = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for r in 0..n {
        if dist[r] != u32::MAX {
            continue;
        }
        let c = centroid(r as u32, &nbrs, &mut order, &mut parent, &mut size);
        dist[c as usize] = 0;
        queue.push_back(c);
        while let Some(b) = queue.pop_front() {
            let level = dist[b as usize];
            max_depth = max_depth.max(level);
            for &u in std::iter::once(&b).chain(&bags[b as usize]) {
                let d = &mut depth[u as usize];
                *d = (*d).min(level);
            }
            for &u in &nbrs[b as usize] {
                if dist[u as usize] == u32::MAX {
                    dist[u as usize] = level + 1;
                    queue.push_back(u);
                }
            }
        }
    }
    TreeOrder {
        depth,
        max_depth,
        width,
    }
}

/// The centroid of the tree of bags containing `start`.
fn centroid(
    start: u32,
    nbrs: &[Vec<u32>],
    order: &mut Vec<u32>,
    parent: &mut [u32],
    size: &mut [u32],
) -> u32 {
    order.clear();
    order.push(start);
    parent[start as usize] = u32::MAX;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &u in &nbrs[v as usize] {
            if u != parent[v as usize] {
                parent[u as usize] = v;
                order.push(u);
            }
        }
    }
    for &v in order.iter().rev() {
        size[v as usize] = 1;
        for &u in &nbrs[v as usize] {
            if u != parent[v as usize] {
                size[v as usize] += size[u as usize];
            }
        }
    }
    let total = order.len() as u32;
    let mut c = start;
    loop {
        let heavy = nbrs[c as usize]
            .iter()
            .copied()
            .find(|&u| u != parent[c as usize] && 2 * size[u as usize] > total);
        match heavy {
            Some(u) => c = u,
            None => return c,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clause(vars: &[u32]) -> Vec<Lit> {
        vars.iter().map(|&v| Lit::new(v, false)).collect()
    }

    /// [`decompose`] under no limit.
    fn unlimited(n: u32, clauses: &[Vec<Lit>]) -> Option<TreeOrder> {
        let options = crate::Options::default();
        let mut limits = Limits::new(&options, std::time::Instant::now());
        decompose(n, clauses, &mut limits).expect("no limit")
    }

    #[test]
    fn a_path_is_ordered_from_its_middle_outwards() {
        let n = 1023;
        let cls: Vec<Vec<Lit>> = (0..n - 1).map(|i| clause(&[i, i + 1])).collect();
        let t = unlimited(n, &cls).expect("small");
        assert_eq!(t.width, 1);
        let top: Vec<u32> = (0..n).filter(|&v| t.depth[v as usize] == 0).collect();
        assert!(!top.is_empty() && top.len() <= 2, "{top:?} on top");
        assert!(
            top.iter().all(|&v| v.abs_diff(n / 2) <= 2),
            "{top:?} on top"
        );
        // Each step away from the middle is a level further down, to an end at the bottom.
        assert!(t.max_depth >= n / 2 - 2, "depth {}", t.max_depth);
        assert_eq!(t.depth[0].max(t.depth[n as usize - 1]), t.max_depth);
        assert!(t.depth[n as usize / 4] < t.depth[0]);
    }

    #[test]
    fn a_clause_longer_than_the_budget_allows_is_no_graph() {
        // 2,000 literals: a clique of 3,998,000 entries, past the 2,000,000 allowed.
        let long = clause(&(0..2000).collect::<Vec<_>>());
        assert!(primal_graph(2000, std::slice::from_ref(&long), FILL_MIN).is_none());
        assert!(unlimited(2000, &[long]).is_none());
        // Repeated short clauses are deduplicated, not refused.
        let pairs = vec![clause(&[0, 1]); FILL_MIN];
        let (adj, total) = primal_graph(2, &pairs, FILL_MIN).expect("two entries");
        assert_eq!((adj, total), (vec![vec![1], vec![0]], 2));
    }

    #[test]
    fn a_clique_has_width_size_minus_one() {
        let t = unlimited(4, &[clause(&[0, 1, 2, 3])]).expect("small");
        assert_eq!(t.width, 3);
        // The centroid's bag holds all but the first variable eliminated.
        assert_eq!(
            t.depth.iter().filter(|&&d| d == 0).count(),
            3,
            "{:?}",
            t.depth
        );
    }

    #[test]
    fn a_raised_stop_flag_stops_the_decomposition() {
        let stop = zero_one_model::StopFlag::new();
        stop.raise();
        let options = crate::Options::default().with_stop(stop);
        let mut limits = Limits::new(&options, std::time::Instant::now());
        let cls = vec![clause(&[0, 1]), clause(&[1, 2])];
        assert_eq!(
            decompose(3, &cls, &mut limits).map(|t| t.is_some()),
            Err(Stop::Interrupted)
        );
    }
}
