//! An optimiser as a caller names it ([`OptimizerChoice`]): the linear one (microlp) or
//! varisat with bounds, and the options that shape only the latter.

use crate::optimizer;
use zero_one_model::{CnfOptions, Optimizer, PbEncoding, Search};

/// An optimiser as named on a command line or by a caller; `None` where nothing was chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptimizerChoice {
    /// microlp on the 0-1 ILP, the objective as it is; else varisat with bounds.
    pub linear: bool,
    /// The pseudo-Boolean encoding of the constraints and of each bound (varisat only).
    pub pb: Option<PbEncoding>,
    /// How the bound moves (varisat only).
    pub search: Option<Search>,
}

/// An option of [`OptimizerChoice`] that the chosen optimiser does not use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IdleOption {
    /// [`OptimizerChoice::pb`] with the linear optimiser.
    #[error("a pseudo-Boolean encoding applies to the SAT optimiser (microlp takes the objective as it is)")]
    Pb,
    /// [`OptimizerChoice::search`] with the linear optimiser.
    #[error("a search applies to the SAT optimiser (microlp takes the objective as it is)")]
    Search,
}

impl OptimizerChoice {
    /// The optimiser chosen ([`optimizer`]), defaults filling what was not chosen.
    ///
    /// ```
    /// use zero_one_backends::{IdleOption, OptimizerChoice};
    /// use zero_one_model::PbEncoding;
    /// assert!(OptimizerChoice::default().optimizer().is_ok());
    /// let idle = OptimizerChoice { linear: true, pb: Some(PbEncoding::default()), search: None };
    /// assert_eq!(idle.optimizer().err(), Some(IdleOption::Pb));
    /// ```
    ///
    /// # Errors
    /// [`IdleOption`]: the first option given that the linear optimiser would ignore.
    pub fn optimizer(&self) -> Result<Box<dyn Optimizer>, IdleOption> {
        if self.linear {
            if self.pb.is_some() {
                return Err(IdleOption::Pb);
            }
            if self.search.is_some() {
                return Err(IdleOption::Search);
            }
        }
        let cnf = CnfOptions {
            pb: self.pb.unwrap_or_default(),
            ..CnfOptions::default()
        };
        Ok(optimizer(self.linear, cnf, self.search.unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_linear_optimiser_refuses_the_sat_optimisers_options_first_pb() {
        let both = OptimizerChoice {
            linear: true,
            pb: Some(PbEncoding::default()),
            search: Some(Search::default()),
        };
        assert_eq!(both.optimizer().err(), Some(IdleOption::Pb));
        let search = OptimizerChoice { pb: None, ..both };
        assert_eq!(search.optimizer().err(), Some(IdleOption::Search));
        let sat = OptimizerChoice {
            linear: false,
            ..both
        };
        assert_eq!(sat.optimizer().unwrap().encoding(), both.pb);
        let lp = OptimizerChoice {
            linear: true,
            ..OptimizerChoice::default()
        };
        assert_eq!(lp.optimizer().unwrap().encoding(), None);
    }
}
