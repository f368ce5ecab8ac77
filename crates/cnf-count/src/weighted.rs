//! The exact weighted count of a weighted file (`c t wmc`, `c t pwmc`, `c p weight` lines)
//! by the model counter (`sharpcount::count_weighted`). Enumeration cannot weigh models, so
//! everything that needs it is refused. A count whose exact value could be too large to
//! write is refused up front, as unweighted counts are ([`size_bound`]).

use crate::options::Plan;
use crate::result::{Reason, Weighted};
use crate::{CnfCountError, CountOptions, Run};
use count_engine::MAX_COUNT_BITS;
use num_bigint::{BigInt, BigUint};
use sharpcount::{BigRational, Weights};
use std::collections::{HashMap, HashSet};
use zero_one_model::dimacs::Cnf;
use zero_one_model::Clauses;

/// Why the counter counts this weighted file, or why it cannot be counted as asked.
///
/// # Errors
/// [`crate::Method::Enumerate`], an option only enumeration honours, or more than one
/// thread asked for.
pub(crate) fn plan(options: &CountOptions<'_>, plan: Plan) -> Result<Reason, CnfCountError> {
    if options.many_threads() {
        return Err(CnfCountError::WeightedThreads);
    }
    plan.for_counter(Reason::Weighted, |forced_by| {
        CnfCountError::WeightedEnumeration { forced_by }
    })
}

/// ⌈log2 n⌉ for n ≥ 1, and 0 for 0: the bits a factor n adds to a product, at most.
fn log2_ceil(n: &BigUint) -> u64 {
    if n.bits() == 0 {
        0
    } else {
        (n - 1u32).bits()
    }
}

/// An upper bound on the binary logarithm of the exact weighted count of `cnf` (numerator
/// times denominator: the value needs one bit more), leaving out the variables that are in a clause and unweighted:
/// the counterpart of the unweighted
/// count's refusal ([`count_engine::needed`]), which leaves out the variables in a clause
/// too; 0 when a free variable's factor makes the count 0. Each counted variable `x` (every variable, or the projected ones) with weights
/// `a = w(x)`, `b = w(-x)` (1 when not given) adds:
/// - in no clause: its factor `a + b` exactly, so `⌈log2 p⌉ + ⌈log2 q⌉` for `a + b = p/q`
///   (1 bit for an unweighted variable, as in the unweighted count; none for `a + b = 1`;
///   a factor 0 makes the count 0);
/// - in a clause and weighted: at most `⌈log2 (|a| + |b|)·da·db⌉ + ⌈log2 da⌉ + ⌈log2 db⌉`
///   for denominators `da`, `db`.
///
/// A variable in a clause and unweighted at most doubles the count, and the file holds a
/// literal for it, as for the unweighted count: it is not counted here. O(literals + weights),
/// whatever the header declares.
fn size_bound(cnf: &Cnf) -> u64 {
    let used: HashSet<usize> = cnf
        .clauses
        .iter()
        .flatten()
        .map(|l| l.var().index())
        .collect();
    let shown: Option<HashSet<usize>> = cnf
        .shown
        .as_ref()
        .map(|s| s.iter().map(|v| v.index()).collect());
    let counted = |v: usize| shown.as_ref().is_none_or(|s| s.contains(&v));
    let mut by_var: HashMap<usize, [Option<&BigRational>; 2]> = HashMap::new();
    for (lit, w) in cnf.weights.iter().flatten() {
        by_var.entry(lit.var().index()).or_default()[usize::from(!lit.is_positive())] = Some(w);
    }
    // Free unweighted variables: a factor 2 each.
    let free_unweighted = match &shown {
        None => cnf.num_vars - used.len() - by_var.keys().filter(|v| !used.contains(v)).count(),
        Some(s) => s
            .iter()
            .filter(|v| !used.contains(v) && !by_var.contains_key(v))
            .count(),
    };
    let mut bits = free_unweighted as u64;
    let one = BigRational::from_integer(BigInt::from(1));
    for (&v, [a, b]) in &by_var {
        if !counted(v) {
            continue;
        }
        let (a, b) = (a.unwrap_or(&one), b.unwrap_or(&one));
        if used.contains(&v) {
            let (da, db) = (a.denom().magnitude(), b.denom().magnitude());
            let num = a.numer().magnitude() * db + b.numer().magnitude() * da;
            bits += log2_ceil(&num) + log2_ceil(da) + log2_ceil(db);
        } else {
            let f = a + b;
            if f.numer().bits() == 0 {
                return 0;
            }
            bits += log2_ceil(f.numer().magnitude()) + log2_ceil(f.denom().magnitude());
        }
    }
    bits
}

/// The file's weights for the counter.
fn weights_of(cnf: &Cnf) -> Weights {
    cnf.weights.iter().flatten().cloned().collect()
}

/// The exact weighted count of `cnf`, on one thread.
///
/// # Errors
/// A count whose exact value may have more than [`MAX_COUNT_BITS`] bits ([`size_bound`],
/// refused at once rather than after computing it); weights that do not fit the file (a
/// weight on a variable outside the projection); a failure of the counter.
pub(crate) fn count(
    cnf: &Cnf,
    run: &Run<'_>,
    reason: Reason,
) -> Result<Box<Weighted>, CnfCountError> {
    // A value up to 2^log2 needs log2 + 1 bits.
    let log2 = size_bound(cnf);
    if log2 + 1 > MAX_COUNT_BITS {
        return Err(CnfCountError::WeightTooBig { log2 });
    }
    let formula = Clauses::from_cnf(cnf);
    let weights = weights_of(cnf);
    let result = crate::counter::with_options(run, |options| {
        sharpcount::count_weighted(&formula, &weights, options)
    });
    let (value, mut stats) = match result {
        Ok(c) => (Some(c.value), c.stats),
        Err(sharpcount::Error::Interrupted { stats }) => (None, *stats),
        Err(e @ sharpcount::Error::InvalidFormula(_)) => {
            return Err(CnfCountError::InvalidWeights(e))
        }
        Err(e) => return Err(CnfCountError::Counter(e)),
    };
    // A weighted count of 0 does not say whether the file has a model: a model whose
    // literals weigh 0 weighs 0. One more search, counting onto no variable, decides it.
    let satisfiable = match &value {
        None => None,
        Some(v) if v.numer().bits() != 0 => Some(true),
        Some(_) => satisfiable(&formula, run, &mut stats)?,
    };
    Ok(Box::new(Weighted {
        value,
        satisfiable,
        stats,
        reason,
        cache_mb: run.options.cache_mb(),
        weights: weights.len(),
    }))
}

/// Whether `formula` has a model: its count onto no variable (1 or 0), by the counter;
/// `None` when stopped. Its decisions and conflicts add to `stats`.
///
/// # Errors
/// [`CnfCountError::Counter`]: an inconsistency the counter detected in itself.
fn satisfiable(
    formula: &Clauses,
    run: &Run<'_>,
    stats: &mut sharpcount::Stats,
) -> Result<Option<bool>, CnfCountError> {
    let onto_none = formula.clone().with_projection([]);
    match crate::counter::with_options(run, |options| sharpcount::count(&onto_none, options)) {
        Ok(c) => {
            stats.decisions += c.stats.decisions;
            stats.conflicts += c.stats.conflicts;
            Ok(Some(c.count.bits() != 0))
        }
        Err(sharpcount::Error::Interrupted { .. }) => Ok(None),
        Err(e) => Err(CnfCountError::Counter(e)),
    }
}
