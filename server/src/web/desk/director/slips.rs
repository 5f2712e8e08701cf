//! The dashboard's change slips: each pending slip as a card that shows every proposed change as the register
//! has it now → as the player asks (`rank: 3k → 2k`), with Accept and Reject. Deciding is the domain's
//! (`ResolveSlip`); this module only shows.

use super::action_form;
use crate::app::roster::Roster;
use crate::domain::slip::Slip;
use crate::domain::State;
use crate::web::board::pairings::label;
use crate::web::board::players::rounds_text;
use crate::web::desk::session::Desk;
use maud::{html, Markup};

/// The slips section: every pending slip of the tournament, oldest first.
pub fn section(state: &State, roster: &Roster, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let pending: Vec<&Slip> = state
        .slips
        .values()
        .filter(|s| s.tournament == t && s.is_pending())
        .collect();
    html! {
        section #slips {
            h2 { "Change slips" }
            @if pending.is_empty() { p .note { "No slip waiting." } }
            @for s in &pending {
                div .slip-card data-slip=(s.id.0) {
                    p { strong { (s.id) } " for " (label(roster, s.participant, 1)) }
                    ul {
                        @for (field, before, after) in changes(roster, s) {
                            li { (field) ": " span .before { (before) } " → " strong .after { (after) } }
                        }
                        @if !s.proposal.message.is_empty() { li { "message: " (s.proposal.message) } }
                    }
                    div .actions {
                        (action_form(t, "slip", desk, html! {
                            input type="hidden" name="slip" value=(s.id.0);
                            input type="hidden" name="accept" value="yes";
                        }, "Accept"))
                        (action_form(t, "slip", desk, html! {
                            input type="hidden" name="slip" value=(s.id.0);
                            label { "Reason " input name="reason" required; }
                        }, "Reject"))
                    }
                }
            }
        }
    }
}

/// Each field the slip would change: its name, the register's value now (`(none)` when empty), the asked one.
fn changes(roster: &Roster, slip: &Slip) -> Vec<(&'static str, String, String)> {
    let Some((person, entry)) = roster.entrants.get(&slip.participant) else {
        return Vec::new();
    };
    let now = &person.fields;
    let p = &slip.proposal;
    let total = roster.tournament.settings.rounds;
    let shown = |v: &str| match v.trim() {
        "" => "(none)".to_string(),
        v => v.to_string(),
    };
    let text = [
        ("family name", &now.family_name, &p.family_name),
        ("given name", &now.given_name, &p.given_name),
        ("club", &now.club, &p.club),
        ("country", &now.country, &p.country),
    ];
    let mut lines: Vec<_> = text
        .into_iter()
        .filter_map(|(field, before, after)| Some((field, shown(before), shown(after.as_ref()?))))
        .collect();
    if let Some(rank) = p.rank {
        lines.push(("rank", now.rank.to_string(), rank.to_string()));
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
