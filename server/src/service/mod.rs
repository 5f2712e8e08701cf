//! The gRPC services: one file per service, `convert` for wire types, `status` for errors.
//! Services authenticate (interceptor), check the role matrix, then either read the applied state or submit a
//! command to the writer and answer once it is durable.

pub mod admin;
pub mod convert;
pub mod draw_aside;
pub mod dry_run;
pub mod log;
pub mod ratings;
pub mod register;
pub mod replication;
pub mod results;
pub mod rounds;
pub mod status;

use crate::auth::{Action, Caller};
use crate::domain::round::RoundRecord;
use crate::domain::{
    Actor, Command, ParticipantId, Rejected, Revision, Role, State, Subject, TournamentId,
};
use crate::log::{Committed, LogStore, Outcome, WriteError};
use crate::replica::hub::Replicated;
use crate::replica::{follow, Control};
use prost::Message;
use std::sync::{Arc, RwLock};
use tengen_proto::v1 as pb;
use tokio::sync::broadcast;
use tonic::Status;
use tracing::Instrument;

/// The longest request id a client may send.
const MAX_REQUEST_ID: usize = 128;

/// What every service shares: the readers' state, the writer, the store (for history) and the live feed.
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
}

/// Which record a command targets, to attach its current version to a conflict.
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

impl Core {
    /// Reads the applied state.
    pub fn read<R>(&self, f: impl FnOnce(&State) -> R) -> Result<R, Status> {
        let state = self
            .state
            .read()
            .map_err(|_| Status::internal("state lock poisoned"))?;
        Ok(f(&state))
    }

    /// Submits a command for `caller` and waits until it is durable.
    ///
    /// Each door checks its caller's role before building a command; this checks once more, whatever the door, that
    /// the anonymous public board (`Role::Public`, which has no token) sends nothing but change slips, and that
    /// only roles allowed `SubmitSlip` send slips. A draw is paired aside first ([`draw_aside`]), so the writer
    /// never stops for the engine.
    pub async fn write(
        &self,
        caller: &Caller,
        meta: Option<pb::RequestMeta>,
        cmd: Command,
        target: Target,
    ) -> Result<Outcome, Status> {
        check_door(caller, &cmd)?;
        if draw_aside::applies(&cmd) {
            return draw_aside::write(self, caller, meta, cmd, target).await;
        }
        self.submit(caller, meta, cmd)
            .await?
            .map_err(|err| self.refusal(err, target, caller))
    }

    /// Hands `cmd` to the writer and waits until it is durable (and replicated). The writer's refusal comes back
    /// as it is (the inner result), for a caller that acts on it; the outer error is already a status. Reached
    /// only through [`Core::write`], which has checked the door.
    pub(crate) async fn submit(
        &self,
        caller: &Caller,
        meta: Option<pb::RequestMeta>,
        cmd: Command,
    ) -> Result<Result<Outcome, WriteError>, Status> {
        let (request_id, meta) = checked_meta(meta)?;
        let span = tracing::info_span!(
            "command",
            command = cmd.name(),
            terminal = %caller.terminal,
            request_id = %request_id
        );
        let actor = Actor {
            terminal: caller.terminal.clone(),
            role: caller.role,
            operator: meta.operator,
        };
        let writer = self
            .control
            .writer()
            .map_err(|e| Status::unavailable(e.to_string()))?;
        let result = writer
            .submit(cmd, actor, request_id)
            .instrument(span.clone())
            .await;
        drop(writer);
        match result {
            Ok(outcome) => {
                span.in_scope(|| {
                    tracing::info!(
                        seq = outcome.seq.0,
                        replayed = outcome.replayed,
                        "committed"
                    )
                });
                self.replicated(outcome.seq.0, &outcome.hash)
                    .instrument(span)
                    .await?;
                Ok(Ok(outcome))
            }
            Err(err) => {
                span.in_scope(|| tracing::info!(error = %err, "refused"));
                Ok(Err(err))
            }
        }
    }

    /// Semi-synchronous replication: waits until the standby has entry `seq` durable, or the timeout. After a
    /// timeout the primary first makes sure no newer primary exists (fencing), then continues alone with an alarm;
    /// while the standby stays behind, answers do not wait (the background fencing watch keeps checking).
    ///
    /// Unless the standby acknowledged the entry, the answer is OK only while this server is still the primary
    /// and its log still holds that very entry (`hash`) at `seq`: a server that stepped down meanwhile may have
    /// discarded it, and then the desk must retry (with the same request id) at the new primary.
    async fn replicated(&self, seq: u64, hash: &crate::log::entry::Hash) -> Result<(), Status> {
        let waited = self.control.hub.wait(seq, crate::now_ms()).await;
        if waited == Replicated::Yes {
            return Ok(());
        }
        if waited == Replicated::TimedOut {
            if let Some(fence) = &self.control.fence {
                if follow::newer_primary(self, &fence.peer).await {
                    return Err(self.not_kept(seq));
                }
            }
        }
        if !self.still_holds(seq, hash) {
            return Err(self.not_kept(seq));
        }
        if waited == Replicated::TimedOut {
            self.control.alarm(
                "standby",
                format!(
                    "the standby ({}) did not acknowledge entry {seq} in time: answers no longer wait for it \
                     until it catches up (last acknowledged: {})",
                    self.control.hub.standby(),
                    self.control.hub.acked()
                ),
            );
        }
        Ok(())
    }

    /// Is this server still the primary, with `hash` as its entry `seq`?
    fn still_holds(&self, seq: u64, hash: &crate::log::entry::Hash) -> bool {
        if self.control.mode() != crate::replica::Mode::Primary {
            return false;
        }
        match self.store.read_from(crate::domain::Seq(seq), 1) {
            Ok(found) => found.first().is_some_and(|(s, bytes)| {
                s.0 == seq && crate::log::entry::stored_hash(bytes).as_ref() == Some(hash)
            }),
            Err(_) => false,
        }
    }

    /// The answer to a desk whose command this server can no longer vouch for.
    fn not_kept(&self, seq: u64) -> Status {
        let elsewhere = self
            .control
            .fence
            .as_ref()
            .map(|f| format!("; retry at {}", f.peer.url))
            .unwrap_or_default();
        tracing::warn!(
            seq,
            "answered UNAVAILABLE: this server stepped down before the entry was kept"
        );
        Status::unavailable(format!(
            "this server is no longer the primary and cannot vouch for entry {seq}{elsewhere} with the same request id"
        ))
    }

    /// A refusal as a status; conflicts carry the current record (encoded proto) in the details.
    pub(crate) fn refusal(&self, err: WriteError, target: Target, caller: &Caller) -> Status {
        let WriteError::Rejected(rejected) = &err else {
            return status::write_error(&err);
        };
        let details = self
            .read(|s| refusal_details(s, rejected, target, caller))
            .ok()
            .flatten();
        status::rejected(rejected, details)
    }
}

/// The anonymous public board (`Role::Public`) sends nothing but change slips, and only roles allowed
/// `SubmitSlip` send slips.
fn check_door(caller: &Caller, cmd: &Command) -> Result<(), Status> {
    if matches!(cmd, Command::SubmitSlip { .. }) {
        caller.require(Action::SubmitSlip)?;
    } else if caller.role == Role::Public {
        return Err(Status::permission_denied(
            "the public board may only send change slips",
        ));
    }
    Ok(())
}

/// The request id (trimmed) and meta of a mutating request, refused if missing or malformed.
pub(crate) fn checked_meta(
    meta: Option<pb::RequestMeta>,
) -> Result<(String, pb::RequestMeta), Status> {
    let meta = meta.unwrap_or_default();
    let request_id = meta.request_id.trim().to_string();
    if request_id.is_empty() {
        return Err(Status::invalid_argument(
            "meta.request_id is required (a fresh id per command)",
        ));
    }
    if request_id.len() > MAX_REQUEST_ID || request_id.chars().any(char::is_control) {
        return Err(Status::invalid_argument(
            "meta.request_id must be at most 128 printable characters",
        ));
    }
    if meta.operator.chars().count() > 100 {
        return Err(Status::invalid_argument(
            "meta.operator must be at most 100 characters",
        ));
    }
    Ok((request_id, meta))
}

/// The current record a refusal carries in its status details (the duplicate, the record edited meanwhile).
pub(crate) fn refusal_details(
    s: &State,
    rejected: &Rejected,
    target: Target,
    caller: &Caller,
) -> Option<Vec<u8>> {
    let private = caller.sees_private();
    match (rejected, target) {
        (Rejected::Duplicate { existing, .. }, _) => s
            .participants
            .get(existing)
            .map(|p| convert::participant_to_pb(p, private).encode_to_vec()),
        (Rejected::StaleRevision { .. }, Target::Participant(id)) => s
            .participants
            .get(&id)
            .map(|p| convert::participant_to_pb(p, private).encode_to_vec()),
        (Rejected::StaleRevision { .. }, Target::Tournament(id)) => s
            .tournaments
            .get(&id)
            .map(|t| convert::tournament_to_pb(t).encode_to_vec()),
        (Rejected::StaleRevision { .. }, Target::Rounds(t)) => s
            .play
            .get(&t)
            .and_then(|p| p.rounds.last())
            .map(|r| convert::round_to_pb(s, t, r).encode_to_vec()),
        (Rejected::StaleRevision { .. }, Target::Event) => {
            Some(convert::event_to_pb(&s.event).encode_to_vec())
        }
        _ => None,
    }
}

/// The participant an outcome answers with.
pub fn participant_answer(outcome: &Outcome, caller: &Caller) -> Result<pb::Participant, Status> {
    match &outcome.subject {
        Some(Subject::Participant(p)) => Ok(convert::participant_to_pb(p, caller.sees_private())),
        _ => Err(Status::internal(
            "the command did not answer with a participant",
        )),
    }
}

/// The tournament an outcome answers with.
pub fn tournament_answer(outcome: &Outcome) -> Result<pb::Tournament, Status> {
    match &outcome.subject {
        Some(Subject::Tournament(t)) => Ok(convert::tournament_to_pb(t)),
        _ => Err(Status::internal(
            "the command did not answer with a tournament",
        )),
    }
}

/// The round an outcome answers with, with names from the applied state.
pub fn round_answer(core: &Core, outcome: &Outcome) -> Result<pb::Round, Status> {
    match &outcome.subject {
        Some(Subject::Round(t, r)) => core.read(|s| convert::round_to_pb(s, *t, r)),
        _ => Err(Status::internal("the command did not answer with a round")),
    }
}

/// An expected revision from the wire: 0 means any.
pub fn any_revision(v: u64) -> Option<Revision> {
    (v != 0).then_some(Revision(v))
}

/// Round `n` of `t`, or its last round for 0; NOT_FOUND naming what is missing.
pub fn round_or_last(state: &State, t: TournamentId, n: u32) -> Result<&RoundRecord, Status> {
    if !state.tournaments.contains_key(&t) {
        return Err(invalid(Rejected::UnknownTournament(t)));
    }
    let play = state.play.get(&t);
    let found = if n == 0 {
        play.and_then(|p| p.rounds.last())
    } else {
        play.and_then(|p| p.round(n))
    };
    found.ok_or_else(|| {
        invalid(Rejected::UnknownRound {
            tournament: t,
            round: n.max(1),
        })
    })
}

/// A rejection found before submitting (bad wire input).
pub fn invalid(r: Rejected) -> Status {
    status::rejected(&r, None)
}
