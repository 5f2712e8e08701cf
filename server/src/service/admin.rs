//! The `Admin` service: terminal tokens and server status.

use super::convert::{role_from_pb, role_to_pb, token_to_pb};
use super::{invalid, reader, write_rpc, Core, Decoded, Target};
use crate::app::{venue, Meta};
use crate::auth::{caller, Action, Caller};
use crate::domain::{Command, Subject, TokenId};
use crate::replica::quorum::members;
use crate::replica::Mode;
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tengen_proto::v1::admin_server::Admin;
use tonic::{Request, Response, Status};

/// Serves `tengen.v1.Admin`.
pub struct AdminService {
    core: Arc<Core>,
    /// The address desks open, told in `Status` (empty: not known).
    desk_url: String,
}

impl AdminService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        AdminService {
            core,
            desk_url: String::new(),
        }
    }

    /// The same service telling desks that they open `desk_url` (the venue address).
    pub fn at(self, desk_url: String) -> Self {
        AdminService { desk_url, ..self }
    }
}

#[tonic::async_trait]
impl Admin for AdminService {
    async fn create_token(
        &self,
        req: Request<pb::CreateTokenRequest>,
    ) -> Result<Response<pb::CreateTokenResponse>, Status> {
        let decode = |_: &Caller, r: pb::CreateTokenRequest| {
            let cmd = Command::CreateToken {
                name: r.name,
                role: role_from_pb(r.role).map_err(invalid)?,
            };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            let Some(Subject::Token(token)) = &outcome.subject else {
                return Err(Status::internal("the command did not answer with a token"));
            };
            Ok(pb::CreateTokenResponse {
                info: Some(token_to_pb(token)),
                token: outcome.token_secret.unwrap_or_default(),
            })
        })
        .await
    }

    async fn list_tokens(
        &self,
        req: Request<pb::ListTokensRequest>,
    ) -> Result<Response<pb::ListTokensResponse>, Status> {
        caller(&req)?.require(Action::ManageTokens)?;
        let tokens = self
            .core
            .read(|s| s.tokens.values().map(token_to_pb).collect())?;
        Ok(Response::new(pb::ListTokensResponse { tokens }))
    }

    async fn revoke_token(
        &self,
        req: Request<pb::RevokeTokenRequest>,
    ) -> Result<Response<pb::TokenInfo>, Status> {
        let decode = |_: &Caller, r: pb::RevokeTokenRequest| {
            let cmd = Command::RevokeToken { id: TokenId(r.id) };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            match &outcome.subject {
                Some(Subject::Token(t)) => Ok(token_to_pb(t)),
                _ => Err(Status::internal("the command did not answer with a token")),
            }
        })
        .await
    }

    async fn who_am_i(
        &self,
        req: Request<pb::WhoAmIRequest>,
    ) -> Result<Response<pb::WhoAmIResponse>, Status> {
        let caller = caller(&req)?;
        Ok(Response::new(pb::WhoAmIResponse {
            name: caller.terminal,
            role: role_to_pb(caller.role) as i32,
        }))
    }

    async fn status(
        &self,
        req: Request<pb::StatusRequest>,
    ) -> Result<Response<pb::StatusResponse>, Status> {
        reader(&req)?;
        let status = status_of(&self.core)?;
        Ok(Response::new(pb::StatusResponse {
            desk_url: self.desk_url.clone(),
            ..status
        }))
    }

    async fn venue_members(
        &self,
        req: Request<pb::VenueMembersRequest>,
    ) -> Result<Response<pb::VenueMembersResponse>, Status> {
        let caller = caller(&req)?;
        let members = venue::members(&self.core, &caller)
            .map_err(|r| super::status::refused(&self.core, &r, &caller))?;
        Ok(Response::new(members_to_pb(&members)))
    }

    async fn change_venue_members(
        &self,
        req: Request<pb::ChangeVenueMembersRequest>,
    ) -> Result<Response<pb::VenueMembersResponse>, Status> {
        let caller = caller(&req)?;
        let req = req.into_inner();
        let meta = req
            .meta
            .map(|m| Meta {
                request_id: m.request_id,
                operator: m.operator,
            })
            .unwrap_or_default();
        let change = match req.change {
            Some(pb::change_venue_members_request::Change::AddLearner(m)) => {
                members::Change::AddLearner {
                    id: m.id,
                    url: m.url,
                }
            }
            Some(pb::change_venue_members_request::Change::Promote(id)) => {
                members::Change::Promote(id)
            }
            Some(pb::change_venue_members_request::Change::Remove(id)) => {
                members::Change::Remove(id)
            }
            None => {
                return Err(Status::invalid_argument(
                    "say which change: add a learner, promote or remove",
                ))
            }
        };
        let after = venue::change(&self.core, &caller, &meta, change)
            .await
            .map_err(|r| super::status::refused(&self.core, &r, &caller))?;
        Ok(Response::new(members_to_pb(&after)))
    }
}

fn members_to_pb(m: &members::Members) -> pb::VenueMembersResponse {
    pb::VenueMembersResponse {
        members: m
            .members
            .iter()
            .map(|x| pb::VenueMember {
                id: x.id,
                url: x.url.clone(),
                voter: x.voter,
                leader: x.leader,
                behind: x
                    .behind
                    .map_or(-1, |b| i64::try_from(b).unwrap_or(i64::MAX)),
            })
            .collect(),
        here_leads: m.here_leads,
    }
}

/// The server's status: log position, mode, replication, alarms.
pub fn status_of(core: &Core) -> Result<pb::StatusResponse, Status> {
    let control = &core.control;
    let mode = control.mode();
    let primary = match &mode {
        Mode::Standby { primary } => primary.clone(),
        _ => String::new(),
    };
    let replication = if control.venue.get().is_some() {
        "quorum"
    } else {
        "alone"
    };
    let alarms = control.alarms();
    Ok(core.read(|s| pb::StatusResponse {
        last_seq: s.last_seq.0,
        epoch: s.epoch.0,
        mode: mode.as_str().into(),
        participants: s.participants.len() as u64,
        tournaments: s.tournaments.len() as u64,
        started_at_ms: core.started_at_ms,
        alarms,
        primary,
        replication: replication.into(),
        desk_url: String::new(),
    })?)
}
