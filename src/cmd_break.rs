//! `nqueens break FILE`: a DIMACS file with lex-leader constraints for its symmetries added,
//! so that external solvers search one solution per orbit.

use crate::cli::BreakArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use nqueens_encode::dimacs::write_model;
use nqueens_encode::CnfOptions;
use nqueens_symmetry::{Breaking, Broken};

pub fn run(args: BreakArgs) -> Result<ExitStatus, CliError> {
    let name = args.file.display().to_string();
    let cnf = crate::input::read_cnf(&args.file, &name, &Default::default())?;
    crate::symmetry_size::check_size(&cnf, &name)?;
    let (vars, clauses) = (cnf.num_vars, cnf.clauses.len());
    let model = nqueens_engine::model_of(cnf, None);
    let broken = break_model(&model, &CnfOptions::default(), args.budget)
        .map_err(|e| CliError::usage(anyhow::anyhow!("'{name}': {e}")))?;
    let mut comments = vec![format!(
        "'{name}' ({vars} variables, {clauses} clauses) with its symmetries broken by nqueens break"
    )];
    comments.extend(describe(&broken));
    output::write_to(args.output.as_deref(), false, |out| {
        write_model(&broken.model, &CnfOptions::default(), comments, out)
            .map(|_| ())
            .context("writing the broken formula")
    })?;
    eprintln!("nqueens: '{name}': {}", summary(&broken, clauses));
    Ok(ExitStatus::Success)
}

/// `model` lowered with `options`, its symmetries found (at most `budget` search nodes) and
/// broken with one lex-leader constraint per element of the group where that stays small.
pub(crate) fn break_model(
    model: &nqueens_encode::Model,
    options: &CnfOptions,
    budget: u64,
) -> Result<Broken, nqueens_engine::EngineError> {
    nqueens_symmetry::break_symmetries(model, options, budget, Breaking::EveryElement)
}

/// The comment lines that say what a broken file holds and what its count means.
pub(crate) fn describe(broken: &Broken) -> Vec<String> {
    let order = broken.group.order();
    let whole = broken.is_whole_group();
    let meaning = if broken.every_element {
        format!("one lex-leader constraint per element of a group of order {order}: this file has exactly one projected model per orbit of that group")
    } else {
        format!(
            "lex-leader constraints for the {} generators of a group of order {order}: this file has at least one projected model per orbit",
            broken.group.generators_used
        )
    };
    vec![
        format!(
            "symmetries found: group of order {}{} from {} generators; used: order {order}{}",
            if broken.symmetries.complete { "" } else { "at least " },
            broken.symmetries.order,
            broken.symmetries.generators.len(),
            if whole { " (the whole group)" } else { " (a subgroup: fewer orbits merged)" }
        ),
        meaning,
        "the projection (c p show) is the original's; variables after the original's are chain variables of the constraints".to_string(),
        "order: projection variables ascending, false before true (the smallest assignment of each orbit is kept)".to_string(),
    ]
}

/// One line for stderr: what was broken, with how many clauses.
pub(crate) fn summary(broken: &Broken, clauses_before: usize) -> String {
    format!(
        "group of order {} broken with {} clauses{}",
        broken.group.order(),
        broken
            .model
            .constraints()
            .len()
            .saturating_sub(clauses_before),
        if broken.every_element {
            " (one model per orbit)"
        } else {
            " (generators only)"
        }
    )
}
