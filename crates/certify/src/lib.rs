//! Certified model counts: the layout of a proof bundle ([`bundle`]), writing one for a
//! finished count ([`make`]), and checking it independently of the code that counted
//! ([`check`]).

pub mod bundle;
pub mod check;
pub mod make;
