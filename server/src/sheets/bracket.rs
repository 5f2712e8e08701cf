//! The knockout's bracket: each round's matches in bracket order (not table order), each side a player by number
//! or "bye" (an empty place) or the winner of a match still to be decided, the table while it is being played and
//! the winner once decided; then the tournament's winner. Any other system prints one line saying it has none.

use super::model::{Block, Column, Sheet, Table};
use super::roster::Roster;
use crate::domain::field::{participant_id, Field};
use crate::domain::Rejected;
use tengen_draw::engine::knockout::{self, Bracket, Side};

/// One match as printed: the two sides, the table (while it has a game) and the winner.
pub(crate) struct MatchLine {
    /// Upper and lower side.
    pub sides: [String; 2],
    /// The table of its game, when drawn.
    pub table: Option<u32>,
    /// Who went through ("" while undecided).
    pub winner: String,
}

/// The bracket of a knockout, round by round (`None` for any other system).
pub(crate) fn lines(roster: &Roster) -> Option<(Vec<Vec<MatchLine>>, Option<String>)> {
    let settings = &roster.tournament.settings;
    if !settings.system.eliminates() {
        return None;
    }
    let total = settings.rounds;
    let input = Field::new(roster.state, roster.tournament).snapshot(total + 1);
    let bracket: Bracket = knockout::bracket(&input.snapshot, total);
    let rank_round = roster.rounds().len() as u32;
    let side = |s: Side, r: usize, k: usize, half: usize| match s {
        Side::Player(p) => roster.describe(participant_id(p), rank_round),
        Side::Nobody if r == 0 => "bye".to_string(),
        Side::Nobody => "nobody (both lost)".to_string(),
        Side::Pending => format!("winner of round {r} match {}", 2 * k + half + 1),
    };
    let rounds = bracket
        .rounds
        .iter()
        .enumerate()
        .map(|(r, matches)| {
            let record = roster.play.and_then(|p| p.round(r as u32 + 1));
            matches
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    let table = match m.sides {
                        [Side::Player(a), Side::Player(b)] => record.and_then(|rec| {
                            rec.games
                                .iter()
                                .find(|g| g.has(participant_id(a)) && g.has(participant_id(b)))
                                .map(|g| g.table)
                        }),
                        _ => None,
                    };
                    MatchLine {
                        sides: [side(m.sides[0], r, k, 0), side(m.sides[1], r, k, 1)],
                        table,
                        winner: match m.winner {
                            Side::Player(p) => roster.describe(participant_id(p), rank_round),
                            Side::Nobody if r > 0 => "nobody".to_string(),
                            _ => String::new(),
                        },
                    }
                })
                .collect()
        })
        .collect();
    let champion = bracket
        .champion()
        .map(|p| roster.describe(participant_id(p), rank_round));
    Some((rounds, champion))
}

/// The bracket sheet.
pub(crate) fn bracket(roster: &Roster) -> Result<Sheet, Rejected> {
    let mut sheet = Sheet::new(
        format!("{}: bracket", roster.name()),
        roster.heading_lines(),
    );
    let Some((rounds, champion)) = lines(roster) else {
        sheet.blocks.push(Block::Note(format!(
            "{} is paired as {}: only a knockout has a bracket.",
            roster.name(),
            roster.tournament.settings.system.as_str()
        )));
        return Ok(sheet);
    };
    for (r, matches) in rounds.iter().enumerate() {
        sheet
            .blocks
            .push(Block::Heading(format!("Round {}", r + 1)));
        sheet.blocks.push(Block::Table(Table {
            columns: vec![
                Column::right("Match"),
                Column::flex("Upper", 14),
                Column::flex("Lower", 14),
                Column::right("Table"),
                Column::flex("Through", 14),
            ],
            rows: matches
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    vec![
                        (k + 1).to_string(),
                        m.sides[0].clone(),
                        m.sides[1].clone(),
                        m.table.map(|t| t.to_string()).unwrap_or_default(),
                        m.winner.clone(),
                    ]
                })
                .collect(),
        }));
    }
    if let Some(winner) = champion {
        sheet.blocks.push(Block::Note(format!("Winner: {winner}")));
    }
    Ok(sheet)
}
