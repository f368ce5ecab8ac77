//! `cnf_count::count` as a library user calls it: small DIMACS texts, each method, the
//! refusals, a stop, and a model sink.

use cnf_count::{
    count, CnfCount, CnfCountError, CountOptions, EnumerationOption, Hooks, Method, ModelSink,
    Reason, Sign, SinkError, Watched,
};
use num_bigint::{BigInt, BigUint};
use sharpcount::BigRational;
use std::sync::Mutex;
use zero_one_model::dimacs::{read_dimacs_with, Cnf, ReadOptions};
use zero_one_model::{Lit, Model, StopFlag};

fn cnf(text: &str) -> Cnf {
    let options = ReadOptions {
        weights: true,
        ..ReadOptions::default()
    };
    read_dimacs_with(text.as_bytes(), &options).expect("a valid file")
}

fn with_method(method: Method) -> CountOptions<'static> {
    let mut options = CountOptions::default();
    options.method = method;
    options
}

/// `x1 ∨ x2 ∨ x3` over 4 variables (x4 in no clause): 7 · 2 = 14 models.
const OR3: &str = "p cnf 4 1\n1 2 3 0\n";

#[test]
fn an_empty_projection_counts_one_model_if_satisfiable() {
    for method in [Method::Auto, Method::Enumerate, Method::Counter] {
        let sat = count(
            cnf("p cnf 3 1\nc p show 0\n1 2 3 0\n"),
            &with_method(method),
            &Hooks::default(),
        )
        .unwrap();
        assert_eq!(sat.count(), Some(&BigUint::from(1u32)), "{method:?}");
        let unsat = count(
            cnf("p cnf 1 2\nc p show 0\n1 0\n-1 0\n"),
            &with_method(method),
            &Hooks::default(),
        )
        .unwrap();
        assert_eq!(unsat.count(), Some(&BigUint::from(0u32)), "{method:?}");
    }
}

#[test]
fn every_method_gives_the_same_count_and_says_why_it_ran() {
    let enumerated = count(cnf(OR3), &with_method(Method::Enumerate), &Hooks::default()).unwrap();
    let CnfCount::Enumerated(e) = &enumerated else {
        panic!("enumeration asked for: {enumerated:?}")
    };
    assert_eq!(e.reason, Reason::Asked);
    assert_eq!(e.outcome.count, BigUint::from(14u32));
    let counted = count(cnf(OR3), &with_method(Method::Counter), &Hooks::default()).unwrap();
    let CnfCount::Counted(c) = &counted else {
        panic!("the counter asked for: {counted:?}")
    };
    assert_eq!(c.count, Some(BigUint::from(14u32)));
    let auto = count(cnf(OR3), &CountOptions::default(), &Hooks::default()).unwrap();
    let CnfCount::Enumerated(a) = &auto else {
        panic!("a small file stays with enumeration: {auto:?}")
    };
    assert_eq!(a.reason, Reason::EnumerationFinished);
    assert_eq!(a.outcome.count, BigUint::from(14u32));
}

#[test]
fn a_weighted_file_gets_its_exact_rational_weight() {
    // Models of x1 ∨ x2 with w(x1) = 3/10, w(-x1) = 7/10, x2 unweighted (1 each way):
    // 3/10 + 3/10 + 7/10 = 13/10.
    let text = "c t wmc\np cnf 2 1\nc p weight 1 0.3 0\nc p weight -1 0.7 0\n1 2 0\n";
    let counted = count(cnf(text), &CountOptions::default(), &Hooks::default()).unwrap();
    let CnfCount::Weighted(w) = &counted else {
        panic!("a weighted file goes to the counter: {counted:?}")
    };
    let expected = BigRational::new(BigInt::from(13), BigInt::from(10));
    assert_eq!(w.value, Some(expected));
    assert_eq!((w.weights, &w.reason), (2, &Reason::Weighted));
    assert_eq!(counted.count(), None);
    let refused = count(
        cnf(text),
        &with_method(Method::Enumerate),
        &Hooks::default(),
    );
    assert!(
        matches!(
            refused,
            Err(CnfCountError::WeightedEnumeration { forced_by: None })
        ),
        "{refused:?}"
    );
}

#[test]
fn options_the_method_cannot_honour_are_refused_before_reading() {
    let mut options = with_method(Method::Counter);
    options.orbits = true;
    let refused = options.check();
    assert!(
        matches!(
            refused,
            Err(CnfCountError::NeedsEnumeration {
                option: EnumerationOption::Orbits
            })
        ),
        "{refused:?}"
    );
    let mut options = with_method(Method::Enumerate);
    options.cache_mb = Some(10);
    assert!(matches!(
        options.check(),
        Err(CnfCountError::CacheWithoutCounter { forced_by: None })
    ));
}

#[test]
fn a_stop_raised_before_the_count_gives_an_interrupted_count() {
    let stop = StopFlag::new();
    stop.raise();
    let hooks = Hooks {
        stop: Some(stop.clone()),
        ..Hooks::default()
    };
    let counted = count(cnf(OR3), &with_method(Method::Counter), &hooks).unwrap();
    assert!(counted.interrupted());
    assert_eq!(counted.count(), None);
    let enumerated = count(cnf(OR3), &with_method(Method::Enumerate), &hooks).unwrap();
    assert!(enumerated.interrupted());
}

/// Keeps every model it is handed, and refuses counts past `cap`.
struct Collect {
    cap: u64,
    cubes: Mutex<usize>,
    models: Mutex<Vec<Vec<bool>>>,
}

impl ModelSink for Collect {
    fn cap(&self, _num_vars: usize) -> u64 {
        self.cap
    }

    fn begin(&self, model: &Model, cubes: Vec<Vec<Lit>>) -> Result<(), SinkError> {
        assert_eq!(model.num_vars(), 4, "the whole file, in its own numbering");
        *self.cubes.lock().unwrap() = cubes.len();
        Ok(())
    }

    fn record(&self, _cube: usize, assignment: &[bool]) {
        self.models.lock().unwrap().push(assignment.to_vec());
    }
}

#[test]
fn a_model_sink_sees_every_model_over_every_variable() {
    let sink = Collect {
        cap: 100,
        cubes: Mutex::new(0),
        models: Mutex::new(Vec::new()),
    };
    let mut options = CountOptions::default();
    options.models = Some(&sink);
    let counted = count(cnf(OR3), &options, &Hooks::default()).unwrap();
    assert_eq!(counted.count(), Some(&BigUint::from(14u32)));
    let mut models = sink.models.lock().unwrap().clone();
    models.sort();
    models.dedup();
    assert_eq!(models.len(), 14);
    assert!(models
        .iter()
        .all(|m| m.len() == 4 && m[..3].contains(&true)));
    assert!(*sink.cubes.lock().unwrap() >= 1);
    // Past the sink's cap: refused before any model is listed.
    let small = Collect {
        cap: 13,
        cubes: Mutex::new(0),
        models: Mutex::new(Vec::new()),
    };
    options.models = Some(&small);
    let refused = count(cnf(OR3), &options, &Hooks::default());
    assert!(
        matches!(refused, Err(CnfCountError::TooManyModels { cap: 13, .. })),
        "{refused:?}"
    );
    assert!(small.models.lock().unwrap().is_empty());
}

/// `x1 ∨ … ∨ x65`: 511 of its 512 cubes leave free variables, counted at once; the last
/// one leaves a clause of 56 variables, 2^56 - 1 models to list.
fn or65() -> Cnf {
    let all: Vec<String> = (1..=65).map(|v| v.to_string()).collect();
    cnf(&format!("p cnf 65 1\n{} 0\n", all.join(" ")))
}

/// Counts `cnf` with `options` on another thread, stopping it (and failing) if it has not
/// answered within a time no answer needs: a count that would hang fails instead.
fn count_or_fail(cnf: Cnf, options: CountOptions<'static>) -> Result<CnfCount, CnfCountError> {
    let stop = StopFlag::new();
    let (tx, rx) = std::sync::mpsc::channel();
    let flag = stop.clone();
    std::thread::spawn(move || {
        let hooks = Hooks {
            stop: Some(flag.clone()),
            ..Hooks::default()
        };
        let _ = tx.send(count(cnf, &options, &hooks));
    });
    match rx.recv_timeout(std::time::Duration::from_secs(120)) {
        Ok(counted) => counted,
        Err(_) => {
            stop.raise();
            panic!("no answer within 120 s")
        }
    }
}

#[test]
fn auto_hands_a_straggling_cube_to_the_counter() {
    let counted = count_or_fail(or65(), CountOptions::default()).unwrap();
    let CnfCount::Counted(c) = &counted else {
        panic!("the counter takes over: {counted:?}")
    };
    assert_eq!(c.count, Some((BigUint::from(1u32) << 65) - 1u32));
    let Reason::Switched {
        slow,
        orbits_dropped: None,
    } = &c.reason
    else {
        panic!("{:?}", c.reason)
    };
    assert!(matches!(slow.sign, Sign::Straggler { .. }), "{slow:?}");
    assert_eq!(slow.watched, Watched::Enumeration);
    let why = slow.to_string();
    assert!(
        why.starts_with("enumeration finished no cube for "),
        "{why}"
    );
}

#[test]
fn a_switch_never_raises_the_callers_stop_flag() {
    // The switch stops the enumeration through a flag of its own: a Ctrl-C handler that
    // holds the caller's flag and finds it raised takes the user's first Ctrl-C for a
    // second one and ends the process. A thread watches the caller's flag throughout.
    let stop = StopFlag::new();
    let over = std::sync::atomic::AtomicBool::new(false);
    let seen = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            while !over.load(std::sync::atomic::Ordering::Relaxed) {
                if stop.is_raised() {
                    return true;
                }
                std::hint::spin_loop();
            }
            false
        });
        let hooks = Hooks {
            stop: Some(stop.clone()),
            ..Hooks::default()
        };
        let counted = count(or65(), &CountOptions::default(), &hooks).unwrap();
        over.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(matches!(counted, CnfCount::Counted(_)), "{counted:?}");
        watcher.join().unwrap()
    });
    assert!(!seen, "the switch raised the caller's stop flag");
}

#[test]
fn enumeration_refuses_listing_that_cannot_finish() {
    let refused = count_or_fail(or65(), with_method(Method::Enumerate));
    let Err(CnfCountError::HopelessListing(h)) = refused else {
        panic!("refused: {refused:?}")
    };
    // The last cube's clause, at least; the whole file's count, exactly.
    assert!(h.models_left >= (BigUint::from(1u32) << 56) - 1u32, "{h:?}");
    assert!(h.seconds > cnf_count::LISTING_LIMIT.as_secs_f64(), "{h:?}");
    assert_eq!(h.count, Some((BigUint::from(1u32) << 65) - 1u32));
    // Without a limit the listing goes on until stopped, and the count is no error.
    let mut options = with_method(Method::Enumerate);
    options.listing_limit = None;
    let stop = StopFlag::new();
    let flag = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(cnf_count::FIRST_LOOK * 3);
        flag.raise();
    });
    let hooks = Hooks {
        stop: Some(stop.clone()),
        ..Hooks::default()
    };
    let listed = count(or65(), &options, &hooks).unwrap();
    stopper.join().unwrap();
    assert!(listed.interrupted());
    assert!(matches!(listed, CnfCount::Enumerated(_)), "{listed:?}");
}

#[test]
fn a_stop_during_autos_enumeration_is_the_reason_given() {
    let stop = StopFlag::new();
    stop.raise();
    let hooks = Hooks {
        stop: Some(stop.clone()),
        ..Hooks::default()
    };
    let counted = count(cnf(OR3), &CountOptions::default(), &hooks).unwrap();
    let CnfCount::Enumerated(e) = &counted else {
        panic!("stopped while enumerating: {counted:?}")
    };
    assert!(e.outcome.interrupted);
    assert_eq!(e.reason, Reason::Interrupted);
}
