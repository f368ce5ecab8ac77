//! The backend conformance suite (zero_one_model::conformance) against an external solver
//! program: CaDiCaL (Debian's `cadical`, installed by .ci/run), a process per solve, so
//! fewer random models.

fn cadical() -> solver_pipe::ExternalBackend {
    solver_pipe::ExternalBackend {
        command: solver_pipe::SolverCommand::parse("cadical -q").expect("a command line"),
        timeout: Some(std::time::Duration::from_secs(60)),
        stop: None,
        options: zero_one_model::CnfOptions::default(),
        confirm_unsat: None,
    }
}

zero_one_model::backend_conformance!(external_cadical, cadical(), 40);
