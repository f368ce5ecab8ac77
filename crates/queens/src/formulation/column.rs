//! The column formulation (the seeds' Z3 "optimized" model and Cryptol's bitvector model):
//! one integer q_r in 0..n per row, all different, and |q_i - q_j| != |i - j| for every pair
//! of rows. The integers are encoded in one of three domain encodings; every domain variable
//! is a model variable and is shown, so counting blocks positions, never auxiliaries.
//!
//! As an ILP, q_r is a general integer channelled to its domain variables by one equation
//! (direct: q_r = sum v * [q_r = v]; order: q_r = sum [q_r >= v]; log: q_r = sum 2^b bit_b).
//! All-different and the diagonal disequalities are the domain model's own rows made linear:
//! with the direct domain that is one-hot channelling (sum_r [q_r = v] <= 1 per value,
//! [q_i = v] + [q_j = v +- d] <= 1 per attacking pair); with order and log domains, each
//! forbidden pair of values is a clause row over the domain variables. No big-M constant is
//! needed, so the LP relaxation is as tight as the domain rows make it.

use super::{DecodeError, Formulation, FormulationKind};
use crate::{Board, Rules, Variant};
use std::fmt;
use std::str::FromStr;
use zero_one_model::{Constraint, IntDef, Lit, Model, Var};

/// How an integer in 0..n becomes booleans.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Domain {
    /// One-hot: n booleans `q_r=v`, exactly one true.
    #[default]
    Direct,
    /// Order (ladder): n-1 booleans `q_r>=v` for v = 1..n-1, each implying the one below.
    Order,
    /// Log: ceil(log2 n) bits per row as in the Cryptol demo, values >= n excluded.
    Log,
}

impl Domain {
    /// Every domain encoding.
    pub const ALL: [Domain; 3] = [Domain::Direct, Domain::Order, Domain::Log];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Domain::Direct => "direct",
            Domain::Order => "order",
            Domain::Log => "log",
        }
    }
}

impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Domain {
    type Err = zero_one_model::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        zero_one_model::named::from_name(&Domain::ALL, Domain::name, "domain encoding", s)
    }
}

/// The column formulation in one domain encoding.
#[derive(Clone, Debug)]
pub struct ColumnFormulation {
    n: usize,
    domain: Domain,
    /// Domain variables per row.
    width: usize,
    rules: Rules,
    model: Model,
}

fn log_bits(n: usize) -> usize {
    if n < 2 {
        0
    } else {
        (usize::BITS - (n - 1).leading_zeros()) as usize
    }
}

impl ColumnFormulation {
    /// Builds the model for the classic n x n board with the given domain encoding.
    pub fn new(n: usize, domain: Domain) -> ColumnFormulation {
        ColumnFormulation::with_rules(n, domain, &Rules::classic())
    }

    /// Builds the model for an n x n board under `rules` (checked by the caller with
    /// [`Rules::check`]): the variant's extra attacking pairs of values are forbidden like
    /// the diagonals, a given queen fixes its row's integer, a blocked square excludes a
    /// value.
    pub fn with_rules(n: usize, domain: Domain, rules: &Rules) -> ColumnFormulation {
        let width = match domain {
            Domain::Direct => n,
            Domain::Order => n.saturating_sub(1),
            Domain::Log => log_bits(n),
        };
        let mut f = ColumnFormulation {
            n,
            domain,
            width,
            rules: rules.clone(),
            model: Model::new(),
        };
        for r in 0..n {
            for i in 0..width {
                let name = match domain {
                    Domain::Direct => format!("q_{r}={i}"),
                    Domain::Order => format!("q_{r}>={}", i + 1),
                    Domain::Log => format!("q_{r}_bit{i}"),
                };
                f.model.new_var(name);
            }
        }
        f.add_domains();
        f.define_integers();
        f.add_all_different();
        f.add_diagonals();
        f.add_variant_pairs();
        f.add_given_and_blocked();
        let shown: Vec<Var> = (0..f.model.num_vars() as u32).map(Var::new).collect();
        f.model.show(shown);
        if domain == Domain::Direct {
            // One-hot rows: every solution has exactly n true domain variables.
            f.model.set_shown_weight(n);
        }
        f
    }

    fn var(&self, r: usize, i: usize) -> Var {
        Var::new((r * self.width + i) as u32)
    }

    /// Literals whose conjunction says q_r = v.
    pub fn equals(&self, r: usize, v: usize) -> Vec<Lit> {
        match self.domain {
            Domain::Direct => vec![self.var(r, v).positive()],
            Domain::Order => {
                let mut lits = Vec::with_capacity(2);
                if v >= 1 {
                    lits.push(self.var(r, v - 1).positive()); // q_r >= v
                }
                if v + 1 < self.n {
                    lits.push(self.var(r, v).negative()); // not q_r >= v+1
                }
                lits
            }
            Domain::Log => (0..self.width)
                .map(|t| self.var(r, t).lit(v >> t & 1 == 1))
                .collect(),
        }
    }

    /// The clause forbidding q_i = v and q_j = w together.
    fn forbid(&mut self, i: usize, v: usize, j: usize, w: usize) {
        let clause = self
            .equals(i, v)
            .into_iter()
            .chain(self.equals(j, w))
            .map(|l| !l)
            .collect();
        self.model.add(Constraint::Clause(clause));
    }

    fn add_domains(&mut self) {
        let n = self.n;
        for r in 0..n {
            match self.domain {
                Domain::Direct => {
                    let lits = (0..n).map(|v| self.var(r, v).positive()).collect();
                    self.model.add(Constraint::ExactlyOne(lits));
                }
                Domain::Order => {
                    for i in 1..self.width {
                        let (hi, lo) = (self.var(r, i), self.var(r, i - 1));
                        self.model
                            .add(Constraint::Clause(vec![hi.negative(), lo.positive()]));
                    }
                }
                Domain::Log => {
                    for v in n..1 << self.width {
                        let clause = self.equals(r, v).into_iter().map(|l| !l).collect();
                        self.model.add(Constraint::Clause(clause));
                    }
                }
            }
        }
    }

    /// Names each row's integer q_r as the sum its domain variables spell, so ILP lowering
    /// and ILP exports carry q_r as a general integer (one channelling row per row).
    fn define_integers(&mut self) {
        for r in 0..self.n {
            let terms = (0..self.width)
                .map(|i| {
                    let weight = match self.domain {
                        Domain::Direct => i as i64,
                        Domain::Order => 1,
                        Domain::Log => 1 << i,
                    };
                    (weight, self.var(r, i))
                })
                .collect();
            self.model.define_int(IntDef {
                name: format!("q_{r}"),
                terms,
                lo: 0,
                hi: self.n as i64 - 1,
            });
        }
    }

    fn add_all_different(&mut self) {
        let n = self.n;
        if self.domain == Domain::Direct {
            // One at-most-one per value: the lowering's AMO encoding applies here.
            for v in 0..n {
                let lits = (0..n).map(|r| self.var(r, v).positive()).collect();
                self.model.add(Constraint::AtMostOne(lits));
            }
            return;
        }
        for i in 0..n {
            for j in i + 1..n {
                for v in 0..n {
                    self.forbid(i, v, j, v);
                }
            }
        }
    }

    fn add_diagonals(&mut self) {
        let n = self.n;
        for i in 0..n {
            for j in i + 1..n {
                let d = j - i;
                for v in 0..n {
                    if v + d < n {
                        self.forbid(i, v, j, v + d);
                    }
                    if v >= d {
                        self.forbid(i, v, j, v - d);
                    }
                }
            }
        }
    }

    /// The pairs of values the variant forbids beyond the classic diagonals: wrapped
    /// diagonals on the torus, knight moves for superqueens.
    fn add_variant_pairs(&mut self) {
        let n = self.n;
        for i in 0..n {
            for j in i + 1..n {
                let d = j - i;
                for v in 0..n {
                    let extra: Vec<usize> = match self.rules.variant {
                        Variant::Classic => Vec::new(),
                        // v + d and v - d taken modulo n, where they leave the board.
                        Variant::Toroidal => [(v + d) % n, (v + n - d % n) % n]
                            .into_iter()
                            .filter(|&w| w != v && w.abs_diff(v) != d)
                            .collect(),
                        Variant::Superqueens => {
                            let k = match d {
                                1 => 2,
                                2 => 1,
                                _ => continue,
                            };
                            [v + k, v.wrapping_sub(k)]
                                .into_iter()
                                .filter(|&w| w < n)
                                .collect()
                        }
                    };
                    let mut extra = extra;
                    extra.dedup();
                    for w in extra {
                        self.forbid(i, v, j, w);
                    }
                }
            }
        }
    }

    fn add_given_and_blocked(&mut self) {
        for g in self.rules.given.clone() {
            for lit in self.equals(g.row, g.col) {
                self.model.add(Constraint::Clause(vec![lit]));
            }
        }
        for b in self.rules.blocked.clone() {
            let clause = self.equals(b.row, b.col).into_iter().map(|l| !l).collect();
            self.model.add(Constraint::Clause(clause));
        }
    }

    fn decode_row(&self, row: usize, vals: &[bool]) -> Result<usize, DecodeError> {
        let bad = |why: String| DecodeError::Domain { row, why };
        match self.domain {
            Domain::Direct => {
                let queens = vals.iter().filter(|&&b| b).count();
                if queens != 1 {
                    return Err(DecodeError::Row { row, queens });
                }
                Ok(vals.iter().position(|&b| b).expect("one true"))
            }
            Domain::Order => {
                let v = vals.iter().take_while(|&&b| b).count();
                if vals[v..].iter().any(|&b| b) {
                    return Err(bad("order variables are not a ladder".into()));
                }
                Ok(v)
            }
            Domain::Log => {
                let v = vals
                    .iter()
                    .enumerate()
                    .fold(0, |acc, (t, &b)| acc | (usize::from(b) << t));
                if v >= self.n {
                    return Err(bad(format!("bits spell {v}, outside 0..{}", self.n)));
                }
                Ok(v)
            }
        }
    }
}

impl Formulation for ColumnFormulation {
    fn n(&self) -> usize {
        self.n
    }

    fn kind(&self) -> FormulationKind {
        FormulationKind::Column(self.domain)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn model(&self) -> &Model {
        &self.model
    }

    fn decode(&self, assignment: &[bool]) -> Result<Board, DecodeError> {
        if assignment.len() != self.model.num_vars() {
            return Err(DecodeError::WrongLength {
                expected: self.model.num_vars(),
                found: assignment.len(),
            });
        }
        let cols = (0..self.n)
            .map(|r| self.decode_row(r, &assignment[r * self.width..(r + 1) * self.width]))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Board::new(cols))
    }

    fn place(&self, row: usize, col: usize) -> Vec<Lit> {
        self.equals(row, col)
    }

    fn describe_vars(&self) -> String {
        let w = self.width;
        match self.domain {
            Domain::Direct => format!("variable r*{w} + v + 1 is q_r=v, the queen of row r in column v (0-based)"),
            Domain::Order => format!("variable r*{w} + v is q_r>=v for v = 1..{w}: the queen of row r is in column v or beyond"),
            Domain::Log => format!("variable r*{w} + t + 1 is bit t (least significant first) of q_r, the column of row r's queen"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assignment(f: &ColumnFormulation, cols: &[usize]) -> Vec<bool> {
        let mut a = vec![false; f.model().num_vars()];
        for (r, &c) in cols.iter().enumerate() {
            // Set the row so that `equals(r, c)` holds; every other domain variable false.
            for l in f.equals(r, c) {
                a[l.var().index()] = l.is_positive();
            }
            if f.domain == Domain::Order {
                for i in 0..c {
                    a[f.var(r, i).index()] = true;
                }
            }
        }
        a
    }

    #[test]
    fn every_domain_agrees_with_the_checker_on_all_placements_of_n5() {
        let n = 5;
        for d in Domain::ALL {
            let f = ColumnFormulation::new(n, d);
            for code in 0..n.pow(n as u32) {
                let cols: Vec<usize> = (0..n).map(|r| code / n.pow(r as u32) % n).collect();
                let a = assignment(&f, &cols);
                assert_eq!(f.decode(&a), Ok(Board::new(cols.clone())), "{d}");
                assert_eq!(
                    f.model().check(&a).is_ok(),
                    crate::is_solution(&cols),
                    "{d} {cols:?}"
                );
            }
        }
    }

    #[test]
    fn every_domain_agrees_with_the_rules_checker_on_variants_and_squares() {
        use crate::{Square, Variant};
        let n = 5;
        let rule_sets = [
            Rules::new(Variant::Toroidal, vec![], vec![]),
            Rules::new(Variant::Superqueens, vec![], vec![]),
            Rules::new(
                Variant::Classic,
                vec![Square::new(1, 3)],
                vec![Square::new(0, 0)],
            ),
            Rules::new(
                Variant::Toroidal,
                vec![Square::new(2, 2)],
                vec![Square::new(4, 1)],
            ),
        ];
        for rules in &rule_sets {
            for d in Domain::ALL {
                let f = ColumnFormulation::with_rules(n, d, rules);
                let mut accepted = 0;
                for code in 0..n.pow(n as u32) {
                    let cols: Vec<usize> = (0..n).map(|r| code / n.pow(r as u32) % n).collect();
                    let ok = f.model().check(&assignment(&f, &cols)).is_ok();
                    assert_eq!(
                        ok,
                        crate::first_violation(rules, &cols).is_none(),
                        "{d} {rules:?} {cols:?}"
                    );
                    accepted += usize::from(ok);
                }
                assert!(
                    accepted > 0 || rules.variant == Variant::Superqueens,
                    "{rules:?}"
                );
            }
        }
    }

    #[test]
    fn log_domain_excludes_values_past_n_and_decoding_says_so() {
        let f = ColumnFormulation::new(5, Domain::Log);
        assert_eq!(f.width, 3);
        let mut a = assignment(&f, &[0, 2, 4, 1, 3]);
        assert_eq!(f.model().check(&a), Ok(()));
        a[f.var(0, 0).index()] = true;
        a[f.var(0, 1).index()] = true;
        a[f.var(0, 2).index()] = true; // q_0 = 7
        assert!(f.model().check(&a).is_err());
        assert!(matches!(
            f.decode(&a),
            Err(DecodeError::Domain { row: 0, .. })
        ));
    }

    #[test]
    fn projection_is_every_domain_variable() {
        for (d, per_row) in [(Domain::Direct, 6), (Domain::Order, 5), (Domain::Log, 3)] {
            let f = ColumnFormulation::new(6, d);
            assert_eq!(f.model().shown().len(), 6 * per_row, "{d}");
        }
    }
}
