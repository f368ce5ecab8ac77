//! A certified board count through the library alone, as `nqueens count N --certify DIR`
//! makes one: the board's certifier on the count's solution hook and stop flag, the cap
//! checked, the bundle written and checked by the independent checker.

use count_certify::{check, Finished, ProducedBy};
use nqueens_queens::{
    board_certifier, count_with, CountConfig, EngineCounter, RunOptions, Symmetry,
};
use std::sync::Arc;
use zero_one_model::CnfOptions;
use zero_one_model::StopFlag;

#[test]
fn a_board_count_certified_by_library_calls_is_checked_independently() {
    let options = CnfOptions::default();
    let config = CountConfig {
        formulation: nqueens_queens::FormulationKind::Board,
        counter: Arc::new(EngineCounter::new(Arc::new(
            varisat_enum::VarisatBackend::new(options),
        ))),
        threads: 2,
        cube_depth: None,
        // A bundle lists every solution: no symmetry.
        symmetry: Symmetry::None,
        rules: Default::default(),
    };
    let stop = StopFlag::new();
    for (n, solutions) in [(1, 1), (3, 0), (6, 4), (7, 40)] {
        let certifier = board_certifier(n, &config, &options, Some(stop.clone())).unwrap();
        let outcome = {
            let hook = certifier.hook();
            let run = RunOptions {
                threads: 2,
                stop: Some(stop.clone()),
                on_solution: Some(&hook),
                ..RunOptions::default()
            };
            count_with(n, &config, &run).unwrap()
        };
        assert_eq!(outcome.report.verdict.count, solutions);
        certifier.check_cap().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let by = ProducedBy::new("certified_board.rs", "0").with_count("sat", 0, 2, 0.0);
        let Finished::Written(bundle) = certifier.finish(dir.path(), 2, by).unwrap() else {
            panic!("Q({n}): no bundle")
        };
        assert_eq!(bundle.summary().models, solutions, "Q({n})");
        let checked = check::verify(dir.path()).unwrap();
        assert_eq!(checked.count, solutions, "Q({n})");
    }
}
