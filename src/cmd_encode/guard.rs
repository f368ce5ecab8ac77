//! Sizes before allocation: everything `encode` would build (the model, the ILP, the cubes)
//! and write is estimated from closed forms ([`Shape`], [`count_prefixes`]) and refused with
//! exit code 2, the estimate and the limit, before anything large is allocated. Three limits
//! hold even with `--force` (variables a literal can number, the machine's memory, cubes);
//! the file size is a limit only without it.

use super::cubes::{count_prefixes, Levels};
use super::shape::{CnfCounts, Shape};
use crate::cli::{EncodeArgs, Format};
use crate::exit::CliError;
use anyhow::anyhow;
use nqueens_queens::{FormulationKind, Rules};
use std::mem::size_of;
use zero_one_model::{Constraint, IntDef};

/// Largest file written without `--force`, in bytes.
pub const MAX_FILE_BYTES: f64 = 2e9;

/// Variables a literal can number (31 bits of index and a sign).
pub const MAX_VARS: u64 = 1 << 31;

/// Most cubes an icnf file may hold (about 1 GB of prefixes in memory).
pub const MAX_CUBES: u64 = 10_000_000;

/// Memory assumed where the machine's cannot be read.
const FALLBACK_MEMORY: f64 = 8.0 * (1u64 << 30) as f64;

/// What `encode` is about to build, sized.
#[derive(Debug)]
pub struct Estimate {
    /// The model's shape.
    pub shape: Shape,
    /// The CNF lowering's counts: `None` for the ILP formats, and when the model does not
    /// fit in memory (it is refused for that before the encodings are asked).
    pub cnf: Option<CnfCounts>,
    /// The cube prefixes (icnf).
    pub cubes: Option<Levels>,
    /// Bytes of the file.
    pub file_bytes: f64,
    /// Peak bytes of memory.
    pub memory_bytes: f64,
}

/// Sizes what `encode` would build for `args`.
///
/// # Errors
/// Exit code 2 for a cube depth past the board or making more than [`MAX_CUBES`] cubes.
pub fn estimate(
    args: &EncodeArgs,
    kind: FormulationKind,
    rules: &Rules,
) -> Result<Estimate, CliError> {
    let n = args.n;
    let depth = args.icnf_depth();
    let shape = Shape::of(kind, n);
    let cubes = if args.format == Format::Icnf {
        if depth > n {
            return Err(usage(format!(
                "--cube-depth {depth} is more than the {n} rows of the board"
            )));
        }
        let levels = count_prefixes(n, depth, MAX_CUBES).ok_or_else(|| {
            usage(format!(
                "--cube-depth {depth} for n = {n} makes more than {MAX_CUBES} cubes (the \
                 limit); choose a smaller depth"
            ))
        })?;
        Some(levels)
    } else {
        None
    };
    // The closed forms are the classic board's (about 5n^3/3 pairwise clauses). The torus
    // has n wrapped diagonals each way instead (about 2n^3 in all, x1.3 with the column
    // formulation's extra pairs); superqueens add 4n^2 knight pairs; given queens and
    // blocked squares one clause each (at most n^2): sized as those ratios, rounded up.
    let nf = n.max(1) as f64;
    let variant_factor = match rules.variant {
        nqueens_queens::Variant::Classic => 1.0,
        nqueens_queens::Variant::Toroidal => 1.3,
        nqueens_queens::Variant::Superqueens => 1.0 + 4.0 / nf,
    } + if rules.is_open() { 0.0 } else { 1.0 / nf };
    let memory_bytes = variant_factor * memory_bytes(&shape, args.format, cubes.as_ref(), depth);
    // The encodings' size formulas are only asked once the model is known to fit.
    let cnf = (!args.format.is_ilp() && memory_bytes <= machine_memory())
        .then(|| shape.cnf(&args.model.cnf_options()));
    let file_bytes = variant_factor * file_bytes(&shape, cnf.as_ref(), cubes.as_ref(), args);
    Ok(Estimate {
        shape,
        cnf,
        cubes,
        file_bytes,
        memory_bytes,
    })
}

/// Sizes what `encode` would build for `args` and refuses it when over a limit.
///
/// # Errors
/// Exit code 2 with the estimate and the limit.
pub fn check(
    args: &EncodeArgs,
    kind: FormulationKind,
    rules: &Rules,
) -> Result<Estimate, CliError> {
    let n = args.n;
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
    let vars = e.shape.vars + e.cnf.map_or(0, |c| c.aux_vars);
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
                e.shape.ilp_terms()
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

/// Bytes of the file: digits per literal (with its sign and space), per clause its `0\n`,
/// the projection line(s) and the cube lines; for ILP files, a name and a coefficient per
/// term (measured within 0.75 to 1.75 times the real files, see the tests).
fn file_bytes(
    shape: &Shape,
    cnf: Option<&CnfCounts>,
    cubes: Option<&Levels>,
    args: &EncodeArgs,
) -> f64 {
    let Some(cnf) = cnf else {
        // Per term: LP writes ` + name`, MPS a line with the name, the row's and the
        // coefficient, OPB `+1 xK ` with numbered variables; per row its end (`>= 1 ;`), per
        // variable its declaration.
        let name = shape.last_name.len() as f64;
        let per_term = match args.format {
            Format::Lp => name + 6.0,
            Format::Mps => name + 16.0,
            _ => {
                ((shape.vars + shape.ints * 64).max(1) as f64)
                    .log10()
                    .ceil()
                    + 6.0
            }
        };
        let rows = (shape.constraints() + shape.ints) as f64;
        let vars = (shape.vars + shape.ints) as f64;
        return shape.ilp_terms() as f64 * per_term + rows * 10.0 + vars * (name + 8.0);
    };
    let vars = (shape.vars + cnf.aux_vars).max(1) as f64;
    let digits = vars.log10().ceil() + 1.5;
    let projection = shape.vars as f64 * digits * if args.ind { 2.0 } else { 1.0 };
    let cube_lits = args.icnf_depth() as f64 * shape.place_lits as f64;
    let cube_lines = cubes.map_or(0.0, |l| l.cubes() as f64 * (4.0 + cube_lits * digits));
    cnf.literals as f64 * digits + cnf.clauses as f64 * 2.0 + projection + cube_lines
}

/// A heap block for `bytes` as glibc's malloc hands it out (16-byte steps, 32 at least).
fn block(bytes: f64) -> f64 {
    ((bytes + 8.0) / 16.0).ceil().max(2.0) * 16.0
}

/// Peak size of a vector grown by doubling, in elements per element kept: the old buffer
/// and the new one, twice as large, live together while it moves.
const GROWTH: f64 = 3.0;

/// Peak bytes of memory, an upper bound (measured at 1.3 to 2 times the peak resident size):
/// the model, then what the format builds from it while the model lives.
fn memory_bytes(shape: &Shape, format: Format, cubes: Option<&Levels>, depth: usize) -> f64 {
    let vars = shape.vars as f64;
    let name_block = 24.0 + block(shape.last_name.len() as f64);
    let per_var = GROWTH * 16.0 + 12.0 + if shape.named_vars { block(16.0) } else { 0.0 };
    let constraints: f64 = shape
        .families
        .iter()
        .map(|f| {
            f.count as f64 * (GROWTH * size_of::<Constraint>() as f64 + block(4.0 * f.len as f64))
        })
        .sum();
    let ints = shape.ints as f64
        * (GROWTH * size_of::<IntDef>() as f64 + block(16.0 * shape.int_terms as f64) + 32.0);
    let model = vars * per_var + constraints + ints;
    let rows = shape.constraints() as f64 + shape.ints as f64;
    let terms = shape.ilp_terms() as f64;
    let all_vars = vars + shape.ints as f64;
    let built = match format {
        // Names twice (as read and made legal), a set to check them, the variables, and the
        // rows with their terms; MPS turns the rows into columns too.
        Format::Lp | Format::Mps | Format::Opb => {
            let ilp = all_vars * (2.0 * name_block + 40.0 + 48.0)
                + rows * (GROWTH * 48.0 + 16.0)
                + 16.0 * terms;
            let columns = match format {
                Format::Mps => all_vars * 48.0 + GROWTH * 16.0 * terms,
                _ => all_vars * 24.0,
            };
            ilp + columns
        }
        Format::Dimacs | Format::Mcc | Format::Icnf => vars * 4.0,
    };
    // Prefixes are cloned and pushed to (capacity up to twice their length), and the cubes'
    // literals collected from an iterator of unknown length.
    let cubes = cubes.map_or(0.0, |l| {
        let depth = depth as f64;
        l.total() as f64 * (GROWTH * 24.0 + block(16.0 * depth))
            + l.cubes() as f64 * (GROWTH * 24.0 + block(8.0 * depth * shape.place_lits as f64))
    });
    model + built + cubes
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

    #[test]
    fn heap_blocks_round_up_as_malloc_does() {
        assert_eq!(block(0.0), 32.0);
        assert_eq!(block(24.0), 32.0);
        assert_eq!(block(25.0), 48.0);
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
