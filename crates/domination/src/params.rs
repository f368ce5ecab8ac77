//! What identifies a count of dominating sets ([`super::DominationProblem`]) in checkpoint
//! keys.

use crate::Domination;
use count_engine::{Depth, ProblemParams};
use nqueens_queens::Symmetry;
use serde::{Deserialize, Serialize};

/// The parameters of a count of dominating sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct DominationParams {
    /// Which domination problem (`domination`, `independent-domination`, ...).
    #[serde(with = "toolkit_base::by_name")]
    pub variant: Domination,
    /// Board size.
    pub n: usize,
    /// The most queens a set may have.
    pub k: usize,
    /// [`Symmetry::D4`] when one set per orbit is searched (lex-leader constraints), else
    /// [`Symmetry::None`].
    pub symmetry: Symmetry,
    /// How far the model was split.
    pub depth: Depth,
}

impl ProblemParams for DominationParams {
    const PROBLEM: &'static str = "queen-domination";
}

#[cfg(test)]
mod tests {
    use super::*;
    use count_engine::Description;
    use nqueens_board::Variant;

    #[test]
    fn a_domination_count_is_described_as_before_and_reads_back() {
        let params = DominationParams {
            variant: Domination::new(Variant::Toroidal, true),
            n: 5,
            k: 3,
            symmetry: Symmetry::D4,
            depth: Depth::Target(256),
        };
        let d = Description::new(&params).unwrap();
        assert_eq!(
            d.to_string(),
            r#"{"depth":"Target(256)","k":3,"n":5,"problem":"queen-domination","symmetry":"d4","variant":"toroidal-independent-domination"}"#
        );
        assert_eq!(d.params::<DominationParams>().unwrap(), params);
    }
}
