//! `nqueens encode`: lower the model and write it in a file format for external solvers.
//! Everything it would build is sized first, from closed forms ([`guard`]), so a request too
//! large for the machine is refused at once with the estimate and the limit.

mod cubes;
mod guard;
mod shape;

use crate::cli::{EncodeArgs, Format};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_driver::prefixes;
use nqueens_encode::dimacs::{write_model_with, Dialect, DimacsHeader};
use nqueens_encode::Lit;
use nqueens_queens::Formulation;
use std::io::Write;

pub fn run(args: EncodeArgs) -> Result<ExitStatus, CliError> {
    let kind = args.model.kind()?;
    if args.format.is_ilp() && args.ind {
        return Err(CliError::usage(anyhow!(
            "--ind goes with --format dimacs or mcc (an ILP file has no projection line)"
        )));
    }
    if args.format != Format::Icnf && args.cube_depth.is_some() {
        return Err(CliError::usage(anyhow!(
            "--cube-depth applies to --format icnf only (the other formats have no cubes)"
        )));
    }
    if let Some(path) = &args.output {
        // A directory or a read-only file is refused before any work.
        output::classify(path)?;
    }
    let estimate = guard::check(&args, kind)?;
    let formulation = kind.build(args.n);
    if args.format.is_ilp() {
        return crate::cmd_encode_ilp::run(&args, formulation.as_ref());
    }
    write_cnf(&args, formulation.as_ref(), estimate.cubes.is_some())
}

/// Writes the CNF formats: DIMACS, MCC and incremental CNF (with `cubes`, its `a` lines).
fn write_cnf(
    args: &EncodeArgs,
    formulation: &dyn Formulation,
    cubes: bool,
) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let model = formulation.model();
    let options = args.model.cnf_options();
    let dialect = match args.format {
        Format::Dimacs => Dialect::Cnf,
        Format::Mcc => Dialect::Mcc,
        Format::Icnf => Dialect::Icnf,
        Format::Lp | Format::Mps | Format::Opb => unreachable!("an ILP format"),
    };
    // Cubes partition the solutions: the extension algorithm's placements of the first rows.
    let cubes: Vec<Vec<Lit>> = if cubes {
        prefixes(n, args.icnf_depth())
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
    let info = nqueens_encode::cnf_size(model, &options).map_err(CliError::usage)?;
    let shown = model.shown().len();
    let comments = vec![
        format!("nqueens: N-Queens, n = {n}"),
        format!(
            "formulation = {}, amo = {}",
            formulation.kind(),
            options.amo
        ),
        match info.aux_vars {
            0 => format!(
                "variables 1..{} are the model's ({shown} shown); no auxiliary variables",
                info.model_vars
            ),
            _ => format!(
                "variables 1..{} are the model's ({shown} shown), {}..{} are auxiliary",
                info.model_vars,
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
            comments,
            ..DimacsHeader::default()
        };
        write_model_with(model, &options, header, &cubes, w)?;
        Ok(())
    };
    output::write_to(args.output.as_deref(), args.fsync, write)?;
    Ok(ExitStatus::Success)
}
