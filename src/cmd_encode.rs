//! `nqueens encode`: lower the model and write it in a file format for external solvers.

use crate::cli::{EncodeArgs, Format};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_driver::prefixes;
use nqueens_encode::cnf_size;
use nqueens_encode::dimacs::{write_model_with, Dialect, DimacsHeader};
use nqueens_encode::Lit;
use std::io::Write;

/// Largest output written without `--force`, in bytes.
const MAX_BYTES: f64 = 2e9;

/// Refuses, unless `force`, to write a file of about `bytes` bytes above [`MAX_BYTES`];
/// `what` says what the file would hold.
pub fn refuse_large(
    bytes: f64,
    force: bool,
    what: impl FnOnce() -> String,
) -> Result<(), CliError> {
    if bytes > MAX_BYTES && !force {
        return Err(CliError::usage(anyhow!(
            "{} (about {:.1} GB); pass --force to write it anyway",
            what(),
            bytes / 1e9
        )));
    }
    Ok(())
}

pub fn run(args: EncodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let formulation = args.model.kind()?.build(n);
    let model = formulation.model();
    if args.format.is_ilp() {
        return crate::cmd_encode_ilp::run(&args, formulation.as_ref());
    }
    let options = args.model.cnf_options();
    let dialect = match args.format {
        Format::Dimacs => Dialect::Cnf,
        Format::Mcc => Dialect::Mcc,
        Format::Icnf => Dialect::Icnf,
        Format::Lp | Format::Mps | Format::Opb => unreachable!("handled above"),
    };
    // Cubes partition the solutions: the extension algorithm's placements of the first rows.
    let cubes: Vec<Vec<Lit>> = if dialect == Dialect::Icnf {
        prefixes(n, args.cube_depth)
            .iter()
            .map(|p| {
                p.iter()
                    .enumerate()
                    .flat_map(|(r, &c)| formulation.place(r, c))
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };

    let info = cnf_size(model, &options).map_err(CliError::usage)?;
    let digits = (info.vars() as f64).log10().ceil() + 1.5;
    let bytes = info.literals as f64 * digits + info.clauses as f64 * 2.0;
    refuse_large(bytes, args.force, || {
        format!(
            "the file for n = {n} with {} would hold {} clauses",
            options.amo, info.clauses
        )
    })?;
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
        let header = DimacsHeader {
            dialect,
            ind_lines: args.ind,
            comments: comments.clone(),
            ..DimacsHeader::default()
        };
        write_model_with(model, &options, header, &cubes, w)?;
        Ok(())
    };
    output::write_to(args.output.as_deref(), args.fsync, write).map_err(CliError::failure)?;
    Ok(ExitStatus::Success)
}
