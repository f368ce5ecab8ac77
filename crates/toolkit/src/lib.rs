//! The nqueens toolkit in one dependency: 0-1 models and their CNF and ILP lowerings, DIMACS,
//! OPB, LP and MPS files, exact (projected, weighted) model counting by enumeration or by
//! component caching, solver backends, optimisation, certified counts, symmetries, and the
//! N-Queens client, re-exported by topic:
//!
//! | module | what it holds |
//! |---|---|
//! | [`model`] | [`Model`](model::Model), [`Var`](model::Var), [`Lit`](model::Lit), [`Constraint`](model::Constraint), [`Objective`](model::Objective); the AMO, cardinality and PB encodings ([`CnfOptions`](model::CnfOptions)); lowering to CNF and ILP; the CNF core [`Clauses`](model::Clauses) |
//! | [`formats`] | DIMACS (projection, weights, MCC, iCNF), OPB, LP, MPS; solvers' answers |
//! | [`count`] | [`count_cnf`](count::count_cnf), the one call for a DIMACS file; the engine ([`run`](count::run)); the model counter ([`count_clauses`](count::count_clauses), weighted, d-DNNF) |
//! | [`backends`] | the [`Backend`](backends::Backend) trait; DPLL, varisat, ILP, external programs; the registry [`build`](backends::build); [`StopFlag`](backends::StopFlag) |
//! | [`optimize`] | [`optimize`](optimize::optimize) (the answer checked), the optimisers, [`count_optimal`](optimize::count_optimal) |
//! | [`certify`] | proof bundles and their independent checker, [`verify`](certify::verify) |
//! | [`symmetry`] | automorphisms of any CNF, orbit counting, lex-leader breaking |
//! | [`queens`] | the N-Queens client: formulations, checker, oracle, OEIS, board counts; queen domination |
//! | [`prelude`] | the items a newcomer uses first |
//! | [`layers`] | every crate above, whole, under its own names |
//!
//! Where two crates used one name for two things, the topic module renames one of them and
//! says which is which in its docs ([`count`]: three `Progress`es and two `count`s;
//! [`certify`]: two `Certified`s). Every call is the one the `nqueens` command line makes.
//!
//! # A tour: from a DIMACS file to a certified count
//!
//! **Read a DIMACS file.** The reader takes any `BufRead` (a file:
//! `read_dimacs(BufReader::new(File::open(path)?))`); its `c p show` line is the projection,
//! the variables whose distinct values are counted. Here: not both x1 and x2, not both x2
//! and x3, and x1 ∨ x2 ∨ x3 ∨ x4, projected onto x1..x3.
//!
//! ```
//! use nqueens_kit::prelude::*;
//!
//! let text = "p cnf 4 3\nc p show 1 2 3 0\n-1 -2 0\n-2 -3 0\n1 2 3 4 0\n";
//! let cnf = read_dimacs(text.as_bytes())?;
//! assert_eq!((cnf.num_vars, cnf.clauses.len()), (4, 3));
//! assert_eq!(cnf.shown.as_ref().map(Vec::len), Some(3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Count it.** One call, as `nqueens count cnf` makes it: enumeration (cubes over
//! threads, every model checked against every clause), handed to the model counter when
//! the finished cubes show it would take long. Of the 8 values of x1..x3, those with x2 and
//! a neighbour true fail: 5 remain, each extended to a model by x4.
//!
//! ```
//! # use nqueens_kit::prelude::*;
//! # let cnf = read_dimacs("p cnf 4 3\nc p show 1 2 3 0\n-1 -2 0\n-2 -3 0\n1 2 3 4 0\n".as_bytes())?;
//! let counted = count_cnf(cnf, &CountOptions::default(), &Hooks::default())?;
//! assert_eq!(counted.count().map(|n| n.to_string()), Some("5".into()));
//! assert!(!counted.interrupted());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Choose the method, or call the model counter yourself.** [`count::Method`] picks
//! enumeration or the counter; the counter alone borrows the file's CNF core,
//! [`Clauses`](model::Clauses):
//!
//! ```
//! # use nqueens_kit::prelude::*;
//! use nqueens_kit::count::{count_clauses, CnfCount, CounterOptions, Method};
//! use nqueens_kit::model::Clauses;
//! # let cnf = read_dimacs("p cnf 4 3\nc p show 1 2 3 0\n-1 -2 0\n-2 -3 0\n1 2 3 4 0\n".as_bytes())?;
//!
//! let mut options = CountOptions::default();
//! options.method = Method::Counter;
//! let CnfCount::Counted(counted) = count_cnf(cnf.clone(), &options, &Hooks::default())? else {
//!     panic!("the counter was asked for")
//! };
//! assert_eq!(counted.count.map(|n| n.to_string()), Some("5".into()));
//!
//! let core = count_clauses(&Clauses::from_cnf(&cnf), &CounterOptions::default())?;
//! assert_eq!(core.count.to_string(), "5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Build a model instead.** Constraints are typed values, lowered later with the
//! encodings you choose; the engine counts a [`ModelProblem`](count::ModelProblem) through
//! any backend, here the DPLL enumerator and, from the registry, varisat. `show` names the
//! variables that count.
//!
//! ```
//! use nqueens_kit::prelude::*;
//! use nqueens_kit::backends::{build, BackendKind, Settings};
//!
//! // Exactly two of x0..x3, shown x0..x2: C(4,2) = 6 models, 6 distinct on x0..x2 too.
//! let mut m = Model::new();
//! let x = m.new_vars(4);
//! let lits: Vec<Lit> = x.iter().map(|v| v.positive()).collect();
//! m.add(Constraint::Cardinality { lits, cmp: Cmp::Exactly, k: 2 });
//! m.show(x[..3].iter().copied());
//! let problem = ModelProblem::new(&m, Depth::Levels(1), "two of four")?;
//! let by_dpll = run(&problem, &DpllBackend::default(), &RunOptions::default())?;
//! let varisat = build(BackendKind::Sat, &Settings::default())?;
//! let by_varisat = run(&problem, varisat.as_ref(), &RunOptions::default())?;
//! assert_eq!((by_dpll.count.to_string(), by_varisat.count.to_string()), ("6".into(), "6".into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Write it out, optimise it.** The same model as DIMACS (with its `c p show` line) or
//! as LP, MPS or OPB; with an objective, [`optimize::optimize`] finds the optimum and checks
//! it against every constraint.
//!
//! ```
//! use nqueens_kit::prelude::*;
//! use nqueens_kit::formats::{write_dimacs, IlpFormat};
//! use nqueens_kit::model::lower_to_ilp;
//! use nqueens_kit::optimize::{optimize, Optimized, SatOptimizer};
//!
//! // Pick at most two of three items of values 1, 2, 2: the best is 4.
//! let mut m = Model::new();
//! let x: Vec<Lit> = (0..3).map(|i| m.new_var(format!("x{i}")).positive()).collect();
//! m.add(Constraint::Cardinality { lits: x.clone(), cmp: Cmp::AtMost, k: 2 });
//! m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(1, x[0]), (2, x[1]), (2, x[2])] })?;
//!
//! let mut cnf = Vec::new();
//! write_dimacs(&m, &CnfOptions::default(), vec!["two of three".into()], &mut cnf)?;
//! assert!(String::from_utf8(cnf)?.contains("c p show 1 2 3 0"));
//! let mut opb = Vec::new();
//! IlpFormat::Opb.write(&lower_to_ilp(&m), "items", "two of three", &mut opb)?;
//! assert!(String::from_utf8(opb)?.contains("min:")); // OPB minimises: the values negated
//!
//! let Optimized::Found(best) = optimize(&m, &SatOptimizer::default(), None, &mut |_| {})? else {
//!     panic!("feasible")
//! };
//! assert_eq!((best.value, best.proved), (4, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **A certified count.** The same one call, with a [`CertifySink`](certify::CertifySink)
//! taking every model: the bundle (the models, the blocking clauses, a DRAT proof) is written
//! when the count ends, and the independent checker, which shares no code with anything that
//! counted, re-reads it and finds the count again.
//!
//! ```
//! use nqueens_kit::prelude::*;
//! use nqueens_kit::certify::{formula_of, verify, CertifySink, Finished, ProducedBy};
//!
//! # let cnf = read_dimacs("p cnf 4 3\nc p show 1 2 3 0\n-1 -2 0\n-2 -3 0\n1 2 3 4 0\n".as_bytes())?;
//! let dir = tempfile::tempdir()?;
//! let bundle = dir.path().join("bundle");
//! let stop = StopFlag::new();
//! let sink = CertifySink::new(&bundle, Some(stop.clone()));
//! sink.set_formula(formula_of(&cnf)?);
//! let mut options = CountOptions::default();
//! options.models = Some(&sink);
//! let hooks = Hooks { stop: Some(stop.clone()), ..Hooks::default() };
//! let counted = count_cnf(cnf, &options, &hooks)?;
//!
//! let certifier = sink.into_certifier().expect("the count began");
//! certifier.check_cap()?;
//! let Finished::Written(written) = certifier.finish(1, ProducedBy::new("tour", "0"))? else {
//!     panic!("not stopped")
//! };
//! assert_eq!(written.summary().models, 5);
//! let verified = verify(&bundle)?;
//! assert_eq!(counted.count().map(|n| n.to_string()), Some(verified.count.to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **A count certified by the model counter.** One call counts a file with the model
//! counter and writes a CPOG certificate of the count (Bryant, Nawrocki, Avigad & Heule,
//! SAT 2023: the counter's compiled formula, and a proof that it is the file's); the
//! independent checker counts the certified graph again. CPOG states unprojected counts of
//! satisfiable files only.
//!
//! ```
//! use nqueens_kit::prelude::*;
//! use nqueens_kit::certify::{cpog::write_cpog_bundle, verify_cpog, ProducedBy};
//! use nqueens_kit::count::CounterOptions;
//!
//! let cnf = read_dimacs("p cnf 3 2\n1 2 0\n-1 3 0\n".as_bytes())?;
//! let dir = tempfile::tempdir()?;
//! let bundle = dir.path().join("cpog");
//! let by = ProducedBy::new("tour", "0");
//! let counted = write_cpog_bundle(&bundle, &cnf, &CounterOptions::default(), by)?;
//! assert_eq!((counted.count.clone(), verify_cpog(&bundle)?.count), (4u32.into(), 4u32.into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate's `examples/` take each step further, each on a problem whose count is known:
//! colourings, a knapsack (counted, optimised, exported), a projected DIMACS count and its
//! certificates (by enumeration, and by the model counter), a weighted count, a compiled d-DNNF, a pseudo-Boolean constraint under every
//! encoding, and a count stopped from another thread.

pub mod backends;
pub mod certify;
pub mod count;
pub mod formats;
pub mod layers;
pub mod model;
pub mod optimize;
pub mod prelude;
pub mod queens;
pub mod symmetry;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
