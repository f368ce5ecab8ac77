//! The report of merged shards of a count of any model: what the CLI prints, as JSON
//! ([`serde::Serialize`]) or as one line ([`MergeReport::text`]).

use crate::{combine_orbits, MergeError, Merged, RunKey};
use num_bigint::BigUint;
use serde::Serialize;
use zero_one_model::plural;

/// Merged shards of a count of any model. In JSON, `count` and `orbits` are exact integers
/// of any size; `orbits` appears only for a count by orbits.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MergeReport {
    /// The count.
    #[serde(serialize_with = "crate::exact_json::exact")]
    pub count: BigUint,
    /// For a count by orbits (a symmetry's): the orbits, the product of the parts' orbits
    /// (the free variables are one orbit), as the unsharded count computes them.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::exact_json::exact_or_null"
    )]
    pub orbits: Option<BigUint>,
    /// Solutions found and checked over all shards.
    pub models_checked: u64,
    /// Shards merged.
    pub shards: usize,
    /// Cubes of the count.
    pub cubes: usize,
    /// The count the shards ran.
    pub key: RunKey,
    /// Sum of the shards' wall times.
    pub elapsed_s: f64,
}

impl MergeReport {
    /// The report of `merged`, with its orbits when the count was by orbits.
    ///
    /// # Errors
    /// [`MergeError::FoundOverflow`] when the solutions found pass 64 bits.
    pub fn new(merged: &Merged, by_orbits: bool) -> Result<MergeReport, MergeError> {
        let models_checked = merged
            .parts
            .iter()
            .try_fold(0u64, |sum, p| sum.checked_add(p.found))
            .ok_or(MergeError::FoundOverflow)?;
        Ok(MergeReport {
            count: merged.count.clone(),
            orbits: by_orbits.then(|| combine_orbits(&merged.parts)),
            models_checked,
            shards: merged.shards,
            cubes: merged.key.cubes,
            key: merged.key.clone(),
            elapsed_s: merged.elapsed_s,
        })
    }

    /// The report as one line of text.
    pub fn text(&self) -> String {
        let orbits = self
            .orbits
            .as_ref()
            .map_or(String::new(), |o| format!(" ({})", plural(o, "orbit")));
        format!(
            "{}{orbits}   merged {}, {}   ({})",
            plural(&self.count, "model"),
            plural(self.shards, "shard"),
            plural(self.cubes, "cube"),
            self.key
        )
    }
}
