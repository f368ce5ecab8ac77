//! What a count's report says of the file itself.

use zero_one_model::dimacs::Cnf;

/// The file's size and projection.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FileFacts {
    /// Variables declared in its header.
    pub num_vars: usize,
    /// Its clauses.
    pub clauses: usize,
    /// Whether it has a projection (`c p show`, `c ind`, `vp` lines, a `p pcnf` header).
    pub projected: bool,
    /// Variables counted over: the projection's, or every variable.
    pub projection_size: usize,
}

impl FileFacts {
    /// The facts of `cnf`.
    pub fn of(cnf: &Cnf) -> FileFacts {
        FileFacts {
            num_vars: cnf.num_vars,
            clauses: cnf.clauses.len(),
            projected: cnf.shown.is_some(),
            projection_size: cnf.shown.as_ref().map_or(cnf.num_vars, Vec::len),
        }
    }

    /// "projected onto 3 of 10 variables" or "over all 10 variables".
    pub fn onto(&self) -> String {
        if self.projected {
            format!(
                "projected onto {} of {} variables",
                self.projection_size, self.num_vars
            )
        } else {
            format!("over all {} variables", self.num_vars)
        }
    }
}
