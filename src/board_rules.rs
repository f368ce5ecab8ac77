//! The board a command works on: `--variant`, `--given`, `--blocked` and `--given-file` read
//! into the library's `RulesBuilder` and checked against the board size before any work
//! starts, its errors said in flags (exit 2).

use crate::cli::{BoardArgs, BOARD_FLAGS};
use crate::exit::CliError;
use nqueens_queens::{
    parse_board_file, Rules, RulesBuildError, RulesBuilder, MAX_BOARD_FILE_BYTES,
};

/// The board the arguments describe, read once (a `--given-file` may be a pipe).
pub struct BoardSpec {
    builder: RulesBuilder,
}

impl BoardSpec {
    /// Reads the options, and the `--given-file` (`-`: stdin) once.
    ///
    /// # Errors
    /// An unreadable or malformed `--given-file`, or one declaring another variant than `--variant` or
    /// repeating a square of `--given` or `--blocked` (exit 2).
    pub fn read(model: &BoardArgs) -> Result<BoardSpec, CliError> {
        let mut builder = RulesBuilder::new()
            .given(model.given.clone().map(|s| s.0).unwrap_or_default())
            .blocked(model.blocked.clone().map(|s| s.0).unwrap_or_default());
        if let Some(v) = model.variant {
            builder = builder.variant(v);
        }
        if let Some(path) = &model.given_file {
            let shown = path.display();
            let what = format!("--given-file '{shown}'");
            let text = crate::input::read_text(path, &what, MAX_BOARD_FILE_BYTES)?;
            let file = parse_board_file(&text).map_err(|e| usage!("--given-file '{shown}' {e}"))?;
            builder = builder
                .board_file(file)
                .map_err(|e| usage!("{}", e.said(&BOARD_FLAGS, &shown.to_string())))?;
        }
        Ok(BoardSpec { builder })
    }

    /// The rules for an n x n board, checked: squares on the board, given queens at peace, a
    /// drawn board of the same size.
    ///
    /// # Errors
    /// The first misfit (exit 2).
    pub fn for_n(&self, n: usize) -> Result<Rules, CliError> {
        self.builder.build(n).map_err(|e| match e {
            RulesBuildError::Rules(e) => CliError::usage(e),
            e => usage!("{}", e.said(&BOARD_FLAGS, "")),
        })
    }
}

/// [`BoardSpec::read`] then [`BoardSpec::for_n`], for commands with one board size.
///
/// # Errors
/// As those two.
pub fn for_board(model: &BoardArgs, n: usize) -> Result<Rules, CliError> {
    BoardSpec::read(model)?.for_n(n)
}
