//! Counting the (independent) dominating sets of at most k queens through the engine.

use crate::DominationParams;
use crate::{orbit, Domination, DominationModel};
use count_engine::{split, Cube, Depth, Description, DescriptionError, Problem};
use count_engine::{RejectedSolution, Weight};
use nqueens_board::d4::Element;
use nqueens_board::Square;
use nqueens_queens::Symmetry;
use zero_one_model::{Constraint, Model};

/// The sets of at most `k` queens that dominate the n x n board (under [`Domination`]'s
/// rules), as the engine counts them. With `d4`, lex-leader constraints for the 7
/// non-identity symmetries of the square (Crawford, Ginsberg, Luks and Roy, KR 1996; built
/// by `cnf_symmetry::lex`) leave one set per orbit, the smallest when the squares are read
/// row by row, and each set found weighs its orbit size: the count is still every set, and the
/// orbits are counted too.
pub struct DominationProblem {
    n: usize,
    k: usize,
    domination: Domination,
    d4: bool,
    model: Model,
    cubes: Vec<Cube>,
    depth: Depth,
}

impl DominationProblem {
    /// The count of dominating sets of at most `k` queens on the n x n board, the model split
    /// into cubes as `depth` says, by orbits when `d4`.
    pub fn new(
        n: usize,
        domination: Domination,
        k: usize,
        d4: bool,
        depth: Depth,
    ) -> DominationProblem {
        let mut model = DominationModel::new(n, domination, Some(k)).model().clone();
        if d4 {
            add_lex_leaders(&mut model, n);
        }
        let cubes = split(&model, depth)
            .into_iter()
            .map(|lits| Cube { part: 0, lits })
            .collect();
        DominationProblem {
            n,
            k,
            domination,
            d4,
            model,
            cubes,
            depth,
        }
    }

    /// The model as searched (with the lex-leader constraints under D4).
    pub fn model(&self) -> &Model {
        &self.model
    }
}

/// Adds `s ≤ g(s)` for the 7 non-identity symmetries g of the square, over the n² square
/// variables (row-major, the first n² of `model`), with the chain variables appended.
pub(crate) fn add_lex_leaders(model: &mut Model, n: usize) {
    let squares = n * n;
    let order: Vec<u32> = (0..squares as u32).collect();
    let all: Vec<Square> = (0..squares).map(|i| Square::new(i / n, i % n)).collect();
    let mut next = model.num_vars() as u32;
    let mut clauses = Vec::new();
    for g in &Element::ALL[1..] {
        // The literal permutation of g: square s to its image, identity elsewhere.
        let mut perm: Vec<u32> = (0..2 * model.num_vars() as u32).collect();
        for (i, &s) in all.iter().enumerate() {
            let image = g.apply(n, s);
            let j = (image.row * n + image.col) as u32;
            perm[2 * i] = 2 * j;
            perm[2 * i + 1] = 2 * j + 1;
        }
        clauses.extend(cnf_symmetry::lex::lex_leader(&perm, &order, &mut next));
    }
    model.new_vars(next as usize - model.num_vars());
    for c in clauses {
        model.add(Constraint::Clause(c));
    }
}

impl Problem for DominationProblem {
    fn model(&self, _part: usize) -> &Model {
        &self.model
    }

    fn cubes(&self) -> Vec<Cube> {
        self.cubes.clone()
    }

    fn weigh(&self, _cube: &Cube, assignment: &[bool]) -> Result<Weight, RejectedSolution> {
        let n = self.n;
        let queens: Vec<Square> = (0..n * n)
            .filter(|&i| assignment[i])
            .map(|i| Square::new(i / n, i % n))
            .collect();
        if let Some(fault) = self.domination.first_fault(n, &queens, Some(self.k)) {
            return Err(Box::new(fault));
        }
        if !self.d4 {
            return Ok(Weight::ONE);
        }
        let o = orbit(n, &queens);
        Ok(if o.canonical {
            Weight {
                total: o.size,
                orbits: 1,
            }
        } else {
            Weight::default()
        })
    }

    fn orbit_weights(&self) -> bool {
        self.d4
    }

    fn max_weight(&self) -> u64 {
        if self.d4 {
            8
        } else {
            1
        }
    }

    fn describe(&self) -> Result<Description, DescriptionError> {
        Description::new(&DominationParams {
            variant: self.domination,
            n: self.n,
            k: self.k,
            symmetry: if self.d4 {
                Symmetry::D4
            } else {
                Symmetry::None
            },
            depth: self.depth,
        })
    }
}
