//! Queen domination through the engine: the domination numbers of A075458, A075324, A279402
//! and A279404 found by SAT checks, and the minimum sets counted (A002564, A002568), with and
//! without D4 orbits, with every cardinality encoding.

use count_engine::{run, Depth, RunOptions};
use nqueens_domination::Domination;
use nqueens_domination::{minimum, DominationProblem, DominationVerdict, Proof};
use varisat_enum::VarisatBackend;
use zero_one_model::{CardEncoding, CnfOptions};

fn backend(card: CardEncoding) -> VarisatBackend {
    VarisatBackend::new(CnfOptions {
        card,
        ..CnfOptions::default()
    })
}

#[test]
fn domination_numbers_match_the_oeis() {
    for d in Domination::ALL {
        for n in 1..=8 {
            let m = minimum(n, d, &backend(CardEncoding::default()), n % 2 == 0).unwrap();
            assert_eq!(Some(m.k), d.known_number(n), "{d} n={n}");
            assert!(d.first_fault(n, &m.queens, Some(m.k)).is_none());
            assert_eq!(
                DominationVerdict::number(d, n, m.k),
                DominationVerdict::Match {
                    sequence: d.number_sequence()
                }
            );
            // The last check is unsatisfiable unless the lower bound already proves it.
            let last = m.steps.last().unwrap();
            match m.proof {
                Proof::Unsatisfiable => assert_eq!(last.found, None),
                Proof::LowerBound => assert_eq!(m.k, m.lower_bound),
                Proof::ExhaustiveSearch => panic!("SAT checks prove no exhaustive search"),
            }
        }
    }
}

fn count(n: usize, d: Domination, d4: bool, card: CardEncoding) -> (u64, u64) {
    let k = d.known_number(n).unwrap();
    let problem = DominationProblem::new(n, d, k, d4, Depth::Target(16));
    let options = RunOptions {
        threads: 2,
        ..RunOptions::default()
    };
    let outcome = run(&problem, &backend(card), &options).unwrap();
    let total = outcome.count.to_string().parse().unwrap();
    (total, outcome.tally.orbits.to_u64().unwrap())
}

#[test]
fn minimum_sets_are_counted_as_the_oeis_says() {
    for d in Domination::ALL
        .into_iter()
        .filter(|d| d.count_sequence().is_some())
    {
        for n in 1..=7 {
            for d4 in [false, true] {
                let (total, orbits) = count(n, d, d4, CardEncoding::default());
                assert_eq!(Some(total), d.known_count(n), "{d} n={n} d4={d4}");
                if d4 {
                    assert!(orbits * 8 >= total && orbits <= total, "{d} n={n}");
                }
            }
        }
    }
}

#[test]
fn every_cardinality_encoding_counts_the_same() {
    let d = Domination::ALL[0];
    for card in CardEncoding::ALL {
        assert_eq!(count(6, d, false, card).0, 4, "{card:?}");
        assert_eq!(count(7, d, true, card).0, 86, "{card:?}");
    }
}
