//! Counting the projected models of any model: the plain client of the engine. The model is
//! taken apart into independent parts ([`crate::decompose`]), each part is split into cubes
//! ([`crate::split`]), and every solution weighs 1.

use crate::{decompose, split, Cube, Depth, EngineError, Problem, Weight};
use nqueens_encode::Model;
use std::hash::{Hash, Hasher};

/// The projected models of a model, counted exactly.
pub struct ModelProblem {
    parts: Vec<Model>,
    cubes: Vec<Cube>,
    free_vars: u64,
    description: serde_json::Value,
    components: bool,
}

/// A fingerprint of a model's constraints and projection, so that a checkpoint or shard of
/// another model is refused (for [`Problem::describe`]).
pub fn fingerprint(model: &Model) -> String {
    let mut h = std::hash::DefaultHasher::new();
    model.num_vars().hash(&mut h);
    for c in model.constraints() {
        c.kind().hash(&mut h);
        for l in c.lits() {
            l.code().hash(&mut h);
        }
    }
    for v in model.shown() {
        v.index().hash(&mut h);
    }
    format!("{:016x}", h.finish())
}

impl ModelProblem {
    /// Prepares the count of `model`'s projected models, split as `depth` says. `about`
    /// describes the count for checkpoint and shard keys (a file name, say); the model's
    /// fingerprint and the depth are added to it.
    ///
    /// # Errors
    /// [`EngineError::Config`] when the model cannot be lowered for splitting.
    pub fn new(model: &Model, depth: Depth, about: &str) -> Result<ModelProblem, EngineError> {
        let d = decompose(model);
        let mut cubes = Vec::new();
        for (part, m) in d.parts.iter().enumerate() {
            let lits = split(m, depth).map_err(|e| EngineError::Config(e.to_string()))?;
            cubes.extend(lits.into_iter().map(|lits| Cube { part, lits }));
        }
        let description = serde_json::json!({
            "problem": "model",
            "about": about,
            "model": fingerprint(model),
            "depth": format!("{depth:?}"),
        });
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
    /// # Errors
    /// [`EngineError::Config`] when the model cannot be lowered for splitting.
    pub fn whole(model: &Model, depth: Depth, about: &str) -> Result<ModelProblem, EngineError> {
        let lits = split(model, depth).map_err(|e| EngineError::Config(e.to_string()))?;
        let cubes = lits
            .into_iter()
            .map(|lits| Cube { part: 0, lits })
            .collect();
        let description = serde_json::json!({
            "problem": "model",
            "about": about,
            "model": fingerprint(model),
            "depth": format!("{depth:?}"),
            "whole": true,
        });
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

    fn describe(&self) -> serde_json::Value {
        self.description.clone()
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
