//! `nqueens encode --format lp|mps|opb`: the model lowered to a 0-1 ILP and written for MIP and
//! pseudo-Boolean solvers. AMO and cardinality encodings do not apply: every row is linear as
//! it stands. The size was checked before the model was built (see `cmd_encode`).

use crate::cli::EncodeArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::Formulation;
use std::io::Write;
use zero_one_model::ilp::lower_to_ilp;

pub fn run(args: &EncodeArgs, formulation: &dyn Formulation) -> Result<ExitStatus, CliError> {
    let n = formulation.n();
    let ilp = lower_to_ilp(formulation.model());
    let mut title = format!(
        "nqueens: N-Queens, n = {n}, formulation = {}; {}",
        formulation.kind(),
        formulation.describe_vars()
    );
    for line in formulation.rules().comment_lines() {
        title.push_str("; ");
        title.push_str(&line);
    }
    let write = |w: &mut dyn Write| -> anyhow::Result<()> {
        let format = args.format.ilp().expect("an ILP format");
        format.write(&ilp, &format!("nqueens{n}"), &title, w)?;
        Ok(())
    };
    output::write_to(args.out.output.as_deref(), args.out.fsync, write)?;
    Ok(ExitStatus::Success)
}
