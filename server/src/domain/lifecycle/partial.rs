//! A round drawn in parts (Mays, "Pairings for Round 2"): while the round before still plays, the director pairs
//! the score groups whose games are all finished — from the bottom, or one settled group anywhere — and
//! publishes each part as its own pairing list; the rest is drawn once its groups are ready. A part never
//! re-pairs anyone already drawn: the engine reads the round's games so far and pairs only the players still
//! without one. Refused, with the reason, where Mays says to hold off: a group of odd size drawn on its own, or
//! an odd field whose bye's candidate is still playing. Pure: decides one `RoundDrawn` event; the engine pairs.

use super::super::command::{Context, DrawPart};
use super::super::error::Rejected;
use super::super::event::Event;
use super::super::field::{self, participant_id, player_id, Field};
use super::super::ids::{ParticipantId, Revision, TournamentId};
use super::super::round::{DrawnPart, RoundRecord, RoundState};
use super::super::state::State;
use super::{
    check_expected, label, label_in, play, precondition, revision_of, seed_of, tournament,
};
use std::collections::BTreeSet;
use tengen_draw::engine::{complete_groups, draw_subset, CompleteGroups};
use tengen_draw::model as draw;

/// Draws `part` of round `n` of `t` (with `redraw`, the part drawn last and not yet published is drawn again).
pub fn draw_part(
    state: &State,
    t: TournamentId,
    n: u32,
    part: DrawPart,
    redraw: bool,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let tour = tournament(state, t)?;
    check_expected(expected, revision_of(state, t))?;
    if tour.settings.scoring.team_boards > 0 {
        return Err(precondition(
            "a team tournament's round is drawn whole: its matches pair teams, not score groups of players",
        ));
    }
    let field = Field::new(state, tour);
    let mut settings = field.draw_settings();
    if settings.pairing != draw::Pairing::ScoreGroups {
        return Err(precondition(format!(
            "{} is a {}: only McMahon and Swiss rounds are drawn in parts",
            tour.settings.name,
            tour.settings.system.as_str()
        )));
    }
    let base = base_record(state, t, n, redraw)?;
    let mut input = field.snapshot_for_part(n);
    // A part drawn again leaves the snapshot with its games, as if it had never been drawn.
    let kept: BTreeSet<(draw::PlayerId, draw::PlayerId)> = base
        .games
        .iter()
        .map(|g| (player_id(g.white), player_id(g.black)))
        .collect();
    input
        .snapshot
        .games
        .retain(|g| g.round.0 != n || kept.contains(&(g.white, g.black)));
    input
        .snapshot
        .byes
        .retain(|b| b.round.0 != n || base.bye == Some(field::participant_id(b.player)));
    let groups = complete_groups(&input.snapshot, &settings)
        .map_err(|e| precondition(format!("the draw cannot read the field: {e}")))?;
    let (players, above) = choose(state, t, n, part, &groups, base.bye.is_some())?;
    settings
        .skip_tables
        .extend(base.games.iter().map(|g| g.table));
    reserve_tables(&mut settings, above.div_ceil(2));
    let seed = seed_of(ctx);
    let drawn = draw_subset(&input.snapshot, &settings, seed, &players)
        .map_err(|e| precondition(format!("the draw failed: {e}")))?;
    let name = |id: draw::PlayerId| label_in(state, t, &input.snapshot, participant_id(id));
    let mut record = base;
    let mut games = field::games_from_draw(&drawn, None);
    super::nigiri::mark_drawn(&mut games, tour.settings.nigiri);
    if record.parts.is_empty() {
        record.seed = seed;
    }
    record.parts.push(DrawnPart {
        seed,
        tables: games.iter().map(|g| g.table).collect(),
        published: false,
        kind: part,
    });
    record.games.extend(games);
    record.games.sort_by_key(|g| g.table);
    if record.bye.is_none() {
        record.bye = drawn.bye.map(participant_id);
    }
    record.warnings.extend(
        drawn
            .warnings
            .iter()
            .map(|w| field::describe_warning(w, &name)),
    );
    let seated: BTreeSet<ParticipantId> = players
        .iter()
        .copied()
        .map(participant_id)
        .chain(record.bye)
        .collect();
    Ok(vec![Event::RoundDrawn {
        tournament: t,
        revision: revision_of(state, t).next(),
        round: record,
        starts: input
            .new_starts
            .into_iter()
            .filter(|(p, _)| seated.contains(p))
            .collect(),
        numbers: input.new_numbers,
    }])
}

/// The round as the new part finds it: the parts drawn so far (less the waiting part when it is drawn again),
/// or a new round when this is the first part.
fn base_record(
    state: &State,
    t: TournamentId,
    n: u32,
    redraw: bool,
) -> Result<RoundRecord, Rejected> {
    let pl = play(state, t);
    let total = state.tournaments.get(&t).map_or(0, |x| x.settings.rounds);
    if n < 2 || n > total {
        return Err(Rejected::invalid(
            "round",
            format!("only rounds 2..{total} are drawn in parts (round 1 has no round before it)"),
        ));
    }
    let drawn = pl.rounds.len() as u32;
    if n == drawn + 1 {
        let prev = pl.rounds.last().filter(|r| r.number == n - 1);
        return match prev.map(|r| r.state) {
            Some(RoundState::Published | RoundState::Closed) => Ok(RoundRecord::empty(n, 1)),
            _ => Err(precondition(format!(
                "round {} is not published yet: its games must be under way before round {n} is drawn in parts",
                n - 1
            ))),
        };
    }
    let Some(existing) = pl.round(n).filter(|_| n == drawn) else {
        return Err(precondition(format!(
            "the next round to draw is {}",
            drawn + 1
        )));
    };
    if !existing.in_parts() {
        return Err(precondition(format!(
            "round {n} was drawn whole: seat a latecomer with the manual edits (pair, bye)"
        )));
    }
    if existing.state == RoundState::Closed {
        return Err(precondition(format!("round {n} is closed")));
    }
    let mut record = existing.clone();
    let waiting = record.parts.last().filter(|p| !p.published).cloned();
    match (waiting, redraw) {
        (Some(part), true) => {
            if record
                .games
                .iter()
                .any(|g| part.tables.contains(&g.table) && !g.reports.is_empty())
            {
                return Err(precondition(format!(
                    "the waiting part of round {n} already has results: it cannot be redrawn"
                )));
            }
            record.games.retain(|g| !part.tables.contains(&g.table));
            record.parts.pop();
            record.draws += 1;
            if record.parts.is_empty() {
                record.bye = None;
            }
            Ok(record)
        }
        (Some(_), false) => Err(precondition(format!(
            "a part of round {n} is drawn and not yet published: publish it (or draw it again) before the next part"
        ))),
        (None, true) => Err(precondition(format!(
            "every part of round {n} drawn so far is published: nothing to draw again"
        ))),
        (None, false) => Ok(record),
    }
}

/// The players `part` pairs now, and how many players still to pair rank above them (their tables come first).
fn choose(
    state: &State,
    t: TournamentId,
    n: u32,
    part: DrawPart,
    groups: &CompleteGroups,
    bye_given: bool,
) -> Result<(Vec<draw::PlayerId>, usize), Rejected> {
    let pairable: usize = groups.groups.iter().map(|g| g.players.len()).sum();
    let bye = usize::from(groups.bye.is_some());
    let playing = || still_playing(state, t, n - 1);
    match part {
        DrawPart::Bottom => {
            if let Some(b) = groups.bye {
                let settled = groups
                    .groups
                    .iter()
                    .any(|g| g.complete && g.players.contains(&b));
                if !settled {
                    return Err(precondition(format!(
                        "the field is odd and the bye goes first, but its candidate, {}, may still change: \
                         wait for {}",
                        label(state, t, participant_id(b)),
                        playing()
                    )));
                }
            }
            if groups.ready.is_empty() {
                return Err(precondition(format!(
                    "no score group is finished from the bottom yet: wait for {}",
                    playing()
                )));
            }
            let above = pairable - groups.ready.len() - bye;
            Ok((groups.ready.clone(), above))
        }
        DrawPart::Group { mms_half } => {
            let words = tengen_text::points::halves(i64::from(mms_half));
            let Some(g) = groups.groups.iter().find(|g| g.main.0 == mms_half) else {
                return Err(Rejected::invalid(
                    "group",
                    format!("no player still to pair in round {n} has MMS {words}"),
                ));
            };
            if !g.settled {
                return Err(precondition(format!(
                    "the MMS {words} group is not finished: a game still played can move a player into or out \
                     of it; wait for {}",
                    playing()
                )));
            }
            if pairable % 2 == 1 && !bye_given {
                return Err(precondition(
                    "the field is odd and the bye is not given yet: draw from the bottom first (the bye goes \
                     first, Mays)",
                ));
            }
            if g.players.len() % 2 == 1 {
                return Err(precondition(format!(
                    "the MMS {words} group has an odd number of players ({}): whether one pairs up or down is not \
                     known yet; hold off (Mays), or draw from the bottom",
                    g.players.len()
                )));
            }
            let above = groups
                .groups
                .iter()
                .filter(|x| x.main.0 > mms_half)
                .map(|x| x.players.len())
                .sum();
            Ok((g.players.clone(), above))
        }
        DrawPart::Rest => {
            if groups.groups.iter().any(|g| !g.complete) {
                return Err(precondition(format!(
                    "round {} still plays: wait for {}, or draw the finished groups from the bottom",
                    n - 1,
                    playing()
                )));
            }
            let all: Vec<draw::PlayerId> = groups
                .groups
                .iter()
                .flat_map(|g| g.players.iter().copied())
                .collect();
            if all.is_empty() {
                return Err(precondition(format!(
                    "everyone in round {n} has a game or the bye"
                )));
            }
            Ok((all, 0))
        }
    }
}

/// One score group of the players still to pair in a round that may be drawn in parts, as the director sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupReadiness {
    /// The group's McMahon score in half points (for players still playing: their score if they lose).
    pub mms_half: i32,
    /// How many players.
    pub players: usize,
    /// This group and every group below it are finished: drawn with the bottom.
    pub complete: bool,
    /// No game still played can move a player into or out of it: it may be drawn on its own.
    pub settled: bool,
}

/// The score groups of the players still to pair in round `n` (lowest first), while round `n − 1` is published
/// and round `n` not yet drawn whole: what the director may draw now. Empty when round `n` cannot be drawn in
/// parts (round 1, a system without score groups, past the last round, the round before still a draft).
pub fn readiness(state: &State, t: TournamentId, n: u32) -> Vec<GroupReadiness> {
    let Some(tour) = state.tournaments.get(&t) else {
        return Vec::new();
    };
    let pl = play(state, t);
    let before_shown = n
        .checked_sub(1)
        .and_then(|m| pl.round(m))
        .is_some_and(|r| r.state != RoundState::Drawn);
    let drawable = match pl.round(n) {
        None => n as usize == pl.rounds.len() + 1,
        Some(r) => r.in_parts() && r.state != RoundState::Closed,
    };
    if n < 2 || n > tour.settings.rounds || !before_shown || !drawable {
        return Vec::new();
    }
    let field = Field::new(state, tour);
    let settings = field.draw_settings();
    if settings.pairing != draw::Pairing::ScoreGroups {
        return Vec::new();
    }
    let input = field.snapshot_for_part(n);
    match complete_groups(&input.snapshot, &settings) {
        Ok(c) => c
            .groups
            .iter()
            .map(|g| GroupReadiness {
                mms_half: g.main.0,
                players: g.players.len(),
                complete: g.complete,
                settled: g.settled,
            })
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Reserves the first `count` free tables for the players ranked above the part, who are drawn later.
fn reserve_tables(settings: &mut draw::Settings, count: usize) {
    let free: Vec<u32> = (settings.first_table..)
        .filter(|t| !settings.skip_tables.contains(t))
        .take(count)
        .collect();
    settings.skip_tables.extend(free);
}

/// "tables 3, 7 and 12 of round 2": the games of round `n` without a confirmed result.
fn still_playing(state: &State, t: TournamentId, n: u32) -> String {
    let Some(r) = play(state, t).round(n) else {
        return format!("round {n}");
    };
    let open: Vec<String> = r
        .games
        .iter()
        .filter(|g| g.confirmed.is_none())
        .map(|g| g.table.to_string())
        .collect();
    match open.len() {
        0 => format!("round {n}'s results"),
        1 => format!("table {} of round {n}", open[0]),
        k if k <= 12 => format!("tables {} of round {n}", open.join(", ")),
        k => format!("{k} tables of round {n} ({}, …)", open[..12].join(", ")),
    }
}
