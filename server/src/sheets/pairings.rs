//! The pairing lists of a round: by table (white, black, handicap, komi; the bye at the bottom) and by name (one
//! line per player, sorted by family name then given name, accent-insensitive, to find one's table quickly).

use super::model::{Block, Column, Sheet, Table};
use crate::app::roster::Roster;
use crate::domain::name::fold;
use crate::domain::round::RoundRecord;
use crate::domain::timetable;
use crate::domain::{ParticipantId, Rejected};

/// The round's games by table.
pub(crate) fn by_table(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let r = roster.drawn_round(round)?;
    let n = r.number;
    let mut sheet = Sheet::new(
        format!("{}: round {n} pairings", roster.name()),
        heading(roster, n),
    );
    let mut games: Vec<_> = r.listed_games().collect();
    games.sort_by_key(|g| g.table);
    let rows = games
        .iter()
        .map(|g| {
            let (hcp, komi) = roster.game_cells(g);
            vec![
                g.table.to_string(),
                roster.number_text(g.white),
                roster.full_name(g.white),
                roster.rank(g.white, n),
                roster.number_text(g.black),
                roster.full_name(g.black),
                roster.rank(g.black, n),
                hcp,
                komi,
            ]
        })
        .collect();
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::right("Table"),
            Column::right("No"),
            Column::flex("White", 12),
            Column::left("Rank"),
            Column::right("No"),
            Column::flex("Black", 12),
            Column::left("Rank"),
            Column::right("Hcp"),
            Column::right("Komi"),
        ],
        rows,
    }));
    if let Some(note) = roster.nigiri_note(r) {
        sheet.blocks.push(Block::Note(note));
    }
    if let Some(bye) = r.bye {
        sheet
            .blocks
            .push(Block::Note(format!("Bye: {}", roster.describe(bye, n))));
    }
    if !r.advancing.is_empty() {
        let names: Vec<String> = r.advancing.iter().map(|p| roster.describe(*p, n)).collect();
        sheet.blocks.push(Block::Note(format!(
            "{}: {}",
            roster.tournament.settings.system.without_game(),
            names.join(", ")
        )));
    }
    Ok(sheet)
}

/// The tournament's heading lines and, when the timetable has it, when round `n` starts (posted with the
/// pairings, as the BGA handbook and Mays ask).
fn heading(roster: &Roster, n: u32) -> Vec<String> {
    let mut lines = roster.heading_lines();
    if let Some(when) = timetable::words(&roster.tournament.settings, n) {
        lines.push(format!("Round {n} starts at {when}"));
    }
    lines
}

/// One line of the by-name list.
struct Line {
    key: (String, String, ParticipantId),
    cells: Vec<String>,
}

/// The round's players alphabetically, each with table, colour and opponent.
pub(crate) fn by_name(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let r = roster.drawn_round(round)?;
    let n = r.number;
    let mut sheet = Sheet::new(
        format!("{}: round {n} pairings by name", roster.name()),
        heading(roster, n),
    );
    let mut lines = lines_of(roster, r);
    lines.sort_by(|a, b| a.key.cmp(&b.key));
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::right("No"),
            Column::flex("Player", 14),
            Column::left("Rank"),
            Column::right("Table"),
            Column::left("Colour"),
            Column::right("No"),
            Column::flex("Opponent", 14),
            Column::left("Rank"),
        ],
        rows: lines.into_iter().map(|l| l.cells).collect(),
    }));
    Ok(sheet)
}

fn sort_key(roster: &Roster, p: ParticipantId) -> (String, String, ParticipantId) {
    match roster.entrants.get(&p) {
        Some((person, _)) => (
            fold(&person.fields.family_name),
            fold(&person.fields.given_name),
            p,
        ),
        None => (String::new(), String::new(), p),
    }
}

fn lines_of(roster: &Roster, r: &RoundRecord) -> Vec<Line> {
    let n = r.number;
    let mut lines = Vec::new();
    for g in r.listed_games() {
        let stones = if g.handicap > 0 {
            format!(" (H{})", g.handicap)
        } else {
            String::new()
        };
        for (me, them) in [(g.white, g.black), (g.black, g.white)] {
            let colour = g.seat_of(me).lower();
            lines.push(Line {
                key: sort_key(roster, me),
                cells: vec![
                    roster.number_text(me),
                    roster.full_name(me),
                    roster.rank(me, n),
                    g.table.to_string(),
                    format!("{colour}{stones}"),
                    roster.number_text(them),
                    roster.full_name(them),
                    roster.rank(them, n),
                ],
            });
        }
    }
    if let Some(bye) = r.bye {
        lines.push(Line {
            key: sort_key(roster, bye),
            cells: vec![
                roster.number_text(bye),
                roster.full_name(bye),
                roster.rank(bye, n),
                String::new(),
                "bye".to_string(),
                String::new(),
                String::new(),
                String::new(),
            ],
        });
    }
    lines
}
