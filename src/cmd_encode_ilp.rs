//! `nqueens encode --format lp|mps|opb`: the model lowered to a 0-1 ILP and written for MIP and
//! pseudo-Boolean solvers. AMO and cardinality encodings do not apply: every row is linear as
//! it stands.

use crate::cli::{EncodeArgs, Format};
use crate::cmd_encode::refuse_large;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_encode::ilp::{lower_to_ilp, lp, mps, opb};
use nqueens_encode::Var;
use nqueens_queens::Formulation;
use std::io::Write;

pub fn run(args: &EncodeArgs, formulation: &dyn Formulation) -> Result<ExitStatus, CliError> {
    if args.ind {
        return Err(CliError::usage(anyhow!(
            "--ind goes with --format dimacs or mcc (an ILP file has no projection line)"
        )));
    }
    let n = args.n;
    let model = formulation.model();
    // Sized from the model before anything is lowered: one term per literal of a constraint,
    // and per term of an integer's definition plus the integer itself.
    let terms: usize = model
        .constraints()
        .iter()
        .map(|c| c.lits().count())
        .chain(model.ints().iter().map(|d| d.terms.len() + 1))
        .sum();
    let name_len = model
        .num_vars()
        .checked_sub(1)
        .map_or(1, |last| model.name(Var::new(last as u32)).len() + 4);
    let bytes = terms as f64 * (name_len as f64 + 12.0);
    refuse_large(bytes, args.force, || {
        format!(
            "the {} file for n = {n} would hold {terms} terms",
            args.format.name()
        )
    })?;
    let ilp = lower_to_ilp(model);
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
