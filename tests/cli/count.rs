//! `nqueens count` end to end.

use crate::common::run;

#[test]
fn count_8_prints_one_ok_line_and_exits_0() {
    let (code, out, err) = run(&["count", "8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Q(8) = 92 "), "{out}");
    assert!(out.contains("OEIS A000170: 92 ok"), "{out}");
    assert!(
        out.trim_end().ends_with("dpll, board, pairwise"),
        "the default backend counts: {out}"
    );
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn count_range_prints_one_row_per_n() {
    let (code, out, _) = run(&["count", "1..=9", "--amo", "sequential"]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 9);
    assert!(rows[3].starts_with("Q(4) = 2 "), "{}", rows[3]);
    assert!(rows[8].starts_with("Q(9) = 352 "), "{}", rows[8]);
    assert!(rows
        .iter()
        .all(|r| r.contains(" ok ") && r.ends_with("sequential")));
}

#[test]
fn count_json_lines_carry_the_documented_fields() {
    let (code, out, _) = run(&["count", "4..7", "--json", "--backend", "backtrack"]);
    assert_eq!(code, 0);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(objs.len(), 3);
    assert_eq!(objs[2]["n"], 6);
    assert_eq!(objs[2]["count"], 4);
    assert_eq!(objs[2]["expected"], 4);
    assert_eq!(objs[2]["matches"], true);
    assert_eq!(objs[2]["backend"], "backtrack");
    for key in ["formulation", "amo", "elapsed_s"] {
        assert!(objs[0].get(key).is_some(), "missing {key}");
    }
}

#[test]
fn count_beyond_the_table_is_refused_without_force() {
    let (code, out, err) = run(&["count", "28"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("pass --force"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn count_that_would_take_hours_gives_an_estimate() {
    let (code, _, err) = run(&["count", "20"]);
    assert_eq!(code, 2);
    assert!(err.contains("would take about"), "{err}");
}

#[test]
fn d4_symmetry_reports_fundamental_solutions_checked_against_a002562() {
    let (code, out, _) = run(&["count", "8", "--symmetry", "d4"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Q(8) = 92 (12 fundamental)"), "{out}");
    assert!(out.contains("A002562: 12 ok"), "{out}");
}

#[test]
fn count_json_reports_the_engine_settings_and_backend_counters() {
    let (code, out, _) = run(&[
        "count",
        "9",
        "--json",
        "--threads",
        "2",
        "--cube-depth",
        "2",
    ]);
    assert_eq!(code, 0);
    let r: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(r["threads"], 2);
    assert_eq!(r["cube_depth"], 2);
    assert_eq!(r["symmetry"], "d4", "the default");
    assert_eq!(r["fundamental"], 46);
    // D4 searches only where canonical solutions lie: far fewer solutions are checked than
    // counted (the mirror alone would check about half).
    assert!(r["solutions_checked"].as_u64().unwrap() < 352 / 3);
    assert!(r["cubes"].as_u64().unwrap() > 1);
    assert!(r["solutions_per_s"].as_f64().unwrap() > 0.0);
    assert_eq!(r["backend"], "dpll", "the default");
    assert!(
        r["backend_stats"]["decisions"].as_u64().unwrap()
            >= r["solutions_checked"].as_u64().unwrap()
    );
    assert_eq!(r["backend_stats"]["cubes_handed_to_fallback"], 0);
}

#[test]
fn every_symmetry_counts_the_same_through_the_binary() {
    for symmetry in ["none", "mirror", "d4"] {
        let (code, out, _) = run(&["count", "7..=9", "--symmetry", symmetry]);
        assert_eq!(code, 0, "{symmetry}");
        assert_eq!(
            out.lines()
                .filter(|l| l.contains("A000170") && l.contains(" ok"))
                .count(),
            3
        );
    }
}
