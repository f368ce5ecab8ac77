//! N-Queens as a client of the engine: the board's model, row-prefix cubes (the extension
//! algorithm's levels) restricted by the chosen symmetry, and each solution checked by the
//! independent queens checker and weighed by its orbit.

use crate::QueensParams;
use crate::{prefixes_for, Symmetry};
use crate::{Formulation, FormulationKind, Rules};
use count_engine::{Cube, Description, DescriptionError, Problem, Weight};
use zero_one_model::{Lit, Model};

/// Counting the solutions of one board through the engine.
pub struct QueensProblem {
    n: usize,
    kind: FormulationKind,
    rules: Rules,
    formulation: Box<dyn Formulation>,
    symmetry: Symmetry,
    depth: usize,
}

impl QueensProblem {
    /// The count of the n x n board in formulation `kind`, rows fixed per cube `depth`, under
    /// `symmetry`.
    pub fn new(n: usize, kind: FormulationKind, symmetry: Symmetry, depth: usize) -> Self {
        QueensProblem::with_rules(n, kind, &Rules::classic(), symmetry, depth)
    }

    /// [`QueensProblem::new`] for a board under `rules` (checked with [`Rules::check`], and
    /// `symmetry` with [`Symmetry::check_exact`], by the caller).
    pub fn with_rules(
        n: usize,
        kind: FormulationKind,
        rules: &Rules,
        symmetry: Symmetry,
        depth: usize,
    ) -> Self {
        QueensProblem {
            n,
            kind,
            rules: rules.clone(),
            formulation: kind.build_with(n, rules),
            symmetry,
            depth,
        }
    }

    /// The literals of a cube: its queens placed, and (with D4) the squares below it that no
    /// canonical solution uses kept empty where one literal places them (where placing takes
    /// several literals, as in the log domain, the square stays open: excluding is only
    /// pruning).
    pub fn cube_lits(&self, prefix: &[usize]) -> Vec<Lit> {
        let f = self.formulation.as_ref();
        let mut lits: Vec<Lit> = prefix
            .iter()
            .enumerate()
            .flat_map(|(r, &c)| f.place(r, c))
            .collect();
        lits.extend(
            self.symmetry
                .excluded(self.n, prefix)
                .into_iter()
                .filter_map(|(r, c)| match f.place(r, c)[..] {
                    [lit] => Some(!lit),
                    _ => None,
                }),
        );
        lits
    }
}

impl Problem for QueensProblem {
    fn model(&self, _part: usize) -> &Model {
        self.formulation.model()
    }

    fn cubes(&self) -> Vec<Cube> {
        prefixes_for(self.n, self.depth, &self.rules)
            .into_iter()
            .filter(|p| self.symmetry.keeps(self.n, p))
            .map(|p| Cube {
                part: 0,
                lits: self.cube_lits(&p),
            })
            .collect()
    }

    fn weigh(
        &self,
        _cube: &Cube,
        assignment: &[bool],
    ) -> Result<Weight, count_engine::RejectedSolution> {
        let board = self.formulation.decode(assignment)?;
        if board.n() != self.n {
            return Err(format!("decoded a board of size {}", board.n()).into());
        }
        if let Some(v) = crate::first_violation(&self.rules, board.columns()) {
            return Err(v.to_string().into());
        }
        let (total, fundamental) = self.symmetry.weigh(board.columns());
        Ok(Weight {
            total,
            orbits: fundamental,
        })
    }

    fn orbit_weights(&self) -> bool {
        matches!(self.symmetry, Symmetry::D4 | Symmetry::Shift)
    }

    fn max_weight(&self) -> u64 {
        match self.symmetry {
            Symmetry::None => 1,
            Symmetry::Mirror => 2,
            Symmetry::D4 => 8,
            Symmetry::Shift => self.n as u64,
        }
    }

    /// A cube places its first `depth` rows; the other rows of a solution hold a permutation
    /// of the other columns, so a cube holds at most `(n - depth)!` solutions.
    fn cube_capacity(&self, _cube: &Cube) -> Option<u64> {
        let open = self.n - self.depth.min(self.n);
        Some(
            (1..=open as u64)
                .try_fold(1u64, |f, k| f.checked_mul(k))
                .unwrap_or(u64::MAX),
        )
    }

    fn describe(&self) -> Result<Description, DescriptionError> {
        Description::new(&QueensParams {
            n: self.n,
            formulation: self.kind,
            cube_depth: self.depth,
            symmetry: self.symmetry,
            rules: self.rules.clone(),
        })
    }
}
