use super::*;
use crate::known;
use nqueens_board::Variant;

fn done<T>(s: Result<Searched<T>, SearchError>) -> T {
    match s.expect("the search succeeds") {
        Searched::Done(t) => t,
        Searched::Stopped(_) => panic!("stopped without being asked"),
    }
}

fn never() -> StopFlag {
    StopFlag::new()
}

const CLASSIC: Domination = Domination::new(Variant::Classic, false);
const INDEPENDENT: Domination = Domination::new(Variant::Classic, true);

#[test]
fn domination_numbers_match_a075458_and_a075324() {
    for (d, table, last) in [
        (CLASSIC, &known::A075458[..], 9),
        (INDEPENDENT, &known::A075324[..], 9),
    ] {
        for n in 1..=last {
            for options in [SearchOptions::new(2, true), SearchOptions::new(1, false)] {
                let m = done(minimum(n, d, &options, &never()));
                assert_eq!(m.k, table[n - 1], "{d} n = {n}, {options:?}");
                assert_eq!(m.queens.len(), m.k);
                assert_eq!(d.first_fault(n, &m.queens, Some(m.k)), None);
                assert!(m.levels.iter().rev().skip(1).all(|l| !l.found));
                assert_eq!(m.levels.last().map(|l| l.found), Some(true));
            }
        }
    }
}

#[test]
fn minimum_set_counts_match_a002564_and_a002568() {
    for (d, table, last) in [
        (CLASSIC, &known::A002564[..], 8),
        (INDEPENDENT, &known::A002568[..], 8),
    ] {
        for n in 1..=last {
            let k = d.known_number(n).expect("tabled");
            let sym = done(count_sets(n, d, k, &SearchOptions::new(2, true), &never()));
            assert_eq!(sym.count, u128::from(table[n - 1]), "{d} n = {n}");
            assert!(sym.symmetry);
            let orbits = sym.orbits.expect("symmetric counts count orbits");
            assert!(orbits * 8 >= sym.count && orbits <= sym.count);
            if n <= 7 {
                let plain = done(count_sets(n, d, k, &SearchOptions::new(1, false), &never()));
                assert_eq!(plain.count, sym.count, "{d} n = {n} without symmetry");
                assert_eq!(plain.sets_checked as u128, plain.count);
                assert_eq!(plain.orbits, None);
            }
        }
    }
}

#[test]
fn toroidal_domination_numbers_match_a279402() {
    let d = Domination::new(Variant::Toroidal, false);
    for n in 1..=8 {
        let m = done(minimum(n, d, &SearchOptions::new(2, true), &never()));
        assert_eq!(m.k, known::A279402[n - 1], "n = {n}");
        assert_eq!(d.first_fault(n, &m.queens, Some(m.k)), None);
    }
}

/// Brute force: every subset of at most k squares, checked by the checker.
fn brute_count(n: usize, d: Domination, k: usize) -> u128 {
    let squares: Vec<Square> = (0..n * n).map(|i| Square::new(i / n, i % n)).collect();
    (0u64..1 << (n * n))
        .filter(|m| m.count_ones() as usize <= k)
        .filter(|&m| {
            let set: Vec<Square> = (0..n * n)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| squares[i])
                .collect();
            d.first_fault(n, &set, Some(k)).is_none()
        })
        .count() as u128
}

#[test]
fn counts_above_the_minimum_include_every_larger_set() {
    for d in Domination::ALL {
        for n in 1..=4 {
            for k in 0..=4 {
                let counted = done(count_sets(n, d, k, &SearchOptions::new(2, true), &never()));
                assert_eq!(counted.count, brute_count(n, d, k), "{d} n = {n} k = {k}");
            }
        }
    }
}

#[test]
fn no_set_below_the_domination_number() {
    assert_eq!(
        done(find_set(7, CLASSIC, 3, &SearchOptions::default(), &never())),
        None
    );
    let set =
        done(find_set(7, CLASSIC, 4, &SearchOptions::default(), &never())).expect("γ(Q7) = 4");
    assert_eq!(CLASSIC.first_fault(7, &set, Some(4)), None);
}

#[test]
fn a_raised_stop_flag_stops_every_search() {
    let stop = StopFlag::new();
    stop.raise();
    let options = SearchOptions::new(2, true);
    assert!(matches!(
        minimum(9, CLASSIC, &options, &stop),
        Ok(Searched::Stopped(s)) if s.lower_bound == CLASSIC.lower_bound(9) && s.best.is_none()
    ));
    assert!(matches!(
        count_sets(9, CLASSIC, 5, &options, &stop),
        Ok(Searched::Stopped(s)) if s.tasks_done < s.tasks_total
    ));
}

#[test]
fn boards_past_the_bit_sets_are_refused() {
    assert!(matches!(
        minimum(MAX_N + 1, CLASSIC, &SearchOptions::default(), &never()),
        Err(SearchError::TooLarge { n: 22, max: 21 })
    ));
    let superqueens = Domination::new(Variant::Superqueens, false);
    assert!(matches!(
        count_sets(5, superqueens, 3, &SearchOptions::default(), &never()),
        Err(SearchError::Unsupported {
            board: Variant::Superqueens
        })
    ));
}
