//! The draw of a team tournament's round (issue 33): the teams are paired as teams by the tournament's own system
//! (McMahon or Swiss on the teams' results, the round robin's schedule), and each match becomes its boards' games,
//! board 1 against board 1, the first team White on the odd boards and Black on the even ones (even games).
//!
//! Each team is one player of the engine's snapshot: its number, the mean rank and rating of its first boards,
//! its earlier matches as games (the team with White on board 1 as White, the match's result as the game's), its
//! byes as byes. A team plays the round with its first `boards` players checked in for it, in board order; the
//! others are its reserves. A board with nobody opposite is won by default (its player through without a game);
//! the team with the bye has each of its players through without a game. Pure, like the rest of the lifecycle.

use super::super::error::Rejected;
use super::super::field::{self, Field};
use super::super::ids::ParticipantId;
use super::super::round::{GameRecord, RoundRecord};
use super::super::setup;
use super::super::team_play::{self, Team};
use super::super::teams::key;
use super::precondition;
use tengen_draw::model as draw;

/// A team round drawn: its games, the players through without a game, the warnings for the director.
pub struct TeamDrawn {
    /// Games by table.
    pub games: Vec<GameRecord>,
    /// The bye team's players and those whose board had nobody opposite.
    pub advancing: Vec<ParticipantId>,
    /// In words.
    pub warnings: Vec<String>,
}

/// Draws round `n` of the team tournament `field` holds with `seed`. `label` names a player for the warnings.
pub fn draw(
    field: &Field,
    n: u32,
    seed: u64,
    label: &dyn Fn(ParticipantId) -> String,
) -> Result<TeamDrawn, Rejected> {
    let s = &field.tournament.settings;
    let boards = s.scoring.team_boards;
    let teamless: Vec<String> = field
        .entrants
        .iter()
        .filter(|(p, e)| !e.ghost && Field::available(e, n) && key(&p.fields.team).is_empty())
        .map(|(p, _)| label(p.id))
        .collect();
    if !teamless.is_empty() {
        return Err(precondition(format!(
            "a team tournament pairs teams, and {} checked in for round {n} in no team: {}. Give each a team \
             (the Team field of their registration) or mark them absent for this round",
            if teamless.len() == 1 { "a player is" } else { "players are" },
            teamless.join(", ")
        )));
    }
    let teams = team_play::teams(field, boards);
    // Each entrant's entry, looked up once per member and round rather than searched for.
    let entries: std::collections::BTreeMap<ParticipantId, _> =
        field.entrants.iter().map(|(p, e)| (p.id, *e)).collect();
    let entry = |id: ParticipantId| entries.get(&id).copied();
    let lineup = |t: &Team, round: u32| -> Vec<ParticipantId> {
        t.members
            .iter()
            .copied()
            .filter(|m| entry(*m).is_some_and(|e| Field::available(e, round)))
            .collect()
    };
    let rounds: Vec<&RoundRecord> = field
        .play
        .map(|p| p.rounds.iter().filter(|r| r.number < n).collect())
        .unwrap_or_default();
    let first_table = s.draw.first_table.max(1);
    let earlier: Vec<(u32, team_play::RoundMatches)> = rounds
        .iter()
        .map(|r| {
            (
                r.number,
                team_play::round_matches(&teams, r, boards, first_table),
            )
        })
        .collect();
    let played = |t: usize, round: u32| {
        earlier.iter().any(|(n, rm)| {
            *n == round
                && (rm.matches.iter().any(|m| m.a == t || m.b == t)
                    || rm.byes.iter().any(|(b, _)| *b == t))
        })
    };
    let mut players = Vec::new();
    for (i, t) in teams.iter().enumerate() {
        let now = !lineup(t, n).is_empty();
        let before = (1..n).any(|r| played(i, r));
        if !now && !before {
            continue;
        }
        let participation = (1..=s.rounds)
            .map(|r| {
                if r < n {
                    played(i, r)
                } else {
                    !lineup(t, r).is_empty()
                }
            })
            .collect();
        players.push(draw::Player {
            id: draw::PlayerId(i as u32),
            number: t.number,
            family_name: t.name.clone(),
            given_name: String::new(),
            rank: draw::Rank(t.rank.to_draw_scale()),
            rating: t.rating,
            club: String::new(),
            city: String::new(),
            country: String::new(),
            family: None,
            local: false,
            starting_mms: draw::HalfPoints(setup::starting_mms(s.system, &s.mcmahon, t.rank, 0)),
            participation,
            ghost: false,
        });
    }
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (round, rm) in &earlier {
        for m in &rm.matches {
            let Some(r) = rounds.iter().find(|r| r.number == *round) else {
                continue;
            };
            let outcome = match team_play::scored(m, r).score() {
                None => draw::Outcome::Unknown,
                Some((a, b)) if a > b => draw::Outcome::WhiteWins,
                Some((a, b)) if a < b => draw::Outcome::BlackWins,
                Some(_) => draw::Outcome::Jigo,
            };
            games.push(draw::PastGame {
                round: draw::RoundNo(*round),
                white: draw::PlayerId(m.a as u32),
                black: draw::PlayerId(m.b as u32),
                handicap: 0,
                result: draw::GameResult {
                    outcome,
                    by_forfeit: false,
                },
                known_colour: true,
            });
        }
        for (t, _) in &rm.byes {
            byes.push(draw::PastBye {
                round: draw::RoundNo(*round),
                player: draw::PlayerId(*t as u32),
            });
        }
    }
    let snapshot = draw::Snapshot {
        round: n,
        rounds_total: s.rounds,
        players,
        games,
        byes,
    };
    let mut settings = field.draw_settings();
    settings.handicap.ceiling = 0;
    settings.never_pair.clear();
    settings.group_size = 0;
    settings.first_table = 1;
    settings.skip_tables.clear();
    let round = tengen_draw::draw(&snapshot, &settings, seed)
        .map_err(|e| precondition(format!("the draw of the teams failed: {e}")))?;
    let team_name = |id: draw::PlayerId| {
        teams
            .get(id.0 as usize)
            .map_or_else(String::new, |t| format!("team {}", t.name))
    };
    let mut warnings: Vec<String> = round
        .warnings
        .iter()
        .filter(|w| !matches!(w, draw::Warning::ColourImbalance { .. }))
        .map(|w| field::describe_warning(w, &team_name))
        .collect();
    let mut drawn = TeamDrawn {
        games: Vec::new(),
        advancing: Vec::new(),
        warnings: Vec::new(),
    };
    let mut matches: Vec<&draw::Game> = round.games.iter().collect();
    matches.sort_by_key(|g| g.table);
    for (m, g) in matches.iter().enumerate() {
        let (Some(a), Some(b)) = (teams.get(g.white.0 as usize), teams.get(g.black.0 as usize))
        else {
            continue;
        };
        let (la, lb) = (lineup(a, n), lineup(b, n));
        for i in 0..boards as usize {
            let table = first_table + (m * boards as usize + i) as u32;
            match (la.get(i), lb.get(i)) {
                (Some(pa), Some(pb)) => {
                    let (white, black) = if i % 2 == 0 { (*pa, *pb) } else { (*pb, *pa) };
                    drawn.games.push(GameRecord::new(table, white, black, 0));
                }
                (Some(p), None) | (None, Some(p)) => {
                    drawn.advancing.push(*p);
                    warnings.push(format!(
                        "board {}: {} has nobody opposite and wins by default",
                        i + 1,
                        label(*p)
                    ));
                }
                (None, None) => {}
            }
        }
        for (t, l) in [(a, &la), (b, &lb)] {
            if l.len() > boards as usize {
                let reserves: Vec<String> =
                    l[boards as usize..].iter().map(|p| label(*p)).collect();
                warnings.push(format!(
                    "team {}: reserves not playing: {}",
                    t.name,
                    reserves.join(", ")
                ));
            }
        }
    }
    if let Some(t) = round.bye.and_then(|b| teams.get(b.0 as usize)) {
        let l = lineup(t, n);
        drawn
            .advancing
            .extend(l.iter().take(boards as usize).copied());
        warnings.push(format!("team {} has the bye", t.name));
    }
    drawn.warnings = warnings;
    Ok(drawn)
}
