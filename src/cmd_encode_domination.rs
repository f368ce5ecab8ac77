//! `nqueens encode domination N`: the domination model in any format. With
//! `--queens K` the bound is a cardinality constraint (encoded with `--card` in the CNF
//! formats, a linear row in LP, MPS and OPB); without it the ILP formats carry the objective
//! "minimise the number of queens" (`DominationModel::file_model`) and the CNF formats, which
//! have no objective, refuse ([`nqueens_domination::check_file`]).

use crate::cli_inputs::EncodeDominationArgs;
use crate::domination::refused;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_domination::{check_file, DominationModel};

pub fn run(args: EncodeDominationArgs) -> Result<ExitStatus, CliError> {
    crate::stop::guard_temps();
    let (n, d) = (args.n, args.problem.problem());
    let lowering = args.lowering.chosen();
    lowering.check(d, n, args.force).map_err(refused)?;
    let (format, bound) = (args.format, args.problem.queens.map(|k| k as usize));
    check_file(d, format, &lowering, args.ind, bound).map_err(refused)?;
    if let Some(path) = &args.out.output {
        output::classify(path)?;
    }
    let m = DominationModel::new(n, d, bound);
    let model = m.file_model().map_err(CliError::failure)?;
    let options = (&lowering.cnf_options(), args.ind);
    let write = |w: &mut dyn std::io::Write| Ok(m.write_file(&model, format, options, w)?);
    output::write_to(args.out.output.as_deref(), args.out.fsync, write)?;
    Ok(ExitStatus::Success)
}
