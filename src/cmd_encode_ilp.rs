//! `nqueens encode --format lp|mps|opb`: the model lowered to a 0-1 ILP and written for MIP and
//! pseudo-Boolean solvers. AMO and cardinality encodings do not apply: every row is linear as
//! it stands.

use crate::cli::{EncodeArgs, Format};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_encode::ilp::{lower_to_ilp, lp, mps, opb};
use nqueens_queens::Formulation;
use std::io::Write;

/// Largest output written without `--force`, in bytes.
const MAX_BYTES: f64 = 2e9;

pub fn run(args: &EncodeArgs, formulation: &dyn Formulation) -> Result<ExitStatus, CliError> {
    if args.ind {
        return Err(CliError::usage(anyhow!(
            "--ind goes with --format dimacs or mcc (an ILP file has no projection line)"
        )));
    }
    let n = args.n;
    let ilp = lower_to_ilp(formulation.model());
    let terms: usize = ilp.rows.iter().map(|r| r.terms.len()).sum();
    let longest = ilp.vars.iter().map(|v| v.name.len()).max().unwrap_or(1);
    let bytes = terms as f64 * (longest as f64 + 12.0);
    if bytes > MAX_BYTES && !args.force {
        return Err(CliError::usage(anyhow!(
            "the {:?} file for n = {n} would hold {terms} terms (about {:.1} GB); pass --force to write it anyway",
            args.format,
            bytes / 1e9
        )));
    }
    let title = format!(
        "nqueens: N-Queens, n = {n}, formulation = {}; {}",
        formulation.kind(),
        formulation.describe_vars()
    );
    let write = |w: &mut dyn Write| -> anyhow::Result<()> {
        match args.format {
            Format::Lp => lp::write_lp(&ilp, &title, w)?,
            Format::Mps => mps::write_mps(&ilp, &format!("nqueens{n}"), &title, w)?,
            Format::Opb => opb::write_opb(&ilp, &title, w)?,
            Format::Dimacs | Format::Mcc | Format::Icnf => unreachable!("a CNF format"),
        }
        Ok(())
    };
    output::write_to(args.output.as_deref(), args.fsync, write).map_err(CliError::failure)?;
    Ok(ExitStatus::Success)
}
