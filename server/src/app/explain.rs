//! Why two players stand where they do, and why the latest draw did or did not pair them: the one answer every
//! door gives (gRPC `Rounds.Explain` the order, the director's explain page both). Pure reads of the state it is
//! given, worded for people, each player named as the sheets name them ("#7 Kim Ara").
//!
//! Must not touch: the draw's weights. The pairing part states the facts the draw weighs (earlier games, relatives,
//! the never-pair list, score groups, clubs), read from the same snapshot the draw reads; it does not re-run the
//! matching.

use crate::domain::field::{participant_id, player_id, Field};
use crate::domain::lifecycle::label;
use crate::domain::round::{RoundRecord, Seat};
use crate::domain::{EntryStatus, PairingSystem, ParticipantId, Rejected, State, TournamentId};
use tengen_standings::explain::Explanation;
use tengen_standings::placing::Standings;

/// Why a question about two players has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The question itself is refused (no such tournament, a round outside it, the same player twice): bad input.
    #[error("{0}")]
    Rejected(#[from] Rejected),
    /// A player is not in that round's standings or draw: each door answers "not found".
    #[error("{0}")]
    NotFound(String),
}

/// The standings after round `after` (0: the last round with a confirmed result) by the tournament's criteria or
/// `criteria`, with the round they count.
pub fn standings(
    state: &State,
    t: TournamentId,
    after: u32,
    criteria: Option<&[String]>,
) -> Result<(Standings, u32), Rejected> {
    let tour = state
        .tournaments
        .get(&t)
        .ok_or(Rejected::UnknownTournament(t))?;
    if after > tour.settings.rounds {
        return Err(Rejected::invalid(
            "after_round",
            format!("round {after} is outside 1..{}", tour.settings.rounds),
        ));
    }
    let after = if after == 0 {
        state.play.get(&t).map_or(0, |p| p.last_with_result())
    } else {
        after
    };
    Ok((Field::new(state, tour).standings(after, criteria), after))
}

/// Why one of two players is placed above the other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The criteria compared, with values.
    pub explanation: Explanation,
    /// The player placed higher.
    pub higher: ParticipantId,
    /// The other.
    pub lower: ParticipantId,
    /// One line for people: "MMS equal (3); #2 Berg Lena (place 2) ahead of #5 Eder Max (place 3) on SOS: 9 > 7".
    pub text: String,
}

/// Why `a` and `b` stand in that order in `st` (the standings of tournament `t`).
pub fn order(
    state: &State,
    t: TournamentId,
    st: &Standings,
    a: ParticipantId,
    b: ParticipantId,
) -> Result<Order, ExplainError> {
    let name = |id: ParticipantId| label(state, t, id);
    for p in [a, b] {
        if st.row(player_id(p)).is_none() {
            return Err(ExplainError::NotFound(format!(
                "{} is not in the standings after round {}",
                name(p),
                st.after.0
            )));
        }
    }
    let e = tengen_standings::explain::explain(st, player_id(a), player_id(b))
        .ok_or_else(|| ExplainError::NotFound("a player is not in the standings".into()))?;
    let (higher, lower) = (participant_id(e.higher), participant_id(e.lower));
    let mut text = String::new();
    for (c, v) in &e.equal_on {
        text.push_str(&format!("{} equal ({v}); ", c.name()));
    }
    match &e.separated_by {
        Some((c, h, l)) => text.push_str(&format!(
            "{} (place {}) ahead of {} (place {}) on {}: {h} > {l}",
            name(higher),
            e.places.0,
            name(lower),
            e.places.1,
            c.name()
        )),
        None => text.push_str(&format!(
            "{} and {} are tied on every criterion and share place {}",
            name(higher),
            name(lower),
            e.places.0
        )),
    }
    Ok(Order {
        explanation: e,
        higher,
        lower,
        text,
    })
}

/// Why the latest drawn round did or did not pair two players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// The round.
    pub round: u32,
    /// The table they meet at, when they do.
    pub table: Option<u32>,
    /// Where each of the two is in that round, one sentence each.
    pub seats: Vec<String>,
    /// What the draw weighed between them, one sentence each.
    pub reasons: Vec<String>,
}

/// Why the latest drawn round of tournament `t` paired `a` and `b`, or did not.
pub fn pairing(
    state: &State,
    t: TournamentId,
    a: ParticipantId,
    b: ParticipantId,
) -> Result<Pairing, ExplainError> {
    let tour = state
        .tournaments
        .get(&t)
        .ok_or(Rejected::UnknownTournament(t))?;
    if a == b {
        return Err(Rejected::invalid("b", "choose two different players").into());
    }
    for p in [a, b] {
        let entered = state
            .participants
            .get(&p)
            .is_some_and(|x| x.entries.contains_key(&t));
        if !entered {
            return Err(ExplainError::NotFound(format!(
                "{p} has not entered {}",
                tour.settings.name
            )));
        }
    }
    let round = state
        .play
        .get(&t)
        .and_then(|pl| pl.rounds.last())
        .ok_or_else(|| {
            ExplainError::NotFound(format!("no round of {} is drawn yet", tour.settings.name))
        })?;
    let name = |id: ParticipantId| label(state, t, id);
    let together = round.games.iter().find(|g| g.has(a) && g.has(b));
    let mut reasons = hard_rules(state, t, round, a, b);
    reasons.extend(soft_rules(state, t, round.number, a, b));
    Ok(Pairing {
        round: round.number,
        table: together.map(|g| g.table),
        seats: [a, b]
            .iter()
            .map(|p| format!("{}: {}.", name(*p), seat(state, t, round, *p)))
            .collect(),
        reasons,
    })
}

/// Where player `p` is in `round`: a table, the bye, or why not in the draw.
fn seat(state: &State, t: TournamentId, round: &RoundRecord, p: ParticipantId) -> String {
    if let Some(g) = round.game_of(p) {
        let other = if g.white == p { g.black } else { g.white };
        let colour = match g.seat_of(p) {
            Seat::Nigiri => "nigiri".to_string(),
            seat => format!("as {}", seat.word()),
        };
        let handicap = match g.handicap {
            0 => String::new(),
            1 => ", no komi".to_string(),
            h => format!(", {h} stones"),
        };
        return format!(
            "table {} {colour} against {}{handicap}",
            g.table,
            label(state, t, other)
        );
    }
    if round.bye == Some(p) {
        return "has the bye".into();
    }
    if round.advancing.contains(&p) {
        return "goes through without a game".into();
    }
    let entry = state.participants.get(&p).and_then(|x| x.entries.get(&t));
    match entry {
        Some(e) if e.status == EntryStatus::Withdrawn => "withdrawn: not in the draw".into(),
        Some(e) if e.status == EntryStatus::PreRegistered => {
            "never checked in: not in the draw".into()
        }
        Some(e) if !e.rounds.contains(&round.number) => {
            format!("absent from round {}: not in the draw", round.number)
        }
        _ => format!(
            "not seated in round {} (checked in after the draw)",
            round.number
        ),
    }
}

/// The rules the draw breaks only when nothing else is possible (or never): an earlier game, relatives, the
/// director's never-pair list.
fn hard_rules(
    state: &State,
    t: TournamentId,
    round: &RoundRecord,
    a: ParticipantId,
    b: ParticipantId,
) -> Vec<String> {
    let mut out = Vec::new();
    let play = state.play.get(&t);
    let met: Vec<u32> = play
        .map(|pl| {
            pl.rounds
                .iter()
                .filter(|r| r.number < round.number)
                .filter(|r| r.games.iter().any(|g| g.has(a) && g.has(b)))
                .map(|r| r.number)
                .collect()
        })
        .unwrap_or_default();
    for r in met {
        out.push(format!(
            "They already played each other in round {r}: the draw repeats a game only when nothing else is \
             possible."
        ));
    }
    let family = |p: ParticipantId| {
        state
            .participants
            .get(&p)
            .map(|x| x.fields.family_group.trim().to_string())
            .unwrap_or_default()
    };
    if !family(a).is_empty() && family(a) == family(b) {
        out.push(format!(
            "They are relatives (family group {}): the draw keeps them apart unless nothing else is possible.",
            family(a)
        ));
    }
    let number = |p: ParticipantId| play.and_then(|pl| pl.numbers.get(&p).copied());
    if let (Some(x), Some(y)) = (number(a), number(b)) {
        let listed = state.tournaments.get(&t).is_some_and(|tour| {
            tour.settings
                .draw
                .never_pair
                .iter()
                .any(|&(m, n)| (m, n) == (x, y) || (m, n) == (y, x))
        });
        if listed {
            out.push(
                "They are on the director's never-pair list: the draw never pairs them.".into(),
            );
        }
    }
    out
}

/// What the draw weighs between two players who may meet: their scores before the round, and their club, city
/// and country when the tournament avoids those.
fn soft_rules(
    state: &State,
    t: TournamentId,
    n: u32,
    a: ParticipantId,
    b: ParticipantId,
) -> Vec<String> {
    let Some(tour) = state.tournaments.get(&t) else {
        return Vec::new();
    };
    let system = tour.settings.system;
    let mut out = Vec::new();
    if system.own_rule() {
        out.push(format!(
            "A {} tournament is paired by its own rule, not by score groups.",
            system.as_str()
        ));
        return out;
    }
    let field = Field::new(state, tour);
    let snapshot = field.snapshot(n).snapshot;
    let scores = tengen_draw::score::scores_before(
        &snapshot,
        &field.draw_settings(),
        tengen_draw::RoundNo(n),
    );
    let score = |p: ParticipantId| scores.get(&player_id(p)).map(|s| s.mms);
    let what = if system == PairingSystem::Swiss {
        "wins"
    } else {
        "McMahon score"
    };
    if let (Some(x), Some(y)) = (score(a), score(b)) {
        let groups = if x.0.div_euclid(2) == y.0.div_euclid(2) {
            "the same score group, which the draw pairs first".to_string()
        } else {
            format!(
                "{} apart; the draw pairs inside a score group first and moves a player to another group only \
                 to even the groups out",
                tengen_draw::HalfPoints((x.0 - y.0).abs())
            )
        };
        out.push(format!(
            "Before round {n} ({what}): {} has {x}, {} has {y}: {groups}.",
            label(state, t, a),
            label(state, t, b)
        ));
    }
    let geography = tour.settings.draw.geography(system);
    let fields = |p: ParticipantId| state.participants.get(&p).map(|x| &x.fields);
    if let (Some(x), Some(y)) = (fields(a), fields(b)) {
        let same =
            |u: &str, v: &str| !u.trim().is_empty() && u.trim().eq_ignore_ascii_case(v.trim());
        for (avoided, kind, u, v) in [
            (geography.club, "club", &x.club, &y.club),
            (geography.city, "city", &x.city, &y.city),
            (geography.country, "country", &x.country, &y.country),
        ] {
            if avoided && same(u, v) {
                out.push(format!(
                    "Both are from the {kind} {}: the draw avoids such games when the groups allow.",
                    u.trim()
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
