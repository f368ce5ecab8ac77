//! The DRAT proof, one section per cube. Each section refutes F ∧ c ∧ B_c (the cube's
//! literals as unit clauses, the blocking clauses of its models) with varisat's DRAT output,
//! then rewrites it so that it holds next to every other section:
//!
//! - every added clause C becomes C ∨ ¬c. A step RUP from F ∧ c ∧ B_c and the section's
//!   earlier lemmas stays RUP from F ∧ B and the weakened lemmas: checking C ∨ ¬c assigns c,
//!   under which the weakened lemmas reduce to the originals. A weakened clause that is a
//!   tautology (C held a literal of c) is dropped: under c it was satisfied and never
//!   propagated.
//! - the empty clause becomes the cube lemma ¬c, and the section ends there.
//! - a deletion is kept only when it deletes a clause added earlier in the same section:
//!   varisat deletes original clauses too, which other sections still need.
//!
//! The final section refutes F ∧ {¬c for every cube} the same way (with the empty cube), so
//! it needs nothing of how the cubes were made: only that they cover every model of F.

use super::MakeError;
use std::collections::HashMap;
use varisat::{ExtendFormula, ProofFormat, Solver};
use zero_one_model::Lit;

/// A part of the proof: its text and its number of lines.
#[derive(Clone, Debug, Default)]
pub struct Section {
    /// DRAT lines.
    pub text: Vec<u8>,
    /// How many.
    pub lines: u64,
}

fn to_varisat(l: Lit) -> varisat::Lit {
    varisat::Lit::from_index(l.var().index(), l.is_positive())
}

/// Refutes `clauses` ∧ `extra` ∧ the literals of `cube`, and returns the rewritten section
/// (ending with the cube lemma ¬cube), or `None` when they are satisfiable.
///
/// # Errors
/// A solver failure, or a proof varisat wrote that cannot be read.
pub fn refute(
    clauses: &[Vec<Lit>],
    extra: &[Vec<Lit>],
    cube: &[Lit],
) -> Result<Option<Section>, MakeError> {
    let mut raw = Vec::new();
    let sat = {
        let mut solver = Solver::new();
        solver.write_proof(&mut raw, ProofFormat::Drat);
        let mut buf = Vec::new();
        for c in clauses.iter().chain(extra) {
            buf.clear();
            buf.extend(c.iter().map(|&l| to_varisat(l)));
            solver.add_clause(&buf);
        }
        for &l in cube {
            solver.add_clause(&[to_varisat(l)]);
        }
        let sat = solver.solve()?;
        solver.close_proof()?;
        sat
    };
    if sat {
        return Ok(None);
    }
    weaken(&raw, cube).map(Some)
}

/// `lits` ∨ `negation` without repeats, or `None` for a tautology.
fn weakened(lits: &[i64], negation: &[i64]) -> Option<Vec<i64>> {
    let mut out: Vec<i64> = lits.iter().chain(negation).copied().collect();
    out.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
    out.dedup();
    if out.windows(2).any(|w| w[0] == -w[1]) {
        return None;
    }
    Some(out)
}

fn write_clause(out: &mut Vec<u8>, delete: bool, lits: &[i64]) {
    if delete {
        out.extend_from_slice(b"d ");
    }
    let mut num = itoa::Buffer::new();
    for &l in lits {
        out.extend_from_slice(num.format(l).as_bytes());
        out.push(b' ');
    }
    out.extend_from_slice(b"0\n");
}

/// Rewrites varisat's DRAT text for the section of `cube` (see the module's description).
///
/// # Errors
/// [`MakeError::Proof`] for a line that is not a DRAT step.
pub fn weaken(raw: &[u8], cube: &[Lit]) -> Result<Section, MakeError> {
    let negation: Vec<i64> = cube.iter().map(|l| -l.to_dimacs()).collect();
    let mut section = Section::default();
    // Clauses added in this section (as varisat wrote them, sorted), with multiplicity.
    let mut added: HashMap<Vec<i64>, u32> = HashMap::new();
    let mut lits = Vec::new();
    for line in raw.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let (delete, body) = match line.strip_prefix(b"d ") {
            Some(body) => (true, body),
            None => (false, line),
        };
        lits.clear();
        for token in body.split(|&b| b == b' ').filter(|t| !t.is_empty()) {
            let n = std::str::from_utf8(token)
                .ok()
                .and_then(|t| t.parse::<i64>().ok())
                .ok_or_else(|| {
                    MakeError::Proof(format!(
                        "varisat wrote a step that is not DRAT: '{}'",
                        String::from_utf8_lossy(line)
                    ))
                })?;
            if n == 0 {
                break;
            }
            lits.push(n);
        }
        if !delete && lits.is_empty() {
            break;
        }
        let mut key = lits.clone();
        key.sort_unstable();
        if delete {
            match added.get_mut(&key) {
                Some(k) if *k > 0 => *k -= 1,
                _ => continue,
            }
        }
        let Some(clause) = weakened(&lits, &negation) else {
            continue;
        };
        if !delete {
            *added.entry(key).or_insert(0) += 1;
        }
        write_clause(&mut section.text, delete, &clause);
        section.lines += 1;
    }
    let lemma = weakened(&[], &negation).unwrap_or(negation);
    write_clause(&mut section.text, false, &lemma);
    section.lines += 1;
    Ok(section)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i64) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    #[test]
    fn steps_are_weakened_by_the_cube_and_end_with_its_lemma() {
        let raw = b"-3 4 0\nd 1 2 0\nd 4 -3 0\n5 0\n0\n7 0\n";
        let s = weaken(raw, &[lit(1), lit(-2)]).unwrap();
        let text = String::from_utf8(s.text).unwrap();
        // `d 1 2` deletes an original clause: dropped; `d 4 -3` deletes the section's own.
        assert_eq!(text, "-1 2 -3 4 0\nd -1 2 -3 4 0\n-1 2 5 0\n-1 2 0\n");
        assert_eq!(s.lines, 4);
    }

    #[test]
    fn a_step_that_holds_a_cube_literal_is_dropped_with_its_deletion() {
        let raw = b"-1 5 0\nd 5 -1 0\n0\n";
        let s = weaken(raw, &[lit(-1)]).unwrap();
        assert_eq!(String::from_utf8(s.text).unwrap(), "1 0\n");
    }

    #[test]
    fn without_a_cube_the_proof_is_kept_and_ends_empty() {
        let s = weaken(b"2 0\n0\n", &[]).unwrap();
        assert_eq!(String::from_utf8(s.text).unwrap(), "2 0\n0\n");
    }

    #[test]
    fn a_line_that_is_not_drat_is_an_error() {
        let e = weaken(b"1 x 0\n", &[]).unwrap_err();
        assert!(e.to_string().contains("'1 x 0'"), "{e}");
    }

    #[test]
    fn a_satisfiable_cube_has_no_section() {
        let clauses = vec![vec![lit(1), lit(2)]];
        assert!(refute(&clauses, &[], &[lit(-1)]).unwrap().is_none());
        let s = refute(&clauses, &[vec![lit(2)]], &[lit(-1), lit(-2)]).unwrap();
        assert!(s.unwrap().text.ends_with(b"1 2 0\n"));
    }
}
