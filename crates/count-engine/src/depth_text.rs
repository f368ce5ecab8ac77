//! A [`Depth`] as problem descriptions write it: `Levels(3)`, `Target(512)` (the form keys
//! have always had, so that checkpoints and shards of earlier builds keep their keys).

use crate::Depth;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Depth {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{self:?}"))
    }
}

impl<'de> Deserialize<'de> for Depth {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Depth, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse(&text).ok_or_else(|| {
            D::Error::custom(format!(
                "expected a depth as Levels(N) or Target(N), found '{}'",
                text.chars().take(40).collect::<String>()
            ))
        })
    }
}

/// `Levels(N)` or `Target(N)`.
fn parse(text: &str) -> Option<Depth> {
    let (kind, rest) = text.split_once('(')?;
    let n = rest.strip_suffix(')')?.parse().ok()?;
    match kind {
        "Levels" => Some(Depth::Levels(n)),
        "Target" => Some(Depth::Target(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_are_written_as_they_always_were_and_read_back() {
        for (depth, text) in [
            (Depth::Levels(0), "\"Levels(0)\""),
            (Depth::Target(512), "\"Target(512)\""),
        ] {
            assert_eq!(serde_json::to_string(&depth).unwrap(), text);
            assert_eq!(serde_json::from_str::<Depth>(text).unwrap(), depth);
        }
    }

    #[test]
    fn other_text_is_not_a_depth() {
        for text in [
            "Target",
            "Target(x)",
            "Target(5",
            "Deep(3)",
            "Levels(-1)",
            "",
        ] {
            let e = serde_json::from_str::<Depth>(&format!("\"{text}\"")).unwrap_err();
            assert!(
                e.to_string()
                    .contains("expected a depth as Levels(N) or Target(N)"),
                "{e}"
            );
        }
    }
}
