//! A Swiss knockout (BGA handbook 11.8) and the mixed systems of 11.9: after a closed round of a McMahon or Swiss
//! tournament, its top players by the standings split off into a knockout of their own, seeded by their places
//! (a place shared across the cut, or inside the top, goes to the stronger player: the lower number),
//! while the rest play on; each returns to the main tournament for the round after the knockout round in which
//! their knockout ended (a loss, or the final). One command, one log entry: the new tournament, its entries checked
//! in, the top players' rounds of the main tournament ended, their numbers by place, registration closed. Pure;
//! must not touch the knockout's bracket (the draw's) or the main tournament's draw.
//!
//! The same split is the play-off of zones (BGA handbook 11.4, a tournament played in groups of any system): the
//! top of each group by its own standings, seeded winners first (strongest group first), then runners-up; any
//! number of them, the bracket giving byes to the top seeds.

use super::super::event::Event;
use super::super::field::{participant_id, Field};
use super::super::ids::{ParticipantId, Revision, TournamentId};
use super::super::record::{EntryStatus, PairingSystem, SplitFrom, Tournament, TournamentSettings};
use super::super::round::{GameRecord, Outcome, RoundRecord, RoundState};
use super::super::setup;
use super::super::state::State;
use super::super::validate;
use super::{play, precondition, tournament};
use crate::domain::Rejected;

/// The largest knockout split off (five rounds).
const MOST: u32 = 32;

/// Splits the top `top` players of `from` (after its last round, which must be closed) into a new knockout named
/// `name` (empty: the main tournament's name and "knockout").
pub fn split_knockout(
    state: &State,
    from: TournamentId,
    top: u32,
    name: &str,
    per_group: bool,
) -> Result<Vec<Event>, Rejected> {
    let main = tournament(state, from)?;
    splittable(main, top, per_group)?;
    let last = last_closed_round(state, main)?;
    let after = last.number;
    let qualified = qualifiers(state, main, after, top, per_group)?;
    let id = state.next_tournament_id();
    let rounds = tengen_draw::engine::knockout::rounds_for(qualified.len());
    let first_table = last.games.iter().map(|g| g.table).max().unwrap_or(0) + 1;
    let settings = knockout_settings(main, name, rounds, after, first_table);
    validate::tournament(&settings)?;
    let mut events = vec![Event::TournamentCreated {
        tournament: Tournament {
            id,
            revision: Revision(1),
            settings,
            registration_open: true,
        },
    }];
    let mut numbers = Vec::new();
    for (i, pid) in qualified.into_iter().enumerate() {
        let Some(p) = state.participants.get(&pid) else {
            continue;
        };
        let Some(entry) = p.entries.get(&from) else {
            continue;
        };
        events.push(Event::TournamentEntered {
            id: pid,
            revision: p.revision.next(),
            tournament: id,
            rounds: (1..=rounds).collect(),
            status: EntryStatus::CheckedIn,
        });
        // The main tournament's later rounds are given back if the player goes out (`returns`).
        events.push(Event::RoundsSet {
            id: pid,
            revision: p.revision.next().next(),
            tournament: from,
            rounds: entry
                .rounds
                .iter()
                .copied()
                .filter(|r| *r <= after)
                .collect(),
        });
        numbers.push((pid, i as u32 + 1));
    }
    events.push(Event::PlayersNumbered {
        tournament: id,
        revision: Revision(1),
        numbers,
    });
    events.push(Event::RegistrationSet {
        id,
        revision: Revision(2),
        open: false,
    });
    Ok(events)
}

/// Refuses a split the main tournament's system or the asked size does not allow.
fn splittable(main: &Tournament, top: u32, per_group: bool) -> Result<(), Rejected> {
    let in_groups = main.settings.draw.group_size > 0;
    if per_group && !in_groups {
        return Err(Rejected::invalid(
            "per_group",
            format!(
                "{} is not played in groups: split its top players without --per-group",
                main.settings.name
            ),
        ));
    }
    if main.settings.system.eliminates() || (main.settings.system.own_rule() && !per_group) {
        return Err(Rejected::invalid(
            "tournament",
            format!(
                "{}: a knockout splits off a McMahon or Swiss tournament",
                main.settings.paired_as()
            ),
        ));
    }
    if !per_group && (!(2..=MOST).contains(&top) || !top.is_power_of_two()) {
        return Err(Rejected::invalid(
            "top",
            format!("a knockout of the top {top}: choose 2, 4, 8, 16 or 32 players"),
        ));
    }
    Ok(())
}

/// The main tournament's last round, which must be closed: the knockout splits off after it.
fn last_closed_round<'a>(state: &'a State, main: &Tournament) -> Result<&'a RoundRecord, Rejected> {
    let last = play(state, main.id).rounds.last().ok_or_else(|| {
        precondition(format!(
            "{} has no round yet: split the knockout off after a closed round",
            main.settings.name
        ))
    })?;
    if last.state != RoundState::Closed {
        return Err(precondition(format!(
            "round {} of {} is {}: close it before splitting the knockout off",
            last.number,
            main.settings.name,
            last.state.as_str()
        )));
    }
    Ok(last)
}

/// The players who go through, in seeding order: the top `top` after round `after` (or each group's top, the
/// winners first, strongest group first, then the runners-up, and so on). Players sharing a place are taken, and
/// seeded, strongest first: by their number in the main tournament. Withdrawn players are passed over.
fn qualifiers(
    state: &State,
    main: &Tournament,
    after: u32,
    top: u32,
    per_group: bool,
) -> Result<Vec<ParticipantId>, Rejected> {
    let from = main.id;
    let standings = Field::new(state, main).standings(after, None);
    let number = |row: &&tengen_standings::placing::Row| {
        play(state, from)
            .numbers
            .get(&participant_id(row.player))
            .copied()
            .unwrap_or(u32::MAX)
    };
    let mut placed: Vec<_> = standings
        .rows
        .iter()
        .filter(|row| {
            state
                .participants
                .get(&participant_id(row.player))
                .and_then(|p| p.entries.get(&from))
                .is_some_and(|e| e.status != EntryStatus::Withdrawn)
        })
        .collect();
    let chosen = if per_group {
        let mut chosen = Vec::new();
        for (g, section) in standings.sections.iter().enumerate() {
            let mut rows: Vec<_> = placed
                .iter()
                .filter(|row| section.rows.iter().any(|s| s.player == row.player))
                .copied()
                .collect();
            rows.sort_by_key(|row| (row.place, number(row)));
            if rows.len() < top as usize {
                return Err(precondition(format!(
                    "group {} of {} has {} players placed: fewer than the top {top}",
                    g + 1,
                    main.settings.name,
                    rows.len()
                )));
            }
            chosen.extend(
                rows.into_iter()
                    .take(top as usize)
                    .enumerate()
                    .map(|(i, r)| (i, g, r)),
            );
        }
        chosen.sort_by_key(|&(i, g, _)| (i, g));
        let chosen: Vec<_> = chosen.into_iter().map(|(_, _, r)| r).collect();
        if !(2..=MOST as usize).contains(&chosen.len()) {
            return Err(Rejected::invalid(
                "top",
                format!(
                    "the top {top} of {} groups make a play-off of {}: it takes 2 to {MOST} players",
                    standings.sections.len(),
                    chosen.len()
                ),
            ));
        }
        chosen
    } else {
        placed.sort_by_key(|row| (row.place, number(row)));
        placed
            .get(..top as usize)
            .ok_or_else(|| {
                precondition(format!(
                    "{} has {} players placed: fewer than the top {top}",
                    main.settings.name,
                    placed.len()
                ))
            })?
            .to_vec()
    };
    Ok(chosen
        .into_iter()
        .map(|row| participant_id(row.player))
        .collect())
}

/// The knockout's settings: the main tournament's komi, time, handicap, days, desks' rules and forfeit time; its
/// tables numbered after the main tournament's last; the knockout's own tie-breaks.
fn knockout_settings(
    main: &Tournament,
    name: &str,
    rounds: u32,
    after: u32,
    first_table: u32,
) -> TournamentSettings {
    let mut settings = TournamentSettings {
        name: if name.trim().is_empty() {
            format!("{} knockout", main.settings.name)
        } else {
            name.trim().to_string()
        },
        rounds,
        system: PairingSystem::Knockout,
        start_date: main.settings.start_date.clone(),
        end_date: main.settings.end_date.clone(),
        komi_half: main.settings.komi_half,
        time: main.settings.time.clone(),
        handicap: main.settings.handicap.clone(),
        split_from: Some(SplitFrom {
            tournament: main.id,
            after_round: after,
        }),
        ..TournamentSettings::default()
    };
    settings.draw.first_table = first_table;
    settings.scoring.tiebreaks = setup::tiebreak_profile("knockout").unwrap_or_default();
    settings.scoring.double_entry = main.settings.scoring.double_entry;
    settings.scoring.forfeit_minutes = main.settings.scoring.forfeit_minutes;
    settings.nigiri = main.settings.nigiri;
    settings
}

/// The main tournament's rounds given back to the players whose knockout game `g` of round `n` of `t` ended their
/// knockout: the loser (both, when both lost), and the winner of the final. Nothing for a knockout not split off,
/// or a result not confirmed.
pub(super) fn returns(state: &State, t: TournamentId, n: u32, g: &GameRecord) -> Vec<Event> {
    let Some(ko) = state.tournaments.get(&t) else {
        return Vec::new();
    };
    let Some(split) = ko.settings.split_from else {
        return Vec::new();
    };
    let Some(main) = state.tournaments.get(&split.tournament) else {
        return Vec::new();
    };
    let Some(result) = g.confirmed else {
        return Vec::new();
    };
    let final_round = n >= ko.settings.rounds;
    let done = match result.outcome {
        Outcome::WhiteWins if final_round => vec![g.white, g.black],
        Outcome::BlackWins if final_round => vec![g.white, g.black],
        Outcome::WhiteWins => vec![g.black],
        Outcome::BlackWins => vec![g.white],
        Outcome::BothLose => vec![g.white, g.black],
        Outcome::Jigo | Outcome::BothWin | Outcome::Unknown => Vec::new(),
    };
    let back = split.after_round + n + 1..=main.settings.rounds;
    done.into_iter()
        .filter_map(|pid| {
            let p = state.participants.get(&pid)?;
            let entry = p.entries.get(&split.tournament)?;
            let mut rounds = entry.rounds.clone();
            rounds.extend(back.clone().filter(|r| !entry.rounds.contains(r)));
            rounds.sort_unstable();
            (rounds != entry.rounds).then(|| Event::RoundsSet {
                id: pid,
                revision: p.revision.next(),
                tournament: split.tournament,
                rounds,
            })
        })
        .collect()
}
