//! Where lowered clauses go, and where auxiliary variables come from. Encoders write into a
//! [`ClauseSink`] and take a [`VarAlloc`] by `&mut`, so the same lowering feeds a solver, a
//! file writer or a counter without building a clause list.

use crate::{Lit, Var};

/// Receives clauses one at a time.
pub trait ClauseSink {
    /// Takes one clause. The slice is only borrowed for the call.
    fn add_clause(&mut self, lits: &[Lit]);
}

/// Hands out fresh auxiliary variables, numbered after the model's own.
#[derive(Clone, Debug)]
pub struct VarAlloc {
    next: u32,
}

impl VarAlloc {
    /// An allocator whose first fresh variable is `first`.
    pub fn starting_at(first: usize) -> VarAlloc {
        VarAlloc { next: first as u32 }
    }

    /// A fresh variable.
    pub fn fresh(&mut self) -> Var {
        let v = Var::new(self.next);
        self.next += 1;
        v
    }

    /// Number of variables in use (model and auxiliary).
    pub fn num_vars(&self) -> usize {
        self.next as usize
    }
}

/// A sink that only counts clauses and literals.
#[derive(Clone, Debug, Default)]
pub struct CountingSink {
    /// Clauses seen.
    pub clauses: u64,
    /// Literal occurrences seen.
    pub literals: u64,
}

impl ClauseSink for CountingSink {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clauses += 1;
        self.literals += lits.len() as u64;
    }
}

/// A sink that keeps every clause, for tests and small formulas.
#[derive(Clone, Debug, Default)]
pub struct VecSink {
    /// The clauses, in order.
    pub clauses: Vec<Vec<Lit>>,
}

impl ClauseSink for VecSink {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clauses.push(lits.to_vec());
    }
}
