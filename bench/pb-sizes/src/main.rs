//! Sizes of our pseudo-Boolean encodings next to rustsat's (issue 22, "Sizes compared with
//! rustsat"), on a fixed table of constraints: random weights (fixed seeds, four coefficient
//! ranges, all three comparisons) and knapsack-like ones (weights in the thousands, capacity
//! about half the total), n from 8 to 200.
//!
//! Both sides encode the same constraint: the normal form of
//! [`zero_one_model::pb::normalize`] (positive weights on distinct variables, weights divided
//! by their common divisor, nothing forced). Ours: [`PbEncoding::encode`] into a fresh
//! allocator. rustsat's: a fresh encoder built from the same weighted literals, asked to
//! encode exactly one bound (`encode_ub(k..=k)`, `encode_lb(k..=k)` or `encode_both(k..=k)`),
//! then its `enforce_*` literals added as unit clauses, which is what rustsat's own
//! `encode_*_constr` does. Counted on both sides: the auxiliary variables allocated and the
//! clauses written (units included); the inputs are never counted.
//!
//! Each rustsat cell runs in a child process of this binary (`--cell ROW ENCODER`) with a
//! time limit, since rustsat's generalized totalizer has no size limit of its own and can
//! grow exponentially with the weights; ours stop at [`zero_one_model::pb::MAX_CLAUSES`].
//!
//! With `--check`, every constraint of at most 12 inputs is also checked: for every
//! assignment of the inputs, each CNF (ours and rustsat's) has an extension exactly when the
//! constraint holds (varisat under assumptions).
//!
//! Run with `bash bench/pb_sizes.sh`, or `cargo run --release -- --check` here.

use zero_one_model::pb::{normalize, Normalized, PbConstraint};
use zero_one_model::{Cmp, Lit, PbEncoding, Var, VarAlloc, VecSink};
use rustsat::encodings::pb::{
    simulators::{Double, Inverted},
    BinaryAdder, BoundBoth, BoundLower, BoundUpper, DoubleGeneralizedTotalizer,
    DynamicPolyWatchdog, GeneralizedTotalizer, InvertedGeneralizedTotalizer,
};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use varisat::ExtendFormula;

/// Seconds one rustsat cell may take before it is reported as a timeout.
const CELL_SECONDS: u64 = 10;

/// The largest number of inputs whose every assignment `--check` tries.
const CHECK_MAX_N: usize = 12;

/// The most clauses a CNF may have for `--check` to try it (the weight counter writes
/// millions on the small constraints with large weights).
const CHECK_MAX_CLAUSES: usize = 100_000;

/// splitmix64, so every run measures the same constraints.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// One row of the table, already in normal form.
struct Case {
    name: String,
    coefficients: String,
    pb: PbConstraint,
}

fn inputs(n: usize) -> impl Iterator<Item = Lit> {
    (0..n as u32).map(|v| Var::new(v).positive())
}

fn case(name: String, coefficients: String, terms: Vec<(i64, Lit)>, cmp: Cmp, rhs: i64) -> Case {
    match normalize(&terms, cmp, rhs) {
        Normalized::Reduced {
            units,
            rest: Some(pb),
        } if units.is_empty() => Case {
            name,
            coefficients,
            pb,
        },
        other => panic!("{name}: the table wants constraints with nothing forced: {other:?}"),
    }
}

/// The table: 24 random rows, 8 knapsack-like ones.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    // (n, max coefficient, comparison, bound as a fraction of the total weight in quarters)
    let random: [(usize, i64, Cmp, i64); 24] = [
        (8, 10, Cmp::AtMost, 2),
        (8, 1000, Cmp::AtMost, 2),
        (10, 100, Cmp::AtLeast, 2),
        (10, 100_000, Cmp::Exactly, 2),
        (12, 10, Cmp::Exactly, 1),
        (12, 1000, Cmp::AtMost, 1),
        (12, 100_000, Cmp::AtLeast, 3),
        (16, 10, Cmp::AtMost, 2),
        (20, 100, Cmp::AtMost, 2),
        (20, 1000, Cmp::AtLeast, 1),
        (25, 10, Cmp::Exactly, 2),
        (30, 1000, Cmp::AtMost, 3),
        (30, 100_000, Cmp::AtMost, 2),
        (40, 100, Cmp::AtMost, 1),
        (50, 10, Cmp::AtMost, 2),
        (50, 1000, Cmp::AtLeast, 2),
        (60, 100_000, Cmp::AtMost, 1),
        (80, 100, Cmp::Exactly, 2),
        (100, 10, Cmp::AtMost, 2),
        (100, 1000, Cmp::AtMost, 2),
        (120, 100_000, Cmp::AtLeast, 2),
        (150, 100, Cmp::AtMost, 3),
        (200, 10, Cmp::AtLeast, 1),
        (200, 1000, Cmp::AtMost, 2),
    ];
    for (i, &(n, max, cmp, quarters)) in random.iter().enumerate() {
        let mut rng = Rng(1000 + i as u64);
        let terms: Vec<(i64, Lit)> = inputs(n).map(|l| (rng.range(1, max), l)).collect();
        let total: i64 = terms.iter().map(|&(a, _)| a).sum();
        let rhs = total * quarters / 4;
        out.push(case(
            format!("random {}", i + 1),
            format!("1..{max}"),
            terms,
            cmp,
            rhs,
        ));
    }
    // Knapsack-like: uncorrelated weights in 1000..9999, capacity half the total; and strongly
    // correlated ones (the classic hard knapsack instances: weights within 10% of each other).
    for (i, &(n, strong)) in [
        (8, false),
        (12, true),
        (20, false),
        (30, true),
        (50, false),
        (80, true),
        (120, false),
        (200, true),
    ]
    .iter()
    .enumerate()
    {
        let mut rng = Rng(2000 + i as u64);
        let (lo, hi) = if strong { (9000, 9999) } else { (1000, 9999) };
        let terms: Vec<(i64, Lit)> = inputs(n).map(|l| (rng.range(lo, hi), l)).collect();
        let total: i64 = terms.iter().map(|&(a, _)| a).sum();
        out.push(case(
            format!("knapsack {}", i + 1),
            format!("{lo}..{hi}"),
            terms,
            Cmp::AtMost,
            total / 2,
        ));
    }
    out
}

/// Auxiliary variables allocated and clauses written by one encoding of one constraint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Size {
    vars: u64,
    clauses: u64,
}

impl Size {
    /// Smaller means fewer clauses, then fewer variables.
    fn key(self) -> (u64, u64) {
        (self.clauses, self.vars)
    }
}

/// What one cell of the table holds.
#[derive(Clone, Debug)]
enum Cell {
    Done(Size),
    /// Our size limit, a rustsat timeout or a crash (out of memory).
    Gave(String),
}

impl Cell {
    fn size(&self) -> Option<Size> {
        match self {
            Cell::Done(s) => Some(*s),
            Cell::Gave(_) => None,
        }
    }

    fn show(&self) -> String {
        match self {
            Cell::Done(s) => format!("{}/{}", s.vars, s.clauses),
            Cell::Gave(why) => format!("– ({why})"),
        }
    }
}

/// rustsat's encodings, each with the type it uses per comparison: native where it has one,
/// else its `Inverted` / `Double` simulators (rustsat's own defaults for the totalizer).
#[derive(Copy, Clone, Debug)]
enum Theirs {
    Gte,
    Dpw,
    Adder,
}

impl Theirs {
    const ALL: [Theirs; 3] = [Theirs::Gte, Theirs::Dpw, Theirs::Adder];

    fn name(self) -> &'static str {
        match self {
            Theirs::Gte => "GeneralizedTotalizer",
            Theirs::Dpw => "DynamicPolyWatchdog",
            Theirs::Adder => "BinaryAdder",
        }
    }

    /// The rustsat types used for <=, >= and =.
    fn types(self) -> &'static str {
        match self {
            Theirs::Gte => "`Inverted` for >=, `Double` of both for =",
            Theirs::Dpw => "`Inverted` for >=, `Double` of both for =",
            Theirs::Adder => "native for <=, >= and =",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Theirs::Gte => "rs-gte",
            Theirs::Dpw => "rs-dpw",
            Theirs::Adder => "rs-adder",
        }
    }

    fn from_short(s: &str) -> Option<Theirs> {
        Theirs::ALL.into_iter().find(|t| t.short() == s)
    }

    /// Encodes `pb` on a fresh encoder; inputs keep their variable indices, auxiliaries
    /// start after them.
    fn encode(self, pb: &PbConstraint, n: usize) -> (Cnf, u64) {
        let lits: Vec<(rustsat::types::Lit, usize)> = pb
            .terms()
            .iter()
            .map(|&(w, l)| (to_rustsat(l), usize::try_from(w).expect("weight fits")))
            .collect();
        let k = usize::try_from(pb.k()).expect("bound fits");
        let mut vm = BasicVarManager::from_next_free(rustsat::types::Var::new(n as u32));
        let mut cnf = Cnf::new();
        match (self, pb.cmp()) {
            (Theirs::Gte, Cmp::AtMost) => ub::<GeneralizedTotalizer>(lits, k, &mut cnf, &mut vm),
            (Theirs::Gte, Cmp::AtLeast) => {
                lb::<InvertedGeneralizedTotalizer>(lits, k, &mut cnf, &mut vm)
            }
            (Theirs::Gte, Cmp::Exactly) => {
                eq::<DoubleGeneralizedTotalizer>(lits, k, &mut cnf, &mut vm)
            }
            (Theirs::Dpw, Cmp::AtMost) => ub::<DynamicPolyWatchdog>(lits, k, &mut cnf, &mut vm),
            (Theirs::Dpw, Cmp::AtLeast) => {
                lb::<Inverted<DynamicPolyWatchdog>>(lits, k, &mut cnf, &mut vm)
            }
            (Theirs::Dpw, Cmp::Exactly) => eq::<
                Double<DynamicPolyWatchdog, Inverted<DynamicPolyWatchdog>>,
            >(lits, k, &mut cnf, &mut vm),
            (Theirs::Adder, Cmp::AtMost) => ub::<BinaryAdder>(lits, k, &mut cnf, &mut vm),
            (Theirs::Adder, Cmp::AtLeast) => lb::<BinaryAdder>(lits, k, &mut cnf, &mut vm),
            (Theirs::Adder, Cmp::Exactly) => eq::<BinaryAdder>(lits, k, &mut cnf, &mut vm),
        }
        let aux = u64::from(vm.n_used()) - n as u64;
        (cnf, aux)
    }
}

fn to_rustsat(l: Lit) -> rustsat::types::Lit {
    rustsat::types::Lit::new(l.var().index() as u32, !l.is_positive())
}

fn ub<E: BoundUpper + FromIterator<(rustsat::types::Lit, usize)>>(
    lits: Vec<(rustsat::types::Lit, usize)>,
    k: usize,
    cnf: &mut Cnf,
    vm: &mut BasicVarManager,
) {
    let mut enc = E::from_iter(lits);
    enc.encode_ub(k..=k, cnf, vm).expect("memory");
    for unit in enc.enforce_ub(k).expect("encoded") {
        cnf.add_unit(unit);
    }
}

fn lb<E: BoundLower + FromIterator<(rustsat::types::Lit, usize)>>(
    lits: Vec<(rustsat::types::Lit, usize)>,
    k: usize,
    cnf: &mut Cnf,
    vm: &mut BasicVarManager,
) {
    let mut enc = E::from_iter(lits);
    enc.encode_lb(k..=k, cnf, vm).expect("memory");
    for unit in enc.enforce_lb(k).expect("encoded") {
        cnf.add_unit(unit);
    }
}

fn eq<E: BoundBoth + FromIterator<(rustsat::types::Lit, usize)>>(
    lits: Vec<(rustsat::types::Lit, usize)>,
    k: usize,
    cnf: &mut Cnf,
    vm: &mut BasicVarManager,
) {
    let mut enc = E::from_iter(lits);
    enc.encode_both(k..=k, cnf, vm).expect("memory");
    for unit in enc.enforce_eq(k).expect("encoded") {
        cnf.add_unit(unit);
    }
}

/// The number of inputs of a case: its variables are 0..n.
fn num_inputs(pb: &PbConstraint) -> usize {
    pb.terms()
        .iter()
        .map(|&(_, l)| l.var().index() + 1)
        .max()
        .unwrap_or(0)
}

fn ours(enc: PbEncoding, pb: &PbConstraint) -> Cell {
    match enc.size(pb) {
        Ok((clauses, _, aux)) => Cell::Done(Size {
            vars: aux as u64,
            clauses,
        }),
        Err(_) => Cell::Gave("> 2^25".into()),
    }
}

/// Runs one rustsat cell in a child process, with [`CELL_SECONDS`] to finish.
fn theirs(row: usize, enc: Theirs) -> Cell {
    let exe = std::env::current_exe().expect("own path");
    let mut child = Command::new(exe)
        .args(["--cell", &row.to_string(), enc.short()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn a cell");
    let start = Instant::now();
    loop {
        match child.try_wait().expect("wait") {
            Some(status) => {
                let out = std::io::read_to_string(child.stdout.take().expect("piped"))
                    .unwrap_or_default();
                let nums: Vec<u64> = out
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                return match (status.success(), nums.as_slice()) {
                    (true, &[vars, clauses]) => Cell::Done(Size { vars, clauses }),
                    _ => Cell::Gave("crashed".into()),
                };
            }
            None if start.elapsed() > Duration::from_secs(CELL_SECONDS) => {
                let _ = child.kill();
                let _ = child.wait();
                return Cell::Gave(format!("> {CELL_SECONDS} s"));
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// The child's side of [`theirs`]: prints "auxiliaries clauses".
fn cell(row: usize, enc: Theirs) {
    let cases = cases();
    let pb = &cases[row].pb;
    let (cnf, aux) = enc.encode(pb, num_inputs(pb));
    println!("{aux} {}", cnf.len());
}

/// For every assignment of the inputs: `clauses` has an extension exactly when `pb` holds.
fn check(pb: &PbConstraint, n: usize, clauses: &[Vec<(usize, bool)>], what: &str) {
    let mut solver = varisat::Solver::new();
    for c in clauses {
        let lits: Vec<varisat::Lit> = c
            .iter()
            .map(|&(v, pos)| varisat::Lit::from_index(v, pos))
            .collect();
        solver.add_clause(&lits);
    }
    for bits in 0u32..1 << n {
        let assignment: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
        let assumptions: Vec<varisat::Lit> = assignment
            .iter()
            .enumerate()
            .map(|(i, &b)| varisat::Lit::from_index(i, b))
            .collect();
        solver.assume(&assumptions);
        let sat = solver.solve().expect("varisat");
        assert_eq!(
            sat,
            pb.holds(&assignment),
            "{what}: wrong on inputs {assignment:?}"
        );
    }
}

/// Checks every encoding, ours and rustsat's, on the rows of at most [`CHECK_MAX_N`] inputs;
/// returns how many (row, encoding) pairs were checked.
fn check_small(cases: &[Case]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut skipped = Vec::new();
    for case in cases {
        let n = num_inputs(&case.pb);
        if n > CHECK_MAX_N {
            continue;
        }
        for enc in PbEncoding::ALL {
            let mut vars = VarAlloc::starting_at(n);
            let mut sink = VecSink::default();
            enc.encode(&case.pb, &mut vars, &mut sink).expect("small");
            if sink.clauses.len() > CHECK_MAX_CLAUSES {
                skipped.push(format!("{} {enc}", case.name));
                continue;
            }
            let clauses: Vec<Vec<(usize, bool)>> = sink
                .clauses
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|l| (l.var().index(), l.is_positive()))
                        .collect()
                })
                .collect();
            check(&case.pb, n, &clauses, &format!("{} {enc}", case.name));
            checked += 1;
        }
        for enc in Theirs::ALL {
            let (cnf, _) = enc.encode(&case.pb, n);
            if cnf.len() > CHECK_MAX_CLAUSES {
                skipped.push(format!("{} {}", case.name, enc.short()));
                continue;
            }
            let clauses: Vec<Vec<(usize, bool)>> = cnf
                .iter()
                .map(|c| c.iter().map(|l| (l.vidx(), !l.is_neg())).collect())
                .collect();
            check(
                &case.pb,
                n,
                &clauses,
                &format!("{} {}", case.name, enc.short()),
            );
            checked += 1;
        }
    }
    (checked, skipped)
}

fn cmp_name(cmp: Cmp) -> &'static str {
    match cmp {
        Cmp::AtMost => "<=",
        Cmp::AtLeast => ">=",
        Cmp::Exactly => "=",
    }
}

/// Writes every constraint (in its normal form) with our smallest encoding of it, one JSON
/// object per line, for the PySAT comparison (`bench/pb_sizes_pysat.py`). Literals are DIMACS
/// numbers over the inputs 1..=n.
fn dump(cases: &[Case], path: &str) {
    let mut out = String::new();
    for case in cases {
        let pb = &case.pb;
        let best = PbEncoding::ALL
            .iter()
            .filter_map(|&e| ours(e, pb).size().map(|s| (s, e)))
            .min_by_key(|(s, _)| s.key());
        let terms: Vec<String> = pb
            .terms()
            .iter()
            .map(|&(w, l)| format!("[{w},{}]", l.to_dimacs()))
            .collect();
        let best = match best {
            Some((s, e)) => format!(r#"{{"encoding":"{e}","vars":{},"clauses":{}}}"#, s.vars, s.clauses),
            None => "null".into(),
        };
        out.push_str(&format!(
            r#"{{"name":"{}","n":{},"coefficients":"{}","cmp":"{}","k":{},"terms":[{}],"ours":{best}}}"#,
            case.name,
            num_inputs(pb),
            case.coefficients,
            cmp_name(pb.cmp()),
            pb.k(),
            terms.join(",")
        ));
        out.push('\n');
    }
    std::fs::write(path, out).expect("the dump file is writable");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, row, enc] = args.as_slice() {
        if flag == "--cell" {
            let enc = Theirs::from_short(enc).expect("an encoder name");
            cell(row.parse().expect("a row"), enc);
            return;
        }
    }
    let check_wanted = args.iter().any(|a| a == "--check");
    let cases = cases();
    if let Some(i) = args.iter().position(|a| a == "--dump") {
        let path = args.get(i + 1).expect("--dump FILE");
        dump(&cases, path);
    }

    print!("| constraint | n | coefficients | cmp k |");
    for enc in PbEncoding::ALL {
        print!(" {enc} |");
    }
    for enc in Theirs::ALL {
        print!(" {} |", enc.short());
    }
    println!(" best of ours | best of rustsat | smallest |");
    println!(
        "|---|---:|---|---|{}---|---|---|",
        "---:|".repeat(PbEncoding::ALL.len() + Theirs::ALL.len())
    );
    let mut wins = 0;
    let mut ties = 0;
    let mut losses = Vec::new();
    let mut best_counts = std::collections::BTreeMap::<String, usize>::new();
    for (row, case) in cases.iter().enumerate() {
        let pb = &case.pb;
        let n = num_inputs(pb);
        let ours_cells: Vec<Cell> = PbEncoding::ALL.iter().map(|&e| ours(e, pb)).collect();
        let their_cells: Vec<Cell> = Theirs::ALL.iter().map(|&e| theirs(row, e)).collect();
        let best = |names: Vec<String>, cells: &[Cell]| {
            names
                .into_iter()
                .zip(cells)
                .filter_map(|(name, c)| c.size().map(|s| (s, name)))
                .min_by_key(|(s, _)| s.key())
        };
        let our_best = best(
            PbEncoding::ALL.iter().map(|e| e.to_string()).collect(),
            &ours_cells,
        );
        let their_best = best(
            Theirs::ALL.iter().map(|e| e.short().to_string()).collect(),
            &their_cells,
        );
        print!(
            "| {} | {n} | {} | {} {} |",
            case.name,
            case.coefficients,
            cmp_name(pb.cmp()),
            pb.k()
        );
        for c in ours_cells.iter().chain(&their_cells) {
            print!(" {} |", c.show());
        }
        let show = |b: &Option<(Size, String)>| match b {
            Some((s, name)) => format!("{name} {}/{}", s.vars, s.clauses),
            None => "–".into(),
        };
        let verdict = match (&our_best, &their_best) {
            (Some((o, on)), Some((t, _))) if o.key() < t.key() => {
                wins += 1;
                *best_counts.entry(on.clone()).or_default() += 1;
                "ours".to_string()
            }
            (Some((o, on)), Some((t, _))) if o.key() == t.key() => {
                ties += 1;
                *best_counts.entry(on.clone()).or_default() += 1;
                "tie".to_string()
            }
            (Some((o, _)), Some((t, tn))) => {
                losses.push(format!(
                    "{}: ours {}/{} vs {tn} {}/{} ({:+.1}% clauses)",
                    case.name,
                    o.vars,
                    o.clauses,
                    t.vars,
                    t.clauses,
                    100.0 * (o.clauses as f64 - t.clauses as f64) / t.clauses as f64
                ));
                "rustsat".to_string()
            }
            (Some((_, on)), None) => {
                wins += 1;
                *best_counts.entry(on.clone()).or_default() += 1;
                "ours (rustsat none)".to_string()
            }
            (None, _) => {
                losses.push(format!("{}: none of ours finished", case.name));
                "rustsat".to_string()
            }
        };
        println!(" {} | {} | {verdict} |", show(&our_best), show(&their_best));
    }
    println!();
    println!("Cells are auxiliary variables / clauses (units included); inputs are not counted.");
    for enc in Theirs::ALL {
        println!(
            "{} is rustsat 0.7's `{}` ({}).",
            enc.short(),
            enc.name(),
            enc.types()
        );
    }
    println!("\"smallest\" compares the best of each side by clauses, then variables.");
    println!();
    println!(
        "Our smallest is no larger than rustsat's best on {} of {} constraints \
         ({wins} strictly smaller, {ties} equal).",
        wins + ties,
        cases.len()
    );
    let counts: Vec<String> = best_counts
        .iter()
        .map(|(name, c)| format!("{name} {c}"))
        .collect();
    println!("Our smallest, by encoding: {}.", counts.join(", "));
    if losses.is_empty() {
        println!("rustsat is smaller on none.");
    } else {
        println!("rustsat is smaller on {}:", losses.len());
        for l in &losses {
            println!("- {l}");
        }
    }
    if check_wanted {
        let (checked, skipped) = check_small(&cases);
        println!();
        println!(
            "Semantics checked: {checked} (constraint, encoding) pairs on the constraints of at \
             most {CHECK_MAX_N} inputs; for every input assignment each CNF has an extension \
             exactly when the constraint holds (varisat under assumptions). Skipped, as over \
             {CHECK_MAX_CLAUSES} clauses: {}.",
            if skipped.is_empty() {
                "none".to_string()
            } else {
                skipped.join(", ")
            }
        );
    }
}
