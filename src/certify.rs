//! `count --certify DIR`: the flags `--certify` refuses before counting (exit 2), and the
//! library's certified count ([`count_certify::Certifier`]) with its bundle written into a
//! staged directory renamed into place only when complete, its errors given exit codes and
//! the flag's name.

use crate::cli::{CountArgs, COUNT_BACKEND};
use crate::exit::CliError;
use count_certify::{ProducedBy, StagedCertifier};
use nqueens_queens::SymmetryChoice;
use nqueens_queens::{CertifySpelling, CountConfig};
use std::path::Path;

pub use count_certify::Finished;

/// Refuses, before counting, a board count that `--certify` cannot honour
/// ([`nqueens_queens::certify_refusal`]), in flags.
///
/// # Errors
/// Exit code 2 with `--shard` or `--checkpoint`, for a counter whose capabilities say it
/// makes no proofs (the bitboard oracle), a range of sizes, a symmetry other than none, or a
/// board with more solutions (OEIS A000170) than a bundle lists.
pub fn refuse_board(
    args: &CountArgs,
    sizes: &nqueens_queens::BoardSizes,
    config: &CountConfig,
) -> Result<(), CliError> {
    if args.certify.is_none() {
        return Ok(());
    }
    let (shard, checkpoint) = (args.shard.shard.is_some(), args.run.checkpoint.is_some());
    nqueens_queens::certify_refusal(sizes, config, shard, checkpoint).map_err(|e| {
        let counter = args.engine.backend(COUNT_BACKEND).what();
        let auto = args.symmetry == Some(SymmetryChoice::Auto);
        usage!("{}", e.said(&CERTIFY_FLAGS, counter, auto))
    })
}

/// The flags the refusals of `count N --certify` name.
const CERTIFY_FLAGS: CertifySpelling = CertifySpelling {
    certify: "--certify",
    shard: "--shard",
    checkpoint: "--checkpoint",
    no_symmetry: "--symmetry none (the default with --certify)",
};

/// How messages name a bundle.
const BUNDLE: &str = "a --certify bundle";

/// A certified count in progress: the library's certifier with its staged bundle
/// ([`StagedCertifier`]), its errors given exit codes and the flag's name.
pub struct Certifier(StagedCertifier);

impl Certifier {
    /// The certifier of board `n`: F is the board's model lowered as `encode` writes it.
    ///
    /// # Errors
    /// Exit code 2 for a `dir` that exists and is not an empty directory, or when the
    /// model cannot be lowered; 3 when the staged directory cannot be made.
    pub fn for_board(
        dir: &Path,
        n: usize,
        config: &CountConfig,
        options: &zero_one_model::CnfOptions,
    ) -> Result<Certifier, CliError> {
        let inner =
            nqueens_queens::board_certifier(n, config, options, Some(crate::stop::stop_flag()))
                .map_err(CliError::usage)?;
        // The staged directory is removed when the process is stopped by a signal.
        crate::stop::guard_temps();
        Ok(Certifier(StagedCertifier::new(dir, inner)?))
    }

    /// What the engine calls with every validated solution.
    pub fn hook(&self) -> impl Fn(usize, &[bool]) + Sync + '_ {
        self.0.hook()
    }

    /// Call after the count, before looking at whether it was interrupted.
    ///
    /// # Errors
    /// Exit code 2 when the count passed the cap (it was stopped there).
    pub fn check_cap(&self) -> Result<(), CliError> {
        (self.0.check_cap()).map_err(|e| usage!("{}", e.said(BUNDLE)))
    }
}

/// Certifies a finished, uninterrupted count with `certifier` (none without `--certify`).
///
/// # Errors
/// Exit code 3: the count is wrong (a model missed), a file cannot be written, the solver
/// failed ([`StagedCertifier::finish`]).
pub fn finish(
    certifier: Option<Certifier>,
    threads: usize,
    produced_by: impl FnOnce() -> ProducedBy,
) -> Result<Finished, CliError> {
    let certifier = certifier.map(|c| c.0);
    let finished = StagedCertifier::finish_optional(certifier, threads, produced_by)?;
    if let Finished::Interrupted = finished {
        eprintln!("nqueens: interrupted while certifying: no bundle was written");
    }
    Ok(finished)
}

/// The manifest's `produced_by`: the tool, its version, the command line and the count.
pub fn produced_by(backend: &str, cubes: usize, threads: usize, seconds: f64) -> ProducedBy {
    ProducedBy::new("nqueens", env!("CARGO_PKG_VERSION"))
        .with_this_command()
        .with_count(backend, cubes, threads, seconds)
}
