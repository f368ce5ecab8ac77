//! N-Queens as 0-1 models. A formulation builds a [`Model`] once and decodes an assignment
//! of its variables back to a [`Board`]; encodings are chosen later, at lowering time.

mod board;
mod column;
mod comments;
mod options;

pub use board::BoardFormulation;
pub use column::{ColumnFormulation, Domain};
pub use comments::{file_comments, ilp_title, row_cubes};
pub use options::{ChosenOptions, ModelRefusal};

use crate::{Board, Rules};
use std::fmt;
use thiserror::Error;
use zero_one_model::named::{from_name, UnknownName};
use zero_one_model::{Lit, Model};

/// The formulations on offer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum FormulationKind {
    /// n*n booleans, one per square.
    #[default]
    Board,
    /// One integer per row (the queen's column), in the given domain encoding.
    Column(Domain),
}

impl FormulationKind {
    /// Every formulation, in a stable order.
    pub const ALL: [FormulationKind; 4] = [
        FormulationKind::Board,
        FormulationKind::Column(Domain::Direct),
        FormulationKind::Column(Domain::Order),
        FormulationKind::Column(Domain::Log),
    ];

    /// The formulation named `name` (`board` or `column`) with `domain` for the column one.
    ///
    /// # Errors
    /// [`UnknownName`] for a name other than `board` and `column`.
    pub fn from_parts(name: &str, domain: Domain) -> Result<FormulationKind, UnknownName> {
        let bases = [FormulationKind::Board, FormulationKind::Column(domain)];
        from_name(&bases, FormulationKind::base_name, "formulation", name)
    }

    /// The formulation's full name: `board`, or `column/` and the domain encoding.
    pub fn name(self) -> &'static str {
        match self {
            FormulationKind::Board => "board",
            FormulationKind::Column(Domain::Direct) => "column/direct",
            FormulationKind::Column(Domain::Order) => "column/order",
            FormulationKind::Column(Domain::Log) => "column/log",
        }
    }

    /// The name of the formulation alone: `board` or `column`.
    pub fn base_name(self) -> &'static str {
        match self {
            FormulationKind::Board => "board",
            FormulationKind::Column(_) => "column",
        }
    }

    /// The domain encoding, for the column formulation.
    pub fn domain(self) -> Option<Domain> {
        match self {
            FormulationKind::Board => None,
            FormulationKind::Column(d) => Some(d),
        }
    }

    /// Whether the model has at-most-one constraints (so the AMO encoding matters).
    pub fn uses_amo(self) -> bool {
        matches!(
            self,
            FormulationKind::Board | FormulationKind::Column(Domain::Direct)
        )
    }

    /// Builds the formulation for the classic n x n board.
    pub fn build(self, n: usize) -> Box<dyn Formulation> {
        self.build_with(n, &Rules::classic())
    }

    /// Builds the formulation for an n x n board under `rules` (checked by the caller with
    /// [`Rules::check`]).
    pub fn build_with(self, n: usize, rules: &Rules) -> Box<dyn Formulation> {
        match self {
            FormulationKind::Board => Box::new(BoardFormulation::with_rules(n, rules)),
            FormulationKind::Column(d) => Box::new(ColumnFormulation::with_rules(n, d, rules)),
        }
    }
}

impl fmt::Display for FormulationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for FormulationKind {
    type Err = UnknownName;
    /// A formulation by its full name ([`FormulationKind::name`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        from_name(
            &FormulationKind::ALL,
            FormulationKind::name,
            "formulation",
            s,
        )
    }
}

/// Why an assignment does not decode to a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeError {
    /// The assignment's length is not the model's variable count.
    #[error("assignment has {found} values, the model has {expected} variables")]
    WrongLength {
        /// Model variables.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// A row holds no queen or more than one.
    #[error("row {row} holds {queens} queens")]
    Row {
        /// The row (0-based).
        row: usize,
        /// How many queens it holds.
        queens: usize,
    },
    /// A row's domain variables do not spell a column.
    #[error("row {row}: {why}")]
    Domain {
        /// The row (0-based).
        row: usize,
        /// What is wrong.
        why: String,
    },
}

/// An N-Queens formulation: a model and the way back from its assignments to boards.
pub trait Formulation: Send + Sync {
    /// Board size.
    fn n(&self) -> usize;
    /// Which formulation this is.
    fn kind(&self) -> FormulationKind;
    /// The rules the model encodes (variant, given queens, blocked squares).
    fn rules(&self) -> &Rules;
    /// The 0-1 model, with its projection set.
    fn model(&self) -> &Model;
    /// The board an assignment of the model variables describes.
    ///
    /// # Errors
    /// When the assignment does not describe one queen per row.
    fn decode(&self, assignment: &[bool]) -> Result<Board, DecodeError>;
    /// Literals that hold exactly when the queen of `row` is in `col` (for cubes).
    fn place(&self, row: usize, col: usize) -> Vec<Lit>;
    /// One line saying what the model's variables mean, in DIMACS numbering.
    fn describe_vars(&self) -> String;
}

/// Which families of constraints a formulation's models have, so which encoding choices
/// change their CNF ([`FormulationKind::encodings_used`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EncodingsUsed {
    /// At-most-one and exactly-one constraints, lowered with an AMO encoding.
    pub amo: bool,
    /// Cardinality constraints with k > 1, lowered with a cardinality encoding.
    pub card: bool,
    /// Linear constraints with general coefficients, lowered with a PB encoding.
    pub pb: bool,
}

impl FormulationKind {
    /// Which encodings this formulation's models use, under every variant and squares: the
    /// board formulation and the direct column domain have at-most-one and exactly-one
    /// constraints only, the order and log domains only clauses. An encoding they do not use
    /// changes nothing.
    ///
    /// ```
    /// use nqueens_queens::{Domain, FormulationKind};
    /// assert!(FormulationKind::Board.encodings_used().amo);
    /// assert!(!FormulationKind::Board.encodings_used().card);
    /// assert!(!FormulationKind::Column(Domain::Log).encodings_used().amo);
    /// ```
    pub fn encodings_used(self) -> EncodingsUsed {
        let amo = matches!(
            self,
            FormulationKind::Board | FormulationKind::Column(Domain::Direct)
        );
        EncodingsUsed {
            amo,
            card: false,
            pb: false,
        }
    }
}

#[cfg(test)]
mod cardinality_tests {
    use super::*;
    use crate::{Rules, Square, Variant};
    use zero_one_model::Constraint;

    /// The command line refuses `--amo`, `--card` and `--pb` where a formulation does not use
    /// them: if a formulation or variant ever gains such a constraint, this fails.
    #[test]
    fn every_board_model_uses_the_encodings_its_formulation_says() {
        let blocked = vec![Square::new(2, 3)];
        for kind in FormulationKind::ALL {
            for variant in Variant::ALL {
                for rules in [
                    Rules::new(variant, vec![], vec![]),
                    Rules::new(variant, vec![Square::new(0, 1)], blocked.clone()),
                ] {
                    let f = kind.build_with(7, &rules);
                    let has = |family: fn(&Constraint) -> bool| {
                        f.model().constraints().iter().any(family)
                    };
                    let found = EncodingsUsed {
                        amo: has(|c| {
                            matches!(c, Constraint::AtMostOne(_) | Constraint::ExactlyOne(_))
                        }),
                        card: has(|c| matches!(c, Constraint::Cardinality { .. })),
                        pb: has(|c| matches!(c, Constraint::Linear { .. })),
                    };
                    assert_eq!(found, kind.encodings_used(), "{kind:?} {variant:?}");
                }
            }
        }
    }
}
