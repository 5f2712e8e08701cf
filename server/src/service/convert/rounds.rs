//! Rounds, games, results and player numbers for the wire, with names, numbers and the ranks in force read from
//! the state; results and imported games from the wire.

use super::*;
use crate::domain::round::{
    GameRecord, GameResult, Outcome, ResultProgress, ResultReport, RoundRecord, RoundState,
};
use crate::domain::{ParticipantId, Rejected, State, TournamentId};
use tengen_proto::v1 as pb;

/// A round state for the wire.
pub fn round_state_to_pb(s: RoundState) -> pb::RoundState {
    match s {
        RoundState::Drawn => pb::RoundState::Drawn,
        RoundState::Published => pb::RoundState::Published,
        RoundState::Closed => pb::RoundState::Closed,
    }
}

/// A result's progress for the wire.
pub fn progress_to_pb(p: ResultProgress) -> pb::ResultProgress {
    match p {
        ResultProgress::Missing => pb::ResultProgress::Missing,
        ResultProgress::Pending => pb::ResultProgress::Pending,
        ResultProgress::Mismatch => pb::ResultProgress::Mismatch,
        ResultProgress::Disputed => pb::ResultProgress::Disputed,
        ResultProgress::Confirmed => pb::ResultProgress::Confirmed,
    }
}

fn outcome_to_pb(o: Outcome) -> pb::Outcome {
    match o {
        Outcome::Unknown => pb::Outcome::Unknown,
        Outcome::WhiteWins => pb::Outcome::WhiteWins,
        Outcome::BlackWins => pb::Outcome::BlackWins,
        Outcome::Jigo => pb::Outcome::Jigo,
        Outcome::BothLose => pb::Outcome::BothLose,
        Outcome::BothWin => pb::Outcome::BothWin,
    }
}

/// A game result for the wire.
pub fn result_to_pb(r: GameResult) -> pb::GameResult {
    pb::GameResult {
        outcome: outcome_to_pb(r.outcome) as i32,
        by_forfeit: r.by_forfeit,
    }
}

/// The games of an imported round from the wire (a missing result is an unknown one).
pub fn imported_games_from_pb(
    games: Vec<pb::ImportedGame>,
) -> Result<Vec<crate::domain::command::ImportedGame>, Rejected> {
    games
        .into_iter()
        .map(|g| {
            Ok(crate::domain::command::ImportedGame {
                table: g.table,
                white: crate::domain::ParticipantId(g.white),
                black: crate::domain::ParticipantId(g.black),
                handicap: u8::try_from(g.handicap).map_err(|_| {
                    Rejected::invalid(
                        "handicap",
                        format!("table {}: {} stones", g.table, g.handicap),
                    )
                })?,
                result: match g.result {
                    Some(r) => result_from_pb(Some(r))?,
                    None => GameResult::UNKNOWN,
                },
            })
        })
        .collect()
}

/// A game result from the wire; a missing result or an unknown outcome is refused.
pub fn result_from_pb(r: Option<pb::GameResult>) -> Result<GameResult, Rejected> {
    let r = r.ok_or_else(|| Rejected::invalid("result", "missing"))?;
    let outcome = match pb::Outcome::try_from(r.outcome) {
        Ok(pb::Outcome::Unknown) => Outcome::Unknown,
        Ok(pb::Outcome::WhiteWins) => Outcome::WhiteWins,
        Ok(pb::Outcome::BlackWins) => Outcome::BlackWins,
        Ok(pb::Outcome::Jigo) => Outcome::Jigo,
        Ok(pb::Outcome::BothLose) => Outcome::BothLose,
        Ok(pb::Outcome::BothWin) => Outcome::BothWin,
        Err(_) => {
            return Err(Rejected::invalid(
                "result",
                format!("unknown outcome {}", r.outcome),
            ))
        }
    };
    Ok(GameResult {
        outcome,
        by_forfeit: r.by_forfeit,
    })
}

fn report_to_pb(r: &ResultReport) -> pb::ResultReport {
    pb::ResultReport {
        result: Some(result_to_pb(r.result)),
        terminal: r.terminal.clone(),
        role: role_to_pb(r.role) as i32,
        operator: r.operator.clone(),
        at_ms: r.at_ms,
    }
}

/// A player as round sheets show them: number, names, the rank in force in `round`, club and country.
pub fn player_ref(state: &State, t: TournamentId, id: ParticipantId, round: u32) -> pb::PlayerRef {
    let number = state
        .play
        .get(&t)
        .and_then(|p| p.numbers.get(&id))
        .copied()
        .unwrap_or(0);
    let Some(p) = state.participants.get(&id) else {
        return pb::PlayerRef {
            id: id.0,
            number,
            ..pb::PlayerRef::default()
        };
    };
    let rank = p
        .entries
        .get(&t)
        .map_or(p.fields.rank, |e| e.rank_in(p.fields.rank, round));
    pb::PlayerRef {
        id: id.0,
        number,
        family_name: p.fields.family_name.clone(),
        given_name: p.fields.given_name.clone(),
        rank: rank.to_string(),
        club: p.fields.club.clone(),
        country: p.fields.country.clone(),
    }
}

/// A tournament's komi in half points (6½ when the tournament is gone).
fn komi_of(state: &State, t: TournamentId) -> i32 {
    state
        .tournaments
        .get(&t)
        .map_or(DEFAULT_KOMI_HALF, |t| t.settings.komi_half)
}

/// A game of round `round` for the wire.
pub fn game_to_pb(state: &State, t: TournamentId, round: u32, g: &GameRecord) -> pb::Game {
    pb::Game {
        table: g.table,
        white: Some(player_ref(state, t, g.white, round)),
        black: Some(player_ref(state, t, g.black, round)),
        handicap: u32::from(g.handicap),
        komi_half: if g.handicap == 0 {
            komi_of(state, t)
        } else {
            0
        },
        progress: progress_to_pb(g.progress()) as i32,
        confirmed: g.confirmed.map(result_to_pb),
        reports: g.reports.iter().map(report_to_pb).collect(),
        notes: g.notes.clone(),
        disputed: g.disputed,
        tournament_id: t.0,
        round,
        nigiri: g.nigiri,
        black_recorded: g.black_recorded,
    }
}

/// Players available in round `r` who are neither in a game nor the bye, by number.
fn unpaired(state: &State, t: TournamentId, r: &RoundRecord) -> Vec<ParticipantId> {
    let numbers = state.play.get(&t).map(|p| &p.numbers);
    let mut ids: Vec<(u32, ParticipantId)> = crate::domain::lifecycle::unseated(state, t, r)
        .into_iter()
        .map(|id| {
            (
                numbers
                    .and_then(|n| n.get(&id))
                    .copied()
                    .unwrap_or(u32::MAX),
                id,
            )
        })
        .collect();
    ids.sort_unstable();
    ids.into_iter().map(|(_, id)| id).collect()
}

/// A round for the wire, with names, the tournament rounds' current revision and who is still unpaired.
pub fn round_to_pb(state: &State, t: TournamentId, r: &RoundRecord) -> pb::Round {
    let n = r.number;
    pb::Round {
        tournament_id: t.0,
        number: n,
        state: round_state_to_pb(r.state) as i32,
        seed: r.seed,
        games: r.games.iter().map(|g| game_to_pb(state, t, n, g)).collect(),
        bye: r.bye.map(|b| player_ref(state, t, b, n)),
        warnings: r.warnings.clone(),
        draws: r.draws,
        revision: state.play.get(&t).map_or(0, |p| p.revision.0),
        unpaired: unpaired(state, t, r)
            .into_iter()
            .map(|id| player_ref(state, t, id, n))
            .collect(),
        advancing: r
            .advancing
            .iter()
            .map(|id| player_ref(state, t, *id, n))
            .collect(),
        parts: r
            .parts
            .iter()
            .map(|p| pb::RoundPart {
                seed: p.seed,
                tables: p.tables.clone(),
                published: p.published,
            })
            .collect(),
    }
}

/// A ladder for the wire: the players by rung, and its games.
pub fn ladder_to_pb(state: &State, t: TournamentId) -> pb::Ladder {
    let ladder = crate::domain::ladder::ladder(state, t);
    let settings = state
        .tournaments
        .get(&t)
        .map(|x| x.settings.ladder)
        .unwrap_or_default();
    let games = state.play.get(&t).map_or(&[][..], |p| p.ladder.as_slice());
    pb::Ladder {
        tournament_id: t.0,
        rungs: ladder
            .rungs
            .iter()
            .enumerate()
            .map(|(i, p)| pb::LadderRung {
                rung: ladder.places.get(i).copied().unwrap_or(i as u32 + 1),
                player: Some(player_ref(state, t, *p, 1)),
                games: ladder.games.get(p).copied().unwrap_or(0),
                wins: ladder.wins.get(p).copied().unwrap_or(0),
            })
            .collect(),
        games: games
            .iter()
            .map(|g| pb::LadderGame {
                challenger: Some(player_ref(state, t, g.challenger, 1)),
                defender: Some(player_ref(state, t, g.defender, 1)),
                outcome: g.outcome.as_str().to_string(),
                handicap: u32::from(g.handicap),
                from_rung: g.from_rung,
                to_rung: g.to_rung,
                at_ms: g.at_ms,
            })
            .collect(),
        reach: settings.reach,
        rungs_per_stone: settings.rungs_per_stone,
        max_meetings: settings.max_meetings,
        pairing_system: state
            .tournaments
            .get(&t)
            .map(|x| x.settings.system.as_str().to_string())
            .unwrap_or_default(),
    }
}

/// A tournament's player numbers for the wire, by number; ranks as in force in the latest round.
pub fn numbers_to_pb(state: &State, t: TournamentId) -> pb::PlayerNumbers {
    let play = state.play.get(&t);
    let round = play.and_then(|p| p.rounds.last()).map_or(1, |r| r.number);
    let mut numbered: Vec<(u32, ParticipantId)> = play
        .map(|p| p.numbers.iter().map(|(id, n)| (*n, *id)).collect())
        .unwrap_or_default();
    numbered.sort_unstable();
    pb::PlayerNumbers {
        tournament_id: t.0,
        players: numbered
            .into_iter()
            .map(|(_, id)| player_ref(state, t, id, round))
            .collect(),
    }
}
