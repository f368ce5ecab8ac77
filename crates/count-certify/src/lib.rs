//! Certified model counts: the layout of a proof bundle ([`bundle`]), writing one for a
//! finished count ([`make`]), and checking it independently of the code that counted
//! ([`check`]).

pub mod make;

/// The bundle layout and the independent checker, from the crate `count-certificate`.
pub use count_certificate::{bundle, check};
