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
    kind: FormulationKind,
    rules: &Rules,
) -> Result<EncodingSize, CliError> {
    let encoding = Encoding {
        n: args.n(),
        kind,
        rules,
        format: file_format(args.format),
        options: args.model.cnf_options(),
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

#[cfg(test)]
mod estimate_tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn encode_args(line: &[&str]) -> EncodeArgs {
        let argv = ["nqueens", "encode"].iter().chain(line);
        match Cli::try_parse_from(argv).unwrap().command {
            Command::Encode(args) => args,
            other => panic!("not encode: {other:?}"),
        }
    }

    #[test]
    fn file_estimates_are_within_a_few_tenths_of_the_files_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        let models: [&[&str]; 6] = [
            &["16"],
            &["16", "--amo", "sequential"],
            &["16", "--amo", "bimander", "--ind"],
            &["12", "--formulation", "column"],
            &["12", "--formulation", "column", "--domain", "order"],
            &["12", "--formulation", "column", "--domain", "log"],
        ];
        for model in models {
            for format in ["dimacs", "mcc", "icnf", "lp", "mps", "opb"] {
                // ILP files have no projection line and no AMO encoding: both are refused.
                if format_ilp(format) && (model.contains(&"--ind") || model.contains(&"--amo")) {
                    continue;
                }
                let mut line = model.to_vec();
                line.extend(["--format", format]);
                if format == "icnf" {
                    line.extend(["--cube-depth", "3"]);
                }
                line.extend(["-o", path.to_str().unwrap()]);
                let args = encode_args(&line);
                let kind = args.model.kind().unwrap();
                let estimate = check(&args, kind, &Rules::classic()).unwrap().file_bytes;
                crate::cmd_encode::run(encode_args(&line)).unwrap();
                let real = std::fs::metadata(&path).unwrap().len() as f64;
                let ratio = estimate / real;
                assert!(
                    (0.75..=1.75).contains(&ratio),
                    "{line:?}: {estimate} for {real}"
                );
            }
        }
    }

    fn format_ilp(format: &str) -> bool {
        matches!(format, "lp" | "mps" | "opb")
    }
}
