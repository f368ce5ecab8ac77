//! `nqueens count cnf FILE`: the flags made into a [`cnf_count::CountFile`], one call to
//! [`cnf_count::CountFile::run`], and its outcome printed.

use crate::cli::{solver_backend, CountFormat, MethodArg, COUNT_BACKEND};
use crate::cli_inputs::{CnfSymmetry, CountCnfArgs};
use crate::exit::{CliError, ExitStatus};
use crate::{output, stop};
use cnf_count::report::Format;
use cnf_count::{CountFile, Method, Spelling};
use count_certify::ProducedBy;

/// The flags as the library's messages name them.
fn flags(args: &CountCnfArgs) -> Spelling<'_> {
    Spelling {
        method: "--method",
        cache_mb: "--cache-mb",
        threads: "--threads",
        compile: "--nnf",
        models: "--certify",
        orbits: "--symmetry auto",
        orbits_off: "--symmetry none (the default for count cnf), not auto",
        checkpoint: "--checkpoint",
        shard: "--shard",
        cube_depth: "--cube-depth",
        backend: args.engine.given().unwrap_or("--backend"),
        force: "--force",
    }
}

pub fn run(args: &CountCnfArgs) -> Result<ExitStatus, CliError> {
    let by = ProducedBy::new("nqueens", env!("CARGO_PKG_VERSION")).with_this_command();
    let mut request = CountFile::new(&args.file, flags(args), by);
    request.strict = args.strict;
    request.method = match args.method.unwrap_or(MethodArg::Auto) {
        MethodArg::Auto => Method::Auto,
        MethodArg::Enumerate => Method::Enumerate,
        MethodArg::Counter => Method::Counter,
    };
    request.threads = args.run.threads.map(usize::from);
    request.cache_mb = args.cache_mb.map(|mb| mb as usize);
    request.nnf = args.nnf.as_deref();
    request.orbits = args.symmetry == Some(CnfSymmetry::Auto);
    request.cube_depth = args.run.cube_depth.map(usize::from);
    request.checkpoint = args.run.checkpoint.as_deref();
    request.shard = args.shard.shard;
    request.certify = args.certify.as_deref();
    request.force = args.force;
    request.progress = !args.run.quiet;
    request.format = match (args.format, args.json()) {
        (Some(CountFormat::Mcc), _) => Format::Mcc,
        (_, true) => Format::Json,
        _ => Format::Text,
    };
    request.backend_given = args.engine.given().is_some();
    request.unsat_answers = args.engine.choice(COUNT_BACKEND).unsat_answers();
    request.resume = crate::cli::resume_hint(
        args.run.checkpoint.as_deref(),
        args.certify.is_some(),
        true,
        &args.engine,
    );
    if request.backend_given && !request.by_cpog() {
        let backend = solver_backend(&args.engine, Default::default(), COUNT_BACKEND)?;
        request.backend = Some(backend.ok_or_else(|| {
            usage!("count cnf counts with a solver backend (dpll, sat, ilp or external), not backtrack")
        })?);
    }
    request.stop = Some(stop::stop_flag());
    // A signal ends a blocked read (saying so in JSON for a JSON report) and removes staged
    // outputs; once the file is read, Ctrl-C stops the count.
    stop::guard_temps();
    let stdin = args.file.as_os_str() == "-";
    let name = if stdin {
        "stdin".into()
    } else {
        args.file.display().to_string()
    };
    let _reading = output::reading(&name, request.format == Format::Json);
    request.on_read = Some(stop::install);
    let warn = |line: &str| eprintln!("nqueens: {line}");
    let outcome = request.run(&warn).or_else(|e| {
        if let Some(text) = e.stdout() {
            output::emit(false, &(), || text.to_string())?;
        }
        Err(CliError::from(e))
    })?;
    if let Some(text) = outcome.stdout {
        output::emit(false, &(), || text)?;
    }
    for line in &outcome.stderr {
        eprintln!("nqueens: {line}");
    }
    Ok(match outcome.interrupted {
        true => ExitStatus::Interrupted,
        false => ExitStatus::Success,
    })
}
