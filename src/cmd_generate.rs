//! `nqueens generate completion N --given K --blocked B --seed S`: random instances from
//! [`nqueens_queens::generate`], written as our board file or as any export `encode` writes.

use crate::cli::GenerateArgs;
use crate::cli::BOARD_FLAGS;
use crate::cli_inputs::OutArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::generate::{GenerateRefusal, InstanceFormat};
use nqueens_queens::{CompletionAsked, Export};

pub fn run(args: GenerateArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    if let Some(path) = &args.output {
        output::classify(path)?;
    }
    let refused = |e: GenerateRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    let asked = CompletionAsked {
        n,
        given: args.given,
        blocked: args.blocked,
        variant: args.variant.unwrap_or_default(),
        seed: args.seed,
    };
    let rules = asked.generate().map_err(refused)?;
    rules.check(n).map_err(CliError::failure)?;
    let format = match args.format {
        InstanceFormat::Board => {
            let text = asked.board_file(&rules);
            let write = |w: &mut dyn std::io::Write| Ok(w.write_all(text.as_bytes())?);
            output::write_to(args.output.as_deref(), false, write)?;
            return Ok(ExitStatus::Success);
        }
        InstanceFormat::Export(format) => format,
    };
    let mut export = Export::new(n, format);
    export.force = args.force;
    let out = OutArgs {
        output: args.output,
        fsync: false,
    };
    crate::stop::guard_temps();
    crate::cmd_encode::write(&export, &rules, &out)
}
