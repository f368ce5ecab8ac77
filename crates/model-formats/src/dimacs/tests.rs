//! Writer and reader tested against each other, and the writer's exact bytes.

use super::*;
use crate::{ClauseSink, Lit, Var};
use proptest::prelude::*;

fn write_all(header: &DimacsHeader, clauses: &[Vec<Lit>]) -> Vec<u8> {
    let mut w = DimacsWriter::new(Vec::new(), header);
    for c in clauses {
        w.add_clause(c);
    }
    w.finish().unwrap()
}

#[test]
fn writer_emits_exact_header_show_line_and_clauses() {
    let header = DimacsHeader {
        dialect: Dialect::Cnf,
        ind_lines: false,
        comments: vec!["hello".into(), "two\nlines".into()],
        num_vars: 3,
        num_clauses: 2,
        shown: Some(vec![Var::new(0), Var::new(2)]),
    };
    let a = Var::new(0);
    let c = Var::new(2);
    let out = write_all(&header, &[vec![a.positive(), c.negative()], vec![]]);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "c hello\nc two\nc lines\np cnf 3 2\nc p show 1 3 0\n1 -3 0\n0\n"
    );
}

#[test]
fn mcc_and_icnf_dialects_have_their_exact_headers() {
    let a = Var::new(0).positive();
    let b = Var::new(1).negative();
    let header = DimacsHeader {
        dialect: Dialect::Mcc,
        ind_lines: true,
        comments: vec!["hi".into()],
        num_vars: 2,
        num_clauses: 1,
        shown: Some(vec![Var::new(1)]),
    };
    let out = write_all(&header, &[vec![a, b]]);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "c t pmc\nc hi\np cnf 2 1\nc ind 2 0\nc p show 2 0\n1 -2 0\n"
    );
    let header = DimacsHeader {
        dialect: Dialect::Icnf,
        num_vars: 2,
        num_clauses: 1,
        ..Default::default()
    };
    let mut w = DimacsWriter::new(Vec::new(), &header);
    w.add_clause(&[a, b]);
    w.add_cube(&[a]);
    w.add_cube(&[!a, b]);
    let out = w.finish().unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "p inccnf\n1 -2 0\na 1 0\na -1 -2 0\n"
    );
}

#[test]
fn writer_refuses_to_finish_with_a_wrong_clause_count() {
    let header = DimacsHeader {
        num_vars: 1,
        num_clauses: 2,
        ..Default::default()
    };
    let mut w = DimacsWriter::new(Vec::new(), &header);
    w.add_clause(&[Var::new(0).positive()]);
    let err = w.finish().unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(
        err.to_string().contains("announced 2 clauses but 1"),
        "{err}"
    );
}

fn arb_formula() -> impl Strategy<Value = (usize, Vec<Vec<Lit>>, Option<Vec<Var>>)> {
    (1usize..40).prop_flat_map(|num_vars| {
        let lit = (0..num_vars as u32, any::<bool>()).prop_map(|(v, p)| Var::new(v).lit(p));
        let clauses = prop::collection::vec(prop::collection::vec(lit, 0..8), 0..30);
        let shown = prop::option::of(prop::collection::vec(
            (0..num_vars as u32).prop_map(Var::new),
            0..10,
        ));
        (Just(num_vars), clauses, shown)
    })
}

proptest! {
    #[test]
    fn write_then_read_gives_back_the_same_formula(
        (num_vars, clauses, shown) in arb_formula(),
        mcc in any::<bool>(),
        ind_lines in any::<bool>(),
    ) {
        let header = DimacsHeader {
            dialect: if mcc { Dialect::Mcc } else { Dialect::Cnf },
            ind_lines,
            comments: vec!["round trip".into()],
            num_vars,
            num_clauses: clauses.len() as u64,
            shown: shown.clone(),
        };
        let bytes = write_all(&header, &clauses);
        let cnf = read_dimacs(&bytes[..]).unwrap();
        // The reader keeps each projected variable once, at its first mention.
        let shown = shown.map(|s| {
            let mut seen = std::collections::HashSet::new();
            s.into_iter().filter(|v| seen.insert(*v)).collect::<Vec<_>>()
        });
        prop_assert_eq!(cnf, Cnf { num_vars, clauses, shown, warnings: vec![], weights: None, repeated: 0 });
    }
}

#[test]
fn a_dimacs_file_gives_its_clauses_and_projection() {
    let cnf = crate::dimacs::read_dimacs("p cnf 5 2\nc p show 4 2 0\n1 -2 0\n3 0\n".as_bytes())
        .expect("valid");
    let f = model_core::Clauses::from_cnf(&cnf);
    assert_eq!((f.num_vars(), f.len()), (5, 2));
    assert_eq!(
        f.clause(0),
        &[Lit::from_dimacs(1).unwrap(), Lit::from_dimacs(-2).unwrap()]
    );
    assert_eq!(f.projection(), Some(&[Var::new(1), Var::new(3)][..]));
    let unprojected = crate::dimacs::read_dimacs("p cnf 2 1\n1 2 0\n".as_bytes()).expect("valid");
    assert_eq!(
        model_core::Clauses::from_cnf(&unprojected).projection(),
        None
    );
}
