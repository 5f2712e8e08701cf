//! The register's side of a scheduled system (the round robin): its games are fixed from round 1, so a player who
//! does not play a round (absent for it, or withdrawn) keeps the game and loses it by forfeit, decided when the
//! round is drawn; their opponent wins it (both absent: both lose). The director can still change such a result
//! like any other. Pure; must not touch the schedule itself (the draw's `round_robin`) or any other system's draw.

use super::super::field::Field;
use super::super::ids::TournamentId;
use super::super::round::{GameResult, Outcome, RoundRecord};
use super::super::state::State;
use super::label;

/// Confirms the forfeits of round `round` of `t` (a round robin's fresh draw) and says each one in a warning.
pub(super) fn forfeit_absent_players(state: &State, t: TournamentId, round: &mut RoundRecord) {
    let plays = |id| {
        state
            .participants
            .get(&id)
            .and_then(|p| p.entries.get(&t))
            .is_some_and(|e| Field::available(e, round.number))
    };
    let mut warnings = Vec::new();
    for g in &mut round.games {
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
            "{} not playing round {}: the game is lost by forfeit (round robin schedule)",
            absent.join(" and "),
            round.number
        );
        warnings.push(format!("table {}: {note}", g.table));
        g.notes.push(note);
    }
    round.warnings.extend(warnings);
}
