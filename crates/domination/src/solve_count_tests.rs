//! [`solve`] and [`count`] by both paths: the same answers, what a stop leaves, and the JSON
//! the reports serialise to (the keys `nqueens solve --json` and `count --json` print).

use super::*;
use std::collections::BTreeSet;
use varisat_enum::VarisatBackend;
use zero_one_model::CnfOptions;
use zero_one_model::StopFlag;

fn sat() -> VarisatBackend {
    VarisatBackend::new(CnfOptions {
        card: DEFAULT_CARD,
        ..CnfOptions::default()
    })
}

fn keys(v: &serde_json::Value) -> BTreeSet<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

fn set(keys: &[&'static str]) -> BTreeSet<&'static str> {
    keys.iter().copied().collect()
}

#[test]
fn both_finders_solve_to_a_checked_minimum_and_serialise_as_solve_prints() {
    let backend = sat();
    for d in Domination::ALL {
        for finder in [Finder::Search, Finder::Backend(&backend)] {
            let Solved::Minimum(m) = solve(6, d, &SolveOptions::new(finder)).unwrap() else {
                panic!("{d}: no minimum")
            };
            assert_eq!(Some(m.k), d.known_number(6), "{d}");
            assert_eq!(d.first_fault(6, &m.queens, Some(m.k)), None, "{d}");
            assert!(!m.oeis.is_mismatch(), "{d}");
            assert_eq!(m.trace.method(), finder.method());
            let json = serde_json::to_value(&m).unwrap();
            assert_eq!(json["variant"], d.name());
            let expected = match finder {
                Finder::Search => set(&[
                    "k",
                    "levels",
                    "lower_bound",
                    "method",
                    "n",
                    "oeis",
                    "proof",
                    "queens",
                    "variant",
                ]),
                Finder::Backend(_) => set(&[
                    "k",
                    "lower_bound",
                    "n",
                    "oeis",
                    "proof",
                    "queens",
                    "steps",
                    "variant",
                ]),
            };
            assert_eq!(keys(&json), expected, "{d}");
        }
    }
}

#[test]
fn the_search_says_whether_the_bound_or_the_search_proves_the_minimum() {
    let d = Domination::ALL[0];
    let Solved::Minimum(four) = solve(4, d, &SolveOptions::new(Finder::Search)).unwrap() else {
        panic!("no minimum")
    };
    // γ(Q4) = 2 is the lower bound (the counting bound and Spencer's both give 2).
    assert_eq!((four.k, four.proof), (2, Proof::LowerBound));
    let Solved::Minimum(eight) = solve(8, d, &SolveOptions::new(Finder::Search)).unwrap() else {
        panic!("no minimum")
    };
    assert_eq!((eight.k, eight.proof), (5, Proof::ExhaustiveSearch));
    assert_eq!(
        serde_json::to_value(&eight).unwrap()["proof"],
        "exhaustive-search"
    );
    assert!(eight.trace.nodes().unwrap() > 0);
}

#[test]
fn a_bound_gives_a_set_within_it_or_says_there_is_none() {
    let backend = sat();
    let d = Domination::ALL[0];
    for finder in [Finder::Search, Finder::Backend(&backend)] {
        let mut options = SolveOptions::new(finder);
        options.bound = Some(6);
        let Solved::Bounded(b) = solve(8, d, &options).unwrap() else {
            panic!("no set")
        };
        assert!(b.k <= 6 && b.k == b.queens.len());
        assert_eq!(d.first_fault(8, &b.queens, Some(6)), None);
        let json = serde_json::to_value(&b).unwrap();
        let mut expected = set(&["bound", "k", "n", "queens", "variant"]);
        if matches!(finder, Finder::Search) {
            expected.insert("method");
            assert_eq!(json["method"], "search");
        }
        assert_eq!(keys(&json), expected);
        options.bound = Some(4);
        let none = solve(8, d, &options).unwrap();
        assert!(
            matches!(none, Solved::NoSet { bound: 4, method } if method == finder.method()),
            "{none:?}"
        );
    }
}

#[test]
fn a_raised_stop_ends_each_path_with_what_it_knew() {
    let backend = sat();
    let raised = StopFlag::new();
    raised.raise();
    let d = Domination::ALL[0];
    let mut options = SolveOptions::new(Finder::Search);
    options.stop = Some(raised.clone());
    match solve(12, d, &options).unwrap() {
        Solved::Stopped(SolveStop::SearchingMinimum(s)) => {
            assert_eq!(s.lower_bound, d.lower_bound(12));
        }
        other => panic!("{other:?}"),
    }
    options.finder = Finder::Backend(&backend);
    match solve(12, d, &options).unwrap() {
        Solved::Stopped(SolveStop::CheckingMinimum(s)) => assert_eq!(s.queens, None),
        other => panic!("{other:?}"),
    }
    let mut count_options = CountOptions::new(CountBy::Search);
    count_options.stop = Some(raised.clone());
    match count(12, d, &count_options).unwrap() {
        Counted::Stopped(CountStop::SearchingMinimum(s)) => {
            assert_eq!(s.lower_bound, d.lower_bound(12));
        }
        other => panic!("{other:?}"),
    }
    count_options.bound = Some(7);
    assert!(matches!(
        count(12, d, &count_options).unwrap(),
        Counted::Stopped(CountStop::SearchingSets { k: 7, .. })
    ));
    count_options.by = CountBy::Engine(EngineCount::new(&backend));
    assert!(matches!(
        count(8, d, &count_options).unwrap(),
        Counted::Stopped(CountStop::CountingCubes { k: 7, .. })
    ));
}

#[test]
fn both_counters_agree_with_the_oeis_and_serialise_as_count_prints() {
    let backend = sat();
    let common = set(&[
        "count",
        "count_is_of_minimum_sets",
        "count_oeis",
        "k",
        "k_oeis",
        "method",
        "minimum",
        "minimum_s",
        "n",
        "orbits",
        "seconds",
        "sets_checked",
        "symmetry",
        "threads",
        "variant",
    ]);
    for d in [Domination::ALL[0], Domination::ALL[1]] {
        for by in [CountBy::Search, CountBy::Engine(EngineCount::new(&backend))] {
            let mut options = CountOptions::new(by);
            options.threads = 2;
            let Counted::Done(c) = count(6, d, &options).unwrap() else {
                panic!("stopped")
            };
            assert_eq!(Some(c.k), d.known_number(6), "{d}");
            assert_eq!(c.count.to_string(), d.known_count(6).unwrap().to_string());
            assert!(c.count_is_of_minimum_sets && !c.is_mismatch(), "{c:?}");
            let json = serde_json::to_value(&c).unwrap();
            let (extra, minimum) = match by {
                CountBy::Search => ("nodes", set(&["k", "levels", "lower_bound", "n", "queens"])),
                CountBy::Engine(_) => (
                    "cubes",
                    set(&[
                        "k",
                        "lower_bound",
                        "n",
                        "proof",
                        "queens",
                        "steps",
                        "variant",
                    ]),
                ),
            };
            let mut expected = common.clone();
            expected.insert(extra);
            assert_eq!(keys(&json), expected, "{d}");
            assert_eq!(keys(&json["minimum"]), minimum, "{d}");
            assert_eq!(json["count"], c.count.to_string());
            assert_eq!(json["symmetry"], "d4");
            assert_eq!(json["k_oeis"]["verdict"], "match");
        }
    }
}

#[test]
fn a_bound_above_the_minimum_counts_every_set_within_it_without_orbits() {
    let d = Domination::ALL[0];
    let mut options = CountOptions::new(CountBy::Search);
    options.bound = Some(3);
    let Counted::Done(c) = count(4, d, &options).unwrap() else {
        panic!("stopped")
    };
    // Sets of at most 3 queens dominating Q4, γ = 2: the search is run again without
    // symmetry once it meets a smaller set.
    assert!(!c.symmetry && c.orbits.is_none(), "{c:?}");
    assert!(c.minimum.is_none() && c.k_oeis.is_none());
    assert!(!c.count_is_of_minimum_sets);
    assert_eq!(c.count_oeis, DominationVerdict::Unknown);
    let json = serde_json::to_value(&c).unwrap();
    assert!(json["minimum"].is_null() && json["orbits"].is_null());
    assert_eq!(json["symmetry"], "none");
}

#[test]
fn a_board_past_the_search_is_the_callers_error() {
    let d = Domination::ALL[0];
    let past = search::MAX_N + 1;
    let e = solve(past, d, &SolveOptions::new(Finder::Search)).unwrap_err();
    assert!(matches!(
        e,
        DominationError::Search(search::SearchError::TooLarge { n, .. }) if n == past
    ));
    assert!(e.is_input_error());
    let e = count(past, d, &CountOptions::new(CountBy::Search)).unwrap_err();
    assert!(e.is_input_error(), "{e}");
}
