//! Equivalent literals: the strongly connected components of the binary implication graph
//! (Aspvall, Plass & Tarjan 1979) are classes of literals equal in every model. Each
//! variable of a class is replaced by the class representative, which is projected when
//! the class has a projected variable: replacing an unprojected variable, or a projected
//! one by another projected one, maps the projected models one to one, while replacing a
//! projected variable by an unprojected one would lose count of it. With weights, the
//! replaced variable's literal weights multiply those of the representative's equal
//! literals (a weighted variable is projected, so its representative is too).

use super::work::Fate;
use super::Work;
use crate::lit::Lit;
use crate::stats::PreprocessStats;

/// Replaces equivalent literals throughout. `false` when some literal is equivalent to
/// its own negation (unsatisfiable).
pub(crate) fn substitute(w: &mut Work, stats: &mut PreprocessStats) -> bool {
    let n2 = 2 * w.n as usize;
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n2];
    for c in w.clauses.iter().filter(|c| c.len() == 2) {
        succ[(!c[0]).code()].push(c[1].code() as u32);
        succ[(!c[1]).code()].push(c[0].code() as u32);
    }
    let comp = tarjan(&succ);
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); n2];
    for (l, &c) in comp.iter().enumerate() {
        members[c as usize].push(l as u32);
    }
    let mut map: Vec<Lit> = (0..n2 as u32).map(Lit::from_code).collect();
    let mut changed = 0u64;
    for class in members.iter().filter(|m| m.len() > 1) {
        let lits: Vec<Lit> = class.iter().map(|&c| Lit::from_code(c)).collect();
        if lits.iter().any(|&l| comp[(!l).code()] == comp[l.code()]) {
            return false;
        }
        // Each class has a mirror class of the negations; handle the one whose smallest
        // literal is positive, and the mirror follows.
        if lits.iter().min().is_some_and(|l| l.is_negative()) {
            continue;
        }
        let rep = lits
            .iter()
            .copied()
            .filter(|l| w.projected[l.var() as usize])
            .min()
            .or_else(|| lits.iter().copied().min());
        let Some(rep) = rep else { continue };
        for &l in &lits {
            if l.var() == rep.var() || w.fate[l.var() as usize] != Fate::Open {
                continue;
            }
            map[l.code()] = rep;
            map[(!l).code()] = !rep;
            w.merge_weights(l, rep);
            w.fate[l.var() as usize] = Fate::Replaced;
            changed += 1;
        }
    }
    if changed == 0 {
        return true;
    }
    stats.equivalences += changed;
    for c in &mut w.clauses {
        for l in c.iter_mut() {
            *l = map[l.code()];
        }
    }
    w.normalize()
}

/// Component id of every node of the graph `succ` (iterative Tarjan).
fn tarjan(succ: &[Vec<u32>]) -> Vec<u32> {
    const NONE: u32 = u32::MAX;
    let n = succ.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut comp = vec![NONE; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, usize)> = Vec::new();
    let (mut next_index, mut next_comp) = (0u32, 0u32);
    for root in 0..n as u32 {
        if index[root as usize] != NONE {
            continue;
        }
        calls.push((root, 0));
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut edge)) = calls.last_mut() {
            if let Some(&u) = succ[v as usize].get(*edge) {
                *edge += 1;
                if index[u as usize] == NONE {
                    index[u as usize] = next_index;
                    low[u as usize] = next_index;
                    next_index += 1;
                    stack.push(u);
                    on_stack[u as usize] = true;
                    calls.push((u, 0));
                } else if on_stack[u as usize] {
                    low[v as usize] = low[v as usize].min(index[u as usize]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                while let Some(u) = stack.pop() {
                    on_stack[u as usize] = false;
                    comp[u as usize] = next_comp;
                    if u == v {
                        break;
                    }
                }
                next_comp += 1;
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::tarjan;

    #[test]
    fn tarjan_finds_cycles_and_singletons() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3
        let g = vec![vec![1], vec![2], vec![0, 3], vec![]];
        let c = tarjan(&g);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[2], c[3]);
    }
}
