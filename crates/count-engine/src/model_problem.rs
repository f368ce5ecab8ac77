//! Counting the projected models of any model: the plain client of the engine. The model is
//! taken apart into independent parts ([`crate::decompose`]), each part is split into cubes
//! ([`crate::split`]), and every solution weighs 1.

use crate::split::split_until;
use crate::stable_hash::StableHash;
use crate::{decompose, split, Cube, Depth, EngineError, Problem, Weight};
use crate::{Description, DescriptionError, ProblemParams};
use serde::{Deserialize, Serialize};
use zero_one_model::{Cmp, Constraint, Lit};
use zero_one_model::{Model, StopFlag};

/// The projected models of a model, counted exactly.
pub struct ModelProblem {
    parts: Vec<Model>,
    cubes: Vec<Cube>,
    free_vars: u64,
    description: Description,
    components: bool,
}

/// What identifies a [`ModelProblem`]'s count in checkpoint and shard keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ModelParams {
    /// What the caller said the count is of (a file name, say).
    pub about: String,
    /// The model's [`fingerprint`].
    pub model: String,
    /// How far it was split.
    pub depth: Depth,
    /// Whether it was counted whole, in its own numbering ([`ModelProblem::whole`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub whole: bool,
}

impl ProblemParams for ModelParams {
    const PROBLEM: &'static str = "model";
}

/// The description of `model`'s count, split as `depth` says.
fn describe(
    about: &str,
    model: &Model,
    depth: Depth,
    whole: bool,
) -> Result<Description, DescriptionError> {
    Description::new(&ModelParams {
        about: about.to_string(),
        model: fingerprint(model),
        depth,
        whole,
    })
}

/// A fingerprint of everything that decides a model's count: its variables, every
/// constraint whole (kind, literals, coefficients, comparison and bound), its integers, its
/// projection and its declared shown weight, so that a checkpoint or shard of another model
/// (one bound changed, say) is refused (for [`Problem::describe`]). The hash is stable
/// (FNV-1a), so that a checkpoint written by one build resumes in another.
pub fn fingerprint(model: &Model) -> String {
    let mut h = StableHash::new();
    h.u64(model.num_vars() as u64);
    let lits = |h: &mut StableHash, lits: &[Lit]| {
        h.u64(lits.len() as u64);
        for l in lits {
            h.u64(l.code() as u64);
        }
    };
    let cmp = |c: Cmp| match c {
        Cmp::AtMost => "<=",
        Cmp::AtLeast => ">=",
        Cmp::Exactly => "=",
    };
    for c in model.constraints() {
        h.str(c.kind());
        match c {
            Constraint::Clause(ls) | Constraint::AtMostOne(ls) | Constraint::ExactlyOne(ls) => {
                lits(&mut h, ls)
            }
            Constraint::Cardinality {
                lits: ls,
                cmp: c,
                k,
            } => {
                lits(&mut h, ls);
                h.str(cmp(*c)).u64(u64::from(*k));
            }
            Constraint::Linear { terms, cmp: c, rhs } => {
                h.u64(terms.len() as u64);
                for (a, l) in terms {
                    h.i64(*a).u64(l.code() as u64);
                }
                h.str(cmp(*c)).i64(*rhs);
            }
        }
    }
    for int in model.ints() {
        h.str("int").str(&int.name).i64(int.lo).i64(int.hi);
        h.u64(int.terms.len() as u64);
        for (a, v) in &int.terms {
            h.i64(*a).u64(v.index() as u64);
        }
    }
    let shown = model.shown();
    h.str("shown").u64(shown.len() as u64);
    for v in shown {
        h.u64(v.index() as u64);
    }
    h.str("shown weight")
        .u64(model.shown_weight().map_or(u64::MAX, |w| w as u64));
    format!("{:016x}", h.finish())
}

impl ModelProblem {
    /// Prepares the count of `model`'s projected models, split as `depth` says. `about`
    /// describes the count for checkpoint and shard keys (a file name, say); the model's
    /// fingerprint and the depth are added to it.
    ///
    /// A model the look-ahead cannot lower (even with the adder) is one cube, and the backend
    /// decides.
    ///
    /// # Errors
    /// [`EngineError::Description`] when the count's key cannot be described.
    pub fn new(model: &Model, depth: Depth, about: &str) -> Result<ModelProblem, EngineError> {
        ModelProblem::new_until(model, depth, about, &StopFlag::new())
    }

    /// [`ModelProblem::new`], given up once `stop` is raised (from any thread) while a part
    /// is lowered for the look-ahead: a long pseudo-Boolean lowering hears a Ctrl-C.
    ///
    /// # Errors
    /// [`EngineError::Description`] when the count's key cannot be described;
    /// [`EngineError::Lower`], an error that [`is_stopped`](zero_one_model::LowerError::is_stopped),
    /// when `stop` was raised.
    pub fn new_until(
        model: &Model,
        depth: Depth,
        about: &str,
        stop: &StopFlag,
    ) -> Result<ModelProblem, EngineError> {
        let d = decompose(model);
        let mut cubes = Vec::new();
        for (part, m) in d.parts.iter().enumerate() {
            let lits = split_until(m, depth, stop)?;
            cubes.extend(lits.into_iter().map(|lits| Cube { part, lits }));
        }
        let description = describe(about, model, depth, false)?;
        Ok(ModelProblem {
            parts: d.parts,
            cubes,
            free_vars: d.free_vars,
            description,
            components: model.ints().is_empty(),
        })
    }

    /// Prepares the count of `model`'s projected models as one part in the model's own
    /// numbering: no independent parts, no free-variable factor (an unconstrained projection
    /// variable is enumerated), so that every counted solution is a whole assignment of
    /// `model` and every cube is over its variables. Slower than [`ModelProblem::new`] where
    /// the model falls apart; meant for listing or certifying the solutions.
    ///
    /// A model the look-ahead cannot lower (even with the adder) is one cube, and the backend
    /// decides.
    ///
    /// # Errors
    /// [`EngineError::Description`] when the count's key cannot be described.
    pub fn whole(model: &Model, depth: Depth, about: &str) -> Result<ModelProblem, EngineError> {
        let lits = split(model, depth);
        let cubes = lits
            .into_iter()
            .map(|lits| Cube { part: 0, lits })
            .collect();
        let description = describe(about, model, depth, true)?;
        Ok(ModelProblem {
            parts: vec![model.clone()],
            cubes,
            free_vars: 0,
            description,
            components: false,
        })
    }

    /// The number of independent parts.
    pub fn num_parts(&self) -> usize {
        self.parts.len()
    }
}

impl Problem for ModelProblem {
    fn parts(&self) -> usize {
        self.parts.len()
    }

    fn model(&self, part: usize) -> &Model {
        &self.parts[part]
    }

    fn cubes(&self) -> Vec<Cube> {
        self.cubes.clone()
    }

    fn weigh(&self, _cube: &Cube, _assignment: &[bool]) -> Result<Weight, crate::RejectedSolution> {
        Ok(Weight::ONE)
    }

    fn describe(&self) -> Result<Description, DescriptionError> {
        Ok(self.description.clone())
    }

    fn free_vars(&self) -> u64 {
        self.free_vars
    }

    fn max_weight(&self) -> u64 {
        1
    }

    fn cube_components(&self) -> bool {
        self.components
    }
}

#[cfg(test)]
mod tests {
    use super::fingerprint;
    use zero_one_model::{Cmp, Constraint, Model};

    /// Six variables under one constraint built by `make`.
    fn model(make: impl Fn(Vec<zero_one_model::Lit>) -> Constraint) -> Model {
        let mut m = Model::new();
        let lits: Vec<_> = (0..6)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        m.add(make(lits));
        m
    }

    #[test]
    fn a_changed_bound_coefficient_or_comparison_changes_the_fingerprint() {
        let card = |cmp, k| model(move |lits| Constraint::Cardinality { lits, cmp, k });
        let linear = |a: i64, rhs| {
            model(move |lits| Constraint::Linear {
                terms: lits.iter().map(|&l| (a, l)).collect(),
                cmp: Cmp::AtMost,
                rhs,
            })
        };
        let prints = [
            fingerprint(&card(Cmp::AtMost, 2)),
            fingerprint(&card(Cmp::AtMost, 3)),
            fingerprint(&card(Cmp::AtLeast, 2)),
            fingerprint(&linear(2, 4)),
            fingerprint(&linear(2, 5)),
            fingerprint(&linear(3, 4)),
        ];
        for (i, a) in prints.iter().enumerate() {
            for b in &prints[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(prints[0], fingerprint(&card(Cmp::AtMost, 2)));
    }

    #[test]
    fn the_fingerprint_is_stable_across_builds() {
        // FNV-1a of a fixed byte sequence: if this changes, checkpoints written by earlier
        // builds no longer resume (bump the checkpoint format instead of this value).
        let m = model(Constraint::Clause);
        assert_eq!(fingerprint(&m), "9a203a659c9f02c6");
    }
}
