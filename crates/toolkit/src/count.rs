//! Exact counting, three ways, and the one call that chooses between them:
//!
//! - [`count_cnf`] counts a DIMACS file (a [`Cnf`](crate::formats::Cnf)) as `nqueens count
//!   --cnf` does: by enumeration or by the model counter, chosen by estimate
//!   ([`Method`]), projected onto its `c p show` lines, weighted when it has weights
//!   ([`Weighted`]), compiled into a decision-DNNF on request ([`CountOptions::compile`]).
//!   It returns a [`CnfCount`]; a [`Hooks`] value carries the stop flag and progress.
//! - The engine, [`run`], counts any [`Problem`] (a model as a [`ModelProblem`], or a problem
//!   with its own cubes and weights) through any [backend](crate::backends), over cubes and
//!   threads, with checkpoints and shards; every solution is checked against the model.
//!   [`count_model`] is the one call for a model (an OPB file) as `nqueens count opb`
//!   makes it, [`solve_model`] the checked listing `nqueens solve opb` prints.
//! - The model counter counts a [`Clauses`](crate::model::Clauses) core by component
//!   caching: [`count_clauses`], [`count_clauses_parallel`], [`count_weighted`] (exact
//!   rationals) and [`compile`] (a decision-DNNF, [`nnf`]).
//!
//! Three crates each had a `Progress` and two a `count`; here each has a name of its own:
//!
//! | name here | what it is | in its crate |
//! |---|---|---|
//! | [`count_cnf`] | a DIMACS file counted, the method chosen for you | `cnf_count::count` |
//! | [`count_clauses`] | a CNF core counted by the model counter | `sharpcount::count` |
//! | [`CnfProgress`] | how far [`count_cnf`] is: either of the two below | `cnf_count::Progress` |
//! | [`EngineProgress`] | the engine's cubes finished and solutions found | `count_engine::Progress` |
//! | [`CounterProgress`] | the model counter's decisions, conflicts, cache | `sharpcount::Progress` |
//! | [`Counted`] | a file counted by the model counter, with why and how | `cnf_count::Counted` |
//! | [`ClausesCount`] | [`count_clauses`]'s count and statistics | `sharpcount::Counted` |
//! | [`CounterOptions`], [`CounterError`], [`CounterStats`] | the model counter's own | `sharpcount::{Options, Error, Stats}` |
//! | [`merge_shards`] | shard files merged into one count | `count_engine::merge` |
//! | [`CountFileOutcome`] | how all of `count cnf` ([`CountFile::run`]) ended | `cnf_count::Outcome` |
//!
//! ```
//! use nqueens_kit::count::{count_cnf, CountOptions, Hooks};
//! use nqueens_kit::formats::read_dimacs;
//!
//! // x1 ∨ x2 ∨ x3, projected onto x1 and x2: every (x1, x2) extends to a model.
//! let cnf = read_dimacs("p cnf 3 1\nc p show 1 2 0\n1 2 3 0\n".as_bytes())?;
//! let counted = count_cnf(cnf, &CountOptions::default(), &Hooks::default())?;
//! assert_eq!(counted.count().map(|n| n.to_string()), Some("4".into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The one call for a DIMACS file (crate `cnf-count`).
/// What `nqueens count cnf` prints, as library types (JSON and one line of text).
pub use cnf_count::report;
pub use cnf_count::{
    count as count_cnf, CnfCount, CnfCountError, CountOptions, Counted, Enumerated,
    EnumerationOption, FileFacts, Hooks, Method, ModelSink, Progress as CnfProgress,
    ProgressDisplay as CnfProgressDisplay, Reason, SinkError, Spelling, Weighted,
    DEFAULT_TARGET_CUBES, FIRST_LOOK, LONG, ORBIT_TARGET_CUBES,
};
pub use cnf_count::{CountFile, CountFileError, Outcome as CountFileOutcome};

// The engine (crate `count-engine`).
/// Exact integers of any size in JSON, as the engine's reports write them.
pub use count_engine::exact_json;
pub use count_engine::{
    cnf_model, combine, combine_orbits, count_bits, count_model, decompose, fingerprint,
    merge as merge_shards, model_of, needed, run, solve_model, split, BadShard, BigUint,
    CheckIndex, Checker, Checkpoint, Count, Cube, CubeResult, Decomposition, Depth, Description,
    DescriptionError, EngineError, MergeError, MergeReport, Merged, ModelCount, ModelCountError,
    ModelCounted, ModelParams, ModelProblem, ModelReport, ModelSolutions, Outcome, Overflowed,
    PartIndex, Problem, ProblemParams, Progress as EngineProgress, RejectedSolution, Resume,
    RunKey, RunOptions, Shard, ShardFile, SolutionHook, SolveError, Tally, TooBig, Weight,
    MAX_COUNT_BITS, SHARD_VERSION, TARGET_CUBES,
};
/// A file's model counted or solved in one call, as `nqueens count opb` and `solve opb` do.
pub use count_engine::{count_file, FileCount, FileCountError, FileCounted};
pub use count_engine::{parse_shards, read_shard_files, ShardReadError, MAX_SHARD_BYTES};
pub use count_engine::{solve_file, FileSolveError, FileSolved};
pub use count_engine::{ListError, Listed};

// The model counter (crate `sharpcount`).
/// Decision-DNNF: the compiled formula ([`compile`]), d4's format written and read back
/// ([`nnf::read_d4`]) and counted.
pub use sharpcount::nnf;
pub use sharpcount::{
    compile, count as count_clauses, count_parallel as count_clauses_parallel, count_weighted,
    BigRational, Compiled, Counted as ClausesCount, Error as CounterError, FormulaError,
    Options as CounterOptions, PreprocessStats, Progress as CounterProgress, Stats as CounterStats,
    WeightedCount, Weights, DEFAULT_CACHE_MB,
};
