//! `nqueens oeis`: the known values every count is checked against, for each variant.

use crate::cli::OeisArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::oeis;
use std::io::Write;

pub fn run(args: OeisArgs) -> Result<ExitStatus, CliError> {
    let variant = args.variant.unwrap_or_default();
    let all_seq = oeis::sequence(variant);
    let fundamental_seq = oeis::fundamental_sequence(variant);
    let mut out = output::stdout();
    if !args.json {
        match fundamental_seq {
            Some(f) => writeln!(
                out,
                "{:>3}  {:>22}  {:>22}",
                "n",
                format!("{all_seq} (all)"),
                format!("{f} (fundamental)")
            )?,
            None => writeln!(out, "{:>3}  {:>22}", "n", format!("{all_seq} (all)"))?,
        }
    }
    for n in 1..=oeis::max_known(variant) {
        let all = oeis::variant_solutions(variant, n).expect("in table");
        let fundamental = oeis::variant_fundamental(variant, n);
        if args.json {
            let mut obj = serde_json::json!({ "n": n });
            obj[all_seq.to_lowercase()] = all.into();
            if let (Some(seq), Some(f)) = (fundamental_seq, fundamental) {
                obj[seq.to_lowercase()] = f.into();
            }
            writeln!(out, "{obj}")?;
        } else {
            match fundamental {
                Some(f) => writeln!(out, "{n:>3}  {all:>22}  {f:>22}")?,
                None => writeln!(out, "{n:>3}  {all:>22}")?,
            }
        }
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
