//! Result slips: one per game of a round, by table, to be put on the boards and signed by both players.

use super::model::{Block, Sheet, Slip, SlipWords};
use crate::app::roster::Roster;
use crate::domain::Rejected;
use crate::lang::Lang;
use crate::tr;

/// The round's result slips, worded in `l` (the players at a table may read any of the board's languages).
pub(crate) fn slips(roster: &Roster, round: u32, l: Lang) -> Result<Sheet, Rejected> {
    let r = roster.drawn_round(round)?;
    let n = r.number;
    let mut sheet = Sheet::new(
        tr!(l, "slip-print-title", tournament = roster.name(), round = n),
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
            terms: terms(roster, g.handicap, l),
            nigiri: g.colours_open(),
            words: words(roster, n, g.table, l),
        })
        .collect();
    sheet.blocks.push(Block::Slips(slips));
    Ok(sheet)
}

/// "even game, komi 6½", "3 stones, no komi" in `l`.
fn terms(roster: &Roster, handicap: u8, l: Lang) -> String {
    match handicap {
        0 => tr!(
            l,
            "slip-print-even",
            komi = crate::app::roster::half_points(roster.tournament.settings.komi_half)
        ),
        1 => l.t("slip-print-one-stone"),
        h => tr!(l, "board-stones", stones = h),
    }
}

/// The fixed words of table `table`'s slip in `l`.
fn words(roster: &Roster, round: u32, table: u32, l: Lang) -> SlipWords {
    SlipWords {
        heading: tr!(l, "slip-print-heading", tournament = roster.name()),
        place: tr!(l, "slip-print-place", round = round, table = table),
        player: l.t("col-player"),
        nigiri: l.t("slip-print-nigiri"),
        nigiri_tick: l.t("slip-print-nigiri-tick"),
        white: l.t("board-white"),
        black: l.t("board-black"),
        handicap: l.t("slip-print-handicap"),
        white_wins: l.t("slip-print-white-wins"),
        black_wins: l.t("slip-print-black-wins"),
        jigo: l.t("own-jigo"),
    }
}
