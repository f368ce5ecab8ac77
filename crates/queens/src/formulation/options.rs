//! The formulation's own rule for the options a caller chose: an encoding its models do not
//! use, or a domain for a formulation without one, changes nothing and is refused
//! ([`FormulationKind::check_options`]), said in the caller's terms ([`ModelRefusal::said`]).

use super::{Domain, FormulationKind};
use crate::Spelling;

/// Which options a caller chose, rather than left to their defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChosenOptions {
    /// An at-most-one encoding.
    pub amo: bool,
    /// A cardinality encoding.
    pub card: bool,
    /// A pseudo-Boolean encoding.
    pub pb: bool,
    /// The column formulation's domain.
    pub domain: bool,
}

/// An option chosen that the formulation's models have no use for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelRefusal {
    /// A pseudo-Boolean encoding: board models have no general linear rows.
    #[error("{}", self.said(&Spelling::default()))]
    PbUnused,
    /// A cardinality encoding: board models have no cardinality constraint with k > 1.
    #[error("{}", self.said(&Spelling::default()))]
    CardUnused,
    /// An at-most-one encoding with a domain whose rows are clauses.
    #[error("{}", self.said(&Spelling::default()))]
    AmoUnused(Domain),
    /// A domain for the board formulation.
    #[error("{}", self.said(&Spelling::default()))]
    DomainUnused,
}

impl ModelRefusal {
    /// What is refused, in `names`' terms.
    pub fn said(&self, names: &Spelling<'_>) -> String {
        match self {
            ModelRefusal::PbUnused => format!(
                "{} encodes linear constraints with general coefficients, and board models have none",
                names.pb
            ),
            ModelRefusal::CardUnused => format!(
                "{} encodes cardinality constraints (at most or at least k > 1), and board models have none: their rows, columns and diagonals are at-most-one and exactly-one constraints (see {})",
                names.card, names.amo
            ),
            ModelRefusal::AmoUnused(domain) => format!(
                "{} does nothing with the {} domain: its rows are clauses, with no at-most-one constraint (use {} direct, or the board formulation)",
                names.amo,
                domain.name(),
                names.domain
            ),
            ModelRefusal::DomainUnused => format!(
                "{} applies to {} column only",
                names.domain, names.formulation
            ),
        }
    }
}

impl FormulationKind {
    /// Refuses the options `chosen` that change nothing for this formulation: an encoding
    /// its models do not use ([`FormulationKind::encodings_used`]), a domain for the board
    /// formulation.
    ///
    /// ```
    /// use nqueens_queens::{ChosenOptions, Domain, FormulationKind, ModelRefusal};
    /// let amo = ChosenOptions { amo: true, ..ChosenOptions::default() };
    /// assert_eq!(FormulationKind::Board.check_options(amo), Ok(()));
    /// let log = FormulationKind::Column(Domain::Log);
    /// assert_eq!(log.check_options(amo), Err(ModelRefusal::AmoUnused(Domain::Log)));
    /// ```
    ///
    /// # Errors
    /// The first [`ModelRefusal`] that applies.
    pub fn check_options(self, chosen: ChosenOptions) -> Result<(), ModelRefusal> {
        let used = self.encodings_used();
        let refusals = [
            (chosen.pb && !used.pb, ModelRefusal::PbUnused),
            (chosen.card && !used.card, ModelRefusal::CardUnused),
            (
                chosen.amo && !used.amo,
                ModelRefusal::AmoUnused(match self {
                    FormulationKind::Column(d) => d,
                    FormulationKind::Board => Domain::default(),
                }),
            ),
            (
                self == FormulationKind::Board && chosen.domain,
                ModelRefusal::DomainUnused,
            ),
        ];
        match refusals.into_iter().find(|(refused, _)| *refused) {
            Some((_, refusal)) => Err(refusal),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domain_with_the_board_and_a_card_encoding_anywhere_are_refused() {
        let domain = ChosenOptions {
            domain: true,
            ..ChosenOptions::default()
        };
        assert_eq!(
            FormulationKind::Board.check_options(domain),
            Err(ModelRefusal::DomainUnused)
        );
        let card = ChosenOptions {
            card: true,
            ..ChosenOptions::default()
        };
        for kind in FormulationKind::ALL {
            assert_eq!(kind.check_options(card), Err(ModelRefusal::CardUnused));
        }
        let names = Spelling {
            domain: "--domain",
            formulation: "--formulation",
            ..Spelling::default()
        };
        assert_eq!(
            ModelRefusal::DomainUnused.said(&names),
            "--domain applies to --formulation column only"
        );
    }
}
