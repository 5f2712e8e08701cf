//! The standings (rank list): place, number, name, rank, club, wins and every configured criterion with exact
//! values, the prize each player takes (tied players split the prizes of the places they share), then the
//! winners of each McMahon section. Placement itself is the standings crate's; this file only lays it out.

use super::model::{Block, Column, Sheet, Table};
use super::roster::{half_points, Roster};
use super::wallchart::place;
use crate::domain::field::{participant_id, Field};
use crate::domain::Rejected;
use std::collections::BTreeMap;
use tengen_draw::model::PlayerId;
use tengen_standings::placing::Standings;
use tengen_standings::prizes::{split_prizes, Cents};
use tengen_standings::settings::Criterion;

/// The standings after round `round` (0: the last round with results).
pub(crate) fn standings(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let after = roster.counted_round(round)?;
    let when = match after {
        0 => "before round 1".to_string(),
        n => format!("after round {n}"),
    };
    let mut sheet = Sheet::new(
        format!("{}: standings {when}", roster.name()),
        roster.heading_lines(),
    );
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let (prizes, awards) = awards(roster, &standings);
    let show_wins = !standings.criteria.contains(&Criterion::Wins);
    let mut columns = vec![
        Column::right("Place"),
        Column::right("No"),
        Column::flex("Name", 12),
        Column::left("Rank"),
        Column::flex("Club", 6),
    ];
    if show_wins {
        columns.push(Column::right("Wins"));
    }
    columns.extend(standings.criteria.iter().map(|c| Column::right(&short(c))));
    if !prizes.is_empty() {
        columns.push(Column::right("Prize"));
    }
    let rank_round = after.max(1);
    let rows = standings
        .rows
        .iter()
        .map(|row| {
            let p = participant_id(row.player);
            let mut cells = vec![
                place(row),
                roster.number_text(p),
                roster.full_name(p),
                roster.rank(p, rank_round),
                roster.club(p),
            ];
            if show_wins {
                cells.push(half_points(row.wins.0));
            }
            cells.extend(
                row.values
                    .iter()
                    .map(|v| v.map(|v| v.to_string()).unwrap_or_default()),
            );
            if !prizes.is_empty() {
                cells.push(
                    awards
                        .get(&row.player)
                        .map(|c| c.to_string())
                        .unwrap_or_default(),
                );
            }
            cells
        })
        .collect();
    sheet.blocks.push(Block::Table(Table { columns, rows }));
    let order: Vec<String> = standings.criteria.iter().map(Criterion::name).collect();
    sheet.blocks.push(Block::Note(format!(
        "Order: {}. Equal places are marked =.",
        order.join(", ")
    )));
    if standings.sections.len() > 1 {
        sheet
            .blocks
            .push(Block::Heading("Section winners".to_string()));
        let rows = standings
            .sections
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let winners: Vec<String> = s
                    .winners()
                    .into_iter()
                    .map(|w| roster.describe(participant_id(w), rank_round))
                    .collect();
                vec![
                    (i + 1).to_string(),
                    half_points(s.starting_mms.0),
                    s.rows.len().to_string(),
                    winners.join(", "),
                ]
            })
            .collect();
        sheet.blocks.push(Block::Table(Table {
            columns: vec![
                Column::right("Section"),
                Column::right("Start MMS"),
                Column::right("Players"),
                Column::flex("Winner", 20),
            ],
            rows,
        }));
    }
    Ok(sheet)
}

/// The tournament's prizes, and what each placed player takes (tied players split the prizes of the places
/// they share).
pub(crate) fn awards(
    roster: &Roster,
    standings: &Standings,
) -> (Vec<Cents>, BTreeMap<PlayerId, Cents>) {
    let prizes: Vec<Cents> = roster
        .tournament
        .settings
        .scoring
        .prizes_cents
        .iter()
        .map(|c| Cents(*c))
        .collect();
    let awards = split_prizes(&standings.rows, &prizes)
        .into_iter()
        .map(|a| (a.player, a.amount))
        .collect();
    (prizes, awards)
}

/// A criterion's column header: its name without the conventions in brackets (the note spells them out).
pub(crate) fn short(c: &Criterion) -> String {
    let name = c.name();
    match name.split_once(" (") {
        Some((head, _)) => head.to_string(),
        None => name,
    }
}
