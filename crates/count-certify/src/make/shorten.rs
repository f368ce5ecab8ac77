//! The proof's first section: a short blocking clause for each model, derived from its long
//! one, which is then deleted.
//!
//! The blocking clause B_i of model i lists every projection variable (|S| literals); a
//! checker visits it whenever one of its two watched literals becomes false, and with
//! thousands of models that is most of a check's work. Most of B_i is redundant: the
//! model's true projection literals usually fix the rest of S by unit propagation on F (in
//! N-Queens, one queen per row rules out every other square). So the proof begins, for each
//! model in the order of `blocked.cnf`, with
//!
//! - C_i = ¬(T_i ∧ D_i), where T_i are the model's true projection literals and D_i the
//!   false ones that unit propagation on F from T_i (and the D_i before) leaves open, in the
//!   order of S. C_i is RUP from F ∧ B_i: assigning T_i ∧ D_i and propagating assigns all of
//!   S as in the model, which falsifies B_i (unit propagation only gains with more clauses,
//!   so the others present do not matter);
//! - `d B_i`, when C_i is shorter than B_i (otherwise both are the same clause, and nothing
//!   is written).
//!
//! Every later step that used B_i is RUP with C_i too: it was RUP because propagation
//! assigned all of S as in model i, and then C_i is false as well.

use super::proof::Section;
use super::Packed;
use dpll_enum::Formula;
use std::sync::Arc;
use zero_one_model::{Lit, Propagator, Var};

/// Unit propagation over F (the clauses our DPLL search lowered), from the units of F
/// (level 0) plus a model's literals.
pub struct Shortener {
    p: Propagator,
    /// The trail's level-0 part (F's units and what they propagate).
    level0: usize,
    /// Whether F alone propagates to a conflict (it then has no model to shorten).
    refuted: bool,
}

impl Shortener {
    /// A propagator over F's clauses, with F's units propagated.
    pub fn new(f: &Formula) -> Shortener {
        let mut p = Propagator::new(Arc::clone(&f.clauses));
        let refuted = !p.start();
        Shortener {
            level0: p.mark(),
            p,
            refuted,
        }
    }

    /// The literals of `shown` whose values (`model`) make unit propagation on F assign all of
    /// `shown` as `model` does: the true ones first, then each false one left open, in order.
    /// `None` when propagation contradicts `model` (it is then no model of F, which the
    /// bundle's checks report).
    pub fn fixing(&mut self, shown: &[Var], model: impl Fn(Var) -> bool) -> Option<Vec<Lit>> {
        if self.refuted {
            return None;
        }
        let mut fixing: Vec<Lit> = shown
            .iter()
            .filter(|&&v| model(v))
            .map(|v| v.positive())
            .collect();
        let mut ok = fixing.iter().all(|&l| self.p.enqueue(l)) && self.p.propagate();
        for &v in shown {
            if !ok {
                break;
            }
            let l = v.lit(model(v));
            match self.p.lit_value(l) {
                Some(agrees) => ok = agrees,
                None => {
                    fixing.push(l);
                    ok = self.p.assign(l);
                }
            }
        }
        self.p.undo(self.level0);
        ok.then_some(fixing)
    }
}

/// The first section (see the module's description) for the models of every cube, in the
/// order of `blocked.cnf`, worked out over `threads` threads.
pub fn section(f: &Formula, shown: &[Var], solutions: &[Packed], threads: usize) -> Section {
    let chunk = solutions.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Section> = std::thread::scope(|scope| {
        let workers: Vec<_> = solutions
            .chunks(chunk)
            .map(|cubes| scope.spawn(move || cubes_section(f, shown, cubes)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut section = Section::default();
    for part in parts {
        section.text.extend_from_slice(&part.text);
        section.lines += part.lines;
    }
    section
}

/// The first section's part for the models of `cubes`.
fn cubes_section(f: &Formula, shown: &[Var], cubes: &[Packed]) -> Section {
    let mut shortener = Shortener::new(f);
    let mut section = Section::default();
    let mut short = Vec::new();
    let mut long = Vec::new();
    for p in cubes {
        for k in 0..p.len() {
            let model = |v: Var| p.value(k, v.index());
            let Some(fixing) = shortener.fixing(shown, model) else {
                continue;
            };
            if fixing.len() >= shown.len() {
                continue;
            }
            short.clear();
            short.extend(fixing.iter().map(|&l| !l));
            short.sort_unstable();
            long.clear();
            long.extend(super::blocking_clause(shown, model));
            super::trace::line(&mut section.text, false, &short);
            super::trace::line(&mut section.text, true, &long);
            section.lines += 2;
        }
    }
    section
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::make::formula::Formula as Cnf;
    use crate::make::trace::dpll_formula;

    fn lit(n: i64) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    /// Exactly one of 1, 2, 3 (pairwise), and 4 ↔ 1 hidden: projected onto 1, 2, 3.
    fn one_of_three() -> Cnf {
        let clauses = [
            vec![1, 2, 3],
            vec![-1, -2],
            vec![-1, -3],
            vec![-2, -3],
            vec![-4, 1],
            vec![4, -1],
        ];
        let clauses = clauses
            .iter()
            .map(|c| c.iter().map(|&n| lit(n)).collect())
            .collect();
        Cnf::new(4, clauses, Some((0..3).map(Var::new).collect())).unwrap()
    }

    #[test]
    fn the_true_literals_fix_the_rest_when_propagation_can() {
        let cnf = one_of_three();
        let f = dpll_formula(&cnf, &[]).unwrap();
        let mut s = Shortener::new(&f);
        let shown = cnf.shown();
        let model = [false, true, false, false];
        let fixing = s.fixing(&shown, |v| model[v.index()]).unwrap();
        assert_eq!(fixing, vec![lit(2)]);
        // Nothing of the first call is left assigned.
        let model = [true, false, false, true];
        assert_eq!(
            s.fixing(&shown, |v| model[v.index()]).unwrap(),
            vec![lit(1)]
        );
    }

    #[test]
    fn false_literals_propagation_leaves_open_are_added_in_order() {
        // Without the clauses, nothing propagates: every literal is needed.
        let cnf = Cnf::new(3, vec![], None).unwrap();
        let f = dpll_formula(&cnf, &[]).unwrap();
        let mut s = Shortener::new(&f);
        let model = [false, true, false];
        let fixing = s.fixing(&cnf.shown(), |v| model[v.index()]).unwrap();
        assert_eq!(fixing, vec![lit(2), lit(-1), lit(-3)]);
    }

    #[test]
    fn a_model_that_propagation_contradicts_has_no_fixing_literals() {
        let cnf = one_of_three();
        let f = dpll_formula(&cnf, &[]).unwrap();
        let mut s = Shortener::new(&f);
        let model = [true, true, false, false];
        assert_eq!(s.fixing(&cnf.shown(), |v| model[v.index()]), None);
        let model = [false, false, false, false];
        assert_eq!(s.fixing(&cnf.shown(), |v| model[v.index()]), None);
    }

    #[test]
    fn the_section_derives_each_short_clause_then_deletes_the_long_one() {
        let cnf = one_of_three();
        let f = dpll_formula(&cnf, &[]).unwrap();
        let mut p = Packed::new(4);
        p.push(&[false, false, true, false]);
        p.push(&[true, false, false, true]);
        let mut q = Packed::new(4);
        q.push(&[false, true, false, false]);
        let cubes = [Packed::new(4), p, q];
        for threads in [1, 2, 3, 8] {
            let s = section(&f, &cnf.shown(), &cubes, threads);
            let text = String::from_utf8(s.text).unwrap();
            let expected = "-3 0\nd -3 1 2 0\n-1 0\nd -1 2 3 0\n-2 0\nd -2 1 3 0\n";
            assert_eq!(text, expected, "{threads} threads");
            assert_eq!(s.lines, 6);
        }
    }
}
