//! Result slips: one per game of a round, by table, to be put on the boards and signed by both players.

use super::model::{Block, Sheet, Slip};
use crate::app::roster::Roster;
use crate::domain::Rejected;

/// The round's result slips.
pub(crate) fn slips(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let r = roster.drawn_round(round)?;
    let n = r.number;
    let mut sheet = Sheet::new(
        format!("{}: round {n} result slips", roster.name()),
        roster.heading_lines(),
    );
    let mut games: Vec<_> = r.games.iter().collect();
    games.sort_by_key(|g| g.table);
    let slips = games
        .iter()
        .map(|g| Slip {
            tournament: roster.name().to_string(),
            round: n,
            table: g.table,
            white: roster.describe(g.white, n),
            black: roster.describe(g.black, n),
            terms: roster.handicap_words(g.handicap),
            nigiri: g.colours_open(),
        })
        .collect();
    sheet.blocks.push(Block::Slips(slips));
    Ok(sheet)
}
