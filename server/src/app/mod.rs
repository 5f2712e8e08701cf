//! The application core: the one path every door takes to read the register and to change it. gRPC
//! (`service`), the desk and board pages (`web`) and the server's own start-up decode their input, call
//! [`Core::read`] or [`Core::write`], and render the answer; nothing a door decides twice lives here.
//!
//! Owns the role check per command (the table is `auth::role::required`), a request's meta, the hand-over to the
//! writer, the wait until a write is kept (replication), the draw paired aside ([`draw_aside`]), and the typed
//! [`Refusal`] each door words for its people. Must not know any door: no tonic, no protobuf, no HTTP.
//!
//! - [`write`]: the write path.
//! - [`refusal`]: what a refusal is, and its kind.
//! - [`draw_aside`]: the director's draw, paired off the writer.
//! - [`dry_run`]: commands rehearsed on a scratch copy, nothing written.
//! - [`import`]: players from another program's file as registrations, previewed before they are written.
//! - [`rating_list`]: an uploaded rating list as the commands that load it.
//! - [`explain`]: why two players stand where they do, and why the draw did (not) pair them.
//! - [`seen`]: when each terminal last reached this server.
//! - [`fees`]: a participant's fee account at this venue, and its lines in words.
//! - [`documents`]: which sheet or money report a terminal may have, and the document.
//! - [`players`]: a player's own check-in and result with their personal code, and the guard against guessing.

pub mod documents;
pub mod draw_aside;
pub mod dry_run;
pub mod explain;
pub mod fees;
pub mod import;
pub mod players;
pub mod prizes;
pub mod rating_list;
pub mod refusal;
pub mod roster;
pub mod seen;
pub mod teams;
pub mod venue;
pub mod write;

pub use refusal::{Current, Kind, Refusal};

use crate::domain::{ParticipantId, State, TournamentId};
use crate::log::{Committed, LogStore};
use crate::replica::Control;
use std::sync::{Arc, RwLock};
use tokio::sync::broadcast;

/// What every door shares: the readers' state, the writer, the store (for history) and the live feed.
pub struct Core {
    /// The applied (durable) state.
    pub state: Arc<RwLock<State>>,
    /// Mode (primary/standby), the writer a primary holds, the standby's acknowledgements, alarms.
    pub control: Arc<Control>,
    /// The log, for streaming history.
    pub store: Arc<dyn LogStore>,
    /// Live committed entries.
    pub published: broadcast::Sender<Arc<Committed>>,
    /// When this server started (ms since the Unix epoch).
    pub started_at_ms: i64,
    /// Becomes true when the server shuts down, so long-lived streams end and shutdown is not held up.
    pub stopping: tokio::sync::watch::Receiver<bool>,
    /// When each terminal last reached this server (either door).
    pub seen: seen::LastSeen,
    /// Wrong personal codes lately, per device and per player.
    pub codes: players::CodeGuard,
}

/// Which record a command targets, so a refusal for a stale revision names the record as it is now.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    /// No single record.
    None,
    /// The event's details.
    Event,
    /// A tournament.
    Tournament(TournamentId),
    /// A participant.
    Participant(ParticipantId),
    /// A tournament's rounds: a stale revision carries the latest round.
    Rounds(TournamentId),
}

/// What a mutating request carries beside its command: the id that makes it idempotent, and the person at the
/// terminal for the audit log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Meta {
    /// A fresh id per command; a retry sends the same one.
    pub request_id: String,
    /// The volunteer at the terminal (may be empty).
    pub operator: String,
}

impl Meta {
    /// A request's meta.
    pub fn new(request_id: impl Into<String>, operator: impl Into<String>) -> Meta {
        Meta {
            request_id: request_id.into(),
            operator: operator.into(),
        }
    }
}

impl Core {
    /// Reads the applied state.
    pub fn read<R>(&self, f: impl FnOnce(&State) -> R) -> Result<R, Refusal> {
        let state = self
            .state
            .read()
            .map_err(|_| Refusal::Internal("state lock poisoned".into()))?;
        Ok(f(&state))
    }
}
