//! Refusals of options that do not fit together, said in a caller's own terms: a command
//! line names its flags once in a [`Spelling`], and [`CnfCountError::refusal`] says which
//! option conflicts with which, and what to do instead.

use crate::{CnfCountError, EnumerationOption, Reason};
use zero_one_model::human_seconds;

/// How a caller spells [`crate::CountOptions`]: a flag, or a phrase, for each option a
/// refusal may name. [`Spelling::default`] uses the options' own names.
#[derive(Clone, Debug)]
pub struct Spelling<'a> {
    /// [`crate::CountOptions::method`]; its values follow it (`METHOD enumerate`).
    pub method: &'a str,
    /// [`crate::CountOptions::cache_mb`].
    pub cache_mb: &'a str,
    /// [`crate::CountOptions::threads`].
    pub threads: &'a str,
    /// [`crate::CountOptions::compile`].
    pub compile: &'a str,
    /// [`crate::CountOptions::models`].
    pub models: &'a str,
    /// [`crate::CountOptions::orbits`].
    pub orbits: &'a str,
    /// What to give instead of [`Spelling::orbits`], as advice (`orbits: false`).
    pub orbits_off: &'a str,
    /// [`crate::CountOptions::checkpoint`].
    pub checkpoint: &'a str,
    /// [`crate::CountOptions::shard`].
    pub shard: &'a str,
    /// [`crate::CountOptions::cube_depth`].
    pub cube_depth: &'a str,
    /// [`crate::CountOptions::backend`].
    pub backend: &'a str,
    /// Lifting [`crate::CountOptions::listing_limit`].
    pub force: &'a str,
}

impl Default for Spelling<'_> {
    fn default() -> Self {
        Spelling {
            method: "method",
            cache_mb: "cache_mb",
            threads: "threads",
            compile: "compile",
            models: "models",
            orbits: "orbits",
            orbits_off: "orbits: false",
            checkpoint: "checkpoint",
            shard: "shard",
            cube_depth: "cube_depth",
            backend: "backend",
            force: "listing_limit: None",
        }
    }
}

impl Spelling<'_> {
    /// How the caller spells `option`.
    pub fn option(&self, option: EnumerationOption) -> &str {
        match option {
            EnumerationOption::Models => self.models,
            EnumerationOption::Orbits => self.orbits,
            EnumerationOption::Checkpoint => self.checkpoint,
            EnumerationOption::Shard => self.shard,
            EnumerationOption::CubeDepth => self.cube_depth,
            _ => self.backend,
        }
    }

    /// Why a count is an enumeration: `by` needs it, or (`None`) the method asked for it.
    pub fn forced(&self, by: Option<EnumerationOption>) -> String {
        match by {
            Some(option) => format!("{} needs enumeration", self.option(option)),
            None => format!("{} enumerate", self.method),
        }
    }
}

impl Spelling<'_> {
    /// Why `method` (its value, `counter` or `enumerate`) counted the file, as a report says
    /// it in these terms.
    pub fn reason(&self, reason: &Reason, method: &str) -> String {
        match reason {
            Reason::Asked => format!("{} {method}", self.method),
            Reason::NeedsEnumeration(option) => self.forced(Some(*option)),
            Reason::EnumerationFinished => {
                "auto: enumeration finished before the counter was needed".into()
            }
            Reason::Interrupted => {
                "auto: interrupted while enumerating, before enumeration finished or was judged slow".into()
            }
            Reason::Weighted => "weighted file: only the model counter weighs models".into(),
            Reason::Compile => format!("{}: the model counter's search, compiled", self.compile),
            Reason::Certificate => format!(
                "{}: too many models to list, so the model counter's CPOG certificate",
                self.models
            ),
            Reason::Switched {
                slow,
                orbits_dropped: Some(dropped),
            } => format!("orbits not counted: {dropped}; then {slow}"),
            Reason::Switched { slow, .. } => slow.to_string(),
            Reason::OrbitsDropped(dropped) => {
                format!("orbits not counted: {dropped}; counted without symmetry")
            }
        }
    }
}

impl CnfCountError {
    /// What went wrong, in `names`' terms, for the errors that speak of options or of the
    /// file (`file` as the caller quotes it) and `options`: [`CnfCountError::refusal`], a
    /// count past a [`crate::ModelSink`]'s cap, a hopeless listing (with what to do instead),
    /// a compiled formula past its budget. `None` for the rest, which say enough themselves.
    pub fn said(
        &self,
        names: &Spelling<'_>,
        options: &crate::CountOptions<'_>,
        file: &str,
    ) -> Option<String> {
        use count_certify::make::{MAX_LISTED_MODELS, MAX_LISTED_VALUES};
        if let Some(said) = self.refusal(names) {
            return Some(said);
        }
        let Spelling {
            models,
            force,
            cache_mb,
            compile,
            ..
        } = names;
        Some(match self {
            CnfCountError::TooManyModels { models: count, num_vars, cap } => format!(
                "{file} has {count} models of {num_vars} variables (the model counter's count): more than the {cap} a {models} bundle lists (at most {MAX_LISTED_MODELS} models, and {MAX_LISTED_VALUES} values in all)"
            ),
            CnfCountError::HopelessListing(h) => {
                let instead = match options.needs_enumeration() {
                    Some(o) if options.method != crate::Method::Enumerate => format!(
                        "drop {} (it needs enumeration) so that auto hands the file to the model counter",
                        names.option(o)
                    ),
                    _ => format!("count it with {} counter or auto", names.method),
                };
                let all = match &h.count {
                    Some(count) => format!("; the model counter counts {count} models in all"),
                    None => String::new(),
                };
                format!(
                    "listing the models of {file} would take {} or more, past the limit of {}: at least {} models are left to list (the model counter's count of the cubes not finished), at most {} a second per thread{all}; {instead}, or pass {force} to list anyway",
                    human_seconds(h.seconds),
                    human_seconds(h.limit.as_secs_f64()),
                    h.models_left,
                    crate::LISTING_RATE
                )
            }
            CnfCountError::Counter(sharpcount::Error::CompiledTooLarge { stats }) => format!(
                "{compile}: the compiled formula outgrew its budget of {cache_mb} {} MiB after {:.1} s and {} decisions; nothing was written: raise {cache_mb}, or count without {compile}",
                options.cache_mb(),
                stats.elapsed.as_secs_f64(),
                stats.decisions
            ),
            _ => return None,
        })
    }

    /// For a refusal of options that do not fit together (or do not fit the file), what it
    /// is, in `names`' terms, and what to do instead; `None` for any other error.
    ///
    /// ```
    /// use cnf_count::{CnfCountError, Spelling};
    /// let names = Spelling { threads: "--threads", ..Spelling::default() };
    /// let said = CnfCountError::WeightedThreads.refusal(&names).unwrap();
    /// assert!(said.ends_with("runs on one thread: drop --threads"));
    /// ```
    pub fn refusal(&self, names: &Spelling<'_>) -> Option<String> {
        let Spelling {
            method,
            cache_mb,
            threads,
            compile,
            ..
        } = names;
        const WEIGHTED: &str = "this file is weighted (c t wmc / c p weight)";
        Some(match self {
            CnfCountError::NeedsEnumeration { option } => format!(
                "{} needs enumeration ({method} enumerate); the model counter lists no models (no cubes, backends, checkpoints, shards or symmetry)",
                names.option(*option)
            ),
            CnfCountError::CacheWithoutCounter { forced_by: None } => format!(
                "{cache_mb} sizes the model counter's cache: use it with {method} counter or auto"
            ),
            CnfCountError::CacheWithoutCounter { forced_by: Some(o) } => format!(
                "{cache_mb} sizes the model counter's cache, but {} makes this count an enumeration",
                names.option(*o)
            ),
            CnfCountError::WeightedThreads => format!(
                "a weighted file is counted by the model counter, whose weighted count runs on one thread: drop {threads}"
            ),
            CnfCountError::WeightedEnumeration { forced_by: None } => format!(
                "enumeration cannot weigh models, and {WEIGHTED}: use {method} counter or auto"
            ),
            CnfCountError::WeightedEnumeration { forced_by } => format!(
                "this file is weighted, so the model counter counts it, but {}",
                names.forced(*forced_by)
            ),
            CnfCountError::CompileWeighted => format!(
                "{compile} writes an unweighted formula (d4's format has no weights), and {WEIGHTED}: count it without {compile}"
            ),
            CnfCountError::CompileThreads => format!(
                "{compile} writes the model counter's search, which runs on one thread: drop {threads}"
            ),
            CnfCountError::CompileEnumeration { forced_by } => format!(
                "{compile} writes the model counter's search as a compiled formula, but {}: drop one of them",
                names.forced(*forced_by)
            ),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CountOptions;

    #[test]
    fn a_refusal_names_the_option_that_forces_enumeration_as_the_caller_spells_it() {
        let names = Spelling {
            method: "--method",
            shard: "--shard",
            compile: "--nnf",
            ..Spelling::default()
        };
        let e = CnfCountError::CompileEnumeration {
            forced_by: Some(EnumerationOption::Shard),
        };
        assert_eq!(
            e.refusal(&names).unwrap(),
            "--nnf writes the model counter's search as a compiled formula, but --shard needs enumeration: drop one of them"
        );
        let e = CnfCountError::CompileEnumeration { forced_by: None };
        assert!(e
            .refusal(&names)
            .unwrap()
            .contains("but --method enumerate:"));
    }

    #[test]
    fn the_check_of_the_options_says_which_one_the_method_cannot_honour() {
        let options = CountOptions {
            method: crate::Method::Counter,
            cube_depth: Some(3),
            ..CountOptions::default()
        };
        let names = Spelling {
            cube_depth: "--cube-depth",
            ..Spelling::default()
        };
        let said = options.check().unwrap_err().refusal(&names).unwrap();
        assert!(
            said.starts_with("--cube-depth needs enumeration (method enumerate)"),
            "{said}"
        );
    }

    #[test]
    fn a_failure_that_is_no_refusal_of_options_has_no_refusal() {
        let e = CnfCountError::Sink("full".into());
        assert_eq!(e.refusal(&Spelling::default()), None);
    }
}
