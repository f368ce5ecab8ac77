//! The independent checker, written from the definition and nothing else (the seeds' TLA+
//! `Attacks` and `IsSolution`): it shares no code with any encoding, so a wrong encoding
//! cannot also make the checker wrong.

/// Whether the queens in rows `i` and `j` attack each other; `queens[r]` is the column of the
/// queen in row `r`.
///
/// # Panics
/// When `i` or `j` is out of range.
pub fn attacks(queens: &[usize], i: usize, j: usize) -> bool {
    let (qi, qj) = (queens[i] as i64, queens[j] as i64);
    let (i, j) = (i as i64, j as i64);
    qi == qj || qi - qj == i - j || qj - qi == i - j
}

/// The first pair of rows whose queens attack each other, if any.
pub fn first_attack(queens: &[usize]) -> Option<(usize, usize)> {
    (0..queens.len())
        .flat_map(|i| (i + 1..queens.len()).map(move |j| (i, j)))
        .find(|&(i, j)| attacks(queens, i, j))
}

/// Whether no two queens attack each other (a partial or complete solution). Columns outside
/// the board are rejected too.
pub fn is_solution(queens: &[usize]) -> bool {
    queens.iter().all(|&c| c < queens.len()) && first_attack(queens).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_solution_and_known_attacks() {
        assert!(is_solution(&[1, 3, 0, 2]));
        assert!(!is_solution(&[0, 2, 1, 3])); // rows 0 and 3 share the main diagonal
        assert_eq!(first_attack(&[0, 2, 1, 3]), Some((0, 3)));
        assert!(attacks(&[0, 0], 0, 1)); // same column
        assert!(attacks(&[1, 0], 0, 1)); // anti-diagonal
        assert!(!is_solution(&[4, 1, 3, 0])); // column 4 is off a 4x4 board
    }
}
