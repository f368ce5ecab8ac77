//! `nqueens merge`: sum the shard results of one count run in parts.

use crate::cli::MergeArgs;
use crate::cmd_count::driver_error;
use crate::cmd_count::engine_error;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use nqueens_driver::{merge_report, queens_n};
use nqueens_engine::{merge, ShardFile};
use serde::Serialize;

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
    key: nqueens_engine::RunKey,
    elapsed_s: f64,
}

pub fn run(args: MergeArgs) -> Result<ExitStatus, CliError> {
    let mut files = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read '{name}'"))
            .map_err(CliError::usage)?;
        let file: ShardFile = serde_json::from_str(&text)
            .with_context(|| format!("'{name}' is not a shard result of 'nqueens count --shard'"))
            .map_err(CliError::usage)?;
        files.push((name, file));
    }
    let merged = merge(&files).map_err(engine_error)?;
    if queens_n(&merged.key).is_none() {
        // Orbit counts (`problem: model-orbits`): the product of the parts' orbits, times 2
        // per free variable, as the unsharded count computes them.
        let orbits = (merged.key.problem.get("problem").and_then(|p| p.as_str())
            == Some("model-orbits"))
        .then(|| nqueens_engine::combine_orbits(&merged.parts, merged.key.free_vars));
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
    let report = merge_report(merged).map_err(driver_error)?;
    output::emit(args.json, &report, || report.to_string())?;
    Ok(if report.verdict.matches == Some(false) {
        ExitStatus::Mismatch
    } else {
        ExitStatus::Success
    })
}
