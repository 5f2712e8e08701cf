//! Authentication: turns the `authorization: Bearer <token>` header into a `Caller` (terminal name and role) by
//! looking up the token's hash in the register, and notes that the terminal was seen (the director's terminal
//! list). Never logs the token.
//!
//! The header must read `Bearer <token>` (the scheme in any case, RFC 6750); a bare token or another scheme is
//! refused like a wrong token. Health checking and reflection are not behind this interceptor: they stay open.

pub use super::role::Caller;
use crate::app::Core;
use crate::domain::{decide::token_hash, TokenId};
use std::sync::Arc;
use tonic::{Request, Status};

/// Builds the interceptor for one service.
pub fn authenticate(
    core: Arc<Core>,
) -> impl Fn(Request<()>) -> Result<Request<()>, Status> + Clone {
    move |mut req: Request<()>| {
        let header = req
            .metadata()
            .get("authorization")
            .ok_or_else(|| Status::unauthenticated("no token: set TENGEN_TOKEN or --token"))?;
        let value = header
            .to_str()
            .map_err(|_| Status::unauthenticated("malformed authorization header"))?;
        let secret = bearer_secret(value).ok_or_else(|| {
            Status::unauthenticated("the authorization header must read \"Bearer <token>\"")
        })?;
        let hash = token_hash(secret);
        let (caller, credential) = {
            let state = core
                .state
                .read()
                .map_err(|_| Status::internal("state lock poisoned"))?;
            let token = state
                .token_by_hash(&hash)
                .ok_or_else(|| Status::unauthenticated("unknown or revoked token"))?;
            let caller = Caller {
                terminal: token.name.clone(),
                role: token.role,
            };
            (caller, Credential(token.id))
        };
        core.seen.note(credential.0, crate::now_ms());
        req.extensions_mut().insert(caller);
        req.extensions_mut().insert(credential);
        Ok(req)
    }
}

/// The token a request was authenticated with (so its long-lived answers can end when it is revoked).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Credential(TokenId);

/// The secret of a `Bearer <secret>` header value; `None` for another scheme, a bare token or an empty one.
fn bearer_secret(value: &str) -> Option<&str> {
    let (scheme, secret) = value.trim_start().split_once(' ')?;
    let secret = secret.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !secret.is_empty()).then_some(secret)
}

/// The token an authenticated request was made with.
pub fn credential<T>(req: &Request<T>) -> Option<TokenId> {
    req.extensions().get::<Credential>().map(|c| c.0)
}

/// The caller of an authenticated request.
pub fn caller<T>(req: &Request<T>) -> Result<Caller, Status> {
    req.extensions()
        .get::<Caller>()
        .cloned()
        .ok_or_else(|| Status::unauthenticated("not authenticated"))
}

#[cfg(test)]
mod tests {
    use super::bearer_secret;

    #[test]
    fn issue_13_only_a_bearer_header_carries_a_token() {
        assert_eq!(bearer_secret("Bearer tgn_ab"), Some("tgn_ab"));
        assert_eq!(bearer_secret("bearer  tgn_ab "), Some("tgn_ab"));
        assert_eq!(bearer_secret("BEARER tgn_ab"), Some("tgn_ab"));
        assert_eq!(bearer_secret("tgn_ab"), None);
        assert_eq!(bearer_secret("Bearer "), None);
        assert_eq!(bearer_secret("Basic ZGlyZWN0b3I6c2VjcmV0"), None);
        assert_eq!(bearer_secret("Bearertgn_ab"), None);
    }
}
