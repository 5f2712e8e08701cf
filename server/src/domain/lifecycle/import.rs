//! A round played elsewhere, recorded whole: the games of an OpenGotha file or a paper event with their colours,
//! handicaps, tables and results, and the bye. Pure. The round goes through the same gate as a draw (the next
//! round, the previous one closed, registration closed before round 1, the revision the director read) and
//! becomes the same `RoundDrawn` event a draw makes, seed 0, so publishing, results, closing and the standings
//! treat it like any other round. Every result given is the importing director's report, which counts.

use std::collections::BTreeSet;

use super::super::command::{Context, ImportedGame};
use super::super::error::Rejected;
use super::super::event::Event;
use super::super::field::Field;
use super::super::ids::{ParticipantId, Revision, TournamentId};
use super::super::record::EntryStatus;
use super::super::round::{GameRecord, Outcome, RoundRecord, RoundState};
use super::super::state::State;
use super::{drawable, label, precondition, report_by, revision_of};

/// The most stones a game may give.
const MAX_HANDICAP: u8 = 9;

/// Records round `n` of `t` as played: `games` and the `bye`, results confirmed where given.
///
/// # Errors
///
/// The draw's refusals (round out of order, previous round open, registration open, stale revision);
/// [`Rejected::Invalid`] for a table 0 or used twice, a player against themselves, more than nine stones, a
/// forfeit without a winner, a player twice in the round or not in the register; [`Rejected::Precondition`] for a
/// player who has not entered the tournament or is not checked in for the round.
pub fn import_round(
    state: &State,
    t: TournamentId,
    n: u32,
    games: &[ImportedGame],
    bye: Option<ParticipantId>,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let (field, draws) = drawable(state, t, n, false, expected)?;
    let mut tables = BTreeSet::new();
    let mut seated = BTreeSet::new();
    let mut seat = |id: ParticipantId, at: String| -> Result<(), Rejected> {
        present(state, t, n, id)?;
        if !seated.insert(id) {
            return Err(Rejected::invalid(
                "games",
                format!(
                    "{} is seated twice in round {n} ({at})",
                    label(state, t, id)
                ),
            ));
        }
        Ok(())
    };
    for g in games {
        if g.table == 0 || !tables.insert(g.table) {
            return Err(Rejected::invalid(
                "games",
                format!("table {} of round {n} is 0 or given twice", g.table),
            ));
        }
        if g.white == g.black {
            return Err(Rejected::invalid(
                "games",
                format!("table {}: a player cannot play themselves", g.table),
            ));
        }
        if g.handicap > MAX_HANDICAP {
            return Err(Rejected::invalid(
                "games",
                format!(
                    "table {}: {} stones (at most {MAX_HANDICAP})",
                    g.table, g.handicap
                ),
            ));
        }
        if g.result.by_forfeit && g.result.outcome == Outcome::Unknown {
            return Err(Rejected::invalid(
                "games",
                format!("table {}: a forfeit needs a result", g.table),
            ));
        }
        seat(g.white, format!("table {}", g.table))?;
        seat(g.black, format!("table {}", g.table))?;
    }
    if let Some(b) = bye {
        seat(b, "the bye".to_string())?;
    }
    let mut played: Vec<GameRecord> = games
        .iter()
        .map(|g| {
            let mut game = GameRecord::new(g.table, g.white, g.black, g.handicap);
            if g.result.outcome != Outcome::Unknown {
                game.reports.push(report_by(g.result, ctx));
                game.confirmed = Some(g.result);
            }
            game
        })
        .collect();
    played.sort_by_key(|g| g.table);
    let input = field.snapshot(n);
    Ok(vec![Event::RoundDrawn {
        tournament: t,
        revision: revision_of(state, t).next(),
        round: RoundRecord {
            number: n,
            state: RoundState::Drawn,
            seed: 0,
            games: played,
            bye,
            advancing: Vec::new(),
            warnings: Vec::new(),
            draws,
            published_at_ms: None,
            parts: Vec::new(),
        },
        starts: input.new_starts,
        numbers: input.new_numbers,
    }])
}

/// Refuses a player who is not in the register, has not entered `t`, or is not checked in for round `n`.
fn present(state: &State, t: TournamentId, n: u32, id: ParticipantId) -> Result<(), Rejected> {
    let Some(p) = state.participants.get(&id) else {
        return Err(Rejected::invalid(
            "games",
            format!("{id} is not in the register"),
        ));
    };
    let Some(entry) = p.entries.get(&t) else {
        return Err(precondition(format!(
            "{} has not entered tournament {}",
            label(state, t, id),
            t.0
        )));
    };
    if !Field::available(entry, n) {
        let why = if entry.status == EntryStatus::CheckedIn {
            format!("does not play round {n} (their rounds: {:?})", entry.rounds)
        } else {
            format!("is {}", entry.status.as_str())
        };
        return Err(precondition(format!(
            "{} {why}: check them in for round {n} first",
            label(state, t, id)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
