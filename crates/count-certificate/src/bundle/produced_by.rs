//! Who made a bundle, and how the count ran: the manifest's `produced_by`. Nothing in it is
//! checked; a producer leaves out what it does not know, and the checker reads a manifest
//! whatever it says here, as long as each part it gives has its type.

use serde::{Deserialize, Serialize};

/// The manifest's `produced_by`: the tool and its version, and what the producer knows of
/// the count (each part omitted from the manifest when not given, and read as absent when a
/// manifest leaves it out; parts this version does not know are ignored).
///
/// ```
/// use count_certificate::bundle::ProducedBy;
/// let by = ProducedBy::new("my-tool", "1.2.0").with_count("dpll", 6, 2, 0.0051);
/// assert_eq!(by.count_seconds, Some(0.005));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ProducedBy {
    /// The tool that counted (empty when a manifest does not say).
    #[serde(default)]
    pub tool: String,
    /// Its version (empty when a manifest does not say).
    #[serde(default)]
    pub version: String,
    /// The command line that ran it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The backend that found the models.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backend: Option<String>,
    /// Cubes the count was split into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cubes: Option<usize>,
    /// Threads the count ran on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// Seconds the count took, to the millisecond.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_seconds: Option<f64>,
    /// Seconds the bundle took, to the millisecond.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

    /// This, run by the command line of this process (its arguments joined by spaces).
    pub fn with_this_command(self) -> ProducedBy {
        let command: Vec<String> = std::env::args().collect();
        self.with_command(command.join(" "))
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

    /// This, its bundle made in `seconds` (rounded to the millisecond).
    pub fn with_certify_seconds(self, seconds: f64) -> ProducedBy {
        ProducedBy {
            certify_seconds: Some(millis(seconds)),
            ..self
        }
    }
}

/// `seconds` rounded to the millisecond.
fn millis(seconds: f64) -> f64 {
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

    #[test]
    fn what_a_producer_wrote_reads_back_and_what_it_left_out_is_absent() {
        let by = ProducedBy::new("t", "1")
            .with_count("sat", 3, 2, 1.23456)
            .with_certify_seconds(0.0104);
        let text = serde_json::to_string(&by).unwrap();
        assert_eq!(serde_json::from_str::<ProducedBy>(&text).unwrap(), by);
        let other: ProducedBy =
            serde_json::from_str(r#"{"tool":"hand","host":"elsewhere"}"#).unwrap();
        assert_eq!(other, ProducedBy::new("hand", ""));
    }

    #[test]
    fn a_part_of_the_wrong_type_does_not_read() {
        for text in [r#"{"cubes":"many"}"#, r#""a string""#, r#"{"tool":3}"#] {
            assert!(serde_json::from_str::<ProducedBy>(text).is_err(), "{text}");
        }
    }
}
