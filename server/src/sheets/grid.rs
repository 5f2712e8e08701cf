//! The crosstable (the grid of a round robin): one row and one column per player by player number, each cell the
//! result of the row's player against the column's (`1` win, `0` loss, `½` jigo, `1!`/`0!` by forfeit, `?` no
//! result yet, several games — a double round robin — side by side), `×` on the diagonal, then points and place.
//! Any tournament has one; in a round robin it is the sheet on the wall. Landscape past ten players.

use super::model::{Block, Column, Sheet, Table};
use super::wallchart::{chart_players, place};
use crate::app::roster::{half_points, Roster};
use crate::domain::field::{participant_id, Field};
use crate::domain::round::{GameRecord, Outcome};
use crate::domain::{ParticipantId, Rejected};
use std::collections::BTreeMap;
use tengen_standings::placing::Row;

/// Players on a portrait grid; more go landscape.
const PORTRAIT_PLAYERS: usize = 10;

/// The crosstable after round `round` (0: the last round with results).
pub(crate) fn grid(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let after = roster.counted_round(round)?;
    let when = match after {
        0 => "before round 1".to_string(),
        n => format!("after round {n}"),
    };
    let tables = crosstable(roster, after);
    let landscape = tables.iter().any(|t| t.players.len() > PORTRAIT_PLAYERS);
    let mut sheet = Sheet::new(
        format!(
            "{}: crosstable {when}{}",
            roster.name(),
            if landscape { " (A4 landscape)" } else { "" }
        ),
        roster.heading_lines(),
    );
    sheet.landscape = landscape;
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let rows: BTreeMap<ParticipantId, &Row> = standings
        .rows
        .iter()
        .map(|r| (participant_id(r.player), r))
        .collect();
    for Crosstable {
        heading,
        players,
        cells,
    } in tables
    {
        let mut columns = vec![
            Column::right("No"),
            Column::flex("Name", 10).capped(28),
            Column::left("Rank"),
        ];
        columns.extend(
            players
                .iter()
                .map(|p| Column::left(&roster.number_text(*p))),
        );
        columns.push(Column::right("Points"));
        columns.push(Column::right("Place"));
        let table_rows = players
            .iter()
            .zip(cells)
            .map(|(&p, marks)| {
                let mut cells = vec![
                    roster.number_text(p),
                    roster.full_name(p),
                    roster.rank(p, after.max(1)),
                ];
                cells.extend(marks);
                let row = rows.get(&p);
                cells.push(row.map(|r| half_points(r.wins.0)).unwrap_or_default());
                cells.push(row.map(|r| place(r)).unwrap_or_default());
                cells
            })
            .collect();
        if !heading.is_empty() {
            sheet.blocks.push(Block::Heading(heading));
        }
        sheet.blocks.push(Block::Table(Table {
            columns,
            rows: table_rows,
        }));
    }
    sheet.blocks.push(Block::Note(
        "Each cell: the row's result against the column's player: 1 win, 0 loss, ½ jigo, ! by forfeit, ? no \
         result yet."
            .to_string(),
    ));
    Ok(sheet)
}

/// The crosstable's content: the players by number, and for each the marks against every player in the same
/// order (`×` against themself, empty before they meet).
pub(crate) struct Crosstable {
    /// "Group 2" in a tournament played in groups (one crosstable each); empty for one field.
    pub heading: String,
    /// The players, by number.
    pub players: Vec<ParticipantId>,
    /// `cells[i][j]`: player `i`'s results against player `j`.
    pub cells: Vec<Vec<String>>,
}

/// The crosstables after round `after` (rounds up to it counted; results not confirmed yet are `?`): one, or one
/// per group in a tournament played in groups (its players by number).
pub(crate) fn crosstable(roster: &Roster, after: u32) -> Vec<Crosstable> {
    let players = chart_players(roster);
    let groups = Field::new(roster.state, roster.tournament).groups();
    if groups.is_empty() {
        return vec![one_crosstable(roster, after, String::new(), players)];
    }
    groups
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let members: Vec<ParticipantId> =
                players.iter().copied().filter(|p| g.contains(p)).collect();
            one_crosstable(roster, after, format!("Group {}", i + 1), members)
        })
        .collect()
}

/// The crosstable of `players` (by number).
fn one_crosstable(
    roster: &Roster,
    after: u32,
    heading: String,
    players: Vec<ParticipantId>,
) -> Crosstable {
    let mut games: BTreeMap<(ParticipantId, ParticipantId), Vec<String>> = BTreeMap::new();
    for r in roster.rounds().iter().filter(|r| r.number <= after) {
        for g in &r.games {
            games
                .entry((g.white, g.black))
                .or_default()
                .push(mark(g, g.white));
            games
                .entry((g.black, g.white))
                .or_default()
                .push(mark(g, g.black));
        }
    }
    let cells = players
        .iter()
        .map(|&p| {
            players
                .iter()
                .map(|&q| {
                    if p == q {
                        "×".to_string()
                    } else {
                        games.get(&(p, q)).map(|m| m.join(" ")).unwrap_or_default()
                    }
                })
                .collect()
        })
        .collect();
    Crosstable {
        heading,
        players,
        cells,
    }
}

/// Player `p`'s result in game `g`.
fn mark(g: &GameRecord, p: ParticipantId) -> String {
    let Some(res) = g.confirmed else {
        return "?".to_string();
    };
    let white = g.white == p;
    let points = match res.outcome {
        Outcome::WhiteWins if white => "1",
        Outcome::BlackWins if !white => "1",
        Outcome::WhiteWins | Outcome::BlackWins | Outcome::BothLose => "0",
        Outcome::BothWin => "1",
        Outcome::Jigo => "½",
        Outcome::Unknown => "?",
    };
    if res.by_forfeit {
        format!("{points}!")
    } else {
        points.to_string()
    }
}
