//! An independent checker of CPOG certificates (Bryant, Nawrocki, Avigad & Heule, SAT
//! 2023), sharing no code with the counter or the writer: it reads the formula and the
//! certificate, checks every step, and counts the graph.
//!
//! What it accepts: product nodes (`CID p NID children 0`) whose children are over
//! disjoint variables; sum nodes (`CID s NID c1 c2 hints 0`) whose children are shown
//! mutually exclusive by RUP from defining clauses only; RUP steps (`CID a lits 0 hints 0`)
//! whose hints, in order, each make one literal true and end in a conflict; deletions
//! (`dc CID hints 0`) of a clause implied (RUP) by the clauses left; and the root
//! (`r LIT`). At the end every input and added clause must be gone but the unit clause of
//! the root: the formula and the root then have the same models (the added clauses were
//! implied; each deletion was implied by what stayed), and the graph's count is the
//! formula's. Stricter than `cpog-check` in one way: a node's child must not be a negated
//! node, and operations are not deleted (`do`).

mod count;
mod parse;
mod rup;
mod verify;
mod weights;

pub use parse::{check_cpog, CpogCheckError, CpogChecked};
pub use verify::{verify_cpog, CpogVerifyError};
pub use weights::{parse_weight, read_weights};
