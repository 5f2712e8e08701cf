//! A desk page that outlives its server: after a fail-over the page moves itself to the server that takes writes,
//! still signed in. Owns the hand-over ticket (the desk's token and volunteer sealed with a key both servers of a
//! venue derive from their shared replica token, valid for a day), `GET /desk/where` (which server takes writes,
//! asked by `assets/desk.js` every few seconds, open to any origin because the other server's page asks too), and
//! `POST /desk/handover` (signs the browser in here from a ticket sealed by either server).
//!
//! The token never appears in a page: only the sealed ticket does, and it opens only on the two servers. Never
//! logs tickets or tokens; never writes to the register.

use super::super::Web;
use super::session;
use crate::web::lang::Lang;
use axum::extract::State as Shared;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Form;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, CHACHA20_POLY1305, NONCE_LEN};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// How long a ticket in a rendered page stays good: a desk page is often left open a whole day.
const TICKET_LIFE_MS: i64 = 24 * 3600 * 1000;

/// The key that seals and opens tickets, and the other server's address.
pub struct Handover {
    key: LessSafeKey,
    /// The other laptop of the venue, e.g. `https://192.168.1.11:7443`.
    pub peer: String,
}

impl std::fmt::Debug for Handover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handover")
            .field("peer", &self.peer)
            .finish_non_exhaustive()
    }
}

impl Handover {
    /// The hand-over of a venue sharing `replica_token`, whose other laptop is at `peer`.
    pub fn new(replica_token: &str, peer: &str) -> Option<Handover> {
        let digest = Sha256::digest(format!("tengen-desk-handover-v1\0{replica_token}").as_bytes());
        let key = UnboundKey::new(&CHACHA20_POLY1305, &digest).ok()?;
        Some(Handover {
            key: LessSafeKey::new(key),
            peer: peer.trim_end_matches('/').to_string(),
        })
    }

    /// A ticket for `token` and `operator`, good until `now_ms` plus a day.
    pub fn seal(&self, token: &str, operator: &str, now_ms: i64) -> Option<String> {
        let nonce_bytes: [u8; NONCE_LEN] = rand::random();
        let operator: String = operator.chars().take(60).collect();
        let mut plain = Vec::with_capacity(9 + operator.len() + token.len());
        plain.extend_from_slice(&(now_ms + TICKET_LIFE_MS).to_be_bytes());
        plain.push(u8::try_from(operator.len()).ok()?);
        plain.extend_from_slice(operator.as_bytes());
        plain.extend_from_slice(token.as_bytes());
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce_bytes),
                Aad::empty(),
                &mut plain,
            )
            .ok()?;
        let mut ticket = nonce_bytes.to_vec();
        ticket.extend_from_slice(&plain);
        Some(hex::encode(ticket))
    }

    /// The token and volunteer of a ticket that is genuine and not expired at `now_ms`.
    pub fn open(&self, ticket: &str, now_ms: i64) -> Option<(String, String)> {
        if ticket.len() > 1024 {
            return None;
        }
        let bytes = hex::decode(ticket.trim()).ok()?;
        if bytes.len() < NONCE_LEN {
            return None;
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut sealed = sealed.to_vec();
        let plain = self
            .key
            .open_in_place(nonce, Aad::empty(), &mut sealed)
            .ok()?;
        let (expiry, rest) = plain.split_first_chunk::<8>()?;
        if i64::from_be_bytes(*expiry) < now_ms {
            return None;
        }
        let (&len, rest) = rest.split_first()?;
        let (operator, token) = rest.split_at_checked(usize::from(len))?;
        Some((
            String::from_utf8(token.to_vec()).ok()?,
            String::from_utf8(operator.to_vec()).ok()?,
        ))
    }
}

/// `GET /desk/where`: whether this server takes writes now, and where its partner is. Public facts (the health
/// check says as much); any origin may ask, so the other server's pages can find the primary.
pub async fn where_now(Shared(web): Shared<Arc<Web>>) -> Response {
    let mode = web.core.control.mode();
    let body = serde_json::json!({
        "mode": mode.as_str(),
        "writes": web.core.control.writer().is_ok(),
        "peer": web.handover.as_ref().map(|h| h.peer.clone()),
    });
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// The hand-over form.
#[derive(Deserialize)]
pub struct HandoverForm {
    #[serde(default)]
    ticket: String,
    #[serde(default)]
    next: String,
}

/// `POST /desk/handover`: signs the browser in from a ticket sealed by either laptop of the venue, then opens
/// `next` here. An expired or foreign ticket, or a token revoked meanwhile, gets the sign-in page.
pub async fn handover(
    Shared(web): Shared<Arc<Web>>,
    l: Lang,
    Form(form): Form<HandoverForm>,
) -> Response {
    let opened = web
        .handover
        .as_ref()
        .and_then(|h| h.open(&form.ticket, crate::now_ms()));
    match opened {
        Some((token, operator)) => session::signed_in(&web, l, &token, &operator, &form.next, true),
        None => session::login_problem(l, &form.next, &l.t("login-not-moved")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_opens_on_either_server_of_the_pair_until_it_expires() {
        let a = Handover::new("tgn_replica", "https://b:7443/").unwrap();
        let b = Handover::new("tgn_replica", "https://a:7443").unwrap();
        assert_eq!(a.peer, "https://b:7443");
        let ticket = a.seal("tgn_desk", "Anne Ö", 1_000).unwrap();
        assert!(!ticket.contains("tgn_desk"));
        assert_eq!(
            b.open(&ticket, 2_000),
            Some(("tgn_desk".to_string(), "Anne Ö".to_string()))
        );
        assert_eq!(b.open(&ticket, 1_000 + TICKET_LIFE_MS + 1), None);
    }

    #[test]
    fn a_ticket_from_another_pair_or_tampered_with_does_not_open() {
        let a = Handover::new("tgn_replica", "https://b:7443").unwrap();
        let other = Handover::new("tgn_other", "https://b:7443").unwrap();
        let ticket = a.seal("tgn_desk", "", 0).unwrap();
        assert_eq!(other.open(&ticket, 0), None);
        let mut bytes = hex::decode(&ticket).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert_eq!(a.open(&hex::encode(bytes), 0), None);
        assert_eq!(a.open("zz", 0), None);
        assert_eq!(a.open("", 0), None);
    }
}
