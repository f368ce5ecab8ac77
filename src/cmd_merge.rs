//! `nqueens merge`: sum the shard results of one count run in parts.

use crate::cli::MergeArgs;
use crate::exit::engine_error;
use crate::exit::queens_error;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use cnf_symmetry::OrbitParams;
use count_engine::{merge, MergeReport, ShardFile};
use nqueens_queens::{merge_report, QueensParams};

/// The longest shard result read: a cube is about a hundred bytes, so this holds millions
/// of cubes, far more than any split makes.
const MAX_SHARD_BYTES: u64 = 256 << 20;

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
                return Err(usage!("'-' (standard input) is given twice"));
            }
            // One shard a line, as `cat s1.json s2.json` gives them; each is read (and a
            // bad one refused) as it arrives.
            let stdin = std::io::stdin().lock();
            crate::input::for_each_line(stdin, "standard input", MAX_SHARD_BYTES, |i, line| {
                if !line.trim().is_empty() {
                    files.push(shard_file(format!("stdin line {i}"), line)?);
                }
                Ok::<(), CliError>(())
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
        let by_orbits = merged.key.problem.is::<OrbitParams>();
        let report = MergeReport::new(&merged, by_orbits).map_err(CliError::usage)?;
        output::emit(args.json, &report, || report.text())?;
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
