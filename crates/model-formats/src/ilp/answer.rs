//! Reading what an ILP or pseudo-Boolean solver answered for a file we wrote: GLPK's
//! printable solution (`glpsol -o FILE`), CBC's solution file (`cbc F.lp solve solu FILE`),
//! and the competition `s`/`v` lines of OPB solvers (Sat4j, RoundingSat). The format is
//! recognised from the text. Values come back by ILP variable, still to be checked with
//! [`IlpModel::check_raw`].

use super::opb::OpbLayout;
use super::IlpModel;
use std::collections::HashMap;
use std::fmt;

/// What the solver said.
#[derive(Clone, Debug, PartialEq)]
pub enum IlpAnswer {
    /// A value for every ILP variable, in model order.
    Values(Vec<f64>),
    /// The solver proved the model infeasible.
    Infeasible,
    /// The solver stopped without an answer (time limit, ...): its status line.
    Unknown(String),
}

/// Why a solver answer cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    /// 1-based line, 0 when the problem is the text as a whole.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => f.write_str(&self.message),
            l => write!(f, "line {l}: {}", self.message),
        }
    }
}

impl std::error::Error for AnswerError {}

fn fail(line: usize, message: impl Into<String>) -> AnswerError {
    AnswerError {
        line,
        message: message.into(),
    }
}

/// The answer formats [`read_answer`] knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnswerFormat {
    /// `glpsol -o FILE`: a `Problem:` header, a `Status:` line and a column table.
    Glpk,
    /// CBC's `solu FILE`: a status line ending in `objective value ...`, then the nonzeros.
    Cbc,
    /// PB competition output: an `s` line and `v` lines over `x1`.. `xN`.
    Opb,
}

/// The format of a solver's answer, or `None` when it is none of [`AnswerFormat`] (a SAT
/// solver's answer, say). An answer with an `s` line and no `v` line (unsatisfiable) counts
/// as OPB: SAT and PB outputs say the same thing then.
pub fn answer_format(text: &str) -> Option<AnswerFormat> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    if first.starts_with("Problem:") {
        return Some(AnswerFormat::Glpk);
    }
    if first.contains("objective value") {
        return Some(AnswerFormat::Cbc);
    }
    let mut values = text.lines().filter_map(|l| l.strip_prefix("v "));
    let opb = match values.next() {
        Some(v) => v.trim_start().trim_start_matches('-').starts_with('x'),
        None => text.lines().any(|l| l.starts_with("s ")),
    };
    opb.then_some(AnswerFormat::Opb)
}

/// Reads a solver's answer for `model`.
///
/// # Errors
/// When the text is in no known format, names a variable the model lacks, or misses one.
pub fn read_answer(text: &str, model: &IlpModel) -> Result<IlpAnswer, AnswerError> {
    match answer_format(text) {
        Some(AnswerFormat::Glpk) => read_glpk(text, model),
        Some(AnswerFormat::Cbc) => read_cbc(text, model),
        Some(AnswerFormat::Opb) => read_opb(text, model),
        None => Err(fail(
            0,
            "not a glpsol -o solution, a CBC solution file or OPB solver output",
        )),
    }
}

/// Values by variable from (name, line, value) triples in file order; the first unknown name,
/// or the first name given a second time (which value would be the answer?), is the error.
fn by_name(
    model: &IlpModel,
    found: Vec<(&str, usize, f64)>,
    default: Option<f64>,
) -> Result<Vec<f64>, AnswerError> {
    let index: HashMap<&str, usize> = model
        .vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    let mut values: Vec<Option<(f64, usize)>> = vec![None; model.vars.len()];
    for (name, line, value) in found {
        let i = *index
            .get(name)
            .ok_or_else(|| fail(line, format!("unknown variable '{name}'")))?;
        if let Some((_, first)) = values[i] {
            return Err(fail(
                line,
                format!("variable '{name}' is given a second value (the first is on line {first})"),
            ));
        }
        values[i] = Some((value, line));
    }
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            v.map(|(value, _)| value)
                .or(default)
                .ok_or_else(|| fail(0, format!("no value for variable {}", model.vars[i].name)))
        })
        .collect()
}

fn number(line: usize, token: &str) -> Result<f64, AnswerError> {
    token
        .parse()
        .map_err(|_| fail(line, format!("expected a number, found '{token}'")))
}

fn read_glpk(text: &str, model: &IlpModel) -> Result<IlpAnswer, AnswerError> {
    let status = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Status:"))
        .map(str::trim)
        .ok_or_else(|| fail(0, "glpsol output without a Status line"))?;
    match status {
        "INTEGER OPTIMAL" | "INTEGER FEASIBLE" | "OPTIMAL" | "FEASIBLE" => {}
        "INTEGER EMPTY" | "INFEASIBLE (FINAL)" | "EMPTY" => return Ok(IlpAnswer::Infeasible),
        other => return Ok(IlpAnswer::Unknown(other.to_string())),
    }
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains("Column name"))
        .ok_or_else(|| fail(0, "glpsol output without a column table"))?;
    let mut found = Vec::new();
    let mut k = start + 2;
    while k < lines.len() {
        let mut tokens: Vec<&str> = lines[k].split_whitespace().collect();
        if tokens.is_empty() || tokens[0].parse::<usize>().is_err() {
            break;
        }
        // A long name stands alone; its numbers follow on the next line.
        if tokens.len() == 2 && k + 1 < lines.len() {
            k += 1;
            tokens.extend(lines[k].split_whitespace());
        }
        let value = match tokens.get(2) {
            Some(&"*") => tokens.get(3),
            other => other,
        }
        .ok_or_else(|| fail(k + 1, "column without an activity"))?;
        found.push((tokens[1], k + 1, number(k + 1, value)?));
        k += 1;
    }
    by_name(model, found, None).map(IlpAnswer::Values)
}

fn read_cbc(text: &str, model: &IlpModel) -> Result<IlpAnswer, AnswerError> {
    let mut lines = text.lines().enumerate();
    let (_, status) = lines.next().expect("a first line");
    let status = status.trim();
    if status.starts_with("Infeasible") || status.starts_with("Integer infeasible") {
        return Ok(IlpAnswer::Infeasible);
    }
    if !status.starts_with("Optimal") {
        return Ok(IlpAnswer::Unknown(status.to_string()));
    }
    let mut found = Vec::new();
    for (i, line) in lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match tokens.as_slice() {
            [] => {}
            [_, name, value, ..] => {
                let value = value.trim_start_matches("**");
                found.push((*name, i + 1, number(i + 1, value)?));
            }
            _ => return Err(fail(i + 1, "expected: index name value")),
        }
    }
    // CBC lists the variables that are not zero.
    by_name(model, found, Some(0.0)).map(IlpAnswer::Values)
}

fn read_opb(text: &str, model: &IlpModel) -> Result<IlpAnswer, AnswerError> {
    let layout = OpbLayout::of(model);
    let mut bits: Vec<Option<bool>> = vec![None; layout.vars];
    let mut status = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(s) = line.strip_prefix("s ") {
            status = Some(s.trim().to_string());
        } else if let Some(v) = line.strip_prefix("v ") {
            for token in v.split_whitespace() {
                let (value, name) = match token.strip_prefix('-') {
                    Some(rest) => (false, rest),
                    None => (true, token),
                };
                let k: usize = name
                    .strip_prefix('x')
                    .and_then(|d| d.parse().ok())
                    .filter(|&k| (1..=layout.vars).contains(&k))
                    .ok_or_else(|| fail(i + 1, format!("unknown variable '{token}'")))?;
                if bits[k - 1].is_some_and(|b| b != value) {
                    return Err(fail(i + 1, format!("x{k} is given both values")));
                }
                bits[k - 1] = Some(value);
            }
        }
    }
    match status.as_deref() {
        Some("SATISFIABLE" | "OPTIMUM FOUND") => {}
        Some("UNSATISFIABLE") => return Ok(IlpAnswer::Infeasible),
        Some(other) => return Ok(IlpAnswer::Unknown(other.to_string())),
        None => return Err(fail(0, "OPB output without an 's' line")),
    }
    // Sat4j, for one, gives no value to a variable in no row and not in the objective: such a
    // variable is free, so either value is right (false is taken).
    let mut mentioned = vec![false; model.vars.len()];
    let objective = model
        .objective
        .iter()
        .flat_map(|o| o.terms.iter().map(|&(_, i)| i));
    for i in model
        .rows
        .iter()
        .flat_map(|r| r.terms.iter().map(|&(_, i)| i))
        .chain(objective)
    {
        mentioned[i] = true;
    }
    let bits: Vec<bool> = bits
        .iter()
        .enumerate()
        .map(|(k, b)| match b {
            Some(b) => Ok(*b),
            None if !layout.mentions(&mentioned, k) => Ok(false),
            None => Err(fail(0, format!("no value for x{}", k + 1))),
        })
        .collect::<Result<_, _>>()?;
    Ok(IlpAnswer::Values(
        layout.values(&bits).into_iter().map(|v| v as f64).collect(),
    ))
}
