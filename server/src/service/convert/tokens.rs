//! Roles and terminal tokens to and from the wire (never a token's hash).

use crate::domain::{Rejected, Role, TokenRecord};
use tengen_proto::v1 as pb;

/// A role from the wire; `UNSPECIFIED`, `PUBLIC` (no token can have it) and unknown values are refused.
pub fn role_from_pb(v: i32) -> Result<Role, Rejected> {
    match pb::Role::try_from(v) {
        Ok(pb::Role::Director) => Ok(Role::Director),
        Ok(pb::Role::Registration) => Ok(Role::Registration),
        Ok(pb::Role::LateDesk) => Ok(Role::LateDesk),
        Ok(pb::Role::Results) => Ok(Role::Results),
        Ok(pb::Role::Referee) => Ok(Role::Referee),
        Ok(pb::Role::Viewer) => Ok(Role::Viewer),
        Ok(pb::Role::Replica) => Ok(Role::Replica),
        Ok(pb::Role::Treasurer) => Ok(Role::Treasurer),
        _ => Err(Rejected::invalid(
            "role",
            "choose director, registration, late-desk, results, referee, viewer, treasurer or replica",
        )),
    }
}

/// A role for the wire.
pub fn role_to_pb(r: Role) -> pb::Role {
    match r {
        Role::Director => pb::Role::Director,
        Role::Registration => pb::Role::Registration,
        Role::LateDesk => pb::Role::LateDesk,
        Role::Results => pb::Role::Results,
        Role::Referee => pb::Role::Referee,
        Role::Viewer => pb::Role::Viewer,
        Role::Replica => pb::Role::Replica,
        Role::Treasurer => pb::Role::Treasurer,
        Role::Public => pb::Role::Public,
        Role::System => pb::Role::Unspecified,
    }
}

/// A token's public record for the wire (never the hash).
pub fn token_to_pb(t: &TokenRecord) -> pb::TokenInfo {
    pb::TokenInfo {
        id: t.id.0,
        name: t.name.clone(),
        role: role_to_pb(t.role) as i32,
        created_at_ms: t.created_at_ms,
        revoked: t.revoked,
    }
}
