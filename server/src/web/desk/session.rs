//! Who is at a desk page: the terminal token, held in an HttpOnly, Secure, SameSite=Strict cookie, looked up in
//! the register on every request (so revoking the token ends the session at once, and a promoted standby knows
//! it too), the volunteer's name for the audit log, and the CSRF value every form must carry. The role matrix
//! (`auth::role`) decides what each page and action allows: the same table as gRPC.
//!
//! Never logs or prints the token; never writes.

use super::super::layout::{self, Page};
use super::super::{Web, WebError};
use crate::app::Meta;
use crate::auth::{Action, Caller};
use crate::domain::decide::token_hash;
use crate::domain::Role;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use axum::extract::{FromRequestParts, State as Shared};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use maud::html;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// The cookie holding the terminal token.
const TOKEN_COOKIE: &str = "tengen_desk";
/// The cookie holding the volunteer's name (hex of its UTF-8, so any script survives a header).
const OPERATOR_COOKIE: &str = "tengen_operator";

/// A signed-in desk page's caller.
#[derive(Debug, Clone)]
pub struct Desk {
    /// The terminal and its role, as gRPC sees it.
    pub caller: Caller,
    /// The volunteer at the terminal (may be empty).
    pub operator: String,
    /// The value forms must send back as `csrf`.
    pub csrf: String,
    /// The token itself, only to seal a hand-over ticket (`handover`); never printed.
    pub(super) secret: Secret,
    /// The browser takes gzip: desk pages are sent compressed (a referee page of 150 tables is a tenth).
    pub(super) gzip: bool,
    /// The parts the refreshing page already holds (`parts::HAVE_HEADER`): left out of the answer.
    pub(super) have: std::collections::HashSet<String>,
    /// The language the desk's pages are written in (`web::lang`).
    pub lang: crate::web::lang::Lang,
}

/// A token that never shows in a `Debug` print or a log.
#[derive(Clone)]
pub(super) struct Secret(pub(super) String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Desk {
    /// Refuses with a 403 page unless the role allows `action`.
    pub fn require(&self, action: Action) -> Result<(), WebError> {
        self.caller
            .require(action)
            .map_err(|denied| WebError::refused(&denied.into(), self.lang))
    }

    /// Refuses a form whose CSRF value is missing or wrong (403, nothing changed).
    pub fn check_csrf(&self, sent: &str) -> Result<(), WebError> {
        if !sent.is_empty() && sent == self.csrf {
            Ok(())
        } else {
            Err(WebError::new(
                StatusCode::FORBIDDEN,
                "error-form-expired",
                self.lang.t("desk-form-expired"),
            )
            .in_lang(self.lang))
        }
    }

    /// The request metadata of a command from this desk: the form's request id and the volunteer.
    pub fn meta(&self, request_id: &str) -> Meta {
        Meta::new(request_id.trim(), self.operator.clone())
    }
}

/// The CSRF value of a token: derived from the secret, so it survives restarts and fail-over like the token.
fn csrf_of(secret: &str) -> String {
    let digest = Sha256::digest(format!("tengen-csrf\0{secret}").as_bytes());
    hex::encode(&digest[..16])
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// Sends a page that needs a desk to the login page (303), remembering where it was going.
pub struct SignIn(String);

impl IntoResponse for SignIn {
    fn into_response(self) -> Response {
        super::back_to("/desk/login", &[("next", &self.0)], "")
    }
}

impl FromRequestParts<Arc<Web>> for Desk {
    type Rejection = SignIn;

    async fn from_request_parts(parts: &mut Parts, web: &Arc<Web>) -> Result<Desk, SignIn> {
        let next = safe_next(parts.uri.path_and_query().map_or("/desk", |p| p.as_str()));
        let secret = cookie(&parts.headers, TOKEN_COOKIE).ok_or_else(|| SignIn(next.clone()))?;
        let hash = token_hash(secret);
        let (id, caller) = web
            .core
            .read(|s| {
                s.token_by_hash(&hash).map(|t| {
                    let caller = Caller {
                        terminal: t.name.clone(),
                        role: t.role,
                    };
                    (t.id, caller)
                })
            })
            .ok()
            .flatten()
            .filter(|(_, c)| desk_role(c.role))
            .ok_or_else(|| SignIn(next.clone()))?;
        web.core.seen.note(id, crate::now_ms());
        let operator = cookie(&parts.headers, OPERATOR_COOKIE)
            .and_then(|h| hex::decode(h).ok())
            .and_then(|b| String::from_utf8(b).ok())
            .unwrap_or_default();
        Ok(Desk {
            caller,
            operator,
            csrf: csrf_of(secret),
            secret: Secret(secret.to_string()),
            gzip: crate::web::board::accepts_gzip(&parts.headers),
            lang: crate::web::lang::of(&parts.headers),
            have: super::parts::have(
                parts
                    .headers
                    .get(super::parts::HAVE_HEADER)
                    .and_then(|v| v.to_str().ok()),
            ),
        })
    }
}

/// Roles that sign in at a desk page (a standby's token or the server's own never do).
fn desk_role(role: Role) -> bool {
    !matches!(role, Role::Replica | Role::System | Role::Public)
}

/// Only a path on this server, and only a desk page, may be the target after login; its query is kept (a desk
/// page's `?undo=5` or `?round=2` survives signing in), in characters that cannot break out of an address.
fn safe_next(target: &str) -> String {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if !path.starts_with("/desk/") || path.starts_with("//") || path.len() >= 200 {
        return "/desk".to_string();
    }
    let mut next: String = path
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "/-_".contains(*c))
        .collect();
    let query: String = query
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "=&%+-_.".contains(*c))
        .collect();
    if !query.is_empty() && next.len() + query.len() < 200 {
        next.push('?');
        next.push_str(&query);
    }
    next
}

/// `?token=…&next=…` on the login page (a QR code printed by `tengen token create --qr` carries the token).
#[derive(Debug, Default, Deserialize)]
pub struct LoginQuery {
    #[serde(default)]
    token: String,
    #[serde(default)]
    next: String,
}

/// `GET /desk/login`.
pub async fn login_page(l: Lang, Lenient(q): Lenient<LoginQuery>) -> Response {
    login_form(l, &q.token, &safe_next(&q.next), None).into_response()
}

fn login_form(l: Lang, token: &str, next: &str, problem: Option<&str>) -> Response {
    let body = html! {
        h1 { (l.t("login-title")) }
        @if let Some(problem) = problem { p #error .error { (problem) } }
        form #login .slip method="post" action="/desk/login" {
            input type="hidden" name="next" value=(next);
            label { (l.t("login-token")) input name="token" type="password" value=(token) autocomplete="off" required; }
            label { (l.t("login-name")) input name="operator" maxlength="60" autocomplete="name"; }
            button type="submit" { (l.t("login-sign-in")) }
        }
        p .note { (l.t("login-note")) }
    };
    let status = if problem.is_some() {
        StatusCode::UNAUTHORIZED
    } else {
        StatusCode::OK
    };
    let mut page = Page::plain(l.t("login-title"), body);
    page.lang = l;
    (status, layout::document(&page, "", "")).into_response()
}

/// The login form.
#[derive(Debug, Deserialize)]
pub struct LoginForm {
    token: String,
    #[serde(default)]
    operator: String,
    #[serde(default)]
    next: String,
}

/// `POST /desk/login`: checks the token, sets the cookies, goes on to the desk's page.
pub async fn login(
    Shared(web): Shared<Arc<Web>>,
    l: Lang,
    Form(form): Form<LoginForm>,
) -> Response {
    signed_in(&web, l, &form.token, &form.operator, &form.next, false)
}

/// The sign-in page again, with what went wrong (401).
pub(super) fn login_problem(l: Lang, next: &str, problem: &str) -> Response {
    login_form(l, "", &safe_next(next), Some(problem))
}

/// Signs the browser in as `token` (with the volunteer's name) and opens `next`. After a hand-over from the
/// other server the answer is a page that opens `next` itself: a redirect would continue the other site's
/// navigation, and the browser would not send the SameSite=Strict cookie just set.
pub(super) fn signed_in(
    web: &Web,
    l: Lang,
    token: &str,
    operator: &str,
    next: &str,
    handed_over: bool,
) -> Response {
    let secret = token.trim();
    let role = web
        .core
        .read(|s| s.token_by_hash(&token_hash(secret)).map(|t| t.role))
        .ok()
        .flatten()
        .filter(|r| desk_role(*r));
    let next = safe_next(next);
    if role.is_none() || secret.is_empty() || secret.contains([';', ',', ' ']) {
        return login_form(l, "", &next, Some(&l.t("login-unknown-token")));
    }
    let operator: String = operator
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(60)
        .collect();
    let attrs = "Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=172800";
    let mut response = if handed_over {
        let mut page = Page::plain(
            l.t("login-moved-title"),
            html! {
                h1 { (l.t("login-moved-heading")) }
                p { (l.t("login-moved-why")) " " a #go href=(next) { (l.t("login-moved-continue")) } }
            },
        );
        page.lang = l;
        let mut doc = layout::document(&page, "", "").into_string();
        let refresh = format!(r#"<meta http-equiv="refresh" content="0;url={next}">"#);
        doc = doc.replacen("<head>", &format!("<head>{refresh}"), 1);
        (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            doc,
        )
            .into_response()
    } else {
        Redirect::to(&next).into_response()
    };
    let headers = response.headers_mut();
    for value in [
        format!("{TOKEN_COOKIE}={secret}; {attrs}"),
        format!(
            "{OPERATOR_COOKIE}={}; {attrs}",
            hex::encode(operator.as_bytes())
        ),
    ] {
        if let Ok(v) = header::HeaderValue::from_str(&value) {
            headers.append(header::SET_COOKIE, v);
        }
    }
    response
}

/// `POST /desk/logout`: forgets the cookies on this device (the token stays valid until revoked).
pub async fn logout() -> Response {
    let mut response = Redirect::to("/desk/login").into_response();
    for name in [TOKEN_COOKIE, OPERATOR_COOKIE] {
        let value = format!("{name}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0");
        if let Ok(v) = header::HeaderValue::from_str(&value) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_only_sends_on_to_desk_pages_of_this_server() {
        assert_eq!(safe_next("/desk/register"), "/desk/register");
        assert_eq!(safe_next("https://evil.example/"), "/desk");
        assert_eq!(safe_next("//evil.example/desk/"), "/desk");
        assert_eq!(safe_next("/desk/results/1?x=<b>"), "/desk/results/1?x=b");
        assert_eq!(
            safe_next("/desk/register?undo=P5&q=x"),
            "/desk/register?undo=P5&q=x"
        );
        assert_eq!(safe_next("/desk/re<gister"), "/desk/register");
    }

    #[test]
    fn cookies_are_read_by_name() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            header::HeaderValue::from_static("a=1; tengen_desk=tgn_x; b=2"),
        );
        assert_eq!(cookie(&headers, TOKEN_COOKIE), Some("tgn_x"));
        assert_eq!(cookie(&headers, "c"), None);
    }

    #[test]
    fn the_csrf_value_depends_on_the_token() {
        assert_ne!(csrf_of("tgn_a"), csrf_of("tgn_b"));
        assert_eq!(csrf_of("tgn_a"), csrf_of("tgn_a"));
        assert_eq!(csrf_of("tgn_a").len(), 32);
    }
}
