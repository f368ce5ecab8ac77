//! The counting engine: exact counts of the solutions of any [`Problem`] through any
//! [`Backend`]. It knows nothing of boards or any other problem.
//!
//! A problem hands over its model (or independent parts, whose counts multiply), a list of
//! disjoint cubes that together cover every solution that counts, and a weight for each
//! checked solution (its orbit size under a symmetry, 1 without one). The engine counts the
//! cubes over threads, checks every solution against the model and its cube and for repeats
//! before the problem weighs it, keeps counts exact beyond 64 bits ([`num_bigint::BigUint`]),
//! and can resume from a checkpoint, count one shard of the cubes, stop cleanly and report
//! progress.
//!
//! [`ModelProblem`] is the plain client: the projected models of any model (a DIMACS file,
//! say), taken apart into independent parts and free variables and split into cubes from the
//! model's own clauses ([`split`]).
//!
//! Build a model, count it, and export it for an external solver:
//!
//! ```
//! use zero_one_model::dimacs::write_model;
//! use zero_one_model::{CnfOptions, Constraint, Model};
//! use count_engine::{run, Depth, ModelProblem, RunOptions};
//!
//! // Proper 2-colourings of a path a - b - c: one variable per vertex ("colour 1"),
//! // neighbours differ. Two colourings, and a variable d in no constraint doubles them.
//! let mut m = Model::new();
//! let v = m.new_vars(4);
//! for (x, y) in [(v[0], v[1]), (v[1], v[2])] {
//!     m.add(Constraint::Clause(vec![x.positive(), y.positive()]));
//!     m.add(Constraint::Clause(vec![x.negative(), y.negative()]));
//! }
//! let problem = ModelProblem::new(&m, Depth::Target(8), "path").unwrap();
//! let backend = dpll_enum::DpllBackend::default();
//! let outcome = run(&problem, &backend, &RunOptions::default()).unwrap();
//! assert_eq!(outcome.count.to_string(), "4");
//! assert_eq!(outcome.key.free_vars, 1);
//!
//! let mut file = Vec::new();
//! write_model(&m, &CnfOptions::default(), vec!["path colourings".into()], &mut file).unwrap();
//! assert!(String::from_utf8(file).unwrap().contains("p cnf 4 4"));
//! ```

mod check;
mod checkpoint;
mod cnf_model;
mod components;
mod count;
mod cube_count;
mod cube_solutions;
mod depth_text;
mod description;
mod error;
pub mod exact_json;
mod file_count;
mod file_optimize;
mod file_solve;
mod key;
mod limits;
mod listing;
mod merge_error;
mod merge_report;
mod model_count;
mod model_problem;
mod model_report;
mod optimal;
mod problem;
pub mod progress_bar;
mod residual;
mod resume;
mod run;
mod shard;
mod shard_read;
mod split;
// The one stable hash, shared with the DIMACS reader (zero-one-model).
use zero_one_model::stable_hash;
mod tally;
mod validate;

pub use check::{CheckIndex, Checker};
pub use checkpoint::Checkpoint;
pub use cnf_model::{cnf_model, model_of, needed, TooBig};
pub use components::{decompose, Decomposition};
pub use count::Count;
pub use cube_solutions::CubeSolutions;
pub use description::{Description, DescriptionError, ProblemParams};
pub use error::{EngineError, Overflowed};
pub use file_count::{count_file, FileCount, FileCountError, FileCounted};
pub use file_optimize::{optimize_file, FileOptimizeError, FileOptimized};
pub use file_solve::{solve_file, FileSolveError, FileSolved};
pub use key::{PartIndex, RunKey};
pub use listing::Listing;
pub use merge_error::MergeError;
pub use merge_report::MergeReport;
pub use model_count::{
    count_model, solve_model, ListError, Listed, ModelCount, ModelCountError, ModelCounted,
    ModelSolutions, SolveError, TARGET_CUBES,
};
pub use model_problem::{fingerprint, ModelParams, ModelProblem};
pub use model_report::ModelReport;
pub use num_bigint::BigUint;
pub use optimal::{count_optimal, OptimalCount, OptimalCountError};
pub use problem::{Cube, Problem, RejectedSolution, Weight};
pub use resume::Resume;
pub use run::{run, Outcome, Progress, RunOptions, SolutionHook};
pub use shard::{merge, BadShard, Merged, Shard, ShardFile, SHARD_VERSION};
pub use shard_read::{parse_shards, read_shard_files, ShardReadError, MAX_SHARD_BYTES};
pub use split::{split, Depth};
pub use tally::{combine, combine_orbits, count_bits, CubeResult, Tally, MAX_COUNT_BITS};
pub use zero_one_model::Backend;
pub use zero_one_model::Propagator;
