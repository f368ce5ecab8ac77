//! Counts through every backend and encoding against OEIS, and a lying backend caught.

use super::*;
use crate::oeis;
use crate::Symmetry;
use varisat_enum::VarisatBackend;
use zero_one_model::{
    AmoEncoding, BackendEncoding, BackendError, BackendName, CnfOptions, Lit, Model, Prepared,
    Solutions,
};

fn sat(enc: AmoEncoding) -> Arc<dyn BoardCounter> {
    engine(VarisatBackend::new(CnfOptions::with_amo(enc)))
}

fn engine(backend: impl Backend + 'static) -> Arc<dyn BoardCounter> {
    Arc::new(crate::EngineCounter::new(Arc::new(backend)))
}

fn oracle() -> Arc<dyn BoardCounter> {
    Arc::new(crate::Oracle)
}

fn config(counter: Arc<dyn BoardCounter>, depth: Option<usize>, threads: usize) -> CountConfig {
    CountConfig {
        formulation: FormulationKind::Board,
        counter,
        threads,
        cube_depth: depth,
        symmetry: Symmetry::None,
        rules: Default::default(),
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
        let r = count(n, &config(oracle(), None, 1)).unwrap();
        assert_eq!(Some(r.verdict.count), oeis::solutions(n), "n={n}");
    }
}

#[test]
fn every_symmetry_gives_a000170_and_d4_gives_a002562() {
    for symmetry in [Symmetry::None, Symmetry::Mirror, Symmetry::D4] {
        for counter in [sat(AmoEncoding::Pairwise), oracle()] {
            for n in 1..=10 {
                let mut c = config(counter.clone(), None, 2);
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
                if symmetry == Symmetry::Mirror && n >= 4 && counter.capabilities().cubes {
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
    fn name(&self) -> BackendName {
        BackendName::Other(self.name)
    }
    fn encoding(&self) -> BackendEncoding {
        BackendEncoding::Cnf(AmoEncoding::Pairwise)
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
    config(engine(Repeats { name, columns }), Some(0), 1)
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

#[test]
fn every_variant_counts_its_oeis_value_under_every_exact_symmetry() {
    use crate::{Rules, Variant};
    for variant in [Variant::Toroidal, Variant::Superqueens] {
        let rules = Rules::new(variant, vec![], vec![]);
        for symmetry in Symmetry::ALL {
            if symmetry.check_exact(11, &rules).is_err() {
                assert_eq!((variant, symmetry), (Variant::Superqueens, Symmetry::Shift));
                continue;
            }
            for counter in [sat(AmoEncoding::Pairwise), oracle()] {
                for n in [5, 7, 10, 11] {
                    let mut c = config(counter.clone(), None, 2);
                    c.symmetry = symmetry;
                    c.rules = rules.clone();
                    let r = count(n, &c).unwrap();
                    assert_eq!(
                        Some(r.verdict.count),
                        oeis::variant_solutions(variant, n),
                        "{variant} {symmetry} {} n={n}",
                        counter.name()
                    );
                    assert_eq!(r.verdict.matches, Some(true), "{variant} {symmetry} n={n}");
                }
            }
        }
    }
}

#[test]
fn given_and_blocked_squares_count_as_the_oracle_says_and_break_symmetry_honestly() {
    use crate::{Rules, Square, Variant};
    let sq = Square::new;
    // The four corners blocked: every symmetry of the square maps them onto themselves.
    let corners = Rules::new(
        Variant::Classic,
        vec![],
        vec![sq(0, 0), sq(0, 9), sq(9, 0), sq(9, 9)],
    );
    // A given queen off the axes: only the identity keeps it.
    let given = Rules::new(Variant::Classic, vec![sq(2, 3)], vec![sq(5, 5)]);
    for (rules, exact) in [(&corners, 3), (&given, 1)] {
        let oracle = crate::count_rules(10, rules, 1, |_| true, |_| (1, 0)).total;
        let mut tried = 0;
        for symmetry in Symmetry::ALL {
            let mut c = config(sat(AmoEncoding::Pairwise), None, 2);
            c.symmetry = symmetry;
            c.rules = rules.clone();
            match count(10, &c) {
                Ok(r) => {
                    tried += 1;
                    assert_eq!(r.verdict.count, oracle, "{symmetry}");
                    assert_eq!(r.verdict.expected_from.as_deref(), Some("oracle"));
                    assert_eq!(r.verdict.matches, Some(true));
                }
                Err(e) => assert!(matches!(e, crate::QueensError::Symmetry(_)), "{e}"),
            }
        }
        assert_eq!(tried, exact, "{rules:?}");
        assert_eq!(Symmetry::best_for(10, rules) == Symmetry::D4, exact == 3);
    }
}

#[test]
fn an_interrupted_count_says_how_far_it_got_or_that_it_is_unchecked() {
    let mut r = count(6, &config(oracle(), None, 1)).unwrap();
    (r.interrupted, r.cubes_done) = (true, 2);
    let parts = r.parts();
    assert_eq!(
        r.interruption("; again"),
        format!("interrupted after 2 of the {parts}: partial count 4; again")
    );
    r.unchecked = true;
    assert_eq!(
        r.interruption("; again"),
        "interrupted while the oracle recounted: the count 4 is complete but unchecked"
    );
}
