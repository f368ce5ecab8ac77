//! The examples that build models: colourings, the knapsack, every pseudo-Boolean encoding,
//! and a count stopped from another thread, against brute force and OEIS.

use crate::brute::Rng;
use crate::{graph_colouring, knapsack_model, pb_encodings, stopped_count};
use nqueens_kit::count::BigUint;
use nqueens_kit::model::PbEncoding;
use std::time::Duration;

/// Every map from the wheel's vertices to k colours tried, the proper ones counted.
fn proper_colourings(k: usize) -> BigUint {
    let vertices = graph_colouring::RIM + 1;
    let colour = |code: usize, v: usize| code / k.pow(v as u32) % k;
    let edges = graph_colouring::edges();
    let proper = (0..k.pow(vertices as u32))
        .filter(|&code| {
            edges
                .iter()
                .all(|&(a, b)| colour(code, a) != colour(code, b))
        })
        .count();
    BigUint::from(proper)
}

#[test]
fn colourings_of_the_wheel_are_counted_as_brute_force_counts_them() {
    for k in 1..=5 {
        let known = proper_colourings(k);
        assert_eq!(
            graph_colouring::count_colourings(k).unwrap(),
            (known.clone(), known),
            "{k} colours"
        );
    }
}

#[test]
fn the_knapsack_figures_are_those_of_every_subset_tried() {
    let (mut best, mut at_best, mut fitting) = (i64::MIN, 0u32, 0u32);
    for set in 0u32..1 << 12 {
        let sum = |a: &[i64; 12]| {
            (0..12)
                .filter(|i| set >> i & 1 == 1)
                .map(|i| a[i])
                .sum::<i64>()
        };
        if sum(&knapsack_model::WEIGHTS) > knapsack_model::CAPACITY {
            continue;
        }
        fitting += 1;
        let value = sum(&knapsack_model::VALUES);
        if value > best {
            (best, at_best) = (value, 0);
        }
        at_best += u32::from(value == best);
    }
    let k = knapsack_model::solve().unwrap();
    assert_eq!(k.fitting, fitting.into());
    assert_eq!(k.best, [i128::from(best); 3]);
    assert_eq!(k.optimal, at_best.into());
    assert!(
        k.lp.contains("Maximize") && k.lp.contains("<= 165"),
        "{}",
        k.lp
    );
    assert!(
        k.opb.contains("min:") && k.opb.contains("#constraint= 1"),
        "{}",
        k.opb
    );
}

/// An OPB row: its terms (coefficient, 0-based variable), comparison and right-hand side.
type Row<'t> = (Vec<(i64, usize)>, &'t str, i64);

/// The solutions of an OPB file's rows (`+a xi ... cmp k ;`), every assignment tried.
fn opb_solutions(text: &str, vars: usize) -> BigUint {
    let rows: Vec<Row> = text
        .lines()
        .filter(|l| !l.starts_with('*'))
        .map(|l| {
            let tokens: Vec<&str> = l.trim_end_matches(';').split_whitespace().collect();
            let (terms, tail) = tokens.split_at(tokens.len() - 2);
            let terms = terms
                .chunks(2)
                .map(|t| {
                    (
                        t[0].parse().unwrap(),
                        t[1][1..].parse::<usize>().unwrap() - 1,
                    )
                })
                .collect();
            (terms, tail[0], tail[1].parse().unwrap())
        })
        .collect();
    let holds = |bits: u32| {
        rows.iter().all(|(terms, cmp, k)| {
            let sum: i64 = terms
                .iter()
                .filter(|(_, v)| bits >> v & 1 == 1)
                .map(|(a, _)| a)
                .sum();
            match *cmp {
                "<=" => sum <= *k,
                ">=" => sum >= *k,
                _ => sum == *k,
            }
        })
    };
    BigUint::from((0u32..1 << vars).filter(|&b| holds(b)).count())
}

#[test]
fn every_pb_encoding_counts_what_brute_force_counts() {
    let mut files = vec![(pb_encodings::DEFAULT.to_string(), 7)];
    let mut rng = Rng(12);
    for cmp in ["<=", ">=", "="] {
        let terms: Vec<String> = (1..=9)
            .map(|v| format!("{:+} x{v}", rng.below(19) as i64 - 9))
            .collect();
        let k = rng.below(9) as i64 - 2;
        files.push((
            format!(
                "* #variable= 9 #constraint= 1\n{} {cmp} {k} ;\n",
                terms.join(" ")
            ),
            9,
        ));
    }
    for (text, vars) in files {
        let known = opb_solutions(&text, vars);
        let (reference, lowered) = pb_encodings::lower_every_way(text.as_bytes()).unwrap();
        assert_eq!(reference, known, "{text}");
        let encodings: Vec<PbEncoding> = lowered.iter().map(|l| l.encoding).collect();
        assert_eq!(encodings, PbEncoding::ALL);
        for l in lowered {
            assert_eq!(l.count, known, "{} on {text}", l.encoding);
            assert!(l.vars >= vars);
        }
    }
}

#[test]
fn a_count_stopped_from_another_thread_keeps_a_partial_count() {
    // Q(16): 14,772,512 solutions (OEIS A000170), far more than 50 ms lists.
    let outcome = stopped_count::count_until_stopped(16, Duration::from_millis(50)).unwrap();
    assert!(outcome.interrupted);
    assert!(outcome.cubes_done < outcome.cubes_total);
    assert!(outcome.count < BigUint::from(14_772_512u32));
}

#[test]
fn a_count_that_finishes_before_the_stop_is_the_oeis_count() {
    // Q(6): 4 solutions (OEIS A000170); the stop would come after an hour.
    let outcome = stopped_count::count_until_stopped(6, Duration::from_secs(3600)).unwrap();
    assert!(!outcome.interrupted);
    assert_eq!(outcome.count, 4u32.into());
}
