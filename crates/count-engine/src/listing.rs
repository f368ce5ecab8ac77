//! What an enumeration lists for each cube, as formulas a model counter can count: before
//! (or while) listing, a caller can tell how many models are left to list, and so whether
//! listing can finish at all. A cube is listed through the pieces its residual formula falls
//! into ([`crate::residual`]), each piece on its own, or whole.

use crate::residual::{Decomposer, Residual};
use crate::{Cube, Problem};
use std::sync::Arc;
use zero_one_model::{Clauses, CnfOptions, Lit};

/// The formulas enumeration lists for the cubes of one problem, cube by cube
/// ([`Listing::formulas`]).
///
/// ```
/// use count_engine::{Depth, Listing, ModelProblem, Problem};
/// use zero_one_model::{Constraint, Model};
///
/// // x1 ∨ x2 ∨ x3 ∨ x4, split into the cubes x1, ¬x1 ∧ x2, ¬x1 ∧ ¬x2 ∧ x3 and
/// // ¬x1 ∧ ¬x2 ∧ ¬x3 ∧ x4: the first three leave their other variables free (counted,
/// // not listed), the last one is listed whole (one model).
/// let mut m = Model::new();
/// let v = m.new_vars(4);
/// m.add(Constraint::Clause(v.iter().map(|x| x.positive()).collect()));
/// let problem = ModelProblem::new(&m, Depth::Levels(1), "or").unwrap();
/// let mut listing = Listing::new(&problem);
/// let per_cube: Vec<usize> = problem
///     .cubes()
///     .iter()
///     .map(|c| listing.formulas(c).unwrap().len())
///     .collect();
/// assert_eq!(per_cube, [0, 0, 0, 1]);
/// ```
pub struct Listing<'p> {
    problem: &'p dyn Problem,
    /// Each part's lowering, with a decomposer over it when the problem counts cubes in
    /// pieces (`None`: the part cannot be lowered for propagation or counting).
    parts: Vec<Option<Part>>,
}

/// One part, lowered.
struct Part {
    clauses: Arc<Clauses>,
    decomposer: Option<Decomposer>,
}

impl<'p> Listing<'p> {
    /// The listing of `problem`'s cubes. Each part is lowered here, once.
    pub fn new(problem: &'p dyn Problem) -> Listing<'p> {
        let parts = (0..problem.parts())
            .map(|p| {
                let model = problem.model(p);
                let never = zero_one_model::StopFlag::new();
                let clauses = crate::split::lookahead_clauses(model, &never)
                    .ok()
                    .flatten()?;
                let decomposer = problem
                    .cube_components()
                    .then(|| Decomposer::new(Arc::clone(&clauses), model));
                Some(Part {
                    clauses,
                    decomposer,
                })
            })
            .collect();
        Listing { problem, parts }
    }

    /// The formulas whose models enumeration lists for `cube`, each projected onto what is
    /// listed: the pieces of its residual formula (none when unit propagation refutes the
    /// cube; the projection variables left in no clause are counted, not listed), or the
    /// cube whole (its part's formula with the cube's literals as units). `None` when the
    /// cube's part cannot be lowered to clauses.
    ///
    /// Pieces are looked for in every cube, where a run's thread stops looking after a run of
    /// cubes that do not fall apart: a cube listed whole lists the product of its pieces'
    /// counts, never fewer models than the pieces' sum less one per piece after the first,
    /// so the models of these formulas bound what a run lists from below.
    pub fn formulas(&mut self, cube: &Cube) -> Option<Vec<Clauses>> {
        let model = self.problem.model(cube.part);
        let part = self.parts.get_mut(cube.part)?.as_mut()?;
        if let Some(d) = &mut part.decomposer {
            match d.residual(&cube.lits) {
                Residual::Conflict => return Some(Vec::new()),
                Residual::Split { parts, .. } => {
                    let lowered = parts
                        .iter()
                        .map(|piece| Clauses::lower(&piece.model, &CnfOptions::default()))
                        .collect::<Result<_, _>>();
                    return lowered.ok();
                }
                Residual::Whole => {}
            }
        }
        let units = cube.lits.iter().map(std::slice::from_ref::<Lit>);
        let whole =
            Clauses::from_clauses(part.clauses.num_vars(), part.clauses.iter().chain(units));
        Some(vec![whole.with_projection(model.shown())])
    }
}
