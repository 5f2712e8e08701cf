//! Nigiri (Mays, "What about nigiri?"; the AGA rules): which games of a round are played with nigiri (the even
//! games of a tournament that says so, marked when drawn or paired by hand), whether a result needs to say who had
//! Black, who may record it and change it, and why a round cannot close without it. Pure: decides, never applies;
//! recording itself is `GameRecord::record_black`, applied from the `ColoursRecorded` event.

use super::{label, plays_at, precondition};
use crate::domain::error::{DeskRefused, Rejected};
use crate::domain::ids::{ParticipantId, TournamentId};
use crate::domain::round::{GameRecord, GameResult, RoundRecord, RoundState};
use crate::domain::state::State;

/// Marks the games of a fresh draw: the even games are nigiri when the tournament plays with nigiri; a handicap
/// game never is (Black stays with the weaker player).
pub(super) fn mark_drawn(games: &mut [GameRecord], on: bool) {
    for g in games {
        g.nigiri = on && g.handicap == 0;
    }
}

/// Marks the games a manual edit made (a pair, a swap, a new handicap) as a fresh draw would; a game the edit
/// left alone keeps its mark and its recorded colours.
pub(super) fn mark_edited(games: &mut [GameRecord], before: &RoundRecord, on: bool) {
    for g in games {
        let kept = before
            .games
            .iter()
            .any(|x| x.white == g.white && x.black == g.black && x.handicap == g.handicap);
        if !kept {
            g.nigiri = on && g.handicap == 0;
            g.black_recorded = false;
        }
    }
}

/// Does `result` at game `g` need to say who had Black? A played result (not a forfeit, not both-lose) at a
/// nigiri game whose colours nobody recorded: its White and Black keys would name nobody yet.
pub fn asks_black(g: &GameRecord, result: GameResult) -> bool {
    g.colours_open() && result.is_played()
}

/// A results desk's played result at a nigiri game without colours is refused until it says who had Black (the
/// results desk page asks this before it sends the result, with the same words).
pub fn check_named(
    g: &GameRecord,
    result: GameResult,
    black: Option<ParticipantId>,
) -> Result<(), Rejected> {
    if black.is_none() && asks_black(g, result) {
        return Err(Rejected::Desk(DeskRefused::SayWhoHadBlack(g.table)));
    }
    Ok(())
}

/// Who had Black at game `g` of round `r`, as `black` says: the player to record, or `None` when that records
/// nothing new (already recorded so, or the draw's Black of a game without nigiri). Refused when `black` does
/// not play there, names White of a game without nigiri, would change a closed round, or would change colours
/// already recorded while `may_change` is false (a results desk: only the referee and the director may).
pub(super) fn to_record(
    state: &State,
    t: TournamentId,
    r: &RoundRecord,
    g: &GameRecord,
    black: ParticipantId,
    may_change: bool,
) -> Result<Option<ParticipantId>, Rejected> {
    plays_at(state, t, r, g.table, black)?;
    if g.black == black && (g.black_recorded || !g.nigiri) {
        return Ok(None);
    }
    if !g.nigiri {
        return Err(precondition(format!(
            "table {} is not a nigiri: {} has Black by the draw (the director exchanges colours with a round edit)",
            g.table,
            label(state, t, g.black)
        )));
    }
    if g.black_recorded && !may_change {
        return Err(precondition(format!(
            "{} is recorded as Black at table {}; the referee or the director can change it",
            label(state, t, g.black),
            g.table
        )));
    }
    if r.state == RoundState::Closed {
        return Err(precondition(format!(
            "round {} is closed: the colours at table {} can no longer change",
            r.number, g.table
        )));
    }
    Ok(Some(black))
}

/// Closing waits while a played nigiri game has no recorded Black: the colour balance of the next draws and the
/// rating files need it. Names the tables.
pub(super) fn check_close(r: &RoundRecord) -> Result<(), Rejected> {
    let missing = r.lacking_colours();
    if missing.is_empty() {
        return Ok(());
    }
    let tables: Vec<String> = missing
        .iter()
        .take(20)
        .map(|g| g.table.to_string())
        .collect();
    Err(precondition(format!(
        "round {} cannot close: nobody recorded who had Black at nigiri table{} {}{}; a results desk, the referee \
         or the director records it",
        r.number,
        if missing.len() == 1 { "" } else { "s" },
        tables.join(", "),
        if missing.len() > 20 { ", …" } else { "" }
    )))
}

#[cfg(test)]
mod tests;
