//! Replication: the machines of a venue hold one log through Raft ([`quorum`]: three voters, or a voter and a
//! learner with a manual take-over), and [`backup`] exports and restores a data directory.
//!
//! - [`control`]: which mode this server is in, the writer handle (present only on the leader), alarms.
//! - [`quorum`]: Raft (openraft): the log store, the state machine, the network, elections, members, take-over.
//! - [`backup`]: consistent export and restore of a data directory.
//!
//! Must not touch the domain's decisions: replication moves stored bytes and applies them exactly as replay does.

pub mod backup;
pub mod control;
pub mod quorum;

pub use control::{Control, Mode};
