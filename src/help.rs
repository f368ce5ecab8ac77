//! Long help texts of commands, read by `cli.rs`: kept apart from the commands so that no
//! command file is imported by another.

/// `verify --help`: what is checked.
pub const VERIFY_LONG_ABOUT: &str = "\
Check a certified count's proof bundle, independently of the code that counted.

A bundle (written by `count --certify`) certifies that a CNF F has exactly K models projected
onto S. verify re-reads every file with its own strict readers, shares no code with the
encoders or solvers, and checks:
  - manifest.json: this format version, the bundle's file table, F's projection, K;
  - solutions.txt: K full assignments, each satisfying every clause of formula.cnf, pairwise
    different on S (the `c p show` variables; every variable without such a line);
  - blocked.cnf: F's clauses in order, then exactly the blocking clause of each model in
    order (the negation of the model on S; literals in any order);
  - proof.drat: a text DRAT refutation of blocked.cnf, every lemma checked RUP in order
    (forward, two watched literals), ending with the empty clause. RAT steps are not
    supported; deletions of unit clauses and of reasons are ignored, as drat-trim does.
Then no model of F outside the K listed exists. Prints `certified: K`, or one line naming the
first failure (`FILE:LINE: why`) and exits 1.

The proof can also be checked by an established checker, e.g. `rate` (cargo install rate):
  rate DIR/blocked.cnf DIR/proof.drat";

/// `verify --help`: the exit codes.
pub const VERIFY_EXIT_CODES: &str = "\
Exit codes:
  0    certified
  1    not certified: the first failure is printed as FILE:LINE: why
  2    bad command line, or DIR is missing or not a directory
  3    the result could not be written (closed or full stdout)";
