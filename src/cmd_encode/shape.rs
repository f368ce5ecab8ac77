//! The shape of each N-Queens formulation's model in closed form: how many variables, and how
//! many constraints of each kind and length, as functions of n alone. `encode` sizes what it
//! would build from these before building anything, so a board too large for the machine is
//! refused in microseconds instead of aborting. The tests hold every number equal to the real
//! model's (and the lowering's counts equal to `cnf_size`) for small n.

use nqueens_queens::{Domain, FormulationKind};
use zero_one_model::CnfOptions;

/// The kinds of constraint the formulations use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A clause.
    Clause,
    /// At most one literal true.
    AtMostOne,
    /// Exactly one literal true.
    ExactlyOne,
}

/// `count` constraints of one kind, each over `len` literals.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// Their kind.
    pub kind: Kind,
    /// Literals in each.
    pub len: u64,
    /// How many there are.
    pub count: u64,
}

/// A formulation's model for one n, counted rather than built.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Model variables (all shown).
    pub vars: u64,
    /// Whether each variable carries its own name string (the column formulation's do; the
    /// board's are named on demand).
    pub named_vars: bool,
    /// The name of the last variable (ILP files write one per term).
    pub last_name: String,
    /// The constraints, family by family.
    pub families: Vec<Family>,
    /// Integers defined over the variables (one per row in the column formulation).
    pub ints: u64,
    /// Terms in each integer's definition.
    pub int_terms: u64,
    /// Literals fixing one queen (one per cube row).
    pub place_lits: u64,
}

/// The clause, literal and variable counts of a CNF lowering.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CnfCounts {
    /// Auxiliary variables added by the encodings.
    pub aux_vars: u64,
    /// Clauses.
    pub clauses: u64,
    /// Literal occurrences.
    pub literals: u64,
}

/// Bits of the log domain for n values (as the column formulation counts them).
fn log_bits(n: u64) -> u64 {
    if n < 2 {
        0
    } else {
        u64::from(u64::BITS - (n - 1).leading_zeros())
    }
}

/// Pushes a family unless it is empty.
fn push(families: &mut Vec<Family>, kind: Kind, len: u64, count: u64) {
    if count > 0 {
        families.push(Family { kind, len, count });
    }
}

impl Shape {
    /// The model `kind.build(n)` would make, for 1 <= n <= [`crate::sizes::MAX_N`].
    pub fn of(kind: FormulationKind, n: usize) -> Shape {
        let n = n as u64;
        match kind {
            FormulationKind::Board => Shape::board(n),
            FormulationKind::Column(domain) => Shape::column(n, domain),
        }
    }

    fn board(n: u64) -> Shape {
        let mut families = Vec::with_capacity(n as usize + 1);
        push(&mut families, Kind::ExactlyOne, n, 2 * n);
        // Two diagonals of each length below n in each direction, one of length n.
        push(&mut families, Kind::AtMostOne, n, 2);
        for len in 1..n {
            push(&mut families, Kind::AtMostOne, len, 4);
        }
        Shape {
            vars: n * n,
            named_vars: false,
            last_name: format!("x_{}_{}", n - 1, n - 1),
            families,
            ints: 0,
            int_terms: 0,
            place_lits: 1,
        }
    }

    fn column(n: u64, domain: Domain) -> Shape {
        let width = match domain {
            Domain::Direct => n,
            Domain::Order => n.saturating_sub(1),
            Domain::Log => log_bits(n),
        };
        let pairs = n * (n - 1) / 2;
        // Pairs of rows at distance d: n - d, each with 2(n - d) attacking value pairs.
        let diagonal = (n - 1) * n * (2 * n - 1) / 3;
        let mut families = Vec::new();
        let (last, place_lits) = match domain {
            Domain::Direct => {
                push(&mut families, Kind::ExactlyOne, n, n);
                push(&mut families, Kind::AtMostOne, n, n);
                push(&mut families, Kind::Clause, 2, diagonal);
                (format!("q_{}={}", n - 1, n - 1), 1)
            }
            Domain::Order => {
                Shape::order_families(&mut families, n, pairs);
                (format!("q_{}>={}", n - 1, width), 2)
            }
            Domain::Log => {
                let excluded = (1u64 << width) - n;
                push(&mut families, Kind::Clause, width, n * excluded);
                push(&mut families, Kind::Clause, 2 * width, pairs * n + diagonal);
                (format!("q_{}_bit{}", n - 1, width.saturating_sub(1)), width)
            }
        };
        Shape {
            vars: n * width,
            named_vars: true,
            last_name: last,
            families,
            ints: n,
            int_terms: width,
            place_lits,
        }
    }

    /// The order domain: `q_r = v` takes one literal at the ends (v = 0, n - 1) and two
    /// between, so a clause forbidding two values has 2, 3 or 4 literals.
    fn order_families(families: &mut Vec<Family>, n: u64, pairs: u64) {
        // The ladder: q_r >= i + 1 implies q_r >= i.
        push(families, Kind::Clause, 2, n * n.saturating_sub(2));
        // All different: for each pair of rows and each value.
        push(families, Kind::Clause, 2, 2 * pairs);
        push(families, Kind::Clause, 4, pairs * n.saturating_sub(2));
        // Diagonals: rows at distance d share (v, v + d) and (v, v - d) for n - d values v;
        // the two end values make 3-literal clauses, except at d = n - 1 where one pair
        // joins both ends (2 literals).
        if n >= 2 {
            push(families, Kind::Clause, 2, 2);
            let (mut threes, mut fours) = (0, 0);
            for d in 1..n - 1 {
                threes += (n - d) * 4;
                fours += (n - d) * 2 * (n - d - 2);
            }
            push(families, Kind::Clause, 3, threes);
            push(families, Kind::Clause, 4, fours);
        }
    }

    /// Constraints in the model.
    pub fn constraints(&self) -> u64 {
        self.families.iter().map(|f| f.count).sum()
    }

    /// Literal occurrences over all constraints.
    pub fn constraint_lits(&self) -> u64 {
        self.families.iter().map(|f| f.count * f.len).sum()
    }

    /// Terms of the 0-1 ILP: one per constraint literal, and per integer its definition's
    /// terms and itself.
    pub fn ilp_terms(&self) -> u64 {
        self.constraint_lits() + self.ints * (self.int_terms + 1)
    }

    /// What lowering to CNF with `options` writes, from the encodings' own size formulas.
    pub fn cnf(&self, options: &CnfOptions) -> CnfCounts {
        let mut total = CnfCounts::default();
        for f in &self.families {
            let (clauses, literals, aux) = match f.kind {
                Kind::Clause => (1, f.len, 0),
                Kind::AtMostOne => options.amo.size(f.len as usize),
                Kind::ExactlyOne => {
                    let (c, l, a) = options.amo.size(f.len as usize);
                    (c + 1, l + f.len, a)
                }
            };
            total.clauses += clauses * f.count;
            total.literals += literals * f.count;
            total.aux_vars += aux as u64 * f.count;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::{cnf_size, AmoEncoding, Constraint, Var};

    fn families_of(model: &zero_one_model::Model) -> Vec<(Kind, u64, u64)> {
        let mut seen: Vec<(Kind, u64, u64)> = Vec::new();
        for c in model.constraints() {
            let (kind, len) = match c {
                Constraint::Clause(l) => (Kind::Clause, l.len()),
                Constraint::AtMostOne(l) => (Kind::AtMostOne, l.len()),
                Constraint::ExactlyOne(l) => (Kind::ExactlyOne, l.len()),
                other => panic!("unexpected constraint {other:?}"),
            };
            match seen.iter_mut().find(|f| f.0 == kind && f.1 == len as u64) {
                Some(f) => f.2 += 1,
                None => seen.push((kind, len as u64, 1)),
            }
        }
        seen.sort_by_key(|f| (f.0 as u8, f.1));
        seen
    }

    #[test]
    fn closed_forms_equal_the_built_model_for_every_formulation() {
        for kind in FormulationKind::ALL {
            for n in 1..=11 {
                let shape = Shape::of(kind, n);
                let f = kind.build(n);
                let model = f.model();
                let mut mine: Vec<(Kind, u64, u64)> = Vec::new();
                for fam in &shape.families {
                    match mine.iter_mut().find(|f| f.0 == fam.kind && f.1 == fam.len) {
                        Some(f) => f.2 += fam.count,
                        None => mine.push((fam.kind, fam.len, fam.count)),
                    }
                }
                mine.sort_by_key(|f| (f.0 as u8, f.1));
                assert_eq!(mine, families_of(model), "{kind} n = {n}");
                assert_eq!(shape.vars, model.num_vars() as u64, "{kind} n = {n}");
                assert_eq!(shape.ints, model.ints().len() as u64);
                let terms: usize = model.ints().iter().map(|d| d.terms.len()).sum();
                assert_eq!(shape.ints * shape.int_terms, terms as u64);
                if shape.vars > 0 {
                    let last = Var::new(shape.vars as u32 - 1);
                    assert_eq!(shape.last_name, model.name(last), "{kind} n = {n}");
                }
                let place = f.place(n / 2, n / 2).len() as u64;
                assert!(place <= shape.place_lits, "{kind} n = {n}");
            }
        }
    }

    #[test]
    fn lowering_counts_equal_cnf_size_for_every_encoding() {
        for kind in FormulationKind::ALL {
            for n in [1, 2, 3, 5, 8, 13] {
                let model = kind.build(n);
                for amo in AmoEncoding::ALL {
                    let options = CnfOptions::with_amo(amo);
                    let real = cnf_size(model.model(), &options).unwrap();
                    let mine = Shape::of(kind, n).cnf(&options);
                    let want = CnfCounts {
                        aux_vars: real.aux_vars as u64,
                        clauses: real.clauses,
                        literals: real.literals,
                    };
                    assert_eq!(mine, want, "{kind} {amo} n = {n}");
                }
            }
        }
    }
}
