//! `nqueens break FILE`: a DIMACS file with lex-leader constraints for its symmetries added,
//! so that external solvers search one solution per orbit.

use crate::cli::BreakArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use zero_one_model::dimacs::write_model;
use zero_one_model::CnfOptions;

pub fn run(args: BreakArgs) -> Result<ExitStatus, CliError> {
    let name = args.file.display().to_string();
    if let Some(out) = &args.output {
        output::not_the_input(out, &args.file, "-o")?;
    }
    let cnf = crate::input::read_cnf(&args.file, &name, &Default::default())?;
    let (vars, clauses) = (cnf.num_vars, cnf.clauses.len());
    let broken = cnf_symmetry::break_cnf(cnf, args.budget).map_err(|e| usage!("'{name}': {e}"))?;
    let mut comments = vec![format!(
        "'{name}' ({vars} variables, {clauses} clauses) with its symmetries broken by nqueens break"
    )];
    comments.extend(broken.describe());
    output::write_to(args.output.as_deref(), false, |out| {
        write_model(&broken.model, &CnfOptions::default(), comments, out)
            .map(|_| ())
            .context("writing the broken formula")
    })?;
    eprintln!("nqueens: '{name}': {}", broken.summary(clauses));
    Ok(ExitStatus::Success)
}
