//! The register's pure core: records, commands, events, decisions and the state they fold into.
//! No I/O, no async, no clock: the writer supplies time and entropy through `Context`.

pub mod code;
pub mod command;
pub mod decide;
pub mod error;
pub mod event;
pub mod fees;
pub mod field;
pub mod ids;
pub mod ladder;
pub mod lifecycle;
pub mod name;
pub mod rank;
pub mod ratings;
pub mod record;
pub mod round;
pub mod setup;
pub mod slip;
pub mod state;
pub mod team_play;
pub mod teams;
pub mod timetable;
pub mod validate;
pub mod venue;

pub use command::{Actor, Command, Context, EnterSpec};
pub use decide::decide;
pub use error::{PlayerRefused, Rejected};
pub use event::{Event, StatusChange};
pub use ids::{Epoch, ParticipantId, Revision, Seq, SlipId, TokenId, TournamentId};
pub use rank::Rank;
pub use record::*;
pub use slip::{Slip, SlipProposal, SlipState};
pub use state::{RequestKey, RequestRecord, State, Subject};
