//! Limits an encoding is held to before anything large is allocated: the memory of the
//! machine, the variables a literal can number, and (unless lifted) the size of the file.

use super::encode::{CubesError, Encoding, EncodingSize};
use crate::FormulationKind;
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::shape::MAX_VARS;
use zero_one_model::AmoEncoding;

/// Largest file written unless the caller lifts the limit, in bytes.
pub const MAX_FILE_BYTES: f64 = 2e9;

/// Largest board solved through a backend that lowers the model to CNF unless the caller
/// lifts the limit: the pairwise lowering grows as n^3 clauses.
pub const CNF_SOLVE_MAX_N: usize = 200;

/// A board past [`CNF_SOLVE_MAX_N`] to solve through a backend that lowers it to CNF.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
#[error("n = {n}: boards above {CNF_SOLVE_MAX_N} make very large formulas")]
pub struct TooLargeToSolve {
    /// The board size.
    pub n: usize,
}

/// Refuses to solve the n x n board through a backend that `lowers_to_cnf` past
/// [`CNF_SOLVE_MAX_N`] (a backend that keeps rows as they are takes any size).
///
/// ```
/// use nqueens_queens::sizes::check_solve_size;
/// assert!(check_solve_size(200, true).is_ok());
/// assert!(check_solve_size(201, false).is_ok());
/// assert_eq!(check_solve_size(201, true).unwrap_err().n, 201);
/// ```
///
/// # Errors
/// [`TooLargeToSolve`] for such a board.
pub fn check_solve_size(n: usize, lowers_to_cnf: bool) -> Result<(), TooLargeToSolve> {
    match lowers_to_cnf && n > CNF_SOLVE_MAX_N {
        true => Err(TooLargeToSolve { n }),
        false => Ok(()),
    }
}

/// Memory assumed where the machine's cannot be read.
const FALLBACK_MEMORY: f64 = 8.0 * (1u64 << 30) as f64;

/// What an encoding may cost.
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Limits {
    /// Peak bytes of memory.
    pub memory_bytes: f64,
    /// Bytes of the file written; `None` lifts the limit.
    pub file_bytes: Option<f64>,
}

impl Limits {
    /// This process's memory ([`machine_memory`]) and [`MAX_FILE_BYTES`].
    pub fn of_this_machine() -> Limits {
        Limits {
            memory_bytes: machine_memory(),
            file_bytes: Some(MAX_FILE_BYTES),
        }
    }
}

/// An encoding over a limit, with its estimate and the limit.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// The cubes asked for cannot be made.
    #[error(transparent)]
    Cubes(#[from] CubesError),
    /// More memory than the limit.
    #[error(
        "encoding n = {n} ({kind}) would need about {} of memory, more than the {} of this machine",
        human_bytes(*need),
        human_bytes(*limit)
    )]
    Memory {
        /// The board size.
        n: usize,
        /// The formulation.
        kind: FormulationKind,
        /// Bytes needed.
        need: f64,
        /// The limit.
        limit: f64,
    },
    /// More variables than a literal can number ([`MAX_VARS`]).
    #[error("the model for n = {n}{} would have {vars} variables, more than the {MAX_VARS} a literal can number", with(*amo))]
    Vars {
        /// The board size.
        n: usize,
        /// The variables, auxiliaries included.
        vars: u64,
        /// The at-most-one encoding, for a CNF lowering.
        amo: Option<AmoEncoding>,
    },
    /// A larger file than the limit.
    #[error("{} (about {}, above the {} limit)", what(*n, *amo, *clauses, *format, *terms), human_bytes(*bytes), human_bytes(*limit))]
    File {
        /// The board size.
        n: usize,
        /// Bytes of the file.
        bytes: f64,
        /// The limit.
        limit: f64,
        /// The file's format.
        format: FileFormat,
        /// Clauses of a CNF file, with its at-most-one encoding.
        clauses: Option<u64>,
        /// The at-most-one encoding of a CNF file.
        amo: AmoEncoding,
        /// Terms of an ILP file.
        terms: u64,
    },
}

impl Encoding<'_> {
    /// Sizes the encoding ([`Encoding::size`]) and refuses it when over `limits`.
    ///
    /// # Errors
    /// [`SizeError`], with the estimate and the limit.
    pub fn check(&self, limits: &Limits) -> Result<EncodingSize, SizeError> {
        let n = self.n;
        let e = self.size(limits.memory_bytes)?;
        if e.memory_bytes > limits.memory_bytes {
            return Err(SizeError::Memory {
                n,
                kind: self.kind,
                need: e.memory_bytes,
                limit: limits.memory_bytes,
            });
        }
        let vars = e.shape.model.vars + e.cnf.map_or(0, |c| c.aux_vars as u64);
        if vars > MAX_VARS {
            let amo = e.cnf.map(|_| self.options.amo);
            return Err(SizeError::Vars { n, vars, amo });
        }
        match limits.file_bytes {
            Some(limit) if e.file_bytes > limit => Err(SizeError::File {
                n,
                bytes: e.file_bytes,
                limit,
                format: self.format,
                clauses: e.cnf.map(|c| c.clauses),
                amo: self.options.amo,
                terms: e.shape.model.ilp_terms(),
            }),
            _ => Ok(e),
        }
    }
}

fn with(amo: Option<AmoEncoding>) -> String {
    amo.map_or_else(String::new, |a| format!(" with {a}"))
}

fn what(
    n: usize,
    amo: AmoEncoding,
    clauses: Option<u64>,
    format: FileFormat,
    terms: u64,
) -> String {
    match clauses {
        Some(c) => format!("the file for n = {n} with {amo} would hold {c} clauses"),
        None => {
            format!("the {format} file for n = {n} would hold {terms} terms")
        }
    }
}

/// The memory this process may use: the machine's, or its control group's if smaller.
pub fn machine_memory() -> f64 {
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
pub fn human_bytes(bytes: f64) -> String {
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
        assert_eq!(human_bytes(999.0), "999.0 bytes");
        assert_eq!(human_bytes(2e9), "2.0 GB");
        assert_eq!(human_bytes(1.6e11), "160.0 GB");
        assert_eq!(human_bytes(3e21), "3.0e21 bytes");
    }
}
