//! What identifies an orbit count ([`crate::OrbitProblem`]) in checkpoint and shard keys, and
//! what a report of one reads back from its key: the group used in each part.

use count_engine::{Depth, ProblemParams};
use serde::{Deserialize, Serialize};

/// The parameters of an orbit count: the model and its split, and the group each
/// independent part was counted under (its order decides the weights, so two counts with
/// different groups never mix).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct OrbitParams {
    /// What the caller said the count is of (a file name, say).
    pub about: String,
    /// The model's [`count_engine::fingerprint`].
    pub model: String,
    /// How far each part was split.
    pub depth: Depth,
    /// The order of the group used in each part.
    pub group_orders: Vec<usize>,
    /// How many of each part's generators generate that group.
    pub generators_used: Vec<usize>,
    /// Per part, whether the group is every symmetry found (else a subgroup: too large to
    /// list, or the search stopped at its budget).
    pub whole_groups: Vec<bool>,
}

impl ProblemParams for OrbitParams {
    const PROBLEM: &'static str = "model-orbits";
}
