//! The desk's search and its result list: who matches what the volunteer typed (a number `7`/`#7`, a register
//! id `P12`, or the start of a name, accent- and case-insensitive through `State::find` like gRPC's
//! FindParticipants, in the Latin name too), each shown with number, name (and Latin name), rank, club, country
//! (and, for roles that see private data, email, phone and year of birth) and every tournament entry with its
//! status, and one button to check in. Pure: reads the state it is given.

use super::late;
use super::Mode;
use crate::domain::name::{fold, search_text};
use crate::domain::{EntryStatus, Participant, ParticipantId, State, TournamentId};
use crate::tr;
use crate::web::board::players::rounds_text_in;
use crate::web::desk::request_id;
use crate::web::desk::session::Desk;
use crate::web::lang::Lang;
use maud::{html, Markup};

/// The most players one result list shows.
pub const MAX_RESULTS: usize = 3000;

/// What the search box holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// Nothing typed: everyone.
    Everyone,
    /// A number on the sheets (`7`, `#7`).
    Number(u32),
    /// A register id (`P12`).
    Id(ParticipantId),
    /// The start of a name.
    Name(String),
}

impl Query {
    /// Reads the search box.
    pub fn parse(text: &str) -> Query {
        let text = text.trim();
        let bare = text.trim_start_matches('#').trim();
        if text.is_empty() {
            Query::Everyone
        } else if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
            bare.parse().map_or(Query::Name(text.into()), Query::Number)
        } else if let Some(Ok(id)) = bare
            .strip_prefix(['P', 'p'])
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .map(str::parse)
        {
            Query::Id(ParticipantId(id))
        } else {
            Query::Name(text.into())
        }
    }
}

/// The participants matching `q`, by name (a number finds that number in any tournament).
pub fn matches<'a>(state: &'a State, q: &Query) -> Vec<&'a Participant> {
    let mut found: Vec<&Participant> = match q {
        Query::Everyone => state.participants.values().collect(),
        Query::Number(n) => {
            let numbered: Vec<&Participant> = state
                .play
                .values()
                .flat_map(|play| play.numbers.iter())
                .filter(|(_, m)| **m == *n)
                .filter_map(|(p, _)| state.participants.get(p))
                .collect();
            // Before anyone is numbered, a number can only be a register id.
            if numbered.is_empty() && state.play.values().all(|p| p.numbers.is_empty()) {
                state
                    .participants
                    .get(&ParticipantId(u64::from(*n)))
                    .into_iter()
                    .collect()
            } else {
                numbered
            }
        }
        Query::Id(id) => state.participants.get(id).into_iter().collect(),
        Query::Name(text) => return state.find(text, MAX_RESULTS),
    };
    found.sort_by_cached_key(|p| {
        (
            fold(&p.fields.family_name),
            fold(&p.fields.given_name),
            p.id,
        )
    });
    found.dedup_by_key(|p| p.id);
    found.truncate(MAX_RESULTS);
    found
}

/// A player's number in tournament `t`, if numbered.
pub fn number_in(state: &State, t: TournamentId, p: ParticipantId) -> Option<u32> {
    state
        .play
        .get(&t)
        .and_then(|play| play.numbers.get(&p).copied())
}

/// How the player is named on this page: the first number on the sheets, or the register id.
pub fn label(state: &State, p: &Participant) -> String {
    p.entries
        .keys()
        .find_map(|t| number_in(state, *t, p.id))
        .map_or_else(|| p.id.to_string(), |n| format!("#{n}"))
}

/// "Côté Anne".
pub fn full_name(p: &Participant) -> String {
    format!("{} {}", p.fields.family_name, p.fields.given_name)
}

/// The text the page's own filter (`/assets/live.js`) matches typed words against.
pub fn search_key(state: &State, p: &Participant) -> String {
    let mut key = search_text(&p.fields);
    let lower = full_name(p).to_lowercase();
    if !key.contains(&lower) {
        key.push(' ');
        key.push_str(&lower);
    }
    for t in p.entries.keys() {
        if let Some(n) = number_in(state, *t, p.id) {
            key.push_str(&format!(" #{n}"));
        }
    }
    key.push_str(&format!(
        " p{} {} {}",
        p.id.0,
        fold(&p.fields.club),
        p.fields.country.to_lowercase()
    ));
    key
}

/// The result list.
pub fn results(
    state: &State,
    found: &[&Participant],
    mode: Mode,
    desk: &Desk,
    private: bool,
) -> Markup {
    html! {
        ul #results .players {
            @for p in found { (result(state, p, mode, desk, private)) }
        }
    }
}

fn result(state: &State, p: &Participant, mode: Mode, desk: &Desk, private: bool) -> Markup {
    let l = desk.lang;
    let label = label(state, p);
    let number = label.trim_start_matches('#');
    let expected: Vec<TournamentId> = p
        .entries
        .iter()
        .filter(|(_, e)| e.status == EntryStatus::PreRegistered)
        .map(|(t, _)| *t)
        .collect();
    let withdrawn = p
        .entries
        .values()
        .any(|e| e.status == EntryStatus::Withdrawn);
    let one_tap = !expected.is_empty() && !withdrawn;
    let each = expected.len() > 1 || (withdrawn && !expected.is_empty());
    html! {
        li .result .player data-number=(number) data-id=(p.id) data-k=(search_key(state, p)) {
            div .who {
                span .num { (label) } " "
                span .name { (full_name(p)) } " "
                @if !p.fields.latin_family_name.is_empty() {
                    span .latin { "(" (p.fields.latin_family_name) " " (p.fields.latin_given_name) ")" } " "
                }
                span .rank { (p.fields.rank) } " "
                @if !p.fields.club.is_empty() { span .club { (p.fields.club) } " " }
                @if !p.fields.country.is_empty() { span .country { (p.fields.country) } }
            }
            @if private {
                @let contact = contact(l, p);
                @if !contact.is_empty() { div .contact .note { (contact) } }
            }
            @if super::pay::takes_payments(desk) { (super::pay::owed(l, state, p)) }
            ul .entries {
                @for (t, e) in &p.entries {
                    @let name = state.tournaments.get(t).map_or_else(|| t.to_string(), |x| x.settings.name.clone());
                    li .entry data-t=(t.0) data-status=(e.status.as_str()) {
                        (name)
                        @if let Some(n) = number_in(state, *t, p.id) { " #" (n) }
                        ": "
                        @match e.status {
                            EntryStatus::CheckedIn if e.checked_in.as_ref().is_some_and(|b| b.by_self) => {
                                strong .in { (l.t("reg-checked-in-mark")) } " " span .self-check-in { (l.t("reg-self")) }
                            },
                            EntryStatus::CheckedIn => strong .in { (l.t("reg-checked-in-mark")) },
                            EntryStatus::PreRegistered => span .expected { (l.t("reg-expected")) },
                            EntryStatus::Withdrawn => span .withdrawn { (l.t("reg-withdrawn")) },
                        }
                        " " (tr!(l, "reg-rounds", rounds = rounds_text_in(l, &e.rounds, state.tournaments.get(t).map_or(0, |x| x.settings.rounds))))
                        @if mode == Mode::Late && e.status == EntryStatus::PreRegistered {
                            @if let Some(terms) = late_terms(l, state, *t, &e.rounds) { " · " span .late-terms { (terms) } }
                        }
                        @if each && e.status == EntryStatus::PreRegistered {
                            " " (checkin_form(mode, desk, p.id, Some(*t), "checkin-one", &l.t("reg-check-in-here")))
                        }
                    }
                }
            }
            div .actions {
                @if one_tap { (checkin_form(mode, desk, p.id, None, "checkin", &l.t("reg-check-in"))) }
                a .big .edit href=(format!("{}/player/{}/edit", mode.base(), p.id)) { (l.t("reg-edit")) }
                @if super::pay::takes_payments(desk) && crate::app::fees::account(state, p).balance() > 0 {
                    a .big .pay href=(format!("{}/player/{}/edit?pay=1", mode.base(), p.id)) { (l.t("fee-take")) }
                }
            }
        }
    }
}

/// What only roles that see private data are shown under the name: "email · phone · born 2012", the parts
/// there are.
fn contact(l: Lang, p: &Participant) -> String {
    let born = p
        .fields
        .birth_year
        .map(|y| tr!(l, "reg-born", year = y.to_string()));
    [p.fields.email.as_str(), p.fields.phone.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .chain(born)
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The late-desk sentence for an entry, once the tournament has drawn rounds.
fn late_terms(l: Lang, state: &State, t: TournamentId, rounds: &[u32]) -> Option<String> {
    let tournament = state.tournaments.get(&t)?;
    let drawn = state.play.get(&t).map_or(0, |p| p.rounds.len() as u32);
    (drawn > 0).then(|| {
        late::terms(
            l,
            tournament.settings.rounds,
            drawn,
            rounds,
            tournament.settings.scoring.missed,
        )
    })
}

/// One tap: POST `{base}/checkin` with the CSRF value and a fresh request id.
fn checkin_form(
    mode: Mode,
    desk: &Desk,
    p: ParticipantId,
    t: Option<TournamentId>,
    class: &str,
    words: &str,
) -> Markup {
    html! {
        form .inline method="post" action=(format!("{}/checkin", mode.base())) style="display:inline" {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="id" value=(p);
            @if let Some(t) = t { input type="hidden" name="t" value=(t.0); }
            button class=(format!("big primary {class}")) type="submit" { (words) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_box_reads_numbers_register_ids_and_names() {
        assert_eq!(Query::parse("  "), Query::Everyone);
        assert_eq!(Query::parse("7"), Query::Number(7));
        assert_eq!(Query::parse("#7"), Query::Number(7));
        assert_eq!(Query::parse("P12"), Query::Id(ParticipantId(12)));
        assert_eq!(Query::parse("p12"), Query::Id(ParticipantId(12)));
        assert_eq!(Query::parse("côté"), Query::Name("côté".into()));
        assert_eq!(Query::parse("Pa"), Query::Name("Pa".into()));
        assert_eq!(Query::parse("#"), Query::Name("#".into()));
    }
}
