//! The register's side of a knockout: its next round follows the bracket as results come in. A result confirmed
//! in round `n` that decides a match of round `n + 1` (already drawn, not closed) adds that game to it at once, in
//! the same log entry as the result, so the two players see their table without waiting for the rest of round
//! `n`; closing a round checks it holds exactly the bracket's matches. Pure; must not touch the bracket itself
//! (the draw's `knockout`) or any other system's rounds.

use super::super::event::Event;
use super::super::field::{participant_id, Field};
use super::super::ids::{Revision, TournamentId};
use super::super::record::Tournament;
use super::super::round::{GameRecord, RoundRecord, RoundState};
use super::super::state::State;
use super::{label, precondition};
use crate::domain::Rejected;
use std::collections::BTreeSet;
use tengen_draw::engine::knockout::{self, Side};
use tengen_draw::model as draw;

/// Round `n` of `t` as the bracket has it now: the games and the players through without one (matches still
/// waiting for a result are not in it); the draw's refusal when it cannot be drawn (a feeding game without a
/// single winner, a player who did not play round 1).
fn bracket_round(
    state: &State,
    tour: &Tournament,
    n: u32,
    seed: u64,
) -> Result<draw::Round, Rejected> {
    let field = Field::new(state, tour);
    let input = field.snapshot(n);
    tengen_draw::draw(&input.snapshot, &field.draw_settings(), seed)
        .map_err(|e| precondition(format!("round {n} does not follow the bracket: {e}")))
}

/// The round `RoundEdited` event that adds to round `n + 1` of `t` the games and walk-overs game `g` of round `n`
/// decides, once `g` is as given; `revision` is the event's. Nothing when the tournament is not a knockout, round
/// `n + 1` is not drawn or is closed, or nothing new follows.
pub(super) fn follow_up(
    state: &State,
    t: TournamentId,
    n: u32,
    g: &GameRecord,
    revision: Revision,
) -> Option<Event> {
    let tour = state.tournaments.get(&t)?;
    if !tour.settings.system.bracket() {
        return None;
    }
    let next = state.play.get(&t)?.round(n + 1)?;
    if next.state == RoundState::Closed {
        return None;
    }
    let mut after = state.clone();
    after.apply(&Event::GameUpdated {
        tournament: t,
        revision,
        round: n,
        game: g.clone(),
    });
    let bracket = bracket_round(&after, tour, n + 1, next.seed).ok()?;
    let seated: BTreeSet<_> = next
        .games
        .iter()
        .flat_map(|x| [x.white, x.black])
        .chain(next.advancing.iter().copied())
        .collect();
    let mut round = next.clone();
    let mut added = Vec::new();
    let mut fresh = Vec::new();
    let settings = Field::new(&after, tour).draw_settings();
    let mut tables = (settings.first_table..)
        .filter(|x| !settings.skip_tables.contains(x) && next.games.iter().all(|g| g.table != *x));
    for game in &bracket.games {
        let (white, black) = (participant_id(game.white), participant_id(game.black));
        if seated.contains(&white) || seated.contains(&black) {
            continue;
        }
        let table = tables.next()?;
        fresh.push(GameRecord::new(table, white, black, game.handicap));
        added.push(format!(
            "table {table}: {} – {}",
            label(&after, t, white),
            label(&after, t, black)
        ));
    }
    for p in bracket.advancing.iter().map(|p| participant_id(*p)) {
        if !seated.contains(&p) {
            round.advancing.push(p);
            added.push(format!("{} through without a game", label(&after, t, p)));
        }
    }
    if added.is_empty() {
        return None;
    }
    // A player withdrawn, or absent for the round, loses the new game by forfeit: the walk-over.
    added.extend(super::schedule::forfeit_absent_players(
        &after,
        t,
        n + 1,
        &mut fresh,
    ));
    super::nigiri::mark_drawn(&mut fresh, tour.settings.nigiri);
    round.games.extend(fresh);
    round.games.sort_by_key(|g| g.table);
    Some(Event::RoundEdited {
        tournament: t,
        revision,
        round,
        edit: format!(
            "knockout: round {} decided by round {n}'s result: {}",
            n + 1,
            added.join("; ")
        ),
    })
}

/// Refuses to close round `r` of a knockout while it differs from the bracket: a match still waiting for a
/// result of the round before, or a game the bracket no longer has (a result corrected after its next game was
/// drawn).
pub(super) fn check_complete(
    state: &State,
    t: TournamentId,
    r: &RoundRecord,
) -> Result<(), Rejected> {
    let Some(tour) = state.tournaments.get(&t) else {
        return Ok(());
    };
    if !tour.settings.system.bracket() {
        return Ok(());
    }
    let input = Field::new(state, tour).snapshot(r.number);
    let bracket = knockout::bracket(&input.snapshot, r.number);
    let waiting = bracket.rounds.get(r.number as usize - 1).map_or(0, |ms| {
        ms.iter()
            .filter(|m| m.sides.contains(&Side::Pending))
            .count()
    });
    if waiting > 0 {
        return Err(precondition(format!(
            "round {} is not complete: {waiting} of its matches wait for results of round {}",
            r.number,
            r.number - 1
        )));
    }
    let expected = bracket_round(state, tour, r.number, r.seed)?;
    let pair = |a, b| if a <= b { (a, b) } else { (b, a) };
    let want: BTreeSet<_> = expected
        .games
        .iter()
        .map(|g| pair(participant_id(g.white), participant_id(g.black)))
        .collect();
    let have: BTreeSet<_> = r.games.iter().map(|g| pair(g.white, g.black)).collect();
    if let Some((a, b)) = have.difference(&want).next() {
        return Err(precondition(format!(
            "round {}: {} – {} is not a match of the bracket (a result of round {} changed after it was \
             drawn): unpair them and pair the bracket's match",
            r.number,
            label(state, t, *a),
            label(state, t, *b),
            r.number.saturating_sub(1)
        )));
    }
    if let Some((a, b)) = want.difference(&have).next() {
        return Err(precondition(format!(
            "round {}: the bracket's match {} – {} is missing: pair them",
            r.number,
            label(state, t, *a),
            label(state, t, *b)
        )));
    }
    Ok(())
}
