//! Compiled formulas against brute force and the counter, read back from d4's format;
//! the decision-DNNF properties checked on small cases; the reader's errors.

use super::compile::compile_with;
use super::{read_d4, Kind, Nnf, NnfError};
use crate::tuning::Tuning;
use crate::{compile, count, Options};
use proptest::prelude::*;

// Also included by src/tests.rs; each test module has its own copy.
#[allow(clippy::duplicate_mod)]
#[path = "../../tests/it/common/mod.rs"]
mod common;

use common::{
    brute_force, formula, pigeonhole, projected, queens, random_circuit, random_kcnf, satisfies,
    Rng,
};
use zero_one_model::{Clauses, Var};

/// Written in d4's format and read back.
fn round_trip(nnf: &Nnf) -> Nnf {
    let mut text = Vec::new();
    nnf.write_d4(&mut text).expect("writing to memory");
    read_d4(&text[..]).expect("our own output reads back")
}

/// Whether the formula below `node` holds under the assignment `a` (bit `v - 1` is the
/// value of variable `v`).
fn eval(nnf: &Nnf, node: u32, a: u64) -> bool {
    let edges = nnf.edge_list().iter().filter(|e| e.from == node);
    let edge = |e: &super::Edge| {
        e.lits
            .iter()
            .all(|&l| (a >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0))
            && eval(nnf, e.to, a)
    };
    match nnf.kinds()[node as usize] {
        Kind::True => true,
        Kind::False => false,
        Kind::And => edges.into_iter().all(edge),
        Kind::Or => edges.into_iter().any(edge),
    }
}

/// d4's shape, which CPOG's `cpog-gen` reads: the root (node 0) is an OR node with one
/// edge, which no edge points back to; every other OR node is a decision, two edges whose
/// first literals are the decided one and its negation, or one edge (the other branch
/// failed) starting with a literal; no AND node has an edge with literals.
fn check_decisions(nnf: &Nnf) {
    assert_eq!(nnf.kinds()[0], Kind::Or, "the root is an OR node");
    assert!(
        nnf.edge_list().iter().all(|e| e.to != 0),
        "an edge to the root"
    );
    for (n, k) in nnf.kinds().iter().enumerate() {
        let out: Vec<_> = nnf
            .edge_list()
            .iter()
            .filter(|e| e.from == n as u32)
            .collect();
        if *k == Kind::And {
            assert!(
                out.iter().all(|e| e.lits.is_empty()),
                "AND node {n}: {out:?}"
            );
            continue;
        }
        if *k != Kind::Or {
            continue;
        }
        let first = |i: usize| out[i].lits.first().copied().unwrap_or(0);
        match (n, out.len()) {
            (0, 1) => {}
            (0, _) => panic!("the root has {} edges", out.len()),
            (_, 1) => assert_ne!(first(0), 0, "OR node {n} of one edge without a literal"),
            (_, 2) => assert!(
                first(0) != 0 && first(0) == -first(1),
                "OR node {n}: the edges {:?} and {:?} do not start with the decided literal",
                out[0].lits,
                out[1].lits
            ),
            (_, k) => panic!("OR node {n} has {k} edges"),
        }
    }
}

/// Compiles `f`, checks the count three ways (compiled, read back, the counter) against
/// brute force, the decisions, and for unprojected formulas the models one by one.
fn check(f: &Clauses, tuning: &Tuning) {
    let want = brute_force(f);
    let c = compile_with(f, &Options::default(), tuning, false).expect("compiles");
    assert_eq!(c.count, want.into(), "compiled count of {f:?}");
    let back = round_trip(&c.nnf);
    assert_eq!(back.count(&c.vars).expect("decomposable"), want.into());
    let counted = count(f, &Options::default()).expect("counts").count;
    assert_eq!(counted, want.into());
    check_decisions(&c.nnf);
    if f.projection().is_none() && f.num_vars() <= 12 {
        for a in 0u64..1 << f.num_vars() {
            let sat = satisfies(f, a);
            assert_eq!(eval(&back, 0, a), sat, "assignment {a:b} of {f:?}");
        }
    }
}

fn tunings() -> [Tuning; 2] {
    let small = Tuning {
        learnt_min: 8,
        ..Tuning::default()
    };
    [
        small,
        Tuning {
            tree_order: false,
            ..small
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn compiled_random_formulas_count_right(
        seed in any::<u64>(),
        n in 4u32..=14,
        ratio in 10u64..=45,
        projected in prop::option::of(0u32..=14),
    ) {
        let mut rng = Rng(seed | 1);
        let m = (u64::from(n) * ratio / 10) as usize;
        let f = random_kcnf(&mut rng, n, m, 3);
        let step = 1 + (seed % 2) as usize;
        let f = common::projected(f, projected.map(|k| (1..=k.min(n)).step_by(step).collect()));
        for t in tunings() {
            check(&f, &t);
        }
    }

    #[test]
    fn compiled_circuits_count_right(
        seed in any::<u64>(),
        inputs in 2u32..=7,
        gates in 1u32..=8,
        projected in any::<bool>(),
    ) {
        let mut rng = Rng(seed | 1);
        let f = random_circuit(&mut rng, inputs, gates, 2);
        let f = common::projected(f, projected.then(|| (1..=inputs).collect()));
        for t in tunings() {
            check(&f, &t);
        }
    }
}

#[test]
fn queens_and_pigeons_compile() {
    for (n, want) in [1u32, 0, 0, 2, 10, 4, 40, 92].into_iter().enumerate() {
        let c = compile(&queens(n as i32 + 1), &Options::default()).expect("compiles");
        assert_eq!(c.count, want.into(), "queens {}", n + 1);
        assert_eq!(round_trip(&c.nnf).count(&c.vars).expect("ok"), want.into());
        check_decisions(&c.nnf);
    }
    check(&queens(4), &Tuning::default());
    check(&pigeonhole(3), &Tuning::default());
    // Unsatisfiable: the root's one edge leads to FALSE.
    let c = compile(&pigeonhole(4), &Options::default()).expect("compiles");
    assert_eq!(c.nnf.kinds(), [Kind::Or, Kind::False]);
    assert_eq!(c.nnf.edges(), 1);
    check_decisions(&c.nnf);
}

#[test]
fn the_file_has_the_shape_of_d4s_that_cpog_gen_reads() {
    let text = |f: &Clauses| {
        let mut out = Vec::new();
        let c = compile(f, &Options::default()).expect("compiles");
        c.write_d4(&mut out).expect("memory");
        String::from_utf8(out).expect("ascii")
    };
    // (x1 ∨ x2) ∧ (¬x1 ∨ x3): the root's one edge, then a decision on x1, listed first.
    assert_eq!(
        text(&formula(3, &[&[1, 2], &[-1, 3]], None)),
        "o 1 0\no 2 0\nt 3 0\n1 2 0\n2 3 -1 2 0\n2 3 1 3 0\n"
    );
    assert_eq!(text(&pigeonhole(2)), "o 1 0\nf 2 0\n1 2 0\n");
}

#[test]
fn units_and_free_variables_stay_in_the_formula() {
    // x1 fixed, x2 free (in no clause), x3 ∨ x4.
    let f = formula(4, &[&[1], &[3, 4], &[-1, 3, 4]], None);
    check(&f, &Tuning::default());
    // Projected onto x2 and x3: x4 quantified away.
    let f = projected(f, Some(vec![2, 3]));
    check(&f, &Tuning::default());
    let c = compile(&f, &Options::default()).expect("compiles");
    let mut text = Vec::new();
    c.write_d4(&mut text).expect("memory");
    let text = String::from_utf8(text).expect("ascii");
    assert!(!text.contains(" 4 ") && !text.contains("-4"), "{text}");
}

#[test]
fn the_empty_formula_is_true() {
    let f = formula(3, &[], None);
    let c = compile(&f, &Options::default()).expect("compiles");
    assert_eq!(c.count, 8u32.into());
    assert_eq!(
        round_trip(&c.nnf).count(&[1, 2, 3]).expect("ok"),
        8u32.into()
    );
}

#[test]
fn the_reader_counts_with_smoothing() {
    // OR(x1, ¬x1 ∧ AND(x2, x3)) over {1, 2, 3, 4}: x1 (4 for x2, x3) + 1, times 2 for x4.
    let text = "c a comment\no 1 0\nt 2 0\na 3 0\n1 2 1 0\n1 3 -1 0\n3 2 2 0\n\n3 2 3 0\n";
    let nnf = read_d4(text.as_bytes()).expect("valid");
    assert_eq!(nnf.count(&[1, 2, 3, 4]).expect("ok"), 10u32.into());
    assert!(matches!(
        nnf.count(&[1, 2]),
        Err(NnfError::VariableOutside { var: 3 })
    ));
    // Edges before their nodes are taken.
    let nnf = read_d4("o 1 0\n1 2 1 0\n1 2 -1 0\nt 2 0\n".as_bytes()).expect("valid");
    assert_eq!(nnf.count(&[1]).expect("ok"), 2u32.into());
}

#[test]
fn malformed_files_are_refused_with_their_line() {
    let err = |t: &str| read_d4(t.as_bytes()).expect_err(t).to_string();
    assert_eq!(
        err("o 1 0\nx 2 0\n"),
        "line 2: expected a node `o|a|t|f N 0` or an edge `P C lit ... 0`, found `x 2 0`"
    );
    assert!(err("o 1 0\nt 2\n").starts_with("line 2: expected"));
    assert!(err("o 1 0\nt 2 0\n1 2 3\n").starts_with("line 3: expected"));
    assert!(err("o 1 0\nt 2 0\n1 2 x 0\n").starts_with("line 3: expected"));
    assert!(err("o 1 0\nt 2 0\n0 2 0\n").starts_with("line 3: expected"));
    assert_eq!(
        err("o 1 0\nt 3 0\n"),
        "line 2: node 3 declared where node 2 was expected (nodes are numbered 1, 2, ... in order)"
    );
    assert_eq!(
        err("o 1 0\nt 2 0\n1 5 1 0\n"),
        "line 3: edge names node 5, which is not declared"
    );
    assert_eq!(
        err("o 1 0\nt 2 0\n2 1 0\n"),
        "line 3: edge leaves node 2, a leaf (t or f)"
    );
    assert_eq!(err("c nothing\n"), "the NNF has no node");
    let count_err = |t: &str, vars: &[u32]| {
        read_d4(t.as_bytes())
            .expect(t)
            .count(vars)
            .expect_err(t)
            .to_string()
    };
    assert_eq!(
        count_err("a 1 0\no 2 0\n1 2 0\n2 1 0\n", &[1]),
        "node 1 is its own descendant"
    );
    assert_eq!(
        count_err("a 1 0\nt 2 0\n1 2 1 0\n1 2 -1 0\n", &[1]),
        "node 1 is not decomposable: variable 1 occurs in two of its parts"
    );
}

#[test]
fn a_formula_declaring_billions_of_variables_is_refused_not_allocated() {
    let f = formula(u32::MAX, &[&[1, 2]], None);
    let r = crate::compile(&f, &crate::Options::default());
    assert!(
        matches!(
            r,
            Err(crate::Error::InvalidFormula(
                crate::FormulaError::TooManyToCompile { .. }
            ))
        ),
        "{:?}",
        r.map(|c| c.count)
    );
}

#[test]
fn variables_beyond_32_bit_dimacs_numbers_are_refused() {
    // d4's format numbers variables as 32-bit literals: variable 2^31 has none, whether it
    // is in a clause or only in the projection.
    let last = Var::new(i32::MAX as u32);
    let in_clause =
        Clauses::from_clauses(1 << 31, [&[last.positive()][..]]).with_projection([last]);
    let projected_only = formula(1, &[&[1]], None).with_projection([Var::new(0), last]);
    for f in [in_clause, projected_only] {
        match crate::compile(&f, &crate::Options::default()) {
            Err(crate::Error::InvalidFormula(e)) => {
                assert_eq!(e, crate::FormulaError::BeyondCompiledNumbers { var: last });
                assert_eq!(
                    e.to_string(),
                    "variable 2147483648 is beyond the 2147483647 a compiled formula numbers"
                );
            }
            other => panic!("{f:?}: {:?}", other.map(|c| c.count)),
        }
    }
    // One below is written.
    let f = formula(1, &[&[1]], None).with_projection([Var::new(0), Var::new(i32::MAX as u32 - 1)]);
    let c = crate::compile(&f, &crate::Options::default()).expect("compiles");
    assert_eq!(c.vars, vec![1, i32::MAX as u32]);
    assert_eq!(c.count, 2u32.into());
}

#[test]
fn a_clause_and_its_negation_compile_to_decision_chains() {
    // Each branch on one variable leaves one long clause, counted in closed form.
    let pos: Vec<i32> = (1..=10).collect();
    let neg: Vec<i32> = pos.iter().map(|v| -v).collect();
    let mixed: Vec<i32> = (1..=10).map(|v| if v % 3 == 0 { -v } else { v }).collect();
    for projection in [None, Some(&[1, 2, 3, 4, 5][..])] {
        check(&formula(10, &[&pos, &neg], projection), &Tuning::default());
        check(
            &formula(11, &[&mixed, &neg, &[10, 11]], projection),
            &Tuning::default(),
        );
    }
}
