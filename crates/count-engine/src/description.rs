//! What identifies a problem in a count's key ([`crate::RunKey::problem`]): the problem's
//! name and its own typed parameters. Each problem declares its parameters as a struct of
//! named fields ([`ProblemParams`]); the engine keeps them as canonical JSON (one object,
//! keys sorted at every level, no spaces), compares them and writes them into checkpoints
//! and shard files without knowing what they mean, and a reader gets them back as the same
//! struct ([`Description::params`]).
//!
//! The canonical text is what keys have always been written and hashed as (the checkpoint
//! and shard check values start from the key's bytes), so files written before the
//! descriptions were typed keep reading and keep their check values.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::fmt;
use thiserror::Error;

/// The name of the field that holds the problem's name.
const PROBLEM: &str = "problem";

/// A problem's own parameters, as its [`Description`] holds them: a struct of named fields
/// (none of them called `problem`), serialisable and readable back. Two counts mix their
/// checkpoints and shards only when their parameters are equal, so they must say everything
/// that decides the count (change them when the meaning of a count changes).
///
/// ```
/// use count_engine::{Description, ProblemParams};
/// use serde::{Deserialize, Serialize};
///
/// /// Colourings of a cycle of `n` vertices with `colours` colours.
/// #[derive(Debug, PartialEq, Serialize, Deserialize)]
/// struct Cycle {
///     n: usize,
///     colours: usize,
/// }
///
/// impl ProblemParams for Cycle {
///     const PROBLEM: &'static str = "cycle-colourings";
/// }
///
/// let d = Description::new(&Cycle { n: 5, colours: 3 }).unwrap();
/// assert_eq!(d.to_string(), r#"{"colours":3,"n":5,"problem":"cycle-colourings"}"#);
/// assert_eq!(d.params::<Cycle>().unwrap(), Cycle { n: 5, colours: 3 });
/// ```
pub trait ProblemParams: Serialize + DeserializeOwned {
    /// The problem's name, written as the description's `problem` field.
    const PROBLEM: &'static str;
}

/// What identifies a problem: its name and its parameters, in canonical JSON (written as a
/// JSON object). Built from typed parameters ([`Description::new`]) and read back as them
/// ([`Description::params`]); `Display` gives the canonical text.
#[derive(Clone, Debug)]
pub struct Description {
    /// The `problem` field.
    problem: String,
    /// The whole object, canonical: keys sorted at every level, no spaces.
    json: Box<RawValue>,
}

/// Why a description could not be made or read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DescriptionError {
    /// The parameters did not serialise (a map with keys that are not strings, say).
    #[error("the parameters of problem '{problem}' do not serialise")]
    Serialize {
        /// The problem.
        problem: &'static str,
        /// What serde said.
        #[source]
        source: serde_json::Error,
    },
    /// The parameters are not a struct of named fields.
    #[error("the parameters of problem '{problem}' serialise to a JSON {found}, not to an object of named fields")]
    NotAnObject {
        /// The problem.
        problem: &'static str,
        /// What they serialise to: `null`, `array`, `string`, ...
        found: &'static str,
    },
    /// The parameters have a field named `problem`, which holds the problem's name.
    #[error("the parameters of problem '{problem}' have a field named 'problem', which holds the problem's name")]
    ProblemField {
        /// The problem.
        problem: &'static str,
    },
    /// The description is of another problem than the parameters asked for.
    #[error("the description is of problem '{found}', not '{expected}'")]
    OtherProblem {
        /// The problem whose parameters were asked for.
        expected: &'static str,
        /// The problem described.
        found: String,
    },
    /// The description is of the right problem, but its fields do not read as the
    /// parameters (written by another version of the problem, or edited).
    #[error("the description of problem '{problem}' does not read as its parameters")]
    Fields {
        /// The problem.
        problem: &'static str,
        /// What serde said.
        #[source]
        source: serde_json::Error,
    },
}

/// The kind of a JSON value, for messages.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The description of `problem` whose fields (its name among them) are `fields`, in
/// canonical text. `serde_json`'s map keeps its keys sorted (the crate's `preserve_order`
/// feature is off), so the text has its keys sorted at every level: the form keys were
/// always written in. That sorting is why `serde_json::Value` is used here at all (in
/// [`Description::new`] and in reading a key), and it never leaves this module.
fn canonical(problem: String, fields: &Map<String, Value>) -> Description {
    // A map of JSON values always writes, and what serde_json writes is JSON.
    let text = serde_json::to_string(fields).expect("JSON values write");
    let json = RawValue::from_string(text).expect("serde_json writes JSON");
    Description { problem, json }
}

impl Description {
    /// The description of problem `P` with these parameters.
    ///
    /// # Errors
    /// [`DescriptionError::Serialize`] when they do not serialise,
    /// [`DescriptionError::NotAnObject`] when they are not a struct of named fields, and
    /// [`DescriptionError::ProblemField`] when one of the fields is named `problem`.
    pub fn new<P: ProblemParams>(params: &P) -> Result<Description, DescriptionError> {
        let problem = P::PROBLEM;
        let value = serde_json::to_value(params)
            .map_err(|source| DescriptionError::Serialize { problem, source })?;
        let Value::Object(mut fields) = value else {
            return Err(DescriptionError::NotAnObject {
                problem,
                found: kind(&value),
            });
        };
        if fields.insert(PROBLEM.into(), problem.into()).is_some() {
            return Err(DescriptionError::ProblemField { problem });
        }
        Ok(canonical(problem.to_string(), &fields))
    }

    /// The description of a problem with no parameters: its name alone.
    pub fn named(problem: &str) -> Description {
        let mut fields = Map::new();
        fields.insert(PROBLEM.into(), problem.into());
        canonical(problem.to_string(), &fields)
    }

    /// The problem's name (its `problem` field).
    pub fn problem(&self) -> &str {
        &self.problem
    }

    /// Whether this describes problem `P`.
    pub fn is<P: ProblemParams>(&self) -> bool {
        self.problem == P::PROBLEM
    }

    /// The parameters of problem `P` this describes.
    ///
    /// # Errors
    /// [`DescriptionError::OtherProblem`] when this describes another problem, and
    /// [`DescriptionError::Fields`] when its fields do not read as `P`.
    pub fn params<P: ProblemParams>(&self) -> Result<P, DescriptionError> {
        if !self.is::<P>() {
            return Err(DescriptionError::OtherProblem {
                expected: P::PROBLEM,
                found: self.problem.clone(),
            });
        }
        serde_json::from_str(self.json.get()).map_err(|source| DescriptionError::Fields {
            problem: P::PROBLEM,
            source,
        })
    }
}

impl PartialEq for Description {
    fn eq(&self, other: &Description) -> bool {
        self.json.get() == other.json.get()
    }
}

impl Eq for Description {}

impl fmt::Display for Description {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.json.get())
    }
}

impl Serialize for Description {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Description {
    /// Any JSON object with a string `problem` field, made canonical: a file written with
    /// other spacing or key order describes the same problem.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Description, D::Error> {
        let refuse = |found: &str| {
            D::Error::custom(format!(
                "a problem description must be an object with a string field 'problem', found {found}"
            ))
        };
        match Value::deserialize(deserializer)? {
            Value::Object(fields) => match fields.get(PROBLEM) {
                Some(Value::String(problem)) => Ok(canonical(problem.clone(), &fields)),
                _ => Err(refuse("an object without a string field 'problem'")),
            },
            other => Err(refuse(&format!("a JSON {}", kind(&other)))),
        }
    }
}

#[cfg(test)]
mod tests;
