//! Free MPS, as `glpsol --freemps` and CBC read it: rows `c1`, `c2`, ... under a zero objective
//! row `obj`, every column between `INTORG`/`INTEND` markers (all variables are integers),
//! binaries as `BV` bounds and general integers as `LI`/`UI` bounds.

use super::{IlpModel, VarKind};
use crate::Cmp;
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
    for (var, entries) in model.vars.iter().zip(&columns) {
        // A column must appear even when no row mentions it.
        writeln!(out, " {} obj 0", var.name)?;
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
    writeln!(out, "BOUNDS")?;
    for var in &model.vars {
        match var.kind {
            VarKind::Binary => writeln!(out, " BV BND {}", var.name)?,
            VarKind::Integer { lo, hi } => {
                writeln!(out, " LI BND {} {lo}", var.name)?;
                writeln!(out, " UI BND {} {hi}", var.name)?;
            }
        }
    }
    writeln!(out, "ENDATA")
}
