use super::*;
use nqueens_queens::{oeis, FormulationKind};

fn count(kind: FormulationKind, n: usize, fixed: &[Lit]) -> u64 {
    let f = kind.build(n);
    let prepared = LpBackend.prepare(f.model()).unwrap();
    let mut solutions = prepared.solutions(fixed).unwrap();
    let mut count = 0;
    while let Some(a) = solutions.next_solution().unwrap() {
        f.decode(&a).unwrap();
        count += 1;
    }
    count
}

#[test]
fn every_formulation_counts_small_boards_as_oeis_says() {
    for kind in FormulationKind::ALL {
        for n in 1..=6 {
            assert_eq!(
                Some(count(kind, n, &[])),
                oeis::solutions(n),
                "{kind} n = {n}"
            );
        }
    }
}

#[test]
fn a_cube_counts_only_its_own_solutions() {
    let f = FormulationKind::Board.build(6);
    // Q(6) = 4: the first-row queens sit in columns 1, 2, 3, 4, one solution each.
    for col in 0..6 {
        let fixed = f.place(0, col);
        assert_eq!(
            count(FormulationKind::Board, 6, &fixed),
            u64::from((1..=4).contains(&col)),
            "column {col}"
        );
    }
}
