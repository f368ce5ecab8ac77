//! Lowering a [`Model`] to CNF with chosen encodings. Clauses stream into a [`ClauseSink`];
//! nothing here holds the whole clause list. Auxiliary variables are numbered after the model
//! variables, in constraint order, so the same model and options always give the same CNF.

use crate::{
    AmoEncoding, CardEncoding, ClauseSink, Cmp, Constraint, CountingSink, Lit, Model, VarAlloc,
};
use std::borrow::Cow;
use thiserror::Error;

/// Which encodings a lowering uses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CnfOptions {
    /// Encoding for at-most-one and exactly-one constraints.
    pub amo: AmoEncoding,
    /// Encoding for cardinality constraints with k > 1 (and linear ones with unit
    /// coefficients).
    pub card: CardEncoding,
}

impl CnfOptions {
    /// The default options with at-most-one encoding `amo`.
    pub fn with_amo(amo: AmoEncoding) -> CnfOptions {
        CnfOptions {
            amo,
            ..CnfOptions::default()
        }
    }
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
    Card(Cow<'a, [Lit]>, Cmp, usize),
    Clause(&'a [Lit]),
    AtMostOne(&'a [Lit]),
    ExactlyOne(&'a [Lit]),
    AtLeastOne(&'a [Lit]),
    AllFalse(&'a [Lit]),
    Unsat,
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
            (cmp, k) => Plan::Card(Cow::Borrowed(lits), *cmp, *k as usize),
        },
        Constraint::Linear { terms, cmp, rhs } => {
            // sum ±l_i: a negative unit coefficient is a negated literal, since -l = ¬l - 1.
            if terms.iter().any(|(a, _)| a.abs() != 1) {
                return Err(unsupported(
                    "only unit coefficients (±1) lower to CNF; no pseudo-Boolean encoding is selected",
                ));
            }
            let mut k = *rhs;
            let lits: Vec<Lit> = terms
                .iter()
                .map(|&(a, l)| {
                    if a < 0 {
                        k += 1;
                        !l
                    } else {
                        l
                    }
                })
                .collect();
            let n = lits.len() as i64;
            match cmp {
                Cmp::AtMost if k < 0 => Plan::Unsat,
                Cmp::AtLeast if k > n => Plan::Unsat,
                Cmp::Exactly if k < 0 || k > n => Plan::Unsat,
                Cmp::AtMost if k >= n => Plan::Nothing,
                Cmp::AtLeast if k <= 0 => Plan::Nothing,
                _ => Plan::Card(Cow::Owned(lits), *cmp, k as usize),
            }
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
            Plan::Unsat => (1, 0, 0),
            Plan::Nothing => (0, 0, 0),
            Plan::Card(l, cmp, k) => {
                // No closed form with constant propagation: count a dry run.
                let mut vars = VarAlloc::starting_at(0);
                let mut count = CountingSink::default();
                options.card.encode(&l, cmp, k, &mut vars, &mut count);
                (count.clauses, count.literals, vars.num_vars())
            }
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
            Plan::Unsat => counted.add_clause(&[]),
            Plan::Nothing => {}
            Plan::Card(l, cmp, k) => options.card.encode(&l, cmp, k, &mut vars, &mut counted),
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
    fn non_unit_linear_is_an_error_and_writes_nothing() {
        let mut m = Model::new();
        let v: Vec<_> = (0..4)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        m.add(Constraint::Clause(v.clone()));
        m.add(Constraint::Linear {
            terms: vec![(3, v[0]), (1, v[1])],
            cmp: Cmp::AtMost,
            rhs: 2,
        });
        let mut sink = VecSink::default();
        let err = lower_to_cnf(&m, &CnfOptions::default(), &mut sink).unwrap_err();
        assert_eq!(
            err.to_string(),
            "constraint #1 (linear) cannot be lowered to CNF with the chosen encodings: \
             only unit coefficients (±1) lower to CNF; no pseudo-Boolean encoding is selected"
        );
        assert!(sink.clauses.is_empty());
    }

    /// Every assignment of 4 variables: the lowered CNF (auxiliaries free, found by varisat)
    /// is satisfiable exactly when the model's constraint holds.
    fn agrees_with_model(m: &Model, opts: &CnfOptions) {
        use crate::oracle::{bits, Oracle};
        let mut sink = VecSink::default();
        lower_to_cnf(m, opts, &mut sink).unwrap();
        assert_eq!(
            cnf_size(m, opts).unwrap().clauses as usize,
            sink.clauses.len()
        );
        let mut oracle = Oracle::new(&sink.clauses);
        let n = m.num_vars();
        for code in 0..1u32 << n {
            let a = bits(code, n);
            assert_eq!(oracle.extends(&a), m.check(&a).is_ok(), "{a:?}");
        }
    }

    #[test]
    fn cardinality_and_unit_linear_constraints_lower_exactly() {
        for card in CardEncoding::ALL {
            let opts = CnfOptions {
                card,
                ..CnfOptions::default()
            };
            for (cmp, k) in [(Cmp::AtMost, 2), (Cmp::AtLeast, 3), (Cmp::Exactly, 2)] {
                let mut m = Model::new();
                let v: Vec<_> = (0..4)
                    .map(|i| m.new_var(format!("x{i}")).positive())
                    .collect();
                m.add(Constraint::Cardinality { lits: v, cmp, k });
                agrees_with_model(&m, &opts);
            }
            for rhs in -2..=3 {
                for cmp in [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly] {
                    let mut m = Model::new();
                    let v: Vec<_> = (0..4)
                        .map(|i| m.new_var(format!("x{i}")).positive())
                        .collect();
                    let terms = vec![(1, v[0]), (-1, v[1]), (1, !v[2]), (-1, v[3])];
                    m.add(Constraint::Linear { terms, cmp, rhs });
                    agrees_with_model(&m, &opts);
                }
            }
        }
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
            ..CnfOptions::default()
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
