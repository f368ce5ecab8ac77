//! Our board-file format for completion and blocked instances, read by `--given-file` and
//! written by `nqueens generate`. Two forms:
//!
//! - a list: one given queen per line as `ROW COL` (0-based, whitespace between);
//! - a drawing: one line per row, one character per square, `Q` a given queen, `#` a blocked
//!   square, `.` a free one (spaces between characters are ignored).
//!
//! Lines starting with `c` (comments, as in DIMACS) and blank lines are skipped in both, but
//! for `c variant NAME`, which says which board the squares are for. The first line that is
//! not skipped decides the form: a drawing when it holds only `Q`, `#`, `.` and spaces. A
//! list line may also be written `ROW:COL`, as on the command line; a leading byte-order mark
//! is ignored.

use crate::{Square, Variant};
use thiserror::Error;

/// What a board file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardFile {
    /// Given queens.
    pub given: Vec<Square>,
    /// Blocked squares.
    pub blocked: Vec<Square>,
    /// The board size a drawing shows (its number of rows); `None` for a list.
    pub drawn_n: Option<usize>,
    /// The variant a `c variant NAME` line names.
    pub variant: Option<Variant>,
}

/// Why a board file does not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {why}")]
pub struct BoardFileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

fn is_drawing_line(line: &str) -> bool {
    line.chars()
        .all(|ch| matches!(ch, 'Q' | '#' | '.' | ' ' | '\t'))
}

/// The largest board file worth reading, in bytes: a 1000 x 1000 drawing is about 2 MB.
pub const MAX_BOARD_FILE_BYTES: u64 = 16 << 20;

/// Reads a board file's text.
///
/// # Errors
/// A line that fits neither form, a drawing whose rows are not all n squares wide for n
/// rows, or a file with nothing in it.
pub fn parse_board_file(text: &str) -> Result<BoardFile, BoardFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut variant = None;
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["c", "variant", rest @ ..] = &words[..] {
            let named = rest
                .join(" ")
                .parse::<Variant>()
                .map_err(|e| BoardFileError {
                    line: i + 1,
                    why: e.to_string(),
                })?;
            if let Some(earlier) = variant.filter(|&v| v != named) {
                return Err(BoardFileError {
                    line: i + 1,
                    why: format!(
                        "a second `c variant` line names {named}, an earlier one {earlier}"
                    ),
                });
            }
            variant = Some(named);
        }
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('c'))
        .collect();
    let Some(&(_, first)) = lines.first() else {
        return Err(BoardFileError {
            line: 1,
            why: "no squares: expected `ROW COL` lines or a drawn board of Q, # and .".into(),
        });
    };
    let mut file = BoardFile {
        variant,
        ..BoardFile::default()
    };
    if is_drawing_line(first) {
        let n = lines.len();
        // Rows interrupted by skipped lines, each run as wide as it is long: several boards
        // (as `solve --all --ascii` prints them).
        let runs = 1 + lines.windows(2).filter(|w| w[1].0 != w[0].0 + 1).count();
        if runs > 1 && n.is_multiple_of(runs) {
            let width = lines[0].1.chars().filter(|c| !c.is_whitespace()).count();
            if width == n / runs {
                return Err(BoardFileError {
                    line: lines[width].0,
                    why: format!(
                        "the file holds {runs} drawn {width} x {width} boards; it must hold one"
                    ),
                });
            }
        }
        file.drawn_n = Some(n);
        for (row, &(line, text)) in lines.iter().enumerate() {
            let squares: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            let err = |why: String| BoardFileError { line, why };
            if !is_drawing_line(text) {
                return Err(err(format!(
                    "a drawn board has only Q, # and . on each row, found '{}'",
                    text.chars().take(40).collect::<String>()
                )));
            }
            if squares.len() != n {
                return Err(err(format!(
                    "a drawn board is square: it has {n} rows, but this row has {} squares",
                    squares.len()
                )));
            }
            for (col, ch) in squares.into_iter().enumerate() {
                match ch {
                    'Q' => file.given.push(Square::new(row, col)),
                    '#' => file.blocked.push(Square::new(row, col)),
                    _ => {}
                }
            }
        }
        return Ok(file);
    }
    for &(line, text) in &lines {
        let nums: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ':')
            .filter(|x| !x.is_empty())
            .collect();
        let parsed: Option<Vec<usize>> = nums.iter().map(|x| x.parse().ok()).collect();
        match parsed.as_deref() {
            Some(&[row, col]) if file.given.contains(&Square::new(row, col)) => {
                return Err(BoardFileError {
                    line,
                    why: format!("square {} is listed twice", Square::new(row, col)),
                })
            }
            Some(&[row, col]) => file.given.push(Square::new(row, col)),
            _ => {
                return Err(BoardFileError {
                    line,
                    why: format!(
                        "expected `ROW COL` (two 0-based numbers), found '{}'",
                        text.chars().take(40).collect::<String>()
                    ),
                })
            }
        }
    }
    Ok(file)
}

/// Draws an n x n instance in the drawing form, with `comments` as leading `c` lines and,
/// for a variant other than the classic board, a `c variant NAME` line.
pub fn write_board_file(
    n: usize,
    variant: Variant,
    given: &[Square],
    blocked: &[Square],
    comments: &[String],
) -> String {
    let mut s = String::new();
    if variant != Variant::Classic {
        s.push_str(&format!("c variant {variant}\n"));
    }
    for c in comments {
        s.push_str("c ");
        s.push_str(c);
        s.push('\n');
    }
    for row in 0..n {
        let line: Vec<&str> = (0..n)
            .map(|col| {
                let sq = Square::new(row, col);
                if given.contains(&sq) {
                    "Q"
                } else if blocked.contains(&sq) {
                    "#"
                } else {
                    "."
                }
            })
            .collect();
        s.push_str(&line.join(" "));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_and_a_drawing_round_trips() {
        let list = parse_board_file("c two queens\n0 1\n\n 3 2 \n").unwrap();
        assert_eq!(list.given, vec![Square::new(0, 1), Square::new(3, 2)]);
        assert_eq!(list.drawn_n, None);
        let given = [Square::new(0, 1)];
        let blocked = [Square::new(2, 2), Square::new(3, 0)];
        let text = write_board_file(4, Variant::Classic, &given, &blocked, &["seed 7".into()]);
        assert_eq!(text, "c seed 7\n. Q . .\n. . . .\n. . # .\n# . . .\n");
        let drawn = parse_board_file(&text).unwrap();
        assert_eq!(
            (drawn.given, drawn.blocked, drawn.drawn_n),
            (given.to_vec(), blocked.to_vec(), Some(4))
        );
        let torus = write_board_file(2, Variant::Toroidal, &[], &[], &[]);
        assert_eq!(
            parse_board_file(&torus).unwrap().variant,
            Some(Variant::Toroidal)
        );
        let bom_and_colons = parse_board_file("\u{feff}0:1\n2 3\n").unwrap();
        assert_eq!(
            bom_and_colons.given,
            vec![Square::new(0, 1), Square::new(2, 3)]
        );
        assert!(parse_board_file("c variant knight\n0 1\n").is_err());
        let tab = parse_board_file("c\tvariant\tsuperqueens\n0 1\n").unwrap();
        assert_eq!(tab.variant, Some(Variant::Superqueens));
    }

    #[test]
    fn bad_files_say_which_line() {
        assert_eq!(parse_board_file("").unwrap_err().line, 1);
        let e = parse_board_file("0 1\n1 x\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: expected `ROW COL` (two 0-based numbers), found '1 x'"
        );
        let e = parse_board_file("Q..\n...\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: a drawn board is square: it has 2 rows, but this row has 3 squares"
        );
        assert!(parse_board_file("Q.\n.X\n").is_err());
        // Two boards one after the other, as `solve --all --ascii` prints them.
        let e = parse_board_file("c one\n. Q\nQ .\n\nc two\nQ .\n. Q\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 6: the file holds 2 drawn 2 x 2 boards; it must hold one"
        );
        let e = parse_board_file("c variant toroidal\nc variant superqueens\n0 0\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: a second `c variant` line names superqueens, an earlier one toroidal"
        );
        let same = parse_board_file("c variant toroidal\nc variant toroidal\n0 0\n").unwrap();
        assert_eq!(same.variant, Some(Variant::Toroidal));
        let e = parse_board_file("0 1\n2 3\n0:1\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3: square 0:1 is listed twice");
    }
}
