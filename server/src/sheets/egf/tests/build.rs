//! Tournaments for the EGF tests, built by applying domain events: from a list of players and games, or like
//! a real table read by [`super::reader`].

use super::reader::{game, H9};
use crate::domain::event::Event;
use crate::domain::name;
use crate::domain::round::{GameRecord, GameResult, Outcome, RoundRecord, RoundState};
use crate::domain::setup;
use crate::domain::{
    Entry, EntryStatus, EventInfo, Participant, ParticipantFields, ParticipantId, Rank, Revision,
    State, Tournament, TournamentId, TournamentSettings,
};
use crate::sheets::render;
use std::collections::BTreeMap;

/// The tournament every built register holds.
pub(super) const T: TournamentId = TournamentId(1);

/// A player of a built tournament.
#[derive(Clone)]
pub(super) struct Person {
    pub(super) family: String,
    pub(super) given: String,
    pub(super) rank: Rank,
    pub(super) country: String,
    pub(super) club: String,
    pub(super) pin: String,
    /// The name in Latin letters typed at the desk, (family, given), when any.
    pub(super) latin: Option<(String, String)>,
    /// Rounds not entered for.
    pub(super) missed: Vec<u32>,
}

impl Person {
    pub(super) fn new(family: &str, given: &str, rank: &str) -> Person {
        Person {
            family: family.into(),
            given: given.into(),
            rank: rank.to_ascii_lowercase().parse().expect("test ranks parse"),
            country: String::new(),
            club: String::new(),
            pin: String::new(),
            latin: None,
            missed: Vec::new(),
        }
    }
}

/// A game of a built tournament: white, black (indexes into the players), handicap, result.
pub(super) struct Game {
    pub(super) white: usize,
    pub(super) black: usize,
    pub(super) handicap: u8,
    pub(super) result: Option<GameResult>,
}

/// A tournament to build: settings, players, and per round its games and bye.
#[derive(Default)]
pub(super) struct Build {
    pub(super) event: EventInfo,
    pub(super) settings: TournamentSettings,
    pub(super) players: Vec<Person>,
    pub(super) rounds: Vec<(Vec<Game>, Option<usize>)>,
}

impl Build {
    /// The register after every round was drawn, its results confirmed and closed.
    pub(super) fn state(&self) -> State {
        let mut s = State::default();
        s.apply(&Event::EventUpdated {
            event: self.event.clone(),
        });
        let mut settings = self.settings.clone();
        settings.rounds = settings.rounds.max(self.rounds.len() as u32);
        s.apply(&Event::TournamentCreated {
            tournament: Tournament {
                id: T,
                revision: Revision(1),
                settings: settings.clone(),
                registration_open: false,
            },
        });
        let all: Vec<u32> = (1..=settings.rounds).collect();
        for (i, p) in self.players.iter().enumerate() {
            let mut fields = ParticipantFields::sample(&p.family, &p.given, &p.club);
            fields.rank = p.rank;
            fields.country = p.country.clone();
            fields.egd_pin = p.pin.clone();
            if let Some((family, given)) = &p.latin {
                fields.latin_family_name = family.clone();
                fields.latin_given_name = given.clone();
            }
            let rounds = all
                .iter()
                .copied()
                .filter(|r| !p.missed.contains(r))
                .collect();
            s.apply(&Event::ParticipantRegistered {
                participant: Participant {
                    id: id(i),
                    revision: Revision(1),
                    fields,
                    entries: BTreeMap::from([(T, Entry::new(rounds, EntryStatus::CheckedIn))]),
                    registered_at_ms: 0,
                    registered_by: None,
                    payments: Vec::new(),
                    code: None,
                },
            });
        }
        let start = |p: &Person| setup::starting_mms(settings.system, &settings.mcmahon, p.rank, 0);
        let mut started = vec![false; self.players.len()];
        for (n, (games, bye)) in self.rounds.iter().enumerate() {
            let number = n as u32 + 1;
            let starts: Vec<(ParticipantId, i32)> = self
                .players
                .iter()
                .enumerate()
                .filter(|(i, p)| !started[*i] && !p.missed.contains(&number))
                .map(|(i, p)| (id(i), start(p)))
                .collect();
            for (pid, _) in &starts {
                started[pid.0 as usize - 1] = true;
            }
            let record = RoundRecord {
                number,
                state: RoundState::Closed,
                seed: 0,
                games: games
                    .iter()
                    .enumerate()
                    .map(|(t, g)| {
                        GameRecord::new(t as u32 + 1, id(g.white), id(g.black), g.handicap)
                    })
                    .collect(),
                bye: bye.map(id),
                advancing: Vec::new(),
                warnings: Vec::new(),
                draws: 1,
                published_at_ms: None,
                parts: Vec::new(),
            };
            s.apply(&Event::RoundDrawn {
                tournament: T,
                revision: Revision(u64::from(number)),
                round: record.clone(),
                starts,
                numbers: if n == 0 {
                    (0..self.players.len())
                        .map(|i| (id(i), i as u32 + 1))
                        .collect()
                } else {
                    Vec::new()
                },
            });
            for (g, mut game) in games.iter().zip(record.games) {
                game.confirmed = g.result;
                s.apply(&Event::GameUpdated {
                    tournament: T,
                    revision: Revision(0),
                    round: number,
                    game,
                });
            }
        }
        s
    }
}

pub(super) fn id(i: usize) -> ParticipantId {
    ParticipantId(i as u64 + 1)
}

pub(super) fn played(outcome: Outcome) -> Option<GameResult> {
    Some(GameResult {
        outcome,
        by_forfeit: false,
    })
}

/// The export of `state` as text after its last round with a result.
pub(super) fn export(state: &State) -> String {
    render(state, T, "egf", 0, false)
        .unwrap_or_else(|e| panic!("egf: {e}"))
        .body
}

/// A tournament built like a real table: its players (family and given name parted at the one blank between
/// them: blanks inside a part are `_`), the header's komi, handicap, dates and name, and the rounds in which any game
/// was played, with their games, results, byes (`0+`) and missed rounds (`0=`). Each player's EGD pin is
/// their line in the real table, so our lines can be matched to theirs.
pub(super) fn like(real: &H9) -> Build {
    let mut b = Build::default();
    let field = |k: &str| real.values.get(k).cloned().unwrap_or_default();
    b.settings.name = field("EV");
    if let Some((first, last)) = field("DT").split_once(',') {
        b.settings.start_date = first.to_string();
        b.settings.end_date = last.to_string();
    }
    b.settings.komi_half = (field("KM").parse::<f64>().unwrap_or(6.5) * 2.0).round() as i32;
    b.settings.handicap.correction = field("HA")
        .strip_prefix('h')
        .and_then(|h| h.parse().ok())
        .unwrap_or(0);
    let played_rounds: Vec<usize> = (0..real.rows[0].rounds.len())
        .filter(|r| real.rows.iter().any(|row| game(&row.rounds[*r]).is_some()))
        .collect();
    for (line, row) in real.rows.iter().enumerate() {
        // Blanks inside a name part are written `_`: the one blank parts family and given name.
        let (family, given) = row.name.split_once(' ').unwrap_or((&row.name, ""));
        let (family, given) = (family.replace('_', " "), given.replace('_', " "));
        let mut p = Person::new(&family, &given, &row.rank);
        // A name the real file could not spell (`? ??`) was in another script: the director types what the
        // real file wrote as its Latin name, so that our line can be compared with theirs.
        if name::script(&row.name) == name::Script::Other {
            p.latin = Some((family, given));
        }
        p.country = if row.country == "XX" {
            String::new()
        } else {
            row.country.clone()
        };
        p.club = if row.club == "xxxx" {
            String::new()
        } else {
            row.club.clone()
        };
        p.pin = format!("{}", 90_000_000 + line + 1);
        for (n, r) in played_rounds.iter().enumerate() {
            if row.rounds[*r] == "0=" {
                p.missed.push(n as u32 + 1);
            }
        }
        b.players.push(p);
    }
    for r in played_rounds {
        let mut games = Vec::new();
        let mut bye = None;
        for (line, row) in real.rows.iter().enumerate() {
            let token = &row.rounds[r];
            if token == "0+" {
                assert!(bye.is_none(), "two byes in round {}", r + 1);
                bye = Some(line);
            }
            let Some((opponent, result, kind, colour, stones)) = game(token) else {
                continue;
            };
            if colour != 'w' {
                continue;
            }
            // Black's side tells a win from both winning (OpenGotha writes `+` on both lines then).
            let black = game(&real.rows[opponent - 1].rounds[r]).map_or('?', |g| g.1);
            let outcome = match (result, black) {
                ('+', '-') => Some(Outcome::WhiteWins),
                ('-', '+') => Some(Outcome::BlackWins),
                ('=', _) => Some(Outcome::Jigo),
                ('+', '+') => Some(Outcome::BothWin),
                ('-', '-') => Some(Outcome::BothLose),
                _ => None,
            };
            games.push(Game {
                white: line,
                black: opponent - 1,
                handicap: stones.parse().unwrap_or(0),
                result: outcome.map(|outcome| GameResult {
                    outcome,
                    by_forfeit: kind == '!',
                }),
            });
        }
        b.rounds.push((games, bye));
    }
    b
}
