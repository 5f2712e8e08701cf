//! The AGA results file (`shared/reference/opengotha.md` §7.4): the tournament line, the dates, the players
//! with their AGA ids, then each round's games as `white id, black id, winner (W, B or ? ), handicap, komi`,
//! tab-separated. Komi is 7 for an even game and 0 with handicap; one stone is written as handicap 0, komi 0.
//! A player without an AGA id gets a placeholder counting down from 99999 *in this file only*: an export never
//! changes the register (OpenGotha writes such ids back into the tournament; Tengen does not, so a second
//! export gives the same placeholders). Each name is the one `domain::name::for_files` gives (the Latin name
//! typed at the desk, else the name in Latin letters or spelled from Cyrillic or Greek); a player with none
//! refuses the export by name. Pure; no contact data.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::Document;
use crate::app::roster::Roster;
use crate::domain::round::Outcome;
use crate::domain::{ParticipantId, Rejected};

/// The first placeholder id.
const FIRST_PLACEHOLDER: u32 = 99_999;

/// The AGA file with every round drawn so far.
pub(crate) fn document(roster: &Roster) -> Result<Document, Rejected> {
    let s = &roster.tournament.settings;
    let event = &roster.state.event;
    let mut order: Vec<ParticipantId> = roster.entrants.keys().copied().collect();
    order.sort_by_key(|p| (roster.number(*p).unwrap_or(u32::MAX), *p));
    let names = roster.names_for_files(order.iter().copied(), "AGA")?;
    let mut ids: BTreeMap<ParticipantId, String> = BTreeMap::new();
    let mut next = FIRST_PLACEHOLDER;
    for p in &order {
        let (person, _) = roster.entrants[p];
        let id = person.fields.aga_id.trim();
        let id = if id.is_empty() {
            next -= 1;
            (next + 1).to_string()
        } else {
            id.to_string()
        };
        ids.insert(*p, id);
    }
    let location = event.city.trim();
    let mut out = String::new();
    let _ = writeln!(out, "Tourney {}, {location}", s.name.trim());
    let _ = writeln!(out, "location='{location}'");
    let date = |a: &str, b: &str| {
        if a.trim().is_empty() {
            b.trim().to_string()
        } else {
            a.trim().to_string()
        }
    };
    let _ = writeln!(out, "\tstart={}", date(&s.start_date, &event.start_date));
    let _ = writeln!(out, "\tfinish={}", date(&s.end_date, &event.end_date));
    out.push_str("PLAYERS\n");
    for p in &order {
        let (person, entry) = roster.entrants[p];
        let rank = entry.rank_in(person.fields.rank, 1);
        let Some((family, given)) = names.get(p) else {
            continue;
        };
        let _ = writeln!(out, "{}\t{family}, {given}\t{rank}", ids[p]);
    }
    for r in roster.rounds() {
        let _ = writeln!(out, "GAMES {}", r.number);
        for g in &r.games {
            let (Some(white), Some(black)) = (ids.get(&g.white), ids.get(&g.black)) else {
                continue;
            };
            let winner = match g.confirmed.map(|c| c.outcome) {
                Some(Outcome::WhiteWins) => "W",
                Some(Outcome::BlackWins) => "B",
                _ => "?",
            };
            let (handicap, komi) = match g.handicap {
                0 => (0, 7),
                1 => (0, 0),
                h => (h, 0),
            };
            let _ = writeln!(out, "{white}\t{black}\t{winner}\t{handicap}\t{komi}");
        }
    }
    out.push_str("END\n");
    Ok(Document {
        title: format!("{}: AGA results", roster.name()),
        content_type: super::TEXT.to_string(),
        body: out,
        encoding: super::UTF8.to_string(),
        file_name: super::file_name(roster.name(), "txt"),
    })
}
