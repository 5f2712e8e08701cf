//! The one place where wire types (`tengen_proto::v1`) meet domain types. Parsing from the wire validates what
//! the type system cannot (ranks, roles, systems, names of rules) and reports it as `Rejected::Invalid`; wire
//! defaults for left-out settings are applied here. Rounds, games and log subjects need the state for names,
//! numbers and ranks in force. Must not decide anything: the domain does.
//!
//! One file per subject: [`register`] participants and the event, [`settings`] a tournament's settings,
//! [`tokens`] roles and tokens, [`rounds`] rounds, games and results, [`slips`] change slips, [`log`] log entries
//! and their summary lines.

mod log;
mod register;
mod rounds;
mod settings;
mod slips;
mod tokens;

pub use log::*;
pub use register::*;
pub use rounds::*;
pub use settings::*;
pub use slips::*;
pub use tokens::*;

#[cfg(test)]
mod tests;
