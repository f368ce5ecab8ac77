//! The symmetries of a DIMACS file as a report: [`SymmetryReport::find`] runs the search on a
//! read [`Cnf`] with its projection, and the report says the group as text
//! ([`SymmetryReport::text`]) or as JSON (the order a decimal string, generators as lists of
//! cycles of DIMACS literals).

use crate::{check_size, find, TooLarge};
use serde::Serialize;
use std::time::Instant;
use zero_one_model::dimacs::Cnf;
use zero_one_model::plural;

/// What the search found in one file. Fields are in the order JSON has always printed them.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SymmetryReport {
    /// The file's clauses.
    pub clauses: usize,
    /// Whether the search finished: the generators generate the whole group.
    pub complete: bool,
    /// Seconds the search took.
    pub elapsed_s: f64,
    /// The file, as the user named it.
    pub file: String,
    /// Each generator as cycles of DIMACS literals ([`crate::Symmetries::cycles`]).
    pub generators: Vec<Vec<Vec<i64>>>,
    /// Search nodes visited.
    pub nodes: u64,
    /// The group order (a decimal string): exact when complete and nothing is unexpanded.
    pub order: String,
    /// The variables every symmetry maps onto themselves (all of them without a projection).
    pub projection_size: usize,
    /// Sizes k of the sets of variables in no clause whose factor 2^k k! is left out of
    /// `order`.
    pub unexpanded_free_vars: Vec<usize>,
    /// The file's variables.
    pub vars: usize,
    /// The node budget the search had.
    #[serde(skip)]
    pub budget: u64,
}

impl SymmetryReport {
    /// Finds the symmetries of `cnf` (named `file`) that map its projection (its `c p show`
    /// variables, or every variable) onto itself, with a search of at most `budget` nodes.
    ///
    /// # Errors
    /// [`TooLarge`]: a formula past the search's size limits ([`check_size`]).
    pub fn find(file: &str, cnf: &Cnf, budget: u64) -> Result<SymmetryReport, TooLarge> {
        check_size(cnf.num_vars, &cnf.clauses)?;
        let mut shown = vec![cnf.shown.is_none(); cnf.num_vars];
        for v in cnf.shown.iter().flatten() {
            shown[v.index()] = true;
        }
        let start = Instant::now();
        let s = find(cnf.num_vars, &cnf.clauses, &shown, budget);
        Ok(SymmetryReport {
            clauses: cnf.clauses.len(),
            complete: s.complete,
            elapsed_s: start.elapsed().as_secs_f64(),
            file: file.to_owned(),
            generators: (0..s.generators.len()).map(|i| s.cycles(i)).collect(),
            nodes: s.nodes,
            order: s.order.to_string(),
            projection_size: shown.iter().filter(|&&x| x).count(),
            unexpanded_free_vars: s.unexpanded,
            vars: cnf.num_vars,
            budget,
        })
    }

    /// The report as lines of text: the group order and its generators, one a line.
    pub fn text(&self) -> String {
        let bound = if self.complete { "" } else { "at least " };
        // 2^k k! for k variables in no clause, when too large to write out.
        let factors: String = self
            .unexpanded_free_vars
            .iter()
            .map(|k| format!(" x 2^{k}·{k}! ({} in no clause)", plural(k, "variable")))
            .collect();
        let mut text = format!(
            "{}: group of order {bound}{}{factors} from {} ({}, {:.3} s)",
            self.file,
            self.order,
            counted(self.generators.len() as u64, "generator"),
            counted(self.nodes, "search node"),
            self.elapsed_s
        );
        for (i, g) in self.generators.iter().enumerate() {
            let cycles: String = g
                .iter()
                .map(|c| {
                    let lits: Vec<String> = c.iter().map(i64::to_string).collect();
                    format!("({})", lits.join(" "))
                })
                .collect();
            text += &format!("\n  g{}: {cycles}", i + 1);
        }
        if !self.complete {
            text += &format!(
                "\n  the search stopped at its budget of {}: the group may be larger (--budget)",
                counted(self.budget, "node")
            );
        }
        text
    }
}

/// `count` `thing`s, in the singular for one.
fn counted(count: u64, thing: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{count} {thing}{s}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::dimacs::read_dimacs;

    #[test]
    fn swapping_the_ends_of_a_chain_is_reported_as_one_generator() {
        let cnf = read_dimacs("p cnf 3 2\n1 2 0\n2 3 0\n".as_bytes()).unwrap();
        let r = SymmetryReport::find("chain.cnf", &cnf, crate::DEFAULT_BUDGET).unwrap();
        assert_eq!(r.order, "2");
        assert_eq!(r.generators, vec![vec![vec![1, 3]]]);
        assert_eq!((r.vars, r.clauses, r.projection_size), (3, 2, 3));
        let text = r.text();
        assert!(
            text.starts_with("chain.cnf: group of order 2 from 1 generator ("),
            "{text}"
        );
        assert!(text.ends_with("\n  g1: (1 3)"), "{text}");
    }
}
