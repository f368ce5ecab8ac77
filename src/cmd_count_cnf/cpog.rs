//! `count cnf FILE --certify DIR` by the model counter: the count with its CPOG
//! certificate ([`count_certify::cpog`]), written as a bundle that `cpog-check` and
//! `nqueens verify` check.

use crate::cli::CountFormat;
use crate::cli_inputs::CountCnfArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::competition::{commented, lines, unknown_lines, weighted_lines, Track};
use count_certify::cpog::CpogReport;
use count_certify::cpog::{write_cpog_bundle, CertifyCountError, CpogBundleError, CpogError};
use count_certify::ProducedBy;
use std::path::Path;
use std::time::Instant;
use zero_one_model::dimacs::ReadOptions;

/// Flags the certified counter cannot honour.
fn refuse(args: &CountCnfArgs) -> Result<(), CliError> {
    let refused = [
        (args.nnf.is_some(), "--nnf"),
        (args.run.threads.is_some(), "--threads"),
        (args.run.cube_depth.is_some(), "--cube-depth"),
        (args.force, "--force"),
        (args.engine.given().is_some(), "--backend"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(g, _)| *g) {
        return Err(usage!(
            "--certify with the model counter writes a CPOG certificate of its one-thread search, and {flag} does not apply to it: drop {flag}"
        ));
    }
    Ok(())
}

/// Counts the file at `path` with the model counter and writes the CPOG bundle.
pub fn run(args: &CountCnfArgs, path: &Path, dir: &Path) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    refuse(args)?;
    let name = path.display().to_string();
    let read = ReadOptions {
        strict: args.strict,
        weights: true,
        drop_repeated: false,
    };
    let cnf = crate::input::read_cnf(path, &name, &read)?;
    crate::stop::guard_temps();
    crate::stop::install();
    let mut options = sharpcount::Options::default().with_stop(crate::stop::flag());
    if let Some(mb) = args.cache_mb {
        options = options.with_cache_mb(mb as usize);
    }
    let by = ProducedBy::new("nqueens", env!("CARGO_PKG_VERSION")).with_this_command();
    let mcc = args.format == Some(CountFormat::Mcc);
    let track = Track::of(false, cnf.weights.is_some());
    let counted = write_cpog_bundle(dir, &cnf, &options, by).map_err(|e| {
        let e = refusal(e, &name);
        if mcc && e.is_interrupted() {
            // The competition's answer to a run cut short.
            print!("{}", unknown_lines(track));
        }
        e
    })?;
    let elapsed_s = start.elapsed().as_secs_f64();
    let report = CpogReport::new(&name, dir, &counted, elapsed_s);
    if !mcc {
        output::emit(args.json(), &report, || report.text())?;
        return Ok(ExitStatus::Success);
    }
    let answer = match &counted.weighted {
        Some(w) => weighted_lines(track, w, true),
        None => lines(track, &counted.count),
    };
    output::emit(false, &report, || commented(&report.text(), &answer))?;
    Ok(ExitStatus::Success)
}

/// The bundle's failure, with its exit code: 2 for what the user can change.
fn refusal(e: CpogBundleError, name: &str) -> CliError {
    match e {
        CpogBundleError::Output(e) if e.is_usage() => CliError::usage(e),
        e @ CpogBundleError::Certify(CertifyCountError::Projected) => {
            CliError::usage(anyhow::anyhow!(e).context(format!("'{name}'")))
        }
        CpogBundleError::Certify(CertifyCountError::Count(sharpcount::Error::Interrupted {
            ..
        })) => CliError::interrupted("interrupted: no bundle written"),
        // A refusal of the input, as a projected file is refused.
        CpogBundleError::Certify(CertifyCountError::Cpog(e @ CpogError::Unsatisfiable)) => {
            CliError::usage(
                anyhow::anyhow!(e).context(format!("'{name}' has 0 models; nothing was written")),
            )
        }
        e => CliError::failure(anyhow::anyhow!(e).context(format!("'{name}'"))),
    }
}
