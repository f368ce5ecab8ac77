//! Every backend built from its kind passes the conformance suite (one line each), and
//! settings that do not fit are refused.

use zero_one_backends::{build, BackendKind, BuildError, External, Settings};

fn built(kind: BackendKind) -> std::sync::Arc<dyn zero_one_model::Backend> {
    build(kind, &Settings::default()).unwrap()
}

zero_one_model::backend_conformance!(sat, *built(BackendKind::Sat), 40);
zero_one_model::backend_conformance!(dpll, *built(BackendKind::Dpll), 40);
zero_one_model::backend_conformance!(ilp, *built(BackendKind::Ilp), 40);

#[test]
fn a_program_goes_with_the_external_backend_only() {
    assert_eq!(
        build(BackendKind::External, &Settings::default()).err(),
        Some(BuildError::NoProgram)
    );
    let mut settings = Settings::default();
    settings.external = Some(External::new(
        solver_pipe::SolverCommand::parse("cadical -q").unwrap(),
    ));
    assert_eq!(
        build(BackendKind::Sat, &settings).err(),
        Some(BuildError::ProgramUnused(BackendKind::Sat))
    );
    assert!(matches!(
        build(BackendKind::External, &settings).unwrap().name(),
        zero_one_model::BackendName::External(p) if p == "cadical"
    ));
}

/// Each kind builds the backend it names, which says how the model reaches its solver;
/// callers match on these values, never on strings (issue 31).
#[test]
fn each_kind_builds_the_backend_it_names() {
    use zero_one_model::{AmoEncoding, BackendEncoding as Encoding, BackendName as Name};
    let mut settings = Settings::default();
    let external = |settings: &Settings| {
        let mut with_program = settings.clone();
        with_program.external = Some(External::new(
            solver_pipe::SolverCommand::parse("kissat -q").unwrap(),
        ));
        with_program
    };
    settings.cnf.amo = AmoEncoding::Ladder;
    for kind in BackendKind::ALL {
        let settings = match kind {
            BackendKind::External => external(&settings),
            _ => settings.clone(),
        };
        let backend = build(kind, &settings).unwrap();
        let (name, encoding) = (backend.name(), backend.encoding());
        match kind {
            BackendKind::Sat => assert_eq!(name, Name::Varisat),
            BackendKind::Dpll => assert_eq!(name, Name::Dpll),
            BackendKind::Ilp => assert_eq!(name, Name::Microlp),
            BackendKind::External => assert_eq!(name, Name::External("kissat".into())),
            _ => panic!("{kind} has no expected name here"),
        }
        let expected = match kind {
            BackendKind::Ilp => Encoding::Linear,
            _ => Encoding::Cnf(AmoEncoding::Ladder),
        };
        assert_eq!(encoding, expected, "{kind}");
    }
}

/// A model whose lowering with the sequential weight counter takes many seconds and writes
/// nothing: forty constraints over nine variables, each some 25 million clauses in the dry
/// run, then one too large for the encoding, which fails the lowering before any clause is
/// written (so a lowering that is never stopped costs time, not memory).
fn slow_to_lower() -> zero_one_model::Model {
    use zero_one_model::{Cmp, Constraint, Model};
    let mut m = Model::new();
    let x: Vec<_> = m.new_vars(9).iter().map(|v| v.positive()).collect();
    let row = |base: i64, c: i64, rhs: i64| Constraint::Linear {
        terms: x.iter().zip(0..).map(|(&l, i)| (base + i + c, l)).collect(),
        cmp: Cmp::AtMost,
        rhs,
    };
    for c in 0..40 {
        m.add(row(1 << 17, c, 1 << 20));
    }
    m.add(row(1 << 27, 0, 1 << 30));
    m
}

/// Each CNF backend lowers a model when it prepares it, on whatever thread asks (the engine's
/// workers, a caller's own thread): a stop raised on the main thread reaches that lowering.
#[test]
fn a_stop_raised_on_the_main_thread_stops_a_lowering_on_another_thread() {
    use std::time::{Duration, Instant};
    use zero_one_model::{BackendErrorKind, CnfOptions, PbEncoding, StopFlag};
    let model = slow_to_lower();
    for kind in [BackendKind::Dpll, BackendKind::Sat] {
        let stop = StopFlag::new();
        let mut settings = Settings::default();
        settings.cnf = CnfOptions {
            pb: PbEncoding::Swc,
            ..CnfOptions::default()
        };
        settings.stop = Some(stop.clone());
        let backend = build(kind, &settings).unwrap();
        let (kind_of_error, waited) = std::thread::scope(|s| {
            let worker = s.spawn(|| backend.prepare(&model).err().map(|e| e.kind()));
            std::thread::sleep(Duration::from_millis(300));
            assert!(
                !worker.is_finished(),
                "{kind:?}: lowered too soon to test a stop"
            );
            stop.raise();
            let raised = Instant::now();
            let kind_of_error = worker.join().unwrap();
            (kind_of_error, raised.elapsed())
        });
        assert!(
            waited < Duration::from_secs(1),
            "{kind:?}: the lowering went on for {waited:?} after the stop"
        );
        assert_eq!(
            kind_of_error,
            Some(BackendErrorKind::Interrupted),
            "{kind:?}"
        );
    }
}
