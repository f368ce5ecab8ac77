//! The exact search of `nqueens_domination::search` against the SAT path: the same
//! domination numbers as the SAT checks at falling bounds, and the same counts as the engine
//! (varisat with blocking clauses, D4 lex-leaders or none), on every problem for n ≤ 7, and
//! above the minimum for n ≤ 5.

use super::{minimum, DominationProblem};
use crate::search::{self, SearchOptions, Searched};
use crate::Domination;
use count_engine::{Depth, RunOptions};
use varisat_enum::VarisatBackend;
use zero_one_model::CnfOptions;
use zero_one_model::StopFlag;

fn sat_count(n: usize, d: Domination, k: usize, d4: bool) -> u128 {
    let problem = DominationProblem::new(n, d, k, d4, Depth::Target(8));
    let backend = VarisatBackend::new(CnfOptions::default());
    let outcome = count_engine::run(
        &problem,
        &backend,
        &RunOptions {
            threads: 2,
            ..RunOptions::default()
        },
    )
    .unwrap();
    outcome.count.to_string().parse().unwrap()
}

fn search_count(n: usize, d: Domination, k: usize, symmetry: bool) -> u128 {
    let never = StopFlag::new();
    match search::count_sets(n, d, k, &SearchOptions::new(2, symmetry), &never).unwrap() {
        Searched::Done(c) => c.count,
        Searched::Stopped(_) => unreachable!("never stopped"),
    }
}

#[test]
fn the_search_and_the_sat_path_agree_on_every_problem_up_to_n_7() {
    let never = StopFlag::new();
    let backend = VarisatBackend::new(CnfOptions::default());
    for d in Domination::ALL {
        for n in 1..=7 {
            let sat = minimum(n, d, &backend, false).unwrap();
            let Searched::Done(found) =
                search::minimum(n, d, &SearchOptions::new(2, true), &never).unwrap()
            else {
                unreachable!("never stopped")
            };
            assert_eq!(found.k, sat.k, "{d} n = {n}");
            let k = sat.k;
            let counted = sat_count(n, d, k, true);
            assert!(counted > 0);
            assert_eq!(search_count(n, d, k, true), counted, "{d} n = {n}");
            assert_eq!(search_count(n, d, k, false), counted, "{d} n = {n}");
            if n <= 5 {
                let above = sat_count(n, d, k + 1, false);
                assert_eq!(search_count(n, d, k + 1, true), above, "{d} n = {n} k + 1");
            }
        }
    }
}
