//! The wall chart (the BGA handbook's results chart): one line per player by player number (so by starting
//! strength, matching the numbers on the pairings), each round as opponent number, result and colour with
//! handicap (`12+w`, `7-b2`, `3=w`, `9+!b` for a win by forfeit), then wins, MMS and place. A4 landscape. The
//! MMS is the grid's as Mays prints it: under his placing, a latecomer's or a returning player's ½ per missed
//! round counts, with the MMS that places them (earned, a missed round as a loss) in brackets beside it.

use super::model::{Block, Column, Sheet, Table};
use crate::app::roster::{half_points, Roster};
use crate::domain::field::{participant_id, Field};
use crate::domain::round::{GameRecord, Outcome, RoundRecord, Seat};
use crate::domain::{EntryStatus, PairingSystem, ParticipantId, Rejected};
use std::collections::BTreeMap;
use tengen_standings::placing::Row;

/// The wall chart after round `round` (0: the last round with results).
pub(crate) fn wallchart(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let after = roster.counted_round(round)?;
    let when = match after {
        0 => "before round 1".to_string(),
        n => format!("after round {n}"),
    };
    let mut sheet = Sheet::new(
        format!("{}: wall chart {when} (A4 landscape)", roster.name()),
        roster.heading_lines(),
    );
    sheet.landscape = true;
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let rows: BTreeMap<ParticipantId, &Row> = standings
        .rows
        .iter()
        .map(|r| (participant_id(r.player), r))
        .collect();
    let mcmahon = roster.tournament.settings.system == PairingSystem::McMahon;
    let total_rounds = (roster.tournament.settings.rounds as usize).max(roster.rounds().len());
    let mut columns = vec![
        Column::right("No"),
        Column::flex("Name", 12).capped(32),
        Column::left("Rank"),
        Column::flex("Club", 6).capped(20),
    ];
    columns.extend((1..=total_rounds).map(|r| Column::left(&format!("R{r}"))));
    columns.push(Column::right(if mcmahon { "Wins" } else { "Points" }));
    if mcmahon {
        columns.push(Column::right("MMS"));
    }
    columns.push(Column::right("Place"));
    let counted: Vec<&RoundRecord> = roster
        .rounds()
        .iter()
        .filter(|r| r.number <= after)
        .collect();
    let rank_round = after.max(1);
    let table_rows = chart_players(roster)
        .into_iter()
        .map(|p| {
            let mut cells = vec![
                roster.number_text(p),
                roster.full_name(p),
                roster.rank(p, rank_round),
                roster.club(p),
            ];
            cells.extend((1..=total_rounds as u32).map(|n| {
                counted
                    .iter()
                    .find(|r| r.number == n)
                    .map(|r| cell(roster, r, p))
                    .unwrap_or_default()
            }));
            let row = rows.get(&p);
            cells.push(row.map(|r| half_points(r.wins.0)).unwrap_or_default());
            if mcmahon {
                cells.push(row.map(|r| grid_mms_text(r)).unwrap_or_default());
            }
            cells.push(row.map(|r| place(r)).unwrap_or_default());
            cells
        })
        .collect();
    sheet.blocks.push(Block::Table(Table {
        columns,
        rows: table_rows,
    }));
    sheet.blocks.push(Block::Note(
        "Each round: opponent's number, + win, - loss, = jigo, ! by forfeit, ? no result yet, then colour \
         (w white, b black) and handicap stones."
            .to_string(),
    ));
    if mcmahon && standings.grid_differs() {
        sheet.blocks.push(Block::Note(GRID_NOTE.to_string()));
    }
    Ok(sheet)
}

/// Under a wall chart whose MMS column holds an earned score in brackets ([`grid_mms_text`]).
const GRID_NOTE: &str = "MMS as on Mays' grid: a latecomer or a player who came back counts half a point for \
     every round missed; in brackets, the MMS earned, which places them (a missed round counts as a loss).";

/// A player's MMS on the wall chart: the grid's figure, and, where it differs, the MMS that places them in
/// brackets: `-8.5 (-10)` for a latecomer who missed three rounds.
fn grid_mms_text(r: &Row) -> String {
    if r.grid_mms == r.mms {
        half_points(r.mms.0)
    } else {
        format!("{} ({})", half_points(r.grid_mms.0), half_points(r.mms.0))
    }
}

/// "3" or "3=" when the place is shared.
pub(crate) fn place(r: &Row) -> String {
    if r.shared {
        format!("{}=", r.place)
    } else {
        r.place.to_string()
    }
}

/// The players on the chart: everyone numbered or drawn, by number; before any draw, everyone not withdrawn,
/// strongest first.
pub(crate) fn chart_players(roster: &Roster) -> Vec<ParticipantId> {
    let mut on_chart: Vec<ParticipantId> = roster
        .entrants
        .keys()
        .copied()
        .filter(|p| {
            roster.number(*p).is_some()
                || roster
                    .rounds()
                    .iter()
                    .any(|r| r.has_bye(*p) || r.game_of(*p).is_some())
        })
        .collect();
    if on_chart.is_empty() {
        on_chart = roster
            .entrants
            .iter()
            .filter(|(_, (_, e))| e.status != EntryStatus::Withdrawn)
            .map(|(id, _)| *id)
            .collect();
    }
    on_chart.sort_by_key(|p| {
        let rank = roster
            .entrants
            .get(p)
            .map(|(person, _)| std::cmp::Reverse(person.fields.rank));
        (roster.number(*p).unwrap_or(u32::MAX), rank, *p)
    });
    on_chart
}

/// One round of one player: `12+w`, `7-b2`, `bye`, or empty when not paired.
fn cell(roster: &Roster, r: &RoundRecord, p: ParticipantId) -> String {
    if r.has_bye(p) {
        return "bye".to_string();
    }
    match r.game_of(p) {
        Some(g) => game_cell(roster, g, p),
        None => String::new(),
    }
}

fn game_cell(roster: &Roster, g: &GameRecord, p: ParticipantId) -> String {
    let white = g.white == p;
    let opponent = if white { g.black } else { g.white };
    let number = roster
        .number(opponent)
        .map_or_else(|| "?".to_string(), |n| n.to_string());
    let (mark, forfeit) = match g.confirmed {
        None => ("?", false),
        Some(res) => {
            let mark = match (res.outcome, white) {
                (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => "+",
                (Outcome::WhiteWins, false) | (Outcome::BlackWins, true) => "-",
                (Outcome::Jigo, _) => "=",
                (Outcome::BothWin, _) => "+",
                (Outcome::BothLose, _) => "-",
                (Outcome::Unknown, _) => "?",
            };
            (mark, res.by_forfeit)
        }
    };
    let forfeit = if forfeit { "!" } else { "" };
    // A nigiri game nobody recorded (a forfeit, or a round still being played) has no colour to print.
    let colour = match g.seat_of(p) {
        Seat::White => "w",
        Seat::Black => "b",
        Seat::Nigiri => "",
    };
    let stones = if g.handicap > 0 {
        g.handicap.to_string()
    } else {
        String::new()
    };
    format!("{number}{mark}{forfeit}{colour}{stones}")
}
