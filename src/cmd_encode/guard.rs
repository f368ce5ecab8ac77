//! Sizes before allocation: everything `encode` would build (the model, the ILP, the cubes)
//! and write is sized from closed forms by the library ([`Encoding::size`]) and refused with
//! exit code 2, the estimate and the limit, before anything large is allocated. Three limits
//! hold even with `--force` (variables a literal can number, the machine's memory, cubes);
//! the file size is a limit only without it.

use crate::cli::{EncodeArgs, Format};
use crate::exit::CliError;
use anyhow::anyhow;
use nqueens_queens::sizes::{CubesError, Encoding, EncodingSize, MAX_CUBES};
use nqueens_queens::{FormulationKind, Rules};
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::shape::MAX_VARS;

/// Largest file written without `--force`, in bytes.
pub const MAX_FILE_BYTES: f64 = 2e9;

/// Memory assumed where the machine's cannot be read.
const FALLBACK_MEMORY: f64 = 8.0 * (1u64 << 30) as f64;

/// Sizes what `encode` would build for `args`.
///
/// # Errors
/// Exit code 2 for a cube depth past the board or making more than [`MAX_CUBES`] cubes.
fn estimate(
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
    encoding.size(machine_memory()).map_err(|e| match e {
        CubesError::DepthPastBoard { depth, n } => usage(format!(
            "--cube-depth {depth} is more than the {n} rows of the board"
        )),
        CubesError::TooMany { depth, n } => usage(format!(
            "--cube-depth {depth} for n = {n} makes more than {MAX_CUBES} cubes (the \
             limit); choose a smaller depth"
        )),
        e => usage(e.to_string()),
    })
}

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
    let n = args.n();
    let e = estimate(args, kind, rules)?;
    let limit = machine_memory();
    if e.memory_bytes > limit {
        return Err(usage(format!(
            "encoding n = {n} ({kind}) would need about {} of memory, more than the {} of this \
             machine",
            human(e.memory_bytes),
            human(limit)
        )));
    }
    let amo = args.model.cnf_options().amo;
    let vars = e.shape.model.vars + e.cnf.map_or(0, |c| c.aux_vars as u64);
    if vars > MAX_VARS {
        let with = match e.cnf {
            Some(_) => format!(" with {amo}"),
            None => String::new(),
        };
        return Err(usage(format!(
            "the model for n = {n}{with} would have {vars} variables, more than the \
             {MAX_VARS} a literal can number"
        )));
    }
    if e.file_bytes > MAX_FILE_BYTES && !args.force {
        let what = match &e.cnf {
            Some(c) => format!(
                "the file for n = {n} with {amo} would hold {} clauses",
                c.clauses
            ),
            None => format!(
                "the {} file for n = {n} would hold {} terms",
                args.format.name(),
                e.shape.model.ilp_terms()
            ),
        };
        return Err(usage(format!(
            "{what} (about {}, above the {} limit); pass --force to write it anyway",
            human(e.file_bytes),
            human(MAX_FILE_BYTES)
        )));
    }
    Ok(e)
}

fn usage(message: String) -> CliError {
    CliError::usage(anyhow!(message))
}

/// The memory this process may use: the machine's, or its control group's if smaller.
fn machine_memory() -> f64 {
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        let line = s.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024.0)
    });
    let cgroup = [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .filter_map(|p| std::fs::read_to_string(p).ok()?.trim().parse::<f64>().ok())
    .fold(f64::INFINITY, f64::min);
    total.unwrap_or(FALLBACK_MEMORY).min(cgroup)
}

/// Bytes for people: 3 significant figures in decimal units.
pub fn human(bytes: f64) -> String {
    const UNITS: [&str; 7] = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB"];
    let mut value = bytes;
    for unit in UNITS {
        if value < 1000.0 {
            return format!("{value:.1} {unit}");
        }
        value /= 1000.0;
    }
    format!("{bytes:.1e} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_in_decimal_units() {
        assert_eq!(human(999.0), "999.0 bytes");
        assert_eq!(human(2e9), "2.0 GB");
        assert_eq!(human(1.6e11), "160.0 GB");
        assert_eq!(human(3e21), "3.0e21 bytes");
    }
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
