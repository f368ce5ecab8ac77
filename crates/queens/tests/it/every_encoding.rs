//! Every formulation x every at-most-one encoding x every domain counts A000170 through
//! varisat for n = 1..=9 (n = 9 only where it is cheap, to keep CI short).

use nqueens_queens::{count, CountConfig, EngineCounter, Symmetry};
use nqueens_queens::{oeis, FormulationKind};
use std::sync::Arc;
use varisat_enum::VarisatBackend;
use zero_one_model::{AmoEncoding, CnfOptions};

fn counts(formulation: FormulationKind, amo: AmoEncoding, max_n: usize) {
    let config = CountConfig {
        formulation,
        counter: Arc::new(EngineCounter::new(Arc::new(VarisatBackend::new(
            CnfOptions::with_amo(amo),
        )))),
        threads: 2,
        cube_depth: None,
        symmetry: Symmetry::default(),
        rules: Default::default(),
    };
    for n in 1..=max_n {
        let r = count(n, &config).unwrap();
        assert_eq!(
            Some(r.verdict.count),
            oeis::solutions(n),
            "{formulation} {amo} n={n}"
        );
        assert_eq!(r.verdict.matches, Some(true));
    }
}

#[test]
fn board_formulation_counts_with_every_amo_encoding() {
    for amo in AmoEncoding::ALL {
        counts(FormulationKind::Board, amo, 9);
    }
}

#[test]
fn column_formulation_counts_with_every_domain_and_amo_encoding() {
    for formulation in FormulationKind::ALL.into_iter().skip(1) {
        for amo in AmoEncoding::ALL {
            counts(formulation, amo, 9);
        }
    }
}
