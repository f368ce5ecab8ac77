//! The CPLEX LP format, as GLPK (`glpsol --lp`), CBC, CPLEX, Gurobi and HiGHS read it:
//! `Minimize` or `Maximize` the model's objective (a zero objective for a feasibility model;
//! a constant carried by the binary [`super::OBJECTIVE_CONSTANT`], fixed to 1), `Subject To` rows named `c1`, `c2`, ... (and a row `c0`,
//! `0 x + ... >= 0` over the variables nothing else mentions, which some readers need),
//! `Bounds` for the general integers, `Binary` and `General` sections, `End`. Long rows are
//! wrapped (CPLEX reads at most 510 characters per line).

use super::{IlpModel, Row, VarKind};
use crate::Cmp;
use std::io::{self, Write};

/// Terms per line before a row wraps.
const TERMS_PER_LINE: usize = 8;

/// Writes `model` as CPLEX LP; `title` goes into a leading comment.
///
/// # Errors
/// When writing fails.
pub fn write_lp(model: &IlpModel, title: &str, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
    writeln!(out, "\\ {title}")?;
    writeln!(
        out,
        "\\ {} variables ({} binary, {} general integer), {} rows",
        model.vars.len(),
        model.vars.len() - model.integers(),
        model.integers(),
        model.rows.len()
    )?;
    match &model.objective {
        Some(objective) if !objective.terms.is_empty() => {
            if let Some(recovery) = objective.recovery(false) {
                writeln!(out, "\\ objective constant left out: {recovery}")?;
            }
            writeln!(out, "{}", objective.sense_word())?;
            write!(out, " obj:")?;
            write_terms(model, &objective.terms, out)?;
            writeln!(out)?;
        }
        objective => {
            if let Some(o) = objective.as_ref().filter(|o| o.offset != 0) {
                writeln!(out, "\\ objective constant {:+}", o.offset)?;
            }
            // A model's objective keeps its sense even when no term is left.
            writeln!(
                out,
                "{}",
                objective.as_ref().map_or("Minimize", |o| o.sense_word())
            )?;
            match model.vars.first() {
                Some(v) => writeln!(out, " obj: 0 {}", v.name)?,
                None => writeln!(out, " obj:")?,
            }
        }
    }
    writeln!(out, "Subject To")?;
    write_idle_row(model, out)?;
    for (i, row) in model.rows.iter().enumerate() {
        write_row(model, i, row, out)?;
    }
    let integers: Vec<_> = model
        .vars
        .iter()
        .filter_map(|v| match v.kind {
            VarKind::Integer { lo, hi } => Some((v, lo, hi)),
            VarKind::Binary => None,
        })
        .collect();
    if !integers.is_empty() {
        writeln!(out, "Bounds")?;
        for (v, lo, hi) in &integers {
            writeln!(out, " {lo} <= {} <= {hi}", v.name)?;
        }
    }
    write_section(
        out,
        "Binary",
        model.vars.iter().filter(|v| v.kind == VarKind::Binary),
    )?;
    write_section(out, "General", integers.iter().map(|(v, _, _)| *v))?;
    writeln!(out, "End")
}

/// ` c0: 0 x3 + 0 x7 >= 0` over the variables no row or objective term mentions, or over the
/// first variable when there is no row: GLPK refuses an empty `Subject To`, and CBC drops the
/// `Binary` declaration of a variable that appears nowhere else.
fn write_idle_row(model: &IlpModel, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
    let mut used = vec![false; model.vars.len()];
    let objective = model
        .objective
        .iter()
        .flat_map(|o| o.terms.iter().map(|t| t.1));
    for i in model
        .rows
        .iter()
        .flat_map(|r| r.terms.iter().map(|t| t.1))
        .chain(objective)
    {
        used[i] = true;
    }
    let mut idle: Vec<(i128, usize)> = (0..used.len())
        .filter(|&i| !used[i])
        .map(|i| (0, i))
        .collect();
    if idle.is_empty() && model.rows.is_empty() && !model.vars.is_empty() {
        idle.push((0, 0));
    }
    if idle.is_empty() {
        return Ok(());
    }
    write!(out, " c0:")?;
    write_terms(model, &idle, out)?;
    writeln!(out, " >= 0")
}

fn write_row(
    model: &IlpModel,
    index: usize,
    row: &Row,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    write!(out, " c{}:", index + 1)?;
    if row.terms.is_empty() {
        // An empty row is a constant; LP needs a variable on the left.
        if let Some(v) = model.vars.first() {
            write!(out, " 0 {}", v.name)?;
        }
    }
    let terms: Vec<(i128, usize)> = row.terms.iter().map(|&(a, i)| (a.into(), i)).collect();
    write_terms(model, &terms, out)?;
    let op = match row.cmp {
        Cmp::AtMost => "<=",
        Cmp::AtLeast => ">=",
        Cmp::Exactly => "=",
    };
    writeln!(out, " {op} {}", row.rhs)
}

/// ` + 3 x - y ...`, wrapped every [`TERMS_PER_LINE`] terms.
fn write_terms(
    model: &IlpModel,
    terms: &[(i128, usize)],
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    for (k, &(a, i)) in terms.iter().enumerate() {
        if k > 0 && k % TERMS_PER_LINE == 0 {
            write!(out, "\n   ")?;
        }
        let sign = if a < 0 { '-' } else { '+' };
        let name = &model.vars[i].name;
        match a.unsigned_abs() {
            1 => write!(out, " {sign} {name}")?,
            m => write!(out, " {sign} {m} {name}")?,
        }
    }
    Ok(())
}

fn write_section<'a>(
    out: &mut (impl Write + ?Sized),
    title: &str,
    vars: impl Iterator<Item = &'a super::IlpVar>,
) -> io::Result<()> {
    let mut vars = vars.peekable();
    if vars.peek().is_none() {
        return Ok(());
    }
    writeln!(out, "{title}")?;
    for (k, v) in vars.enumerate() {
        if k > 0 && k % TERMS_PER_LINE == 0 {
            writeln!(out)?;
        }
        write!(out, " {}", v.name)?;
    }
    writeln!(out)
}
