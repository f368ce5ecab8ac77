//! What a count's report says of the file itself.

use serde::Serialize;
use zero_one_model::dimacs::Cnf;
use zero_one_model::plural;

/// The file's size and projection. It serialises in the order the reports print it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct FileFacts {
    /// Whether it has a projection (`c p show`, `c ind`, `vp` lines, a `p pcnf` header).
    pub projected: bool,
    /// Variables counted over: the projection's, or every variable.
    pub projection_size: usize,
    /// Variables declared in its header.
    pub num_vars: usize,
    /// Its clauses, each written one (repeats dropped on reading, [`Cnf::repeated`],
    /// included).
    pub clauses: usize,
}

impl FileFacts {
    /// The facts of `cnf`.
    pub fn of(cnf: &Cnf) -> FileFacts {
        FileFacts {
            num_vars: cnf.num_vars,
            clauses: cnf.clauses.len() + cnf.repeated,
            projected: cnf.shown.is_some(),
            projection_size: cnf.shown.as_ref().map_or(cnf.num_vars, Vec::len),
        }
    }

    /// "projected onto 3 of 10 variables" or "over all 10 variables".
    pub fn onto(&self) -> String {
        if self.projected {
            format!(
                "projected onto {} of {}",
                self.projection_size,
                plural(self.num_vars, "variable")
            )
        } else if self.num_vars == 1 {
            "over its 1 variable".into()
        } else {
            format!("over all {}", plural(self.num_vars, "variable"))
        }
    }
}
