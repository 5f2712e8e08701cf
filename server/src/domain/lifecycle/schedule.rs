//! The register's side of the systems whose games are not chosen by the draw's weights but fixed by a schedule
//! (the round robin, from round 1) or a bracket (the knockout): a player who does not play a round (absent for it,
//! or withdrawn) keeps the game and loses it by forfeit, decided when the game is drawn; their opponent wins it
//! (both absent: both lose), which in a knockout is the walk-over. The director can still change such a result
//! like any other. Pure; must not touch the schedule or the bracket themselves (the draw's `round_robin`,
//! `knockout`) or any other system's draw.

use super::super::field::Field;
use super::super::ids::TournamentId;
use super::super::round::{GameRecord, GameResult, Outcome};
use super::super::state::State;
use super::label;

/// Confirms the forfeits among `games` (fresh games of round `round` of `t`) and says each one: the warnings, one
/// per game.
pub(super) fn forfeit_absent_players(
    state: &State,
    t: TournamentId,
    round: u32,
    games: &mut [GameRecord],
) -> Vec<String> {
    let plays = |id| {
        state
            .participants
            .get(&id)
            .and_then(|p| p.entries.get(&t))
            .is_some_and(|e| Field::available(e, round))
    };
    let mut warnings = Vec::new();
    for g in games {
        let (white, black) = (plays(g.white), plays(g.black));
        let outcome = match (white, black) {
            (true, true) => continue,
            (true, false) => Outcome::WhiteWins,
            (false, true) => Outcome::BlackWins,
            (false, false) => Outcome::BothLose,
        };
        g.confirmed = Some(GameResult {
            outcome,
            by_forfeit: true,
        });
        let absent: Vec<String> = [(g.white, white), (g.black, black)]
            .into_iter()
            .filter(|(_, plays)| !plays)
            .map(|(id, _)| label(state, t, id))
            .collect();
        let note = format!(
            "{} not playing round {round}: the game is lost by forfeit",
            absent.join(" and "),
        );
        warnings.push(format!("table {}: {note}", g.table));
        g.notes.push(note);
    }
    warnings
}
