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
use std::mem::take;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

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
/// The proof is read and parsed on a second thread while this one checks the steps.
///
/// # Errors
/// On the first lemma that is not RUP (`line N: lemma is not RUP`), a malformed line (a
/// literal beyond the formula's variables, a missing `0`, binary data), a read error, or a
/// proof that never adds the empty clause (while the formula alone does not propagate to a
/// conflict).
///
/// ```
/// use count_certificate::check::{check_proof, read_cnf};
/// let cnf = read_cnf(&b"p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"[..]).unwrap();
/// let summary = check_proof(&cnf, &b"1 0\n0\n"[..]).unwrap();
/// assert_eq!(summary.lemmas, 2);
/// let err = check_proof(&cnf, &b"0\n"[..]).unwrap_err();
/// assert_eq!(err.to_string(), "line 1: lemma is not RUP");
/// ```
pub fn check_proof(cnf: &Cnf, proof: impl BufRead + Send) -> Result<ProofSummary, FileError> {
    let never = AtomicBool::new(false);
    check_proof_until(cnf, proof, &never).map(|summary| summary.unwrap_or_default())
}

/// [`check_proof`], abandoned (`Ok(None)`) soon after `stop` is raised.
pub(crate) fn check_proof_until(
    cnf: &Cnf,
    proof: impl BufRead + Send,
    stop: &AtomicBool,
) -> Result<Option<ProofSummary>, FileError> {
    let mut checker = Checker::new(cnf)?;
    let variables = cnf.variables();
    std::thread::scope(|scope| {
        let (to_checker, batches) = mpsc::sync_channel(BATCHES_IN_FLIGHT);
        scope.spawn(move || read_steps(proof, variables, &to_checker));
        for batch in batches {
            if stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            for step in &batch.steps {
                checker.step(step, &batch.lits)?;
            }
            if let Some(e) = batch.error {
                return Err(e);
            }
        }
        checker.finish().map(Some)
        // Leaving early drops `batches`: the reader's next send fails and it stops.
    })
}

/// Steps per batch handed from the reading thread to the checking one.
const STEPS_PER_BATCH: usize = 4096;
/// Batches read ahead of the check.
const BATCHES_IN_FLIGHT: usize = 4;

/// One parsed proof step.
struct Step {
    /// Its 1-based line.
    line: u64,
    deletion: bool,
    /// Whether it has no literal (the empty clause, as a lemma).
    empty: bool,
    /// Whether it is a tautology (a literal and its negation).
    tautology: bool,
    /// Its literals, sorted and without repeats, are `lits[start..sorted_end]` of the
    /// batch; a lemma's follow as written, to `end` (the order its RUP test assumes them
    /// in: see [`Database::is_rup`]).
    start: u32,
    sorted_end: u32,
    end: u32,
}

/// Consecutive steps of the proof, and the error that ended its reading, if any (after the
/// steps).
#[derive(Default)]
struct Batch {
    steps: Vec<Step>,
    lits: Vec<Lit>,
    error: Option<FileError>,
}

/// Reads and parses the steps of `proof`, sending them in batches until the end, the first
/// malformed line, or a closed channel (the checker stopped).
fn read_steps(proof: impl BufRead, variables: u32, to_checker: &mpsc::SyncSender<Batch>) {
    let mut lines = Lines::new(proof);
    let mut batch = Batch::default();
    let mut literals = Vec::new();
    let mut sorted = Vec::new();
    loop {
        let (at, line) = match lines.next_line() {
            Ok(Some(next)) => next,
            Ok(None) => break,
            Err(e) => {
                batch.error = Some(e);
                break;
            }
        };
        if text::is_blank(line) || text::is_comment(line) {
            continue;
        }
        let mut tokens = text::tokens(line).peekable();
        let deletion = tokens.next_if_eq(&&b"d"[..]).is_some();
        literals.clear();
        if let Err(kind) = text::terminated(tokens, variables, &mut literals) {
            batch.error = Some(FileError::at(at, kind));
            break;
        }
        let proper = normalize(&literals, &mut sorted);
        let start = batch.lits.len() as u32;
        batch.lits.extend_from_slice(&sorted);
        let sorted_end = batch.lits.len() as u32;
        if !deletion {
            batch.lits.extend(literals.iter().map(|&l| lit(l)));
        }
        batch.steps.push(Step {
            line: at,
            deletion,
            empty: literals.is_empty(),
            tautology: !proper,
            start,
            sorted_end,
            end: batch.lits.len() as u32,
        });
        if batch.steps.len() == STEPS_PER_BATCH && to_checker.send(take(&mut batch)).is_err() {
            return;
        }
    }
    let _ = to_checker.send(batch);
}

/// The clause database and what the check has done so far.
struct Checker {
    db: Database,
    summary: ProofSummary,
    refuted_by_formula: bool,
}

impl Checker {
    /// A database holding the clauses of `cnf`.
    fn new(cnf: &Cnf) -> Result<Checker, FileError> {
        let mut db = Database::default();
        let mut lits = Vec::new();
        for (i, clause) in cnf.clauses().enumerate() {
            if normalize(clause, &mut lits) && !db.add(&lits) {
                let kind = ErrorKind::TooLarge;
                return Err(FileError::at(cnf.clause_line(i), kind));
            }
        }
        Ok(Checker {
            refuted_by_formula: db.refuted(),
            db,
            summary: ProofSummary::default(),
        })
    }

    /// Applies one step, whose literals are in `batch_lits`.
    fn step(&mut self, step: &Step, batch_lits: &[Lit]) -> Result<(), FileError> {
        let (db, summary) = (&mut self.db, &mut self.summary);
        let lits = &batch_lits[step.start as usize..step.sorted_end as usize];
        let written = &batch_lits[step.sorted_end as usize..step.end as usize];
        if step.deletion {
            summary.deletions += 1;
            if !step.tautology && !db.refuted() {
                match db.delete(lits) {
                    Deleted::Removed => {}
                    Deleted::KeptUnit => summary.unit_deletions += 1,
                    Deleted::Missing => summary.missing_deletions += 1,
                }
            }
            return Ok(());
        }
        summary.lemmas += 1;
        if step.tautology || db.refuted() {
            // A tautology, or a step after the conflict: RUP.
        } else if !db.is_rup(written) {
            return Err(FileError::at(step.line, ErrorKind::NotRup));
        } else if !db.add(lits) {
            return Err(FileError::at(step.line, ErrorKind::TooLarge));
        }
        if step.empty && summary.empty_clause_line.is_none() {
            summary.empty_clause_line = Some(step.line);
        }
        Ok(())
    }

    /// The summary, once every step is applied.
    fn finish(self) -> Result<ProofSummary, FileError> {
        if self.summary.empty_clause_line.is_none() && !self.refuted_by_formula {
            return Err(FileError::whole(ErrorKind::NoEmptyClause));
        }
        Ok(self.summary)
    }
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
