//! `nqueens merge`: sum the shard results of one count run in parts.

use crate::cli::MergeArgs;
use crate::exit::engine_error;
use crate::exit::queens_error;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use cnf_symmetry::OrbitParams;
use count_engine::{merge, ShardFile};
use nqueens_queens::{merge_report, QueensParams};
use serde::Serialize;

/// The longest shard result read: a cube is about a hundred bytes, so this holds millions
/// of cubes, far more than any split makes.
const MAX_SHARD_BYTES: u64 = 256 << 20;

/// Merged shards of a count of any model.
#[derive(Serialize)]
struct ModelMerge {
    count: Box<serde_json::value::RawValue>,
    /// For a `--symmetry auto` count: the exact number of orbits (as `count` prints it).
    #[serde(skip_serializing_if = "Option::is_none")]
    orbits: Option<Box<serde_json::value::RawValue>>,
    models_checked: u64,
    shards: usize,
    cubes: usize,
    key: count_engine::RunKey,
    elapsed_s: f64,
}

/// A shard result named `name` (for messages) from its JSON text.
fn shard_file(name: String, text: &str) -> Result<(String, ShardFile), CliError> {
    let file: ShardFile = serde_json::from_str(text)
        .with_context(|| format!("'{name}' is not a shard result of 'nqueens count --shard'"))
        .map_err(CliError::usage)?;
    Ok((name, file))
}

pub fn run(args: MergeArgs) -> Result<ExitStatus, CliError> {
    let mut files = Vec::new();
    let mut stdin_read = false;
    for path in &args.files {
        if path.as_os_str() == "-" {
            if std::mem::replace(&mut stdin_read, true) {
                return Err(CliError::usage(anyhow::anyhow!(
                    "'-' (standard input) is given twice"
                )));
            }
            // One shard a line, as `cat s1.json s2.json` gives them; each is read (and a
            // bad one refused) as it arrives.
            let stdin = std::io::stdin().lock();
            crate::input::for_each_line(stdin, "standard input", MAX_SHARD_BYTES, |i, line| {
                if !line.trim().is_empty() {
                    files.push(shard_file(format!("stdin line {i}"), line)?);
                }
                Ok(())
            })?;
            continue;
        }
        // A file holds one shard result or several, one a line (as `cat` joins them).
        let name = path.display().to_string();
        let text = crate::input::read_text(path, &format!("'{name}'"), MAX_SHARD_BYTES)?;
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        match lines.as_slice() {
            [_] | [] => files.push(shard_file(name, &text)?),
            many => {
                for (i, line) in many {
                    files.push(shard_file(format!("{name} line {}", i + 1), line)?);
                }
            }
        }
    }
    let merged = merge(&files).map_err(engine_error)?;
    if !merged.key.problem.is::<QueensParams>() {
        // Orbit counts: the product of the parts' orbits, times 2 per free variable, as the
        // unsharded count computes them.
        let orbits = (merged.key.problem.is::<OrbitParams>())
            .then(|| count_engine::combine_orbits(&merged.parts, merged.key.free_vars));
        let report = ModelMerge {
            count: serde_json::value::RawValue::from_string(merged.count.to_string())
                .map_err(CliError::failure)?,
            orbits: orbits
                .as_ref()
                .map(|o| serde_json::value::RawValue::from_string(o.to_string()))
                .transpose()
                .map_err(CliError::failure)?,
            models_checked: merged
                .parts
                .iter()
                .try_fold(0u64, |sum, p| sum.checked_add(p.found))
                .ok_or_else(|| {
                    CliError::usage(anyhow::anyhow!(
                        "the shards' model counts overflow 64 bits: a shard file was tampered with"
                    ))
                })?,
            shards: merged.shards,
            cubes: merged.key.cubes,
            key: merged.key.clone(),
            elapsed_s: merged.elapsed_s,
        };
        output::emit(args.json, &report, || {
            let orbits = orbits
                .as_ref()
                .map_or(String::new(), |o| format!(" ({o} orbits)"));
            format!(
                "{} models{orbits}   merged {} shards, {} cubes   ({})",
                merged.count, report.shards, report.cubes, report.key
            )
        })?;
        return Ok(ExitStatus::Success);
    }
    let report = merge_report(merged).map_err(queens_error)?;
    output::emit(args.json, &report, || report.to_string())?;
    Ok(if report.verdict.matches == Some(false) {
        ExitStatus::Mismatch
    } else {
        ExitStatus::Success
    })
}
