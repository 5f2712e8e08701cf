//! The standings (rank list): place, number, name, rank, club, wins and every configured criterion with exact
//! values, the prize each player takes (tied players split the prizes of the places they share), then — when
//! the tournament has sections (Mays' sections or the director's categories) — each section's winners and its
//! prizes, split the same way. Placement itself is the standings crate's; this file only lays it out. Under
//! Mays' placing, a latecomer's MMS shows the wall chart's figure in brackets beside the one that places him.

use super::model::{Block, Column, Sheet, Table};
use super::wallchart::place;
use crate::app::prizes::{prize_giving, Prize, PrizeKind};
pub(crate) use crate::app::roster::section_label;
use crate::app::roster::{half_points, Roster};
use crate::domain::field::{participant_id, player_id, Field};
use crate::domain::Rejected;
use std::collections::BTreeMap;
use tengen_draw::model::PlayerId;
use tengen_standings::placing::{Row, Section, Standings};
use tengen_standings::prizes::Cents;
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
    // Ranks as they stood at the round counted (round 1 before any is).
    let rank_round = after.max(1);
    let given = prize_giving(roster, &standings, after);
    standings_tables(&mut sheet, roster, &standings, &given, after);
    let order: Vec<String> = standings.criteria.iter().map(Criterion::name).collect();
    sheet.blocks.push(Block::Note(format!(
        "Order: {}. Equal places are marked =.",
        order.join(", ")
    )));
    if standings.grid_differs() && standings.criteria.contains(&Criterion::Mms) {
        sheet.blocks.push(Block::Note(GRID_NOTE.to_string()));
    }
    if !standings.sections.is_empty() {
        sheet.blocks.push(Block::Heading(
            if grouped(&standings) {
                "Group winners"
            } else {
                "Section winners"
            }
            .to_string(),
        ));
        section_winners(&mut sheet, roster, &standings, rank_round);
        section_prizes(&mut sheet, roster, &standings, &given, after);
    }
    special_prizes(&mut sheet, roster, &standings, &given, after);
    Ok(sheet)
}

/// The standings table (a tournament in groups: each group's own table under its heading): place, number, name,
/// rank, club, wins unless a tie-break counts them, the tie-breaks, and each placed player's prize.
fn standings_tables(
    sheet: &mut Sheet,
    roster: &Roster,
    standings: &Standings,
    given: &[Prize],
    after: u32,
) {
    let rank_round = after.max(1);
    let (prizes, awards) = awards(roster, standings, given);
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
    let row_cells = |row: &Row| {
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
        cells.extend((0..row.values.len()).map(|i| value_cell(standings, row, i)));
        if !prizes.is_empty() {
            cells.push(
                awards
                    .get(&row.player)
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
            );
        }
        cells
    };
    // A tournament in groups: each group's own table under its heading.
    for (heading, rows) in parts(standings) {
        if !heading.is_empty() {
            sheet.blocks.push(Block::Heading(heading));
        }
        sheet.blocks.push(Block::Table(Table {
            columns: columns.clone(),
            rows: rows.iter().map(row_cells).collect(),
        }));
    }
}

/// Each section's (or group's) winners, with the MMS a McMahon section starts at.
fn section_winners(sheet: &mut Sheet, roster: &Roster, standings: &Standings, rank_round: u32) {
    // Only McMahon sections start at an MMS; categories and groups would leave the column empty.
    let mcmahon = standings.mcmahon_sections();
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
            let mut row = vec![section_label(&standings.sections, i)];
            if mcmahon {
                row.push(section_start(s));
            }
            row.extend([s.rows.len().to_string(), winners.join(", ")]);
            row
        })
        .collect();
    let mut columns = vec![Column::right("Section")];
    if mcmahon {
        columns.push(Column::right("Start MMS"));
    }
    columns.extend([Column::right("Players"), Column::flex("Winner", 20)]);
    sheet.blocks.push(Block::Table(Table { columns, rows }));
}

/// The section prizes, when there are any: section, place (= when shared), who, how much.
fn section_prizes(
    sheet: &mut Sheet,
    roster: &Roster,
    standings: &Standings,
    given: &[Prize],
    after: u32,
) {
    let rank_round = after.max(1);
    let prizes = section_awards(standings, given);
    if prizes.iter().any(|(_, list)| !list.is_empty()) {
        sheet
            .blocks
            .push(Block::Heading("Section prizes".to_string()));
        let sections = &standings.sections;
        let rows = prizes
            .iter()
            .flat_map(|(i, list)| {
                list.iter().map(move |a| {
                    vec![
                        section_label(sections, *i),
                        if a.shared_by > 1 {
                            format!("{}=", a.place)
                        } else {
                            a.place.to_string()
                        },
                        roster.describe(a.player, rank_round),
                        a.amount.to_string(),
                    ]
                })
            })
            .collect();
        sheet.blocks.push(Block::Table(Table {
            columns: vec![
                Column::right("Section"),
                Column::right("Place"),
                Column::flex("Name", 20),
                Column::right("Prize"),
            ],
            rows,
        }));
    }
}

/// Under a standings table whose MMS shows the wall chart's figure in brackets ([`mms_text`]).
pub(crate) const GRID_NOTE: &str = "In brackets after an MMS: the figure on the wall chart (Mays' grid), which \
     counts the half point per round a latecomer or a returning player missed; places follow the MMS earned, \
     where a missed round counts as a loss.";

/// A player's MMS in a standings table: the score that places them, then, when Mays' grid prints another figure
/// (a latecomer's or a returning player's ½ per missed round), that figure in brackets: `-10 (-8.5)`. `halves`
/// prints half points the table's way.
pub(crate) fn mms_text(row: &Row, halves: impl Fn(i32) -> String) -> String {
    let placed = halves(row.mms.0);
    if row.grid_mms == row.mms {
        placed
    } else {
        format!("{placed} ({})", halves(row.grid_mms.0))
    }
}

/// Criterion `i`'s cell for `row`: its value as people read it ([`Standings::value_text`]); the MMS with the
/// wall chart's figure beside it where that differs ([`mms_text`]).
pub(crate) fn value_cell(standings: &Standings, row: &Row, i: usize) -> String {
    match standings.criteria.get(i) {
        Some(Criterion::Mms) => mms_text(row, half_points),
        _ => standings.value_text(i, row.values.get(i).copied().flatten()),
    }
}

/// The standings' tables: one, or in a tournament played in groups one per group under its name ("Group 2").
pub(crate) fn parts(standings: &Standings) -> Vec<(String, &[Row])> {
    if grouped(standings) {
        standings
            .sections
            .iter()
            .enumerate()
            .map(|(i, s)| (section_label(&standings.sections, i), s.rows.as_slice()))
            .collect()
    } else {
        vec![(String::new(), standings.rows.as_slice())]
    }
}

/// Is the tournament played in groups (its sections are the groups, each placed on its own)?
pub(crate) fn grouped(standings: &Standings) -> bool {
    standings
        .sections
        .first()
        .is_some_and(|s| s.group.is_some())
}

/// A section's starting MMS, for McMahon sections only (a category's members start where their ranks put them).
fn section_start(section: &Section) -> String {
    if section.is_mcmahon() {
        half_points(section.starting_mms.0)
    } else {
        String::new()
    }
}

/// The section prizes of every section (by index in `standings.sections`): each section's placed players split
/// the section prizes of the places they share, exactly like the overall prizes (a player holding a better prize
/// passes theirs down, unless prizes stack), out of the prize-giving `given` (`app::prizes`).
pub(crate) fn section_awards(standings: &Standings, given: &[Prize]) -> Vec<(usize, Vec<Prize>)> {
    (0..standings.sections.len())
        .map(|i| {
            let list = given
                .iter()
                .filter(|p| p.kind == PrizeKind::Section(i))
                .cloned()
                .collect();
            (i, list)
        })
        .collect()
}

/// The tournament's place prizes, and what each player takes of them (tied players split the prizes of the
/// places they share; a player holding a better prize passes theirs down, unless prizes stack), out of the
/// prize-giving `given`.
pub(crate) fn awards(
    roster: &Roster,
    standings: &Standings,
    given: &[Prize],
) -> (Vec<Cents>, BTreeMap<PlayerId, Cents>) {
    // In groups, places repeat from group to group: the groups' prizes are the section prizes.
    if grouped(standings) {
        return (Vec::new(), BTreeMap::new());
    }
    let offered: Vec<Cents> = roster
        .tournament
        .settings
        .scoring
        .prizes_cents
        .iter()
        .map(|c| Cents(*c))
        .collect();
    let taken = given
        .iter()
        .filter(|p| p.kind == PrizeKind::Place)
        .map(|p| (player_id(p.player), p.amount))
        .collect();
    (offered, taken)
}

/// The special prizes (wins, juniors, below a rank, improvement), when there are any: what for, who, how much.
fn special_prizes(
    sheet: &mut Sheet,
    roster: &Roster,
    standings: &Standings,
    given: &[Prize],
    after: u32,
) {
    let rows: Vec<Vec<String>> = given
        .iter()
        .filter(|p| !matches!(p.kind, PrizeKind::Place | PrizeKind::Section(_)))
        .map(|p| {
            vec![
                p.label(&standings.sections),
                roster.describe(p.player, after.max(1)),
                p.amount.to_string(),
            ]
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    sheet
        .blocks
        .push(Block::Heading("Special prizes".to_string()));
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::flex("Prize", 10),
            Column::flex("Name", 20),
            Column::right("Amount"),
        ],
        rows,
    }));
}

/// A criterion's column header: its name without the conventions in brackets (the note spells them out).
pub(crate) fn short(c: &Criterion) -> String {
    let name = c.name();
    match name.split_once(" (") {
        Some((head, _)) => head.to_string(),
        None => name,
    }
}
