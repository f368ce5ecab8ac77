//! Property tests of the OPB reader: what the crate's OPB writer writes reads back with the
//! same solution set; any statements rendered with any spacing read back as they were; and
//! no input, however mangled, makes the reader panic.

use super::*;
use crate::ilp::opb::write_opb;
use crate::{Cmp, Constraint, Lit, Sense, Var};
use model_encodings::ilp::lower_to_ilp;
use proptest::prelude::*;

const VARS: u32 = 5;

fn lit() -> impl Strategy<Value = Lit> + Clone {
    (0..VARS, any::<bool>()).prop_map(|(v, p)| Var::new(v).lit(p))
}

fn cmp() -> impl Strategy<Value = Cmp> {
    prop_oneof![Just(Cmp::AtMost), Just(Cmp::AtLeast), Just(Cmp::Exactly)]
}

fn coefficient() -> impl Strategy<Value = i64> {
    prop_oneof![-9i64..10, Just(i64::MIN), Just(i64::MAX), any::<i64>()]
}

fn constraint() -> impl Strategy<Value = Constraint> {
    let lits = prop::collection::vec(lit(), 1..5);
    prop_oneof![
        lits.clone().prop_map(Constraint::Clause),
        lits.clone().prop_map(Constraint::ExactlyOne),
        (lits, cmp(), 0u32..4).prop_map(|(lits, cmp, k)| Constraint::Cardinality { lits, cmp, k }),
        (
            prop::collection::vec((-9i64..10, lit()), 0..6),
            cmp(),
            -9i64..10
        )
            .prop_map(|(terms, cmp, rhs)| Constraint::Linear { terms, cmp, rhs }),
    ]
}

/// Whitespace between tokens: at least one space or tab, sometimes a line break.
fn gap() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(" ".to_string()),
        Just("\t".to_string()),
        Just("  \n ".to_string())
    ]
}

fn render_term((a, l): (i64, Lit), gap: &str) -> String {
    let neg = if l.is_positive() { "" } else { "~" };
    format!("{a:+}{gap}{neg}x{}{gap}", l.var().to_dimacs())
}

proptest! {
    /// Written OPB reads back into a model with the same variables and solution set.
    #[test]
    fn what_the_writer_writes_reads_back_with_the_same_solutions(
        cs in prop::collection::vec(constraint(), 1..5),
    ) {
        let mut m = Model::new();
        m.new_vars(VARS as usize);
        for c in cs {
            m.add(c);
        }
        let ilp = lower_to_ilp(&m);
        let mut text = Vec::new();
        write_opb(&ilp, "round trip", &mut text).unwrap();
        let back = read_opb(&text[..]).unwrap();
        prop_assert_eq!(back.model.num_vars(), VARS as usize);
        prop_assert!(back.model.objective().is_none());
        for code in 0..1u32 << VARS {
            let a: Vec<bool> = (0..VARS).map(|i| code >> i & 1 == 1).collect();
            prop_assert_eq!(back.model.check(&a).is_ok(), m.check(&a).is_ok(), "{:?}", a);
        }
    }

    /// Statements rendered with any spacing, signs, negations and comparisons read back term
    /// for term, with the objective.
    #[test]
    fn rendered_statements_read_back_as_they_were(
        objective in prop::option::of((any::<bool>(), prop::collection::vec((coefficient(), lit()), 0..5))),
        rows in prop::collection::vec((prop::collection::vec((coefficient(), lit()), 0..5), cmp(), coefficient()), 0..5),
        gaps in prop::collection::vec(gap(), 8),
    ) {
        let g = |i: usize| gaps[i % gaps.len()].as_str();
        let mut text = format!("* #variable= {VARS} #constraint= {}\n* comment\n", rows.len());
        if let Some((max, terms)) = &objective {
            text += if *max { "max:" } else { "min:" };
            text += g(0);
            for &t in terms {
                text += &render_term(t, g(1));
            }
            text += ";\n";
        }
        for (i, (terms, cmp, rhs)) in rows.iter().enumerate() {
            for &t in terms {
                text += &render_term(t, g(i + 2));
            }
            let op = match cmp { Cmp::AtMost => "<=", Cmp::AtLeast => ">=", Cmp::Exactly => "=" };
            text += &format!("{op}{}{rhs}{};\n", g(i + 3), if i % 2 == 0 { "" } else { " " });
        }
        let back = read_opb(text.as_bytes()).unwrap();
        let want: Vec<Constraint> = rows
            .into_iter()
            .map(|(terms, cmp, rhs)| Constraint::Linear { terms, cmp, rhs })
            .collect();
        prop_assert_eq!(back.model.constraints(), &want[..]);
        let want_objective = objective.map(|(max, terms)| crate::Objective {
            sense: if max { Sense::Maximize } else { Sense::Minimize },
            terms,
        });
        prop_assert_eq!(back.model.objective().cloned(), want_objective);
    }

    /// Arbitrary bytes after a valid header, or a valid file with bytes changed, never make
    /// the reader panic.
    #[test]
    fn mangled_input_is_refused_or_read_never_a_panic(
        tail in prop::collection::vec(any::<u8>(), 0..200),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(b" ~x;=<>+-01239:minax*\n\t\xff".to_vec())), 1..6),
    ) {
        let mut text = b"* #variable= 3 #constraint= 2\nmin: +2 x1 -1 ~x3 ;\n".to_vec();
        text.extend_from_slice(&tail);
        let _ = read_opb(&text[..]);
        let mut valid = b"* #variable= 3 #constraint= 2\nmin: +2 x1 -1 ~x3 ;\n+3 x1 -2 x2 >= 1 ;\n+1 x2 +1 x3 = 1 ;\n".to_vec();
        for (at, byte) in edits {
            let i = at.index(valid.len());
            valid[i] = byte;
        }
        let _ = read_opb(&valid[..]);
    }
}
