//! `nqueens encode`: lower the model and write it in a file format for external solvers.
//! Everything it would build is sized first, from closed forms ([`guard`]), so a request too
//! large for the machine is refused at once with the estimate and the limit.

pub mod from_opb;
mod guard;

use crate::cli::{EncodeArgs, Format};
use crate::cli_inputs::OutArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{ilp_title, Formulation};
use std::io::Write;
use zero_one_model::dimacs::{write_model_with, Dialect, DimacsHeader};
use zero_one_model::ilp::lower_to_ilp;

pub fn run(args: EncodeArgs) -> Result<ExitStatus, CliError> {
    // Ctrl-C ends a long encoding at once (130), with one line saying so, from its start:
    // before the output is opened as well as while it is written.
    crate::stop::guard_temps();
    let n = args.n.expect("clap requires N");
    if let (Some(out), Some(board)) = (&args.out.output, &args.model.board.given_file) {
        output::not_the_input(out, board, "-o")?;
    }
    let kind = args.model.kind()?;
    if args.format.is_ilp() && args.model.lowering.amo.is_some() {
        return Err(usage!(
            "--amo does nothing with --format {}: an ILP file keeps at-most-one rows as they are (it is for CNF formats)",
            args.format.name()
        ));
    }
    if args.format.is_ilp() && args.ind {
        return Err(usage!(
            "--ind goes with --format dimacs or mcc (an ILP file has no projection line)"
        ));
    }
    if args.break_symmetry && !matches!(args.format, Format::Dimacs | Format::Mcc) {
        return Err(usage!("--break-symmetry applies to --format dimacs or mcc"));
    }
    if args.format != Format::Icnf && args.cube_depth.is_some() {
        return Err(usage!(
            "--cube-depth applies to --format icnf only (the other formats have no cubes)"
        ));
    }
    if let Some(path) = &args.out.output {
        // A directory or a read-only file is refused before any work.
        output::classify(path)?;
    }
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    let estimate = guard::check(&args, n, kind, &rules)?;
    let formulation = kind.build_with(n, &rules);
    if let Some(format) = args.format.ilp() {
        // Every row is linear as it stands: AMO and cardinality encodings do not apply.
        let (name, title) = (format!("nqueens{n}"), ilp_title(formulation.as_ref()));
        let ilp = lower_to_ilp(formulation.model());
        let write =
            |w: &mut dyn Write| -> anyhow::Result<()> { Ok(format.write(&ilp, &name, &title, w)?) };
        output::write_to(args.out.output.as_deref(), args.out.fsync, write)?;
        return Ok(ExitStatus::Success);
    }
    write_cnf(&args, formulation.as_ref(), estimate.cubes.is_some())
}

/// Writes the CNF formats: DIMACS, MCC and incremental CNF (with `cubes`, its `a` lines).
fn write_cnf(
    args: &EncodeArgs,
    formulation: &dyn Formulation,
    cubes: bool,
) -> Result<ExitStatus, CliError> {
    let n = formulation.n();
    let model = formulation.model();
    let options = args.model.lowering.cnf_options();
    let dialect = match args.format {
        Format::Dimacs => Dialect::Cnf,
        Format::Mcc => Dialect::Mcc,
        Format::Icnf => Dialect::Icnf,
        Format::Lp | Format::Mps | Format::Opb => unreachable!("an ILP format"),
    };
    // Cubes partition the solutions: the extension algorithm's placements of the first rows.
    let cubes = match cubes {
        true => nqueens_queens::row_cubes(formulation, args.icnf_depth()),
        false => Vec::new(),
    };
    let info = zero_one_model::cnf_size(model, &options).map_err(CliError::usage)?;
    let comments = nqueens_queens::file_comments(n, formulation, &options, &info);
    let to = (&args.out, args.ind);
    if args.break_symmetry {
        return write_broken(to, model, &options, comments, dialect, info.clauses);
    }
    write_dimacs(to, (model, &options), comments, dialect, &cubes)?;
    Ok(ExitStatus::Success)
}

/// Where a CNF file goes (`-o`, `--fsync`) and whether it has `c ind` lines.
type To<'a> = (&'a OutArgs, bool);

/// Writes `model` lowered with `options` as `dialect`, with `comments` and `cubes`, where
/// `-o` says (complete or not at all).
fn write_dimacs(
    (out, ind): To<'_>,
    (model, options): (&zero_one_model::Model, &zero_one_model::CnfOptions),
    comments: Vec<String>,
    dialect: Dialect,
    cubes: &[Vec<zero_one_model::Lit>],
) -> Result<(), CliError> {
    let write = |w: &mut dyn Write| -> anyhow::Result<()> {
        let header = DimacsHeader {
            dialect,
            ind_lines: ind,
            comments,
            ..DimacsHeader::default()
        };
        write_model_with(model, options, header, cubes, w)?;
        Ok(())
    };
    output::write_to(out.output.as_deref(), out.fsync, write)
}

/// Writes the lowered model with lex-leader constraints for its symmetries.
fn write_broken(
    to: To<'_>,
    model: &zero_one_model::Model,
    options: &zero_one_model::CnfOptions,
    mut comments: Vec<String>,
    dialect: Dialect,
    clauses: u64,
) -> Result<ExitStatus, CliError> {
    let broken = cnf_symmetry::break_for_export(model, options).map_err(|e| match e {
        e @ cnf_symmetry::BreakError::TooLarge { .. } => usage!("--break-symmetry: {e}"),
        e => CliError::usage(e),
    })?;
    comments.extend(broken.describe());
    let plain = zero_one_model::CnfOptions::default();
    write_dimacs(to, (&broken.model, &plain), comments, dialect, &[])?;
    let clauses = usize::try_from(clauses).unwrap_or(usize::MAX);
    eprintln!("nqueens: {}", broken.summary(clauses));
    Ok(ExitStatus::Success)
}
