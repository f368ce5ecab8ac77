//! Certified model counts: writing proof bundles ([`bundle`]) and checking them independently
//! of the code that counted.

pub mod bundle;
