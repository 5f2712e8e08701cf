//! `POST /t/{t}/players/{number}/slip`: the digital change slip. A slip changes nothing: it becomes a pending
//! request in the log (`SubmitSlip`, submitted as the anonymous `public` role through the writer) that the
//! director accepts or rejects. Bounded: a small body, short fields, no markup, a few slips per address.

use super::super::{Web, WebError};
use super::player::find_player;
use super::{roster_in, tournament_id};
use crate::app::{Kind, Meta, Refusal, Target};
use crate::auth::Caller;
use crate::domain::slip::SlipProposal;
use crate::domain::{Command, Rank, Role};
use crate::web::lang::Lang;
use axum::extract::rejection::FormRejection;
use axum::extract::{ConnectInfo, Form, Path, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

/// The largest slip body accepted.
pub const MAX_SLIP_BYTES: usize = 8 * 1024;

/// The terminal name anonymous slips are recorded under.
pub const PUBLIC_TERMINAL: &str = "web-public";

/// The form's fields; empty means "no change".
#[derive(Debug, Default, Deserialize)]
pub struct SlipForm {
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    pub(super) family_name: String,
    #[serde(default)]
    pub(super) given_name: String,
    #[serde(default)]
    pub(super) rank: String,
    #[serde(default)]
    pub(super) club: String,
    #[serde(default)]
    pub(super) country: String,
    #[serde(default)]
    pub(super) rounds: String,
    #[serde(default)]
    pub(super) message: String,
}

/// `POST /t/{t}/players/{number}/slip`.
pub async fn submit(
    Shared(web): Shared<Arc<Web>>,
    Path((t, number)): Path<(String, String)>,
    remote: Option<Extension<ConnectInfo<SocketAddr>>>,
    asked: super::Asked,
    form: Result<Form<SlipForm>, FormRejection>,
) -> Response {
    let l = asked.lang;
    let form = match form {
        Ok(Form(form)) => form,
        Err(rejection) => return unreadable(l, &rejection).in_lang(l).into_response(),
    };
    match take(&web, l, &t, &number, remote.map(|c| c.0 .0), &form).await {
        Ok(back) => (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response(),
        // The player's own mistake (a rank or rounds it cannot read, a change the register refuses): the page
        // again with what they typed and why, so nothing has to be typed twice.
        Err(refused) if refused.status == StatusCode::BAD_REQUEST => {
            super::player::refused_slip(&web, &asked, &t, &number, &form, &refused.message)
        }
        Err(refused) => refused.in_lang(l).into_response(),
    }
}

/// A body the form reader could not take: too long, or not a form.
fn unreadable(l: Lang, rejection: &FormRejection) -> WebError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return WebError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "error-too-long",
            l.t("slip-too-long"),
        );
    }
    WebError::bad_request(l.t("slip-unreadable"))
}

async fn take(
    web: &Web,
    l: Lang,
    t: &str,
    number: &str,
    remote: Option<SocketAddr>,
    form: &SlipForm,
) -> Result<String, WebError> {
    let t = tournament_id(t)?;
    let (participant, proposal) = web
        .core
        .read(|state| {
            let roster = roster_in(state, l, t)?;
            let p = find_player(l, &roster, number)?;
            Ok::<_, WebError>((p, proposal(l, form)?))
        })
        .map_err(|_| WebError::unavailable(l.t("error-busy")))??;
    let admitted = remote.is_none_or(|addr| web.slip_limit.admit(addr.ip(), Instant::now()));
    if !admitted {
        return Err(WebError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "error-please-wait",
            l.t("slip-too-many"),
        ));
    }
    let caller = Caller {
        terminal: PUBLIC_TERMINAL.into(),
        role: Role::Public,
    };
    let meta = Meta::new(form.request_id.trim(), "");
    let cmd = Command::SubmitSlip {
        tournament: t,
        participant,
        proposal,
    };
    web.core
        .write(&caller, meta, cmd, Target::None)
        .await
        .map_err(|r| refusal(l, r))?;
    Ok(format!(
        "/t/{}/players/{number}?slip=sent#slip-heading",
        t.0
    ))
}

/// The proposal a form makes: trimmed fields, empty ones left out, the rank and rounds read.
fn proposal(l: Lang, form: &SlipForm) -> Result<SlipProposal, WebError> {
    let text = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
    let rank = match text(&form.rank) {
        None => None,
        Some(r) => Some(
            r.parse::<Rank>()
                .map_err(|_| WebError::bad_request(l.t("slip-bad-rank")))?,
        ),
    };
    let rounds = match text(&form.rounds) {
        None => None,
        Some(r) => {
            Some(parse_rounds(&r).ok_or_else(|| WebError::bad_request(l.t("slip-bad-rounds")))?)
        }
    };
    Ok(SlipProposal {
        family_name: text(&form.family_name),
        given_name: text(&form.given_name),
        rank,
        club: text(&form.club),
        country: text(&form.country).map(|c| c.to_ascii_uppercase()),
        rounds,
        message: form.message.trim().to_string(),
    })
}

/// "1-3,5" → [1, 2, 3, 5]; None for anything else (or more than 50 rounds).
fn parse_rounds(text: &str) -> Option<Vec<u32>> {
    let mut rounds = Vec::new();
    for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
        let (a, b) = match part.split_once(['-', '–']) {
            Some((a, b)) => (a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?),
            None => {
                let n = part.trim().parse::<u32>().ok()?;
                (n, n)
            }
        };
        if a == 0 || b < a || b - a > 50 {
            return None;
        }
        rounds.extend(a..=b);
        if rounds.len() > 50 {
            return None;
        }
    }
    rounds.sort_unstable();
    rounds.dedup();
    (!rounds.is_empty()).then_some(rounds)
}

/// The core's refusal as a page: the domain's message for bad fields, "try again" when it cannot write.
fn refusal(l: Lang, refusal: Refusal) -> WebError {
    match refusal.kind() {
        Kind::Invalid | Kind::Exists => WebError::bad_request(refusal.to_string()),
        Kind::Unavailable | Kind::Internal => WebError::unavailable(l.t("slip-not-recorded")),
        _ => WebError::refused(&refusal, l),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_read_as_lists_and_ranges() {
        assert_eq!(parse_rounds("1-3,5"), Some(vec![1, 2, 3, 5]));
        assert_eq!(parse_rounds("2 4"), Some(vec![2, 4]));
        assert_eq!(parse_rounds("3–4"), Some(vec![3, 4]));
        assert_eq!(parse_rounds("0"), None);
        assert_eq!(parse_rounds("5-2"), None);
        assert_eq!(parse_rounds("1-100000"), None);
        assert_eq!(parse_rounds("one"), None);
    }

    #[test]
    fn empty_fields_propose_no_change() {
        let form = SlipForm {
            club: "  Montréal ".into(),
            country: "ca".into(),
            ..SlipForm::default()
        };
        let p = proposal(Lang::En, &form)
            .map_err(|e| e.message)
            .unwrap_or_else(|m| panic!("{m}"));
        assert_eq!(p.club.as_deref(), Some("Montréal"));
        assert_eq!(p.country.as_deref(), Some("CA"));
        assert_eq!(p.family_name, None);
        assert_eq!(p.rank, None);
        assert!(p.message.is_empty());
    }
}
