//! Refusals of options that do not fit together, said in a caller's own terms: a command
//! line names its flags once in a [`Spelling`], and [`CnfCountError::refusal`] says which
//! option conflicts with which, and what to do instead.

use crate::{CnfCountError, EnumerationOption};

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
    /// [`crate::CountOptions::checkpoint`].
    pub checkpoint: &'a str,
    /// [`crate::CountOptions::shard`].
    pub shard: &'a str,
    /// [`crate::CountOptions::cube_depth`].
    pub cube_depth: &'a str,
    /// [`crate::CountOptions::backend`].
    pub backend: &'a str,
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
            checkpoint: "checkpoint",
            shard: "shard",
            cube_depth: "cube_depth",
            backend: "backend",
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

impl CnfCountError {
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
                "{} needs enumeration ({method} enumerate); the model counter has no cubes, backends or certificates",
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
