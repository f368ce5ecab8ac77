//! What a problem tells the engine: its model (or independent parts of it), the cubes its
//! solution space splits into, and what each checked solution counts for. The engine knows
//! nothing else about it.

use crate::{Description, DescriptionError};
use zero_one_model::{Lit, Model};

/// One piece of a count: the literals fixed while the backend enumerates it. A problem's
/// cubes are disjoint (no counted solution satisfies two of them) and together cover every
/// solution that counts; the engine checks that every solution it is given satisfies its cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cube {
    /// Which part of the problem (see [`Problem::parts`]) the cube belongs to.
    pub part: usize,
    /// Literals over that part's model variables that hold in every solution of the cube.
    pub lits: Vec<Lit>,
}

/// What one validated solution adds to the count.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Weight {
    /// Solutions it stands for (its orbit size under a symmetry, 1 without one; 0 for a
    /// solution the search restriction let through but another one represents).
    pub total: u64,
    /// Orbits it stands for: 1 for a canonical representative, else 0.
    pub orbits: u64,
}

impl Weight {
    /// One solution, standing for itself.
    pub const ONE: Weight = Weight {
        total: 1,
        orbits: 1,
    };
}

/// Why [`Problem::weigh`] refused a solution: any error of the problem's own (a decoding
/// error, a broken rule), kept as a source rather than flattened to text.
pub type RejectedSolution = Box<dyn std::error::Error + Send + Sync>;

/// A counting problem, as the engine sees it.
///
/// The count is `2^free_vars() * product over parts of (sum of the weights of the part's
/// solutions)`: parts are independent (they share no variable), so their counts multiply.
/// Most problems have one part.
///
/// ```
/// use zero_one_model::{Constraint, Model};
/// use count_engine::{Cube, Description, DescriptionError, Problem, RejectedSolution, Weight};
///
/// /// Pairs (a, b) with a or b: three of them.
/// struct OrPair(Model);
///
/// impl Problem for OrPair {
///     fn model(&self, _part: usize) -> &Model { &self.0 }
///     fn cubes(&self) -> Vec<Cube> { vec![Cube { part: 0, lits: vec![] }] }
///     fn weigh(&self, _: &Cube, _: &[bool]) -> Result<Weight, RejectedSolution> { Ok(Weight::ONE) }
///     fn describe(&self) -> Result<Description, DescriptionError> {
///         Ok(Description::named("or-pair"))
///     }
/// }
///
/// let mut m = Model::new();
/// let v = m.new_vars(2);
/// m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
/// let backend = varisat_enum::VarisatBackend::default();
/// let outcome = count_engine::run(&OrPair(m), &backend, &Default::default()).unwrap();
/// assert_eq!(outcome.count.to_string(), "3");
/// ```
pub trait Problem: Sync {
    /// Independent parts, each with its own model (default: one).
    fn parts(&self) -> usize {
        1
    }

    /// The model of part `part` (every part below [`Problem::parts`]).
    fn model(&self, part: usize) -> &Model;

    /// The cubes, in a fixed order (checkpoints and shards refer to them by index).
    fn cubes(&self) -> Vec<Cube>;

    /// Checks one solution of `cube` beyond what the engine checks (every constraint of the
    /// model, every literal of the cube, no repeat on the projection) and says what it counts
    /// for.
    ///
    /// # Errors
    /// Why the solution is not acceptable (any error type of the problem's own); the count
    /// stops and reports it as [`crate::EngineError::InvalidSolution`].
    fn weigh(&self, cube: &Cube, assignment: &[bool]) -> Result<Weight, RejectedSolution>;

    /// What identifies this count: two runs with equal descriptions (and equal backend and
    /// cube list) count the same cubes the same way, so their checkpoints and shards mix.
    /// A problem with parameters describes itself by them ([`Description::new`] of its own
    /// [`crate::ProblemParams`]), so that readers of its keys get them back typed.
    ///
    /// # Errors
    /// When the parameters do not make a description ([`Description::new`]); the count
    /// stops before it starts, as [`crate::EngineError::Description`].
    fn describe(&self) -> Result<Description, DescriptionError>;

    /// Projection variables that occur in no constraint: each doubles the count, and adds no
    /// orbit ([`crate::combine_orbits`]): a problem counted by orbits takes every
    /// permutation and flip of them as symmetries.
    fn free_vars(&self) -> u64 {
        0
    }

    /// The largest [`Weight::total`] any one solution can have (its largest orbit). Checkpoint
    /// and shard files are checked against it: a cube whose total exceeds its solutions times
    /// this bound was not counted by this problem. The default, `u64::MAX`, checks nothing.
    fn max_weight(&self) -> u64 {
        u64::MAX
    }

    /// Whether the engine may count a cube through the independent pieces its residual
    /// formula falls into once unit propagation has fixed the cube (see the engine's
    /// `residual` module): the count of such a cube is a product, its solutions are not all
    /// enumerated, and [`Problem::weigh`] is not asked about them. Only for problems whose
    /// every solution weighs [`Weight::ONE`] (default: no).
    fn cube_components(&self) -> bool {
        false
    }

    /// Whether every solution weighs as an orbit: either a canonical representative
    /// (`orbits` 1, `total` its orbit size, from 1 to [`Problem::max_weight`]) or nothing
    /// (both 0). Checkpoint and shard files of such a count are then held to it: a cube's
    /// orbits lie between its total divided by the largest orbit and its total (default: no,
    /// and nothing is checked).
    fn orbit_weights(&self) -> bool {
        false
    }

    /// The most solutions `cube` can hold, when the problem knows a bound tighter than the
    /// engine's own (2 to the number of projection variables the cube leaves open, which the
    /// engine uses for `None`). Checkpoint and shard files claiming more are refused.
    fn cube_capacity(&self, _cube: &Cube) -> Option<u64> {
        None
    }
}
