//! The reports serialise as `nqueens count --cnf --json` prints them: the keys in order, the
//! counter's figures under their JSON names, counts as exact integers.

use cnf_count::Printed;
use cnf_count::{count, CnfCount, CountOptions, FileFacts, Hooks, Method, ReportContext};
use cnf_count::{CounterReport, EnumerationReport, WeightedReport};
use zero_one_model::dimacs::{read_dimacs_with, Cnf, ReadOptions};
use zero_one_model::{BackendName, UnsatAnswers};

fn counted(text: &str, method: Method) -> (CnfCount, FileFacts) {
    let read = ReadOptions {
        weights: true,
        ..ReadOptions::default()
    };
    let cnf: Cnf = read_dimacs_with(text.as_bytes(), &read).expect("a valid file");
    let facts = FileFacts::of(&cnf);
    let mut options = CountOptions::default();
    options.method = method;
    options.threads = Some(1);
    (
        count(cnf, &options, &Hooks::default()).expect("counts"),
        facts,
    )
}

/// The keys of a JSON object, in order (values never hold `"key":` here but at the top).
fn keys(json: &str) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(json).expect("JSON");
    assert!(value.is_object());
    json.split(&[',', '{'][..])
        .filter_map(|part| part.strip_prefix('"'))
        .filter_map(|part| part.split_once("\":").map(|(k, _)| k.to_string()))
        .collect()
}

#[test]
fn a_counter_report_has_the_cli_keys_and_an_exact_count_beyond_128_bits() {
    // 200 variables, one clause over two: 3 · 2^198 models.
    let (c, facts) = counted("p cnf 200 1\n1 2 0\n", Method::Counter);
    let CnfCount::Counted(c) = c else {
        panic!("the counter was asked for")
    };
    let context = ReportContext::new("f.cnf", "asked".into(), 0.5);
    let report = CounterReport::new(&c, &facts, context, None);
    let json = serde_json::to_string(&report).expect("writes");
    let expected = (num_bigint::BigUint::from(3u8) << 198u32).to_string();
    assert!(json.starts_with(&format!("{{\"file\":\"f.cnf\",\"count\":{expected},")));
    assert_eq!(
        keys(&json),
        [
            "file",
            "count",
            "projected",
            "projection_size",
            "num_vars",
            "clauses",
            "method",
            "method_reason",
            "interrupted",
            "threads",
            "cache_mb",
            "elapsed_s",
            "counter",
            "decisions",
            "conflicts",
            "learnt_clauses",
            "components",
            "cache_hits",
            "cache_misses",
            "cache_peak_bytes",
            "cache_evictions",
            "sat_calls",
            "vars_after_preprocessing",
            "clauses_after_preprocessing",
        ]
    );
    assert!(report.text().starts_with(&format!(
        "f.cnf: {expected} models (over all 200 variables)   0.500 s   model counter,"
    )));
}

#[test]
fn an_enumeration_report_says_the_split_and_no_orbits_without_them() {
    let (c, facts) = counted("p cnf 3 1\nc p show 1 2 0\n1 2 3 0\n", Method::Enumerate);
    let CnfCount::Enumerated(e) = c else {
        panic!("enumeration was asked for")
    };
    let report = EnumerationReport::new(&e, &facts, ReportContext::new("g", "x".into(), 1.0));
    let json = serde_json::to_string(&report).expect("writes");
    assert!(json.starts_with("{\"file\":\"g\",\"count\":4,\"projected\":true,\"projection_size\":2,\"num_vars\":3,\"clauses\":1,"));
    assert!(!json.contains("orbits") && !json.contains("unsat_answers"));
    let checked = report
        .clone()
        .with_unsat_answers(Some(UnsatAnswers::ConfirmedBy(BackendName::Varisat)));
    let json = serde_json::to_string(&checked).expect("writes");
    assert!(
        json.contains(r#""unsat_answers":"confirmed by varisat""#),
        "{json}"
    );
    assert!(!checked.text().contains("trusted"));
    let trusted = report.with_unsat_answers(Some(UnsatAnswers::Trusted));
    assert!(trusted
        .text()
        .contains("(its UNSATISFIABLE answers trusted, not checked)"));
}

#[test]
fn a_weighted_report_has_the_exact_weight_and_a_null_count() {
    let (c, facts) = counted(
        "c t wmc\np cnf 2 1\nc p weight 2 0.5 0\nc p weight -2 3 0\n1 1 0\n",
        Method::Auto,
    );
    let CnfCount::Weighted(w) = c else {
        panic!("a weighted file")
    };
    let report = WeightedReport::new(&w, &facts, ReportContext::new("w", "why".into(), 0.0));
    let json = serde_json::to_string(&report).expect("writes");
    assert!(json.starts_with(
        "{\"file\":\"w\",\"count\":null,\"weighted\":true,\"weight\":\"3.5\",\"weight_approx\":3.5,"
    ));
    assert!(report
        .text()
        .starts_with("w: weighted count 3.5 (≈ 3.5000000000000000e0)"));
}
