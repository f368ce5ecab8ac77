//! `nqueens encode opb FILE`: a pseudo-Boolean file lowered as `count opb` lowers it
//! and written for other solvers: to CNF (DIMACS, MCC) with the `--pb` / `--card` / `--amo`
//! encodings, or to LP, MPS or OPB with its objective.

use crate::cli_inputs::EncodeOpbArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use std::io::Write;
use zero_one_model::dimacs::Dialect;
use zero_one_model::ilp::{lower_to_ilp, IlpFormat};
use zero_one_model::opb;
use zero_one_model::shape::bytes::FileFormat as Format;

/// Encodes the file of `args`.
pub fn run(args: &EncodeOpbArgs) -> Result<ExitStatus, CliError> {
    crate::stop::guard_temps();
    let path = args.file.as_path();
    if args.format == Format::Icnf {
        return Err(usage!(
            "--format icnf does not apply to encode opb (its cubes are a board's first rows)"
        ));
    }
    if args.format.is_ilp() {
        let lowering = [
            (args.lowering.amo.is_some(), "--amo"),
            (args.lowering.card.is_some(), "--card"),
            (args.lowering.pb.is_some(), "--pb"),
            (args.ind, "--ind"),
            (args.break_symmetry, "--break-symmetry"),
        ];
        if let Some((_, flag)) = lowering.iter().find(|(given, _)| *given) {
            return Err(usage!(
                "{flag} does nothing with --format {}: an ILP file keeps every row as it is (it is for --format dimacs or mcc)",
                args.format.name()
            ));
        }
    }
    if let Some(out) = &args.out.output {
        output::not_the_input(out, path, "-o")?;
        output::classify(out)?;
    }
    let name = path.display().to_string();
    let model = zero_one_model::input::read_opb_file(path, &name)?.model;
    if let Some(format) = args.format.ilp() {
        let title = opb::encoded_title(&name, &model, true);
        let to = (args.out.output.as_deref(), args.out.fsync);
        write_ilp(&model, &name, format, &title, to)?;
        return Ok(ExitStatus::Success);
    }
    let options = args.lowering.cnf_options();
    // Lowered in a dry run first: a constraint too large for the encoding is refused before
    // anything is written.
    let info = zero_one_model::cnf_size(&model, &options)
        .with_context(|| format!("'{name}'"))
        .map_err(CliError::usage)?;
    let comments = opb::cnf_comments(&name, &model, &options, &info);
    if model.objective().is_some() {
        eprintln!(
            "nqueens: '{name}' has an objective, which CNF cannot hold: written without it (--format lp, mps or opb keep it)"
        );
    }
    let dialect = match args.format {
        Format::Mcc => Dialect::Mcc,
        _ => Dialect::Cnf,
    };
    let to = (&args.out, args.ind);
    if args.break_symmetry {
        return super::write_broken(to, &model, &options, comments, dialect, info.clauses);
    }
    super::write_dimacs(to, (&model, &options), comments, dialect, &[])?;
    Ok(ExitStatus::Success)
}

/// Writes `model` (read from `name`) in `format` with `title`, to the path of `to` or stdout
/// (with its fsync flag), as `encode opb` and `optimize --export` write it.
///
/// # Errors
/// A number LP or MPS would not keep exact; as [`output::write_to`] fails.
pub fn write_ilp(
    model: &zero_one_model::Model,
    name: &str,
    format: IlpFormat,
    title: &str,
    (to, fsync): (Option<&std::path::Path>, bool),
) -> Result<(), CliError> {
    let ilp = lower_to_ilp(model);
    crate::exit::exact_in_doubles(&ilp, name, format)?;
    let write =
        |w: &mut dyn Write| -> anyhow::Result<()> { Ok(format.write(&ilp, "opb", title, w)?) };
    output::write_to(to, fsync, write)
}
