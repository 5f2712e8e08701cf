//! The gRPC door: one file per service, `convert` for wire types, `status` for refusals. Each RPC authenticates
//! (interceptor), decodes its request, calls the application core (`crate::app`) and encodes the answer; the
//! role check of a write, the write path and every rule live in the core and the domain, not here.

pub mod admin;
pub mod convert;
pub mod dry_run;
pub mod log;
pub mod ratings;
pub mod register;
pub mod replication;
pub mod results;
pub mod rounds;
pub mod status;

use crate::app::{Core, Meta, Target};
use crate::auth::{caller, Action, Caller};
use crate::domain::round::RoundRecord;
use crate::domain::{Command, Rejected, Revision, State, Subject, TournamentId};
use crate::log::Outcome;
use tengen_proto::v1 as pb;
use tonic::{Request, Response, Status};

/// A write RPC's request, decoded: its meta, the command, and the record a stale revision should name.
pub(crate) struct Decoded {
    meta: Option<pb::RequestMeta>,
    cmd: Command,
    target: Target,
}

impl Decoded {
    /// `cmd` with the request's `meta`, targeting `target`.
    pub(crate) fn new(meta: Option<pb::RequestMeta>, cmd: Command, target: Target) -> Decoded {
        Decoded { meta, cmd, target }
    }
}

/// One write RPC: the caller, the request decoded, the command written through the core (which checks the
/// caller's role for it), the outcome encoded. Every write RPC is this call with its two functions.
pub(crate) async fn write_rpc<Req, Resp>(
    core: &Core,
    req: Request<Req>,
    decode: impl FnOnce(&Caller, Req) -> Result<Decoded, Status>,
    encode: impl FnOnce(&Caller, Outcome) -> Result<Resp, Status>,
) -> Result<Response<Resp>, Status> {
    let caller = caller(&req)?;
    let Decoded { meta, cmd, target } = decode(&caller, req.into_inner())?;
    let outcome = write(core, &caller, meta, cmd, target).await?;
    Ok(Response::new(encode(&caller, outcome)?))
}

/// The caller of a read RPC, who must be allowed to read the register: the one place the gRPC door checks a
/// read's role (a write's is checked by the core, per command).
pub(crate) fn reader<Req>(req: &Request<Req>) -> Result<Caller, Status> {
    let caller = caller(req)?;
    caller.require(Action::Read)?;
    Ok(caller)
}

/// One read RPC: the caller (who must be allowed to read), the request decoded, the answer read from the state as
/// it is now and encoded. Every read RPC of the register is this call with its two functions.
pub(crate) fn read_rpc<Req, Query, Resp>(
    core: &Core,
    req: Request<Req>,
    decode: impl FnOnce(&Caller, Req) -> Result<Query, Status>,
    read: impl FnOnce(&State, Query) -> Result<Resp, Status>,
) -> Result<Response<Resp>, Status> {
    let caller = reader(&req)?;
    let query = decode(&caller, req.into_inner())?;
    Ok(Response::new(core.read(|s| read(s, query))??))
}

/// Writes `cmd` through the core and answers as gRPC: a refusal becomes its status, carrying the record it met
/// (encoded) in the details.
pub(crate) async fn write(
    core: &Core,
    caller: &Caller,
    meta: Option<pb::RequestMeta>,
    cmd: Command,
    target: Target,
) -> Result<Outcome, Status> {
    core.write(caller, meta_from_pb(meta), cmd, target)
        .await
        .map_err(|refusal| status::refused(core, &refusal, caller))
}

/// A request's meta off the wire (missing: empty, which the core refuses by name).
pub(crate) fn meta_from_pb(meta: Option<pb::RequestMeta>) -> Meta {
    let meta = meta.unwrap_or_default();
    Meta::new(meta.request_id, meta.operator)
}

/// The participant an outcome answers with.
pub fn participant_answer(caller: &Caller, outcome: Outcome) -> Result<pb::Participant, Status> {
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
        Some(Subject::Round(t, r)) => Ok(core.read(|s| convert::round_to_pb(s, *t, r))?),
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
    status::rejected(&r)
}
