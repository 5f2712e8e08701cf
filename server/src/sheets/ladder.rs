//! The printed pages of an event without rounds (a club ladder, a self-paired side event): the ladder itself —
//! rungs (or places), games and wins — and its games in the order they were recorded, with their dates, for the
//! club's notice board; the same ladder as CSV. Every sheet and file made of rounds (pairings, slips, wall chart,
//! crosstable, the rating exports) refuses such an event here by name, instead of printing an empty round.
//! Reads the register and the ladder fold (`domain::ladder`); pure, never contact data.

use super::model::{Block, Column, Sheet, Table};
use super::Document;
use crate::app::roster::Roster;
use crate::domain::ladder::{ladder, LadderOutcome};
use crate::domain::PairingSystem;
use crate::domain::{ParticipantId, Rejected};

/// Why sheet `kind` has nothing to print for this event, and what to print instead.
pub(crate) fn no_rounds(roster: &Roster, kind: &str) -> Rejected {
    let file = match kind {
        "egf" => Some("an EGF rating file"),
        "tou" => Some("an FFG file"),
        "aga" => Some("an AGA results file"),
        "opengotha" => Some("an OpenGotha file"),
        _ => None,
    };
    let why = match file {
        Some(file) => format!("its games are not played in rounds, and {file} is made of rounds"),
        None => {
            let noun = match kind {
                "bracket" => "bracket",
                "slips" => "result slips",
                "wallchart" => "wall chart",
                "grid" | "crosstable" => "crosstable",
                _ => "pairings",
            };
            format!("it has no rounds, so it has no {noun}")
        }
    };
    Rejected::Precondition(format!(
        "{} is a {}: {why}. Print its standings (the ladder and its games), or export them as csv-standings",
        roster.name(),
        roster.tournament.settings.system.as_str()
    ))
}

/// The ladder and its games.
pub(crate) fn sheet(roster: &Roster) -> Sheet {
    let t = roster.tournament.id;
    let self_paired = roster.tournament.settings.system == PairingSystem::SelfPaired;
    let now = ladder(roster.state, t);
    let title = if self_paired {
        format!("{}: self-paired games", roster.name())
    } else {
        format!("{}: ladder", roster.name())
    };
    let mut sheet = Sheet::new(title, roster.heading_lines());
    let shared = |place: u32| now.places.iter().filter(|x| **x == place).count() > 1;
    let rows = now
        .rungs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let place = now.places.get(i).copied().unwrap_or(i as u32 + 1);
            vec![
                format!("{place}{}", if shared(place) { "=" } else { "" }),
                roster.number_text(*p),
                roster.full_name(*p),
                roster.rank(*p, 1),
                roster.club(*p),
                now.games.get(p).copied().unwrap_or(0).to_string(),
                now.wins.get(p).copied().unwrap_or(0).to_string(),
            ]
        })
        .collect();
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::right(if self_paired { "Place" } else { "Rung" }),
            Column::right("No"),
            Column::flex("Name", 14),
            Column::left("Rank"),
            Column::flex("Club", 6),
            Column::right("Games"),
            Column::right("Wins"),
        ],
        rows,
    }));
    let games = roster.play.map_or(&[][..], |p| p.ladder.as_slice());
    if games.is_empty() {
        sheet
            .blocks
            .push(Block::Note("No games recorded yet.".to_string()));
        return sheet;
    }
    sheet.blocks.push(Block::Heading("Games".to_string()));
    let who = |p: ParticipantId| format!("{} {}", roster.number_text(p), roster.full_name(p));
    let rows = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let result = match (g.outcome, self_paired) {
                (LadderOutcome::Challenger, false) => "challenger",
                (LadderOutcome::Defender, false) => "defender",
                (LadderOutcome::Challenger, true) => "first",
                (LadderOutcome::Defender, true) => "second",
                (LadderOutcome::Jigo, _) => "jigo",
            };
            let mut row = vec![(i + 1).to_string(), date(g.at_ms), who(g.challenger)];
            if !self_paired {
                row.push(g.from_rung.to_string());
            }
            row.push(who(g.defender));
            if !self_paired {
                row.push(g.to_rung.to_string());
            }
            row.push(result.to_string());
            if !self_paired {
                row.push(g.handicap.to_string());
            }
            row
        })
        .collect();
    let columns = if self_paired {
        vec![
            Column::right("#"),
            Column::left("Date"),
            Column::flex("First", 12),
            Column::flex("Second", 12),
            Column::left("Won by"),
        ]
    } else {
        vec![
            Column::right("#"),
            Column::left("Date"),
            Column::flex("Challenger", 12),
            Column::right("Rung"),
            Column::flex("Defender", 12),
            Column::right("Rung"),
            Column::left("Won by"),
            Column::right("Stones"),
        ]
    };
    sheet.blocks.push(Block::Table(Table { columns, rows }));
    sheet
}

/// The ladder as CSV: rung (or place), number, name, rank, club, country, games, wins.
pub(crate) fn csv(roster: &Roster) -> Result<Document, Rejected> {
    let now = ladder(roster.state, roster.tournament.id);
    let self_paired = roster.tournament.settings.system == PairingSystem::SelfPaired;
    let first = if self_paired { "place" } else { "rung" };
    let mut rows = vec![[
        first, "number", "name", "rank", "club", "country", "games", "wins",
    ]
    .map(String::from)
    .to_vec()];
    for (i, p) in now.rungs.iter().enumerate() {
        let country = roster
            .entrants
            .get(p)
            .map(|(person, _)| person.fields.country.clone())
            .unwrap_or_default();
        rows.push(vec![
            now.places
                .get(i)
                .copied()
                .unwrap_or(i as u32 + 1)
                .to_string(),
            roster.number_text(*p),
            roster.full_name(*p),
            roster.rank(*p, 1),
            roster.club(*p),
            country,
            now.games.get(p).copied().unwrap_or(0).to_string(),
            now.wins.get(p).copied().unwrap_or(0).to_string(),
        ]);
    }
    super::csv::finish(
        rows,
        format!(
            "{}: {}",
            roster.name(),
            if self_paired { "places" } else { "ladder" }
        ),
        super::file_name(roster.name(), "standings.csv"),
    )
}

/// `2026-11-26`: the day a game was recorded (UTC, the writer's clock).
fn date(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .map(|t| t.date().to_string())
        .unwrap_or_default()
}
