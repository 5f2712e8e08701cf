//! A club ladder (BGA handbook 5.1, and the congress's self-paired side event of 8.5): the players stand on rungs,
//! one player a rung, in order of number (of strength) at the start and newcomers at the bottom; a player
//! challenges anyone up to `reach` rungs above; a challenger who wins takes the defender's rung and the defender
//! the challenger's (a loss or a jigo changes nothing). The handicap is the rung distance, one stone per
//! `rungs_per_stone` rungs (none when 0), never more than the tournament's ceiling; White is the defender. Games are
//! recorded any day, one log entry each, not in rounds: the ladder runs for as long as the tournament does.
//!
//! The ladder is never stored: it is the fold of the games in order over the starting order (`rungs`), so it
//! replays from the log like everything else; a withdrawn player's rung is left out and the players below move up.
//!
//! A self-paired event (8.5) records its games the same way, without rungs: any two players, in either order, each
//! pair at most `max_meetings` times (twice unless told), even games, placed by wins. Pure; owns these rules and
//! their command; must not touch rounds, the draw or the standings.

use super::command::Context;
use super::error::Rejected;
use super::event::Event;
use super::field::Field;
use super::ids::{ParticipantId, TournamentId};
use super::record::{EntryStatus, PairingSystem};
use super::state::State;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A ladder's rules (BGA handbook 5.1), and a self-paired event's (8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderSettings {
    /// How many rungs up a challenge may reach (0: anyone above).
    pub reach: u32,
    /// Rungs per handicap stone (0: even games).
    pub rungs_per_stone: u32,
    /// How many times two players may meet (0: no limit).
    #[serde(default)]
    pub max_meetings: u32,
}

impl Default for LadderSettings {
    fn default() -> Self {
        LadderSettings {
            reach: 3,
            rungs_per_stone: 0,
            max_meetings: 0,
        }
    }
}

impl LadderSettings {
    /// What a tournament of `system` starts with: a self-paired event lets each pair meet twice at most (the
    /// handbook's usual restriction); a ladder reaches three rungs, even games, no limit.
    pub fn for_system(system: PairingSystem) -> LadderSettings {
        match system {
            PairingSystem::SelfPaired => LadderSettings {
                reach: 0,
                rungs_per_stone: 0,
                max_meetings: 2,
            },
            _ => LadderSettings::default(),
        }
    }
}

/// How a ladder game ended, seen from the challenger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LadderOutcome {
    /// The challenger won: the two exchange rungs.
    Challenger,
    /// The defender won.
    Defender,
    /// A jigo.
    Jigo,
}

impl LadderOutcome {
    /// The wire and CLI name.
    pub fn as_str(self) -> &'static str {
        match self {
            LadderOutcome::Challenger => "challenger",
            LadderOutcome::Defender => "defender",
            LadderOutcome::Jigo => "jigo",
        }
    }

    /// From the wire: `challenger`, `defender` or `jigo`.
    pub fn parse(text: &str) -> Option<LadderOutcome> {
        match text.trim().to_ascii_lowercase().as_str() {
            "challenger" | "c" | "first" => Some(LadderOutcome::Challenger),
            "defender" | "d" | "second" => Some(LadderOutcome::Defender),
            "jigo" | "j" | "draw" => Some(LadderOutcome::Jigo),
            _ => None,
        }
    }
}

/// One ladder game as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderGame {
    /// The player who challenged (lower on the ladder).
    pub challenger: ParticipantId,
    /// The player challenged.
    pub defender: ParticipantId,
    /// How it ended.
    pub outcome: LadderOutcome,
    /// Stones the challenger took (White is the defender).
    pub handicap: u8,
    /// The challenger's rung before the game.
    pub from_rung: u32,
    /// The defender's rung before the game.
    pub to_rung: u32,
    /// When it was recorded (ms since the Unix epoch, the writer's clock).
    pub at_ms: i64,
}

/// The ladder now: the players by rung (rung 1 first) with their games and wins. A self-paired event's "rungs"
/// are its players by wins (most first, then by number), and `places` their places (equal wins share one).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ladder {
    /// Players by rung, the top first.
    pub rungs: Vec<ParticipantId>,
    /// Games played, by player.
    pub games: BTreeMap<ParticipantId, u32>,
    /// Games won, by player.
    pub wins: BTreeMap<ParticipantId, u32>,
    /// Each rung's place: the rung itself on a ladder; shared by equal wins in a self-paired event.
    pub places: Vec<u32>,
}

impl Ladder {
    /// A player's rung (1 the top).
    pub fn rung(&self, p: ParticipantId) -> Option<u32> {
        self.rungs
            .iter()
            .position(|x| *x == p)
            .map(|i| i as u32 + 1)
    }
}

/// The starting order with `games` applied in order: each challenger's win exchanges the two players' places.
/// Always a permutation of `start` (games naming players not in it change nothing).
pub fn apply(start: &[ParticipantId], games: &[LadderGame]) -> Vec<ParticipantId> {
    let mut order = start.to_vec();
    for g in games {
        if g.outcome != LadderOutcome::Challenger {
            continue;
        }
        let at = |p: ParticipantId, order: &[ParticipantId]| order.iter().position(|x| *x == p);
        if let (Some(c), Some(d)) = (at(g.challenger, &order), at(g.defender, &order)) {
            order.swap(c, d);
        }
    }
    order
}

/// The handicap of a game across `distance` rungs.
pub fn handicap(distance: u32, settings: &LadderSettings, ceiling: u8) -> u8 {
    if settings.rungs_per_stone == 0 {
        return 0;
    }
    let stones = distance / settings.rungs_per_stone;
    u8::try_from(stones).unwrap_or(u8::MAX).min(ceiling)
}

/// The ladder of tournament `t` as its games leave it (empty for a tournament without numbers).
pub fn ladder(state: &State, t: TournamentId) -> Ladder {
    let Some(play) = state.play.get(&t) else {
        return Ladder::default();
    };
    let mut start: Vec<(u32, ParticipantId)> = play.numbers.iter().map(|(p, n)| (*n, *p)).collect();
    start.sort_unstable();
    let start: Vec<ParticipantId> = start.into_iter().map(|(_, p)| p).collect();
    let withdrawn = |p: &ParticipantId| {
        state
            .participants
            .get(p)
            .and_then(|x| x.entries.get(&t))
            .is_none_or(|e| e.status == EntryStatus::Withdrawn)
    };
    let self_paired = state
        .tournaments
        .get(&t)
        .is_some_and(|x| x.settings.system == PairingSystem::SelfPaired);
    let order = if self_paired {
        start
    } else {
        apply(&start, &play.ladder)
    };
    let mut out = Ladder {
        rungs: order.into_iter().filter(|p| !withdrawn(p)).collect(),
        ..Ladder::default()
    };
    for g in &play.ladder {
        for p in [g.challenger, g.defender] {
            *out.games.entry(p).or_default() += 1;
        }
        let winner = match g.outcome {
            LadderOutcome::Challenger => Some(g.challenger),
            LadderOutcome::Defender => Some(g.defender),
            LadderOutcome::Jigo => None,
        };
        if let Some(w) = winner {
            *out.wins.entry(w).or_default() += 1;
        }
    }
    let wins = |p: &ParticipantId| out.wins.get(p).copied().unwrap_or(0);
    if self_paired {
        // By wins, most first; the sort is stable, so equal wins stay in number order.
        let mut rungs = std::mem::take(&mut out.rungs);
        rungs.sort_by_key(|p| std::cmp::Reverse(wins(p)));
        out.places = (0..rungs.len())
            .map(|i| {
                let first = rungs[..i]
                    .iter()
                    .position(|q| wins(q) == wins(&rungs[i]))
                    .unwrap_or(i);
                first as u32 + 1
            })
            .collect();
        out.rungs = rungs;
    } else {
        out.places = (1..=out.rungs.len() as u32).collect();
    }
    out
}

/// The participant with number `n` in `t`.
fn by_number(state: &State, t: TournamentId, n: u32) -> Option<ParticipantId> {
    state
        .play
        .get(&t)?
        .numbers
        .iter()
        .find(|(_, x)| **x == n)
        .map(|(p, _)| *p)
}

/// Records a ladder game between the players numbered `challenger` and `defender` (the numbers on the ladder).
pub fn record_game(
    state: &State,
    t: TournamentId,
    challenger: u32,
    defender: u32,
    outcome: LadderOutcome,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let tour = state
        .tournaments
        .get(&t)
        .ok_or(Rejected::UnknownTournament(t))?;
    if !tour.settings.system.unrounded() {
        return Err(Rejected::invalid(
            "tournament",
            format!(
                "{}: games without rounds belong to a ladder or a self-paired event",
                tour.settings.paired_as()
            ),
        ));
    }
    let now = ladder(state, t);
    let (c, c_rung) = on_ladder(state, t, &now, "challenger", challenger)?;
    let (d, d_rung) = on_ladder(state, t, &now, "defender", defender)?;
    if c == d {
        return Err(Rejected::invalid(
            "defender",
            "a player cannot challenge themself",
        ));
    }
    let rules = tour.settings.ladder;
    check_meetings(state, t, (c, challenger), (d, defender), &rules)?;
    let revision = state
        .play
        .get(&t)
        .map_or(super::ids::Revision(0), |p| p.revision)
        .next();
    // A self-paired event has no rungs: the two players in either order, even games.
    let (handicap, from_rung, to_rung) = if tour.settings.system == PairingSystem::SelfPaired {
        (0, 0, 0)
    } else {
        check_reach((challenger, c_rung), (defender, d_rung), &rules)?;
        (
            handicap(c_rung - d_rung, &rules, tour.settings.handicap.ceiling),
            c_rung,
            d_rung,
        )
    };
    Ok(vec![Event::LadderGamePlayed {
        tournament: t,
        revision,
        game: LadderGame {
            challenger: c,
            defender: d,
            outcome,
            handicap,
            from_rung,
            to_rung,
            at_ms: ctx.now_ms,
        },
    }])
}

/// The player numbered `n` (named `field` in a refusal) and their rung, while they are on the ladder.
fn on_ladder(
    state: &State,
    t: TournamentId,
    now: &Ladder,
    field: &'static str,
    n: u32,
) -> Result<(ParticipantId, u32), Rejected> {
    let p = by_number(state, t, n).ok_or_else(|| {
        Rejected::invalid(
            field,
            format!("nobody on the ladder has number {n} (close registration to number newcomers)"),
        )
    })?;
    let rung = now
        .rung(p)
        .ok_or_else(|| Rejected::invalid(field, format!("#{n} has withdrawn from the ladder")))?;
    Ok((p, rung))
}

/// Refuses a game between two players who have already met as often as the rules allow (either way round);
/// each player comes with the number the desk typed.
fn check_meetings(
    state: &State,
    t: TournamentId,
    (c, challenger): (ParticipantId, u32),
    (d, defender): (ParticipantId, u32),
    rules: &LadderSettings,
) -> Result<(), Rejected> {
    let met = state.play.get(&t).map_or(0, |p| {
        p.ladder
            .iter()
            .filter(|g| {
                (g.challenger, g.defender) == (c, d) || (g.challenger, g.defender) == (d, c)
            })
            .count()
    });
    if rules.max_meetings > 0 && met >= rules.max_meetings as usize {
        return Err(Rejected::invalid(
            "defender",
            format!(
                "#{challenger} and #{defender} have met {met} times: {} at most",
                rules.max_meetings
            ),
        ));
    }
    Ok(())
}

/// A challenge goes upwards, at most `reach` rungs (0: any); each player comes as (number, rung).
fn check_reach(
    (challenger, c_rung): (u32, u32),
    (defender, d_rung): (u32, u32),
    rules: &LadderSettings,
) -> Result<(), Rejected> {
    if d_rung >= c_rung {
        return Err(Rejected::invalid(
            "defender",
            format!(
                "#{defender} is on rung {d_rung}, not above #{challenger} on rung {c_rung}: challenge \
                 upwards (swap the two numbers)"
            ),
        ));
    }
    let reach = rules.reach;
    if reach > 0 && c_rung - d_rung > reach {
        return Err(Rejected::invalid(
            "defender",
            format!(
                "#{defender} is {} rungs above #{challenger}: a challenge reaches {reach} rungs at most",
                c_rung - d_rung
            ),
        ));
    }
    Ok(())
}

/// Numbers for the entrants of a ladder that has games who have none yet: after the highest number, by
/// strength, so they join at the bottom. `None` when nobody is new.
pub fn number_newcomers(state: &State, t: TournamentId) -> Option<Event> {
    let tour = state.tournaments.get(&t)?;
    let play = state.play.get(&t)?;
    let field = Field::new(state, tour);
    let newcomers: Vec<_> = field
        .entrants
        .iter()
        .copied()
        .filter(|(p, e)| e.status != EntryStatus::Withdrawn && !play.numbers.contains_key(&p.id))
        .collect();
    if newcomers.is_empty() {
        return None;
    }
    let first = play.numbers.values().max().copied().unwrap_or(0) + 1;
    let mut numbers: Vec<(ParticipantId, u32)> =
        play.numbers.iter().map(|(p, n)| (*p, *n)).collect();
    numbers.extend(Field::number_by_strength(&newcomers, &[], first));
    Some(Event::PlayersNumbered {
        tournament: t,
        revision: play.revision.next(),
        numbers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn game(c: u64, d: u64, won: bool) -> LadderGame {
        LadderGame {
            challenger: ParticipantId(c),
            defender: ParticipantId(d),
            outcome: if won {
                LadderOutcome::Challenger
            } else {
                LadderOutcome::Defender
            },
            handicap: 0,
            from_rung: 0,
            to_rung: 0,
            at_ms: 0,
        }
    }

    proptest! {
        /// Any games, in any order: the ladder stays a permutation of its players, a challenger's win exchanges
        /// exactly the two players' places, and a loss changes nothing.
        #[test]
        fn swaps_keep_the_ladder_a_permutation(
            n in 2u64..30,
            games in prop::collection::vec((0u64..40, 0u64..40, any::<bool>()), 0..60),
        ) {
            let start: Vec<ParticipantId> = (1..=n).map(ParticipantId).collect();
            let mut order = start.clone();
            let mut played = Vec::new();
            for (c, d, won) in games {
                let g = game(c, d, won);
                played.push(g.clone());
                let next = apply(&start, &played);
                let mut sorted = next.clone();
                sorted.sort_unstable();
                prop_assert_eq!(&sorted, &start);
                let moved: Vec<usize> = (0..order.len()).filter(|&i| order[i] != next[i]).collect();
                let both_in = order.contains(&g.challenger) && order.contains(&g.defender);
                if won && both_in && c != d {
                    prop_assert_eq!(moved.len(), 2);
                    prop_assert_eq!(next[moved[0]], order[moved[1]]);
                } else {
                    prop_assert!(moved.is_empty());
                }
                order = next;
            }
        }
    }

    #[test]
    fn handicap_follows_the_rung_distance() {
        let s = LadderSettings {
            reach: 5,
            rungs_per_stone: 2,
            max_meetings: 0,
        };
        assert_eq!(handicap(1, &s, 9), 0);
        assert_eq!(handicap(5, &s, 9), 2);
        assert_eq!(handicap(40, &s, 4), 4);
        assert_eq!(handicap(40, &LadderSettings::default(), 9), 0);
    }
}
