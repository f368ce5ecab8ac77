//! The 0-1 model: named variables, constraints, and the projection ("shown") set that
//! counting and blocking work on.

use crate::{Constraint, Lit, Var};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// Names variables created without an explicit name (so a million variables cost no strings
/// until someone asks for a name).
pub type Namer = Arc<dyn Fn(Var) -> String + Send + Sync>;

/// A problem over 0-1 variables, independent of any solver or encoding.
#[derive(Clone, Default)]
pub struct Model {
    names: Vec<Option<Box<str>>>,
    namer: Option<Namer>,
    constraints: Vec<Constraint>,
    shown: Vec<Var>,
    shown_weight: Option<usize>,
    ints: Vec<IntDef>,
}

/// An integer defined as a weighted sum of model variables (a row's column, say): CNF
/// lowering ignores it (it adds no constraint), ILP lowering makes it a general integer
/// variable tied to its sum by one equation, so ILP exports and solvers see the integer.
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
        let v = Var::new(self.names.len() as u32);
        self.names.push(Some(name.into().into_boxed_str()));
        v
    }

    /// Adds `count` variables named by the namer (see [`Model::set_namer`]) and returns them
    /// all, numbered consecutively.
    pub fn new_vars(&mut self, count: usize) -> Vec<Var> {
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
    /// When the constraint mentions a variable this model did not create.
    pub fn add(&mut self, c: Constraint) {
        assert!(
            c.lits().all(|l| l.var().index() < self.names.len()),
            "constraint mentions a variable outside the model"
        );
        self.constraints.push(c);
    }

    /// Marks variables as shown: the projection that counting and blocking use.
    pub fn show(&mut self, vars: impl IntoIterator<Item = Var>) {
        self.shown.extend(vars);
    }

    /// Declares that every solution has exactly `k` true shown variables (as in a one-hot
    /// model). Blocking clauses then need only the negations of the true ones: any other
    /// solution with those k variables true has no room for another true one, so it is the
    /// same projection. Backends check the weight of every solution against this promise.
    pub fn set_shown_weight(&mut self, k: usize) {
        self.shown_weight = Some(k);
    }

    /// The declared number of true shown variables in every solution, if any.
    pub fn shown_weight(&self) -> Option<usize> {
        self.shown_weight
    }

    /// Defines an integer as a weighted sum of model variables, in `lo..=hi` (see [`IntDef`]).
    ///
    /// # Panics
    /// When a term mentions a variable this model did not create, or `lo > hi`.
    pub fn define_int(&mut self, def: IntDef) {
        assert!(
            def.terms.iter().all(|(_, v)| v.index() < self.names.len()),
            "integer definition mentions a variable outside the model"
        );
        assert!(def.lo <= def.hi, "empty integer range");
        self.ints.push(def);
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
    pub fn name(&self, v: Var) -> Cow<'_, str> {
        match (&self.names[v.index()], &self.namer) {
            (Some(name), _) => Cow::Borrowed(name),
            (None, Some(namer)) => Cow::Owned(namer(v)),
            (None, None) => Cow::Owned(format!("v{}", v.to_dimacs())),
        }
    }

    /// The constraints, in insertion order.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The projection set: the shown variables, or every variable when none was shown.
    pub fn shown(&self) -> Vec<Var> {
        self.shown_iter().collect()
    }

    /// [`Model::shown`] without collecting it (blocking clauses are built per solution).
    fn shown_iter(&self) -> Box<dyn Iterator<Item = Var> + '_> {
        if self.shown.is_empty() {
            Box::new((0..self.names.len() as u32).map(Var::new))
        } else {
            Box::new(self.shown.iter().copied())
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
    ///
    /// # Errors
    /// When a shown weight is declared and the assignment breaks it (the clause would not be
    /// exact); the error gives the weight found.
    pub fn blocking_clause(&self, assignment: &[bool]) -> Result<Vec<Lit>, usize> {
        let shown = self.shown_iter();
        match self.shown_weight {
            None => Ok(shown.map(|v| v.lit(!assignment[v.index()])).collect()),
            Some(k) => {
                let clause: Vec<Lit> = shown
                    .filter(|v| assignment[v.index()])
                    .map(|v| v.negative())
                    .collect();
                if clause.len() == k {
                    Ok(clause)
                } else {
                    Err(clause.len())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_the_broken_constraint() {
        let mut m = Model::new();
        let a = m.new_var("a");
        let b = m.new_var("b");
        m.add(Constraint::Clause(vec![a.positive()]));
        m.add(Constraint::AtMostOne(vec![a.positive(), b.positive()]));
        assert_eq!(m.check(&[true, false]), Ok(()));
        assert_eq!(
            m.check(&[true, true]),
            Err(Violation::Constraint {
                index: 1,
                kind: "at-most-one"
            })
        );
        assert!(matches!(
            m.check(&[true]),
            Err(Violation::WrongLength { .. })
        ));
    }

    #[test]
    fn unnamed_variables_get_names_from_the_namer() {
        let mut m = Model::new();
        let a = m.new_var("a");
        let vars = m.new_vars(3);
        assert_eq!(m.num_vars(), 4);
        assert_eq!(vars, [Var::new(1), Var::new(2), Var::new(3)]);
        assert_eq!(m.name(vars[0]), "v2");
        m.set_namer(Arc::new(|v: Var| format!("x{}", v.index())));
        assert_eq!(m.name(Var::new(3)), "x3");
        assert_eq!(m.name(a), "a");
    }

    #[test]
    fn blocking_clause_is_false_exactly_at_the_blocked_projection() {
        let mut m = Model::new();
        let a = m.new_var("a");
        let b = m.new_var("b");
        let _aux = m.new_var("aux");
        m.show([a, b]);
        let clause = m.blocking_clause(&[true, false, true]).unwrap();
        assert_eq!(clause, vec![a.negative(), b.positive()]);
        m.set_shown_weight(1);
        assert_eq!(
            m.blocking_clause(&[true, false, true]),
            Ok(vec![a.negative()])
        );
        assert_eq!(m.blocking_clause(&[true, true, true]), Err(2));
        assert!(!Constraint::Clause(clause.clone()).holds(&[true, false, false]));
        assert!(Constraint::Clause(clause).holds(&[true, true, true]));
    }
}
