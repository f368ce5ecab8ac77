//! Counting the models of a DIMACS CNF, as `nqueens count cnf` does, as one call:
//! [`count`] takes a [`Cnf`] (from [`zero_one_model::dimacs`]), [`CountOptions`] and
//! [`Hooks`] (a stop flag, a progress callback), and returns a [`CnfCount`].
//!
//! Two methods count a file. *Enumeration* ([`count_engine`]) takes the file apart into
//! independent parts and free variables, splits each part into cubes and lists its models
//! over threads, every model checked against every clause; it is fast where models are few
//! enough to list, and it alone can resume from a checkpoint, count a shard, count orbits
//! under the file's own symmetries ([`cnf_symmetry`]) or hand every model to a
//! [`ModelSink`]. The *model counter* ([`sharpcount`]) counts by component caching and
//! clause learning, for counts of any size, weighted ones too. [`Method::Auto`] enumerates
//! and hands the file to the counter once the enumeration is judged slow (the finished
//! cubes predict a long run, or a cube runs far longer than the finished ones did); an
//! enumeration asked for is refused when the counter shows that listing what is left cannot
//! finish ([`CountOptions::listing_limit`]). [`CountFile::run`] is all of `nqueens count
//! cnf` as one call: reading, refusals in the caller's flags, bundles, the report;
//! [`FileExport`] all of `nqueens encode opb`: a file's model lowered and written for
//! other solvers (CNF, its symmetries broken on request, or LP, MPS, OPB).
//!
//! A file with `c p show 0` (an empty projection) has one model if it is satisfiable:
//!
//! ```
//! use cnf_count::{count, CnfCount, CountOptions, Hooks};
//! use zero_one_model::dimacs::read_dimacs;
//!
//! let cnf = read_dimacs("p cnf 3 1\nc p show 0\n1 2 3 0\n".as_bytes())?;
//! let counted = count(cnf, &CountOptions::default(), &Hooks::default())?;
//! assert_eq!(counted.count().map(|c| c.to_string()), Some("1".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod certified;
mod certify_sink;
mod command;
pub mod competition;
mod counter;
mod enumerate;
mod error;
mod facts;
mod file_export;
mod hooks;
mod listing;
mod options;
mod progress;
pub mod report;
mod result;
mod slowness;
mod spelling;
mod switch;
mod weighted;

pub use certified::{count_cpog, unsatisfiable_answer, unsatisfiable_line, unsatisfiable_mcc};
pub use certified::{CpogCountReport, CpogCounted, WeightFields};
pub use certify_sink::CertifySink;
pub use command::{CountFile, CountFileError, Outcome};
pub use error::CnfCountError;
pub use facts::FileFacts;
pub use file_export::{ExportSpelling, ExportWriteError, FileExport, FileExportError};
pub use file_export::{FileExportOption, PreparedExport};
pub use hooks::{Hooks, ModelSink, Progress, SinkError};
pub use listing::{Hopeless, LISTING_LIMIT, LISTING_RATE};
pub use options::{CountOptions, EnumerationOption, Method};
pub use progress::{counter_line, ProgressDisplay};
pub use report::{
    CounterReport, DroppedOrbits, EnumerationReport, Printed, ReportContext, WeightedReport,
};
pub use result::{CnfCount, Counted, Enumerated, Reason, Weighted};
pub use slowness::{Sign, Slowness, Watched};
pub use spelling::Spelling;
pub use switch::{FIRST_LOOK, LONG, STRAGGLER};
pub use zero_one_model::dimacs::Cnf;

use zero_one_model::{Clauses, StopFlag};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// Cubes the default split aims at: enough to keep every thread busy and each cube's blocking
/// clauses few (measured: docs/src/counting-cnf.md).
pub const DEFAULT_TARGET_CUBES: usize = 512;

/// Cubes the default split aims at when counting orbits: the lex-leader constraints make
/// each cube's setup dearer, and fewer cubes measured faster (docs/src/symmetries.md,
/// "Symmetries of any file").
pub const ORBIT_TARGET_CUBES: usize = 16;

/// Counts the models of `cnf` (projected onto its projection when it has one; weighted
/// when it has weights) as `options` say, stopping when `hooks.stop` is raised.
///
/// A count stopped by `hooks.stop` is no error: the result says it was interrupted
/// (with the partial count of the cubes finished, for an enumeration).
///
/// # Errors
/// [`CnfCountError`]: options the method cannot honour (checked first, as
/// [`CountOptions::check`] does), a count too large to write, a file the model counter
/// cannot take, a failure of a backend or of the counter, or the [`ModelSink`]'s refusal.
pub fn count(
    cnf: Cnf,
    options: &CountOptions<'_>,
    hooks: &Hooks<'_>,
) -> Result<CnfCount, CnfCountError> {
    let plan = options.plan()?;
    let run = Run {
        options,
        hooks,
        stop: hooks.stop.clone().unwrap_or_default(),
    };
    if options.compile {
        let reason = counter::compile_plan(&cnf, options, plan)?;
        return counter::compile(&cnf, &run, reason).map(CnfCount::Counted);
    }
    if cnf.weights.is_some() {
        let reason = weighted::plan(options, plan)?;
        return weighted::count(&cnf, &run, reason).map(CnfCount::Weighted);
    }
    match plan {
        options::Plan::Counter(reason) => {
            // The same refusal of a count too large to write as enumeration makes.
            count_engine::needed(&cnf)?;
            // The file's clauses are laid out again in the core: the copy read is dropped
            // first, so that the two are not held while counting.
            let formula = Clauses::from_cnf(&cnf);
            drop(cnf);
            counter::count(&formula, &run, reason).map(CnfCount::Counted)
        }
        plan => enumerate::count(cnf, &run, plan),
    }
}

/// What every step of one count shares: its options, its hooks and the stop flag (the
/// caller's, or one of its own).
struct Run<'r> {
    options: &'r CountOptions<'r>,
    hooks: &'r Hooks<'r>,
    stop: StopFlag,
}
