//! The page shell every board page shares (viewport, title, the tournament's tabs, the live indicator) and the
//! assets embedded in the binary (the venue has no internet: no CDN, no build step). Knows nothing about any
//! page's content.

use super::lang::{self, Lang};
use crate::domain::TournamentId;
use crate::tr;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

/// The board's stylesheet: phone first, a font stack that falls back per script (CJK, accents).
pub const CSS: &str = include_str!("assets/board.css");
/// The board's script: live updates over Server-Sent Events and the search filter.
pub const JS: &str = include_str!("assets/live.js");
/// The desk pages' script: single-key result entry, kept input across live refreshes, the forfeit clock.
pub const DESK_JS: &str = include_str!("assets/desk.js");

/// Which tab of a tournament a page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// The pairing lists.
    Pairings,
    /// The standings.
    Standings,
    /// The register.
    Players,
}

/// What every desk page carries besides its content: the badge, the sign-out form's CSRF value, and, on a server
/// with a partner, where the partner is and the sealed ticket that lets the page move there after a fail-over.
pub struct DeskShell {
    /// "desk-2 · registration · Anne".
    pub badge: String,
    /// The CSRF value.
    pub csrf: String,
    /// The other server and the hand-over ticket (see `desk::handover`).
    pub handover: Option<(String, String)>,
}

/// A page's title, its place in the board and its content.
pub struct Page {
    /// The `<title>` and heading.
    pub title: String,
    /// The tournament the page belongs to, its name, and the tab.
    pub tournament: Option<(TournamentId, String, Option<Tab>)>,
    /// The desk signed in, for desk pages.
    pub desk: Option<DeskShell>,
    /// The content of `<main>`.
    pub body: Markup,
    /// The language the page is written in (set by whoever renders it for a request).
    pub lang: Lang,
    /// The page's own address (path and query), for the language switch's links; empty: the links keep only
    /// the path.
    pub here: String,
}

impl Page {
    /// A page outside any tournament.
    pub fn plain(title: String, body: Markup) -> Page {
        Page {
            title,
            tournament: None,
            desk: None,
            body,
            lang: Lang::En,
            here: String::new(),
        }
    }

    /// The page in `lang` at address `here` (unless the page named its own: a page answering a form names the
    /// page the language switch should reload).
    pub fn at(mut self, lang: Lang, here: &str) -> Page {
        self.lang = lang;
        if self.here.is_empty() {
            self.here = here.to_string();
        }
        self
    }
}

/// The whole HTML document of `page`; `topics` and `stamp` tell the script what to follow (empty: nothing).
pub fn document(page: &Page, topics: &str, stamp: &str) -> Markup {
    let l = page.lang;
    html! {
        (DOCTYPE)
        html lang=(l.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (page.title) }
                link rel="stylesheet" href="/assets/board.css";
                @if !topics.is_empty() {
                    script src="/assets/live.js" defer {}
                }
                @if page.desk.is_some() {
                    script src="/assets/desk.js" defer {}
                }
            }
            body data-topics=(topics) data-stamp=(stamp) {
                header {
                    a .home href="/" { (l.t("shell-board")) }
                    @if let Some((t, name, tab)) = &page.tournament {
                        span .tournament { (name) }
                        nav {
                            (tab_link(*t, "pairings", &l.t("tab-pairings"), *tab == Some(Tab::Pairings)))
                            (tab_link(*t, "standings", &l.t("tab-standings"), *tab == Some(Tab::Standings)))
                            (tab_link(*t, "players", &l.t("tab-players"), *tab == Some(Tab::Players)))
                        }
                    }
                    @if !topics.is_empty() {
                        span #live .live title=(l.t("shell-live-title")) { (l.t("shell-live")) }
                    }
                    @if let Some(desk) = &page.desk {
                        form .signout method="post" action="/desk/logout" {
                            input type="hidden" name="csrf" value=(desk.csrf);
                            span #desk-badge { (desk.badge) } " "
                            button type="submit" { (l.t("desk-sign-out")) }
                        }
                        @if let Some((peer, ticket)) = &desk.handover {
                            form #handover hidden method="post" action=(format!("{peer}/desk/handover")) data-peer=(peer)
                                data-moving=(tr!(l, "handover-moving", host = "{host}"))
                                data-continue=(tr!(l, "handover-continue", host = "{host}"))
                                data-unsent=(l.t("handover-unsent"))
                                data-none=(tr!(l, "handover-none", here = "{here}", there = "{there}"))
                                data-here-is=(tr!(l, "handover-here-is", mode = "{mode}"))
                                data-here-silent=(l.t("handover-here-silent"))
                                data-there-is=(tr!(l, "handover-there-is", host = "{host}", mode = "{mode}"))
                                data-there-silent=(tr!(l, "handover-there-silent", host = "{host}")) {
                                input type="hidden" name="ticket" value=(ticket);
                                input type="hidden" name="next" value="";
                            }
                        }
                    }
                }
                main { (page.body) }
                (switch(page))
            }
        }
    }
}

/// The language switch at the foot of every page: each language by its own name, the current one marked.
fn switch(page: &Page) -> Markup {
    let here = if page.here.is_empty() {
        ""
    } else {
        page.here.as_str()
    };
    html! {
        footer #languages .languages lang="" {
            @for l in lang::ALL {
                @if l == page.lang {
                    strong lang=(l.tag()) aria-current="true" { (l.native()) }
                } @else {
                    a lang=(l.tag()) hreflang=(l.tag()) href=(lang::switch_link(here, l)) rel="nofollow" { (l.native()) }
                }
                " "
            }
        }
    }
}

fn tab_link(t: TournamentId, path: &str, label: &str, current: bool) -> Markup {
    html! {
        a href=(format!("/t/{}/{path}", t.0)) aria-current=[current.then_some("page")] { (label) }
    }
}

/// `/assets/{name}`: the embedded stylesheet and script.
pub async fn asset(Path(name): Path<String>) -> Response {
    let (body, kind) = match name.as_str() {
        "board.css" => (CSS, "text/css; charset=utf-8"),
        "live.js" => (JS, "text/javascript; charset=utf-8"),
        "desk.js" => (DESK_JS, "text/javascript; charset=utf-8"),
        _ => return (StatusCode::NOT_FOUND, "no such asset").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        body,
    )
        .into_response()
}
