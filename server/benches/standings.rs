//! Standings as the server computes them: a 2,000-player, 10-round McMahon event built through the domain
//! (register, close registration, draw with the `mays` profile, results, close) and then
//! `Field::standings` — the register → snapshot → tie-breaks path a `GetStandings` call takes. Prints a table.
//! `cargo bench -p tengen-server --bench standings`.

use std::time::Instant;
use tengen_server::domain::command::Actor;
use tengen_server::domain::field::Field;
use tengen_server::domain::round::{GameResult, Outcome};
use tengen_server::domain::setup::{tiebreak_profile, DrawProfile};
use tengen_server::domain::{
    decide, Command, Context, EnterSpec, PairingSystem, ParticipantFields, Role, State,
    TournamentId, TournamentSettings,
};

const T: TournamentId = TournamentId(1);

fn run(state: &mut State, cmd: Command, seed: u8) {
    let ctx = Context {
        actor: Actor {
            terminal: "td".into(),
            role: Role::Director,
            operator: String::new(),
        },
        now_ms: 0,
        entropy: [seed; 32],
    };
    let events = decide(state, &cmd, &ctx).expect("command accepted");
    for e in &events {
        state.apply(e);
    }
}

fn build(players: usize, rounds: u32) -> State {
    let mut s = State::default();
    let mut settings = TournamentSettings {
        name: "Bench".into(),
        rounds,
        system: PairingSystem::McMahon,
        ..TournamentSettings::default()
    };
    settings.draw.profile = DrawProfile::Mays;
    settings.mcmahon.bar = Some("3d".parse().expect("rank"));
    settings.mcmahon.floor = Some("25k".parse().expect("rank"));
    run(
        &mut s,
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
        0,
    );
    for i in 0..players {
        let rank = format!("{}k", 1 + (i * 29 / players));
        let rank = if i < players / 20 {
            "2d".to_string()
        } else {
            rank
        };
        let fields = ParticipantFields {
            rank: rank.parse().expect("rank"),
            city: format!("City{}", i % 60),
            country: "GB".into(),
            local: i % 7 == 0,
            paid: true,
            ..ParticipantFields::sample(
                &format!("Family{i}"),
                &format!("Given{i}"),
                &format!("Club{}", i % 150),
            )
        };
        run(
            &mut s,
            Command::RegisterParticipant {
                fields,
                enter: vec![EnterSpec {
                    tournament: T,
                    rounds: None,
                }],
                check_in: true,
                different_person: false,
            },
            0,
        );
    }
    run(
        &mut s,
        Command::SetRegistrationOpen {
            id: T,
            open: false,
            expected: None,
        },
        0,
    );
    for r in 1..=rounds {
        run(
            &mut s,
            Command::DrawRound {
                tournament: T,
                round: r,
                redraw: false,
                empty: false,
                expected: None,
                aside: None,
                part: None,
            },
            r as u8,
        );
        run(
            &mut s,
            Command::PublishRound {
                tournament: T,
                round: r,
            },
            0,
        );
        let tables: Vec<u32> = s.play[&T]
            .round(r)
            .expect("round")
            .games
            .iter()
            .map(|g| g.table)
            .collect();
        for (k, table) in tables.into_iter().enumerate() {
            let outcome = match k % 7 {
                0 | 2 | 4 => Outcome::WhiteWins,
                6 if k % 5 == 0 => Outcome::Jigo,
                _ => Outcome::BlackWins,
            };
            run(
                &mut s,
                Command::ReportResult {
                    tournament: T,
                    round: r,
                    table,
                    result: GameResult {
                        outcome,
                        by_forfeit: k % 97 == 0,
                    },
                    black: None,
                },
                0,
            );
        }
        run(
            &mut s,
            Command::CloseRound {
                tournament: T,
                round: r,
            },
            0,
        );
    }
    s
}

fn main() {
    let t = Instant::now();
    let state = build(2000, 10);
    println!(
        "built 2,000 players × 10 rounds through the domain in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let tour = state.tournaments[&T].clone();
    println!("| tie-breaks | standings after round 10 (median of 21) |");
    println!("|---|---:|");
    for profile in ["egf", "mays"] {
        let criteria = tiebreak_profile(profile).expect("profile");
        let mut times = Vec::new();
        for _ in 0..21 {
            let t = Instant::now();
            let st = Field::new(&state, &tour).standings(10, Some(&criteria));
            times.push(t.elapsed());
            assert_eq!(st.rows.len(), 2000);
        }
        times.sort();
        println!("| {profile} | {:.1} ms |", times[10].as_secs_f64() * 1000.0);
    }
}
