//! The check of a whole bundle: its manifest, the models against the formula, the blocking
//! clauses against the models, and the proof against the formula with the blocking clauses.

use super::dimacs::{read_cnf, Cnf};
use super::error::{ErrorKind, FileError, VerifyError};
use super::models::check_models;
use super::proof::check_proof_until;
use super::solutions::read_solutions;
use crate::bundle::{self, Manifest};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a certified bundle establishes, and what its check did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Certified {
    /// The certified count K: the formula has exactly K models projected onto S.
    pub count: u64,
    /// The size of the projection S.
    pub projection_size: usize,
    /// The formula's variables.
    pub variables: u32,
    /// The formula's clauses.
    pub clauses: usize,
    /// The proof's lemmas, each checked RUP.
    pub lemmas: u64,
    /// The proof's deletion steps.
    pub deletions: u64,
    /// Deletions ignored: of a clause not present.
    pub missing_deletions: u64,
    /// Deletions ignored: of a unit clause or a level-0 reason.
    pub unit_deletions: u64,
}

/// Checks the bundle in `dir` without trusting anything that produced it.
///
/// Certified means: the manifest has this checker's format version, the bundle layout's file
/// table, the formula's projection and the number of models as its count; every model
/// satisfies every clause of the formula; the models differ pairwise on the projection;
/// `blocked.cnf` holds the formula's clauses in order, then exactly the blocking clause of
/// each model in order (compared as sets of literals); and the proof refutes `blocked.cnf`,
/// every lemma RUP. Then the formula has exactly `count` models projected onto S: at least
/// the listed ones, and no other, since any other would satisfy every blocking clause.
///
/// # Errors
/// The first check that fails, with the file, the 1-based line where there is one, and why.
pub fn verify(dir: &Path) -> Result<Certified, VerifyError> {
    let manifest = read_manifest(dir)?;
    let formula = read_cnf(open(dir, bundle::FORMULA)?)
        .map_err(|e| VerifyError::in_file(bundle::FORMULA, e))?;
    check_projection(&manifest, &formula)?;
    let blocked = read_cnf(open(dir, bundle::BLOCKED)?)
        .map_err(|e| VerifyError::in_file(bundle::BLOCKED, e))?;
    check_formula_part(&formula, &blocked).map_err(|e| VerifyError::in_file(bundle::BLOCKED, e))?;
    // The models and the proof are checked side by side. A failure of the models (reported
    // first, as before the proof) abandons the proof's check.
    let stop = AtomicBool::new(false);
    let (count, proof) = std::thread::scope(|scope| {
        let proof = scope.spawn(|| {
            let in_proof = |e| VerifyError::in_file(bundle::PROOF, e);
            check_proof_until(&blocked, open(dir, bundle::PROOF)?, &stop).map_err(in_proof)
        });
        let count = counted_models(dir, &manifest, &formula, &blocked);
        if count.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        let proof = proof
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (count, proof)
    });
    let (count, proof) = match (count?, proof?) {
        (count, Some(proof)) => (count, proof),
        (_, None) => unreachable!("the proof's check stops only after the models failed"),
    };
    Ok(Certified {
        count,
        projection_size: formula.projection_size(),
        variables: formula.variables(),
        clauses: formula.len(),
        lemmas: proof.lemmas,
        deletions: proof.deletions,
        missing_deletions: proof.missing_deletions,
        unit_deletions: proof.unit_deletions,
    })
}

fn open(dir: &Path, name: &str) -> Result<BufReader<File>, VerifyError> {
    regular(dir, name)?;
    File::open(dir.join(name))
        .map(|f| BufReader::with_capacity(1 << 20, f))
        .map_err(|e| VerifyError::in_file(name, FileError::whole(ErrorKind::Io(e))))
}

/// Refuses a bundle file that is not a regular file (after symlinks): a FIFO would block the
/// check forever, a device would never end.
fn regular(dir: &Path, name: &str) -> Result<(), VerifyError> {
    match std::fs::metadata(dir.join(name)) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(_) => Err(VerifyError::in_file(
            name,
            FileError::whole(ErrorKind::NotRegular),
        )),
        Err(e) => Err(VerifyError::in_file(
            name,
            FileError::whole(ErrorKind::Io(e)),
        )),
    }
}

/// The most bytes a manifest may have (it is a few hundred).
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// Checks the models (see [`check_models`]) and that the manifest's count is theirs.
fn counted_models(
    dir: &Path,
    manifest: &Manifest,
    formula: &Cnf,
    blocked: &Cnf,
) -> Result<u64, VerifyError> {
    let solutions = read_solutions(open(dir, bundle::SOLUTIONS)?, formula.variables());
    let count = check_models(solutions, formula, blocked)?;
    if manifest.count != count.to_string() {
        let kind = ErrorKind::Count {
            manifest: manifest.count.clone(),
            models: count,
        };
        return Err(VerifyError::in_file(
            bundle::MANIFEST,
            FileError::whole(kind),
        ));
    }
    Ok(count)
}

/// The manifest, with this checker's version and the layout's file table.
fn read_manifest(dir: &Path) -> Result<Manifest, VerifyError> {
    let fail = |e| VerifyError::in_file(bundle::MANIFEST, e);
    let mut text = String::new();
    let file = open(dir, bundle::MANIFEST)?;
    std::io::Read::read_to_string(
        &mut std::io::Read::take(file, MAX_MANIFEST_BYTES + 1),
        &mut text,
    )
    .map_err(|e| fail(FileError::whole(ErrorKind::Io(e))))?;
    if text.len() as u64 > MAX_MANIFEST_BYTES {
        return Err(fail(FileError::whole(ErrorKind::LineTooLong(
            MAX_MANIFEST_BYTES,
        ))));
    }
    let manifest: Manifest = serde_json::from_str(&text).map_err(|e| {
        let line = e.line() as u64;
        fail(FileError::at(line.max(1), ErrorKind::Manifest(e)))
    })?;
    if manifest.version != bundle::VERSION {
        let kind = ErrorKind::Version {
            found: manifest.version,
            expected: bundle::VERSION,
        };
        return Err(fail(FileError::whole(kind)));
    }
    let layout: BTreeMap<String, String> = [
        ("formula", bundle::FORMULA),
        ("solutions", bundle::SOLUTIONS),
        ("blocked", bundle::BLOCKED),
        ("proof", bundle::PROOF),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    if manifest.files != layout {
        let json = |m: &BTreeMap<String, String>| serde_json::to_string(m).unwrap_or_default();
        let kind = ErrorKind::Files {
            found: json(&manifest.files),
            expected: json(&layout),
        };
        return Err(fail(FileError::whole(kind)));
    }
    Ok(manifest)
}

/// The manifest's projection is the formula's (every variable when it shows none).
fn check_projection(manifest: &Manifest, formula: &Cnf) -> Result<(), VerifyError> {
    let listed = &manifest.projection;
    let why = match formula.shown() {
        Some(shown) if listed.as_slice() != shown => Some(format!(
            "the manifest lists {} variables, the formula shows {}",
            listed.len(),
            shown.len()
        )),
        None if !listed.iter().copied().eq(1..=formula.variables()) => Some(format!(
            "the formula shows no variable (so all {}), the manifest lists {}",
            formula.variables(),
            listed.len()
        )),
        _ => None,
    };
    match why {
        Some(why) => {
            let kind = ErrorKind::Projection(why);
            Err(VerifyError::in_file(
                bundle::MANIFEST,
                FileError::whole(kind),
            ))
        }
        None => Ok(()),
    }
}

/// `blocked.cnf` has the formula's variables and starts with its clauses, in order.
fn check_formula_part(formula: &Cnf, blocked: &Cnf) -> Result<(), FileError> {
    if blocked.variables() != formula.variables() {
        let kind = ErrorKind::VariableCount {
            found: blocked.variables(),
            expected: formula.variables(),
        };
        return Err(FileError::at(1, kind));
    }
    for i in 0..formula.len() {
        let formula_line = formula.clause_line(i);
        if i >= blocked.len() {
            let kind = ErrorKind::MissingFormulaClause { formula_line };
            return Err(FileError::whole(kind));
        }
        if !same_set(formula.clause(i), blocked.clause(i)) {
            let kind = ErrorKind::NotFormulaClause { formula_line };
            return Err(FileError::at(blocked.clause_line(i), kind));
        }
    }
    Ok(())
}

/// Whether two clauses hold the same literals, in any order and with any repeats.
fn same_set(x: &[i32], y: &[i32]) -> bool {
    let sorted = |clause: &[i32]| {
        let mut lits = clause.to_vec();
        lits.sort_unstable();
        lits.dedup();
        lits
    };
    sorted(x) == sorted(y)
}
