//! Counts through every backend and encoding against OEIS, and a lying backend caught.

use super::*;
use crate::Symmetry;
use nqueens_encode::{AmoEncoding, BackendError, CnfOptions, Lit, Model, Prepared, Solutions};
use nqueens_queens::oeis;
use nqueens_varisat::VarisatBackend;

fn sat(enc: AmoEncoding) -> Method {
    Method::Solver(Arc::new(VarisatBackend::new(CnfOptions::with_amo(enc))))
}

fn config(method: Method, depth: Option<usize>, threads: usize) -> CountConfig {
    CountConfig {
        formulation: FormulationKind::Board,
        method,
        threads,
        cube_depth: depth,
        symmetry: Symmetry::None,
        deep_cubes: false,
    }
}

#[test]
fn varisat_counts_match_a000170_for_n_1_to_10_with_both_encodings() {
    for enc in AmoEncoding::ALL {
        for n in 1..=10 {
            let r = count(n, &config(sat(enc), None, 2)).unwrap();
            assert_eq!(r.verdict.matches, Some(true), "{enc} n={n}: {r}");
            assert_eq!(Some(r.verdict.count), oeis::solutions(n));
        }
    }
}

#[test]
fn backtracking_oracle_counts_match_a000170_for_n_1_to_10() {
    for n in 1..=10 {
        let r = count(n, &config(Method::Backtrack, None, 1)).unwrap();
        assert_eq!(Some(r.verdict.count), oeis::solutions(n), "n={n}");
    }
}

#[test]
fn every_symmetry_gives_a000170_and_d4_gives_a002562() {
    for symmetry in Symmetry::ALL {
        for method in [sat(AmoEncoding::Pairwise), Method::Backtrack] {
            for n in 1..=10 {
                let mut c = config(method.clone(), None, 2);
                c.symmetry = symmetry;
                let r = count(n, &c).unwrap();
                assert_eq!(
                    Some(r.verdict.count),
                    oeis::solutions(n),
                    "{symmetry} n={n}"
                );
                assert_eq!(r.verdict.matches, Some(true), "{symmetry} n={n}");
                if symmetry == Symmetry::D4 {
                    assert_eq!(
                        r.verdict.fundamental,
                        oeis::fundamental_solutions(n),
                        "n={n}"
                    );
                }
                if symmetry == Symmetry::Mirror && n >= 4 && method.name() == "varisat" {
                    assert!(
                        r.solutions_checked < r.verdict.count,
                        "mirror searched only half"
                    );
                }
            }
        }
    }
}

#[test]
fn every_cube_depth_gives_the_same_count() {
    for depth in 0..=8 {
        let r = count(8, &config(sat(AmoEncoding::Pairwise), Some(depth), 2)).unwrap();
        assert_eq!(r.verdict.count, 92, "depth {depth}");
        assert_eq!(r.cube_depth, depth);
    }
}

/// A lying backend: returns the same placement (columns per row, n = 4) forever.
struct Repeats {
    name: &'static str,
    columns: [usize; 4],
}
struct RepeatedSolutions(Vec<bool>);

impl Solutions for RepeatedSolutions {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        Ok(Some(self.0.clone()))
    }
}

impl Backend for Repeats {
    fn name(&self) -> String {
        self.name.into()
    }
    fn encoding(&self) -> String {
        "none".into()
    }
    fn prepare<'m>(&self, m: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        let mut a = vec![false; m.num_vars()];
        for (r, c) in self.columns.into_iter().enumerate() {
            a[r * 4 + c] = true;
        }
        Ok(Box::new(RepeatedSolutions(a)))
    }
}

impl<'m> Prepared<'m> for RepeatedSolutions {
    fn solutions(&self, _: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        Ok(Box::new(RepeatedSolutions(self.0.clone())))
    }
}

fn lying(name: &'static str, columns: [usize; 4]) -> CountConfig {
    config(
        Method::Solver(Arc::new(Repeats { name, columns })),
        Some(0),
        1,
    )
}

#[test]
fn a_backend_repeating_a_solution_is_an_error_not_a_count() {
    let err = count(4, &lying("stuck", [1, 3, 0, 2])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "stuck returned an invalid solution for n = 4: the same solution (on the projection) was returned twice"
    );
}

#[test]
fn a_backend_returning_an_attacking_board_is_an_error() {
    // All queens on the main diagonal: rows and columns fine, diagonal #3 broken.
    let err = count(4, &lying("liar", [0, 1, 2, 3])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "liar returned an invalid solution for n = 4: at-most-one constraint #11 does not hold"
    );
}
