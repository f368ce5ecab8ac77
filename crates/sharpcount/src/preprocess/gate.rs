//! Gates among the clauses of a variable, for elimination by resolution (Eén & Biere 2005,
//! "Effective Preprocessing in SAT through Variable and Clause Elimination", section 3.2):
//! when some clauses `G` of `x` define it — the gate clauses with `x`, `x` left out, are
//! true exactly where those with `¬x`, `¬x` left out, are false, as for the clauses of an
//! AND, XOR or if-then-else gate with output `x` — the resolvents on `x` of two clauses
//! both outside `G` are implied by the others (the two halves cannot both be true), and
//! those of two gate clauses are tautologies (they cannot both be false), so eliminating
//! `x` needs only the resolvents with a gate clause on one side. On circuit
//! formulas (MC2022 track 3) this leaves far fewer resolvents than distributing every
//! pair, so more variables go without the formula growing.

use crate::lit::Lit;
use std::collections::HashMap;

/// The clauses of a gate defining `v`: which of `pos` (the clauses with `v`) and `neg`
/// (with `¬v`) belong to it, or `None` when no AND, XOR (of two) or if-then-else gate
/// with output `v` is among them. Linear in the literals of `pos` and `neg` (lookups by
/// hashing, the first clause in list order chosen where several fit).
pub(crate) fn find(
    clauses: &[Option<Vec<Lit>>],
    pos: &[u32],
    neg: &[u32],
    v: u32,
) -> Option<(Vec<bool>, Vec<bool>)> {
    let of = |i: u32| clauses[i as usize].as_deref().unwrap_or(&[]);
    let (p, n) = (Lit::new(v, false), Lit::new(v, true));
    // An AND gate with output `v` or `¬v`: a clause `out ∨ ¬a ∨ ¬b …` and `¬out ∨ a`,
    // `¬out ∨ b`, … (an equivalence when the clause is binary).
    for (out, long, short, flip) in [(p, pos, neg, false), (n, neg, pos, true)] {
        if let Some((l, s)) = and_gate(&of, out, long, short) {
            return Some(if flip { (s, l) } else { (l, s) });
        }
    }
    ternary_gate(&of, p, pos, neg)
}

/// The clauses of `list` with `K` literals besides `own`, as those literals (sorted) and
/// where the clause is in `list`, in list order.
fn others<'c, const K: usize>(
    of: &impl Fn(u32) -> &'c [Lit],
    list: &[u32],
    own: Lit,
) -> Vec<([Lit; K], usize)> {
    let mut out = Vec::new();
    for (k, &i) in list.iter().enumerate() {
        let c = of(i);
        if c.len() != K + 1 {
            continue;
        }
        let mut key = [Lit::default(); K];
        for (slot, &l) in key.iter_mut().zip(c.iter().filter(|&&l| l != own)) {
            *slot = l;
        }
        key.sort_unstable();
        out.push((key, k));
    }
    out
}

/// Where each key of `entries` is first.
fn first_of<const K: usize>(entries: &[([Lit; K], usize)]) -> HashMap<[Lit; K], usize> {
    entries.iter().rev().copied().collect()
}

/// An AND gate with output `out`: a clause of `long` whose every other literal `m` has
/// the binary clause `¬out ∨ ¬m` in `short`. The gate's members of `long` and `short`.
fn and_gate<'c>(
    of: &impl Fn(u32) -> &'c [Lit],
    out: Lit,
    long: &[u32],
    short: &[u32],
) -> Option<(Vec<bool>, Vec<bool>)> {
    // The other literal of each binary clause with `¬out`.
    let binary = first_of(&others::<1>(of, short, !out));
    if binary.is_empty() {
        return None;
    }
    let (k, c) = long
        .iter()
        .enumerate()
        .map(|(k, &i)| (k, of(i)))
        .find(|(_, c)| c.len() >= 2 && c.iter().all(|&m| m == out || binary.contains_key(&[!m])))?;
    let mut chosen = (vec![false; long.len()], vec![false; short.len()]);
    chosen.0[k] = true;
    for &m in c.iter().filter(|&&m| m != out) {
        chosen.1[binary[&[!m]]] = true;
    }
    Some(chosen)
}

/// An XOR of two (`v = a ⊕ b`: four ternary clauses of every parity) or an
/// if-then-else (`v = c ? t : e`: `¬c ∨ ¬t ∨ v`, `¬c ∨ t ∨ ¬v`, `c ∨ ¬e ∨ v`,
/// `c ∨ e ∨ ¬v`) among the ternary clauses of `p` (positive) and `¬p`.
fn ternary_gate<'c>(
    of: &impl Fn(u32) -> &'c [Lit],
    p: Lit,
    pos: &[u32],
    neg: &[u32],
) -> Option<(Vec<bool>, Vec<bool>)> {
    let listed = others::<2>(of, pos, p);
    let (tp, tn) = (first_of(&listed), first_of(&others::<2>(of, neg, !p)));
    if tp.is_empty() || tn.is_empty() {
        return None;
    }
    let key = |a: Lit, b: Lit| [a.min(b), a.max(b)];
    let gate = |ps: [usize; 2], ns: [usize; 2]| {
        let mut chosen = (vec![false; pos.len()], vec![false; neg.len()]);
        ps.iter().for_each(|&k| chosen.0[k] = true);
        ns.iter().for_each(|&k| chosen.1[k] = true);
        chosen
    };
    // The ternary clauses of `p` by each of their other literals, in list order, and the
    // second half of an if-then-else found for each condition literal (see below).
    let mut with: HashMap<Lit, Vec<(Lit, usize)>> = HashMap::new();
    for &([a, b], k) in &listed {
        with.entry(a).or_default().push((b, k));
        with.entry(b).or_default().push((a, k));
    }
    let mut second: HashMap<Lit, Option<(usize, usize)>> = HashMap::new();
    for &([x, y], k) in &listed {
        // XOR: p ∨ x ∨ y, p ∨ ¬x ∨ ¬y, ¬p ∨ ¬x ∨ y, ¬p ∨ x ∨ ¬y.
        if let (Some(&k2), Some(&n1), Some(&n2)) = (
            tp.get(&key(!x, !y)),
            tn.get(&key(!x, y)),
            tn.get(&key(x, !y)),
        ) {
            return Some(gate([k, k2], [n1, n2]));
        }
        // If-then-else with condition `¬x` (x = ¬c) or `¬y`: p ∨ x ∨ y, ¬p ∨ x ∨ ¬y, and
        // p ∨ ¬x ∨ z, ¬p ∨ ¬x ∨ ¬z for some z (which depends on `x` only: looked for once).
        for (c, t) in [(x, y), (y, x)] {
            let Some(&n1) = tn.get(&key(c, !t)) else {
                continue;
            };
            let half = *second.entry(c).or_insert_with(|| {
                with.get(&!c)?
                    .iter()
                    .find_map(|&(z, k2)| tn.get(&key(!c, !z)).map(|&n2| (k2, n2)))
            });
            if let Some((k2, n2)) = half {
                return Some(gate([k, k2], [n1, n2]));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(d: i32) -> Lit {
        Lit::new(d.unsigned_abs() - 1, d < 0)
    }

    /// The gate of variable 1 among `clauses` (DIMACS), as the clauses it chose.
    fn gate_of(clauses: &[&[i32]]) -> Option<Vec<Vec<i32>>> {
        let cs: Vec<Option<Vec<Lit>>> = clauses
            .iter()
            .map(|c| Some(c.iter().map(|&d| lit(d)).collect()))
            .collect();
        let with = |d: i32| -> Vec<u32> {
            (0..clauses.len() as u32)
                .filter(|&i| clauses[i as usize].contains(&d))
                .collect()
        };
        let (pos, neg) = (with(1), with(-1));
        let (gp, gn) = find(&cs, &pos, &neg, 0)?;
        let mut out: Vec<Vec<i32>> = pos
            .iter()
            .zip(gp)
            .chain(neg.iter().zip(gn))
            .filter(|(_, g)| *g)
            .map(|(&i, _)| clauses[i as usize].to_vec())
            .collect();
        out.sort();
        Some(out)
    }

    /// Whether the chosen clauses define variable 1: over every assignment of variables 2
    /// to 6, exactly one of their two halves (those with 1, and those with ¬1, each
    /// without it) holds.
    fn defines(gate: &[Vec<i32>]) -> bool {
        let holds = |a: u32, sign: i32| {
            gate.iter().filter(|c| c.contains(&sign)).all(|c| {
                c.iter()
                    .filter(|d| d.unsigned_abs() != 1)
                    .any(|&d| ((a >> (d.unsigned_abs() - 2)) & 1 == 1) == (d > 0))
            })
        };
        (0..32u32).all(|a| holds(a, 1) != holds(a, -1))
    }

    #[test]
    fn finds_and_gates_of_either_polarity() {
        // 1 = 2 ∧ 3, with other clauses of 1 beside.
        let f: &[&[i32]] = &[&[-1, 2], &[4, 1, 5], &[-1, 3], &[1, -2, -3], &[-1, 5, 6]];
        let g = gate_of(f).expect("an AND gate");
        assert_eq!(g, vec![vec![-1, 2], vec![-1, 3], vec![1, -2, -3]]);
        assert!(defines(&g));
        // ¬1 = 2 ∧ ¬3.
        let f: &[&[i32]] = &[&[1, 2], &[1, -3], &[-1, -2, 3], &[1, 4]];
        let g = gate_of(f).expect("an AND gate on ¬1");
        assert_eq!(g.len(), 3);
        assert!(defines(&g));
    }

    #[test]
    fn finds_xor_and_if_then_else() {
        // 1 = 2 ⊕ 3.
        let f: &[&[i32]] = &[
            &[1, 2, -3],
            &[1, -2, 3],
            &[-1, 2, 3],
            &[-1, -2, -3],
            &[1, 4],
        ];
        let g = gate_of(f).expect("an XOR");
        assert_eq!(g.len(), 4);
        assert!(defines(&g));
        // 1 = 2 ? 3 : 4.
        let f: &[&[i32]] = &[
            &[-2, -3, 1],
            &[-2, 3, -1],
            &[2, -4, 1],
            &[2, 4, -1],
            &[-1, 5],
        ];
        let g = gate_of(f).expect("an if-then-else");
        assert_eq!(g.len(), 4);
        assert!(defines(&g));
    }

    #[test]
    fn no_gate_where_the_clauses_define_nothing() {
        // Half an AND gate, three of an XOR's four clauses, and unrelated ternaries.
        let f: &[&[i32]] = &[&[-1, 2], &[1, -2, -3], &[1, 4, 5], &[-1, -4, 5]];
        assert_eq!(gate_of(f), None);
        let f: &[&[i32]] = &[&[1, 2, -3], &[1, -2, 3], &[-1, 2, 3]];
        assert_eq!(gate_of(f), None);
        // And the check of a definition rejects such halves.
        assert!(!defines(&[vec![-1, 2], vec![1, -2, -3]]));
        assert!(!defines(&[vec![1, 2, -3], vec![1, -2, 3], vec![-1, 2, 3]]));
    }
}
