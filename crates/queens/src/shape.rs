//! The shape of each N-Queens formulation's model in closed form: how many variables, and how
//! many constraints of each kind and length, as functions of n alone. A board too large for
//! the machine can then be sized, and refused, in microseconds instead of aborting while it
//! is built. The tests hold every number equal to the real model's (and the lowering's
//! counts equal to [`cnf_size`](zero_one_model::cnf_size)) for small n.

use crate::{Domain, FormulationKind, Rules, Variant};
use zero_one_model::shape::{FamilyKind, ModelShape};

/// The largest board: its n² squares must be numbered by 31-bit literals (46340² < 2^31).
pub const MAX_BOARD_N: usize = 46_340;

/// A formulation's model for one n, counted rather than built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulationShape {
    /// The model's sizes.
    pub model: ModelShape,
    /// Literals fixing one queen (one per cube row).
    pub place_lits: u64,
}

/// Bits of the log domain for n values (as the column formulation counts them).
fn log_bits(n: u64) -> u64 {
    if n < 2 {
        0
    } else {
        u64::from(u64::BITS - (n - 1).leading_zeros())
    }
}

impl FormulationShape {
    /// The model `kind.build(n)` would make, for 1 <= n <= [`MAX_BOARD_N`] (on the classic
    /// board; see [`variant_factor`] for the others).
    pub fn of(kind: FormulationKind, n: usize) -> FormulationShape {
        let n = n as u64;
        match kind {
            FormulationKind::Board => FormulationShape::board(n),
            FormulationKind::Column(domain) => FormulationShape::column(n, domain),
        }
    }

    fn board(n: u64) -> FormulationShape {
        let mut model = ModelShape {
            vars: n * n,
            last_name: format!("x_{}_{}", n - 1, n - 1),
            families: Vec::with_capacity(n as usize + 1),
            ..ModelShape::default()
        };
        model.push(FamilyKind::ExactlyOne, n, 2 * n);
        // Two diagonals of each length below n in each direction, one of length n.
        model.push(FamilyKind::AtMostOne, n, 2);
        for len in 1..n {
            model.push(FamilyKind::AtMostOne, len, 4);
        }
        FormulationShape {
            model,
            place_lits: 1,
        }
    }

    fn column(n: u64, domain: Domain) -> FormulationShape {
        let width = match domain {
            Domain::Direct => n,
            Domain::Order => n.saturating_sub(1),
            Domain::Log => log_bits(n),
        };
        let pairs = n * (n - 1) / 2;
        // Pairs of rows at distance d: n - d, each with 2(n - d) attacking value pairs.
        let diagonal = (n - 1) * n * (2 * n - 1) / 3;
        let mut model = ModelShape {
            vars: n * width,
            named_vars: true,
            ints: n,
            int_terms: width,
            ..ModelShape::default()
        };
        let (last, place_lits) = match domain {
            Domain::Direct => {
                model.push(FamilyKind::ExactlyOne, n, n);
                model.push(FamilyKind::AtMostOne, n, n);
                model.push(FamilyKind::Clause, 2, diagonal);
                (format!("q_{}={}", n - 1, n - 1), 1)
            }
            Domain::Order => {
                order_families(&mut model, n, pairs);
                (format!("q_{}>={}", n - 1, width), 2)
            }
            Domain::Log => {
                let excluded = (1u64 << width) - n;
                model.push(FamilyKind::Clause, width, n * excluded);
                model.push(FamilyKind::Clause, 2 * width, pairs * n + diagonal);
                (format!("q_{}_bit{}", n - 1, width.saturating_sub(1)), width)
            }
        };
        model.last_name = last;
        FormulationShape { model, place_lits }
    }
}

/// The order domain: `q_r = v` takes one literal at the ends (v = 0, n - 1) and two
/// between, so a clause forbidding two values has 2, 3 or 4 literals.
fn order_families(model: &mut ModelShape, n: u64, pairs: u64) {
    // The ladder: q_r >= i + 1 implies q_r >= i.
    model.push(FamilyKind::Clause, 2, n * n.saturating_sub(2));
    // All different: for each pair of rows and each value.
    model.push(FamilyKind::Clause, 2, 2 * pairs);
    model.push(FamilyKind::Clause, 4, pairs * n.saturating_sub(2));
    // Diagonals: rows at distance d share (v, v + d) and (v, v - d) for n - d values v;
    // the two end values make 3-literal clauses, except at d = n - 1 where one pair
    // joins both ends (2 literals).
    if n >= 2 {
        model.push(FamilyKind::Clause, 2, 2);
        let (mut threes, mut fours) = (0, 0);
        for d in 1..n - 1 {
            threes += (n - d) * 4;
            fours += (n - d) * 2 * (n - d - 2);
        }
        model.push(FamilyKind::Clause, 3, threes);
        model.push(FamilyKind::Clause, 4, fours);
    }
}

/// How much larger than the classic board's closed forms ([`FormulationShape::of`]) the
/// model of an n x n board under `rules` is, rounded up. The torus has n wrapped diagonals
/// each way instead (about 2n^3 pairwise clauses in all against 5n^3/3, x1.3 with the column
/// formulation's extra pairs); superqueens add 4n^2 knight pairs; given queens and blocked
/// squares one clause each (at most n^2).
pub fn variant_factor(rules: &Rules, n: usize) -> f64 {
    let nf = n.max(1) as f64;
    let variant = match rules.variant {
        Variant::Classic => 1.0,
        Variant::Toroidal => 1.3,
        Variant::Superqueens => 1.0 + 4.0 / nf,
    };
    variant + if rules.is_open() { 0.0 } else { 1.0 / nf }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::{cnf_size, AmoEncoding, CnfOptions, Constraint, Var};

    type Counted = Vec<(FamilyKind, u64, u64)>;

    /// (kind, length, how many) of `model`'s constraints, sorted.
    fn families_of(model: &zero_one_model::Model) -> Counted {
        let mut seen: Counted = Vec::new();
        for c in model.constraints() {
            let (kind, len) = match c {
                Constraint::Clause(l) => (FamilyKind::Clause, l.len()),
                Constraint::AtMostOne(l) => (FamilyKind::AtMostOne, l.len()),
                Constraint::ExactlyOne(l) => (FamilyKind::ExactlyOne, l.len()),
                other => panic!("unexpected constraint {other:?}"),
            };
            match seen.iter_mut().find(|f| f.0 == kind && f.1 == len as u64) {
                Some(f) => f.2 += 1,
                None => seen.push((kind, len as u64, 1)),
            }
        }
        seen.sort();
        seen
    }

    #[test]
    fn closed_forms_equal_the_built_model_for_every_formulation() {
        for kind in FormulationKind::ALL {
            for n in 1..=11 {
                let shape = FormulationShape::of(kind, n);
                let f = kind.build(n);
                let model = f.model();
                let mut mine: Counted = Vec::new();
                for fam in &shape.model.families {
                    match mine.iter_mut().find(|f| f.0 == fam.kind && f.1 == fam.len) {
                        Some(f) => f.2 += fam.count,
                        None => mine.push((fam.kind, fam.len, fam.count)),
                    }
                }
                mine.sort();
                assert_eq!(mine, families_of(model), "{kind} n = {n}");
                let shape_model = &shape.model;
                assert_eq!(shape_model.vars, model.num_vars() as u64, "{kind} n = {n}");
                assert_eq!(shape_model.ints, model.ints().len() as u64);
                let terms: usize = model.ints().iter().map(|d| d.terms.len()).sum();
                assert_eq!(shape_model.ints * shape_model.int_terms, terms as u64);
                if shape_model.vars > 0 {
                    let last = Var::new(shape_model.vars as u32 - 1);
                    assert_eq!(shape_model.last_name, model.name(last), "{kind} n = {n}");
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
                    let mine = FormulationShape::of(kind, n).model.cnf(&options);
                    assert_eq!(mine, real, "{kind} {amo} n = {n}");
                }
            }
        }
    }

    #[test]
    fn variants_and_squares_scale_the_classic_sizes_up() {
        assert_eq!(variant_factor(&Rules::classic(), 8), 1.0);
        let torus = Rules {
            variant: Variant::Toroidal,
            ..Rules::classic()
        };
        assert_eq!(variant_factor(&torus, 8), 1.3);
        let superqueens = Rules {
            variant: Variant::Superqueens,
            ..Rules::classic()
        };
        assert_eq!(variant_factor(&superqueens, 8), 1.5);
    }
}
