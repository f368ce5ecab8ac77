//! `nqueens encode`: lower the model and write it in a file format for external solvers
//! ([`nqueens_queens::Export`]). Everything it would build is sized first, from closed forms,
//! so a request too large for the machine is refused at once with the estimate and the limit.

pub mod from_opb;

use crate::cli::{EncodeArgs, BOARD_FLAGS};
use crate::cli_inputs::OutArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{Export, ExportRefusal, Rules};

pub fn run(args: EncodeArgs) -> Result<ExitStatus, CliError> {
    // Ctrl-C ends a long encoding at once (130), with one line saying so, from its start:
    // before the output is opened as well as while it is written.
    crate::stop::guard_temps();
    let n = args.n.expect("clap requires N");
    if let (Some(out), Some(board)) = (&args.out.output, &args.model.board.given_file) {
        output::not_the_input(out, board, "-o")?;
    }
    let export = Export {
        n,
        kind: args.model.kind()?,
        format: args.format,
        options: args.model.lowering.cnf_options(),
        amo_chosen: args.model.lowering.amo.is_some(),
        cube_depth: args.cube_depth,
        ind_lines: args.ind,
        break_symmetry: args.break_symmetry,
        force: args.force,
    };
    let refused = |e: ExportRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    export.check_options().map_err(refused)?;
    if let Some(path) = &args.out.output {
        // A directory or a read-only file is refused before any work.
        output::classify(path)?;
    }
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    write(&export, &rules, &args.out)
}

/// Writes `export` of the board under `rules` where `out` says (complete or not at all),
/// and says what it wrote.
pub fn write(export: &Export, rules: &Rules, out: &OutArgs) -> Result<ExitStatus, CliError> {
    let refused = |e: ExportRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    export.check_size(rules).map_err(refused)?;
    let prepared = export.prepare(rules).map_err(refused)?;
    output::write_to(out.output.as_deref(), out.fsync, |w| Ok(prepared.write(w)?))?;
    if let Some(summary) = prepared.summary() {
        eprintln!("nqueens: {summary}");
    }
    Ok(ExitStatus::Success)
}
