//! A player's own report of their game's result, with their personal code (issue 31). It is one entry of the
//! double entry: the two players agreeing, or a player and a results desk agreeing, confirm the result; a
//! disagreement is a mismatch like two desks that disagree. A player's report alone never confirms, even where a
//! single desk entry would; a confirmed result changes only by the director. Pure: decides, never applies.
//!
//! Guards against the known failures: the code must be the reporting player's, the game must be theirs in a
//! published round that is still open, and the player says "I won / I lost", never a colour.

use super::nigiri;
use super::{game_at, game_updated, play, plays_at, precondition, round_of, tournament};
use crate::domain::code::TypedCode;
use crate::domain::command::{Context, PlayerSays, Via};
use crate::domain::decide::players::check_code;
use crate::domain::error::{PlayerRefused, Rejected};
use crate::domain::event::Event;
use crate::domain::ids::{ParticipantId, TournamentId};
use crate::domain::record::Role;
use crate::domain::round::{GameRecord, GameResult, Outcome, ResultReport, RoundState};
use crate::domain::state::State;

/// The terminal name a player's own report carries (the player is named in the report).
pub const PLAYER_PAGE: &str = "player page";

/// What a player reports, less the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Which tournament.
    pub tournament: TournamentId,
    /// Which round.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// The player reporting.
    pub participant: ParticipantId,
    /// What they say happened to them.
    pub says: PlayerSays,
    /// Who had Black, for a nigiri nobody recorded.
    pub black: Option<ParticipantId>,
    /// Where the report came from.
    pub via: Via,
}

/// Decides a player's report.
pub fn report(
    state: &State,
    r: Report,
    code: &TypedCode,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let (t, n) = (r.tournament, r.round);
    let tour = tournament(state, t)?;
    let player = state
        .participants
        .get(&r.participant)
        .ok_or(Rejected::UnknownParticipant(r.participant))?;
    check_code(player, code)?;
    if !tour.settings.players.report_results {
        return Err(Rejected::Player(PlayerRefused::ResultsAtDesk));
    }
    if r.says == PlayerSays::Jigo && tour.settings.komi_half % 2 != 0 {
        return Err(Rejected::invalid(
            "result",
            "with half a point of komi a game cannot end in jigo",
        ));
    }
    let pl = play(state, t);
    let round = round_of(pl, t, n)?;
    if round.state == RoundState::Closed {
        return Err(Rejected::Player(PlayerRefused::RoundClosed(n)));
    }
    let game = game_at(pl, t, n, r.table)?;
    plays_at(state, t, round, r.table, r.participant)?;
    let colours = match (game.colours_open(), r.black) {
        (true, None) => {
            return Err(precondition(format!(
                "table {} was a nigiri: say who had Black",
                r.table
            )))
        }
        (_, Some(b)) => nigiri::to_record(state, t, round, game, b, false)?,
        (false, None) => None,
    };
    let mut g = game.clone();
    if let Some(b) = colours {
        g.record_black(b);
    }
    let result = GameResult {
        outcome: outcome_for(&g, r.participant, r.says),
        by_forfeit: false,
    };
    let report = ResultReport {
        result,
        terminal: PLAYER_PAGE.into(),
        role: Role::Public,
        operator: r.via.as_str().into(),
        at_ms: ctx.now_ms,
        player: Some(r.participant),
    };
    enter(&mut g, report)?;
    Ok(game_updated(state, pl, t, n, g, colours))
}

/// The result "`player` says `says`" means at game `g` (colours as recorded).
fn outcome_for(g: &GameRecord, player: ParticipantId, says: PlayerSays) -> Outcome {
    let white = g.white == player;
    match says {
        PlayerSays::Won if white => Outcome::WhiteWins,
        PlayerSays::Won => Outcome::BlackWins,
        PlayerSays::Lost if white => Outcome::BlackWins,
        PlayerSays::Lost => Outcome::WhiteWins,
        PlayerSays::Jigo => Outcome::Jigo,
    }
}

/// Adds a player's report to `g`: refused against a different confirmed result; otherwise it replaces the
/// player's earlier report and confirms when another source's report agrees.
fn enter(g: &mut GameRecord, report: ResultReport) -> Result<(), Rejected> {
    if let Some(c) = g.confirmed {
        if c != report.result {
            return Err(Rejected::Player(PlayerRefused::Confirmed {
                table: g.table,
                result: c.describe(),
            }));
        }
        g.reports.push(report);
        return Ok(());
    }
    g.reports.retain(|x| !x.same_source(&report));
    let agrees = g.reports.iter().any(|x| x.result == report.result);
    if agrees {
        g.confirmed = Some(report.result);
    }
    g.reports.push(report);
    Ok(())
}
