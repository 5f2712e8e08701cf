//! Authentication: turns the `authorization: Bearer <token>` header into a `Caller` (terminal name and role) by
//! looking up the token's hash in the register. Never logs the token.

use super::role::{allows, Action};
use crate::domain::{decide::token_hash, Role, State};
use std::sync::{Arc, RwLock};
use tonic::{Request, Status};

/// Who is calling: attached to every authenticated request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The token's terminal name.
    pub terminal: String,
    /// The token's role.
    pub role: Role,
}

impl Caller {
    /// Refuses with `PERMISSION_DENIED` unless the role allows `action`.
    pub fn require(&self, action: Action) -> Result<(), Status> {
        if allows(self.role, action) {
            Ok(())
        } else {
            Err(Status::permission_denied(format!(
                "a {} terminal may not {}",
                self.role.as_str(),
                action.describe()
            )))
        }
    }

    /// May this caller see private contact data?
    pub fn sees_private(&self) -> bool {
        allows(self.role, Action::ReadPrivate)
    }
}

/// Builds the interceptor for one service.
pub fn authenticate(
    state: Arc<RwLock<State>>,
) -> impl Fn(Request<()>) -> Result<Request<()>, Status> + Clone {
    move |mut req: Request<()>| {
        let header = req
            .metadata()
            .get("authorization")
            .ok_or_else(|| Status::unauthenticated("no token: set TENGEN_TOKEN or --token"))?;
        let value = header
            .to_str()
            .map_err(|_| Status::unauthenticated("malformed authorization header"))?;
        let secret = value.strip_prefix("Bearer ").unwrap_or(value).trim();
        let hash = token_hash(secret);
        let caller = {
            let state = state
                .read()
                .map_err(|_| Status::internal("state lock poisoned"))?;
            let token = state
                .token_by_hash(&hash)
                .ok_or_else(|| Status::unauthenticated("unknown or revoked token"))?;
            Caller {
                terminal: token.name.clone(),
                role: token.role,
            }
        };
        req.extensions_mut().insert(caller);
        Ok(req)
    }
}

/// The caller of an authenticated request.
pub fn caller<T>(req: &Request<T>) -> Result<Caller, Status> {
    req.extensions()
        .get::<Caller>()
        .cloned()
        .ok_or_else(|| Status::unauthenticated("not authenticated"))
}
