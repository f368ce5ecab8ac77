//! `nqueens generate completion N --given K --blocked B --seed S`: random instances from
//! [`nqueens_queens::generate`], written as our board file or as any export `encode` writes.

use crate::cli::GenerateArgs;
use crate::cli::BOARD_FLAGS;
use crate::cli_inputs::OutArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::generate::{completion, GenerateRefusal, InstanceFormat};
use nqueens_queens::{write_board_file, Export, Rules};

/// What `generate` leaves to do: nothing (the board file is written), or an export that
/// `main` hands to `encode`.
pub enum Generated {
    /// The board file was written.
    Done(ExitStatus),
    /// Write this instance's model as `encode` would, where `-o` says.
    Encode(Box<(Export, Rules, OutArgs)>),
}

pub fn run(args: GenerateArgs) -> Result<Generated, CliError> {
    let n = args.n;
    if let Some(path) = &args.output {
        output::classify(path)?;
    }
    let refused = |e: GenerateRefusal| usage!("{}", e.said(&BOARD_FLAGS));
    let variant = args.variant.unwrap_or_default();
    let rules = completion(n, args.given, args.blocked, variant, args.seed).map_err(refused)?;
    rules.check(n).map_err(CliError::failure)?;
    let format = match args.format {
        InstanceFormat::Board => {
            let comments = vec![
                format!(
                    "nqueens generate completion {n} --given {} --blocked {} --seed {} --variant {variant}",
                    args.given, args.blocked, args.seed
                ),
                "Q: a given queen, #: a blocked square, .: free; rows and columns 0-based from the top left".into(),
            ];
            let text = write_board_file(n, variant, &rules.given, &rules.blocked, &comments);
            output::write_to(args.output.as_deref(), false, |w| {
                w.write_all(text.as_bytes())?;
                Ok(())
            })?;
            return Ok(Generated::Done(ExitStatus::Success));
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
    Ok(Generated::Encode(Box::new((export, rules, out))))
}
