use super::*;
use crate::{Cmp, Constraint, IntDef, Lit, Model, Var};
use proptest::prelude::*;

fn assignments(n: usize) -> impl Iterator<Item = Vec<bool>> {
    (0..1u32 << n).map(move |m| (0..n).map(|i| m >> i & 1 == 1).collect())
}

fn as_ints(a: &[bool]) -> Vec<i64> {
    a.iter().map(|&b| i64::from(b)).collect()
}

fn lit() -> impl Strategy<Value = Lit> + Clone {
    (0u32..4, any::<bool>()).prop_map(|(v, pos)| Var::new(v).lit(pos))
}

fn constraint() -> impl Strategy<Value = Constraint> {
    let lits = prop::collection::vec(lit(), 1..5);
    prop_oneof![
        lits.clone().prop_map(Constraint::Clause),
        lits.clone().prop_map(Constraint::AtMostOne),
        lits.clone().prop_map(Constraint::ExactlyOne),
        (lits.clone(), 0u32..4).prop_map(|(lits, k)| Constraint::Cardinality {
            lits,
            cmp: Cmp::AtLeast,
            k
        }),
        (prop::collection::vec((-3i64..4, lit()), 1..5), -3i64..4).prop_map(|(terms, rhs)| {
            Constraint::Linear {
                terms,
                cmp: Cmp::AtMost,
                rhs,
            }
        }),
    ]
}

proptest! {
    /// The ILP accepts exactly the assignments the 0-1 model accepts, whatever the
    /// constraint kinds, negative literals and repeated variables.
    #[test]
    fn lowering_keeps_the_solution_set(cs in prop::collection::vec(constraint(), 1..5)) {
        let mut m = Model::new();
        for i in 0..4 {
            m.new_var(format!("v{i}"));
        }
        for c in cs {
            m.add(c);
        }
        let ilp = lower_to_ilp(&m);
        for a in assignments(4) {
            prop_assert_eq!(m.check(&a).is_ok(), ilp.check(&as_ints(&a)).is_ok(), "{:?}", a);
        }
    }
}

fn three_vars_exactly_one() -> Model {
    let mut m = Model::new();
    let vars: Vec<Var> = (0..3).map(|i| m.new_var(format!("y{i}"))).collect();
    m.add(Constraint::ExactlyOne(
        vars.iter().map(|v| v.positive()).collect(),
    ));
    m.define_int(IntDef {
        name: "q".into(),
        terms: vec![(0, vars[0]), (1, vars[1]), (2, vars[2])],
        lo: 0,
        hi: 2,
    });
    m
}

#[test]
fn a_defined_integer_is_tied_to_its_sum() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    assert_eq!(ilp.integers(), 1);
    assert_eq!(ilp.vars[3].kind, VarKind::Integer { lo: 0, hi: 2 });
    assert_eq!(ilp.check(&[0, 0, 1, 2]), Ok(()));
    assert_eq!(
        ilp.check(&[0, 0, 1, 1]),
        Err(IlpViolation::Row {
            index: 1,
            activity: -1
        })
    );
    assert!(matches!(
        ilp.check(&[0, 0, 1, 3]),
        Err(IlpViolation::OutOfBounds { .. })
    ));
}

#[test]
fn a_value_off_an_integer_is_refused_not_rounded() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    assert_eq!(
        ilp.check_raw(&[1e-9, 0.0, 1.0 - 1e-9, 2.0], 1e-6),
        Ok(vec![0, 0, 1, 2])
    );
    let err = ilp.check_raw(&[0.0, 0.5, 0.5, 1.5], 1e-6).unwrap_err();
    assert_eq!(err.to_string(), "variable y1 = 0.5 is not an integer");
}

#[test]
fn no_good_excludes_exactly_one_projection() {
    for weight in [None, Some(1)] {
        let mut m = three_vars_exactly_one();
        if let Some(k) = weight {
            m.set_shown_weight(k);
        }
        let ilp = lower_to_ilp(&m);
        let blocked = [0, 1, 0, 1];
        let row = ilp.no_good(&blocked);
        for a in assignments(3) {
            let mut values = as_ints(&a);
            values.push(1);
            if ilp.check(&values).is_err() && weight.is_some() {
                continue; // the short form is exact on solutions only
            }
            assert_eq!(
                row.holds(&values),
                values != blocked,
                "{values:?} {weight:?}"
            );
        }
    }
}

#[test]
fn propagation_fixes_the_rest_of_an_exactly_one_row() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    let mut bounds: Bounds = ilp.vars.iter().map(IlpVar::bounds).collect();
    bounds[2] = (1, 1);
    propagate(&ilp, &mut bounds).unwrap();
    assert_eq!(bounds, [(0, 0), (0, 0), (1, 1), (2, 2)]);
    let mut both: Bounds = ilp.vars.iter().map(IlpVar::bounds).collect();
    both[0] = (1, 1);
    both[1] = (1, 1);
    assert_eq!(
        propagate(&ilp, &mut both),
        Err(PropagateError::Infeasible { row: 0 })
    );
    assert_eq!(
        propagate(&ilp, &mut vec![(0, 1)]),
        Err(PropagateError::WrongLength {
            expected: ilp.vars.len(),
            found: 1
        })
    );
}

#[test]
fn opb_layout_spells_integers_in_bits() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    let layout = opb::OpbLayout::of(&ilp);
    // Three binaries, q in 0..=2 needs two bits and a row keeping it at most 2.
    assert_eq!((layout.vars, layout.rows), (5, 3));
    assert_eq!(
        layout.values(&[false, false, true, false, true]),
        [0, 0, 1, 2]
    );
}

#[test]
fn lp_and_opb_headers_are_exact() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    let mut lp = Vec::new();
    lp::write_lp(&ilp, "t", &mut lp).unwrap();
    let lp = String::from_utf8(lp).unwrap();
    assert!(lp.starts_with(
        "\\ t\n\\ 4 variables (3 binary, 1 general integer), 2 rows\nMinimize\n obj: 0 y0\n\
         Subject To\n c1: + y0 + y1 + y2 = 1\n c2: - y1 - 2 y2 + q = 0\n\
         Bounds\n 0 <= q <= 2\nBinary\n y0 y1 y2\nGeneral\n q\nEnd\n"
    ));
    let mut opb = Vec::new();
    opb::write_opb(&ilp, "t", &mut opb).unwrap();
    let opb = String::from_utf8(opb).unwrap();
    assert!(opb.starts_with("* #variable= 5 #constraint= 3\n"), "{opb}");
    assert!(opb.contains("\n+1 x1 +1 x2 +1 x3 = 1 ;\n"), "{opb}");
    assert!(opb.contains("\n-1 x2 -2 x3 +1 x4 +2 x5 = 0 ;\n"), "{opb}");
    assert!(opb.ends_with("\n-1 x4 -2 x5 >= -2 ;\n"), "{opb}");
}

/// A row read back from a file: terms, comparison, right side.
type ReadRow<T> = (Vec<(i64, T)>, Cmp, i64);

/// A minimal OPB row reader for the round trip below: `+a xK ... >=|= rhs ;` lines.
fn read_opb_rows(text: &str) -> Vec<ReadRow<usize>> {
    text.lines()
        .filter(|l| !l.starts_with('*') && !l.trim().is_empty())
        .map(|l| {
            let tokens: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(tokens.last(), Some(&";"), "{l}");
            let op = tokens.iter().position(|t| *t == ">=" || *t == "=").unwrap();
            let terms = tokens[..op]
                .chunks(2)
                .map(|p| {
                    (
                        p[0].parse().unwrap(),
                        p[1][1..].parse::<usize>().unwrap() - 1,
                    )
                })
                .collect();
            let cmp = if tokens[op] == "=" {
                Cmp::Exactly
            } else {
                Cmp::AtLeast
            };
            (terms, cmp, tokens[op + 1].parse().unwrap())
        })
        .collect()
}

proptest! {
    /// Written OPB (integers in binary, `<=` rows negated) accepts exactly the bit
    /// assignments whose decoded values the ILP accepts.
    #[test]
    fn opb_round_trip_keeps_the_solution_set(
        cs in prop::collection::vec(constraint(), 1..4),
        lo in -2i64..2,
        span in 0i64..4,
    ) {
        let mut m = Model::new();
        let vars: Vec<Var> = (0..4).map(|i| m.new_var(format!("v{i}"))).collect();
        for c in cs {
            m.add(c);
        }
        m.define_int(IntDef {
            name: "q".into(),
            terms: vec![(1, vars[0]), (2, vars[1]), (-1, vars[2])],
            lo,
            hi: lo + span,
        });
        let ilp = lower_to_ilp(&m);
        let layout = opb::OpbLayout::of(&ilp);
        let mut text = Vec::new();
        opb::write_opb(&ilp, "t", &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let header = format!("* #variable= {} #constraint= {}\n", layout.vars, layout.rows);
        prop_assert!(text.starts_with(&header), "{}", text);
        let rows = read_opb_rows(&text);
        prop_assert_eq!(rows.len(), layout.rows);
        for mask in 0..1u32 << layout.vars {
            let bits: Vec<bool> = (0..layout.vars).map(|i| mask >> i & 1 == 1).collect();
            let opb_ok = rows.iter().all(|(terms, cmp, rhs)| {
                let lhs: i64 = terms.iter().filter(|(_, k)| bits[*k]).map(|(a, _)| a).sum();
                cmp.holds(lhs, *rhs)
            });
            let values = layout.values(&bits);
            prop_assert_eq!(opb_ok, ilp.check(&values).is_ok(), "{:?} {:?}", bits, values);
        }
    }
}

/// Rows read back from our LP text: (terms by name, cmp, rhs), in order.
fn read_lp_rows(text: &str) -> Vec<ReadRow<String>> {
    let body = &text[text.find("Subject To\n").unwrap() + 11..];
    let end = ["Bounds\n", "Binary\n", "General\n", "End\n"]
        .iter()
        .filter_map(|s| body.find(s))
        .min()
        .unwrap();
    let mut rows: Vec<String> = Vec::new();
    for line in body[..end].lines() {
        if line.starts_with("   ") {
            rows.last_mut().unwrap().push_str(line);
        } else {
            rows.push(line.to_string());
        }
    }
    rows.iter()
        .map(|r| {
            let tokens: Vec<&str> = r.split_whitespace().skip(1).collect();
            let op = tokens.len() - 2;
            let mut terms = Vec::new();
            let mut k = 0;
            while k < op {
                if tokens[k] != "+" && tokens[k] != "-" {
                    // An unsigned `coefficient name` (the empty row's `0 v0`).
                    terms.push((tokens[k].parse().unwrap(), tokens[k + 1].to_string()));
                    k += 2;
                    continue;
                }
                let sign = if tokens[k] == "-" { -1 } else { 1 };
                match tokens[k + 1].parse::<i64>() {
                    Ok(a) => {
                        terms.push((sign * a, tokens[k + 2].to_string()));
                        k += 3;
                    }
                    Err(_) => {
                        terms.push((sign, tokens[k + 1].to_string()));
                        k += 2;
                    }
                }
            }
            let cmp = match tokens[op] {
                "<=" => Cmp::AtMost,
                ">=" => Cmp::AtLeast,
                _ => Cmp::Exactly,
            };
            (terms, cmp, tokens[op + 1].parse().unwrap())
        })
        .collect()
}

/// Rows read back from our free MPS text, by row name order.
fn read_mps_rows(text: &str) -> Vec<ReadRow<String>> {
    let mut rows: Vec<ReadRow<String>> = Vec::new();
    let mut section = "";
    for line in text.lines() {
        if !line.starts_with(' ') {
            section = line.split_whitespace().next().unwrap_or("");
            continue;
        }
        let t: Vec<&str> = line.split_whitespace().collect();
        match section {
            "ROWS" if t[1] != "obj" => {
                let cmp = match t[0] {
                    "L" => Cmp::AtMost,
                    "G" => Cmp::AtLeast,
                    _ => Cmp::Exactly,
                };
                rows.push((Vec::new(), cmp, 0));
            }
            "COLUMNS" if t[0] != "MARKER" && t[1] != "obj" => {
                let r: usize = t[1][1..].parse().unwrap();
                rows[r - 1]
                    .0
                    .push((t[2].parse().unwrap(), t[0].to_string()));
            }
            "RHS" => {
                let r: usize = t[1][1..].parse().unwrap();
                rows[r - 1].2 = t[2].parse().unwrap();
            }
            _ => {}
        }
    }
    rows
}

proptest! {
    /// LP and MPS text read back give the model's rows exactly (same order, terms, sides).
    #[test]
    fn lp_and_mps_round_trip_the_rows(cs in prop::collection::vec(constraint(), 1..6)) {
        let mut m = Model::new();
        let vars: Vec<Var> = (0..4).map(|i| m.new_var(format!("v{i}"))).collect();
        for c in cs {
            m.add(c);
        }
        m.define_int(IntDef { name: "q".into(), terms: vec![(3, vars[1])], lo: 0, hi: 3 });
        let ilp = lower_to_ilp(&m);
        let expected: Vec<ReadRow<String>> = ilp
            .rows
            .iter()
            .map(|r| {
                let terms = r.terms.iter().map(|&(a, i)| (a, ilp.vars[i].name.clone())).collect();
                (terms, r.cmp, r.rhs)
            })
            .collect();
        let mut lp_text = Vec::new();
        lp::write_lp(&ilp, "t", &mut lp_text).unwrap();
        let lp_text = String::from_utf8(lp_text).unwrap();
        // The `c0` row (zero terms over the variables nothing else mentions) comes first.
        let mut lp_rows = read_lp_rows(&lp_text);
        if lp_text.contains("\n c0:") {
            let c0 = lp_rows.remove(0);
            prop_assert!(c0.0.iter().all(|t| t.0 == 0) && c0.1 == Cmp::AtLeast && c0.2 == 0);
        }
        let mut mps_text = Vec::new();
        mps::write_mps(&ilp, "t", "t", &mut mps_text).unwrap();
        let mps_rows = read_mps_rows(&String::from_utf8(mps_text).unwrap());
        // An empty row is written as `0 v0` in LP and as nothing in MPS.
        let lp_expected: Vec<_> = expected
            .iter()
            .map(|(t, c, r)| {
                let t = if t.is_empty() { vec![(0, ilp.vars[0].name.clone())] } else { t.clone() };
                (t, *c, *r)
            })
            .collect();
        prop_assert_eq!(lp_rows, lp_expected);
        prop_assert_eq!(mps_rows, expected);
    }
}

/// The regression: Sat4j gives no value to a variable in no row and not in the objective,
/// and the answer was refused ("no value for x3"). Such a variable is free; a missing
/// variable that a row mentions is still refused.
#[test]
fn an_opb_answer_may_omit_a_variable_nothing_mentions() {
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
    let ilp = lower_to_ilp(&m);
    let values = |text: &str| match read_answer(text, &ilp) {
        Ok(IlpAnswer::Values(v)) => Ok(v),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    assert_eq!(
        values("s OPTIMUM FOUND\nv x1 -x2\n"),
        Ok(vec![1.0, 0.0, 0.0])
    );
    assert_eq!(
        values("s SATISFIABLE\nv x1 -x2 x3\n"),
        Ok(vec![1.0, 0.0, 1.0])
    );
    let missing = values("s SATISFIABLE\nv x1 x3\n").unwrap_err();
    assert!(missing.contains("no value for x2"), "{missing}");
}

/// Numbers past 2^53 in an LP or MPS file are read inexactly by floating-point solvers (a
/// tour found GLPK, CBC and SCIP reporting another optimum): the model says how large its
/// largest number is.
#[test]
fn the_largest_number_of_an_ilp_covers_rows_rhs_and_objective() {
    let mut m = Model::new();
    let v = m.new_vars(2);
    m.add(Constraint::Linear {
        terms: vec![
            (9_007_199_254_740_992, v[0].positive()),
            (-3, v[1].positive()),
        ],
        cmp: crate::Cmp::AtLeast,
        rhs: 0,
    });
    let ilp = lower_to_ilp(&m);
    assert_eq!(ilp.largest_number(), 9_007_199_254_740_992);
    assert!(ilp.largest_number() <= F64_EXACT);
    let mut m = Model::new();
    let v = m.new_vars(2);
    m.add(Constraint::Linear {
        terms: vec![
            (9_007_199_254_740_992, v[0].positive()),
            (-9_007_199_254_740_993, v[1].positive()),
        ],
        cmp: crate::Cmp::AtLeast,
        rhs: 0,
    });
    assert!(lower_to_ilp(&m).largest_number() > F64_EXACT);
}

#[test]
fn each_format_writes_as_its_writer_and_reads_back_its_name() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    for format in IlpFormat::ALL {
        assert_eq!(format.name().parse::<IlpFormat>(), Ok(format));
        let (mut by_format, mut by_writer) = (Vec::new(), Vec::new());
        format.write(&ilp, "n", "t", &mut by_format).unwrap();
        match format {
            IlpFormat::Lp => lp::write_lp(&ilp, "t", &mut by_writer),
            IlpFormat::Mps => mps::write_mps(&ilp, "n", "t", &mut by_writer),
            IlpFormat::Opb => opb::write_opb(&ilp, "t", &mut by_writer),
        }
        .unwrap();
        assert_eq!(by_format, by_writer, "{format}");
        assert!(format.exact(&ilp));
    }
    assert!("cnf".parse::<IlpFormat>().is_err());
}

#[test]
fn only_opb_holds_numbers_past_two_to_the_53_exactly() {
    let mut m = Model::new();
    let x = m.new_var("x");
    m.add(Constraint::Linear {
        terms: vec![(1 << 60, x.positive())],
        cmp: crate::Cmp::AtLeast,
        rhs: 1,
    });
    let ilp = lower_to_ilp(&m);
    assert!(!IlpFormat::Lp.exact(&ilp));
    assert!(!IlpFormat::Mps.exact(&ilp));
    assert!(IlpFormat::Opb.exact(&ilp));
    assert_eq!(IlpFormat::Opb.check_exact(&ilp), Ok(()));
    let e = IlpFormat::Mps.check_exact(&ilp).unwrap_err();
    assert_eq!(e.largest, ilp.largest_number());
    assert_eq!(
        e.to_string(),
        format!(
            "a number of magnitude {} passes 2^53, which MPS readers (GLPK, CBC, SCIP, HiGHS) read as an inexact double and would solve another problem",
            1i128 << 60
        )
    );
}

/// Rows whose coefficients add up past 64 bits, a negated -2^63 and a repeated variable past
/// 64 bits lower and write as OPB without overflow, and the OPB written has the models of
/// the rows (checked by brute force against what reading it back says, where our reader
/// takes its numbers).
#[test]
fn rows_past_64_bits_lower_and_write_as_opb_with_the_same_models() {
    let big = i64::MAX;
    let x = |i: u32| Var::new(i).positive();
    let rows = [
        (
            vec![
                (5_000_000_000_000_000_000, x(0)),
                (5_000_000_000_000_000_000, x(1)),
            ],
            Cmp::AtLeast,
            1,
        ),
        (vec![(big, x(0)), (big, x(1))], Cmp::AtMost, big),
        (vec![(big, x(0)), (big, x(0)), (1, x(1))], Cmp::AtLeast, 1),
        (
            vec![(i64::MIN, x(0)), (i64::MIN, x(1))],
            Cmp::Exactly,
            i64::MIN,
        ),
        (vec![(i64::MIN, x(0)), (1, x(1))], Cmp::AtMost, i64::MIN),
    ];
    for (terms, cmp, rhs) in rows {
        let mut m = Model::new();
        m.new_vars(2);
        m.add(Constraint::Linear {
            terms: terms.clone(),
            cmp,
            rhs,
        });
        let ilp = lower_to_ilp(&m);
        let mut out = Vec::new();
        opb::write_opb(&ilp, "past 64 bits", &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let holds = |a: &[bool]| {
            let lhs: i128 = terms
                .iter()
                .map(|&(c, l)| i128::from(c) * i128::from(a[l.var().index()]))
                .sum();
            match cmp {
                Cmp::AtMost => lhs <= i128::from(rhs),
                Cmp::AtLeast => lhs >= i128::from(rhs),
                Cmp::Exactly => lhs == i128::from(rhs),
            }
        };
        let Ok(back) = crate::opb::read_opb(text.as_bytes()) else {
            // A right-hand side past 64 bits (a negated -2^63) is exact OPB that our reader
            // refuses with a message; its rows are checked no further here.
            assert!(text.contains("9223372036854775808"), "{text}");
            continue;
        };
        for a in assignments(2) {
            assert_eq!(back.model.check(&a).is_ok(), holds(&a), "{text} at {a:?}");
        }
    }
}
