//! What identifies a board count ([`crate::QueensProblem`]) in checkpoint and shard keys, and
//! what a merge of its shards reads back: the board, the formulation, the cubes' depth and
//! the symmetry.

use crate::{FormulationKind, Rules, Symmetry};
use count_engine::ProblemParams;
use serde::{Deserialize, Serialize};

/// The parameters of a board count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct QueensParams {
    /// Board size.
    pub n: usize,
    /// The formulation counted (`board`, `column/direct`, ...).
    #[serde(with = "toolkit_base::by_name")]
    pub formulation: FormulationKind,
    /// Rows placed per cube.
    pub cube_depth: usize,
    /// The symmetry the count was reduced by.
    pub symmetry: Symmetry,
    /// The board's rules; left out of the key on the classic board, so that keys written
    /// before boards had rules still fit.
    #[serde(default, skip_serializing_if = "Rules::is_classic")]
    pub rules: Rules,
}

impl ProblemParams for QueensParams {
    const PROBLEM: &'static str = "queens";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Domain, Square, Variant};
    use count_engine::Description;

    #[test]
    fn a_classic_board_is_described_as_before_rules_existed() {
        let params = QueensParams {
            n: 8,
            formulation: FormulationKind::Board,
            cube_depth: 2,
            symmetry: Symmetry::D4,
            rules: Rules::classic(),
        };
        let d = Description::new(&params).unwrap();
        assert_eq!(
            d.to_string(),
            r#"{"cube_depth":2,"formulation":"board","n":8,"problem":"queens","symmetry":"d4"}"#
        );
        assert_eq!(d.params::<QueensParams>().unwrap(), params);
    }

    #[test]
    fn rules_and_a_column_formulation_read_back_from_the_key() {
        let params = QueensParams {
            n: 8,
            formulation: FormulationKind::Column(Domain::Log),
            cube_depth: 2,
            symmetry: Symmetry::None,
            rules: Rules::new(Variant::Toroidal, vec![Square::new(0, 1)], vec![]),
        };
        let d = Description::new(&params).unwrap();
        assert_eq!(
            d.to_string(),
            r#"{"cube_depth":2,"formulation":"column/log","n":8,"problem":"queens","rules":{"blocked":[],"given":[{"col":1,"row":0}],"variant":"toroidal"},"symmetry":"none"}"#
        );
        assert_eq!(d.params::<QueensParams>().unwrap(), params);
    }
}
