//! Queen domination by the exact search (the default of `solve` and `count` with a
//! domination variant, and `--backend backtrack`): the numbers and counts against the OEIS,
//! every set checked, the same answers as the SAT path, and its refusals (Ctrl-C: in
//! tests/cli/domination.rs, with the SAT path's).

use crate::common::run;
use nqueens_domination::{Domination, Square};

fn json_line(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.lines().next().expect("one line")).unwrap()
}

#[test]
fn solve_by_search_finds_a_checked_minimum_and_says_how() {
    for d in Domination::ALL {
        for n in [1, 5, 8, 9] {
            for backend in [None, Some("backtrack")] {
                let mut args = vec!["solve".to_string(), "domination".into(), n.to_string()];
                let flags = crate::common::domination_args("", "", d.name(), &[]);
                args.extend(flags[3..].iter().map(|f| f.to_string()));
                if let Some(b) = backend {
                    args.extend(["--backend".into(), b.into()]);
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let v = json_line(&args);
                assert_eq!(v["method"], "search", "{args:?}");
                let queens: Vec<Square> = serde_json::from_value(v["queens"].clone()).unwrap();
                assert_eq!(Some(queens.len()), d.known_number(n), "{args:?}");
                assert_eq!(v["k"], queens.len());
                assert_eq!(d.first_fault(n, &queens, None), None, "{args:?}");
                assert_eq!(v["oeis"]["verdict"], "match", "{args:?}");
                let levels = v["levels"].as_array().unwrap();
                assert_eq!(levels.last().unwrap()["found"], true);
            }
        }
    }
    let (code, out, _) = run(&["solve", "domination", "8"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "Q(8) domination: 5 queens, minimum (no set of 4 exists; OEIS A075458 agrees; search: "
        ),
        "{out}"
    );
    let v = json_line(&["solve", "domination", "8", "--queens", "6"]);
    let queens: Vec<Square> = serde_json::from_value(v["queens"].clone()).unwrap();
    assert!(queens.len() <= 6);
    assert_eq!(Domination::ALL[0].first_fault(8, &queens, Some(6)), None);
    let (code, _, err) = run(&["solve", "domination", "8", "--queens", "4"]);
    assert_eq!(code, 1);
    assert!(err.contains("no set of at most 4 queens"), "{err}");
}

#[test]
fn count_by_search_matches_the_oeis_and_the_sat_path() {
    for d in [Domination::ALL[0], Domination::ALL[1]] {
        let (code, out, err) = run(&crate::common::domination_args(
            "count",
            "1..=9",
            d.name(),
            &["--json"],
        ));
        assert_eq!(code, 0, "{err}");
        for line in out.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let n = v["n"].as_u64().unwrap() as usize;
            assert_eq!(v["method"], "search");
            assert_eq!(v["k"].as_u64(), d.known_number(n).map(|k| k as u64));
            assert_eq!(v["count"], d.known_count(n).unwrap().to_string(), "{d} {n}");
            assert_eq!(v["k_oeis"]["verdict"], "match");
            assert_eq!(v["count_oeis"]["verdict"], "match");
        }
    }
    for d in Domination::ALL {
        for symmetry in ["d4", "none"] {
            for queens in [None, Some("4")] {
                let mut args = crate::common::domination_args(
                    "count",
                    "5",
                    d.name(),
                    &["--symmetry", symmetry],
                );
                if let Some(k) = queens {
                    args.extend(["--queens", k]);
                }
                args.push("--json");
                let searched = run(&args);
                args.extend(["--backend", "sat"]);
                let sat = run(&args);
                // Exit 1 for both when there is no set of at most 4 (Q(5) on the torus,
                // independent: 5 queens).
                assert_eq!(searched.0, sat.0, "{args:?}: {}", searched.2);
                let [searched, sat]: [serde_json::Value; 2] =
                    [searched.1, sat.1].map(|out| serde_json::from_str(out.trim()).unwrap());
                assert_eq!(searched["count"], sat["count"], "{args:?}");
                assert_eq!(searched["k"], sat["k"], "{args:?}");
                assert_eq!(searched["method"], "search");
                assert_eq!(sat["method"], "engine");
            }
        }
    }
}

#[test]
fn flags_of_the_sat_path_and_boards_past_the_search_are_refused() {
    for (args, says) in [
        (
            &["count", "domination", "5", "--card", "totalizer"][..],
            "--card shapes the CNF lowering",
        ),
        (
            &[
                "solve",
                "domination",
                "5",
                "--independent",
                "--amo",
                "ladder",
            ],
            "add --backend sat",
        ),
        (
            &["solve", "domination", "5", "--solver", "cadical"],
            "go with --backend external",
        ),
        (&["solve", "domination", "22"], "boards up to 21x21"),
        (&["count", "domination", "22"], "boards up to 21x21"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
