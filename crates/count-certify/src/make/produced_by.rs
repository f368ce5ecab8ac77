//! Who made a bundle, and how the count ran: the manifest's `produced_by`. The checker
//! reads it as free-form JSON (any producer's); this is what ours writes.

use serde::Serialize;

/// The manifest's `produced_by`: the tool and its version, and what the caller knows of the
/// count (each part omitted from the manifest when not given). [`make`](super::make) fills
/// in [`ProducedBy::certify_seconds`].
///
/// ```
/// use count_certify::make::ProducedBy;
/// let by = ProducedBy::new("my-tool", "1.2.0").with_count("dpll", 6, 2, 0.0051);
/// assert_eq!(by.count_seconds, Some(0.005));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ProducedBy {
    /// The tool that counted.
    pub tool: String,
    /// Its version.
    pub version: String,
    /// The command line that ran it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The backend that found the models.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backend: Option<String>,
    /// Cubes the count was split into.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<usize>,
    /// Threads the count ran on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// Seconds the count took, to the millisecond.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_seconds: Option<f64>,
    /// Seconds the bundle took, to the millisecond (set by [`make`](super::make)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certify_seconds: Option<f64>,
}

impl ProducedBy {
    /// `tool` at `version`, nothing known of the count yet.
    pub fn new(tool: impl Into<String>, version: impl Into<String>) -> ProducedBy {
        ProducedBy {
            tool: tool.into(),
            version: version.into(),
            command: None,
            backend: None,
            cubes: None,
            threads: None,
            count_seconds: None,
            certify_seconds: None,
        }
    }

    /// This, run by `command`.
    pub fn with_command(self, command: impl Into<String>) -> ProducedBy {
        ProducedBy {
            command: Some(command.into()),
            ..self
        }
    }

    /// This, for a count by `backend` over `cubes` cubes on `threads` threads in `seconds`
    /// (rounded to the millisecond).
    pub fn with_count(
        self,
        backend: impl Into<String>,
        cubes: usize,
        threads: usize,
        seconds: f64,
    ) -> ProducedBy {
        ProducedBy {
            backend: Some(backend.into()),
            cubes: Some(cubes),
            threads: Some(threads),
            count_seconds: Some(millis(seconds)),
            ..self
        }
    }
}

/// `seconds` rounded to the millisecond.
pub(crate) fn millis(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_not_given_are_left_out_of_the_json() {
        let by = ProducedBy::new("t", "1");
        assert_eq!(
            serde_json::to_string(&by).unwrap(),
            r#"{"tool":"t","version":"1"}"#
        );
        let by = by.with_command("t run").with_count("sat", 3, 2, 1.23456);
        assert_eq!(
            serde_json::to_string(&by).unwrap(),
            r#"{"tool":"t","version":"1","command":"t run","backend":"sat","cubes":3,"threads":2,"count_seconds":1.235}"#
        );
    }
}
