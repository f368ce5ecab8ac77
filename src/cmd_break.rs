//! `nqueens break FILE`: a DIMACS file with lex-leader constraints for its symmetries added,
//! so that external solvers search one solution per orbit.

use crate::cli::BreakArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use nqueens_encode::dimacs::write_model;
use nqueens_encode::CnfOptions;

pub fn run(args: BreakArgs) -> Result<ExitStatus, CliError> {
    let name = args.file.display().to_string();
    let cnf = crate::cmd_count_cnf::read(&args.file, &name, false)?;
    let (vars, clauses) = (cnf.num_vars, cnf.clauses.len());
    let model = crate::cmd_count_cnf::model_of(cnf, None);
    let broken = nqueens_symmetry::break_symmetries(
        &model,
        args.budget,
        nqueens_symmetry::Breaking::EveryElement,
    )
    .map_err(|e| CliError::usage(anyhow::anyhow!("'{name}': {e}")))?;
    let order = broken.group.order();
    let exact = broken.every_element
        && broken.symmetries.complete
        && broken.group.generators_used == broken.symmetries.generators.len();
    let meaning = if broken.every_element {
        format!(
            "c one lex-leader constraint per element of a group of order {order}: this file has exactly one projected model per orbit of that group"
        )
    } else {
        format!(
            "c lex-leader constraints for the {} generators of a group of order {order}: this file has at least one projected model per orbit",
            broken.group.generators_used
        )
    };
    let comments = vec![
        format!("'{name}' ({vars} variables, {clauses} clauses) with its symmetries broken by nqueens break"),
        format!(
            "symmetries found: group of order {}{} from {} generators; used: order {order}{}",
            if broken.symmetries.complete { "" } else { "at least " },
            broken.symmetries.order,
            broken.symmetries.generators.len(),
            if exact { " (the whole group)" } else { " (a subgroup: fewer orbits merged)" }
        ),
        meaning.trim_start_matches("c ").to_string(),
        "the projection (c p show) is the original's; variables after the original's are chain variables of the constraints".to_string(),
        "order: projection variables ascending, false before true (the smallest assignment of each orbit is kept)".to_string(),
    ];
    output::write_to(args.output.as_deref(), false, |out| {
        write_model(&broken.model, &CnfOptions::default(), comments, out)
            .map(|_| ())
            .context("writing the broken formula")
    })?;
    eprintln!(
        "nqueens: '{name}': group of order {order} broken with {} clauses{}",
        broken.model.constraints().len() - clauses,
        if broken.every_element {
            " (one model per orbit)"
        } else {
            " (generators only)"
        }
    );
    Ok(ExitStatus::Success)
}
