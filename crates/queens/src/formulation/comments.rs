//! The comment lines, titles and cubes of a board's exported files: which board, formulation and encodings,
//! what the variables mean, the variant and the squares.

use zero_one_model::Lit;

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

/// The title of a board's LP, MPS or OPB file (one line): the board, the formulation, what
/// the variables mean, the variant and squares.
pub fn ilp_title(formulation: &dyn crate::Formulation) -> String {
    let mut title = format!(
        "nqueens: N-Queens, n = {}, formulation = {}; {}",
        formulation.n(),
        formulation.kind(),
        formulation.describe_vars()
    );
    for line in formulation.rules().comment_lines() {
        title.push_str("; ");
        title.push_str(&line);
    }
    title
}

/// The cubes of a board's incremental CNF file: the placements of its first `depth` rows
/// the rules allow ([`crate::prefixes_for`]), as literals of `formulation`'s model. They
/// cover every solution, and no two share one.
pub fn row_cubes(formulation: &dyn crate::Formulation, depth: usize) -> Vec<Vec<Lit>> {
    crate::prefixes_for(formulation.n(), depth, formulation.rules())
        .iter()
        .map(|prefix| {
            let placed = prefix.iter().enumerate();
            placed.flat_map(|(r, &c)| formulation.place(r, c)).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FormulationKind, Rules};

    #[test]
    fn row_cubes_of_a_board_cover_its_first_row_and_ilp_title_names_the_board() {
        let formulation = FormulationKind::Board.build_with(6, &Rules::classic());
        let cubes = row_cubes(formulation.as_ref(), 1);
        assert_eq!(cubes.len(), 6);
        assert!(cubes.iter().all(|c| !c.is_empty()));
        assert_eq!(
            cubes.iter().collect::<std::collections::HashSet<_>>().len(),
            6
        );
        let title = ilp_title(formulation.as_ref());
        assert!(
            title.starts_with("nqueens: N-Queens, n = 6, formulation = board; "),
            "{title}"
        );
    }
}
