//! Reading a DIMACS file the user hands over, its warnings said on stderr; the bounded
//! readers are the library's ([`zero_one_model::input`]).

use crate::exit::CliError;
use std::path::Path;
use zero_one_model::dimacs::{Cnf, ReadOptions};

/// Reads the DIMACS file at `path` (`-`: stdin) as `options` say (weights read into
/// [`Cnf::weights`] when asked), printing its warnings; `name` is how messages call it.
///
/// # Errors
/// Exit code 2 for a file that cannot be read or does not parse.
pub fn read_cnf(path: &Path, name: &str, options: &ReadOptions) -> Result<Cnf, CliError> {
    let cnf = zero_one_model::input::read_dimacs_file(path, name, options)?;
    for w in &cnf.warnings {
        eprintln!("nqueens: warning: '{name}': {w}");
    }
    Ok(cnf)
}
