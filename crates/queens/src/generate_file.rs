//! A completion instance as asked for ([`CompletionAsked`]): made, and written as its board
//! file, the drawing under comments that say how it was made; and what each instance format
//! is ([`InstanceFormat::about`]).

use crate::generate::{completion, GenerateRefusal, InstanceFormat};
use crate::{write_board_file, Rules, Variant};

/// How a completion instance was asked for: the arguments of [`crate::generate::completion`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CompletionAsked {
    /// The board size.
    pub n: usize,
    /// Given queens.
    pub given: usize,
    /// Blocked squares.
    pub blocked: usize,
    /// The variant.
    pub variant: Variant,
    /// The seed.
    pub seed: u64,
}

impl CompletionAsked {
    /// The instance ([`completion`]).
    ///
    /// # Errors
    /// As [`completion`].
    pub fn generate(&self) -> Result<Rules, GenerateRefusal> {
        completion(self.n, self.given, self.blocked, self.variant, self.seed)
    }

    /// The board file of `rules`, made as asked: the drawing under a comment with the
    /// command line that makes it again and one with the key to the drawing.
    ///
    /// ```
    /// use nqueens_queens::{parse_board_file, CompletionAsked, Variant};
    /// let asked = CompletionAsked { n: 5, given: 2, blocked: 1, variant: Variant::Classic, seed: 7 };
    /// let rules = asked.generate()?;
    /// let text = asked.board_file(&rules);
    /// assert!(text.starts_with("c nqueens generate completion 5 --given 2 --blocked 1 --seed 7"));
    /// assert_eq!(parse_board_file(&text)?.given, rules.given);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board_file(&self, rules: &Rules) -> String {
        let CompletionAsked {
            n,
            given,
            blocked,
            variant,
            seed,
        } = *self;
        let comments = [
            format!(
                "nqueens generate completion {n} --given {given} --blocked {blocked} --seed {seed} --variant {variant}"
            ),
            "Q: a given queen, #: a blocked square, .: free; rows and columns 0-based from the top left".into(),
        ];
        write_board_file(n, variant, &rules.given, &rules.blocked, &comments)
    }
}

impl InstanceFormat {
    /// What the format is, in a line for a list of them.
    pub fn about(self) -> &'static str {
        match self {
            InstanceFormat::Board => {
                "Our board file (a drawing: Q given, # blocked, . free), read by --given-file"
            }
            InstanceFormat::Export(f) => f.about(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::shape::bytes::FileFormat;

    #[test]
    fn the_board_file_names_its_command_and_reads_back() {
        let asked = CompletionAsked {
            n: 6,
            given: 2,
            blocked: 3,
            variant: Variant::Toroidal,
            seed: 9,
        };
        let rules = asked.generate().unwrap();
        assert_eq!(rules, completion(6, 2, 3, Variant::Toroidal, 9).unwrap());
        let text = asked.board_file(&rules);
        assert!(text.contains("--seed 9 --variant toroidal\n"), "{text}");
        let file = crate::parse_board_file(&text).unwrap();
        assert_eq!(file.variant, Some(Variant::Toroidal));
        assert_eq!((file.given, file.blocked), (rules.given, rules.blocked));
        let lp = InstanceFormat::Export(FileFormat::Lp);
        assert_eq!(lp.about(), FileFormat::Lp.about());
        assert!(InstanceFormat::Board.about().contains("board file"));
    }
}
