//! The few things every crate of the nqueens toolkit shares that carry no encoding: the one
//! stop type ([`StopFlag`]), option values chosen by name with one message for a name that is
//! none of them ([`named`]) and written by name in JSON ([`by_name`]), how a reader quotes
//! what it refuses ([`excerpt`]), whose an error is ([`Blame`]) and how it is said on one line ([`one_line`]), and how a report says a number of things ([`plural`]).
//!
//! It depends on no crate of the workspace. The model crate re-exports all of it at its old
//! paths (`zero_one_model::StopFlag`, `zero_one_model::named`, `zero_one_model::excerpt`);
//! the bitboard oracle, which may share no code with the encodings, takes its stop flag from
//! here.

pub mod by_name;
mod excerpt;
mod fault;
pub mod named;
mod one_line;
mod plural;
mod stop;

pub use excerpt::{excerpt, excerpt_bytes, EXCERPT_CHARS};
pub use fault::{cause, Blame, Fault};
pub use one_line::one_line;
pub use plural::{human_seconds, plural};
pub use stop::StopFlag;
