//! The board a command works on: `--variant`, `--given`, `--blocked` and `--given-file` read,
//! merged and checked against the board size before any work starts (exit 2 otherwise).

use crate::cli::{BoardArgs, VariantArg};
use crate::exit::CliError;
use anyhow::anyhow;
use nqueens_queens::{oeis, parse_board_file, Board, Rules, Square};

/// A board file larger than this is refused: a 1000 x 1000 drawing is about 2 MB.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// The board the arguments describe, read once (a `--given-file` may be a pipe).
pub struct BoardSpec {
    rules: Rules,
    /// The size a drawn `--given-file` shows.
    drawn_n: Option<usize>,
}

impl BoardSpec {
    /// Reads the options, and the `--given-file` (`-`: stdin) once.
    ///
    /// # Errors
    /// An unreadable or malformed `--given-file`, or one declaring another variant than
    /// `--variant` (exit 2).
    pub fn read(model: &BoardArgs) -> Result<BoardSpec, CliError> {
        let mut given = model.given.clone().map(|s| s.0).unwrap_or_default();
        let mut blocked = model.blocked.clone().map(|s| s.0).unwrap_or_default();
        let mut drawn_n = None;
        let mut variant = match model.variant {
            Some(VariantArg::Domination(d)) => {
                return Err(CliError::usage(anyhow!(
                    "--variant {d} is queen domination: count, solve, encode and stats take it"
                )))
            }
            Some(VariantArg::Queens(v)) => Some(v),
            None => None,
        };
        if model.queens.is_some() {
            return Err(CliError::usage(anyhow!(
                "--queens K bounds a domination variant (--variant domination, ...)"
            )));
        }
        if let Some(path) = &model.given_file {
            let shown = path.display();
            let what = format!("--given-file '{shown}'");
            let text = crate::input::read_text(path, &what, MAX_FILE_BYTES)?;
            let file = parse_board_file(&text)
                .map_err(|e| CliError::usage(anyhow!("--given-file '{shown}' {e}")))?;
            match (file.variant, variant) {
                (Some(f), Some(v)) if f != v => {
                    return Err(CliError::usage(anyhow!(
                        "--given-file '{shown}' is for --variant {f}, but --variant {v} was given"
                    )))
                }
                (Some(f), _) => variant = Some(f),
                _ => {}
            }
            // A square both on the command line and in the file is refused, as a square
            // twice on the command line or twice in the file is.
            for (line, file_list, what) in [
                (&given, &file.given, "--given"),
                (&blocked, &file.blocked, "--blocked"),
            ] {
                if let Some(sq) = file_list.iter().find(|sq| line.contains(sq)) {
                    return Err(CliError::usage(anyhow!(
                        "square {sq} is in {what} and in --given-file '{shown}': give it once"
                    )));
                }
            }
            given.extend(file.given);
            blocked.extend(file.blocked);
            drawn_n = file.drawn_n;
        }
        Ok(BoardSpec {
            rules: Rules::new(variant.unwrap_or_default(), given, blocked),
            drawn_n,
        })
    }

    /// The rules for an n x n board, checked: squares on the board, given queens at peace, a
    /// drawn board of the same size.
    ///
    /// # Errors
    /// The first misfit (exit 2).
    pub fn for_n(&self, n: usize) -> Result<Rules, CliError> {
        if let Some(d) = self.drawn_n.filter(|&d| d != n) {
            return Err(CliError::usage(anyhow!(
                "--given-file draws a {d}x{d} board, but the board size is {n}"
            )));
        }
        self.rules.check(n).map_err(CliError::usage)?;
        Ok(self.rules.clone())
    }
}

/// [`BoardSpec::read`] then [`BoardSpec::for_n`], for commands with one board size.
///
/// # Errors
/// As those two.
pub fn for_board(model: &BoardArgs, n: usize) -> Result<Rules, CliError> {
    BoardSpec::read(model)?.for_n(n)
}

/// The board's name in messages: `Q(8)`, `Q(13, toroidal)`, `Q(20, classic, 5 given)`.
pub fn name(n: usize, rules: &Rules) -> String {
    if rules.is_classic() {
        format!("Q({n})")
    } else {
        format!("Q({n}, {})", rules.describe())
    }
}

/// Largest board with given or blocked squares whose solvability the oracle confirms: proving
/// that none exists means searching the whole tree, a few seconds at n = 16 and out of reach
/// soon after.
const MAX_CONFIRMED_N: usize = 14;

/// Whether the board has a solution, when that is known, and who says so (`OEIS A000170
/// lists 4`, `the bitboard oracle finds none`): the variant's OEIS table for an open board,
/// the bitboard oracle (which stops at its first solution) for one with given or blocked
/// squares up to n = 14.
pub fn has_solution(n: usize, rules: &Rules) -> Option<(bool, String)> {
    if rules.is_open() {
        let seq = oeis::sequence(rules.variant);
        return oeis::variant_solutions(rules.variant, n)
            .map(|k| (k > 0, format!("OEIS {seq} lists {k}")));
    }
    if n > MAX_CONFIRMED_N || rules.check(n).is_err() {
        return None;
    }
    let mut any = false;
    nqueens_queens::for_each_rules_solution(n, rules, |_| {
        any = true;
        false
    });
    let finds = if any { "one" } else { "none" };
    Some((any, format!("the bitboard oracle finds {finds}")))
}

/// A solution under a header line: drawn with Unicode queens, or with `--ascii` as a board
/// file (`c` header, `c variant` line, `Q` queens, `#` blocked squares) that `--given-file`
/// reads back.
pub fn draw(rules: &Rules, board: &Board, header: &str, ascii: bool) -> String {
    if !ascii {
        return format!("{header}\n{}", board.render(false));
    }
    let queens: Vec<Square> = board
        .columns()
        .iter()
        .enumerate()
        .map(|(row, &col)| Square::new(row, col))
        .collect();
    nqueens_queens::write_board_file(
        board.n(),
        rules.variant,
        &queens,
        &rules.blocked,
        &[header.to_string()],
    )
}
