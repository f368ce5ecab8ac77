//! The OPB format of the pseudo-Boolean competitions, as Sat4j, RoundingSat and clasp read it:
//! a `* #variable= N #constraint= M` header, variables `x1`..`xN`, `;`-terminated rows using
//! only `>=` and `=` (a `<=` row is negated). OPB has only 0-1 variables, so a general integer
//! `q` in `lo..=hi` is written as `lo + sum 2^j b_j` over new bits, with a row keeping it at
//! most `hi` when the range is not a power of two. [`OpbLayout`] maps an OPB answer back.
//!
//! The objective is a `min:` line: OPB has no `max:` in the competition format, so a
//! maximised objective is written negated (a comment says so). A constant is carried by the
//! binary [`super::OBJECTIVE_CONSTANT`] of the lowering, fixed to 1.

use super::{IlpModel, VarKind};
use std::io::{self, Write};

/// Where each ILP variable lives among the OPB variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpbLayout {
    /// Per ILP variable: its first OPB variable (0-based), its bit count, its offset.
    slots: Vec<(usize, u32, i64)>,
    /// Integers whose range is not a power of two, which need a row keeping them at most
    /// `hi`: their first OPB variable, bit count, and `hi - lo`.
    range_rows: Vec<(usize, u32, i64)>,
    /// OPB variables in all.
    pub vars: usize,
    /// Rows in all (the model's plus the range rows).
    pub rows: usize,
}

impl OpbLayout {
    /// The layout of `model`.
    pub fn of(model: &IlpModel) -> OpbLayout {
        let mut next = 0;
        let mut range_rows = Vec::new();
        let slots = model
            .vars
            .iter()
            .map(|v| {
                let (bits, lo) = match v.kind {
                    VarKind::Binary => (1, 0),
                    VarKind::Integer { lo, hi } => {
                        let span = (hi - lo) as u64;
                        let bits = u64::BITS - span.leading_zeros();
                        if (span + 1) & span != 0 {
                            range_rows.push((next, bits, span as i64));
                        }
                        (bits, lo)
                    }
                };
                let slot = (next, bits, lo);
                next += bits as usize;
                slot
            })
            .collect();
        OpbLayout {
            slots,
            vars: next,
            rows: model.rows.len() + range_rows.len(),
            range_rows,
        }
    }

    /// Whether OPB variable `k` (0-based) occurs in the file: it is a bit of an ILP variable
    /// that `mentioned` marks (a row's or the objective's), or of an integer with a range row.
    pub fn mentions(&self, mentioned: &[bool], k: usize) -> bool {
        let i = self.slots.partition_point(|&(first, _, _)| first <= k) - 1;
        mentioned[i]
            || self
                .range_rows
                .iter()
                .any(|&(first, bits, _)| (first..first + bits as usize).contains(&k))
    }

    /// The ILP values an assignment of the OPB variables spells.
    ///
    /// # Panics
    /// When `bits` is shorter than [`OpbLayout::vars`].
    pub fn values(&self, bits: &[bool]) -> Vec<i64> {
        self.slots
            .iter()
            .map(|&(first, count, lo)| {
                lo + (0..count as usize)
                    .filter(|&j| bits[first + j])
                    .map(|j| 1i64 << j)
                    .sum::<i64>()
            })
            .collect()
    }

    /// `a * x_i` as OPB terms (0-based OPB variables) and the constant it leaves.
    fn expand(&self, a: i64, i: usize, terms: &mut Vec<(i128, usize)>) -> i128 {
        let (first, count, lo) = self.slots[i];
        let a = i128::from(a);
        terms.extend((0..count as usize).map(|j| (a << j, first + j)));
        a * i128::from(lo)
    }
}

/// Writes `model` as OPB; `title` goes into a comment, and one comment line per ILP
/// variable names the OPB variables holding it.
///
/// # Errors
/// When writing fails.
pub fn write_opb(model: &IlpModel, title: &str, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
    let layout = OpbLayout::of(model);
    // A row or objective with no terms is written `+0 x1 ...` (OPB readers want at least one
    // term), so a model with no variable declares one to hold that term.
    let padded = layout.vars == 0 && (model.objective.is_some() || !model.rows.is_empty());
    writeln!(
        out,
        "* #variable= {} #constraint= {}",
        layout.vars.max(usize::from(padded)),
        layout.rows
    )?;
    writeln!(out, "* {title}")?;
    for (v, &(first, count, lo)) in model.vars.iter().zip(&layout.slots) {
        match v.kind {
            VarKind::Binary => writeln!(out, "* x{} = {}", first + 1, v.name)?,
            VarKind::Integer { .. } => writeln!(
                out,
                "* {} = {lo} + bits x{}..x{} (least significant first)",
                v.name,
                first + 1,
                first + count as usize
            )?,
        }
    }
    if let Some(o) = &model.objective {
        let sign = match o.sense {
            crate::Sense::Minimize => 1,
            crate::Sense::Maximize => {
                writeln!(out, "* maximise: min: is the objective negated")?;
                -1
            }
        };
        if let Some(recovery) = o.recovery(sign < 0) {
            writeln!(out, "* {recovery}")?;
        }
        // Objective terms are over the model's 0-1 variables, one OPB variable each. A
        // coefficient past 64 bits (a negated -2^63, or repeated terms merged) is written as
        // several terms over the same variable, each of which fits, as OPB readers add them.
        write!(out, "min:")?;
        if o.terms.is_empty() {
            write!(out, " +0 x1")?;
        }
        for &(a, i) in &o.terms {
            let mut rest = sign * a;
            while rest != 0 {
                let part = rest.clamp(i128::from(i64::MIN), i128::from(i64::MAX));
                write!(out, " {part:+} x{}", layout.slots[i].0 + 1)?;
                rest -= part;
            }
        }
        writeln!(out, " ;")?;
    }
    let mut terms = Vec::new();
    for row in &model.rows {
        terms.clear();
        // In 128 bits: a negated -2^63, or an integer's expansion, passes 64.
        let mut rhs = i128::from(row.rhs);
        for &(a, i) in &row.terms {
            rhs -= layout.expand(a, i, &mut terms);
        }
        let (sign, op) = match row.cmp {
            crate::Cmp::AtMost => (-1, ">="),
            crate::Cmp::AtLeast => (1, ">="),
            crate::Cmp::Exactly => (1, "="),
        };
        if terms.is_empty() {
            write!(out, "+0 x1 ")?;
        }
        write_terms(out, &terms, sign)?;
        writeln!(out, "{op} {} ;", sign * rhs)?;
    }
    for &(first, count, span) in &layout.range_rows {
        terms.clear();
        terms.extend((0..count as usize).map(|j| (1i128 << j, first + j)));
        write_terms(out, &terms, -1)?;
        writeln!(out, ">= {} ;", -i128::from(span))?;
    }
    Ok(())
}

/// Writes `sign * a x_i` for each term; a coefficient past 64 bits is written as several
/// terms over the same variable, each of which fits, as OPB readers add them.
fn write_terms(
    out: &mut (impl Write + ?Sized),
    terms: &[(i128, usize)],
    sign: i128,
) -> io::Result<()> {
    for &(a, i) in terms {
        let mut rest = sign * a;
        loop {
            let part = rest.clamp(i128::from(i64::MIN), i128::from(i64::MAX));
            write!(out, "{part:+} x{} ", i + 1)?;
            rest -= part;
            if rest == 0 {
                break;
            }
        }
    }
    Ok(())
}
