//! `nqueens symmetries FILE`: the symmetries of a DIMACS formula, found without being told.

use crate::cli::SymmetriesArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use std::io::Write;

pub fn run(args: SymmetriesArgs) -> Result<ExitStatus, CliError> {
    let name = args.file.display().to_string();
    let cnf = crate::cmd_count_cnf::read(&args.file, &name, false)?;
    let mut shown = vec![cnf.shown.is_none(); cnf.num_vars];
    for v in cnf.shown.iter().flatten() {
        shown[v.index()] = true;
    }
    let start = std::time::Instant::now();
    let s = nqueens_symmetry::find(cnf.num_vars, &cnf.clauses, &shown, args.budget);
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
            "generators": cycles,
            "nodes": s.nodes,
            "elapsed_s": elapsed,
        });
        writeln!(out, "{obj}")?;
    } else {
        let bound = if s.complete { "" } else { "at least " };
        writeln!(
            out,
            "{name}: group of order {bound}{} from {} generators ({} search nodes, {elapsed:.3} s)",
            s.order,
            s.generators.len(),
            s.nodes
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
                "  the search stopped at its budget of {} nodes: the group may be larger (--budget)",
                args.budget
            )?;
        }
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
