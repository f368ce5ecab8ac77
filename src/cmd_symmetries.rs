//! `nqueens symmetries FILE`: the symmetries of a DIMACS formula, found without being told.

use crate::cli::SymmetriesArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use std::io::Write;

pub fn run(args: SymmetriesArgs) -> Result<ExitStatus, CliError> {
    let name = args.file.display().to_string();
    let reading = crate::stop::reading(&name, args.json);
    let cnf = crate::input::read_cnf(&args.file, &name, &Default::default())?;
    drop(reading);
    cnf_symmetry::check_size(cnf.num_vars, &cnf.clauses).map_err(|e| usage!("'{name}': {e}"))?;
    let mut shown = vec![cnf.shown.is_none(); cnf.num_vars];
    for v in cnf.shown.iter().flatten() {
        shown[v.index()] = true;
    }
    let start = std::time::Instant::now();
    let s = cnf_symmetry::find(cnf.num_vars, &cnf.clauses, &shown, args.budget);
    let elapsed = start.elapsed().as_secs_f64();
    let cycles: Vec<Vec<Vec<i64>>> = (0..s.generators.len()).map(|i| s.cycles(i)).collect();
    let mut out = output::stdout();
    if args.json {
        let obj = serde_json::json!({
            "file": name,
            "vars": cnf.num_vars,
            "clauses": cnf.clauses.len(),
            "projection_size": shown.iter().filter(|&&x| x).count(),
            "order": serde_json::Value::String(s.order.to_string()),
            "complete": s.complete,
            "unexpanded_free_vars": s.unexpanded,
            "generators": cycles,
            "nodes": s.nodes,
            "elapsed_s": elapsed,
        });
        writeln!(out, "{obj}")?;
    } else {
        let bound = if s.complete { "" } else { "at least " };
        // 2^k k! for k variables in no clause, when too large to write out.
        let factors: String = s
            .unexpanded
            .iter()
            .map(|k| format!(" x 2^{k}·{k}! ({k} variables in no clause)"))
            .collect();
        writeln!(
            out,
            "{name}: group of order {bound}{}{factors} from {} ({}, {elapsed:.3} s)",
            s.order,
            counted(s.generators.len() as u64, "generator"),
            counted(s.nodes, "search node")
        )?;
        for (i, g) in cycles.iter().enumerate() {
            let text: Vec<String> = g
                .iter()
                .map(|c| {
                    let lits: Vec<String> = c.iter().map(i64::to_string).collect();
                    format!("({})", lits.join(" "))
                })
                .collect();
            writeln!(out, "  g{}: {}", i + 1, text.join(""))?;
        }
        if !s.complete {
            writeln!(
                out,
                "  the search stopped at its budget of {}: the group may be larger (--budget)",
                counted(args.budget, "node")
            )?;
        }
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// `count` `thing`s, in the singular for one.
fn counted(count: u64, thing: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{count} {thing}{s}")
}
