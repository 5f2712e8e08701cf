//! Decides the round commands: numbering players, drawing (with the seed from the context, recorded in the
//! event), publishing, manual edits, results (single or double entry), the referee's reports, closing a round,
//! rank changes and per-entry options. Pure. A draw is one atomic step in the log: the engine runs either here,
//! inside the single writer, or aside (`aside`: from a copy of its input, on the rounds service's thread) and the
//! writer then takes the pairing only if that input is still current.

pub mod aside;
mod bracket;
pub mod import;
pub mod nigiri;
pub mod partial;
pub mod player_report;
mod schedule;
pub mod split;
pub mod team_draw;

use super::command::{Context, DrawPart, RefereeReport, RoundEdit};
use super::error::{DeskRefused, FieldProblem, Rejected};
use super::event::Event;
use super::field::{self, participant_id, player_id, Field};
use super::ids::{ParticipantId, Revision, TournamentId};
use super::rank::Rank;
use super::record::{RankChange, Role, Tournament};
use super::round::{
    GameRecord, GameResult, Outcome, Play, ResultProgress, ResultReport, RoundRecord, RoundState,
};
use super::setup;
use super::state::State;
use tengen_draw::engine::Edit;
use tengen_draw::model as draw;

fn tournament(state: &State, id: TournamentId) -> Result<&Tournament, Rejected> {
    state
        .tournaments
        .get(&id)
        .ok_or(Rejected::UnknownTournament(id))
}

/// A tournament before its first draw has no rounds.
static NO_PLAY: Play = Play {
    revision: Revision(0),
    numbers: std::collections::BTreeMap::new(),
    starts: std::collections::BTreeMap::new(),
    rounds: Vec::new(),
    ladder: Vec::new(),
};

/// The tournament's rounds, borrowed (a result report must not copy every round of the event).
fn play(state: &State, id: TournamentId) -> &Play {
    state.play.get(&id).unwrap_or(&NO_PLAY)
}

fn revision_of(state: &State, id: TournamentId) -> Revision {
    state.play.get(&id).map_or(Revision(0), |p| p.revision)
}

fn check_expected(expected: Option<Revision>, actual: Revision) -> Result<(), Rejected> {
    match expected {
        Some(e) if e != actual => Err(Rejected::StaleRevision {
            expected: e,
            actual,
        }),
        _ => Ok(()),
    }
}

fn precondition(message: impl Into<String>) -> Rejected {
    Rejected::Precondition(message.into())
}

fn round_of(play: &Play, t: TournamentId, n: u32) -> Result<&RoundRecord, Rejected> {
    play.round(n).ok_or(Rejected::UnknownRound {
        tournament: t,
        round: n,
    })
}

fn name_of(state: &State, id: ParticipantId) -> String {
    state.participants.get(&id).map_or(id.to_string(), |p| {
        format!("{} {}", p.fields.family_name, p.fields.given_name)
    })
}

/// "#7 Kim Ara": the number on the sheets and the name (the register id before numbering). Every message that
/// names a player inside a tournament uses it, so what a desk reads is what it types.
pub fn label(state: &State, t: TournamentId, id: ParticipantId) -> String {
    match state.play.get(&t).and_then(|pl| pl.numbers.get(&id)) {
        Some(n) => format!("#{n} {}", name_of(state, id)),
        None => format!("{id} {}", name_of(state, id)),
    }
}

/// "#7 Kim Ara" for a refusal or a warning about a draw input: the number the register holds, else the one this
/// draw gives (a latecomer numbered by it), else the register id.
fn label_in(state: &State, t: TournamentId, input: &draw::Snapshot, id: ParticipantId) -> String {
    let numbered = state
        .play
        .get(&t)
        .is_some_and(|pl| pl.numbers.contains_key(&id));
    let drawn = input
        .players
        .iter()
        .find(|p| p.id == player_id(id) && p.number > 0);
    match drawn {
        Some(p) if !numbered => format!("#{} {}", p.number, name_of(state, id)),
        _ => label(state, t, id),
    }
}

/// Where player `id` is in round `r`, for a refusal that named them at the wrong place: "#7 Kim Ara plays at table
/// 9", "#7 Kim Ara has the bye in round 2", "#7 Kim Ara is not paired in round 2".
fn whereabouts(state: &State, t: TournamentId, r: &RoundRecord, id: ParticipantId) -> String {
    let who = label(state, t, id);
    match r.game_of(id) {
        Some(g) => format!("{who} plays at table {}", g.table),
        None if r.bye == Some(id) => format!("{who} has the bye in round {}", r.number),
        None => format!("{who} is not paired in round {}", r.number),
    }
}

/// Refuses a report about player `id` at `table` when they do not play there, saying where they are instead.
fn plays_at(
    state: &State,
    t: TournamentId,
    r: &RoundRecord,
    table: u32,
    id: ParticipantId,
) -> Result<(), Rejected> {
    if r.game_at(table).is_some_and(|g| g.has(id)) {
        return Ok(());
    }
    let p = state
        .participants
        .get(&id)
        .ok_or(Rejected::UnknownParticipant(id))?;
    if !p.entries.contains_key(&t) {
        return Err(Rejected::NotEntered {
            participant: id,
            tournament: t,
        });
    }
    let mut why = whereabouts(state, t, r, id);
    if r.game_of(id).is_some() {
        why.push_str(&format!(", not table {table}"));
    }
    Err(Rejected::invalid("player", why))
}

/// Players checked in for round `r` (their entry lists it) who have neither a game nor the bye in it. Nobody
/// may miss a round without a decision: publishing and closing refuse while this list is not empty.
pub fn unseated(state: &State, t: TournamentId, r: &RoundRecord) -> Vec<ParticipantId> {
    // A knockout's bracket decides who plays: the players it eliminated have no game, and nobody misses them. A
    // team tournament's line-ups do: a team's reserves sit out.
    if state
        .tournaments
        .get(&t)
        .is_some_and(|x| x.settings.system.eliminates() || x.settings.scoring.team_boards > 0)
    {
        return Vec::new();
    }
    state
        .participants
        .values()
        .filter(|p| {
            p.entries
                .get(&t)
                .is_some_and(|e| Field::available(e, r.number))
                && r.game_of(p.id).is_none()
                && !r.has_bye(p.id)
        })
        .map(|p| p.id)
        .collect()
}

/// Refuses `action` on round `r` while a present player has no seat, naming each one and the three decisions.
fn everyone_seated(
    state: &State,
    t: TournamentId,
    r: &RoundRecord,
    action: &str,
) -> Result<(), Rejected> {
    let missing = unseated(state, t, r);
    if missing.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = missing
        .iter()
        .take(12)
        .map(|id| label(state, t, *id))
        .collect();
    Err(precondition(format!(
        "cannot {action} round {}: {} checked in for it but without a game or the bye: {}{}. For each, pair them \
         (round edit … pair), give them the bye (… bye) or mark them absent for this round (… absent)",
        r.number,
        if missing.len() == 1 { "a player is" } else { "players are" },
        names.join(", "),
        if missing.len() > 12 { ", …" } else { "" }
    )))
}

/// Warnings for a fresh draw of round `n`: players paired again right after losing round `n - 1` by forfeit (a
/// referee's no-show, or a forfeit result) — are they really here?
fn paired_after_forfeit(
    state: &State,
    t: TournamentId,
    pl: &Play,
    round: &RoundRecord,
) -> Vec<String> {
    let Some(prev) = round.number.checked_sub(1).and_then(|n| pl.round(n)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for g in &prev.games {
        let Some(result) = g.confirmed.as_ref().filter(|r| r.by_forfeit) else {
            continue;
        };
        let losers = match result.outcome {
            Outcome::WhiteWins => vec![g.black],
            Outcome::BlackWins => vec![g.white],
            Outcome::BothLose => vec![g.white, g.black],
            _ => Vec::new(),
        };
        for p in losers {
            // A game already decided (a round robin's forfeit for a player not playing this round) needs no check.
            if round.game_of(p).is_some_and(|g| g.confirmed.is_none()) {
                out.push(format!(
                    "{} lost round {} by forfeit and is paired again: check they are here (or mark them absent)",
                    label(state, t, p),
                    prev.number
                ));
            }
        }
    }
    out
}

/// Numbers every entrant who is not withdrawn, by strength.
pub fn number_players(
    state: &State,
    t: TournamentId,
    order: &[ParticipantId],
) -> Result<Vec<Event>, Rejected> {
    let tour = tournament(state, t)?;
    for id in order {
        let entered = state
            .participants
            .get(id)
            .is_some_and(|p| p.entries.contains_key(&t));
        if !entered {
            return Err(Rejected::invalid(
                "order",
                format!("{id} has not entered {t}"),
            ));
        }
    }
    let field = Field::new(state, tour);
    let players: Vec<_> = field
        .entrants
        .iter()
        .copied()
        .filter(|(_, e)| e.status != super::record::EntryStatus::Withdrawn)
        .collect();
    Ok(vec![Event::PlayersNumbered {
        tournament: t,
        revision: revision_of(state, t).next(),
        numbers: Field::number_by_strength(&players, order, 1),
    }])
}

/// Checks that round `n` of `t` may be drawn now (the rounds' revision the director read, the round's number
/// and state, registration closed before round 1); returns the tournament's field and how many times round `n`
/// will have been drawn. Every path to a draw (in the writer or aside) refuses with these same words.
fn drawable(
    state: &State,
    t: TournamentId,
    n: u32,
    redraw: bool,
    expected: Option<Revision>,
) -> Result<(Field<'_>, u32), Rejected> {
    let tour = tournament(state, t)?;
    check_expected(expected, revision_of(state, t))?;
    if tour.settings.system.unrounded() {
        return Err(precondition(format!(
            "{} is a {}: it has no rounds to draw; record each game as it is played (tengen ladder result)",
            tour.settings.name,
            tour.settings.system.as_str()
        )));
    }
    let pl = play(state, t);
    let total = tour.settings.rounds;
    if n == 0 || n > total {
        return Err(Rejected::invalid(
            "round",
            format!("round {n} is outside 1..{total}"),
        ));
    }
    if tour.registration_open && n == 1 {
        return Err(Rejected::Desk(DeskRefused::RegistrationStillOpen));
    }
    let drawn = pl.rounds.len() as u32;
    let mut draws = 1;
    if n <= drawn {
        let existing = round_of(pl, t, n)?;
        if existing.state != RoundState::Drawn || n != drawn {
            return Err(precondition(format!(
                "round {n} is {}: only the last round, before it is published, can be redrawn; \
                 use manual edits",
                existing.state.as_str()
            )));
        }
        if !redraw {
            return Err(Rejected::Desk(DeskRefused::AlreadyDrawn(n)));
        }
        if existing.games.iter().any(|g| !g.reports.is_empty()) {
            return Err(precondition(format!(
                "round {n} already has results: it cannot be redrawn"
            )));
        }
        let before_open = n
            .checked_sub(1)
            .and_then(|m| pl.round(m))
            .is_some_and(|r| r.state != RoundState::Closed);
        if existing.in_parts() && before_open {
            return Err(precondition(format!(
                "round {n} is drawn in parts and round {} still plays: draw the waiting part again instead",
                n - 1
            )));
        }
        draws = existing.draws + 1;
    } else if n != drawn + 1 {
        return Err(Rejected::Desk(DeskRefused::NextToDraw(drawn + 1)));
    } else if let Some(prev) = pl.rounds.last() {
        // A knockout's next round may be drawn once this one is published (its matches fill in as results come),
        // one round ahead at most: the rounds before this one are closed.
        let early = tour.settings.system.bracket()
            && prev.state == RoundState::Published
            && pl
                .rounds
                .iter()
                .rev()
                .skip(1)
                .all(|r| r.state == RoundState::Closed);
        if prev.state != RoundState::Closed && !early {
            return Err(Rejected::Desk(DeskRefused::CloseFirst {
                round: prev.number,
                state: prev.state,
                next: n,
            }));
        }
    }
    Ok((Field::new(state, tour), draws))
}

/// The part a draw of round `n` asks for: the one named, or the rest of a round already drawn in parts (a plain
/// draw of it, not a redraw of the whole). `None`: the whole round.
pub fn part_to_draw(
    state: &State,
    t: TournamentId,
    n: u32,
    redraw: bool,
    part: Option<DrawPart>,
) -> Option<DrawPart> {
    part.or_else(|| {
        let in_parts = play(state, t).round(n).is_some_and(RoundRecord::in_parts);
        (in_parts && !redraw).then_some(DrawPart::Rest)
    })
}

/// The seed of a draw made in the writer: the context's first eight bytes of entropy.
fn seed_of(ctx: &Context) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&ctx.entropy[..8]);
    u64::from_le_bytes(bytes)
}

/// Draws round `n` (or prepares it empty). With `aside`, the pairing was computed outside the writer
/// ([`aside::DrawRead::draw`]) and is taken as it is, seed included, if the input it read is still current
/// (else `DrawInputChanged`, and the caller draws again); without, the engine runs here with a seed from the
/// context. Either way the round is one event recording its seed.
#[allow(clippy::too_many_arguments)]
pub fn draw_round(
    state: &State,
    t: TournamentId,
    n: u32,
    redraw: bool,
    empty: bool,
    expected: Option<Revision>,
    aside: Option<&aside::AsideDraw>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let (field, draws) = drawable(state, t, n, redraw, expected)?;
    let pl = play(state, t);
    let input = field.snapshot(n);
    let record = if empty {
        RoundRecord::empty(n, draws)
    } else if field.tournament.settings.scoring.team_boards > 0 {
        let seed = seed_of(ctx);
        let drawn = team_draw::draw(&field, n, seed, &|id| label(state, t, id))?;
        let mut record = RoundRecord {
            games: drawn.games,
            advancing: drawn.advancing,
            warnings: drawn.warnings,
            seed,
            ..RoundRecord::empty(n, draws)
        };
        let forfeits = paired_after_forfeit(state, t, pl, &record);
        record.warnings.extend(forfeits);
        record
    } else {
        let settings = field.draw_settings();
        let (seed, round) = match aside {
            Some(a) => {
                aside::still_current(a, t, n, revision_of(state, t), &input, &settings)?;
                (a.seed, a.round.clone())
            }
            None => {
                let seed = seed_of(ctx);
                let round = tengen_draw::draw(&input.snapshot, &settings, seed)
                    .map_err(|e| precondition(format!("the draw failed: {e}")))?;
                (seed, round)
            }
        };
        let name = |id: draw::PlayerId| label_in(state, t, &input.snapshot, participant_id(id));
        let mut record = RoundRecord {
            number: n,
            state: RoundState::Drawn,
            seed,
            games: field::games_from_draw(&round, None),
            bye: round.bye.map(participant_id),
            advancing: round
                .advancing
                .iter()
                .copied()
                .map(participant_id)
                .collect(),
            warnings: round
                .warnings
                .iter()
                .map(|w| field::describe_warning(w, &name))
                .collect(),
            draws,
            published_at_ms: None,
            parts: Vec::new(),
        };
        let system = field.tournament.settings.system;
        if system.scheduled() || system.eliminates() {
            let forfeits = schedule::forfeit_absent_players(state, t, n, &mut record.games);
            record.warnings.extend(forfeits);
        }
        let forfeits = paired_after_forfeit(state, t, pl, &record);
        record.warnings.extend(forfeits);
        nigiri::mark_drawn(&mut record.games, field.tournament.settings.nigiri);
        record
    };
    Ok(vec![Event::RoundDrawn {
        tournament: t,
        revision: revision_of(state, t).next(),
        round: record,
        starts: input.new_starts,
        numbers: input.new_numbers,
    }])
}

/// Publishes a drawn round.
pub fn publish(
    state: &State,
    t: TournamentId,
    n: u32,
    now_ms: i64,
) -> Result<Vec<Event>, Rejected> {
    tournament(state, t)?;
    let pl = play(state, t);
    let r = round_of(pl, t, n)?;
    if r.in_parts() {
        // Each part is its own pairing list: the players still to pair are drawn in a later part.
        if r.state == RoundState::Closed || !r.part_waiting() {
            return Err(precondition(format!(
                "every part of round {n} drawn so far is published: draw the next part when its groups are ready"
            )));
        }
    } else if r.state != RoundState::Drawn {
        return Err(Rejected::Desk(DeskRefused::AlreadyIs {
            round: n,
            state: r.state,
        }));
    } else {
        everyone_seated(state, t, r, "publish")?;
    }
    Ok(vec![Event::RoundStateSet {
        tournament: t,
        revision: pl.revision.next(),
        round: n,
        state: RoundState::Published,
        at_ms: now_ms,
    }])
}

/// Closes a published round whose results are all confirmed.
pub fn close(state: &State, t: TournamentId, n: u32, now_ms: i64) -> Result<Vec<Event>, Rejected> {
    tournament(state, t)?;
    let pl = play(state, t);
    let r = round_of(pl, t, n)?;
    match r.state {
        RoundState::Drawn => return Err(Rejected::Desk(DeskRefused::NotPublished(n))),
        RoundState::Closed => return Err(Rejected::Desk(DeskRefused::AlreadyClosed(n))),
        RoundState::Published => {}
    }
    everyone_seated(state, t, r, "close")?;
    bracket::check_complete(state, t, r)?;
    let open = r.open_games();
    if !open.is_empty() {
        return Err(Rejected::Desk(DeskRefused::Unconfirmed {
            round: n,
            count: open.len(),
            tables: open.iter().take(20).map(|(g, p)| (g.table, *p)).collect(),
        }));
    }
    nigiri::check_close(r)?;
    Ok(vec![Event::RoundStateSet {
        tournament: t,
        revision: pl.revision.next(),
        round: n,
        state: RoundState::Closed,
        at_ms: now_ms,
    }])
}

fn to_engine_edit(edit: &RoundEdit) -> Edit {
    match edit {
        RoundEdit::Pair {
            a,
            b,
            white,
            handicap,
            table,
            force,
        } => Edit::Pair {
            a: player_id(*a),
            b: player_id(*b),
            white: white.map(player_id),
            handicap: *handicap,
            table: *table,
            force: *force,
        },
        RoundEdit::Unpair { player } => Edit::Unpair {
            player: player_id(*player),
        },
        RoundEdit::Swap { a, b, force } => Edit::Swap {
            a: player_id(*a),
            b: player_id(*b),
            force: *force,
        },
        RoundEdit::ExchangeColours { player } => Edit::ExchangeColours {
            player: player_id(*player),
        },
        RoundEdit::SetHandicap { player, handicap } => Edit::SetHandicap {
            player: player_id(*player),
            handicap: *handicap,
        },
        RoundEdit::SetTable { player, table } => Edit::SetTable {
            player: player_id(*player),
            table: *table,
        },
        RoundEdit::AssignBye { player, force } => Edit::AssignBye {
            player: player_id(*player),
            force: *force,
        },
        RoundEdit::MarkAbsent { player } => Edit::MarkAbsent {
            player: player_id(*player),
        },
    }
}

/// The players an edit names, and whether it changes their game (so each must be in one).
fn edited_players(edit: &RoundEdit) -> (Vec<ParticipantId>, Option<&'static str>) {
    match edit {
        RoundEdit::Pair { a, b, white, .. } => ([*a, *b].into_iter().chain(*white).collect(), None),
        RoundEdit::Swap { a, b, .. } => (vec![*a, *b], Some("swap")),
        RoundEdit::Unpair { player } => (vec![*player], Some("unpair")),
        RoundEdit::ExchangeColours { player } => (vec![*player], Some("exchange colours")),
        RoundEdit::SetHandicap { player, .. } => (vec![*player], Some("set the handicap")),
        RoundEdit::SetTable { player, .. } => (vec![*player], Some("move the game")),
        RoundEdit::AssignBye { player, .. } | RoundEdit::MarkAbsent { player } => {
            (vec![*player], None)
        }
    }
}

/// Refuses an edit that names someone not in the tournament, someone the round cannot seat (not checked in,
/// withdrawn, not playing this round), or that changes the game of a player who has none in round `r`, saying
/// where that player is ("cannot swap: #7 Kim Ara is not paired in round 2").
fn check_edited_players(
    state: &State,
    t: TournamentId,
    r: &RoundRecord,
    input: &draw::Snapshot,
    edit: &RoundEdit,
) -> Result<(), Rejected> {
    let (players, changes_game) = edited_players(edit);
    for id in players {
        let p = state
            .participants
            .get(&id)
            .ok_or(Rejected::UnknownParticipant(id))?;
        let Some(e) = p.entries.get(&t) else {
            return Err(Rejected::NotEntered {
                participant: id,
                tournament: t,
            });
        };
        if let Some(action) = changes_game.filter(|_| r.game_of(id).is_none()) {
            return Err(precondition(format!(
                "cannot {action}: {}",
                whereabouts(state, t, r, id)
            )));
        }
        if !input.players.iter().any(|x| x.id == player_id(id)) {
            let who = label(state, t, id);
            let n = r.number;
            return Err(precondition(match e.status {
                super::record::EntryStatus::CheckedIn => format!(
                    "{who} does not play round {n}: their entry leaves it out (set their rounds first)"
                ),
                status => format!(
                    "{who} is {} in tournament {}: check them in (or reinstate them) before round {n}",
                    status.as_str(),
                    t.0
                ),
            }));
        }
    }
    Ok(())
}

fn describe_edit(state: &State, t: TournamentId, edit: &RoundEdit) -> String {
    let n = |p: &ParticipantId| label(state, t, *p);
    match edit {
        RoundEdit::Pair { a, b, .. } => format!("pair {} – {}", n(a), n(b)),
        RoundEdit::Unpair { player } => format!("unpair the game of {}", n(player)),
        RoundEdit::Swap { a, b, .. } => format!("swap {} and {}", n(a), n(b)),
        RoundEdit::ExchangeColours { player } => {
            format!("exchange colours in the game of {}", n(player))
        }
        RoundEdit::SetHandicap { player, handicap } => {
            format!("handicap {handicap} in the game of {}", n(player))
        }
        RoundEdit::SetTable { player, table } => {
            format!("move the game of {} to table {table}", n(player))
        }
        RoundEdit::AssignBye { player, .. } => format!("bye to {}", n(player)),
        RoundEdit::MarkAbsent { player } => format!("{} absent", n(player)),
    }
}

/// Applies a manual edit to a drawn or published round.
pub fn edit_round(
    state: &State,
    t: TournamentId,
    n: u32,
    edit: &RoundEdit,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    let tour = tournament(state, t)?;
    check_expected(expected, revision_of(state, t))?;
    let pl = play(state, t);
    let r = round_of(pl, t, n)?;
    if r.state == RoundState::Closed {
        return Err(Rejected::Desk(DeskRefused::PairingClosed(n)));
    }
    let field = Field::new(state, tour);
    let input = field.snapshot(n);
    check_edited_players(state, t, r, &input.snapshot, edit)?;
    let settings = field.draw_settings();
    let edited = tengen_draw::engine::apply_edit(
        &input.snapshot,
        &settings,
        &field::to_draw_round(r),
        &to_engine_edit(edit),
    )
    .map_err(|e| precondition(e.to_string()))?;
    let mut games = field::games_from_draw(&edited, Some(r));
    nigiri::mark_edited(&mut games, r, tour.settings.nigiri);
    // A game with reported results may not be dissolved or changed by an edit.
    for g in &r.games {
        if !g.reports.is_empty()
            && !games
                .iter()
                .any(|x| x.white == g.white && x.black == g.black && x.reports == g.reports)
        {
            return Err(Rejected::Desk(DeskRefused::GameHasResults(g.table)));
        }
    }
    let name = |id: draw::PlayerId| label_in(state, t, &input.snapshot, participant_id(id));
    // A knockout's players through without a game stay so, unless the edit paired them.
    let advancing = edited
        .advancing
        .iter()
        .map(|p| participant_id(*p))
        .filter(|p| !games.iter().any(|g| g.has(*p)))
        .collect();
    let record = RoundRecord {
        games,
        bye: edited.bye.map(participant_id),
        advancing,
        warnings: edited
            .warnings
            .iter()
            .map(|w| field::describe_warning(w, &name))
            .collect(),
        ..r.clone()
    };
    let mut events = Vec::new();
    // The participant's rounds change first, so the command answers with the edited round (the last event).
    if let RoundEdit::MarkAbsent { player } = edit {
        if let Some(p) = state.participants.get(player) {
            if let Some(e) = p.entries.get(&t) {
                events.push(Event::RoundsSet {
                    id: *player,
                    revision: p.revision.next(),
                    tournament: t,
                    rounds: e.rounds.iter().copied().filter(|x| *x != n).collect(),
                });
            }
        }
    }
    events.push(Event::RoundEdited {
        tournament: t,
        revision: pl.revision.next(),
        round: record,
        edit: describe_edit(state, t, edit),
    });
    Ok(events)
}

fn game_at(pl: &Play, t: TournamentId, n: u32, table: u32) -> Result<&GameRecord, Rejected> {
    let r = round_of(pl, t, n)?;
    if r.state == RoundState::Drawn {
        return Err(Rejected::Desk(DeskRefused::ResultBeforePublishing(n)));
    }
    let g = r.game_at(table).ok_or(Rejected::Field {
        field: "table",
        problem: FieldProblem::NoGameAtTable { table, round: n },
    })?;
    if !r.shows(g) {
        return Err(Rejected::Desk(DeskRefused::PartNotPublished {
            table,
            round: n,
        }));
    }
    Ok(g)
}

/// A report of `result` by the terminal in `ctx`, now.
fn report_by(result: GameResult, ctx: &Context) -> ResultReport {
    ResultReport {
        result,
        terminal: ctx.actor.terminal.clone(),
        role: ctx.actor.role,
        operator: ctx.actor.operator.clone(),
        at_ms: ctx.now_ms,
        player: None,
    }
}

/// The event that replaces game `g` of round `n`, after who had Black when this report recorded it (`colours`:
/// a nigiri game, `g` already shows it) and what a knockout's result brings (players back to the main
/// tournament, the next games it decides): the answer is the game, so it comes last.
fn game_updated(
    state: &State,
    pl: &Play,
    t: TournamentId,
    n: u32,
    g: GameRecord,
    colours: Option<ParticipantId>,
) -> Vec<Event> {
    // A split-off knockout's players whose knockout this result ends go back to the main tournament.
    let mut events = split::returns(state, t, n, &g);
    let mut revision = pl.revision.next();
    if let Some(black) = colours {
        events.push(Event::ColoursRecorded {
            tournament: t,
            revision,
            round: n,
            table: g.table,
            black,
        });
        revision = revision.next();
    }
    if let Some(next) = bracket::follow_up(state, t, n, &g, revision) {
        events.push(next);
        revision = revision.next();
    }
    events.push(Event::GameUpdated {
        tournament: t,
        revision,
        round: n,
        game: g,
    });
    events
}

/// A result report: the director's counts at once; a results desk's counts at once without double entry, else
/// when a report from another terminal agrees. `black` records who had Black (a nigiri game; a results desk must
/// say it with a played result while nobody has, and may not change it once recorded); the result's White and
/// Black are the colours after that.
#[allow(clippy::too_many_arguments)]
pub fn report_result(
    state: &State,
    t: TournamentId,
    n: u32,
    table: u32,
    result: GameResult,
    black: Option<ParticipantId>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let tour = tournament(state, t)?;
    if result.outcome == Outcome::Unknown && ctx.actor.role != Role::Director {
        return Err(Rejected::Field {
            field: "result",
            problem: FieldProblem::ResetToUnknown,
        });
    }
    let pl = play(state, t);
    let game = game_at(pl, t, n, table)?;
    let director = ctx.actor.role == Role::Director;
    if !director {
        nigiri::check_named(game, result, black)?;
    }
    let colours = match black {
        Some(b) => nigiri::to_record(state, t, round_of(pl, t, n)?, game, b, director)?,
        None => None,
    };
    let mut g = game.clone();
    if let Some(b) = colours {
        g.record_black(b);
    }
    let report = report_by(result, ctx);
    match ctx.actor.role {
        Role::Director => {
            g.reports.push(report);
            g.confirmed = (result.outcome != Outcome::Unknown).then_some(result);
            if result.outcome == Outcome::Unknown {
                g.reports.clear();
            }
        }
        _ => {
            if let Some(c) = g.confirmed {
                if c != result {
                    return Err(Rejected::Desk(DeskRefused::Confirmed { table, result: c }));
                }
                g.reports.push(report);
            } else {
                // A desk's new entry replaces its own earlier one (a typo corrected before confirmation).
                g.reports.retain(|r| !r.same_source(&report));
                let agrees = g.reports.iter().any(|r| r.result == result);
                g.reports.push(report);
                if !tour.settings.scoring.double_entry || agrees {
                    g.confirmed = Some(result);
                }
            }
        }
    }
    Ok(game_updated(state, pl, t, n, g, colours))
}

/// The referee's report at a table.
pub fn referee(
    state: &State,
    t: TournamentId,
    n: u32,
    table: u32,
    report: &RefereeReport,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    tournament(state, t)?;
    let pl = play(state, t);
    let game = game_at(pl, t, n, table)?;
    let round = round_of(pl, t, n)?;
    let mut g = game.clone();
    let forfeit = |outcome| GameResult {
        outcome,
        by_forfeit: true,
    };
    let mut decided = None;
    let mut colours = None;
    match report {
        RefereeReport::NoShow { absent } => {
            plays_at(state, t, round, table, *absent)?;
            let outcome = if *absent == g.white {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            };
            decided = Some(forfeit(outcome));
            g.notes.push(format!(
                "no-show: {} (by {})",
                name_of(state, *absent),
                ctx.actor.terminal
            ));
        }
        RefereeReport::BothAbsent => {
            decided = Some(forfeit(Outcome::BothLose));
            g.notes
                .push(format!("both players absent (by {})", ctx.actor.terminal));
        }
        RefereeReport::LateStart { player, minutes } => {
            plays_at(state, t, round, table, *player)?;
            if *minutes > 24 * 60 {
                return Err(Rejected::Field {
                    field: "minutes",
                    problem: FieldProblem::LateStartTooLong,
                });
            }
            g.notes.push(format!(
                "late start: {} {minutes} min (by {})",
                name_of(state, *player),
                ctx.actor.terminal
            ));
        }
        RefereeReport::Dispute { disputed, note } => {
            if note.chars().count() > 500 || note.chars().any(char::is_control) {
                return Err(Rejected::Field {
                    field: "note",
                    problem: FieldProblem::NoteTooLong,
                });
            }
            g.disputed = *disputed;
            let what = if *disputed { "disputed" } else { "settled" };
            g.notes.push(format!(
                "{what}: {} (by {})",
                note.trim(),
                ctx.actor.terminal
            ));
        }
        RefereeReport::Colours { black } => {
            colours = nigiri::to_record(state, t, round, &g, *black, true)?;
            if let Some(b) = colours {
                g.record_black(b);
                g.notes.push(format!(
                    "Black: {} (by {})",
                    name_of(state, b),
                    ctx.actor.terminal
                ));
            }
        }
    }
    if let Some(result) = decided {
        if let Some(c) = g.confirmed.filter(|c| *c != result) {
            if ctx.actor.role != Role::Director {
                return Err(Rejected::Desk(DeskRefused::Confirmed { table, result: c }));
            }
        }
        g.reports.push(report_by(result, ctx));
        g.confirmed = Some(result);
    }
    Ok(game_updated(state, pl, t, n, g, colours))
}

/// Sets an entry's ghost flag and starting-MMS correction.
#[allow(clippy::too_many_arguments)]
pub fn entry_options(
    state: &State,
    id: ParticipantId,
    t: TournamentId,
    ghost: Option<bool>,
    correction: Option<i32>,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    let (p, e) = entered(state, id, t, expected)?;
    if let Some(c) = correction {
        if !(-20..=20).contains(&c) {
            return Err(Rejected::invalid(
                "mms_correction",
                "the correction must be between -20 and 20 points",
            ));
        }
        if state
            .play
            .get(&t)
            .is_some_and(|pl| pl.starts.contains_key(&id))
        {
            return Err(precondition(
                "the player has been drawn: their starting MMS is fixed (a rank change can move it: entry rank … --move-start)",
            ));
        }
    }
    Ok(vec![Event::EntryOptionsSet {
        id,
        revision: p.revision.next(),
        tournament: t,
        ghost: ghost.unwrap_or(e.ghost),
        mms_correction: correction.unwrap_or(e.mms_correction),
    }])
}

/// A rank change from a round on; with `move_start`, the starting MMS follows the new rank.
pub fn change_rank(
    state: &State,
    id: ParticipantId,
    t: TournamentId,
    rank: Rank,
    from_round: u32,
    move_start: bool,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    let (p, e) = entered(state, id, t, expected)?;
    let tour = tournament(state, t)?;
    if from_round == 0 || from_round > tour.settings.rounds {
        return Err(Rejected::invalid(
            "from_round",
            format!("round {from_round} is outside 1..{}", tour.settings.rounds),
        ));
    }
    let drawn = state.play.get(&t).map_or(0, |pl| pl.rounds.len() as u32);
    if from_round <= drawn {
        let last_open = state
            .play
            .get(&t)
            .and_then(|pl| pl.rounds.last())
            .is_some_and(|r| r.number == from_round && r.state == RoundState::Drawn);
        if !last_open {
            return Err(precondition(format!(
                "round {from_round} is already paired: a rank change takes effect from round {} at the earliest",
                drawn + 1
            )));
        }
    }
    let (new_start, play_revision) = if move_start {
        let s = &tour.settings;
        (
            Some(setup::starting_mms(
                s.system,
                &s.mcmahon,
                rank,
                e.mms_correction,
            )),
            Some(revision_of(state, t).next()),
        )
    } else {
        (None, None)
    };
    Ok(vec![Event::RankChanged {
        id,
        revision: p.revision.next(),
        tournament: t,
        change: RankChange { from_round, rank },
        new_start,
        play_revision,
    }])
}

fn entered(
    state: &State,
    id: ParticipantId,
    t: TournamentId,
    expected: Option<Revision>,
) -> Result<(&super::record::Participant, &super::record::Entry), Rejected> {
    let p = state
        .participants
        .get(&id)
        .ok_or(Rejected::UnknownParticipant(id))?;
    tournament(state, t)?;
    check_expected(expected, p.revision)?;
    let e = p.entries.get(&t).ok_or(Rejected::NotEntered {
        participant: id,
        tournament: t,
    })?;
    Ok((p, e))
}

/// How many games of a round stand where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProgressCounts {
    /// Nobody reported.
    pub missing: u32,
    /// One entry, waiting for the second.
    pub pending: u32,
    /// Entries disagree.
    pub mismatched: u32,
    /// Adjourned or disputed.
    pub disputed: u32,
    /// Counts.
    pub confirmed: u32,
}

/// Counts of result progress in a round.
pub fn progress_counts(r: &RoundRecord) -> ProgressCounts {
    let mut c = ProgressCounts::default();
    // A part of the round not yet published has no results to wait for.
    for g in r.listed_games() {
        *match g.progress() {
            ResultProgress::Missing => &mut c.missing,
            ResultProgress::Pending => &mut c.pending,
            ResultProgress::Mismatch => &mut c.mismatched,
            ResultProgress::Disputed => &mut c.disputed,
            ResultProgress::Confirmed => &mut c.confirmed,
        } += 1;
    }
    c
}

#[cfg(test)]
mod tests;
