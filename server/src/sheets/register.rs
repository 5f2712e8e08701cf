//! The register of a tournament: every entrant with number, name, rank, club, country, status and the rounds
//! they play, alphabetically. Never prints contact data (email, phone) nor fees or notes.

use super::model::{Block, Column, Sheet, Table};
use crate::app::roster::Roster;
use crate::domain::name::fold;
use crate::domain::{Entry, EntryStatus, Rank, Rejected};

/// The register sheet (the round is not used: it lists everyone who entered).
pub(crate) fn register(roster: &Roster) -> Result<Sheet, Rejected> {
    let mut sheet = Sheet::new(
        format!("{}: register", roster.name()),
        roster.heading_lines(),
    );
    let mut entrants: Vec<_> = roster.entrants.values().collect();
    entrants.sort_by_key(|(p, _)| {
        (
            fold(&p.fields.family_name),
            fold(&p.fields.given_name),
            p.id,
        )
    });
    let rows: Vec<Vec<String>> = entrants
        .iter()
        .map(|(p, e)| {
            vec![
                roster.number_text(p.id),
                roster.full_name(p.id),
                rank_text(p.fields.rank, e),
                p.fields.club.clone(),
                p.fields.country.clone(),
                status(e),
                rounds(&e.rounds),
            ]
        })
        .collect();
    let count = |s: EntryStatus| entrants.iter().filter(|(_, e)| e.status == s).count();
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::right("No"),
            Column::flex("Name", 14),
            Column::left("Rank"),
            Column::flex("Club", 6),
            Column::left("Country"),
            Column::left("Status"),
            Column::flex("Rounds", 6),
        ],
        rows,
    }));
    sheet.blocks.push(Block::Note(format!(
        "{} entrants: {} checked in, {} pre-registered, {} withdrawn.",
        entrants.len(),
        count(EntryStatus::CheckedIn),
        count(EntryStatus::PreRegistered),
        count(EntryStatus::Withdrawn),
    )));
    Ok(sheet)
}

/// The registered rank, with the latest change ("2k→1k").
fn rank_text(registered: Rank, e: &Entry) -> String {
    match e.rank_changes.last() {
        Some(c) if c.rank != registered => format!("{registered}→{}", c.rank),
        _ => registered.to_string(),
    }
}

fn status(e: &Entry) -> String {
    let s = e.status.as_str();
    if e.ghost {
        format!("{s} (ghost)")
    } else {
        s.to_string()
    }
}

/// Rounds as ranges: [1,2,3,5] → "1-3, 5".
pub(crate) fn rounds(list: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let start = list[i];
        let mut end = start;
        while i + 1 < list.len() && list[i + 1] == end + 1 {
            i += 1;
            end = list[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}
