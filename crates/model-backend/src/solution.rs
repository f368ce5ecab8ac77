//! A solution of an OPB file as the PB competition's output format says it (`s SATISFIABLE`
//! and a `v` line naming every literal), and as one JSON line.

use crate::{BackendName, Model};
use serde::Serialize;

/// The status line of a file without a solution.
pub const UNSATISFIABLE: &str = "s UNSATISFIABLE";

/// One solution of a file: the values of `x1..xN` in order and the backend that found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct SolutionReport<'a> {
    /// The file, as the caller names it.
    pub file: &'a str,
    /// The value of every variable of the model, in order.
    pub values: &'a [bool],
    /// The backend that found it.
    pub backend: &'a BackendName,
}

impl<'a> SolutionReport<'a> {
    /// The report of `values`, found by `backend` for the model of `file`.
    pub fn new(file: &'a str, values: &'a [bool], backend: &'a BackendName) -> SolutionReport<'a> {
        SolutionReport {
            file,
            values,
            backend,
        }
    }

    /// `s SATISFIABLE` and the `v` line, the literals named by `model`
    /// ([`Model::literal_names`]); no final newline.
    pub fn text(&self, model: &Model) -> String {
        format!(
            "s SATISFIABLE\nv {}",
            model.literal_names(self.values).join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_is_written_as_the_competition_lines_with_the_files_names() {
        // The names an OPB file gives its variables.
        let mut model = Model::new();
        for i in 1..=3 {
            model.new_var(format!("x{i}"));
        }
        let values = [true, false, true];
        let report = SolutionReport::new("f.opb", &values, &BackendName::Dpll);
        assert_eq!(report.text(&model), "s SATISFIABLE\nv x1 -x2 x3");
    }
}
