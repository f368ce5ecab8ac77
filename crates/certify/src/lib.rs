//! Certified model counts: writing proof bundles ([`bundle`]) and checking them independently
//! of the code that counted ([`check`]).

pub mod bundle;
pub mod check;
