//! Why a count could not be made: options the chosen method cannot honour, files too large to
//! count, and failures of what counts. Messages speak of this crate's options; a command
//! line names its own flags in a [`crate::Spelling`] for [`CnfCountError::refusal`].

use crate::options::EnumerationOption;
use count_engine::{EngineError, TooBig, MAX_COUNT_BITS};
use zero_one_model::{Blame, Fault};

/// Why [`crate::count`] gave no count.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CnfCountError {
    /// [`crate::Method::Counter`] with an option only enumeration honours.
    #[error(
        "{option} needs enumeration; the model counter lists no models (no cubes, backends, checkpoints, shards or symmetry)"
    )]
    NeedsEnumeration {
        /// The option given.
        option: EnumerationOption,
    },
    /// [`crate::CountOptions::cache_mb`] for a count that is an enumeration.
    #[error("cache_mb sizes the model counter's cache, but this count is an enumeration{}", because(*.forced_by))]
    CacheWithoutCounter {
        /// The option that makes it one; `None` when [`crate::Method::Enumerate`] was asked.
        forced_by: Option<EnumerationOption>,
    },
    /// A weighted file with more than one thread asked for.
    #[error(
        "a weighted file is counted by the model counter, whose weighted count runs on one thread"
    )]
    WeightedThreads,
    /// A weighted file, which only the model counter weighs, in a count that is an
    /// enumeration.
    #[error("this file is weighted, and enumeration cannot weigh models{}", because(*.forced_by))]
    WeightedEnumeration {
        /// The option that makes the count an enumeration; `None` when
        /// [`crate::Method::Enumerate`] was asked.
        forced_by: Option<EnumerationOption>,
    },
    /// [`crate::CountOptions::compile`] with a weighted file (a decision-DNNF in d4's
    /// format has no weights).
    #[error(
        "a compiled formula is unweighted (d4's format has no weights), and this file is weighted"
    )]
    CompileWeighted,
    /// [`crate::CountOptions::compile`] with more than one thread asked for.
    #[error("the compiled formula is the model counter's search, which runs on one thread")]
    CompileThreads,
    /// [`crate::CountOptions::compile`] in a count that is an enumeration.
    #[error("the compiled formula is the model counter's search, but this count is an enumeration{}", because(*.forced_by))]
    CompileEnumeration {
        /// The option that makes the count an enumeration; `None` when
        /// [`crate::Method::Enumerate`] was asked.
        forced_by: Option<EnumerationOption>,
    },
    /// The count could have more digits than a count may have.
    #[error(transparent)]
    TooBig(#[from] TooBig),
    /// The weighted count's exact value could have more bits than a count may have.
    #[error(
        "the exact weighted count may reach 2^{log2} (its numerator times its denominator, \
         bounded from its weights and its variables in no clause), which needs {} bits; a \
         count may have at most {MAX_COUNT_BITS} bits (about {} decimal digits)",
        .log2 + 1,
        (MAX_COUNT_BITS as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1
    )]
    WeightTooBig {
        /// The bound on the binary logarithm of the exact value (numerator times
        /// denominator): it needs one bit more than this.
        log2: u64,
    },
    /// The model counter found, before listing any model, more than the [`crate::ModelSink`]
    /// takes.
    #[error("the file has {models} models of {num_vars} variables (the model counter's count): more than the {cap} the model sink takes")]
    TooManyModels {
        /// The count.
        models: num_bigint::BigUint,
        /// The variables each model assigns.
        num_vars: usize,
        /// [`crate::ModelSink::cap`].
        cap: u64,
    },
    /// Listing the models left would take longer than
    /// [`crate::CountOptions::listing_limit`], by the model counter's count of them.
    #[error(transparent)]
    HopelessListing(Box<crate::Hopeless>),
    /// The file is too large for the symmetry search an orbit count starts with.
    #[error("its symmetries cannot be searched")]
    SymmetryTooLarge(#[source] cnf_symmetry::TooLarge),
    /// The file could not be split into cubes (or its symmetries not set up).
    #[error(transparent)]
    Split(EngineError),
    /// The enumeration failed: a backend failure, an invalid solution, a checkpoint that
    /// does not fit.
    #[error(transparent)]
    Run(EngineError),
    /// The weights do not fit the file (a weight on a variable outside the projection).
    #[error(transparent)]
    InvalidWeights(sharpcount::Error),
    /// [`crate::CountOptions::compile`] with a file a compiled formula cannot hold (more
    /// variables than it lists, or a variable beyond its 32-bit DIMACS numbers).
    #[error(transparent)]
    Uncompilable(sharpcount::Error),
    /// The model counter found its own state inconsistent, or failed otherwise.
    #[error("the model counter failed")]
    Counter(#[source] sharpcount::Error),
    /// The [`crate::ModelSink`] refused to begin.
    #[error("the model sink refused the count")]
    Sink(#[source] crate::SinkError),
}

impl CnfCountError {
    /// Whether a certified count gets the model counter's CPOG certificate instead of a
    /// listing: the models are more than a [`crate::ModelSink`] takes or than listing can
    /// finish, or the file is weighted (a listing cannot weigh them).
    pub fn wants_cpog(&self) -> bool {
        matches!(
            self,
            CnfCountError::TooManyModels { .. }
                | CnfCountError::HopelessListing(_)
                | CnfCountError::WeightedEnumeration {
                    forced_by: Some(EnumerationOption::Models)
                }
        )
    }
}

/// Options that do not fit, a file too large or malformed for the count, a checkpoint of
/// another count are the caller's; a failing backend or counter is not, nor a sink's
/// failure unless it is a certifier's refusal of its directory.
impl Blame for CnfCountError {
    fn fault(&self) -> Fault {
        match self {
            CnfCountError::Run(e) => e.fault(),
            CnfCountError::Counter(_) => Fault::Failure,
            CnfCountError::Sink(e) => match e.downcast_ref::<count_certify::CertifyError>() {
                Some(e) => e.fault(),
                None => Fault::Failure,
            },
            _ => Fault::Input,
        }
    }
}

fn because(forced_by: Option<EnumerationOption>) -> String {
    match forced_by {
        Some(option) => format!(" ({option} needs enumeration)"),
        None => " (Method::Enumerate)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_that_do_not_fit_are_the_callers_a_failed_counter_is_not() {
        let refused = CnfCountError::WeightedThreads;
        assert!(refused.is_input_error());
        assert!(!refused.wants_cpog());
        let counter = CnfCountError::Counter(sharpcount::Error::Interrupted {
            stats: Box::default(),
        });
        assert_eq!(counter.fault(), Fault::Failure);
        let sink = CnfCountError::Sink("no space left".into());
        assert_eq!(sink.fault(), Fault::Failure);
        let models = Some(EnumerationOption::Models);
        assert!(CnfCountError::WeightedEnumeration { forced_by: models }.wants_cpog());
        assert!(!CnfCountError::WeightedEnumeration { forced_by: None }.wants_cpog());
    }
}
