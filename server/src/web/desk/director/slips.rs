//! The dashboard's change slips: each pending slip as a card that shows every proposed change as the register
//! has it now → as the player asks (`rank: 3k → 2k`), with Accept and Reject. Deciding is the domain's
//! (`ResolveSlip`); this module only shows.

use super::action_form;
use crate::app::roster::Roster;
use crate::domain::slip::Slip;
use crate::domain::State;
use crate::tr;
use crate::web::board::pairings::label_in;
use crate::web::board::players::rounds_text;
use crate::web::desk::session::Desk;
use crate::web::lang::Lang;
use maud::{html, Markup};

/// The slips section: every pending slip of the tournament, oldest first.
pub fn section(state: &State, roster: &Roster, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let pending: Vec<&Slip> = state
        .slips
        .values()
        .filter(|s| s.tournament == t && s.is_pending())
        .collect();
    let l = desk.lang;
    html! {
        section #slips {
            h2 { (l.t("slips-heading")) }
            @if pending.is_empty() { p .note { (l.t("slips-none")) } }
            @for s in &pending {
                div .slip-card data-slip=(s.id.0) {
                    p { (crate::web::desk::slots_in(&tr!(l, "slips-for", slip = crate::web::desk::SLOTS[0],
                        player = crate::web::desk::SLOTS[1]),
                        &[html! { strong { (s.id) } }, label_in(l, roster, s.participant, 1)])) }
                    ul {
                        @for (field, before, after) in changes(l, roster, s) {
                            li { (tr!(l, "slips-field", field = field)) ": " span .before { (before) } " → " strong .after { (after) } }
                        }
                        @if !s.proposal.message.is_empty() { li { (tr!(l, "slips-message", message = &s.proposal.message)) } }
                    }
                    div .actions {
                        (action_form(t, "slip", desk, html! {
                            input type="hidden" name="slip" value=(s.id.0);
                            input type="hidden" name="accept" value="yes";
                        }, &l.t("slips-accept")))
                        (action_form(t, "slip", desk, html! {
                            input type="hidden" name="slip" value=(s.id.0);
                            label { (l.t("slips-reason")) " " input name="reason" required; }
                        }, &l.t("slips-reject")))
                    }
                }
            }
        }
    }
}

/// Each field the slip would change: its name, the register's value now (`(none)` when empty), the asked one.
fn changes(l: Lang, roster: &Roster, slip: &Slip) -> Vec<(&'static str, String, String)> {
    let Some((person, entry)) = roster.entrants.get(&slip.participant) else {
        return Vec::new();
    };
    let now = &person.fields;
    let p = &slip.proposal;
    let total = roster.tournament.settings.rounds;
    let shown = |v: &str| match v.trim() {
        "" => l.t("slips-none-value"),
        v => v.to_string(),
    };
    let text = [
        ("family-name", &now.family_name, &p.family_name),
        ("given-name", &now.given_name, &p.given_name),
        ("club", &now.club, &p.club),
        ("country", &now.country, &p.country),
    ];
    let mut lines: Vec<_> = text
        .into_iter()
        .filter_map(|(field, before, after)| Some((field, shown(before), shown(after.as_ref()?))))
        .collect();
    if let Some(rank) = p.rank {
        lines.push(("rank", l.rank(now.rank), l.rank(rank)));
    }
    if let Some(rounds) = &p.rounds {
        lines.push((
            "rounds",
            rounds_text(&entry.rounds, total),
            rounds_text(rounds, total),
        ));
    }
    lines
}
