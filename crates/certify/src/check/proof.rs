//! The forward DRUP check of a text DRAT proof against a CNF.
//!
//! The format is DRAT's (Wetzler, Heule, Hunt, "DRAT-trim: Efficient Checking and Trimming
//! Using Expressive Clausal Proofs", SAT 2014): one step per line, a lemma `l1 l2 ... 0` to
//! add or a deletion `d l1 l2 ... 0`, literals in the formula's numbering; comment lines
//! (`c ...`) and blank lines are skipped. Every lemma is checked, in order, against the
//! clauses present at its step: assigning its literals false and propagating must reach a
//! conflict (RUP). RAT steps are not supported: a lemma that is RAT but not RUP fails as
//! "lemma is not RUP". A deletion removes one copy of the clause; one of a clause that is not
//! present is ignored and counted (as drat-trim does), and so is one of a unit clause or of
//! the reason of a literal the database propagates at level 0 (drat-trim's default). The
//! proof must add the empty clause, unless the formula alone propagates to a conflict.
//! Binary DRAT is refused.

use super::dimacs::Cnf;
use super::drup::{lit, Database, Deleted, Lit};
use super::error::{ErrorKind, FileError};
use super::text::{self, Lines};
use std::io::BufRead;

/// What a proof check did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofSummary {
    /// Lemmas, each checked RUP (once the clauses propagate to a conflict, every later lemma
    /// is RUP at once).
    pub lemmas: u64,
    /// Deletion steps.
    pub deletions: u64,
    /// Deletions of a clause not present, ignored.
    pub missing_deletions: u64,
    /// Deletions of a unit clause or of a level-0 reason, ignored.
    pub unit_deletions: u64,
    /// The line of the first empty clause, or `None` when the formula alone propagates to a
    /// conflict and the proof adds none.
    pub empty_clause_line: Option<u64>,
}

/// Checks a text DRAT proof of the unsatisfiability of `cnf`, every step RUP.
///
/// # Errors
/// On the first lemma that is not RUP (`line N: lemma is not RUP`), a malformed line (a
/// literal beyond the formula's variables, a missing `0`, binary data), a read error, or a
/// proof that never adds the empty clause (while the formula alone does not propagate to a
/// conflict).
///
/// ```
/// use nqueens_certify::check::{check_proof, read_cnf};
/// let cnf = read_cnf(&b"p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"[..]).unwrap();
/// let summary = check_proof(&cnf, &b"1 0\n0\n"[..]).unwrap();
/// assert_eq!(summary.lemmas, 2);
/// let err = check_proof(&cnf, &b"0\n"[..]).unwrap_err();
/// assert_eq!(err.to_string(), "line 1: lemma is not RUP");
/// ```
pub fn check_proof(cnf: &Cnf, proof: impl BufRead) -> Result<ProofSummary, FileError> {
    let mut db = Database::default();
    let mut lits = Vec::new();
    for (i, clause) in cnf.clauses().enumerate() {
        if normalize(clause, &mut lits) && !db.add(&lits) {
            let kind = ErrorKind::TooLarge;
            return Err(FileError::at(cnf.clause_line(i), kind));
        }
    }
    let refuted_by_formula = db.refuted();
    let mut summary = ProofSummary::default();
    let mut lines = Lines::new(proof);
    let mut literals = Vec::new();
    while let Some((at, line)) = lines.next_line()? {
        if text::is_blank(line) || text::is_comment(line) {
            continue;
        }
        let mut tokens = text::tokens(line).peekable();
        let deletion = tokens.next_if_eq(&&b"d"[..]).is_some();
        literals.clear();
        text::terminated(tokens, cnf.variables(), &mut literals)
            .map_err(|kind| FileError::at(at, kind))?;
        let proper = normalize(&literals, &mut lits);
        if deletion {
            summary.deletions += 1;
            if proper && !db.refuted() {
                match db.delete(&lits) {
                    Deleted::Removed => {}
                    Deleted::KeptUnit => summary.unit_deletions += 1,
                    Deleted::Missing => summary.missing_deletions += 1,
                }
            }
            continue;
        }
        summary.lemmas += 1;
        if !proper || db.refuted() {
            // A tautology, or a step after the conflict: RUP.
        } else if !db.is_rup(&lits) {
            return Err(FileError::at(at, ErrorKind::NotRup));
        } else if !db.add(&lits) {
            return Err(FileError::at(at, ErrorKind::TooLarge));
        }
        if literals.is_empty() && summary.empty_clause_line.is_none() {
            summary.empty_clause_line = Some(at);
        }
    }
    if summary.empty_clause_line.is_none() && !refuted_by_formula {
        return Err(FileError::whole(ErrorKind::NoEmptyClause));
    }
    Ok(summary)
}

/// A clause's literals as [`Lit`]s, sorted and without repeats, into `out`; `false` for a
/// tautology (a literal and its negation).
fn normalize(clause: &[i32], out: &mut Vec<Lit>) -> bool {
    out.clear();
    out.extend(clause.iter().map(|&l| lit(l)));
    out.sort_unstable();
    out.dedup();
    !out.windows(2).any(|w| w[0] ^ 1 == w[1])
}
