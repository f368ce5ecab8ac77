//! Lowering a [`Model`] to CNF with chosen encodings. Clauses stream into a [`ClauseSink`];
//! nothing here holds the whole clause list. Auxiliary variables are numbered after the model
//! variables, in constraint order, so the same model and options always give the same CNF.

use crate::pb::{normalize, Normalized, PbConstraint, PbError, MAX_CLAUSES};
use crate::{
    AmoEncoding, CardEncoding, ClauseSink, Cmp, Constraint, CountingSink, Lit, Model, PbEncoding,
    StopFlag, VarAlloc,
};
use model_core::CnfLowering;
use std::borrow::Cow;
use thiserror::Error;

#[cfg(test)]
mod cache_tests;
mod ranges;
use ranges::{range_constraints, RangeConstraint};

/// Which encodings a lowering uses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CnfOptions {
    /// Encoding for at-most-one and exactly-one constraints.
    pub amo: AmoEncoding,
    /// Encoding for cardinality constraints with k > 1 (and linear ones with unit
    /// coefficients, or equal ones once normalised).
    pub card: CardEncoding,
    /// Encoding for linear constraints with other coefficients.
    pub pb: PbEncoding,
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
#[non_exhaustive]
pub enum LowerError {
    /// The pseudo-Boolean encoding gave up on a linear constraint (too large).
    #[error("constraint #{index} (linear) cannot be lowered to CNF with the {encoding} pseudo-Boolean encoding")]
    Pb {
        /// Index of the constraint in the model.
        index: usize,
        /// The encoding that gave up.
        encoding: PbEncoding,
        /// Why.
        #[source]
        source: PbError,
    },
    /// The pseudo-Boolean encoding gave up on the range of an integer ([`crate::IntDef`]).
    #[error("the range {lo}..={hi} of integer '{name}' cannot be lowered to CNF with the {encoding} pseudo-Boolean encoding")]
    IntRange {
        /// The integer's name.
        name: String,
        /// Its lowest value.
        lo: i64,
        /// Its highest value.
        hi: i64,
        /// The encoding that gave up.
        encoding: PbEncoding,
        /// Why.
        #[source]
        source: PbError,
    },
}

/// Every constraint's plan: the model's, then the ranges of its integers that it does not
/// imply (see [`ranges`]).
fn plans<'a>(
    model: &'a Model,
    ranges: &'a [RangeConstraint],
    options: &CnfOptions,
    stop: Option<&StopFlag>,
) -> Result<Vec<Plan<'a>>, LowerError> {
    let constraints = model.constraints().iter().map(|c| (c, None));
    let ranges = ranges.iter().map(|r| (&r.constraint, Some(r.int)));
    constraints
        .chain(ranges)
        .enumerate()
        .map(|(index, (c, int))| {
            plan(index, c, options, stop).map_err(|e| match int {
                Some(int) => e.for_int(&model.ints()[int]),
                None => e,
            })
        })
        .collect()
}

impl LowerError {
    /// Whether the lowering gave up because its stop flag was raised
    /// ([`lower_to_cnf_until`]), not because the model cannot be lowered.
    pub fn is_stopped(&self) -> bool {
        matches!(
            self,
            LowerError::Pb {
                source: PbError::Stopped { .. },
                ..
            } | LowerError::IntRange {
                source: PbError::Stopped { .. },
                ..
            }
        )
    }

    /// This error, when it is about integer `def`'s range constraint.
    fn for_int(self, def: &crate::IntDef) -> LowerError {
        match self {
            LowerError::Pb {
                encoding, source, ..
            } => LowerError::IntRange {
                name: def.name.clone(),
                lo: def.lo,
                hi: def.hi,
                encoding,
                source,
            },
            e => e,
        }
    }
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
    /// A linear constraint with general coefficients: the literals it forces (unit clauses),
    /// then what is left of it.
    Linear(Vec<Lit>, Rest),
}

/// What is left of a linear constraint once normalised.
enum Rest {
    Nothing,
    /// Equal weights: a cardinality constraint.
    Card(Vec<Lit>, Cmp, usize),
    /// With its size (clauses, literals, auxiliaries) from a dry run.
    Pb(PbConstraint, (u64, u64, usize)),
}

fn plan<'a>(
    index: usize,
    c: &'a Constraint,
    options: &CnfOptions,
    stop: Option<&StopFlag>,
) -> Result<Plan<'a>, LowerError> {
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
        Constraint::Linear { terms, cmp, rhs }
            if terms.iter().all(|(a, _)| a.unsigned_abs() == 1) =>
        {
            unit_linear(terms, *cmp, *rhs)
        }
        Constraint::Linear { terms, cmp, rhs } => match normalize(terms, *cmp, *rhs) {
            Normalized::False => Plan::Unsat,
            Normalized::Reduced { units, rest } => {
                let rest = match rest {
                    None => Rest::Nothing,
                    Some(pb) => match pb.as_cardinality() {
                        Some((lits, cmp, k)) => Rest::Card(lits, cmp, k),
                        None => {
                            let size = options.pb.size_within(&pb, stop).map_err(|source| {
                                LowerError::Pb {
                                    index,
                                    encoding: options.pb,
                                    source,
                                }
                            })?;
                            Rest::Pb(pb, size)
                        }
                    },
                };
                Plan::Linear(units, rest)
            }
        },
    })
}

/// `sum ±l_i cmp rhs`, a cardinality constraint: a negative unit coefficient is a negated
/// literal, since -l = ¬l - 1. (Repeated literals are counted as often as they occur.)
fn unit_linear(terms: &[(i64, Lit)], cmp: Cmp, rhs: i64) -> Plan<'static> {
    let mut k = i128::from(rhs);
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
    let n = lits.len() as i128;
    match cmp {
        Cmp::AtMost if k < 0 => Plan::Unsat,
        Cmp::AtLeast if k > n => Plan::Unsat,
        Cmp::Exactly if k < 0 || k > n => Plan::Unsat,
        Cmp::AtMost if k >= n => Plan::Nothing,
        Cmp::AtLeast if k <= 0 => Plan::Nothing,
        // 0 <= k <= n here.
        _ => Plan::Card(Cow::Owned(lits), cmp, k as usize),
    }
}

/// (clauses, literals, auxiliaries) of a cardinality constraint: no closed form with
/// constant propagation, so a dry run is counted.
fn card_size(card: CardEncoding, lits: &[Lit], cmp: Cmp, k: usize) -> (u64, u64, usize) {
    let mut vars = VarAlloc::starting_at(0);
    let mut count = CountingSink::default();
    card.encode(lits, cmp, k, &mut vars, &mut count);
    (count.clauses, count.literals, vars.num_vars())
}

/// The size of the CNF that [`lower_to_cnf`] would write, computed without writing it.
///
/// # Errors
/// [`LowerError::Pb`] for a linear constraint too large for the chosen pseudo-Boolean
/// encoding.
pub fn cnf_size(model: &Model, options: &CnfOptions) -> Result<CnfInfo, LowerError> {
    let mut info = CnfInfo {
        model_vars: model.num_vars(),
        ..CnfInfo::default()
    };
    let ranges = range_constraints(model);
    for p in plans(model, &ranges, options, None)? {
        let (clauses, literals, aux) = match p {
            Plan::Clause(l) | Plan::AtLeastOne(l) => (1, l.len() as u64, 0),
            Plan::AtMostOne(l) => options.amo.size(l.len()),
            Plan::ExactlyOne(l) => options.amo.exactly_one_size(l.len()),
            Plan::AllFalse(l) => (l.len() as u64, l.len() as u64, 0),
            Plan::Unsat => (1, 0, 0),
            Plan::Nothing => (0, 0, 0),
            Plan::Card(l, cmp, k) => card_size(options.card, &l, cmp, k),
            Plan::Linear(units, rest) => {
                let (c, lits, aux) = match rest {
                    Rest::Nothing => (0, 0, 0),
                    Rest::Card(l, cmp, k) => card_size(options.card, &l, cmp, k),
                    Rest::Pb(_, size) => size,
                };
                (c + units.len() as u64, lits + units.len() as u64, aux)
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
/// Every constraint is checked for an encoding before the first clause is written (a
/// pseudo-Boolean encoding by a dry run), so a failed lowering writes nothing.
///
/// # Errors
/// [`LowerError::Pb`] for a linear constraint too large for the chosen pseudo-Boolean
/// encoding.
pub fn lower_to_cnf(
    model: &Model,
    options: &CnfOptions,
    sink: &mut dyn ClauseSink,
) -> Result<CnfInfo, LowerError> {
    lower(model, options, None, sink)
}

/// [`lower_to_cnf`], watching `stop`: once it is raised (from any thread), a pseudo-Boolean
/// encoding under way gives up within a few thousand clauses or steps, and so does the
/// lowering, with [`LowerError::is_stopped`]. Clauses written before then stay in `sink`.
///
/// ```
/// use model_core::{Cmp, Constraint, Model, StopFlag, VecSink};
/// use model_encodings::{lower_to_cnf_until, CnfOptions};
/// let mut m = Model::new();
/// let x = m.new_vars(3);
/// let terms = vec![(3, x[0].positive()), (2, x[1].positive()), (2, x[2].positive())];
/// m.add(Constraint::Linear { terms, cmp: Cmp::AtMost, rhs: 4 });
/// let stop = StopFlag::new();
/// let raiser = stop.clone();
/// std::thread::spawn(move || raiser.raise()).join().unwrap();
/// let err = lower_to_cnf_until(&m, &CnfOptions::default(), &stop, &mut VecSink::default());
/// assert!(err.unwrap_err().is_stopped());
/// ```
///
/// # Errors
/// As [`lower_to_cnf`], and an error that [`is_stopped`](LowerError::is_stopped) once `stop`
/// is raised.
pub fn lower_to_cnf_until(
    model: &Model,
    options: &CnfOptions,
    stop: &StopFlag,
    sink: &mut dyn ClauseSink,
) -> Result<CnfInfo, LowerError> {
    lower(model, options, Some(stop), sink)
}

fn lower(
    model: &Model,
    options: &CnfOptions,
    stop: Option<&StopFlag>,
    sink: &mut dyn ClauseSink,
) -> Result<CnfInfo, LowerError> {
    let ranges = range_constraints(model);
    let plans = plans(model, &ranges, options, stop)?;
    let mut vars = VarAlloc::starting_at(model.num_vars());
    let mut counted = Counted {
        inner: sink,
        count: CountingSink::default(),
    };
    for (index, p) in plans.into_iter().enumerate() {
        match p {
            Plan::Clause(l) | Plan::AtLeastOne(l) => counted.add_clause(l),
            Plan::AtMostOne(l) => options.amo.encode(l, &mut vars, &mut counted),
            Plan::ExactlyOne(l) => options.amo.encode_exactly_one(l, &mut vars, &mut counted),
            Plan::AllFalse(l) => l.iter().for_each(|&x| counted.add_clause(&[!x])),
            Plan::Unsat => counted.add_clause(&[]),
            Plan::Nothing => {}
            Plan::Card(l, cmp, k) => options.card.encode(&l, cmp, k, &mut vars, &mut counted),
            Plan::Linear(units, rest) => {
                units.iter().for_each(|&u| counted.add_clause(&[u]));
                match rest {
                    Rest::Nothing => {}
                    Rest::Card(l, cmp, k) => {
                        options.card.encode(&l, cmp, k, &mut vars, &mut counted);
                    }
                    Rest::Pb(pb, _) => {
                        options
                            .pb
                            .encode_within(&pb, MAX_CLAUSES, stop, &mut vars, &mut counted)
                            .map_err(|source| {
                                // The dry run in `plan` passed, and encoding is deterministic: only a
                                // stop raised since then fails here.
                                let e = LowerError::Pb {
                                    index,
                                    encoding: options.pb,
                                    source,
                                };
                                match index.checked_sub(model.constraints().len()) {
                                    Some(r) => e.for_int(&model.ints()[ranges[r].int]),
                                    None => e,
                                }
                            })?;
                    }
                }
            }
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

/// The encodings are the core's way to lower a model: [`Model::lowered`] keeps one lowering
/// per [`CnfOptions`], [`Clauses::lower`](model_core::Clauses::lower) makes one afresh.
impl CnfLowering for CnfOptions {
    type Error = LowerError;

    fn lower_into(
        &self,
        model: &Model,
        stop: Option<&StopFlag>,
        sink: &mut dyn ClauseSink,
    ) -> Result<usize, LowerError> {
        let info = match stop {
            Some(stop) => lower_to_cnf_until(model, self, stop, sink)?,
            None => lower_to_cnf(model, self, sink)?,
        };
        Ok(info.vars())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VecSink;

    #[test]
    fn a_linear_constraint_too_large_for_its_encoding_is_an_error_and_writes_nothing() {
        let mut m = Model::new();
        let v: Vec<_> = (0..4)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        m.add(Constraint::Clause(v.clone()));
        // The weight counter needs a register per unit of the bound: 2^40 of them.
        let big = 1 << 40;
        m.add(Constraint::Linear {
            terms: vec![(big, v[0]), (big - 1, v[1]), (3, v[2])],
            cmp: Cmp::AtMost,
            rhs: big + 1,
        });
        let opts = CnfOptions {
            pb: PbEncoding::Swc,
            ..CnfOptions::default()
        };
        let mut sink = VecSink::default();
        let err = lower_to_cnf(&m, &opts, &mut sink).unwrap_err();
        assert_eq!(
            err.to_string(),
            "constraint #1 (linear) cannot be lowered to CNF with the swc pseudo-Boolean encoding"
        );
        let source = std::error::Error::source(&err).map(|s| s.to_string());
        assert_eq!(
            source.as_deref(),
            Some(
                "the swc encoding of this constraint needs more than 33554432 clauses or construction steps; \
                 the adder encoding grows only with the number of bits of the weights"
            )
        );
        assert!(sink.clauses.is_empty());
        assert_eq!(cnf_size(&m, &opts), Err(err));
        let adder = CnfOptions {
            pb: PbEncoding::Adder,
            ..CnfOptions::default()
        };
        agrees_with_model(&m, &adder);
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
    fn weighted_linear_constraints_lower_exactly_with_every_encoding() {
        for pb in PbEncoding::ALL {
            for card in CardEncoding::ALL {
                let opts = CnfOptions {
                    pb,
                    card,
                    ..CnfOptions::default()
                };
                for rhs in -4..=9 {
                    for cmp in [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly] {
                        let mut m = Model::new();
                        let v: Vec<_> = (0..4)
                            .map(|i| m.new_var(format!("x{i}")).positive())
                            .collect();
                        // Equal weights after merging x0 go to the cardinality encoding.
                        let terms = vec![(3, v[0]), (-2, v[1]), (2, !v[2]), (5, v[3]), (-1, v[0])];
                        m.add(Constraint::Linear { terms, cmp, rhs });
                        agrees_with_model(&m, &opts);
                        let terms = vec![(3, v[0]), (-3, v[1]), (3, !v[2])];
                        m.add(Constraint::Linear { terms, cmp, rhs });
                        agrees_with_model(&m, &opts);
                    }
                }
            }
        }
    }

    #[test]
    fn unit_coefficients_at_the_ends_of_i64_do_not_overflow() {
        let mut m = Model::new();
        let v: Vec<_> = (0..2)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        // -x0 - x1 <= i64::MAX always holds; x0 - x1 >= i64::MIN too.
        let terms = vec![(-1, v[0]), (-1, v[1])];
        m.add(Constraint::Linear {
            terms,
            cmp: Cmp::AtMost,
            rhs: i64::MAX,
        });
        let terms = vec![(1, v[0]), (-1, v[1])];
        m.add(Constraint::Linear {
            terms,
            cmp: Cmp::AtLeast,
            rhs: i64::MIN,
        });
        let mut sink = VecSink::default();
        let info = lower_to_cnf(&m, &CnfOptions::default(), &mut sink).unwrap();
        assert_eq!(info.clauses, 0);
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
