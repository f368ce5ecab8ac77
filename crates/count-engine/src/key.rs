//! What identifies a count, so that checkpoints and shards of different counts never mix.

use crate::Description;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything that decides which cubes a count has and what each one counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunKey {
    /// The problem's own description ([`crate::Problem::describe`]).
    pub problem: Description,
    /// Backend.
    pub backend: String,
    /// Encoding used by the backend.
    pub encoding: String,
    /// Number of cubes.
    pub cubes: usize,
    /// Cubes of each part, in order (the cube list is sorted by part).
    pub part_cubes: Vec<usize>,
    /// Projection variables in no constraint (each doubles the count).
    pub free_vars: u64,
    /// The most one solution stands for ([`crate::Problem::max_weight`]).
    #[serde(default = "unbounded")]
    pub max_weight: u64,
    /// The most solutions any one cube can hold ([`crate::Problem::cube_capacity`]).
    #[serde(default = "unbounded")]
    pub cube_capacity: u64,
    /// A stable hash (FNV-1a) of every cube's part and literals, in order: checkpoints and
    /// shards refer to cubes by index, so two runs mix only when they number the same cubes
    /// alike (a different build's splitter would not).
    #[serde(default)]
    pub cubes_hash: String,
    /// Whether cubes may be counted through their residual pieces
    /// ([`crate::Problem::cube_components`]): a cube's total is then a product, bounded by
    /// the cube's capacity rather than by its solutions found.
    #[serde(default)]
    pub components: bool,
    /// Whether every solution weighs as an orbit ([`crate::Problem::orbit_weights`]): a
    /// cube's orbits are then at most its total and at least its total over
    /// [`RunKey::max_weight`].
    #[serde(default)]
    pub orbit_weights: bool,
}

/// The hash of a cube list for [`RunKey::cubes_hash`].
pub fn cubes_hash(cubes: &[crate::Cube]) -> String {
    use crate::stable_hash::{fnv1a, FNV_OFFSET};
    let mut h = FNV_OFFSET;
    for c in cubes {
        h = fnv1a(h, &(c.part as u64).to_le_bytes());
        for l in &c.lits {
            h = fnv1a(h, &(l.code() as u64).to_le_bytes());
        }
        h = fnv1a(h, &u64::MAX.to_le_bytes());
    }
    format!("{h:016x}")
}

/// What a key written before the bounds existed bounds: nothing.
fn unbounded() -> u64 {
    u64::MAX
}

impl RunKey {
    /// The part that cube `index` belongs to. Linear in the parts: to look up many cubes,
    /// make a [`PartIndex`] once.
    pub fn part_of(&self, index: usize) -> Option<usize> {
        self.part_index().part_of(index)
    }

    /// The parts' cube ranges, for looking up the part of many cubes.
    pub fn part_index(&self) -> PartIndex {
        let mut end = 0usize;
        PartIndex {
            ends: self
                .part_cubes
                .iter()
                .map(|&n| {
                    end = end.saturating_add(n);
                    end
                })
                .collect(),
        }
    }
}

/// Where each part's cubes end ([`RunKey::part_index`]): the part of a cube by binary
/// search, so that a count of 100,000 parts does not look through them once per cube.
#[derive(Clone, Debug)]
pub struct PartIndex {
    ends: Vec<usize>,
}

impl PartIndex {
    /// The part that cube `index` belongs to, or `None` past the last cube.
    pub fn part_of(&self, index: usize) -> Option<usize> {
        let part = self.ends.partition_point(|&end| end <= index);
        (part < self.ends.len()).then_some(part)
    }
}

impl RunKey {
    /// What differs between this key and `other`, field by field, as "name: this vs other"
    /// (empty when the keys are equal), for messages that refuse a file of another count.
    pub fn differences(&self, other: &RunKey) -> Vec<String> {
        let mut out = Vec::new();
        let mut field = |name: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{name}: {a} vs {b}"));
            }
        };
        field(
            "problem",
            self.problem.to_string(),
            other.problem.to_string(),
        );
        field("backend", self.backend.clone(), other.backend.clone());
        field("encoding", self.encoding.clone(), other.encoding.clone());
        field("cubes", self.cubes.to_string(), other.cubes.to_string());
        field(
            "cubes per part",
            format!("{:?}", self.part_cubes),
            format!("{:?}", other.part_cubes),
        );
        field(
            "free variables",
            self.free_vars.to_string(),
            other.free_vars.to_string(),
        );
        field(
            "largest weight",
            self.max_weight.to_string(),
            other.max_weight.to_string(),
        );
        field(
            "cube capacity",
            self.cube_capacity.to_string(),
            other.cube_capacity.to_string(),
        );
        field(
            "cube hash",
            self.cubes_hash.clone(),
            other.cubes_hash.clone(),
        );
        field(
            "components",
            self.components.to_string(),
            other.components.to_string(),
        );
        field(
            "orbit weights",
            self.orbit_weights.to_string(),
            other.orbit_weights.to_string(),
        );
        out
    }
}

impl fmt::Display for RunKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, backend {}, encoding {}, {}",
            self.problem,
            self.backend,
            self.encoding,
            zero_one_model::plural(self.cubes, "cube")
        )
    }
}

#[cfg(test)]
mod part_index_tests {
    use super::PartIndex;

    #[test]
    fn each_cube_is_found_in_its_part_and_empty_parts_are_skipped() {
        let index = PartIndex {
            ends: vec![2, 2, 5, 6],
        };
        let parts: Vec<Option<usize>> = (0..7).map(|i| index.part_of(i)).collect();
        assert_eq!(
            parts,
            [Some(0), Some(0), Some(2), Some(2), Some(2), Some(3), None]
        );
    }
}
