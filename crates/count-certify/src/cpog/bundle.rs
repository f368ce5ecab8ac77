//! A CPOG bundle ([`count_certificate::bundle::cpog`]) written into its directory only
//! when complete: staged beside it and renamed into place, so that a failed or interrupted
//! certification leaves nothing behind.

use super::{certify_cnf, dimacs_clauses, is_projected, CertifyCountError, CpogCount, CpogError};
use atomic_output::{OutputError, StagedDir};
use count_certificate::bundle::cpog::{CpogManifest, CERTIFICATE, FORMAT};
use count_certificate::bundle::{ProducedBy, FORMULA, MANIFEST, VERSION};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use zero_one_model::dimacs::Cnf;

/// Why a CPOG bundle could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CpogBundleError {
    /// The directory cannot take a bundle, or the staged one cannot be made or moved.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A file of the bundle cannot be written.
    #[error("cannot write '{}'", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The count or its certificate failed.
    #[error(transparent)]
    Certify(#[from] CertifyCountError),
}

/// Writes the formula as it is certified: its header and clauses, clause `i` on line `i`;
/// for a weighted one `c t wmc` first and, after the header, a `c p weight` line for each
/// literal of each variable (1 where the file gave none), as `cpog-check` wants them.
fn write_formula(out: &mut impl Write, cnf: &Cnf, clauses: &[Vec<i32>]) -> std::io::Result<()> {
    let num_vars = cnf.num_vars;
    if cnf.weights.is_some() {
        writeln!(out, "c t wmc")?;
    }
    writeln!(out, "p cnf {num_vars} {}", clauses.len())?;
    // cpog-check reads the weights after the header.
    if let Some(given) = &cnf.weights {
        let given: Vec<(i32, num_rational::BigRational)> = given
            .iter()
            .map(|(l, w)| (l.to_dimacs() as i32, w.clone()))
            .collect();
        let all = super::weighted::literal_weights(num_vars, &given);
        for (v, (pos, neg)) in all.iter().enumerate().skip(1) {
            writeln!(out, "c p weight {v} {} 0", super::decimal(pos))?;
            writeln!(out, "c p weight -{v} {} 0", super::decimal(neg))?;
        }
    }
    let mut buf = itoa::Buffer::new();
    for c in clauses {
        for &l in c {
            out.write_all(buf.format(l).as_bytes())?;
            out.write_all(b" ")?;
        }
        out.write_all(b"0\n")?;
    }
    out.flush()
}

/// Counts `cnf` with the model counter and writes the CPOG bundle of the count into `dir`
/// (new, or an empty directory).
///
/// # Errors
///
/// [`CpogBundleError`]: `dir` unusable, a projected formula, the counter's or
/// the certificate's failure, or a file that cannot be written; nothing is left at `dir`.
pub fn write_cpog_bundle(
    dir: &Path,
    cnf: &Cnf,
    options: &sharpcount::Options<'_>,
    produced_by: ProducedBy,
) -> Result<CpogCount, CpogBundleError> {
    if is_projected(cnf) {
        return Err(CertifyCountError::Projected.into());
    }
    let staged = StagedDir::new(dir)?;
    let io = |path: PathBuf| move |source| CpogBundleError::Io { path, source };
    let formula_path = staged.path().join(FORMULA);
    let clauses = dimacs_clauses(cnf);
    let file = std::fs::File::create(&formula_path).map_err(io(formula_path.clone()))?;
    write_formula(&mut BufWriter::new(file), cnf, &clauses).map_err(io(dir.join(FORMULA)))?;
    let cert_path = staged.path().join(CERTIFICATE);
    let file = std::fs::File::create(&cert_path).map_err(io(cert_path.clone()))?;
    // A failure to write is said of the file where it will be, not of the input.
    let count = certify_cnf(cnf, options, BufWriter::with_capacity(1 << 20, file)).map_err(
        |e| match e {
            CertifyCountError::Cpog(CpogError::Io(source)) => CpogBundleError::Io {
                path: dir.join(CERTIFICATE),
                source,
            },
            e => e.into(),
        },
    )?;
    let manifest = CpogManifest {
        version: VERSION,
        format: FORMAT.into(),
        count: count.count.to_string(),
        weighted_count: count.weighted.as_ref().map(super::decimal),
        files: [("formula", FORMULA), ("certificate", CERTIFICATE)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        produced_by: produced_by
            .with_count("counter", 1, 1, count.compile_secs)
            .with_certify_seconds(count.proof_secs),
    };
    let manifest_path = staged.path().join(MANIFEST);
    let text = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
    std::fs::write(&manifest_path, text + "\n").map_err(io(manifest_path))?;
    staged.commit()?;
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::dimacs::read_dimacs;

    #[test]
    fn a_bundle_written_states_its_count_and_sizes() {
        let cnf = read_dimacs("p cnf 2 1\n1 2 0\n".as_bytes()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let bundle = dir.path().join("b");
        let by = ProducedBy::new("test", "0");
        let counted =
            write_cpog_bundle(&bundle, &cnf, &sharpcount::Options::default(), by).unwrap();
        assert_eq!(counted.count.to_string(), "3");
        assert!(counted.stats.operations > 0 && counted.stats.bytes > 0);
        assert!(bundle.join("manifest.json").is_file());
    }
}
