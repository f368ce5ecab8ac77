//! How large a formula a symmetry search takes (`symmetries`, `break`, `count --symmetry
//! auto`): refused before any allocation for its graph.

use crate::exit::CliError;

/// The most variables a symmetry search takes: its graph has two vertices per variable and
/// one per clause, each with a list of neighbours.
pub(crate) const MAX_SYMMETRY_VARS: usize = 1 << 22;

/// The most literal occurrences a symmetry search takes (each is two edges of its graph).
pub(crate) const MAX_SYMMETRY_LITERALS: usize = 1 << 26;

/// Refuses a formula too large to search for symmetries (exit 2), before any allocation for
/// its graph.
pub(crate) fn check_size(cnf: &zero_one_model::dimacs::Cnf, name: &str) -> Result<(), CliError> {
    let literals: usize = cnf.clauses.iter().map(Vec::len).sum();
    if cnf.num_vars > MAX_SYMMETRY_VARS || literals > MAX_SYMMETRY_LITERALS {
        return Err(CliError::usage(anyhow::anyhow!(
            "'{name}': {} variables and {literals} literals: a symmetry search takes at most {MAX_SYMMETRY_VARS} variables and {MAX_SYMMETRY_LITERALS} literals",
            cnf.num_vars
        )));
    }
    Ok(())
}
