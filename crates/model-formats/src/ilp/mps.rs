//! Free MPS, as `glpsol --freemps` and CBC read it: rows `c1`, `c2`, ... under the objective
//! row `obj` (zero for a feasibility model), every column between `INTORG`/`INTEND` markers (all variables are integers),
//! binaries as `BV` bounds and general integers as `LI`/`UI` bounds.
//!
//! MPS minimises: `OBJSENSE` is an extension that `glpsol --freemps` refuses. So a maximised
//! objective is written negated, and a comment says so: the optimum of the model is minus the
//! minimum the solver reports. A constant is carried by the binary
//! [`super::OBJECTIVE_CONSTANT`] of the lowering, fixed to 1.

use super::{IlpModel, VarKind};
use crate::{Cmp, Sense};
use std::io::{self, Write};

/// Writes `model` as free MPS; `name` is the problem name (one word), `title` a comment.
///
/// # Errors
/// When writing fails.
pub fn write_mps(
    model: &IlpModel,
    name: &str,
    title: &str,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    writeln!(out, "* {title}")?;
    let mut objective = vec![0i128; model.vars.len()];
    if let Some(o) = &model.objective {
        let sign = match o.sense {
            Sense::Minimize => 1,
            Sense::Maximize => {
                writeln!(
                    out,
                    "* maximise: the N row obj is the objective negated (minimise it)"
                )?;
                -1
            }
        };
        if let Some(recovery) = o.recovery(sign < 0) {
            writeln!(out, "* {recovery}")?;
        }
        for &(a, i) in &o.terms {
            objective[i] = sign * a;
        }
    }
    writeln!(out, "NAME {name}")?;
    writeln!(out, "ROWS")?;
    writeln!(out, " N obj")?;
    for (i, row) in model.rows.iter().enumerate() {
        let kind = match row.cmp {
            Cmp::AtMost => 'L',
            Cmp::AtLeast => 'G',
            Cmp::Exactly => 'E',
        };
        writeln!(out, " {kind} c{}", i + 1)?;
    }
    // MPS lists coefficients column by column.
    let mut columns: Vec<Vec<(usize, i64)>> = vec![Vec::new(); model.vars.len()];
    for (r, row) in model.rows.iter().enumerate() {
        for &(a, i) in &row.terms {
            columns[i].push((r, a));
        }
    }
    writeln!(out, "COLUMNS")?;
    writeln!(out, " MARKER 'MARKER' 'INTORG'")?;
    for ((var, entries), cost) in model.vars.iter().zip(&columns).zip(&objective) {
        // A column must appear even when no row mentions it.
        writeln!(out, " {} obj {cost}", var.name)?;
        for &(r, a) in entries {
            writeln!(out, " {} c{} {a}", var.name, r + 1)?;
        }
    }
    writeln!(out, " MARKER 'MARKER' 'INTEND'")?;
    writeln!(out, "RHS")?;
    for (i, row) in model.rows.iter().enumerate() {
        if row.rhs != 0 {
            writeln!(out, " RHS c{} {}", i + 1, row.rhs)?;
        }
    }
    // Two spaces after the bound type: CBC reads a bound line whose set name starts in
    // column 5 as fixed MPS (an 8-character set name), which swallows the column's name.
    writeln!(out, "BOUNDS")?;
    for var in &model.vars {
        match var.kind {
            VarKind::Binary => writeln!(out, " BV  BND {}", var.name)?,
            VarKind::Integer { lo, hi } => {
                writeln!(out, " LI  BND {} {lo}", var.name)?;
                writeln!(out, " UI  BND {} {hi}", var.name)?;
            }
        }
    }
    writeln!(out, "ENDATA")
}
