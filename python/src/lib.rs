//! The Python module `nqueens_kit`: the toolkit's front door (the crate `nqueens-kit`) with
//! Python values in and out, and no logic of its own beyond converting them. Each submodule
//! owns one topic: formulas and files ([`formula`]), counting and solutions ([`count`]),
//! encodings PySAT-style ([`encode`]), 0-1 models, their files and optimisation
//! ([`model`]), certified counts and symmetries ([`certify`]); [`run`] is how every long
//! call releases the GIL and turns Ctrl-C into `KeyboardInterrupt`.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

mod certify;
mod count;
mod encode;
mod formula;
mod model;
mod run;

create_exception!(
    nqueens_kit,
    Error,
    PyException,
    "A failure the toolkit reports (a backend, the counter, a bundle); the message is the library's."
);
create_exception!(
    nqueens_kit,
    ParseError,
    Error,
    "A DIMACS or OPB text the readers refuse; the message names the line."
);

/// The module: every function and class, and the two exceptions.
#[pymodule]
#[pyo3(name = "nqueens_kit")]
fn nqueens_kit_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    formula::register(m)?;
    count::register(m)?;
    encode::register(m)?;
    model::register(m)?;
    certify::register(m)?;
    Ok(())
}
