//! Sizes before allocation: everything `encode` would build (the model, the ILP, the cubes)
//! and write is sized and checked against this machine's limits by the library
//! ([`Encoding::check`]) and refused with exit code 2, the estimate and the limit, before
//! anything large is allocated. `--force` lifts the file size limit only.

use crate::cli::{EncodeArgs, Format};
use crate::exit::CliError;
use nqueens_queens::sizes::{CubesError, Encoding, EncodingSize, Limits, SizeError, MAX_CUBES};
use nqueens_queens::{FormulationKind, Rules};
use zero_one_model::shape::bytes::FileFormat;

/// The library's name for `format`.
fn file_format(format: Format) -> FileFormat {
    match format {
        Format::Dimacs => FileFormat::Dimacs,
        Format::Mcc => FileFormat::Mcc,
        Format::Icnf => FileFormat::Icnf,
        Format::Lp => FileFormat::Lp,
        Format::Mps => FileFormat::Mps,
        Format::Opb => FileFormat::Opb,
    }
}

/// Sizes what `encode` would build for `args` and refuses it when over a limit.
///
/// # Errors
/// Exit code 2 with the estimate and the limit.
pub fn check(
    args: &EncodeArgs,
    n: usize,
    kind: FormulationKind,
    rules: &Rules,
) -> Result<EncodingSize, CliError> {
    let encoding = Encoding {
        n,
        kind,
        rules,
        format: file_format(args.format),
        options: args.model.lowering.cnf_options(),
        cube_depth: args.icnf_depth(),
        ind_lines: args.ind,
    };
    let mut limits = Limits::of_this_machine();
    if args.force {
        limits.file_bytes = None;
    }
    encoding.check(&limits).map_err(|e| {
        let message = match e {
            SizeError::Cubes(CubesError::DepthPastBoard { depth, n }) => {
                format!("--cube-depth {depth} is more than the {n} rows of the board")
            }
            SizeError::Cubes(CubesError::TooMany { depth, n }) => format!(
                "--cube-depth {depth} for n = {n} makes more than {MAX_CUBES} cubes (the \
                 limit); choose a smaller depth"
            ),
            e @ SizeError::File { .. } => format!("{e}; pass --force to write it anyway"),
            e => e.to_string(),
        };
        usage!(message)
    })
}
