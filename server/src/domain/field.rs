//! The bridge from the register to the draw and the standings: builds the draw's `Snapshot` of a tournament
//! before a round (who plays, starting MMS, rank in force, numbers, earlier games with confirmed results only),
//! converts drawn rounds both ways, and computes standings. Pure; reads the state, never changes it.

use super::ids::ParticipantId;
use super::rank::Rank;
use super::record::{Entry, EntryStatus, Participant, Tournament};
use super::round::{GameRecord, GameResult, Outcome, Play, RoundRecord};
use super::setup;
use super::state::State;
use std::collections::{BTreeMap, BTreeSet};
use tengen_draw::model as draw;
use tengen_standings::placing::Standings;

/// The draw's id of a participant.
pub fn player_id(p: ParticipantId) -> draw::PlayerId {
    draw::PlayerId(u32::try_from(p.0).unwrap_or(u32::MAX))
}

/// The register's id of a draw player.
pub fn participant_id(p: draw::PlayerId) -> ParticipantId {
    ParticipantId(u64::from(p.0))
}

/// Converts a register result to the draw's.
pub fn to_draw_result(r: Option<GameResult>) -> draw::GameResult {
    let r = r.unwrap_or(GameResult::UNKNOWN);
    draw::GameResult {
        outcome: match r.outcome {
            Outcome::Unknown => draw::Outcome::Unknown,
            Outcome::WhiteWins => draw::Outcome::WhiteWins,
            Outcome::BlackWins => draw::Outcome::BlackWins,
            Outcome::Jigo => draw::Outcome::Jigo,
            Outcome::BothLose => draw::Outcome::BothLose,
            Outcome::BothWin => draw::Outcome::BothWin,
        },
        by_forfeit: r.by_forfeit,
    }
}

/// Everything the draw and the standings need about one tournament, gathered once.
pub struct Field<'a> {
    /// The tournament.
    pub tournament: &'a Tournament,
    /// Its rounds.
    pub play: Option<&'a Play>,
    /// Its entrants.
    pub entrants: Vec<(&'a Participant, &'a Entry)>,
}

impl<'a> Field<'a> {
    /// Gathers the entrants of `t`.
    pub fn new(state: &'a State, t: &'a Tournament) -> Field<'a> {
        let entrants = state
            .participants
            .values()
            .filter_map(|p| p.entries.get(&t.id).map(|e| (p, e)))
            .collect();
        Field {
            tournament: t,
            play: state.play.get(&t.id),
            entrants,
        }
    }

    fn rounds(&self) -> &'a [RoundRecord] {
        self.play.map_or(&[], |p| p.rounds.as_slice())
    }

    /// Every (player, round) with a game or the bye in that round: one pass over the rounds, so building a
    /// snapshot stays linear in the size of the event.
    fn seats(&self) -> BTreeSet<(ParticipantId, u32)> {
        let mut out = BTreeSet::new();
        for r in self.rounds() {
            for g in &r.games {
                out.insert((g.white, r.number));
                out.insert((g.black, r.number));
            }
            for b in r.bye.iter().chain(&r.advancing) {
                out.insert((*b, r.number));
            }
        }
        out
    }

    /// Is the entrant available to be paired in round `r`?
    pub fn available(entry: &Entry, r: u32) -> bool {
        entry.status == EntryStatus::CheckedIn && entry.rounds.contains(&r)
    }

    /// The starting MMS (half points) a player has or would get if drawn now.
    pub fn starting_mms(&self, p: &Participant, e: &Entry) -> i32 {
        if let Some(frozen) = self.play.and_then(|pl| pl.starts.get(&p.id)) {
            return *frozen;
        }
        let first = e.rounds.first().copied().unwrap_or(1);
        let s = &self.tournament.settings;
        setup::starting_mms(
            s.system,
            &s.mcmahon,
            e.rank_in(p.fields.rank, first),
            e.mms_correction,
        )
    }

    /// Player numbers by strength for players without one: rank, rating, `order`, then id; numbered after
    /// `first`.
    pub fn number_by_strength(
        players: &[(&Participant, &Entry)],
        order: &[ParticipantId],
        first: u32,
    ) -> Vec<(ParticipantId, u32)> {
        let position: BTreeMap<ParticipantId, usize> =
            order.iter().enumerate().map(|(i, p)| (*p, i)).collect();
        let mut sorted: Vec<(Rank, i32, usize, ParticipantId)> = players
            .iter()
            .map(|(p, e)| {
                let rank = e.rank_in(p.fields.rank, 1);
                (
                    rank,
                    p.fields.rating.unwrap_or(i32::MIN),
                    position.get(&p.id).copied().unwrap_or(usize::MAX),
                    p.id,
                )
            })
            .collect();
        sorted.sort_by(|a, b| {
            b.0.cmp(&a.0)
                .then(b.1.cmp(&a.1))
                .then(a.2.cmp(&b.2))
                .then(a.3.cmp(&b.3))
        });
        sorted
            .into_iter()
            .enumerate()
            .map(|(i, (_, _, _, id))| (id, first + i as u32))
            .collect()
    }

    /// The draw's snapshot before round `round` (rounds before it as they are, results confirmed only).
    /// Includes players available in `round` and every player drawn before. Returns also the numbers and
    /// starting scores that drawing the round would freeze.
    pub fn snapshot(&self, round: u32) -> DrawInput {
        self.snapshot_with(round, false)
    }

    /// The draw's snapshot for another part of round `round`, drawn in parts: as [`Field::snapshot`], with the
    /// games and the bye of `round` already drawn, so the draw pairs only the players still without a game.
    pub fn snapshot_for_part(&self, round: u32) -> DrawInput {
        self.snapshot_with(round, true)
    }

    fn snapshot_with(&self, round: u32, current: bool) -> DrawInput {
        let s = &self.tournament.settings;
        let seats = self.seats();
        let drawn = |id: ParticipantId| seats.range((id, 0)..=(id, u32::MAX)).next().is_some();
        let earlier: Vec<&RoundRecord> = self
            .rounds()
            .iter()
            .filter(|r| r.number < round || (current && r.number == round))
            .collect();
        let numbers = self.play.map(|p| &p.numbers);
        let included: Vec<(&Participant, &Entry)> = self
            .entrants
            .iter()
            .copied()
            .filter(|(p, e)| drawn(p.id) || Self::available(e, round))
            .collect();
        let unnumbered: Vec<(&Participant, &Entry)> = included
            .iter()
            .copied()
            .filter(|(p, _)| numbers.is_none_or(|n| !n.contains_key(&p.id)))
            .collect();
        let next = self.play.map_or(1, Play::next_number);
        let new_numbers = Self::number_by_strength(&unnumbered, &[], next);
        let new_number_of: BTreeMap<ParticipantId, u32> = new_numbers.iter().copied().collect();
        let mut new_starts = Vec::new();
        let mut players = Vec::with_capacity(included.len());
        for (p, e) in &included {
            let frozen = self.play.and_then(|pl| pl.starts.get(&p.id)).copied();
            let start = frozen.unwrap_or_else(|| self.starting_mms(p, e));
            if frozen.is_none() && Self::available(e, round) {
                new_starts.push((p.id, start));
            }
            let participation = (1..=s.rounds)
                .map(|r| {
                    if r < round {
                        seats.contains(&(p.id, r))
                    } else {
                        Self::available(e, r)
                    }
                })
                .collect();
            let number = numbers
                .and_then(|n| n.get(&p.id).copied())
                .or_else(|| new_number_of.get(&p.id).copied())
                .unwrap_or(u32::MAX);
            players.push(draw::Player {
                id: player_id(p.id),
                number,
                family_name: p.fields.family_name.clone(),
                given_name: p.fields.given_name.clone(),
                rank: draw::Rank(e.rank_in(p.fields.rank, round).to_draw_scale()),
                rating: p.fields.rating,
                club: p.fields.club.clone(),
                city: p.fields.city.clone(),
                country: p.fields.country.clone(),
                family: (!p.fields.family_group.trim().is_empty())
                    .then(|| p.fields.family_group.trim().to_string()),
                local: p.fields.local,
                starting_mms: draw::HalfPoints(start),
                participation,
                ghost: e.ghost,
            });
        }
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for r in &earlier {
            for g in &r.games {
                games.push(draw::PastGame {
                    round: draw::RoundNo(r.number),
                    white: player_id(g.white),
                    black: player_id(g.black),
                    handicap: g.handicap,
                    result: to_draw_result(g.confirmed),
                    // A nigiri game counts the colours recorded; one nobody recorded (a forfeit) counts none.
                    known_colour: !g.colours_open(),
                });
            }
            // A knockout's players through without a game score as byes.
            for b in r.bye.iter().chain(&r.advancing) {
                byes.push(draw::PastBye {
                    round: draw::RoundNo(r.number),
                    player: player_id(*b),
                });
            }
        }
        DrawInput {
            snapshot: draw::Snapshot {
                round,
                rounds_total: s.rounds,
                players,
                games,
                byes,
            },
            new_starts,
            new_numbers,
        }
    }

    /// The draw settings of this tournament.
    pub fn draw_settings(&self) -> draw::Settings {
        let s = &self.tournament.settings;
        setup::draw_settings(s.system, &s.mcmahon, &s.handicap, &s.draw, &s.scoring)
    }

    /// Standings after round `after` (results confirmed only), with the tournament's criteria or `criteria`.
    pub fn standings(&self, after: u32, criteria: Option<&[String]>) -> Standings {
        let mut scoring = self.tournament.settings.scoring.clone();
        if let Some(c) = criteria {
            scoring.tiebreaks = c.to_vec();
        }
        let mut settings = setup::standings_settings(&scoring, &self.tournament.settings.mcmahon);
        let input = self.snapshot(after + 1);
        let mut snap = input.snapshot;
        let groups = tengen_draw::engine::groups::groups(&snap, &self.draw_settings());
        if !groups.is_empty() {
            settings.sections = tengen_standings::settings::Sections::Groups(groups);
        }

        // Only players who took part in a counted round (or are still to play) are placed.
        snap.players
            .retain(|p| p.participation.iter().take(after as usize).any(|x| *x) || after == 0);
        tengen_standings::placing::standings(&snap, draw::RoundNo(after), &settings)
    }

    /// The groups the tournament is played in, as the draw makes them (the players of round 1 by number,
    /// strongest group first); empty when it is played as one field.
    pub fn groups(&self) -> Vec<Vec<ParticipantId>> {
        let settings = self.draw_settings();
        if settings.group_size == 0 {
            return Vec::new();
        }
        let input = self.snapshot(1);
        tengen_draw::engine::groups::groups(&input.snapshot, &settings)
            .into_iter()
            .map(|g| g.into_iter().map(participant_id).collect())
            .collect()
    }

    /// The score grid after round `after`: every player's McMahon score after each round (a player's own page).
    pub fn score_table(&self, after: u32) -> tengen_standings::score::ScoreTable {
        let s = &self.tournament.settings;
        let settings = setup::standings_settings(&s.scoring, &s.mcmahon);
        let input = self.snapshot(after + 1);
        tengen_standings::score::ScoreTable::build(
            &input.snapshot,
            draw::RoundNo(after),
            &settings.scores,
        )
    }
}

/// A snapshot plus what drawing from it would freeze.
pub struct DrawInput {
    /// The draw's input.
    pub snapshot: draw::Snapshot,
    /// Starting MMS of players drawn for the first time.
    pub new_starts: Vec<(ParticipantId, i32)>,
    /// Numbers for players who had none.
    pub new_numbers: Vec<(ParticipantId, u32)>,
}

/// A drawn round in the draw's terms (ledgers empty: the register keeps no ledger).
pub fn to_draw_round(r: &RoundRecord) -> draw::Round {
    draw::Round {
        round: draw::RoundNo(r.number),
        seed: r.seed,
        games: r
            .games
            .iter()
            .map(|g| draw::Game {
                table: g.table,
                white: player_id(g.white),
                black: player_id(g.black),
                handicap: g.handicap,
                ledger: draw::Ledger::default(),
            })
            .collect(),
        bye: r.bye.map(player_id),
        advancing: r.advancing.iter().copied().map(player_id).collect(),
        warnings: Vec::new(),
    }
}

/// The games of a draw's round as register games, keeping the reports of games that did not change.
pub fn games_from_draw(round: &draw::Round, before: Option<&RoundRecord>) -> Vec<GameRecord> {
    let mut games: Vec<GameRecord> = round
        .games
        .iter()
        .map(|g| {
            let (w, b) = (participant_id(g.white), participant_id(g.black));
            let kept = before.and_then(|r| {
                r.games
                    .iter()
                    .find(|x| x.white == w && x.black == b && x.handicap == g.handicap)
            });
            match kept {
                Some(k) => GameRecord {
                    table: g.table,
                    ..k.clone()
                },
                None => GameRecord::new(g.table, w, b, g.handicap),
            }
        })
        .collect();
    games.sort_by_key(|g| g.table);
    games
}

/// A warning in words, with names.
pub fn describe_warning(w: &draw::Warning, name: &dyn Fn(draw::PlayerId) -> String) -> String {
    match w {
        draw::Warning::SameClub(a, b) => format!("same club: {} – {}", name(*a), name(*b)),
        draw::Warning::SameCity(a, b) => format!("same city: {} – {}", name(*a), name(*b)),
        draw::Warning::SameFamily(a, b) => format!("relatives meet: {} – {}", name(*a), name(*b)),
        draw::Warning::RepeatedGame(a, b) => {
            format!("repeated game: {} – {}", name(*a), name(*b))
        }
        draw::Warning::PairedUpDown { player, from, to } => {
            format!(
                "{} paired from MMS {from} to {to} although their own group had an opponent left",
                name(*player)
            )
        }
        draw::Warning::UnavoidableFloats { players: 1 } => {
            "1 player paired outside their MMS group had nobody left in it to play (not listed)".to_string()
        }
        draw::Warning::UnavoidableFloats { players } => format!(
            "{players} players paired outside their MMS group had nobody left in it to play (not listed)"
        ),
        draw::Warning::NeverPairMet(a, b) => {
            format!("on the never-pair list: {} – {}", name(*a), name(*b))
        }
        draw::Warning::ColourImbalance { player, balance } => {
            format!("{} colour balance {balance:+}", name(*player))
        }
        draw::Warning::HandicapInTopGroup { table } => {
            format!("handicap game in the top group at table {table}")
        }
    }
}
