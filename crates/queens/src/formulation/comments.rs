//! The comment lines of a board's exported files: which board, formulation and encodings,
//! what the variables mean, the variant and the squares.

/// The comment lines of a board's CNF file (as `encode` writes it, and a certificate's
/// bundle): the board, the formulation and encodings, what the variables mean, the variant
/// and squares. `info`: the size of `formulation`'s model lowered with `options`.
pub fn file_comments(
    n: usize,
    formulation: &dyn crate::Formulation,
    options: &zero_one_model::CnfOptions,
    info: &zero_one_model::CnfInfo,
) -> Vec<String> {
    let shown = formulation.model().shown().len();
    let mut comments = vec![
        format!("nqueens: N-Queens, n = {n}"),
        format!(
            "formulation = {}, amo = {}",
            formulation.kind(),
            options.amo
        ),
        match info.aux_vars {
            0 => format!(
                "variables 1..{} are the model's ({shown} shown); no auxiliary variables",
                info.model_vars
            ),
            _ => format!(
                "variables 1..{} are the model's ({shown} shown), {}..{} are auxiliary",
                info.model_vars,
                info.model_vars + 1,
                info.vars()
            ),
        },
        formulation.describe_vars(),
    ];
    comments.extend(formulation.rules().comment_lines());
    comments
}
