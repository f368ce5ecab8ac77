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
    assert!(build(BackendKind::External, &settings)
        .unwrap()
        .name()
        .starts_with("external"));
}
