//! Brute force against the OEIS tables and the checker, on boards small enough to try every
//! set of squares.

use super::*;

/// Every set of squares of the n x n board (n ≤ 4), as bit masks.
fn sets(n: usize) -> impl Iterator<Item = Vec<Square>> {
    (0u32..1 << (n * n)).map(move |mask| {
        (0..n * n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| Square::new(i / n, i % n))
            .collect()
    })
}

#[test]
fn brute_force_gives_the_oeis_numbers_and_counts() {
    for d in Domination::ALL {
        for n in 1..=4 {
            let mut best = usize::MAX;
            let mut count = 0u64;
            for set in sets(n) {
                if d.first_fault(n, &set, None).is_none() {
                    if set.len() < best {
                        (best, count) = (set.len(), 0);
                    }
                    count += u64::from(set.len() == best);
                }
            }
            assert_eq!(Some(best), d.known_number(n), "{d} n={n}");
            if let Some(known) = d.known_count(n) {
                assert_eq!(count, known, "{d} n={n}");
            }
            assert!(d.lower_bound(n) <= best, "{d} n={n}");
        }
    }
}

#[test]
fn the_model_accepts_exactly_what_the_checker_accepts() {
    for d in Domination::ALL {
        for (n, k) in [(3, Some(2)), (4, Some(2)), (4, Some(3)), (3, None)] {
            let m = DominationModel::new(n, d, k);
            for set in sets(n) {
                let mut a = vec![false; m.model().num_vars()];
                for s in &set {
                    a[m.var(s.row, s.col).index()] = true;
                }
                assert_eq!(
                    m.model().check(&a).is_ok(),
                    d.first_fault(n, &set, k).is_none(),
                    "{d} n={n} k={k:?} {set:?}"
                );
                assert_eq!(m.decode(&a), set);
            }
        }
    }
}

#[test]
fn faults_say_what_is_wrong() {
    let sq = Square::new;
    let d = Domination::new(Variant::Classic, true);
    assert_eq!(
        d.first_fault(4, &[sq(1, 1)], None),
        Some(Fault::Undominated(sq(0, 3)))
    );
    assert_eq!(
        d.first_fault(4, &[sq(0, 0), sq(1, 1), sq(3, 2)], None),
        Some(Fault::Attack(sq(0, 0), sq(1, 1)))
    );
    assert_eq!(
        Fault::TooMany { found: 3, bound: 2 }.to_string(),
        "3 queens, more than the bound 2"
    );
    assert!(matches!(
        d.first_fault(4, &[sq(4, 0)], None),
        Some(Fault::Placement(..))
    ));
    assert_eq!(
        "domination-torus".parse::<Domination>().unwrap_err().to_string(),
        "unknown variant 'domination-torus' (expected one of: domination, independent-domination, toroidal-domination, toroidal-independent-domination)"
    );
}

#[test]
fn orbits_partition_the_minimum_sets() {
    // Canonical sets weighted by their orbit sizes add up to every set (A002564, n = 5).
    let d = Domination::new(Variant::Classic, false);
    let n = 5;
    let (mut total, mut orbits) = (0, 0);
    for set in sets(4).filter(|s| s.len() == 2) {
        // Orbit sizes divide 8 and every image is a set of the same size.
        let o = orbit(4, &set);
        assert!([1, 2, 4, 8].contains(&o.size));
        for img in images(4, &set) {
            assert_eq!(img.len(), 2);
        }
    }
    let all: Vec<Square> = (0..n * n).map(|i| Square::new(i / n, i % n)).collect();
    // Every 3-subset of the 5 x 5 board.
    for a in 0..all.len() {
        for b in a + 1..all.len() {
            for c in b + 1..all.len() {
                let set = [all[a], all[b], all[c]];
                if d.first_fault(n, &set, None).is_none() {
                    let o = orbit(n, &set);
                    if o.canonical {
                        total += o.size;
                        orbits += 1;
                    }
                    for img in images(n, &set) {
                        assert!(d.first_fault(n, &img, None).is_none(), "{img:?}");
                    }
                }
            }
        }
    }
    assert_eq!(total, 186);
    assert!(orbits > 0);
}

#[test]
fn every_domination_model_uses_the_encodings_its_problem_says() {
    use zero_one_model::Constraint;
    for d in Domination::ALL {
        let model = DominationModel::new(6, d, Some(4));
        let has = |family: fn(&Constraint) -> bool| model.model().constraints().iter().any(family);
        let found = nqueens_queens::EncodingsUsed {
            amo: has(|c| matches!(c, Constraint::AtMostOne(_) | Constraint::ExactlyOne(_))),
            card: has(|c| matches!(c, Constraint::Cardinality { .. })),
            pb: has(|c| matches!(c, Constraint::Linear { .. })),
        };
        assert_eq!(found, d.encodings_used(), "{d}");
    }
}
