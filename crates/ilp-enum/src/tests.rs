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

#[test]
fn a_fixed_literal_outside_the_model_is_an_invalid_input_error() {
    use zero_one_model::{BackendErrorKind, Var};
    // The column formulation's ILP has integer variables after the model's: one of those
    // indices is still outside the 0-1 model.
    let f = FormulationKind::Column(nqueens_queens::Domain::Log).build(5);
    let prepared = LpBackend.prepare(f.model()).unwrap();
    let num_vars = f.model().num_vars() as u32;
    for index in [num_vars, num_vars + 1, u32::MAX >> 1] {
        let fixed = [Var::new(index).positive()];
        let err = prepared.solutions(&fixed).err().unwrap();
        assert_eq!(err.kind(), BackendErrorKind::InvalidInput, "{err}");
        assert_eq!(
            std::error::Error::source(&err).unwrap().to_string(),
            format!("variable #{index} is outside the model, which has {num_vars} variables")
        );
    }
}

#[test]
fn solutions_iterate() {
    let f = FormulationKind::Board.build(5);
    let solutions = LpBackend.solutions(f.model(), &[]).unwrap();
    let mut count = 0;
    for solution in solutions {
        assert_eq!(f.model().check(&solution.unwrap()), Ok(()));
        count += 1;
    }
    assert_eq!(Some(count), oeis::solutions(5));
}
