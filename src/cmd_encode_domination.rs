//! `nqueens encode domination N`: the domination model in any format. With
//! `--queens K` the bound is a cardinality constraint (encoded with `--card` in the CNF
//! formats, a linear row in LP, MPS and OPB); without it the ILP formats carry the objective
//! "minimise the number of queens" (`DominationModel::file_model`) and the CNF formats, which
//! have no objective, refuse.

use crate::cli::Format;
use crate::cli_inputs::EncodeDominationArgs;
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_domination::DominationModel;
use std::io::Write;
use zero_one_model::dimacs::{write_model_with, Dialect, DimacsHeader};
use zero_one_model::ilp::lower_to_ilp;

pub fn run(args: EncodeDominationArgs) -> Result<ExitStatus, CliError> {
    crate::stop::guard_temps();
    let (n, d) = (args.n, args.problem.problem());
    domination::refuse_flags(&args.lowering, d, n, args.force)?;
    let refused = [
        (args.format.is_ilp() && args.ind, "--ind with an ILP format"),
        (
            args.format.is_ilp() && (args.lowering.amo.is_some() || args.lowering.card.is_some()),
            "--amo or --card with an ILP format (its rows stay linear)",
        ),
        (args.format == Format::Icnf, "--format icnf"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        return Err(usage!("{flag} does not go with encode domination ({d})"));
    }
    if let Some(path) = &args.out.output {
        output::classify(path)?;
    }
    let bound = args.problem.queens.map(|k| k as usize);
    if bound.is_none() && !args.format.is_ilp() {
        return Err(usage!(
            "--format {} has no objective: give the bound with --queens K (or write --format lp, mps or opb, which minimise the number of queens)",
            args.format.name()
        ));
    }
    let m = DominationModel::new(n, d, bound);
    let model = m.file_model().map_err(CliError::failure)?;
    let title = m.title();
    let options = domination::cnf_options(&args.lowering);
    let write = |w: &mut dyn Write| -> anyhow::Result<()> {
        if let Some(format) = args.format.ilp() {
            format.write(&lower_to_ilp(&model), &m.file_name(), &title, w)?;
            return Ok(());
        }
        match args.format {
            Format::Dimacs | Format::Mcc => {
                let info = zero_one_model::cnf_size(&model, &options)?;
                let header = DimacsHeader {
                    dialect: if args.format == Format::Mcc {
                        Dialect::Mcc
                    } else {
                        Dialect::Cnf
                    },
                    ind_lines: args.ind,
                    comments: m.cnf_comments(&options, &info),
                    ..DimacsHeader::default()
                };
                write_model_with(&model, &options, header, &[], w)?;
            }
            _ => unreachable!("an ILP format, or icnf refused above"),
        }
        Ok(())
    };
    output::write_to(args.out.output.as_deref(), args.out.fsync, write)?;
    Ok(ExitStatus::Success)
}
