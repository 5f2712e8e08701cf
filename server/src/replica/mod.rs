//! Replication: a standby server follows the primary's log, the primary waits for the standby's acknowledgement
//! (semi-synchronous, bounded by a timeout that raises an alarm), a standby is promoted with a higher epoch, and a
//! former primary that meets a higher epoch steps down, discards what the new primary never had, and follows.
//!
//! - [`control`]: which mode this server is in, the writer handle (present only on a primary), alarms.
//! - [`hub`]: the primary's view of its standby's acknowledgements.
//! - [`follow`]: the standby's loop: stream, verify, store durably, apply, acknowledge.
//! - [`peer`]: a small gRPC client for the other server (status, acks, single entries).
//! - [`backup`]: consistent export and restore of a data directory.
//!
//! Must not touch the domain's decisions: replication moves stored bytes and applies them exactly as replay does.

pub mod backup;
pub mod control;
pub mod follow;
pub mod hub;
pub mod peer;
pub mod quorum;

pub use control::{Control, Mode};
pub use hub::{Hub, SyncMode};
