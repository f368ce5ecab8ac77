//! `nqueens stats N --variant domination`: the size of the domination model with its bound
//! (`--queens K`, else the known domination number) under every cardinality encoding.

use crate::cli::StatsArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_queens::{Domination, DominationModel};
use std::io::Write;
use zero_one_model::{CardEncoding, CnfOptions};

pub fn run(args: StatsArgs, d: Domination) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let b = &args.board;
    if b.given.is_some() || b.blocked.is_some() || b.given_file.is_some() {
        return Err(CliError::usage(anyhow!(
            "--given, --blocked and --given-file do not apply to --variant {d}"
        )));
    }
    if n > crate::domination::MAX_N && !args.force {
        return Err(CliError::usage(anyhow!(
            "n = {n}: domination models past n = {} are very large; pass --force",
            crate::domination::MAX_N
        )));
    }
    let k = match (b.queens, d.known_number(n)) {
        (Some(k), _) => k as usize,
        (None, Some(k)) => k,
        (None, None) => {
            return Err(CliError::usage(anyhow!(
                "n = {n}: no known {} value for the bound; give it with --queens K",
                d.number_sequence()
            )))
        }
    };
    let m = DominationModel::new(n, d, Some(k));
    let mut out = output::stdout();
    if !args.json {
        writeln!(out, "Q({n}) {d}, at most {k} queens")?;
        writeln!(
            out,
            "{:<12} {:>9} {:>9} {:>11} {:>12}",
            "card", "shown", "aux", "clauses", "literals"
        )?;
    }
    for card in CardEncoding::ALL {
        let options = CnfOptions {
            card,
            ..CnfOptions::default()
        };
        let info = zero_one_model::cnf_size(m.model(), &options).map_err(CliError::failure)?;
        if args.json {
            let obj = serde_json::json!({
                "n": n, "variant": d.name(), "k": k, "card": card.name(),
                "shown": info.model_vars, "aux": info.aux_vars,
                "clauses": info.clauses, "literals": info.literals,
            });
            writeln!(out, "{obj}")?;
        } else {
            writeln!(
                out,
                "{:<12} {:>9} {:>9} {:>11} {:>12}",
                card.name(),
                info.model_vars,
                info.aux_vars,
                info.clauses,
                info.literals
            )?;
        }
    }
    Ok(ExitStatus::Success)
}
