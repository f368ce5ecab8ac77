//! The board a command works on: `--variant`, `--given`, `--blocked` and `--given-file` read
//! into the library's `RulesBuilder` ([`RulesBuilder::board_file_at`]) and checked against
//! the board size before any work starts, its errors said in flags (exit 2).

use crate::cli::{BoardArgs, SquaresArg, BOARD_FLAGS};
use crate::exit::CliError;
use nqueens_queens::{Rules, RulesBuilder};

/// Reads the options, and the `--given-file` (`-`: stdin) once.
///
/// # Errors
/// An unreadable or malformed `--given-file`, or one declaring another variant than `--variant` or
/// repeating a square of `--given` or `--blocked` (exit 2).
pub fn read(model: &BoardArgs) -> Result<RulesBuilder, CliError> {
    let squares = |s: &Option<SquaresArg>| s.clone().map(|s| s.0).unwrap_or_default();
    let builder = (RulesBuilder::new().variant_if(model.variant))
        .given(squares(&model.given))
        .blocked(squares(&model.blocked));
    match &model.given_file {
        Some(path) => Ok(builder.board_file_at(path, &BOARD_FLAGS)?),
        None => Ok(builder),
    }
}

/// The rules for an n x n board, checked: squares on the board, given queens at peace, a
/// drawn board of the same size; the first misfit is refused (exit 2).
pub fn for_n(builder: &RulesBuilder, n: usize) -> Result<Rules, CliError> {
    (builder.build(n)).map_err(|e| usage!("{}", e.said(&BOARD_FLAGS, "")))
}

/// [`read`] then [`for_n`], for commands with one board size.
pub fn for_board(model: &BoardArgs, n: usize) -> Result<Rules, CliError> {
    for_n(&read(model)?, n)
}
