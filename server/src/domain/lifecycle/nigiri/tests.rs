//! Nigiri on an in-memory register: which games a draw and a manual pairing mark, the results desk that must say
//! who had Black, the exchange when it was the player in White's place (one event before the result, replayed
//! exactly), a desk that disagrees with recorded colours, the referee recording them again after a confirmed
//! result (the winner stays the winner), closing, and the draw's colour history.

use super::super::tests::{closing_registration, opening};
use crate::domain::command::{Actor, Command, Context, RefereeReport, RoundEdit};
use crate::domain::decide;
use crate::domain::error::Rejected;
use crate::domain::event::Event;
use crate::domain::field::{player_id, Field};
use crate::domain::ids::{ParticipantId, TournamentId};
use crate::domain::record::{PairingSystem, Role, TournamentSettings};
use crate::domain::round::{GameRecord, GameResult, Outcome, RoundRecord, Seat};
use crate::domain::setup::McMahonSetup;
use crate::domain::state::State;

const T: TournamentId = TournamentId(1);

/// A register that remembers every event it applied, to replay them.
struct Venue {
    state: State,
    log: Vec<Event>,
}

fn ctx(role: Role, terminal: &str, seed: u8) -> Context {
    Context {
        actor: Actor {
            terminal: terminal.into(),
            role,
            operator: String::new(),
        },
        now_ms: 1_000,
        entropy: [seed; 32],
    }
}

impl Venue {
    fn try_run(&mut self, cmd: Command, ctx: &Context) -> Result<Vec<Event>, Rejected> {
        let events = decide(&self.state, &cmd, ctx)?;
        for e in &events {
            self.state.apply(e);
        }
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    fn director(&mut self, cmd: Command) -> Vec<Event> {
        self.try_run(cmd, &ctx(Role::Director, "td", 7))
            .expect("director command")
    }

    /// Two 3d players (an even game at the bar) and a 10k and a 15k (a handicap game), checked in, registration
    /// closed; nigiri as `nigiri` says.
    fn open(nigiri: bool) -> Venue {
        let players = [
            ("Abe", "3d"),
            ("Baker", "3d"),
            ("Chen", "10k"),
            ("Dubois", "15k"),
        ];
        Venue::open_as(PairingSystem::McMahon, &players, nigiri)
    }

    /// A tournament of `system` (three rounds, a bar at 2d, double entry) with `players` checked in and
    /// registration closed.
    fn open_as(system: PairingSystem, players: &[(&str, &str)], nigiri: bool) -> Venue {
        let mut v = Venue {
            state: State::default(),
            log: Vec::new(),
        };
        let rounds = if system == PairingSystem::McMahon {
            3
        } else {
            2
        };
        let mut settings = TournamentSettings::new("Main", system, rounds);
        if system == PairingSystem::McMahon {
            settings.mcmahon = McMahonSetup {
                bar: Some("2d".parse().expect("rank")),
                ..McMahonSetup::default()
            };
        }
        settings.scoring.double_entry = true;
        settings.nigiri = nigiri;
        for cmd in opening(settings, players) {
            v.director(cmd);
        }
        v.director(closing_registration());
        v
    }

    fn draw(&mut self, round: u32) {
        self.director(Command::DrawRound {
            tournament: T,
            round,
            redraw: false,
            empty: false,
            expected: None,
            aside: None,
            part: None,
        });
    }

    fn publish(&mut self, round: u32) {
        self.director(Command::PublishRound {
            tournament: T,
            round,
        });
    }

    fn round(&self, n: u32) -> &RoundRecord {
        self.state.play[&T].round(n).expect("round")
    }

    /// Round 1's even game (the two 3d players).
    fn even(&self) -> &GameRecord {
        self.round(1)
            .games
            .iter()
            .find(|g| g.handicap == 0)
            .expect("an even game")
    }

    fn handicapped(&self) -> &GameRecord {
        self.round(1)
            .games
            .iter()
            .find(|g| g.handicap > 0)
            .expect("a handicap game")
    }

    /// A report from `role`'s terminal `terminal`.
    fn report(
        &mut self,
        role: Role,
        terminal: &str,
        table: u32,
        outcome: Outcome,
        by_forfeit: bool,
        black: Option<ParticipantId>,
    ) -> Result<Vec<Event>, Rejected> {
        let cmd = Command::ReportResult {
            tournament: T,
            round: 1,
            table,
            result: GameResult {
                outcome,
                by_forfeit,
            },
            black,
        };
        self.try_run(cmd, &ctx(role, terminal, 1))
    }

    fn colours(
        &mut self,
        role: Role,
        table: u32,
        black: ParticipantId,
    ) -> Result<Vec<Event>, Rejected> {
        let cmd = Command::RefereeReport {
            tournament: T,
            round: 1,
            table,
            report: RefereeReport::Colours { black },
        };
        self.try_run(cmd, &ctx(role, "referee-1", 1))
    }

    fn close(&mut self) -> Result<Vec<Event>, Rejected> {
        self.try_run(
            Command::CloseRound {
                tournament: T,
                round: 1,
            },
            &ctx(Role::Director, "td", 1),
        )
    }
}

fn message(r: Result<Vec<Event>, Rejected>) -> String {
    r.expect_err("refused").to_string()
}

#[test]
fn a_draw_marks_the_even_games_nigiri_and_never_a_handicap_game() {
    let mut v = Venue::open(true);
    v.draw(1);
    let even = v.even();
    assert!(even.nigiri && !even.black_recorded);
    assert_eq!(even.seat_of(even.white), Seat::Nigiri);
    assert!(!v.handicapped().nigiri, "the weaker player keeps Black");
    assert_eq!(v.handicapped().seat_of(v.handicapped().black), Seat::Black);

    // A later change of the setting leaves the drawn round as it is.
    let mut settings = v.state.tournaments[&T].settings.clone();
    settings.nigiri = false;
    let revision = v.state.tournaments[&T].revision;
    v.director(Command::UpdateTournament {
        id: T,
        expected: revision,
        settings,
    });
    assert!(v.even().nigiri);

    // A game paired by hand follows the setting in force then.
    let (a, b) = (v.even().white, v.even().black);
    v.director(Command::EditRound {
        tournament: T,
        round: 1,
        edit: RoundEdit::Unpair { player: a },
        expected: None,
    });
    let pair = RoundEdit::Pair {
        a,
        b,
        white: None,
        handicap: None,
        table: None,
        force: false,
    };
    v.director(Command::EditRound {
        tournament: T,
        round: 1,
        edit: pair,
        expected: None,
    });
    assert!(!v.even().nigiri, "nigiri is off now");
}

#[test]
fn without_the_setting_no_game_is_nigiri() {
    let mut v = Venue::open(false);
    v.draw(1);
    assert!(v.round(1).games.iter().all(|g| !g.nigiri));
}

#[test]
fn a_game_paired_by_hand_in_a_nigiri_tournament_is_nigiri() {
    let mut v = Venue::open(true);
    v.draw(1);
    let (a, b) = (v.even().white, v.even().black);
    for edit in [
        RoundEdit::Unpair { player: a },
        RoundEdit::Pair {
            a: b,
            b: a,
            white: Some(b),
            handicap: None,
            table: None,
            force: false,
        },
    ] {
        v.director(Command::EditRound {
            tournament: T,
            round: 1,
            edit,
            expected: None,
        });
    }
    assert_eq!(v.even().white, b);
    assert!(v.even().nigiri && !v.even().black_recorded);
}

#[test]
fn a_knockouts_game_made_by_a_result_is_nigiri_too() {
    let players = [
        ("Abe", "3d"),
        ("Baker", "3d"),
        ("Chen", "3d"),
        ("Dubois", "3d"),
    ];
    let mut v = Venue::open_as(PairingSystem::Knockout, &players, true);
    v.draw(1);
    v.publish(1);
    v.draw(2);
    assert!(v.round(1).games.iter().all(|g| g.nigiri));
    let tables: Vec<u32> = v.round(1).games.iter().map(|g| g.table).collect();
    for table in tables {
        v.report(Role::Director, "td", table, Outcome::WhiteWins, true, None)
            .expect("a walk-over");
    }
    let final_round = v.round(2);
    assert_eq!(final_round.games.len(), 1, "{final_round:?}");
    assert!(final_round.games[0].nigiri, "the final is an even game");
}

#[test]
fn a_results_desk_must_say_who_had_black_with_a_played_result() {
    let mut v = Venue::open(true);
    v.draw(1);
    v.publish(1);
    let table = v.even().table;
    let before = v.state.clone();
    for outcome in [Outcome::WhiteWins, Outcome::BlackWins, Outcome::Jigo] {
        let refused = message(v.report(Role::Results, "desk-1", table, outcome, false, None));
        assert_eq!(
            refused,
            format!("table {table} was a nigiri: say who had Black")
        );
    }
    assert_eq!(v.state.play, before.play, "a refusal changes nothing");
    // A forfeit or both-lose has no colours to count: taken without.
    v.report(
        Role::Results,
        "desk-1",
        table,
        Outcome::BothLose,
        false,
        None,
    )
    .expect("both lose without colours");
    v.report(
        Role::Results,
        "desk-1",
        table,
        Outcome::WhiteWins,
        true,
        None,
    )
    .expect("a forfeit without colours");
    // A handicap game's colours are the draw's.
    let h = v.handicapped().table;
    v.report(Role::Results, "desk-1", h, Outcome::WhiteWins, false, None)
        .expect("a handicap game needs no Black");
}

#[test]
fn naming_the_player_in_whites_place_as_black_exchanges_them_in_one_replayable_entry() {
    let mut v = Venue::open(true);
    v.draw(1);
    v.publish(1);
    let (table, first, second) = (v.even().table, v.even().white, v.even().black);
    // Desk 1: Black won, and Black was the player the draw put first (in White's place).
    let events = v
        .report(
            Role::Results,
            "desk-1",
            table,
            Outcome::BlackWins,
            false,
            Some(first),
        )
        .expect("entered");
    assert!(
        matches!(
            events.as_slice(),
            [Event::ColoursRecorded { black, table: t, .. }, Event::GameUpdated { .. }]
                if *black == first && *t == table
        ),
        "the colours come first, then the result: {events:?}"
    );
    let g = v.even();
    assert_eq!((g.white, g.black), (second, first));
    assert!(g.black_recorded);
    assert_eq!(g.seat_of(first), Seat::Black);
    assert_eq!(g.reports[0].result.outcome, Outcome::BlackWins);
    // Desk 2 agrees (naming the same Black, or nobody now that it is recorded): confirmed, Black won.
    v.report(
        Role::Results,
        "desk-2",
        table,
        Outcome::BlackWins,
        false,
        None,
    )
    .expect("second entry");
    assert_eq!(
        v.even().confirmed.map(|c| c.outcome),
        Some(Outcome::BlackWins)
    );
    // Every revision is new, and replaying the log gives the same register.
    let revisions: Vec<u64> = v
        .log
        .iter()
        .filter_map(|e| match e {
            Event::ColoursRecorded { revision, .. } | Event::GameUpdated { revision, .. } => {
                Some(revision.0)
            }
            _ => None,
        })
        .collect();
    assert!(revisions.windows(2).all(|w| w[0] < w[1]), "{revisions:?}");
    let mut replayed = State::default();
    for e in &v.log {
        replayed.apply(e);
    }
    assert_eq!(replayed.play, v.state.play);
}

#[test]
fn a_results_desk_naming_another_black_than_recorded_is_refused_and_changes_nothing() {
    let mut v = Venue::open(true);
    v.draw(1);
    v.publish(1);
    let (table, a, b) = (v.even().table, v.even().white, v.even().black);
    v.report(
        Role::Results,
        "desk-1",
        table,
        Outcome::WhiteWins,
        false,
        Some(b),
    )
    .expect("entered");
    let before = v.state.clone();
    let refused = message(v.report(
        Role::Results,
        "desk-2",
        table,
        Outcome::WhiteWins,
        false,
        Some(a),
    ));
    assert!(
        refused.ends_with(&format!(
            "Baker A is recorded as Black at table {table}; the referee or the director can change it"
        )) || refused.ends_with(&format!(
            "Abe A is recorded as Black at table {table}; the referee or the director can change it"
        )),
        "{refused}"
    );
    assert!(
        refused.starts_with('#'),
        "names the player by number: {refused}"
    );
    assert_eq!(v.state.play, before.play);
    // Someone not at the table is refused too.
    let elsewhere = v.handicapped().white;
    assert!(message(v.report(
        Role::Results,
        "desk-2",
        table,
        Outcome::WhiteWins,
        false,
        Some(elsewhere)
    ))
    .contains("plays at table"));
    // And a handicap game's Black cannot be named otherwise.
    let h = v.handicapped();
    let (h_table, h_white) = (h.table, h.white);
    assert!(message(v.report(
        Role::Results,
        "desk-2",
        h_table,
        Outcome::WhiteWins,
        false,
        Some(h_white)
    ))
    .contains("is not a nigiri"));
}

#[test]
fn the_referee_records_again_and_a_confirmed_result_keeps_its_winner() {
    let mut v = Venue::open(true);
    v.draw(1);
    v.publish(1);
    let (table, a, b) = (v.even().table, v.even().white, v.even().black);
    // Two desks agree: b had Black and won.
    for desk in ["desk-1", "desk-2"] {
        v.report(
            Role::Results,
            desk,
            table,
            Outcome::BlackWins,
            false,
            Some(b),
        )
        .expect("entered");
    }
    assert_eq!(
        v.even().confirmed.map(|c| c.outcome),
        Some(Outcome::BlackWins)
    );
    // The referee finds a had Black: the players are exchanged and b, now White, still wins.
    let events = v.colours(Role::Referee, table, a).expect("recorded again");
    assert!(matches!(events.first(), Some(Event::ColoursRecorded { black, .. }) if *black == a));
    let g = v.even().clone();
    assert_eq!((g.white, g.black), (b, a));
    assert_eq!(g.confirmed.map(|c| c.outcome), Some(Outcome::WhiteWins));
    assert!(g
        .reports
        .iter()
        .all(|r| r.result.outcome == Outcome::WhiteWins));
    assert!(
        g.notes.iter().any(|n| n.starts_with("Black: ")),
        "{:?}",
        g.notes
    );
    // The director may change it back; a results desk may not.
    assert!(message(v.report(
        Role::Results,
        "desk-3",
        table,
        Outcome::WhiteWins,
        false,
        Some(b)
    ))
    .contains("the referee or the director can change it"));
    v.colours(Role::Director, table, b).expect("the director");
    assert_eq!(
        (v.even().black, v.even().confirmed.map(|c| c.outcome)),
        (b, Some(Outcome::BlackWins))
    );
    // Once the round is closed the colours stay.
    let h = v.handicapped().table;
    v.report(Role::Director, "td", h, Outcome::WhiteWins, false, None)
        .expect("handicap game");
    v.close().expect("closed");
    assert!(message(v.colours(Role::Referee, table, a)).contains("is closed"));
}

#[test]
fn a_round_cannot_close_while_a_played_nigiri_game_has_no_black() {
    let mut v = Venue::open(true);
    v.draw(1);
    v.publish(1);
    let (table, white) = (v.even().table, v.even().white);
    let h = v.handicapped().table;
    // The director's result counts without colours, but the round waits for them.
    v.report(Role::Director, "td", table, Outcome::WhiteWins, false, None)
        .expect("director");
    v.report(Role::Director, "td", h, Outcome::BlackWins, false, None)
        .expect("director");
    let refused = message(v.close());
    assert!(
        refused.contains(&format!(
            "nobody recorded who had Black at nigiri table {table};"
        )),
        "{refused}"
    );
    v.colours(Role::Referee, table, white).expect("recorded");
    // White's place held Black: exchanged, and the winner is still the same player.
    assert_eq!(v.even().black, white);
    assert_eq!(
        v.even().confirmed.map(|c| c.outcome),
        Some(Outcome::BlackWins)
    );
    v.close().expect("closes once recorded");
}

#[test]
fn the_draw_counts_recorded_colours_and_none_for_a_nigiri_forfeit() {
    let mut v = Venue::open(true);
    v.draw(1);
    v.publish(1);
    let (table, a) = (v.even().table, v.even().white);
    let h = v.handicapped().table;
    v.colours(Role::Referee, table, a).expect("recorded");
    v.report(Role::Director, "td", table, Outcome::BlackWins, false, None)
        .expect("director");
    v.report(Role::Director, "td", h, Outcome::WhiteWins, true, None)
        .expect("a forfeit");
    let field = Field::new(&v.state, &v.state.tournaments[&T]);
    let snapshot = field.snapshot(2).snapshot;
    let even = snapshot
        .games
        .iter()
        .find(|g| g.handicap == 0)
        .expect("even game");
    assert_eq!(even.black, player_id(a), "the recorded Black");
    assert!(even.known_colour);

    // A nigiri game decided by forfeit before anyone recorded colours counts no colour.
    let mut w = Venue::open(true);
    w.draw(1);
    w.publish(1);
    let table = w.even().table;
    w.report(Role::Director, "td", table, Outcome::WhiteWins, true, None)
        .expect("a forfeit");
    let field = Field::new(&w.state, &w.state.tournaments[&T]);
    let snapshot = field.snapshot(2).snapshot;
    let even = snapshot
        .games
        .iter()
        .find(|g| g.handicap == 0)
        .expect("even game");
    assert!(!even.known_colour);
}
