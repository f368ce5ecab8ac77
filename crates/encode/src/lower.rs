//! Lowering a [`Model`] to CNF with chosen encodings. Clauses stream into a [`ClauseSink`];
//! nothing here holds the whole clause list. Auxiliary variables are numbered after the model
//! variables, in constraint order, so the same model and options always give the same CNF.

use crate::{AmoEncoding, ClauseSink, Cmp, Constraint, CountingSink, Lit, Model, VarAlloc};
use thiserror::Error;

/// Which encodings a lowering uses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CnfOptions {
    /// Encoding for at-most-one and exactly-one constraints.
    pub amo: AmoEncoding,
}

/// Sizes of a lowered formula.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CnfInfo {
    /// Model variables (they keep their numbers in the CNF).
    pub model_vars: usize,
    /// Auxiliary variables added by encodings.
    pub aux_vars: usize,
    /// Clauses written.
    pub clauses: u64,
    /// Literal occurrences written.
    pub literals: u64,
}

impl CnfInfo {
    /// All variables: model and auxiliary.
    pub fn vars(&self) -> usize {
        self.model_vars + self.aux_vars
    }
}

/// Why a model could not be lowered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LowerError {
    /// The chosen lowering has no encoding for this constraint.
    #[error(
        "constraint #{index} ({kind}) cannot be lowered to CNF with the chosen encodings: {why}"
    )]
    Unsupported {
        /// Index of the constraint in the model.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// What is missing.
        why: &'static str,
    },
}

/// What one constraint becomes, decided before anything is written.
enum Plan<'a> {
    Clause(&'a [Lit]),
    AtMostOne(&'a [Lit]),
    ExactlyOne(&'a [Lit]),
    AtLeastOne(&'a [Lit]),
    AllFalse(&'a [Lit]),
    Nothing,
}

fn plan(index: usize, c: &Constraint) -> Result<Plan<'_>, LowerError> {
    let unsupported = |why| LowerError::Unsupported {
        index,
        kind: c.kind(),
        why,
    };
    Ok(match c {
        Constraint::Clause(l) => Plan::Clause(l),
        Constraint::AtMostOne(l) => Plan::AtMostOne(l),
        Constraint::ExactlyOne(l) => Plan::ExactlyOne(l),
        Constraint::Cardinality { lits, cmp, k } => match (cmp, k) {
            (Cmp::AtMost, 0) | (Cmp::Exactly, 0) => Plan::AllFalse(lits),
            (Cmp::AtMost, 1) => Plan::AtMostOne(lits),
            (Cmp::Exactly, 1) => Plan::ExactlyOne(lits),
            (Cmp::AtLeast, 0) => Plan::Nothing,
            (Cmp::AtLeast, 1) => Plan::AtLeastOne(lits),
            (Cmp::AtMost, k) if *k as usize >= lits.len() => Plan::Nothing,
            _ => return Err(unsupported("no cardinality encoding for k > 1 is selected")),
        },
        Constraint::Linear { .. } => {
            return Err(unsupported("no pseudo-Boolean encoding is selected"))
        }
    })
}

/// The size of the CNF that [`lower_to_cnf`] would write, computed without writing it.
///
/// # Errors
/// [`LowerError::Unsupported`] for a constraint the options cannot express.
pub fn cnf_size(model: &Model, options: &CnfOptions) -> Result<CnfInfo, LowerError> {
    let mut info = CnfInfo {
        model_vars: model.num_vars(),
        ..CnfInfo::default()
    };
    for (i, c) in model.constraints().iter().enumerate() {
        let (clauses, literals, aux) = match plan(i, c)? {
            Plan::Clause(l) | Plan::AtLeastOne(l) => (1, l.len() as u64, 0),
            Plan::AtMostOne(l) => options.amo.size(l.len()),
            Plan::ExactlyOne(l) => {
                let (c, lits, aux) = options.amo.size(l.len());
                (c + 1, lits + l.len() as u64, aux)
            }
            Plan::AllFalse(l) => (l.len() as u64, l.len() as u64, 0),
            Plan::Nothing => (0, 0, 0),
        };
        info.clauses += clauses;
        info.literals += literals;
        info.aux_vars += aux;
    }
    Ok(info)
}

/// Lowers `model` to CNF, writing every clause into `sink`.
///
/// Every constraint is checked for an encoding before the first clause is written, so a
/// failed lowering writes nothing.
///
/// # Errors
/// [`LowerError::Unsupported`] for a constraint the options cannot express.
pub fn lower_to_cnf(
    model: &Model,
    options: &CnfOptions,
    sink: &mut dyn ClauseSink,
) -> Result<CnfInfo, LowerError> {
    let plans = model
        .constraints()
        .iter()
        .enumerate()
        .map(|(i, c)| plan(i, c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut vars = VarAlloc::starting_at(model.num_vars());
    let mut counted = Counted {
        inner: sink,
        count: CountingSink::default(),
    };
    for p in plans {
        match p {
            Plan::Clause(l) | Plan::AtLeastOne(l) => counted.add_clause(l),
            Plan::AtMostOne(l) => options.amo.encode(l, &mut vars, &mut counted),
            Plan::ExactlyOne(l) => options.amo.encode_exactly_one(l, &mut vars, &mut counted),
            Plan::AllFalse(l) => l.iter().for_each(|&x| counted.add_clause(&[!x])),
            Plan::Nothing => {}
        }
    }
    Ok(CnfInfo {
        model_vars: model.num_vars(),
        aux_vars: vars.num_vars() - model.num_vars(),
        clauses: counted.count.clauses,
        literals: counted.count.literals,
    })
}

struct Counted<'a> {
    inner: &'a mut dyn ClauseSink,
    count: CountingSink,
}

impl ClauseSink for Counted<'_> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.count.add_clause(lits);
        self.inner.add_clause(lits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VecSink;

    #[test]
    fn cardinality_above_one_is_an_error_and_writes_nothing() {
        let mut m = Model::new();
        let v: Vec<_> = (0..4)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        m.add(Constraint::Clause(v.clone()));
        m.add(Constraint::Cardinality {
            lits: v,
            cmp: Cmp::AtMost,
            k: 2,
        });
        let mut sink = VecSink::default();
        let err = lower_to_cnf(&m, &CnfOptions::default(), &mut sink).unwrap_err();
        assert!(matches!(
            err,
            LowerError::Unsupported {
                index: 1,
                kind: "cardinality",
                ..
            }
        ));
        assert!(sink.clauses.is_empty());
    }

    #[test]
    fn linear_constraints_are_refused_not_dropped() {
        let mut m = Model::new();
        let a = m.new_var("a").positive();
        m.add(Constraint::Linear {
            terms: vec![(3, a)],
            cmp: Cmp::AtMost,
            rhs: 2,
        });
        let err = lower_to_cnf(&m, &CnfOptions::default(), &mut VecSink::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "constraint #0 (linear) cannot be lowered to CNF with the chosen encodings: \
             no pseudo-Boolean encoding is selected"
        );
    }

    #[test]
    fn info_counts_auxiliaries_and_clauses() {
        let mut m = Model::new();
        let v: Vec<_> = (0..5)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        m.add(Constraint::ExactlyOne(v));
        let opts = CnfOptions {
            amo: AmoEncoding::Sequential,
        };
        let mut sink = VecSink::default();
        let info = lower_to_cnf(&m, &opts, &mut sink).unwrap();
        assert_eq!(info.model_vars, 5);
        assert_eq!(info.aux_vars, 4);
        assert_eq!(info.clauses, 3 * 5 - 4 + 1);
        assert_eq!(info.clauses as usize, sink.clauses.len());
        assert_eq!(cnf_size(&m, &opts), Ok(info));
    }
}
