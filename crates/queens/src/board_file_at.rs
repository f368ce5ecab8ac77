//! A board file named by its path, as a command line gives it: read once with a bound
//! ([`MAX_BOARD_FILE_BYTES`]; `-` is standard input, which can be read only once), parsed, and
//! added to the rules stated beside it ([`RulesBuilder::board_file_at`]), what is wrong said
//! in the caller's terms.

use crate::{parse_board_file, BoardFileError, RulesBuildError, RulesBuilder, Spelling};
use crate::{Variant, MAX_BOARD_FILE_BYTES};
use std::path::Path;
use toolkit_base::{Blame, Fault};
use zero_one_model::input::{read_text, InputError};

/// Why a board file named by its path cannot be added.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BoardFileAtError {
    /// It cannot be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// It does not parse; `file` names it (`--given-file 'b.txt'`).
    #[error("{file} {error}")]
    Parse {
        /// The file as messages name it.
        file: String,
        /// Where and why.
        error: BoardFileError,
    },
    /// It does not fit the rules stated beside it, as `said` says in the caller's terms.
    #[error("{said}")]
    Misfit {
        /// The misfit said ([`RulesBuildError::said`]).
        said: String,
        /// The misfit.
        error: RulesBuildError,
    },
}

/// A file that does not read, parse or fit is the user's; one the system cannot read, the
/// system's.
impl Blame for BoardFileAtError {
    fn fault(&self) -> Fault {
        match self {
            BoardFileAtError::Input(e) => e.fault(),
            _ => Fault::Input,
        }
    }
}

impl RulesBuilder {
    /// States the variant, if one is given.
    pub fn variant_if(self, variant: Option<Variant>) -> RulesBuilder {
        match variant {
            Some(v) => self.variant(v),
            None => self,
        }
    }

    /// Adds the board file at `path` (`-`: standard input) as [`RulesBuilder::board_file`]
    /// does; messages name it by `names.board_file` and its path.
    ///
    /// # Errors
    /// [`BoardFileAtError`]: a file that cannot be read, does not parse, or does not fit.
    pub fn board_file_at(
        self,
        path: &Path,
        names: &Spelling<'_>,
    ) -> Result<RulesBuilder, BoardFileAtError> {
        let shown = path.display().to_string();
        let file = format!("{} '{shown}'", names.board_file);
        let text = read_text(path, &file, MAX_BOARD_FILE_BYTES)?;
        let parsed = parse_board_file(&text).map_err(|error| BoardFileAtError::Parse {
            file: file.clone(),
            error,
        })?;
        self.board_file(parsed)
            .map_err(|error| BoardFileAtError::Misfit {
                said: error.said(names, &shown),
                error,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn a_board_file_is_read_added_and_its_faults_named_by_the_flag() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.txt");
        let names = Spelling {
            board_file: "--given-file",
            variant: "--variant",
            ..Spelling::default()
        };
        std::fs::write(&path, "c variant toroidal\n0 1\n").unwrap();
        let b = RulesBuilder::new().board_file_at(&path, &names).unwrap();
        let rules = b.build(5).unwrap();
        assert_eq!(rules.given, vec![Square::new(0, 1)]);
        assert_eq!(rules.variant, Variant::Toroidal);
        let classic = RulesBuilder::new().variant_if(Some(Variant::Classic));
        let e = classic.board_file_at(&path, &names).unwrap_err();
        assert!(e.to_string().starts_with("--given-file '"), "{e}");
        assert!(e
            .to_string()
            .ends_with("is for --variant toroidal, but --variant classic was given"));
        std::fs::write(&path, "0 x\n").unwrap();
        let e = RulesBuilder::new()
            .board_file_at(&path, &names)
            .unwrap_err();
        assert!(matches!(e, BoardFileAtError::Parse { .. }), "{e}");
        assert_eq!(e.fault(), Fault::Input);
        let e = RulesBuilder::new()
            .board_file_at(dir.path(), &names)
            .unwrap_err();
        assert!(matches!(e, BoardFileAtError::Input(_)), "{e}");
    }
}
