//! Optimisation by bounds on the encoded objective: the model is lowered to CNF once into one
//! incremental varisat solver, and each bound `objective <= b` is lowered with a
//! pseudo-Boolean encoding ([`zero_one_model::PbEncoding`]) and added to the same solver, so
//! what it learned stays. Two searches ([`Search`]):
//!
//! - linear (SAT-UNSAT, as MiniSat+: Eén & Sörensson, "Translating pseudo-Boolean
//!   constraints into SAT", JSAT 2006): each solution of value v adds `objective <= v - 1`
//!   for good, until the solver answers UNSAT, which proves the last value optimal;
//! - binary: between the least value the objective can take and the best found, each probe
//!   `objective <= mid` is added under an activation literal and solved under that
//!   assumption; a satisfiable probe makes its bound permanent, a refuted one retires it.
//!
//! Maximisation minimises the negated objective. Every solution returned is checked against
//! every constraint of the model and its value recomputed ([`Optimum::check`]).

use crate::{stop, NAME};
use varisat::{ExtendFormula, Solver};
use zero_one_model::pb::PbError;
use zero_one_model::{
    lower_to_cnf, lower_to_cnf_until, BackendError, BackendErrorKind, BackendName, Capabilities,
    ClauseSink, Cmp, CnfOptions, Lit, Model, Optimized, Optimizer, Optimum, PbEncoding, Search,
    Sense, StopFlag, VarAlloc,
};

/// What [`optimize`] is given besides the model.
#[derive(Clone, Debug, Default)]
pub struct OptimizeOptions {
    /// Encodings for the model's constraints; `pb` also encodes the bounds on the objective.
    pub cnf: CnfOptions,
    /// How the bound moves.
    pub search: Search,
    /// When raised, the search ends soon with the best solution so far, not proved.
    pub stop: Option<StopFlag>,
}

/// Adds clauses to the solver, each with `¬guard` when a guard is set.
struct SolverSink<'a> {
    solver: &'a mut Solver<'static>,
    guard: Option<Lit>,
    buf: Vec<varisat::Lit>,
}

fn to_varisat(l: Lit) -> varisat::Lit {
    varisat::Lit::from_index(l.var().index(), l.is_positive())
}

impl ClauseSink for SolverSink<'_> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| to_varisat(l)));
        if let Some(g) = self.guard {
            self.buf.push(to_varisat(!g));
        }
        self.solver.add_clause(&self.buf);
    }
}

/// The objective as a minimisation over `i64` terms whose every partial sum fits in `i64`.
struct MinForm {
    terms: Vec<(i64, Lit)>,
    /// The least value the terms can take (every negative coefficient's literal true).
    floor: i64,
    /// -1 when the model maximises (values are negated back on the way out), else 1.
    sign: i128,
}

impl MinForm {
    fn of(model: &Model) -> Result<MinForm, BackendError> {
        let objective = model.objective().ok_or_else(|| {
            BackendError::with_kind(
                BackendErrorKind::InvalidInput,
                NAME,
                "the model has no objective to optimise",
            )
        })?;
        let total: i128 = objective
            .terms
            .iter()
            .map(|&(a, _)| i128::from(a).abs())
            .sum();
        if total > i128::from(i64::MAX) {
            return Err(BackendError::with_kind(
                BackendErrorKind::Unsupported,
                NAME,
                format!(
                    "the objective's coefficients add up to {total}, past 2^63: its bounds do not fit the 64-bit pseudo-Boolean encodings"
                ),
            ));
        }
        let sign = match objective.sense {
            Sense::Minimize => 1,
            Sense::Maximize => -1,
        };
        // Cannot overflow: |a| <= total <= i64::MAX, so -a fits too.
        let terms: Vec<(i64, Lit)> = objective
            .terms
            .iter()
            .map(|&(a, l)| (a * sign as i64, l))
            .collect();
        let floor = terms.iter().map(|&(a, _)| a.min(0)).sum();
        Ok(MinForm { terms, floor, sign })
    }

    /// The minimised value under `assignment`.
    fn value(&self, assignment: &[bool]) -> i64 {
        self.terms
            .iter()
            .filter(|(_, l)| l.eval(assignment))
            .map(|&(a, _)| a)
            .sum()
    }
}

/// One incremental solver over the lowered model and the bounds added so far.
struct Bounded<'m> {
    model: &'m Model,
    solver: Solver<'static>,
    vars: VarAlloc,
    options: &'m OptimizeOptions,
    form: MinForm,
    solves: u64,
}

/// Whether the stop flag of `options` is raised.
fn stopped(options: &OptimizeOptions) -> bool {
    options.stop.as_ref().is_some_and(|f| f.is_raised())
}

/// The answer of one solve.
enum Answer {
    Sat(Vec<bool>, i64),
    Unsat,
    Stopped,
}

impl<'m> Bounded<'m> {
    /// The solver over the lowered model, or `None` when the stop flag was raised meanwhile.
    fn new(
        model: &'m Model,
        options: &'m OptimizeOptions,
    ) -> Result<Option<Bounded<'m>>, BackendError> {
        let form = MinForm::of(model)?;
        let mut solver = Solver::new();
        if let Some(flag) = &options.stop {
            stop::watch_incremental(&mut solver, flag.clone());
        }
        let mut sink = SolverSink {
            solver: &mut solver,
            guard: None,
            buf: Vec::new(),
        };
        let lowered = match &options.stop {
            Some(stop) => lower_to_cnf_until(model, &options.cnf, stop, &mut sink),
            None => lower_to_cnf(model, &options.cnf, &mut sink),
        };
        if stopped(options) {
            return Ok(None);
        }
        let info = lowered.map_err(|e| BackendError::not_lowered(NAME, e))?;
        Ok(Some(Bounded {
            model,
            solver,
            vars: VarAlloc::starting_at(info.vars()),
            options,
            form,
            solves: 0,
        }))
    }

    /// Adds `objective <= bound`, for good or under `guard`: `false` when the stop flag was
    /// raised meanwhile. A bound past the chosen encoding's size limit (a BDD over large
    /// weights) is encoded by the adder network, which grows only with the bits of the
    /// weights: the bound is the same constraint, only its clauses differ.
    fn add_bound(&mut self, bound: i64, guard: Option<Lit>) -> Result<bool, BackendError> {
        let chosen = self.options.cnf.pb;
        let mut encoding = chosen;
        loop {
            let mut sink = SolverSink {
                solver: &mut self.solver,
                guard,
                buf: Vec::new(),
            };
            let terms = &self.form.terms;
            let vars = &mut self.vars;
            let r = match &self.options.stop {
                Some(stop) => {
                    encoding.encode_linear_until(terms, Cmp::AtMost, bound, stop, vars, &mut sink)
                }
                None => encoding.encode_linear(terms, Cmp::AtMost, bound, vars, &mut sink),
            };
            // Clauses of an encoding that gave up only define fresh variables (its root is
            // asserted last), so they constrain nothing.
            match r {
                Ok(()) => return Ok(true),
                Err(PbError::Stopped { .. }) => return Ok(false),
                Err(PbError::TooLarge { .. }) if encoding != PbEncoding::Adder => {
                    encoding = PbEncoding::Adder;
                }
                Err(e) => {
                    return Err(BackendError::with_kind(
                        BackendErrorKind::Unsupported,
                        NAME,
                        format!("the bound objective <= {bound} cannot be encoded ({chosen})"),
                    )
                    .with_source(e))
                }
            }
        }
    }

    fn solve(&mut self, assume: &[Lit]) -> Result<Answer, BackendError> {
        if stopped(self.options) {
            return Ok(Answer::Stopped);
        }
        let assumptions: Vec<varisat::Lit> = assume.iter().map(|&l| to_varisat(l)).collect();
        self.solver.assume(&assumptions);
        self.solves += 1;
        match self.solver.solve() {
            Ok(false) => Ok(Answer::Unsat),
            Ok(true) => {
                let mut assignment = vec![false; self.model.num_vars()];
                for l in self.solver.model().expect("a model after SAT") {
                    if l.index() < assignment.len() {
                        assignment[l.index()] = l.is_positive();
                    }
                }
                let value = self.form.value(&assignment);
                Ok(Answer::Sat(assignment, value))
            }
            Err(e) if stop::is_stop(&e, self.options.stop.as_ref()) => Ok(Answer::Stopped),
            Err(e) => Err(BackendError::with_kind(
                BackendErrorKind::SolverFailed,
                NAME,
                "the solver failed",
            )
            .with_source(e)),
        }
    }

    /// The result in the model's sense, checked.
    fn found(
        &self,
        assignment: Vec<bool>,
        value: i64,
        bound: i64,
        proved: bool,
    ) -> Result<Optimized, BackendError> {
        let optimum = Optimum {
            value: self.form.sign * i128::from(value),
            assignment,
            proved,
            bound: self.form.sign * i128::from(bound),
            solves: self.solves,
        };
        optimum.check(self.model).map_err(|e| {
            BackendError::with_kind(
                BackendErrorKind::BadAnswer,
                NAME,
                "the solver's solution does not check",
            )
            .with_source(e)
        })?;
        Ok(Optimized::Found(optimum))
    }
}

/// The optimum of `model`'s objective under its constraints, by a SAT search over bounds
/// (see the module documentation); `on_better` hears each better value found, in the
/// model's sense.
///
/// ```
/// use zero_one_model::{Cmp, Constraint, Model, Objective, Optimized, Sense};
/// use varisat_enum::optimize::{optimize, OptimizeOptions};
/// let mut m = Model::new();
/// let x: Vec<_> = (0..3).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// // weights 2, 2, 3 at most 4; values 3, 2, 4
/// m.add(Constraint::Linear { terms: vec![(2, x[0]), (2, x[1]), (3, x[2])], cmp: Cmp::AtMost, rhs: 4 });
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(3, x[0]), (2, x[1]), (4, x[2])] })?;
/// let Optimized::Found(best) = optimize(&m, &OptimizeOptions::default(), &mut |_| {})? else { panic!() };
/// assert_eq!((best.value, best.proved), (5, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Kind [`BackendErrorKind::InvalidInput`] when the model has no objective,
/// [`BackendErrorKind::Unsupported`] when the model or a bound cannot be lowered (an encoding
/// too large, or objective coefficients adding up past `i64`), and
/// [`BackendErrorKind::SolverFailed`] or [`BackendErrorKind::BadAnswer`] when varisat fails.
pub fn optimize(
    model: &Model,
    options: &OptimizeOptions,
    on_better: &mut dyn FnMut(i128),
) -> Result<Optimized, BackendError> {
    let Some(mut b) = Bounded::new(model, options)? else {
        return Ok(Optimized::Stopped);
    };
    let (mut best, mut value) = match b.solve(&[])? {
        Answer::Unsat => return Ok(Optimized::Infeasible),
        Answer::Stopped => return Ok(Optimized::Stopped),
        Answer::Sat(a, v) => (a, v),
    };
    on_better(b.form.sign * i128::from(value));
    // The least value proved possible-or-below: nothing is below the floor.
    let mut low = b.form.floor;
    while low < value {
        let (bound, guard) = match options.search {
            Search::Linear => (value - 1, None),
            Search::Binary => (low + (value - 1 - low) / 2, Some(b.vars.fresh().positive())),
        };
        if stopped(options) || !b.add_bound(bound, guard)? {
            return b.found(best, value, low, false);
        }
        let assume: Vec<Lit> = guard.into_iter().collect();
        match b.solve(&assume)? {
            Answer::Stopped => return b.found(best, value, low, false),
            Answer::Sat(_, v) if v > bound => {
                return Err(BackendError::with_kind(
                    BackendErrorKind::BadAnswer,
                    NAME,
                    format!("a solution of value {v} under the bound objective <= {bound}"),
                ))
            }
            Answer::Sat(a, v) => {
                (best, value) = (a, v);
                on_better(b.form.sign * i128::from(value));
                if let Some(g) = guard {
                    b.solver.add_clause(&[to_varisat(g)]);
                }
            }
            Answer::Unsat => {
                low = bound + 1;
                if let Some(g) = guard {
                    b.solver.add_clause(&[to_varisat(!g)]);
                }
            }
        }
    }
    b.found(best, value, value, true)
}

/// [`optimize`] as an [`Optimizer`]: bounds on the objective encoded with `cnf.pb`, moved by
/// `search`. It stops soon when asked ([`Capabilities::stops`]), with the best solution so far,
/// not proved.
///
/// ```
/// use zero_one_model::{optimize, Cmp, Constraint, Model, Objective, Optimized, Sense};
/// use varisat_enum::optimize::SatOptimizer;
/// let mut m = Model::new();
/// let x: Vec<_> = (0..2).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.add(Constraint::Linear { terms: vec![(1, x[0]), (1, x[1])], cmp: Cmp::AtMost, rhs: 1 });
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(2, x[0]), (3, x[1])] })?;
/// let Optimized::Found(best) = optimize(&m, &SatOptimizer::default(), None, &mut |_| {})? else { panic!() };
/// assert_eq!((best.value, best.proved), (3, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct SatOptimizer {
    /// Encodings for the model's constraints; `pb` also encodes the bounds on the objective.
    pub cnf: CnfOptions,
    /// How the bound moves.
    pub search: Search,
}

impl SatOptimizer {
    /// With these encodings and this search.
    pub fn new(cnf: CnfOptions, search: Search) -> SatOptimizer {
        SatOptimizer { cnf, search }
    }
}

impl Optimizer for SatOptimizer {
    fn name(&self) -> BackendName {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.stops(true)
    }

    fn encoding(&self) -> Option<PbEncoding> {
        Some(self.cnf.pb)
    }

    fn search(&self) -> Option<Search> {
        Some(self.search)
    }

    /// # Errors
    /// As [`optimize`].
    fn optimize(
        &self,
        model: &Model,
        stop: Option<&StopFlag>,
        on_better: &mut dyn FnMut(i128),
    ) -> Result<Optimized, BackendError> {
        let options = OptimizeOptions {
            cnf: self.cnf,
            search: self.search,
            stop: stop.cloned(),
        };
        optimize(model, &options, on_better)
    }
}

#[cfg(test)]
mod tests;
