//! What a file written from an OPB file's model says of itself (`nqueens encode opb`): the
//! title naming the file it was encoded from, and for a CNF the encodings with its size and
//! a note that the objective is left out.

use crate::{CnfInfo, CnfOptions, Model};

/// The title of a file written from `model`, read from `name`: `nqueens: encoded from NAME:
/// V variables, C constraints`, and `, with its objective` when the file keeps the objective
/// (`keeps_objective`: LP, MPS, OPB) and the model has one.
///
/// ```
/// use model_core::Model;
/// let mut m = Model::new();
/// m.new_var("x");
/// assert_eq!(
///     model_formats::opb::encoded_title("f.opb", &m, true),
///     "nqueens: encoded from f.opb: 1 variables, 0 constraints"
/// );
/// ```
pub fn encoded_title(name: &str, model: &Model, keeps_objective: bool) -> String {
    let objective = match keeps_objective && model.objective().is_some() {
        true => ", with its objective",
        false => "",
    };
    format!(
        "nqueens: encoded from {name}: {} variables, {} constraints{objective}",
        model.num_vars(),
        model.constraints().len(),
    )
}

/// The comment lines of a CNF lowered from `model` (read from `name`) with `options`, of
/// size `info` ([`crate::cnf_size`]): the title, the encodings and the size, and, when the
/// model has an objective, that the CNF leaves it out.
pub fn cnf_comments(
    name: &str,
    model: &Model,
    options: &CnfOptions,
    info: &CnfInfo,
) -> Vec<String> {
    let mut comments = vec![
        encoded_title(name, model, false),
        format!(
            "pb = {}, card = {}, amo = {}: {} auxiliary variables, {} clauses",
            options.pb.name(),
            options.card.name(),
            options.amo.name(),
            info.aux_vars,
            info.clauses
        ),
    ];
    if model.objective().is_some() {
        comments.push("the objective is not in a CNF file (LP, MPS and OPB keep it)".into());
    }
    comments
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf_size;

    #[test]
    fn a_cnf_says_its_encodings_its_size_and_that_the_objective_is_left_out() {
        let text = "* #variable= 2 #constraint= 1\nmin: +1 x1 +2 x2 ;\n+1 x1 +1 x2 >= 1 ;\n";
        let model = crate::opb::read_opb(text.as_bytes()).unwrap().model;
        let options = CnfOptions::default();
        let info = cnf_size(&model, &options).unwrap();
        let comments = cnf_comments("f.opb", &model, &options, &info);
        assert_eq!(
            comments[0],
            "nqueens: encoded from f.opb: 2 variables, 1 constraints"
        );
        assert!(comments[1].starts_with(&format!("pb = {}, ", options.pb.name())));
        assert!(comments[1].ends_with(&format!("{} clauses", info.clauses)));
        assert_eq!(comments.len(), 3);
        let title = encoded_title("f.opb", &model, true);
        assert!(title.ends_with("1 constraints, with its objective"));
    }
}
