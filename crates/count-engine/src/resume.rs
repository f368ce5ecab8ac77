//! How an interrupted count can be taken up again ([`Resume`]): from its checkpoint, not at
//! all (a certified count lists every model; a counter without cubes keeps no checkpoint), or
//! by running it again with one.

use std::fmt;
use std::path::Path;

/// How an interrupted count can be taken up again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Resume<'a> {
    /// Running it again resumes from this checkpoint.
    From(&'a Path),
    /// A certified count cannot be resumed: its bundle lists every model.
    Certified,
    /// This counter (in words) keeps no checkpoint: it makes no cubes.
    NoCubes(&'a str),
    /// A checkpoint would have made it resumable.
    WithCheckpoint,
}

impl<'a> Resume<'a> {
    /// How a count interrupted with `checkpoint` can be resumed: `certified` or not, by a
    /// counter with `cubes` or not, described as `counter`.
    pub fn of(
        checkpoint: Option<&'a Path>,
        certified: bool,
        cubes: bool,
        counter: &'a str,
    ) -> Self {
        match checkpoint {
            Some(path) => Resume::From(path),
            None if certified => Resume::Certified,
            None if !cubes => Resume::NoCubes(counter),
            None => Resume::WithCheckpoint,
        }
    }

    /// What to do, after `; `, the caller's option for a checkpoint being `checkpoint`
    /// (with its value: `checkpoint FILE`).
    ///
    /// ```
    /// use count_engine::Resume;
    /// let hint = Resume::of(None, false, false, "the oracle").said("--checkpoint FILE");
    /// assert_eq!(
    ///     hint,
    ///     "; the oracle keeps no checkpoint (a solver backend with --checkpoint FILE does)"
    /// );
    /// ```
    pub fn said(&self, checkpoint: &str) -> String {
        match self {
            Resume::From(path) => format!(
                "; rerun the same command to resume from '{}'",
                path.display()
            ),
            Resume::Certified => {
                "; a certified count cannot be resumed (its bundle lists every model): run it again"
                    .into()
            }
            Resume::NoCubes(counter) => {
                format!("; {counter} keeps no checkpoint (a solver backend with {checkpoint} does)")
            }
            Resume::WithCheckpoint => format!("; use {checkpoint} to make a count resumable"),
        }
    }
}

impl fmt::Display for Resume<'_> {
    /// [`Resume::said`] with the library's name for a checkpoint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said("a checkpoint"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_comes_first_then_a_certificate_then_the_counter() {
        let path = Path::new("c.jsonl");
        let flag = "--checkpoint FILE";
        assert_eq!(
            Resume::of(Some(path), true, false, "x").said(flag),
            "; rerun the same command to resume from 'c.jsonl'"
        );
        assert_eq!(Resume::of(None, true, false, "x"), Resume::Certified);
        assert_eq!(Resume::of(None, false, false, "x"), Resume::NoCubes("x"));
        assert_eq!(
            Resume::of(None, false, true, "x").to_string(),
            "; use a checkpoint to make a count resumable"
        );
    }
}
