//! The domination model as a file carries it: the objective when there is no bound, and the
//! comment lines saying what the file is.

use super::DominationModel;
use zero_one_model::{CnfInfo, CnfOptions, Model, ModelError, Objective, Sense};

impl DominationModel {
    /// The model to write: with a bound, the model itself (the bound a cardinality
    /// constraint); without one, the model with the objective "minimise the number of
    /// queens", which the ILP formats (LP, MPS, OPB) carry and CNF cannot.
    ///
    /// # Errors
    /// [`ModelError`] if the objective does not fit the model (it is over the model's own
    /// square variables, so it always does).
    pub fn file_model(&self) -> Result<Model, ModelError> {
        let mut model = self.model().clone();
        if self.bound().is_none() {
            let terms = model
                .shown()
                .into_iter()
                .map(|v| (1, v.positive()))
                .collect();
            model.try_set_objective(Objective {
                sense: Sense::Minimize,
                terms,
            })?;
        }
        Ok(model)
    }

    /// The file's title: `nqueens: queen domination, n = 8, at most 5 queens; ...; OEIS
    /// A075458` (or `minimise the number of queens` without a bound).
    pub fn title(&self) -> String {
        let what = match self.bound() {
            Some(k) => format!("at most {k} {}", crate::report::queens_word(k)),
            None => "minimise the number of queens".into(),
        };
        let d = self.domination();
        format!(
            "nqueens: queen {d}, n = {}, {what}; {}; OEIS {}",
            self.n(),
            self.describe_vars(),
            d.number_sequence()
        )
    }

    /// The model's name in an MPS file's `NAME` line: `domination8` (MPS names have no
    /// spaces).
    pub fn file_name(&self) -> String {
        format!("domination{}", self.n())
    }

    /// The comment lines of a CNF file of the model lowered with `options` (`info`: its
    /// size): the title, the encodings and which variables are the squares.
    pub fn cnf_comments(&self, options: &CnfOptions, info: &CnfInfo) -> Vec<String> {
        vec![
            self.title(),
            format!(
                "card = {}, amo = {}; variables 1..{} are the squares, {} auxiliary",
                options.card, options.amo, info.model_vars, info.aux_vars
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use crate::{Domination, DominationModel};

    #[test]
    fn the_objective_is_there_only_without_a_bound() {
        let d = Domination::ALL[0];
        let free = DominationModel::new(4, d, None).file_model().unwrap();
        let objective = free.objective().expect("minimise the queens");
        assert_eq!(objective.terms.len(), 16);
        let bounded = DominationModel::new(4, d, Some(2)).file_model().unwrap();
        assert!(bounded.objective().is_none());
    }

    #[test]
    fn the_title_says_the_board_the_bound_and_the_sequence() {
        let d = Domination::ALL[3];
        assert_eq!(
            DominationModel::new(6, d, Some(4)).title(),
            "nqueens: queen toroidal-independent-domination, n = 6, at most 4 queens; variable r*n + c + 1 is q_r_c, a queen on row r, column c (0-based); OEIS A279404"
        );
        let free = DominationModel::new(6, Domination::ALL[0], None);
        assert!(free.title().contains("minimise the number of queens"));
    }
}
