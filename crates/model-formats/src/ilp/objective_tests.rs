//! The objective through the ILP lowering and the three writers.

use super::{lower_to_ilp, lp, mps, opb};
use crate::opb::read_opb;
use crate::{Cmp, Constraint, Model, Objective, Sense};

/// A knapsack (weights 2, 2, 3, at most 4) whose objective `3 a + 2 b - 4 ¬c` has a negative
/// literal, so the lowering leaves a constant (carried by a fourth binary fixed to 1).
fn knapsack(sense: Sense) -> Model {
    let mut m = Model::new();
    let v: Vec<_> = ["a", "b", "c"].iter().map(|n| m.new_var(*n)).collect();
    m.add(Constraint::Linear {
        terms: vec![
            (2, v[0].positive()),
            (2, v[1].positive()),
            (3, v[2].positive()),
        ],
        cmp: Cmp::AtMost,
        rhs: 4,
    });
    m.try_set_objective(Objective {
        sense,
        terms: vec![
            (3, v[0].positive()),
            (2, v[1].positive()),
            (-4, v[2].negative()),
        ],
    })
    .unwrap();
    m
}

/// The optimum of a small model by trying every assignment, or `None` when infeasible.
fn brute_optimum(m: &Model) -> Option<i128> {
    let o = m.objective().unwrap();
    let n = m.num_vars();
    let values = (0..1u32 << n).filter_map(|code| {
        let a: Vec<bool> = (0..n).map(|i| code >> i & 1 == 1).collect();
        m.check(&a).is_ok().then(|| o.value(&a))
    });
    match o.sense {
        Sense::Minimize => values.min(),
        Sense::Maximize => values.max(),
    }
}

fn text(write: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut out = Vec::new();
    write(&mut out);
    String::from_utf8(out).unwrap()
}

#[test]
fn the_lowered_objective_has_the_models_value_everywhere() {
    for sense in [Sense::Minimize, Sense::Maximize] {
        let m = knapsack(sense);
        let ilp = lower_to_ilp(&m);
        let o = ilp.objective.as_ref().unwrap();
        assert_eq!(o.offset, 0);
        assert_eq!(o.terms, [(3, 0), (2, 1), (4, 2), (-4, 3)]);
        assert_eq!(ilp.vars[3].name, super::OBJECTIVE_CONSTANT);
        for code in 0..8u32 {
            let a: Vec<bool> = (0..3).map(|i| code >> i & 1 == 1).collect();
            let mut values: Vec<i64> = a.iter().map(|&b| i64::from(b)).collect();
            values.push(1);
            assert_eq!(o.value(&values), m.objective().unwrap().value(&a));
            // The constant's binary cannot be 0.
            values[3] = 0;
            assert!(ilp.check(&values).is_err());
        }
    }
}

#[test]
fn lp_writes_the_sense_and_the_terms() {
    let ilp = lower_to_ilp(&knapsack(Sense::Maximize));
    let lp = text(|w| lp::write_lp(&ilp, "t", w).unwrap());
    assert!(
        lp.contains("\nMaximize\n obj: + 3 a + 2 b + 4 c - 4 objective_constant\nSubject To\n"),
        "{lp}"
    );
    assert!(lp.contains("\n c2: + objective_constant >= 1\n"), "{lp}");
    assert!(!lp.contains("left out"), "{lp}");
}

#[test]
fn mps_negates_a_maximised_objective_and_says_so() {
    let ilp = lower_to_ilp(&knapsack(Sense::Maximize));
    let mps = text(|w| mps::write_mps(&ilp, "t", "t", w).unwrap());
    assert!(
        mps.contains("* maximise: the N row obj is the objective negated"),
        "{mps}"
    );
    assert!(mps.contains("\n a obj -3\n"), "{mps}");
    assert!(mps.contains("\n c obj -4\n"), "{mps}");
    let ilp = lower_to_ilp(&knapsack(Sense::Minimize));
    let mps = text(|w| mps::write_mps(&ilp, "t", "t", w).unwrap());
    assert!(!mps.contains("maximise"), "{mps}");
    assert!(mps.contains("\n b obj 2\n"), "{mps}");
}

#[test]
fn opb_writes_min_and_reads_back_with_the_same_optimum() {
    for sense in [Sense::Minimize, Sense::Maximize] {
        let m = knapsack(sense);
        let opb = text(|w| opb::write_opb(&lower_to_ilp(&m), "t", w).unwrap());
        let sign = if sense == Sense::Maximize { -1 } else { 1 };
        assert!(
            opb.contains(&format!(
                "min: {:+} x1 {:+} x2 {:+} x3 {:+} x4 ;\n",
                3 * sign,
                2 * sign,
                4 * sign,
                -4 * sign
            )),
            "{opb}"
        );
        let back = read_opb(opb.as_bytes()).unwrap().model;
        let read = back.objective().unwrap();
        assert_eq!(read.sense, Sense::Minimize);
        for code in 0..8u32 {
            let mut a: Vec<bool> = (0..3).map(|i| code >> i & 1 == 1).collect();
            let model_value = m.objective().unwrap().value(&a);
            a.push(true);
            // The file's value is the model's, negated when maximised.
            assert_eq!(read.value(&a), i128::from(sign) * model_value);
        }
        // Read back, the file has the model's optimum (negated when maximised).
        assert_eq!(
            brute_optimum(&back).map(|v| i128::from(sign) * v),
            brute_optimum(&m)
        );
    }
}

#[test]
fn a_model_without_objective_keeps_the_zero_objective() {
    let mut m = knapsack(Sense::Minimize);
    m.clear_objective();
    let ilp = lower_to_ilp(&m);
    assert_eq!(ilp.objective, None);
    assert!(text(|w| lp::write_lp(&ilp, "t", w).unwrap()).contains("Minimize\n obj: 0 a\n"));
    assert!(!text(|w| opb::write_opb(&ilp, "t", w).unwrap()).contains("min:"));
}

fn opb_model(text: &str) -> Model {
    read_opb(text.as_bytes()).unwrap().model
}

#[test]
fn opb_writes_empty_rows_and_objectives_with_a_zero_term() {
    // A row whose terms cancel stays (it is infeasible); an objective of zeros is empty.
    for (input, row, min) in [
        (
            "* #variable= 2 #constraint= 1\nmin: +1 x1 ;\n+1 x2 -1 x2 >= 1 ;\n",
            "\n+0 x1 >= 1 ;\n",
            "\nmin: +1 x1 ;\n",
        ),
        (
            "* #variable= 2 #constraint= 1\nmax: +0 x1 ;\n+1 x1 >= 1 ;\n",
            "\n+1 x1 >= 1 ;\n",
            "\nmin: +0 x1 ;\n",
        ),
    ] {
        let ilp = lower_to_ilp(&opb_model(input));
        let opb = text(|w| opb::write_opb(&ilp, "t", w).unwrap());
        assert!(opb.contains(row) && opb.contains(min), "{opb}");
        assert!(!opb.contains("\n>=") && !opb.contains("min: ;"), "{opb}");
        read_opb(opb.as_bytes()).unwrap();
    }
    // No variable at all: one is declared to hold the zero term.
    let mut m = Model::new();
    m.add(Constraint::Clause(vec![]));
    let opb = text(|w| opb::write_opb(&lower_to_ilp(&m), "t", w).unwrap());
    assert!(opb.starts_with("* #variable= 1 #constraint= 1\n"), "{opb}");
    assert!(opb.ends_with("\n+0 x1 >= 1 ;\n"), "{opb}");
    read_opb(opb.as_bytes()).unwrap();
}

#[test]
fn opb_splits_a_negated_coefficient_past_64_bits_and_reads_back() {
    let m = opb_model(
        "* #variable= 2 #constraint= 1\nmax: -9223372036854775808 x1 +9223372036854775807 x2 +9223372036854775807 x2 ;\n+1 x1 +1 x2 >= 1 ;\n",
    );
    let opb = text(|w| opb::write_opb(&lower_to_ilp(&m), "t", w).unwrap());
    assert!(
        opb.contains("\nmin: +9223372036854775807 x1 +1 x1 -9223372036854775808 x2 -9223372036854775806 x2 ;\n"),
        "{opb}"
    );
    let read = read_opb(opb.as_bytes()).unwrap().model;
    for code in 0..4u32 {
        let a: Vec<bool> = (0..2).map(|i| code >> i & 1 == 1).collect();
        assert_eq!(
            read.objective().unwrap().value(&a),
            -m.objective().unwrap().value(&a)
        );
    }
}

#[test]
fn the_comments_say_how_to_recover_the_models_optimum() {
    let ilp = lower_to_ilp(&knapsack(Sense::Maximize));
    let want = "* the model's optimum = -(this file's optimum)\n";
    let opb = text(|w| opb::write_opb(&ilp, "t", w).unwrap());
    assert!(opb.contains(want), "{opb}");
    let mps = text(|w| mps::write_mps(&ilp, "t", "t", w).unwrap());
    assert!(mps.contains(want), "{mps}");
    // Minimised, the file's optimum is the model's: no comment is needed.
    let ilp = lower_to_ilp(&knapsack(Sense::Minimize));
    let mps = text(|w| mps::write_mps(&ilp, "t", "t", w).unwrap());
    assert!(!mps.contains("the model's optimum"), "{mps}");
}

#[test]
fn lp_keeps_the_sense_of_an_empty_objective_and_never_leaves_subject_to_empty() {
    let m = opb_model("* #variable= 2 #constraint= 0\nmax: +0 x1 ;\n");
    let lp = text(|w| lp::write_lp(&lower_to_ilp(&m), "t", w).unwrap());
    assert!(
        lp.contains("Maximize\n obj: 0 x1\nSubject To\n c0: + 0 x1 + 0 x2 >= 0\n"),
        "{lp}"
    );
    // Rows that always hold are dropped; the objective's variables still need a row.
    let m = opb_model("* #variable= 2 #constraint= 1\nmin: +1 x1 -1 x2 ;\n+1 x1 >= 0 ;\n");
    let lp = text(|w| lp::write_lp(&lower_to_ilp(&m), "t", w).unwrap());
    assert!(
        lp.contains("Subject To\n c0: + 0 x1 >= 0\nBinary\n"),
        "{lp}"
    );
    // A variable no row or objective term mentions gets a zero term.
    let m = opb_model("* #variable= 3 #constraint= 1\nmin: +1 x1 ;\n+1 x2 >= 1 ;\n");
    let lp = text(|w| lp::write_lp(&lower_to_ilp(&m), "t", w).unwrap());
    assert!(
        lp.contains("Subject To\n c0: + 0 x3 >= 0\n c1: + x2 >= 1\n"),
        "{lp}"
    );
}

#[test]
fn mps_bounds_leave_room_after_the_bound_type() {
    let ilp = lower_to_ilp(&knapsack(Sense::Minimize));
    let mps = text(|w| mps::write_mps(&ilp, "t", "t", w).unwrap());
    assert!(mps.contains("\nBOUNDS\n BV  BND a\n BV  BND b\n"), "{mps}");
}
