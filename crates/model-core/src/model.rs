//! The 0-1 model: named variables, constraints, and the projection ("shown") set that
//! counting and blocking work on.

use crate::{Clauses, Cmp, CnfLowering, Constraint, Lit, Objective, StopFlag, Var};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

mod lowered;

/// Names variables created without an explicit name (so a million variables cost no strings
/// until someone asks for a name).
pub type Namer = Arc<dyn Fn(Var) -> String + Send + Sync>;

/// A problem over 0-1 variables, independent of any solver or encoding.
#[derive(Clone, Default)]
pub struct Model {
    names: Vec<Option<Box<str>>>,
    namer: Option<Namer>,
    constraints: Vec<Constraint>,
    /// The projection: `None` until something is shown (every variable then).
    shown: Option<Vec<Var>>,
    shown_weight: Option<usize>,
    ints: Vec<IntDef>,
    objective: Option<Objective>,
    /// Its lowerings to CNF, kept until the model changes ([`Model::lowered`]).
    lowerings: lowered::Lowerings,
}

/// An integer defined as a weighted sum of model variables (a row's column, say), in the
/// range `lo..=hi`. The range is a constraint in every lowering and in [`Model::check`]: ILP
/// lowering makes the integer a general integer variable with these bounds, tied to its sum
/// by one equation, so ILP exports and solvers see the integer; CNF lowering adds `sum >= lo`
/// and `sum <= hi` as linear constraints unless the model already implies them (the
/// coefficients alone, a one-hot constraint over the integer's variables, or clauses that
/// exclude every out-of-range value of an integer over at most 16 variables), so a model
/// whose domain constraints keep its integers in range lowers as if it had none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntDef {
    /// The integer's name in exported files.
    pub name: String,
    /// Its value: the sum of the coefficients of the true variables.
    pub terms: Vec<(i64, Var)>,
    /// Lowest value.
    pub lo: i64,
    /// Highest value.
    pub hi: i64,
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("vars", &self.names.len())
            .field("constraints", &self.constraints)
            .field("shown", &self.shown)
            .field("objective", &self.objective)
            .finish()
    }
}

/// A constraint that an assignment breaks, found by [`Model::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The assignment does not cover every model variable.
    WrongLength {
        /// Variables in the model.
        expected: usize,
        /// Values in the assignment.
        found: usize,
    },
    /// The model declares that every solution has `declared` true shown variables (see
    /// [`Model::set_shown_weight`]); the assignment has `found`.
    ShownWeight {
        /// The declared number.
        declared: usize,
        /// True shown variables in the assignment.
        found: usize,
    },
    /// Constraint number `index` (0-based, in insertion order) does not hold.
    Constraint {
        /// Index of the broken constraint.
        index: usize,
        /// Its kind, as [`Constraint::kind`] names it.
        kind: &'static str,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongLength { expected, found } => write!(
                f,
                "assignment has {found} values but the model has {expected} variables"
            ),
            Violation::ShownWeight { declared, found } => write!(
                f,
                "assignment has {found} true shown variables but the model declares {declared}"
            ),
            Violation::Constraint { index, kind } => {
                write!(f, "{kind} constraint #{index} does not hold")
            }
        }
    }
}

impl std::error::Error for Violation {}

impl IntDef {
    /// The integer's value under `assignment` (indexed by variable).
    pub fn value(&self, assignment: &[bool]) -> i64 {
        self.terms
            .iter()
            .filter(|(_, v)| assignment[v.index()])
            .map(|(a, _)| a)
            .sum()
    }
}

impl Model {
    /// An empty model.
    pub fn new() -> Model {
        Model::default()
    }

    /// Adds a variable with a name used in exported files and messages.
    pub fn new_var(&mut self, name: impl Into<String>) -> Var {
        self.lowerings.forget();
        let v = Var::new(self.names.len() as u32);
        self.names.push(Some(name.into().into_boxed_str()));
        v
    }

    /// Adds `count` variables named by the namer (see [`Model::set_namer`]) and returns them
    /// all, numbered consecutively.
    pub fn new_vars(&mut self, count: usize) -> Vec<Var> {
        self.lowerings.forget();
        let first = self.names.len() as u32;
        self.names.resize(self.names.len() + count, None);
        (first..first + count as u32).map(Var::new).collect()
    }

    /// Sets how variables without an explicit name are named.
    pub fn set_namer(&mut self, namer: Namer) {
        self.namer = Some(namer);
    }

    /// Adds a constraint.
    ///
    /// # Panics
    /// When the constraint mentions a variable this model did not create; see
    /// [`Model::try_add`] for the checked form.
    #[track_caller]
    pub fn add(&mut self, c: Constraint) {
        if let Err(e) = self.try_add(c) {
            panic!("{e}");
        }
    }

    /// Adds a constraint, refusing one that mentions a variable this model did not create.
    ///
    /// ```
    /// use model_core::{Constraint, Model, ModelError, Var};
    /// let mut m = Model::new();
    /// let a = m.new_var("a");
    /// assert_eq!(m.try_add(Constraint::Clause(vec![a.positive()])), Ok(()));
    /// let stranger = Var::new(7);
    /// assert_eq!(
    ///     m.try_add(Constraint::Clause(vec![stranger.negative()])),
    ///     Err(ModelError::VarOutsideModel { var: stranger, num_vars: 1 })
    /// );
    /// assert_eq!(m.constraints().len(), 1);
    /// ```
    ///
    /// # Errors
    /// [`ModelError::VarOutsideModel`] naming the first such variable; the model is unchanged.
    pub fn try_add(&mut self, c: Constraint) -> Result<(), ModelError> {
        self.check_vars(c.lits().map(|l| l.var()))?;
        self.lowerings.forget();
        self.constraints.push(c);
        Ok(())
    }

    /// Checks that every literal is on a variable of this model.
    ///
    /// # Errors
    /// [`ModelError::VarOutsideModel`] naming the first one that is not.
    pub fn check_lits(&self, lits: &[Lit]) -> Result<(), ModelError> {
        self.check_vars(lits.iter().map(|l| l.var()))
    }

    fn check_vars(&self, vars: impl IntoIterator<Item = Var>) -> Result<(), ModelError> {
        match vars.into_iter().find(|v| v.index() >= self.names.len()) {
            Some(var) => Err(ModelError::VarOutsideModel {
                var,
                num_vars: self.names.len(),
            }),
            None => Ok(()),
        }
    }

    /// Marks variables as shown: the projection that counting and blocking use.
    ///
    /// # Panics
    /// When a variable is not in this model; see [`Model::try_show`] for the checked form.
    #[track_caller]
    pub fn show(&mut self, vars: impl IntoIterator<Item = Var>) {
        if let Err(e) = self.try_show(vars) {
            panic!("{e}");
        }
    }

    /// Marks variables as shown, refusing any this model did not create. The projection is a
    /// set: a variable already shown is not added again.
    ///
    /// # Errors
    /// [`ModelError::VarOutsideModel`] naming the first such variable; the model is unchanged.
    pub fn try_show(&mut self, vars: impl IntoIterator<Item = Var>) -> Result<(), ModelError> {
        let vars: Vec<Var> = vars.into_iter().collect();
        self.check_vars(vars.iter().copied())?;
        self.lowerings.forget();
        // A projection is a set: a variable shown twice (`c p show 1 1 0`) is shown once,
        // where it was first shown.
        let shown = self.shown.get_or_insert_with(Vec::new);
        let mut seen = vec![false; self.names.len()];
        for v in shown.iter() {
            seen[v.index()] = true;
        }
        for v in vars {
            if !std::mem::replace(&mut seen[v.index()], true) {
                shown.push(v);
            }
        }
        if let Some(k) = self.shown_weight
            && !self.proves_shown_weight(k)
        {
            self.shown_weight = None;
        }
        Ok(())
    }

    /// Declares that every solution has exactly `k` true shown variables (as in a one-hot
    /// model). Blocking clauses then need only the negations of the true ones: any other
    /// solution with those k variables true has no room for another true one, so it is the
    /// same projection.
    ///
    /// # Panics
    /// When the constraints do not prove the promise; see [`Model::try_set_shown_weight`].
    #[track_caller]
    pub fn set_shown_weight(&mut self, k: usize) {
        if let Err(e) = self.try_set_shown_weight(k) {
            panic!("{e}");
        }
    }

    /// [`Model::set_shown_weight`], accepted only when the model's own constraints prove it:
    /// exactly-one (or exactly-k cardinality) constraints over positive literals of disjoint
    /// sets of variables that together are the shown set, their bounds summing to `k` (the
    /// rows of a one-hot model). A promise nothing checks would make the short blocking
    /// clauses miss solutions, so an unproven one is refused; one that a later
    /// [`Model::show`] breaks is dropped (blocking clauses then cover the whole projection).
    ///
    /// # Errors
    /// [`ModelError::ShownWeightUnproven`]; the model is unchanged.
    pub fn try_set_shown_weight(&mut self, k: usize) -> Result<(), ModelError> {
        if !self.proves_shown_weight(k) {
            return Err(ModelError::ShownWeightUnproven { k });
        }
        self.shown_weight = Some(k);
        Ok(())
    }

    /// Whether disjoint exactly-k groups of positive shown literals cover the shown set with
    /// bounds summing to `k` (chosen greedily, in constraint order: a miss only refuses).
    fn proves_shown_weight(&self, k: usize) -> bool {
        let n = self.names.len();
        let mut shown = vec![false; n];
        for v in self.shown_iter() {
            shown[v.index()] = true;
        }
        let mut covered = vec![false; n];
        let mut sum = 0usize;
        for c in &self.constraints {
            let (lits, bound) = match c {
                Constraint::ExactlyOne(lits) => (lits, 1),
                Constraint::Cardinality {
                    lits,
                    cmp: Cmp::Exactly,
                    k,
                } => (lits, *k as usize),
                _ => continue,
            };
            let mut vars: Vec<usize> = lits.iter().map(|l| l.var().index()).collect();
            vars.sort_unstable();
            vars.dedup();
            let usable = vars.len() == lits.len()
                && lits.iter().all(|l| l.is_positive())
                && vars.iter().all(|&v| shown[v] && !covered[v]);
            if usable {
                vars.iter().for_each(|&v| covered[v] = true);
                sum += bound;
            }
        }
        sum == k && covered == shown
    }

    /// The declared number of true shown variables in every solution, if any.
    pub fn shown_weight(&self) -> Option<usize> {
        self.shown_weight
    }

    /// Defines an integer as a weighted sum of model variables, in `lo..=hi` (see [`IntDef`]).
    ///
    /// # Panics
    /// When a term mentions a variable this model did not create, or `lo > hi`; see
    /// [`Model::try_define_int`] for the checked form.
    #[track_caller]
    pub fn define_int(&mut self, def: IntDef) {
        if let Err(e) = self.try_define_int(def) {
            panic!("{e}");
        }
    }

    /// Defines an integer as a weighted sum of model variables, in `lo..=hi` (see [`IntDef`]),
    /// refusing a definition that does not fit the model.
    ///
    /// # Errors
    /// [`ModelError::VarOutsideModel`] when a term mentions a variable this model did not
    /// create, [`ModelError::EmptyIntRange`] when `lo > hi`; the model is unchanged.
    pub fn try_define_int(&mut self, def: IntDef) -> Result<(), ModelError> {
        self.check_vars(def.terms.iter().map(|&(_, v)| v))?;
        if def.lo > def.hi {
            return Err(ModelError::EmptyIntRange {
                name: def.name,
                lo: def.lo,
                hi: def.hi,
            });
        }
        self.lowerings.forget();
        self.ints.push(def);
        Ok(())
    }

    /// Sets the objective to minimise or maximise (replacing any earlier one). CNF lowering
    /// and counting do not look at it; the ILP lowering and the LP, MPS and OPB writers carry
    /// it, and optimisers read it.
    ///
    /// ```
    /// use model_core::{Model, Objective, Sense};
    /// let mut m = Model::new();
    /// let a = m.new_var("a");
    /// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(5, a.positive())] })
    ///     .unwrap();
    /// assert_eq!(m.objective().map(|o| o.value(&[true])), Some(5));
    /// ```
    ///
    /// # Errors
    /// [`ModelError::VarOutsideModel`] when a term mentions a variable this model did not
    /// create; the model is unchanged.
    pub fn try_set_objective(&mut self, objective: Objective) -> Result<(), ModelError> {
        self.check_vars(objective.terms.iter().map(|(_, l)| l.var()))?;
        self.objective = Some(objective);
        Ok(())
    }

    /// Drops the objective (the model becomes a feasibility problem again).
    pub fn clear_objective(&mut self) -> Option<Objective> {
        self.objective.take()
    }

    /// The objective, when the model has one.
    pub fn objective(&self) -> Option<&Objective> {
        self.objective.as_ref()
    }

    /// The model lowered to CNF with `options` (the encodings layer's `CnfOptions`), lowered
    /// once: later calls with the same encodings (any encodings, for a model of clauses
    /// alone) share the first lowering, until the model changes. [`Clauses::lower`] lowers
    /// afresh.
    ///
    /// # Errors
    /// As [`Clauses::lower`].
    ///
    /// [`Clauses::lower`]: crate::Clauses::lower
    pub fn lowered<L: CnfLowering>(&self, options: &L) -> Result<Arc<Clauses>, L::Error> {
        self.lowerings.get(self, options, None)
    }

    /// [`Model::lowered`], given up once `stop` is raised: a backend preparing the model on
    /// a worker thread passes its own flag, so a stop raised on any thread reaches the
    /// lowering. A stopped lowering is not kept; the next call lowers afresh.
    ///
    /// # Errors
    /// As [`Clauses::lower_until`].
    ///
    /// [`Clauses::lower_until`]: crate::Clauses::lower_until
    pub fn lowered_until<L: CnfLowering>(
        &self,
        options: &L,
        stop: &StopFlag,
    ) -> Result<Arc<Clauses>, L::Error> {
        self.lowerings.get(self, options, Some(stop))
    }

    /// Whether every constraint is a clause and no integer is defined: no encoding choice
    /// changes its lowering.
    pub(crate) fn has_only_clauses(&self) -> bool {
        self.ints.is_empty()
            && self
                .constraints
                .iter()
                .all(|c| matches!(c, Constraint::Clause(_)))
    }

    /// The integers defined over the model's variables.
    pub fn ints(&self) -> &[IntDef] {
        &self.ints
    }

    /// Number of model variables (auxiliary variables of encodings are not included).
    pub fn num_vars(&self) -> usize {
        self.names.len()
    }

    /// The name of a variable: its explicit name, else the namer's, else `v<DIMACS number>`.
    ///
    /// # Panics
    /// When `v` is not a variable of this model.
    pub fn name(&self, v: Var) -> Cow<'_, str> {
        match (&self.names[v.index()], &self.namer) {
            (Some(name), _) => Cow::Borrowed(name),
            (None, Some(namer)) => Cow::Owned(namer(v)),
            (None, None) => Cow::Owned(format!("v{}", v.to_dimacs())),
        }
    }

    /// The literals of a full assignment by name, as the PB competition's `v` line lists
    /// them: the variable's [`Model::name`] when it is true, `-` and the name when false.
    ///
    /// ```
    /// use model_core::Model;
    /// let mut m = Model::new();
    /// m.new_var("a");
    /// m.new_var("b");
    /// assert_eq!(m.literal_names(&[true, false]), ["a", "-b"]);
    /// ```
    ///
    /// # Panics
    /// When `assignment` is longer than the model's variables.
    pub fn literal_names(&self, assignment: &[bool]) -> Vec<String> {
        assignment
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                let name = self.name(Var::new(i as u32));
                if b {
                    name.into_owned()
                } else {
                    format!("-{name}")
                }
            })
            .collect()
    }

    /// The constraints, in insertion order.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The projection set: the shown variables, or every variable when [`Model::show`] was
    /// never called. `show([])` makes the projection empty: the count is then 1 when the
    /// model is satisfiable and 0 when not.
    pub fn shown(&self) -> Vec<Var> {
        self.shown_iter().collect()
    }

    /// [`Model::shown`] without collecting it (blocking clauses are built per solution).
    fn shown_iter(&self) -> Box<dyn Iterator<Item = Var> + '_> {
        match &self.shown {
            None => Box::new((0..self.names.len() as u32).map(Var::new)),
            Some(shown) => Box::new(shown.iter().copied()),
        }
    }

    /// Checks an assignment of the model variables against every constraint.
    ///
    /// # Errors
    /// The first constraint that does not hold, or a length mismatch.
    pub fn check(&self, assignment: &[bool]) -> Result<(), Violation> {
        if assignment.len() != self.names.len() {
            return Err(Violation::WrongLength {
                expected: self.names.len(),
                found: assignment.len(),
            });
        }
        for (index, c) in self.constraints.iter().enumerate() {
            if !c.holds(assignment) {
                return Err(Violation::Constraint {
                    index,
                    kind: c.kind(),
                });
            }
        }
        for (index, def) in self.ints.iter().enumerate() {
            if !(def.lo..=def.hi).contains(&def.value(assignment)) {
                return Err(Violation::Constraint {
                    index: self.constraints.len() + index,
                    kind: "integer range",
                });
            }
        }
        Ok(())
    }

    /// The clause that excludes the given values of the projection set (a blocking clause):
    /// over every shown variable, or, when a shown weight is declared, over the true ones only.
    /// `assignment` may go on past the model's variables (auxiliaries); those values are
    /// ignored.
    ///
    /// # Errors
    /// [`Violation::WrongLength`] when `assignment` does not cover every model variable;
    /// [`Violation::ShownWeight`] when a shown weight is declared and the assignment breaks it
    /// (the clause would not be exact).
    pub fn blocking_clause(&self, assignment: &[bool]) -> Result<Vec<Lit>, Violation> {
        if assignment.len() < self.names.len() {
            return Err(Violation::WrongLength {
                expected: self.names.len(),
                found: assignment.len(),
            });
        }
        let shown = self.shown_iter();
        match self.shown_weight {
            None => Ok(shown.map(|v| v.lit(!assignment[v.index()])).collect()),
            Some(declared) => {
                let clause: Vec<Lit> = shown
                    .filter(|v| assignment[v.index()])
                    .map(|v| v.negative())
                    .collect();
                if clause.len() == declared {
                    Ok(clause)
                } else {
                    Err(Violation::ShownWeight {
                        declared,
                        found: clause.len(),
                    })
                }
            }
        }
    }
}

/// Why a constraint, definition or literal does not fit a [`Model`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A variable this model did not create.
    #[error("variable #{} is outside the model, which has {num_vars} variables", var.index())]
    VarOutsideModel {
        /// The variable (0-based).
        var: Var,
        /// Variables in the model.
        num_vars: usize,
    },
    /// An integer definition whose range is empty.
    #[error("integer '{name}' has an empty range {lo}..={hi}")]
    EmptyIntRange {
        /// The integer's name.
        name: String,
        /// Its lowest value.
        lo: i64,
        /// Its highest value.
        hi: i64,
    },
    /// A shown weight ([`Model::try_set_shown_weight`]) the constraints do not prove.
    #[error(
        "the model does not prove that every solution has exactly {k} true shown variables \
         (no exactly-one or exactly-k constraints over disjoint positive shown literals cover \
         the shown set with bounds summing to {k})"
    )]
    ShownWeightUnproven {
        /// The weight promised.
        k: usize,
    },
}

#[cfg(test)]
mod tests;
