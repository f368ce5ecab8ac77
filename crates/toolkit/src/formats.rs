//! Files in and out: DIMACS CNF (read with its projection lines and weights, written from a
//! model in three dialects: plain with `c p show`, the Model Counting Competition's
//! [`DimacsDialect::Mcc`], incremental CNF [`DimacsDialect::Icnf`] with cubes), OPB (read
//! into a model with its objective, and written), CPLEX LP and free MPS (written from
//! [`lower_to_ilp`](crate::model::lower_to_ilp)'s 0-1 ILP, one choice of three:
//! [`IlpFormat`]), and solvers' answers: SAT-competition output
//! ([`parse_solver_output`]) and an external solver's answer for an exported file, checked
//! against every clause or row ([`decode_answer`]). A model read from a file is written
//! for other solvers in one request, as `nqueens encode opb` writes it: [`FileExport`].
//!
//! Renamed here: the DIMACS writer of a model is [`write_dimacs`] (`write_model` in its
//! crate), its dialect [`DimacsDialect`], the DIMACS reader's error [`DimacsError`], the OPB
//! solution lines [`OpbSolutionReport`], the solver-output error [`SolverOutputError`] and
//! the ILP answer reader [`read_ilp_answer`]. The submodules hold everything under the names
//! of the crate `model-formats`, through its facade `zero-one-model`.
//!
//! ```
//! use nqueens_kit::formats::{read_dimacs, write_dimacs};
//! use nqueens_kit::model::{CnfOptions, Constraint, Model};
//!
//! let mut m = Model::new();
//! let x = m.new_vars(3);
//! m.add(Constraint::AtMostOne(x.iter().map(|v| v.positive()).collect()));
//! m.show([x[0], x[1]]);
//! let mut file = Vec::new();
//! write_dimacs(&m, &CnfOptions::default(), vec!["at most one of three".into()], &mut file)?;
//! let back = read_dimacs(&file[..])?;
//! assert_eq!((back.num_vars, back.clauses.len()), (3, 3));
//! assert_eq!(back.shown.map(|s| s.len()), Some(2)); // the `c p show 1 2 0` line
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use cnf_count::{ExportSpelling, ExportWriteError, FileExport, FileExportError};
pub use cnf_count::{FileExportOption, PreparedExport};
pub use zero_one_model::answer::{decode_answer, DecodeError, Decoded};
pub use zero_one_model::dimacs::{
    read_dimacs, read_dimacs_with, write_model as write_dimacs,
    write_model_with as write_dimacs_with, Cnf, Dialect as DimacsDialect, DimacsHeader,
    DimacsWriter, ParseError as DimacsError, ReadOptions, WriteModelError,
};
pub use zero_one_model::ilp::lp::write_lp;
pub use zero_one_model::ilp::mps::write_mps;
pub use zero_one_model::ilp::opb::write_opb;
pub use zero_one_model::ilp::{
    read_answer as read_ilp_answer, AnswerError, AnswerFormat, IlpAnswer, IlpFormat, InexactNumber,
};
pub use zero_one_model::opb::{
    read_opb, OpbError, OpbInstance, SolutionReport as OpbSolutionReport,
};
pub use zero_one_model::solver_output::{
    parse_solver_output, OutputError as SolverOutputError, SolverAnswer,
};

/// External solvers' answers for an exported file (DIMACS, LP, MPS, OPB), decoded and checked.
pub use zero_one_model::answer;
/// The DIMACS reader and writer, under their own names.
pub use zero_one_model::dimacs;
/// The 0-1 ILP and its LP, MPS and OPB writers and answer readers.
pub use zero_one_model::ilp;
/// The OPB reader and the PB competition's solution lines.
pub use zero_one_model::opb;
/// SAT-competition solver output (`s SATISFIABLE`, `v ...` lines).
pub use zero_one_model::solver_output;
