//! A model counted rather than built: how many variables, and how many constraints of each
//! kind and length ([`ModelShape`]). From it, the size of its CNF lowering
//! ([`ModelShape::cnf`], from the encodings' own size formulas) and of the files and memory
//! the writers would need ([`bytes`]), so that a problem whose model has closed-form sizes
//! can refuse a request too large for the machine before allocating anything.

pub mod bytes;

use crate::{CnfInfo, CnfOptions};

/// The most variables a model may have: [`crate::Lit`] numbers them in 31 bits.
pub const MAX_VARS: u64 = crate::dimacs::MAX_VARS as u64;

/// The kinds of constraint a [`ModelShape`] counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum FamilyKind {
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
    pub kind: FamilyKind,
    /// Literals in each.
    pub len: u64,
    /// How many there are.
    pub count: u64,
}

/// A model's shape: its sizes without the model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModelShape {
    /// Model variables.
    pub vars: u64,
    /// Whether each variable carries its own name string (rather than being named on
    /// demand): it costs memory.
    pub named_vars: bool,
    /// The name of the last variable: as long as any (ILP files write one per term).
    pub last_name: String,
    /// The constraints, family by family.
    pub families: Vec<Family>,
    /// Integers defined over the variables.
    pub ints: u64,
    /// Terms in each integer's definition.
    pub int_terms: u64,
}

impl ModelShape {
    /// Adds `count` constraints of `kind` over `len` literals each (nothing when `count` is
    /// 0).
    pub fn push(&mut self, kind: FamilyKind, len: u64, count: u64) {
        if count > 0 {
            self.families.push(Family { kind, len, count });
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

    /// What [`lower_to_cnf`](crate::lower_to_cnf) with `options` would write for the model,
    /// as [`cnf_size`](crate::cnf_size) counts it, from the encodings' size formulas.
    pub fn cnf(&self, options: &CnfOptions) -> CnfInfo {
        let mut total = CnfInfo {
            model_vars: self.vars as usize,
            ..CnfInfo::default()
        };
        for f in &self.families {
            let (clauses, literals, aux) = match f.kind {
                FamilyKind::Clause => (1, f.len, 0),
                FamilyKind::AtMostOne => options.amo.size(f.len as usize),
                FamilyKind::ExactlyOne => options.amo.exactly_one_size(f.len as usize),
            };
            total.clauses += clauses * f.count;
            total.literals += literals * f.count;
            total.aux_vars += aux * f.count as usize;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cnf_size, AmoEncoding, Constraint, Model};

    #[test]
    fn the_lowering_counted_from_the_shape_equals_cnf_size() {
        // Two exactly-ones of 5, an at-most-one of 7 and a clause of 3.
        let mut model = Model::new();
        let v: Vec<_> = model.new_vars(20).iter().map(|v| v.positive()).collect();
        model.add(Constraint::ExactlyOne(v[0..5].to_vec()));
        model.add(Constraint::ExactlyOne(v[5..10].to_vec()));
        model.add(Constraint::AtMostOne(v[10..17].to_vec()));
        model.add(Constraint::Clause(v[17..20].to_vec()));
        let mut shape = ModelShape {
            vars: 20,
            ..ModelShape::default()
        };
        shape.push(FamilyKind::ExactlyOne, 5, 2);
        shape.push(FamilyKind::AtMostOne, 7, 1);
        shape.push(FamilyKind::Clause, 3, 1);
        shape.push(FamilyKind::Clause, 9, 0);
        assert_eq!(shape.families.len(), 3);
        assert_eq!((shape.constraints(), shape.constraint_lits()), (4, 20));
        for amo in AmoEncoding::ALL {
            let options = CnfOptions::with_amo(amo);
            assert_eq!(
                shape.cnf(&options),
                cnf_size(&model, &options).unwrap(),
                "{amo}"
            );
        }
    }
}
