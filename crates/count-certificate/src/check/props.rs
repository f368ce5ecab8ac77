//! Property tests: the readers read back what was written and never panic on mutated input;
//! the RUP test agrees with naive unit propagation; and the checker is sound: whatever proof
//! it accepts, the formula has no model (by brute force over at most 8 variables).

use super::*;
use proptest::prelude::*;

type Clauses = Vec<Vec<i32>>;

fn arb_clauses(
    vars: i32,
    lens: std::ops::RangeInclusive<usize>,
    max_count: usize,
) -> impl Strategy<Value = Clauses> {
    let lit = (1..=vars, any::<bool>()).prop_map(|(v, neg)| if neg { -v } else { v });
    prop::collection::vec(prop::collection::vec(lit, lens), 0..=max_count)
}

/// A DIMACS rendering: clause `i` broken after `splits[i] % (len + 1)` literals, `sep`
/// between tokens, a projection line when `shown` is not empty.
fn render(vars: i32, clauses: &Clauses, shown: &[u32], splits: &[usize], sep: &str) -> String {
    let mut text = format!("c generated\np{sep}cnf{sep}{vars}{sep}{}\n", clauses.len());
    if !shown.is_empty() {
        let shown: Vec<String> = shown.iter().map(u32::to_string).collect();
        text += &format!("c p show {} 0\n", shown.join(sep));
    }
    for (i, clause) in clauses.iter().enumerate() {
        let cut = splits.get(i).copied().unwrap_or(0) % (clause.len() + 1);
        for (j, lit) in clause.iter().enumerate() {
            text += &format!("{lit}{}", if j + 1 == cut { "\n" } else { sep });
        }
        text += "0\n";
    }
    text
}

/// Whether the formula has a model, by trying every assignment.
fn satisfiable(vars: i32, clauses: &Clauses) -> bool {
    (0u32..1 << vars).any(|bits| {
        let is_true = |l: i32| (bits >> (l.abs() - 1) & 1 == 1) == (l > 0);
        clauses.iter().all(|c| c.iter().any(|&l| is_true(l)))
    })
}

/// Whether assigning the lemma's literals false and propagating the clauses to a fixpoint
/// (the slow way) reaches a conflict.
fn naive_rup(clauses: &Clauses, lemma: &[i32]) -> bool {
    let mut assigned: Vec<i32> = lemma.iter().map(|&l| -l).collect();
    if assigned.iter().any(|&l| assigned.contains(&-l)) {
        return true;
    }
    loop {
        let mut changed = false;
        for clause in clauses {
            if clause.iter().any(|l| assigned.contains(l)) {
                continue;
            }
            let open: Vec<i32> = (clause.iter().copied())
                .filter(|l| !assigned.contains(&-l))
                .collect();
            match open.first() {
                None => return true,
                Some(&l) if open.iter().all(|&m| m == l) => {
                    assigned.push(l);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}

fn dimacs_lines(clauses: &[Vec<i32>], prefix: &str) -> String {
    clauses
        .iter()
        .map(|c| {
            let lits: Vec<String> = c.iter().map(i32::to_string).collect();
            format!("{prefix}{} 0\n", lits.join(" "))
        })
        .collect()
}

proptest! {
    #[test]
    fn cnf_reads_back_what_was_written(
        clauses in arb_clauses(12, 0..=5, 20),
        shown in prop::collection::vec(1u32..=12, 0..5),
        splits in prop::collection::vec(any::<usize>(), 20),
        tabs in any::<bool>(),
    ) {
        let text = render(12, &clauses, &shown, &splits, if tabs { "\t" } else { " " });
        let cnf = read_cnf(text.as_bytes()).expect("well formed");
        prop_assert_eq!(cnf.clauses().map(<[i32]>::to_vec).collect::<Vec<_>>(), clauses);
        let mut expected = shown.clone();
        expected.sort_unstable();
        expected.dedup();
        prop_assert_eq!(cnf.shown().map(<[u32]>::to_vec), (!shown.is_empty()).then_some(expected));
    }

    #[test]
    fn readers_never_panic_on_mutated_input(
        clauses in arb_clauses(6, 0..=4, 10),
        at in any::<usize>(),
        byte in any::<u8>(),
        cut in any::<bool>(),
    ) {
        let mut text = render(6, &clauses, &[1, 2], &[], " ").into_bytes();
        let i = at % text.len();
        if cut { text.truncate(i) } else { text[i] = byte }
        let cnf = read_cnf(&text[..]);
        let _ = read_solutions(&text[..], 6).count();
        if let Ok(cnf) = cnf {
            let _ = check_proof(&cnf, &text[..]);
        }
    }

    #[test]
    fn rup_agrees_with_naive_propagation(
        clauses in arb_clauses(7, 2..=3, 25),
        lemmas in arb_clauses(7, 0..=3, 6),
    ) {
        let formula = cnf(&clauses);
        let mut database = clauses.clone();
        for (i, lemma) in lemmas.iter().enumerate() {
            let mut proof = dimacs_lines(&lemmas[..=i], "");
            proof += "0\n";
            let result = check_proof(&formula, proof.as_bytes());
            let ours_rup = !matches!(&result, Err(e) if e.line == Some(i as u64 + 1));
            prop_assert_eq!(ours_rup, naive_rup(&database, lemma), "lemma {} of {:?}", i + 1, lemmas);
            if !ours_rup {
                break;
            }
            database.push(lemma.clone());
        }
    }

    #[test]
    fn an_accepted_proof_refutes_the_formula(
        clauses in arb_clauses(6, 2..=3, 30),
        steps in arb_clauses(6, 0..=2, 30),
        deletions in prop::collection::vec(any::<bool>(), 30),
    ) {
        let mut proof = String::new();
        for (step, &deletion) in steps.iter().zip(&deletions) {
            proof += &dimacs_lines(std::slice::from_ref(step), if deletion { "d " } else { "" });
        }
        proof += "0\n";
        if check_proof(&cnf(&clauses), proof.as_bytes()).is_ok() {
            prop_assert!(!satisfiable(6, &clauses), "accepted a proof of a satisfiable formula");
        }
    }
}

fn cnf(clauses: &Clauses) -> Cnf {
    let text = format!("p cnf 7 {}\n{}", clauses.len(), dimacs_lines(clauses, ""));
    read_cnf(text.as_bytes()).expect("well formed")
}
