//! A certified count as a library user makes one: a [`CertifySink`] as the count's model
//! sink, then its certifier's bundle written into place and checked independently.

use cnf_count::{count, CertifySink, CnfCount, CnfCountError, CountOptions, Hooks};
use count_certify::{CertifyError, Finished, ProducedBy};
use zero_one_model::dimacs::read_dimacs;

/// `x1 ∨ x2 ∨ x3`, and not both x1 and x2: 5 models.
const FILE: &str = "p cnf 3 2\n1 2 3 0\n-1 -2 0\n";

#[test]
fn a_count_certified_into_a_directory_is_verified_by_the_checker() {
    let cnf = read_dimacs(FILE.as_bytes()).expect("a valid file");
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("bundle");
    let sink = CertifySink::new(&dir, None);
    sink.set_formula(count_certify::formula_of(&cnf).expect("certifiable"));
    let mut options = CountOptions::default();
    options.models = Some(&sink);
    let counted = count(cnf, &options, &Hooks::default()).expect("counts");
    let CnfCount::Enumerated(e) = counted else {
        panic!("a certified count enumerates")
    };
    assert_eq!(e.outcome.count.to_string(), "5");
    let certifier = sink.into_certifier().expect("the count began");
    certifier.check_cap().expect("under the cap");
    let by = ProducedBy::new("test", "0");
    let Finished::Written(bundle) = certifier.finish(1, by).expect("writes") else {
        panic!("not written")
    };
    assert_eq!(bundle.dir(), dir.as_path());
    assert_eq!(
        count_certify::check::verify(&dir).expect("verifies").count,
        5
    );
}

#[test]
fn a_directory_with_files_is_refused_with_a_typed_error() {
    let cnf = read_dimacs(FILE.as_bytes()).expect("a valid file");
    let root = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(root.path().join("file"), "x").expect("writes");
    let sink = CertifySink::new(root.path(), None);
    sink.set_formula(count_certify::formula_of(&cnf).expect("certifiable"));
    let mut options = CountOptions::default();
    options.models = Some(&sink);
    let Err(CnfCountError::Sink(e)) = count(cnf, &options, &Hooks::default()) else {
        panic!("the sink refuses")
    };
    let e = e.downcast::<CertifyError>().expect("a CertifyError");
    assert!(matches!(*e, CertifyError::Output(ref o) if o.is_usage()));
}
