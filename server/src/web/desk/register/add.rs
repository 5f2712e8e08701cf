//! The add form's page and its write: a new player with rank, club, country, contact data (for roles that may
//! read it), the tournaments and rounds to enter, and "check in now"; a duplicate comes back with the existing
//! player and the "different person" confirm (see `refusal`). With rating lists loaded, the page also finds the
//! name searched for in them, and "Use" fills the form from the list (names, rank, rating, club, country, id);
//! the desk still checks with the player and registers.

use super::form::{self, FormView, Offer, Typed};
use super::refusal::{form_refusal, problem_box, with_status};
use super::{closures, offers, private, Mode, Notice};
use crate::app::Target;
use crate::auth::Action;
use crate::domain::name;
use crate::domain::ratings::{self, RatedPlayer, RatingSource};
use crate::domain::{Command, State, Subject};
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::desk::{request_id, Web};
use crate::web::desk::{slot_in, SLOT};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::WebError;
use axum::extract::State as Shared;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::{html, Markup};
use std::sync::Arc;

/// `GET …/add` (`?q=` fills in the name searched for).
pub(super) async fn add_page(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(n): Notice,
) -> Response {
    if let Err(refused) = mode.admit(&desk) {
        return refused.into_response();
    }
    let mut typed = Typed {
        check_in: true,
        ..Typed::default()
    };
    // A name in another script stays in the name fields while the desk searches the lists in Latin letters.
    let own = n
        .name
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(&n.q);
    let own = name::has_other_letters(own).then_some(own);
    let (family, given) = split_name(own.unwrap_or(&n.q));
    typed.values.set("family", family);
    typed.values.set("given", given);
    let request = request_id();
    web.desk_page(&desk, Action::Register, &[], |state| {
        let offers = offers(state, mode);
        if offers.len() == 1 {
            typed.enter = vec![offers[0].id];
        }
        let picked = n.pick.as_deref().and_then(|p| picked(state, p));
        if let Some((source, p)) = picked {
            fill(&mut typed, source, p);
        }
        let above = rating_lists(state, desk.lang, mode, &n.q, own, picked.map(|(_, p)| p));
        Ok(add_body(
            state, mode, &desk, &typed, &offers, request, above,
        ))
    })
}

/// The player `pick` (`source:id`) names in the loaded lists.
fn picked<'a>(state: &'a State, pick: &str) -> Option<(RatingSource, &'a RatedPlayer)> {
    let (source, id) = pick.split_once(':')?;
    let source = RatingSource::parse(source)?;
    let list = state.ratings.get(&source).filter(|l| l.complete())?;
    list.players
        .iter()
        .find(|p| p.id == id && !id.is_empty())
        .map(|p| (source, p))
}

/// A rating list's player into the form: names, rank, rating, club, country and the list's id. The list's names
/// are in Latin letters: when the name already typed is not, they fill the Latin name and the name stays.
fn fill(typed: &mut Typed, source: RatingSource, p: &RatedPlayer) {
    let v = &mut typed.values;
    let typed_name = format!("{} {}", v.get("family"), v.get("given"));
    let (family, given) = if name::has_other_letters(&typed_name) {
        ("latin_family", "latin_given")
    } else {
        ("family", "given")
    };
    v.set(family, p.family.as_str());
    v.set(
        given,
        if p.given.is_empty() {
            "-"
        } else {
            p.given.as_str()
        },
    );
    if let Ok(rank) = p.rank.parse::<crate::domain::Rank>() {
        v.set("rank", rank.to_string());
    }
    v.set("club", p.club.as_str());
    v.set("country", p.country.as_str());
    if let Some(r) = p.rating {
        v.set("rating", r.to_string());
    }
    let id = match source {
        RatingSource::Egd => "egd_pin",
        RatingSource::Aga => "aga_id",
        RatingSource::Ffg => "ffg_licence",
    };
    v.set(id, p.id.as_str());
}

/// The candidates of the loaded rating lists for what the desk searched, each with a button that fills the form
/// in; the one picked is named above the form. Nothing when no list is loaded. `own`: the name typed in another
/// script, carried along (`name=`) so that it stays while the lists are searched in Latin letters.
fn rating_lists(
    state: &State,
    l: Lang,
    mode: Mode,
    q: &str,
    own: Option<&str>,
    picked: Option<&RatedPlayer>,
) -> Markup {
    if !state.ratings.values().any(|l| l.complete()) {
        return html! {};
    }
    let found = if picked.is_some() || q.trim().is_empty() {
        Vec::new()
    } else {
        ratings::lookup(&state.ratings, q, 10)
    };
    let href = |source: RatingSource, p: &RatedPlayer| {
        let pick = format!("{}:{}", source.as_str(), p.id);
        let mut pairs = vec![("q", q), ("pick", pick.as_str())];
        pairs.extend(own.map(|own| ("name", own)));
        super::super::address(&format!("{}/add", mode.base()), &pairs, "")
    };
    html! {
        section #rating-lists {
            @if let Some(p) = picked {
                p .done .ok #picked role="status" {
                    (tr!(l, "reg-filled", player = format!("{} {} {}", p.family, p.given, p.rank),
                        rating = p.rating.map(|r| tr!(l, "reg-filled-gor", rating = r)).unwrap_or_default(),
                        id = &p.id))
                }
            } @else {
                form .find method="get" action=(format!("{}/add", mode.base())) {
                    input type="search" name="q" value=(q) aria-label=(l.t("reg-ratings-label"))
                        placeholder=(l.t("reg-ratings-placeholder")) autocomplete="off";
                    @if let Some(own) = own { input type="hidden" name="name" value=(own); }
                    button .big type="submit" { (l.t("reg-ratings-label")) }
                }
                @if !found.is_empty() {
                    table #candidates {
                        thead { tr { th { (l.t("reg-col-list")) } th { (l.t("reg-col-id")) } th { (l.t("reg-col-name")) } th { (l.t("reg-col-rank")) } th { (l.t("reg-col-gor")) } th { (l.t("reg-col-club")) } th { (l.t("reg-col-country")) } th {} } }
                        tbody {
                            @for (source, p) in &found {
                                tr {
                                    td { (source.as_str()) } td { (p.id) } td { (p.family) " " (p.given) }
                                    td { (p.rank) } td { @if let Some(r) = p.rating { (r) } }
                                    td { (p.club) } td { (p.country) }
                                    td { a .big .use href=(href(*source, p)) { (l.t("reg-use")) } }
                                }
                            }
                        }
                    }
                } @else if !q.trim().is_empty() {
                    p .note #no-candidates { (tr!(l, "reg-no-candidates", q = q))
                        @if own == Some(q) { " " (l.t("reg-no-candidates-latin")) } }
                }
            }
        }
    }
}

/// "Côté Anne" → ("Côté", "Anne"): what was searched for, as a first guess at the names.
fn split_name(q: &str) -> (String, String) {
    let mut words = q.split_whitespace();
    let family = words.next().unwrap_or("").to_string();
    (family, words.collect::<Vec<_>>().join(" "))
}

fn add_body(
    state: &State,
    mode: Mode,
    desk: &Desk,
    typed: &Typed,
    offers: &[Offer],
    request: String,
    above: Markup,
) -> (String, Markup) {
    let l = desk.lang;
    let submit = l.t("reg-register");
    let view = FormView {
        id: "add",
        action: format!("{}/add", mode.base()),
        csrf: &desk.csrf,
        request_id: request,
        private: private(desk),
        offers,
        late: mode == Mode::Late,
        submit: &submit,
        lang: l,
        teams: &crate::app::teams::names(state),
        boards: state
            .tournaments
            .values()
            .any(|t| t.settings.scoring.team_boards > 0),
    };
    let body = html! {
        h1 { (l.t("reg-add-title")) }
        p { a href=(mode.base()) { (l.t("reg-back-to-search")) } }
        (above)
        @if offers.is_empty() {
            p #closed .warn {
                strong { (l.t("reg-closed")) } " "
                (slot_in(&tr!(l, "reg-closed-new-players", link = SLOT),
                    html! { a href=(Mode::Late.base()) { (l.t("reg-late-desk")) } }))
            }
        } @else {
            @if mode == Mode::Register { (closures(state, mode, l)) }
            (form::render(&view, typed))
        }
    };
    (tr!(l, "reg-add-page-title", desk = mode.title(l)), body)
}

/// `POST …/add`: registers the player; a duplicate shows the existing record and the "different person" confirm.
pub(super) async fn add(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Response {
    let mut typed = Typed::parse(&pairs);
    if let Err(refused) = mode
        .admit(&desk)
        .and_then(|()| desk.check_csrf(&typed.csrf))
    {
        return refused.into_response();
    }
    let built = web.core.read(|s| {
        let offers = offers(s, mode);
        let fields = form::to_fields(desk.lang, &typed.values, &form::blank(), private(&desk))?;
        let enter = form::entries(desk.lang, &typed, &offers)?;
        Ok::<_, form::Problem>((fields, enter))
    });
    let (fields, enter) = match built {
        Ok(Ok(built)) => built,
        Ok(Err(problem)) => {
            typed.bad = problem.field;
            return add_again(
                &web,
                mode,
                &desk,
                &typed,
                StatusCode::BAD_REQUEST,
                problem_box(&problem.message),
                false,
            );
        }
        Err(_) => {
            return WebError::unavailable(desk.lang.t("error-busy"))
                .in_lang(desk.lang)
                .into_response()
        }
    };
    let name = format!("{} {}", fields.family_name, fields.given_name);
    let cmd = Command::RegisterParticipant {
        fields,
        enter,
        check_in: typed.check_in,
        different_person: typed.different_person,
    };
    match web
        .desk_write(&desk, &typed.csrf, &typed.request_id, cmd, Target::None)
        .await
    {
        Ok(outcome) => {
            let l = desk.lang;
            let (q, what, id) = match (&outcome.subject, typed.check_in) {
                (Some(Subject::Participant(p)), false) => (
                    p.id.to_string(),
                    tr!(l, "reg-registered-as", name = &name, id = p.id.to_string()),
                    Some(p.id),
                ),
                (Some(Subject::Participant(p)), true) => (
                    p.id.to_string(),
                    tr!(
                        l,
                        "reg-registered-as-in",
                        name = &name,
                        id = p.id.to_string()
                    ),
                    Some(p.id),
                ),
                (_, false) => (String::new(), tr!(l, "reg-registered", name = &name), None),
                (_, true) => (
                    String::new(),
                    tr!(l, "reg-registered-in", name = &name),
                    None,
                ),
            };
            super::undo::registered(mode, &q, &what, id)
        }
        Err(refused) => {
            let (code, above, fresh) = form_refusal(&web, desk.lang, mode, &refused, "add");
            typed.bad = refused.field().and_then(form::form_field);
            add_again(&web, mode, &desk, &typed, code, above, fresh)
        }
    }
}

/// The add form again, filled in as typed, with what went wrong above it.
fn add_again(
    web: &Web,
    mode: Mode,
    desk: &Desk,
    typed: &Typed,
    code: StatusCode,
    above: Markup,
    fresh: bool,
) -> Response {
    let request = if fresh {
        request_id()
    } else {
        typed.request_id.clone()
    };
    let response = web.desk_page(desk, Action::Register, &[], |state| {
        let offers = offers(state, mode);
        Ok(add_body(state, mode, desk, typed, &offers, request, above))
    });
    with_status(response, code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed() -> RatedPlayer {
        RatedPlayer {
            id: "19000001".into(),
            family: "Yamada".into(),
            given: "Taro".into(),
            rank: "2d".into(),
            rating: Some(2150),
            club: "Tokyo".into(),
            country: "JP".into(),
        }
    }

    #[test]
    fn issue_34_the_rating_list_fills_the_latin_name_when_the_name_is_in_another_script() {
        let mut typed = Typed::default();
        typed.values.set("family", "山田");
        typed.values.set("given", "太郎");
        fill(&mut typed, RatingSource::Egd, &listed());
        let v = &typed.values;
        assert_eq!((v.get("family"), v.get("given")), ("山田", "太郎"));
        assert_eq!(
            (v.get("latin_family"), v.get("latin_given")),
            ("Yamada", "Taro")
        );
        assert_eq!((v.get("rank"), v.get("egd_pin")), ("2d", "19000001"));
        // A name typed in Latin letters, or a pin searched for, is replaced by the list's as before.
        for (family, given) in [("yamada", ""), ("19000001", "")] {
            let mut typed = Typed::default();
            typed.values.set("family", family);
            typed.values.set("given", given);
            fill(&mut typed, RatingSource::Egd, &listed());
            let v = &typed.values;
            assert_eq!((v.get("family"), v.get("given")), ("Yamada", "Taro"));
            assert_eq!(v.get("latin_family"), "");
        }
    }

    #[test]
    fn a_searched_name_fills_in_the_add_form() {
        assert_eq!(
            split_name("Côté Anne Marie"),
            ("Côté".into(), "Anne Marie".into())
        );
        assert_eq!(split_name(""), (String::new(), String::new()));
    }
}
