//! `nqueens encode`: lower the model and write it in a file format for external solvers.

use crate::cli::{EncodeArgs, Format};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_encode::cnf_size;
use nqueens_encode::dimacs::write_model;
use std::io::Write;

/// Largest output written without `--force`, in bytes.
const MAX_BYTES: f64 = 2e9;

pub fn run(args: EncodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let formulation = args.model.kind()?.build(n);
    let model = formulation.model();
    let options = args.model.cnf_options();
    let Format::Dimacs = args.format;

    let info = cnf_size(model, &options).map_err(CliError::usage)?;
    let digits = (info.vars() as f64).log10().ceil() + 1.5;
    let bytes = info.literals as f64 * digits + info.clauses as f64 * 2.0;
    if bytes > MAX_BYTES && !args.force {
        return Err(CliError::usage(anyhow!(
            "the file for n = {n} with {} would hold {} clauses (about {:.1} GB); pass --force to write it anyway",
            options.amo,
            info.clauses,
            bytes / 1e9
        )));
    }
    let comments = vec![
        format!("nqueens: N-Queens, n = {n}"),
        format!(
            "formulation = {}, amo = {}",
            formulation.kind(),
            options.amo
        ),
        match info.aux_vars {
            0 => format!(
                "variables 1..{} are the model's ({} shown); no auxiliary variables",
                info.model_vars,
                model.shown().len()
            ),
            _ => format!(
                "variables 1..{} are the model's ({} shown), {}..{} are auxiliary",
                info.model_vars,
                model.shown().len(),
                info.model_vars + 1,
                info.vars()
            ),
        },
        formulation.describe_vars(),
    ];
    let write = |w: &mut dyn Write| -> anyhow::Result<()> {
        write_model(model, &options, comments.clone(), w)?;
        Ok(())
    };
    match &args.output {
        Some(path) => {
            output::write_atomically(path, args.fsync, |w| write(w)).map_err(CliError::failure)?
        }
        None => {
            let mut out = output::stdout();
            write(&mut out).map_err(CliError::failure)?;
            out.flush()?;
        }
    }
    Ok(ExitStatus::Success)
}
