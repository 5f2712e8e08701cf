//! Round lifecycle tests on an in-memory register: numbering, the draw and its seed, redraw rules, publishing,
//! results with single and double entry, the referee, closing, manual pairing, rank changes, standings, the draw
//! made aside (taken only while its input is current), and the property that the order results are entered in
//! never changes the standings.

use super::super::command::{Command, Context, EnterSpec, RefereeReport, RoundEdit};
use super::super::decide;
use super::super::error::{DeskRefused, Rejected};
use super::super::event::Event;
use super::super::field::Field;
use super::super::ids::{ParticipantId, TournamentId};
use super::super::record::{
    EntryStatus, PairingSystem, ParticipantFields, Role, TournamentSettings,
};
use super::super::round::{GameResult, Outcome, ResultProgress, RoundState};
use super::super::setup::McMahonSetup;
use super::super::state::State;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

const T: TournamentId = TournamentId(1);

fn ctx_as(role: Role, terminal: &str, seed: u8) -> Context {
    Context {
        actor: super::super::command::Actor {
            terminal: terminal.into(),
            role,
            operator: String::new(),
        },
        now_ms: 1_000,
        entropy: [seed; 32],
    }
}

fn try_run(s: &mut State, cmd: Command, ctx: &Context) -> Result<Vec<Event>, Rejected> {
    let events = decide(s, &cmd, ctx)?;
    for e in &events {
        s.apply(e);
    }
    Ok(events)
}

fn run(s: &mut State, cmd: Command) -> Vec<Event> {
    try_run(s, cmd, &ctx_as(Role::Director, "td", 7)).expect("director command")
}

fn player(family: &str, rank: &str) -> ParticipantFields {
    let mut f = ParticipantFields::sample(family, "A", family);
    f.rank = rank.parse().expect("rank");
    f
}

/// The director's commands that create a tournament of `settings` and register the given players (family name,
/// rank), all entered and checked in. Shared with the nigiri tests, which keep the events to replay them.
pub(super) fn opening(settings: TournamentSettings, players: &[(&str, &str)]) -> Vec<Command> {
    let create = Command::CreateTournament {
        settings,
        double_entry_unset: false,
    };
    let register = players
        .iter()
        .map(|(family, rank)| Command::RegisterParticipant {
            fields: player(family, rank),
            enter: vec![EnterSpec {
                tournament: T,
                rounds: None,
            }],
            check_in: true,
            different_person: false,
        });
    std::iter::once(create).chain(register).collect()
}

/// The director's command that closes registration (and numbers the field).
pub(super) fn closing_registration() -> Command {
    Command::SetRegistrationOpen {
        id: T,
        open: false,
        expected: None,
    }
}

/// A tournament of `rounds` rounds with the given players (family name, rank), all checked in.
fn event(rounds: u32, players: &[(&str, &str)], double_entry: bool) -> State {
    let mut s = State::default();
    let mut settings = TournamentSettings {
        name: "Main".into(),
        rounds,
        system: PairingSystem::McMahon,
        ..TournamentSettings::default()
    };
    settings.mcmahon = McMahonSetup {
        bar: Some("2d".parse().expect("rank")),
        ..McMahonSetup::default()
    };
    settings.scoring.double_entry = double_entry;
    for cmd in opening(settings, players) {
        run(&mut s, cmd);
    }
    s
}

const SEVEN: [(&str, &str); 7] = [
    ("Abe", "3d"),
    ("Baker", "1d"),
    ("Chen", "1k"),
    ("Dubois", "2k"),
    ("Evans", "5k"),
    ("Fujita", "8k"),
    ("Garcia", "10k"),
];

fn close_registration(s: &mut State) {
    run(s, closing_registration());
}

fn draw(s: &mut State, round: u32) -> Result<Vec<Event>, Rejected> {
    try_run(
        s,
        Command::DrawRound {
            tournament: T,
            round,
            redraw: false,
            empty: false,
            expected: None,
            aside: None,
            part: None,
        },
        &ctx_as(Role::Director, "td", round as u8),
    )
}

fn publish(s: &mut State, round: u32) {
    run(
        s,
        Command::PublishRound {
            tournament: T,
            round,
        },
    );
}

fn report(
    s: &mut State,
    round: u32,
    table: u32,
    outcome: Outcome,
    terminal: &str,
) -> Result<Vec<Event>, Rejected> {
    try_run(
        s,
        Command::ReportResult {
            tournament: T,
            round,
            table,
            result: GameResult {
                outcome,
                by_forfeit: false,
            },
            black: None,
        },
        &ctx_as(Role::Results, terminal, 1),
    )
}

/// The director's result at `table`: counts at once.
fn director_result(
    s: &mut State,
    round: u32,
    table: u32,
    outcome: Outcome,
) -> Result<Vec<Event>, Rejected> {
    try_run(
        s,
        Command::ReportResult {
            tournament: T,
            round,
            table,
            result: GameResult {
                outcome,
                by_forfeit: false,
            },
            black: None,
        },
        &ctx_as(Role::Director, "td", 1),
    )
}

fn round(s: &State, n: u32) -> super::super::round::RoundRecord {
    s.play[&T].round(n).expect("round").clone()
}

#[test]
fn closing_registration_numbers_the_field_by_strength() {
    let mut s = event(3, &SEVEN, false);
    assert!(!s.play.contains_key(&T));
    close_registration(&mut s);
    let numbers = &s.play[&T].numbers;
    // Registered in strength order, so ids and numbers agree.
    for (i, id) in (1..=7).map(ParticipantId).enumerate() {
        assert_eq!(numbers[&id], i as u32 + 1);
    }
}

#[test]
fn a_draw_needs_closed_registration_and_records_its_seed() {
    let mut s = event(3, &SEVEN, false);
    assert!(matches!(
        draw(&mut s, 1),
        Err(Rejected::Desk(DeskRefused::RegistrationStillOpen))
    ));
    close_registration(&mut s);
    let events = draw(&mut s, 1).expect("draw");
    let Event::RoundDrawn {
        round: r, starts, ..
    } = &events[0]
    else {
        panic!("expected RoundDrawn, got {events:?}")
    };
    assert_eq!(
        r.seed,
        u64::from_le_bytes([1; 8]),
        "the seed comes from the context"
    );
    assert_eq!(r.games.len(), 3);
    assert!(r.bye.is_some(), "seven players: one bye");
    assert_eq!(
        starts.len(),
        7,
        "every starting MMS is frozen by the first draw"
    );
    // Bar 2d: the 3d starts at the 2d's MMS (31 points), the 1k at 29.
    assert_eq!(s.play[&T].starts[&ParticipantId(1)], 2 * 31);
    assert_eq!(s.play[&T].starts[&ParticipantId(3)], 2 * 29);
    assert_eq!(round(&s, 1).state, RoundState::Drawn);
}

#[test]
fn redraw_is_explicit_and_only_before_publishing() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    assert!(matches!(
        draw(&mut s, 1),
        Err(Rejected::Desk(DeskRefused::AlreadyDrawn(1)))
    ));
    let redraw = Command::DrawRound {
        tournament: T,
        round: 1,
        redraw: true,
        empty: false,
        expected: None,
        aside: None,
        part: None,
    };
    try_run(&mut s, redraw.clone(), &ctx_as(Role::Director, "td", 99)).expect("redraw");
    assert_eq!(round(&s, 1).draws, 2);
    assert_eq!(round(&s, 1).seed, u64::from_le_bytes([99; 8]));
    publish(&mut s, 1);
    assert!(matches!(
        try_run(&mut s, redraw, &ctx_as(Role::Director, "td", 5)),
        Err(Rejected::Precondition(m)) if m.contains("published")
    ));
    assert!(matches!(
        draw(&mut s, 2),
        Err(Rejected::Desk(DeskRefused::CloseFirst {
            round: 1,
            next: 2,
            ..
        }))
    ));
}

#[test]
fn double_entry_confirms_on_agreement_and_flags_mismatches() {
    let mut s = event(3, &SEVEN, true);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    assert!(matches!(
        report(&mut s, 1, 1, Outcome::WhiteWins, "r1"),
        Err(Rejected::Desk(DeskRefused::ResultBeforePublishing(1)))
    ));
    publish(&mut s, 1);
    report(&mut s, 1, 1, Outcome::WhiteWins, "r1").expect("entry");
    assert_eq!(round(&s, 1).games[0].progress(), ResultProgress::Pending);
    // The same desk correcting its own typo replaces its entry.
    report(&mut s, 1, 1, Outcome::BlackWins, "r1").expect("entry");
    assert_eq!(round(&s, 1).games[0].reports.len(), 1);
    report(&mut s, 1, 1, Outcome::BlackWins, "r2").expect("entry");
    assert_eq!(round(&s, 1).games[0].progress(), ResultProgress::Confirmed);
    // Table 2 disagrees.
    report(&mut s, 1, 2, Outcome::WhiteWins, "r1").expect("entry");
    report(&mut s, 1, 2, Outcome::Jigo, "r2").expect("entry");
    assert_eq!(round(&s, 1).games[1].progress(), ResultProgress::Mismatch);
    report(&mut s, 1, 3, Outcome::WhiteWins, "r1").expect("entry");
    report(&mut s, 1, 3, Outcome::WhiteWins, "r2").expect("entry");
    let close = Command::CloseRound {
        tournament: T,
        round: 1,
    };
    let refused = try_run(&mut s, close.clone(), &ctx_as(Role::Director, "td", 1));
    assert!(
        matches!(&refused, Err(r @ Rejected::Desk(DeskRefused::Unconfirmed { .. })) if r.to_string().contains("table 2 mismatch")),
        "{refused:?}"
    );
    // A confirmed result cannot be changed by a desk.
    assert!(report(&mut s, 1, 1, Outcome::WhiteWins, "r3").is_err());
    // The director settles the mismatch.
    director_result(&mut s, 1, 2, Outcome::Jigo).expect("director");
    try_run(&mut s, close, &ctx_as(Role::Director, "td", 1)).expect("close");
    assert_eq!(round(&s, 1).state, RoundState::Closed);
    // Round 2 avoids round 1's pairs and gives the bye to someone else.
    draw(&mut s, 2).expect("round 2");
    let (r1, r2) = (round(&s, 1), round(&s, 2));
    for g in &r2.games {
        assert!(
            !r1.games.iter().any(|h| h.has(g.white) && h.has(g.black)),
            "repeated pairing {g:?}"
        );
    }
    assert_ne!(r1.bye, r2.bye);
}

#[test]
fn referee_forfeits_confirm_and_disputes_block_closing() {
    let mut s = event(3, &SEVEN, true);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let games = round(&s, 1).games;
    let referee = |s: &mut State, table: u32, report: RefereeReport| {
        try_run(
            s,
            Command::RefereeReport {
                tournament: T,
                round: 1,
                table,
                report,
            },
            &ctx_as(Role::Referee, "referee", 1),
        )
    };
    referee(
        &mut s,
        1,
        RefereeReport::NoShow {
            absent: games[0].black,
        },
    )
    .expect("no-show");
    let g = &round(&s, 1).games[0];
    assert_eq!(
        g.confirmed,
        Some(GameResult {
            outcome: Outcome::WhiteWins,
            by_forfeit: true
        })
    );
    assert!(report(&mut s, 1, 1, Outcome::BlackWins, "r1").is_err());
    referee(&mut s, 2, RefereeReport::BothAbsent).expect("both absent");
    assert_eq!(
        round(&s, 1).games[1].confirmed.map(|r| r.outcome),
        Some(Outcome::BothLose)
    );
    referee(
        &mut s,
        3,
        RefereeReport::Dispute {
            disputed: true,
            note: "clock stopped".into(),
        },
    )
    .expect("dispute");
    report(&mut s, 1, 3, Outcome::WhiteWins, "r1").expect("entry");
    report(&mut s, 1, 3, Outcome::WhiteWins, "r2").expect("entry");
    let close = Command::CloseRound {
        tournament: T,
        round: 1,
    };
    assert!(try_run(&mut s, close.clone(), &ctx_as(Role::Director, "td", 1)).is_err());
    referee(
        &mut s,
        3,
        RefereeReport::Dispute {
            disputed: false,
            note: "settled".into(),
        },
    )
    .expect("settle");
    try_run(&mut s, close, &ctx_as(Role::Director, "td", 1)).expect("close");
    assert_eq!(round(&s, 1).games[2].notes.len(), 2);
}

#[test]
fn a_round_paired_by_hand() {
    let mut s = event(2, &SEVEN[..5], false);
    close_registration(&mut s);
    run(
        &mut s,
        Command::DrawRound {
            tournament: T,
            round: 1,
            redraw: false,
            empty: true,
            expected: None,
            aside: None,
            part: None,
        },
    );
    assert!(round(&s, 1).games.is_empty());
    let edit = |s: &mut State, edit: RoundEdit| {
        run(
            s,
            Command::EditRound {
                tournament: T,
                round: 1,
                edit,
                expected: None,
            },
        )
    };
    let p = ParticipantId;
    edit(
        &mut s,
        RoundEdit::Pair {
            a: p(1),
            b: p(4),
            white: Some(p(4)),
            handicap: Some(0),
            table: Some(5),
            force: false,
        },
    );
    edit(
        &mut s,
        RoundEdit::Pair {
            a: p(2),
            b: p(3),
            white: None,
            handicap: None,
            table: None,
            force: false,
        },
    );
    edit(
        &mut s,
        RoundEdit::AssignBye {
            player: p(5),
            force: false,
        },
    );
    let r = round(&s, 1);
    assert_eq!(r.bye, Some(p(5)));
    let g = r.game_of(p(1)).expect("game");
    assert_eq!((g.white, g.black, g.table, g.handicap), (p(4), p(1), 5, 0));
    assert!(r.game_of(p(2)).is_some_and(|g| g.has(p(3))));
    // Marking a player absent takes the round out of their entry too.
    edit(&mut s, RoundEdit::MarkAbsent { player: p(2) });
    assert!(round(&s, 1).game_of(p(2)).is_none());
    assert_eq!(s.participants[&p(2)].entries[&T].rounds, vec![2]);
}

#[test]
fn rank_changes_take_effect_from_a_future_round() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let change = |from_round, move_start| Command::ChangeRank {
        id: ParticipantId(5),
        tournament: T,
        rank: "3k".parse().expect("rank"),
        from_round,
        move_start,
        expected: None,
    };
    assert!(matches!(
        try_run(&mut s, change(1, false), &ctx_as(Role::Director, "td", 1)),
        Err(Rejected::Precondition(_))
    ));
    let before = s.play[&T].starts[&ParticipantId(5)];
    run(&mut s, change(2, false));
    assert_eq!(
        s.play[&T].starts[&ParticipantId(5)],
        before,
        "starting MMS stays"
    );
    let entry = &s.participants[&ParticipantId(5)].entries[&T];
    assert_eq!(
        entry.rank_in("5k".parse().expect("rank"), 1).to_string(),
        "5k"
    );
    assert_eq!(
        entry.rank_in("5k".parse().expect("rank"), 2).to_string(),
        "3k"
    );
    run(&mut s, change(2, true));
    assert_eq!(
        s.play[&T].starts[&ParticipantId(5)],
        2 * 27,
        "moved to 3k's MMS"
    );
}

#[test]
fn standings_use_confirmed_results_only() {
    let mut s = event(3, &SEVEN[..4], true);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let r = round(&s, 1);
    report(&mut s, 1, 1, Outcome::WhiteWins, "r1").expect("entry");
    report(&mut s, 1, 1, Outcome::WhiteWins, "r2").expect("entry");
    report(&mut s, 1, 2, Outcome::WhiteWins, "r1").expect("entry");
    let tour = &s.tournaments[&T];
    let st = Field::new(&s, tour).standings(1, None);
    let mms = |p: ParticipantId| {
        st.rows
            .iter()
            .find(|row| row.player.0 as u64 == p.0)
            .map(|row| row.mms.0)
            .expect("row")
    };
    let start = |p: ParticipantId| s.play[&T].starts[&p];
    let g1 = &r.games[0];
    let g2 = &r.games[1];
    assert_eq!(mms(g1.white), start(g1.white) + 2, "confirmed win counts");
    assert_eq!(mms(g1.black), start(g1.black));
    assert_eq!(
        mms(g2.white),
        start(g2.white),
        "a single entry does not count yet"
    );
}

#[test]
fn late_entries_get_the_next_number_and_miss_earlier_rounds() {
    let mut s = event(3, &SEVEN[..6], false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    for t in 1..=3 {
        director_result(&mut s, 1, t, Outcome::WhiteWins).expect("result");
    }
    run(
        &mut s,
        Command::CloseRound {
            tournament: T,
            round: 1,
        },
    );
    // A strong latecomer registered at the late desk after round 1.
    let late = try_run(
        &mut s,
        Command::RegisterParticipant {
            fields: player("Kim", "6d"),
            enter: vec![EnterSpec {
                tournament: T,
                rounds: Some(vec![2, 3]),
            }],
            check_in: true,
            different_person: false,
        },
        &ctx_as(Role::LateDesk, "late", 1),
    )
    .expect("late entry");
    let Event::ParticipantRegistered { participant } = &late[0] else {
        panic!("registered")
    };
    assert_eq!(participant.entries[&T].status, EntryStatus::CheckedIn);
    draw(&mut s, 2).expect("round 2");
    assert_eq!(
        s.play[&T].numbers[&participant.id], 7,
        "next number, not by strength"
    );
    let tour = &s.tournaments[&T];
    let st = Field::new(&s, tour).standings(1, None);
    assert!(st
        .rows
        .iter()
        .all(|r| u64::from(r.player.0) != participant.id.0));
    let st = Field::new(&s, tour).standings(2, None);
    let row = st
        .rows
        .iter()
        .find(|r| u64::from(r.player.0) == participant.id.0)
        .expect("placed after round 2");
    // Start at the bar (2d: 31 points) + ½ for the missed round 1 + the round 2 result (unknown yet: 0).
    assert_eq!(row.mms.0, 2 * 31 + 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Entering the same results in any order, from any desks, gives the same standings.
    #[test]
    fn result_order_never_changes_standings(order in Just((0..5usize).collect::<Vec<_>>()).prop_shuffle(),
                                             outcomes in proptest::collection::vec(0..4u8, 5)) {
        let ten: Vec<(&str, &str)> = SEVEN.iter().copied().chain([("Hill", "12k"), ("Ito", "15k"), ("Jones", "20k")]).collect();
        let build = |order: &[usize]| {
            let mut s = event(2, &ten, true);
            close_registration(&mut s);
            draw(&mut s, 1).expect("draw");
            publish(&mut s, 1);
            for (k, &i) in order.iter().enumerate() {
                let outcome = match outcomes[i] {
                    0 => Outcome::WhiteWins,
                    1 => Outcome::BlackWins,
                    2 => Outcome::Jigo,
                    _ => Outcome::BothLose,
                };
                // Alternate which desk enters first.
                let (a, b) = if k % 2 == 0 { ("r1", "r2") } else { ("r2", "r1") };
                report(&mut s, 1, i as u32 + 1, outcome, a).expect("entry");
                report(&mut s, 1, i as u32 + 1, outcome, b).expect("entry");
            }
            let tour = s.tournaments[&T].clone();
            Field::new(&s, &tour).standings(1, Some(&["mms".to_string(), "sos".into(), "sosos".into(), "sodos".into(), "cuss".into()]))
        };
        let natural: Vec<usize> = (0..5).collect();
        prop_assert_eq!(build(&order), build(&natural));
    }
}

#[test]
fn a_player_who_leaves_is_not_paired_until_reinstated() {
    let mut s = event(3, &SEVEN[..6], false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    for t in 1..=3 {
        director_result(&mut s, 1, t, Outcome::BlackWins).expect("result");
    }
    run(
        &mut s,
        Command::CloseRound {
            tournament: T,
            round: 1,
        },
    );
    // The referee reports that player 6 leaves.
    try_run(
        &mut s,
        Command::Withdraw {
            id: ParticipantId(6),
            tournament: T,
            expected: None,
        },
        &ctx_as(Role::Referee, "referee", 1),
    )
    .expect("withdraw");
    draw(&mut s, 2).expect("round 2");
    let r2 = round(&s, 2);
    assert!(r2.game_of(ParticipantId(6)).is_none() && r2.bye != Some(ParticipantId(6)));
    assert_eq!(r2.games.len(), 2, "five players: two games and a bye");
    // Standings still list the player with their round 1 game.
    let tour = &s.tournaments[&T];
    let st = Field::new(&s, tour).standings(2, None);
    assert!(st.rows.iter().any(|r| u64::from(r.player.0) == 6));
}

#[test]
fn a_drawn_round_replays_from_its_recorded_seed() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    let recorded = round(&s, 1);
    // Anyone holding the log can re-run the engine on the same snapshot with the recorded seed.
    let tour = s.tournaments[&T].clone();
    let field = Field::new(&s, &tour);
    let again = tengen_draw::draw(
        &field.snapshot(1).snapshot,
        &field.draw_settings(),
        recorded.seed,
    )
    .expect("replay");
    let games = super::super::field::games_from_draw(&again, None);
    assert_eq!(games, recorded.games);
    assert_eq!(
        again.bye.map(super::super::field::participant_id),
        recorded.bye
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whole events through the register: random fields, results, withdrawals and latecomers, both profiles.
    /// Every round pairs each available player exactly once (game or bye), never repeats a game, never gives a
    /// second bye, and the standings place every player who played.
    #[test]
    fn random_events_keep_the_draw_invariants(
        n in 9usize..30,
        mays in any::<bool>(),
        seed in any::<u8>(),
        outcomes in proptest::collection::vec(0..5u8, 200),
    ) {
        let ranks = ["4d", "2d", "1d", "1k", "3k", "5k", "8k", "12k", "15k", "20k"];
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let players: Vec<(&str, &str)> = names
            .iter()
            .enumerate()
            .map(|(i, f)| (f.as_str(), ranks[(i * 7 + seed as usize) % ranks.len()]))
            .collect();
        let mut s = event(5, &players, false);
        if mays {
            let mut settings = s.tournaments[&T].settings.clone();
            settings.draw.profile = crate::domain::setup::DrawProfile::Mays;
            settings.draw.bye = crate::domain::setup::ByeRule::Mays;
            let expected = s.tournaments[&T].revision;
            run(&mut s, Command::UpdateTournament { id: T, expected, settings });
        }
        close_registration(&mut s);
        let mut k = 0;
        for r in 1..=5u32 {
            if r == 3 {
                // One player leaves, one arrives late.
                run(&mut s, Command::Withdraw { id: ParticipantId(2), tournament: T, expected: None });
                run(&mut s, Command::RegisterParticipant {
                    fields: player("Late", "6k"),
                    enter: vec![EnterSpec { tournament: T, rounds: Some(vec![3, 4, 5]) }],
                    check_in: true,
                    different_person: false,
                });
            }
            try_run(&mut s, Command::DrawRound { tournament: T, round: r, redraw: false, empty: false, expected: None, aside: None, part: None },
                &ctx_as(Role::Director, "td", seed.wrapping_add(r as u8))).expect("draw");
            publish(&mut s, r);
            let rec = round(&s, r);
            // Everyone available is in exactly one game or has the bye.
            let available: Vec<ParticipantId> = s.participants.values()
                .filter(|p| p.entries.get(&T).is_some_and(|e| Field::available(e, r)))
                .map(|p| p.id).collect();
            for p in &available {
                let seats = rec.games.iter().filter(|g| g.has(*p)).count() + usize::from(rec.bye == Some(*p));
                prop_assert_eq!(seats, 1, "player {} in round {}", p, r);
            }
            prop_assert_eq!(rec.games.len() * 2 + usize::from(rec.bye.is_some()), available.len());
            for table in rec.games.iter().map(|g| g.table) {
                let outcome = match outcomes[k % outcomes.len()] {
                    0 | 1 => Outcome::WhiteWins,
                    2 | 3 => Outcome::BlackWins,
                    _ => Outcome::Jigo,
                };
                k += 1;
                try_run(&mut s, Command::ReportResult { tournament: T, round: r, table,
                    result: GameResult { outcome, by_forfeit: false }, black: None },
                    &ctx_as(Role::Director, "td", 1)).expect("result");
            }
            run(&mut s, Command::CloseRound { tournament: T, round: r });
        }
        let rounds = s.play[&T].rounds.clone();
        let mut pairs = std::collections::BTreeSet::new();
        let mut byes = std::collections::BTreeSet::new();
        for r in &rounds {
            for g in &r.games {
                let key = (g.white.min(g.black), g.white.max(g.black));
                prop_assert!(pairs.insert(key), "{:?} met twice", key);
            }
            if let Some(b) = r.bye {
                prop_assert!(byes.insert(b), "{} had two byes", b);
            }
        }
        let tour = s.tournaments[&T].clone();
        let st = Field::new(&s, &tour).standings(5, None);
        prop_assert_eq!(st.rows.len(), n + 1);
    }
}

#[test]
fn a_player_checked_in_after_the_draw_blocks_publish_and_close_until_the_director_decides() {
    let mut s = event(3, &SEVEN[..6], false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    // A latecomer checked in at the late desk after the draw: present for round 1, but in no game.
    try_run(
        &mut s,
        Command::RegisterParticipant {
            fields: player("Hill", "4k"),
            enter: vec![EnterSpec {
                tournament: T,
                rounds: None,
            }],
            check_in: true,
            different_person: false,
        },
        &ctx_as(Role::LateDesk, "late", 1),
    )
    .expect("late registration");
    let late = ParticipantId(7);
    let publish_cmd = Command::PublishRound {
        tournament: T,
        round: 1,
    };
    let refused = try_run(
        &mut s,
        publish_cmd.clone(),
        &ctx_as(Role::Director, "td", 1),
    );
    match &refused {
        Err(Rejected::Precondition(m)) => {
            assert!(
                m.contains("Hill A") && m.contains("bye") && m.contains("absent"),
                "{m}"
            )
        }
        other => panic!("publish with an unseated player: {other:?}"),
    }
    run(
        &mut s,
        Command::EditRound {
            tournament: T,
            round: 1,
            edit: RoundEdit::MarkAbsent { player: late },
            expected: None,
        },
    );
    try_run(&mut s, publish_cmd, &ctx_as(Role::Director, "td", 1)).expect("decided: publishes");
}

#[test]
fn a_player_who_lost_by_forfeit_and_is_paired_again_is_a_warning() {
    let mut s = event(3, &SEVEN[..6], false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let games = round(&s, 1).games;
    let absent = games[0].black;
    try_run(
        &mut s,
        Command::RefereeReport {
            tournament: T,
            round: 1,
            table: 1,
            report: RefereeReport::NoShow { absent },
        },
        &ctx_as(Role::Referee, "referee", 1),
    )
    .expect("no-show");
    for g in &games[1..] {
        report(&mut s, 1, g.table, Outcome::WhiteWins, "r1").expect("result");
    }
    run(
        &mut s,
        Command::CloseRound {
            tournament: T,
            round: 1,
        },
    );
    draw(&mut s, 2).expect("draw 2");
    let number = s.play[&T].numbers[&absent];
    let warnings = round(&s, 2).warnings;
    assert!(
        warnings
            .iter()
            .any(|w| w.starts_with(&format!("#{number} ")) && w.contains("forfeit")),
        "{warnings:?}"
    );
}

/// "#N Family A" for participant `id`, as the sheets print them.
fn sheet_label(s: &State, id: ParticipantId) -> String {
    let p = &s.participants[&id].fields;
    format!(
        "#{} {} {}",
        s.play[&T].numbers[&id], p.family_name, p.given_name
    )
}

fn refusal(result: Result<Vec<Event>, Rejected>) -> String {
    match result {
        Err(e) => e.to_string(),
        Ok(events) => panic!("accepted: {events:?}"),
    }
}

#[test]
fn issue_12_a_referee_at_the_wrong_table_is_told_where_the_player_plays() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let r = round(&s, 1);
    let (elsewhere, bye) = (r.games[1].white, r.bye.expect("seven players: a bye"));
    let referee = |s: &mut State, report: RefereeReport| {
        try_run(
            s,
            Command::RefereeReport {
                tournament: T,
                round: 1,
                table: 1,
                report,
            },
            &ctx_as(Role::Referee, "referee", 1),
        )
    };
    let wrong = refusal(referee(&mut s, RefereeReport::NoShow { absent: elsewhere }));
    assert_eq!(
        wrong,
        format!(
            "player: {} plays at table {}, not table 1",
            sheet_label(&s, elsewhere),
            r.games[1].table
        )
    );
    let late = RefereeReport::LateStart {
        player: bye,
        minutes: 5,
    };
    assert_eq!(
        refusal(referee(&mut s, late)),
        format!("player: {} has the bye in round 1", sheet_label(&s, bye))
    );
    assert!(round(&s, 1).games[0].notes.is_empty(), "nothing recorded");
}

#[test]
fn issue_12_edit_refusals_name_players_by_their_sheet_number() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    let r = round(&s, 1);
    let bye = r.bye.expect("seven players: a bye");
    let (a, b) = (r.games[0].white, r.games[1].black);
    let edit = |s: &mut State, edit: RoundEdit| {
        try_run(
            s,
            Command::EditRound {
                tournament: T,
                round: 1,
                edit,
                expected: None,
            },
            &ctx_as(Role::Director, "td", 1),
        )
    };
    let swap = RoundEdit::Swap {
        a,
        b: bye,
        force: false,
    };
    assert_eq!(
        refusal(edit(&mut s, swap)),
        format!(
            "cannot swap: {} has the bye in round 1",
            sheet_label(&s, bye)
        )
    );
    // The engine's own refusals use the number too, never the register id.
    let pair = RoundEdit::Pair {
        a,
        b,
        white: None,
        handicap: None,
        table: None,
        force: false,
    };
    let already = refusal(edit(&mut s, pair));
    assert!(
        already.contains(&format!(
            "{} already plays at table {}",
            sheet_label(&s, a),
            r.games[0].table
        )),
        "{already}"
    );
    let stranger = ParticipantId(99);
    let unknown = refusal(edit(&mut s, RoundEdit::Unpair { player: stranger }));
    assert_eq!(unknown, "no participant P99");
    assert_eq!(round(&s, 1), r, "nothing changed");
}

// The draw made aside (issue 16 §3): paired outside the writer, taken by it only while its input is current.

fn aside_draw_of(s: &State, round: u32, seed: u64) -> super::aside::AsideDraw {
    super::aside::read_for_draw(s, T, round, false, false, None)
        .expect("drawable")
        .expect("not empty")
        .draw(seed)
        .expect("drawn")
}

fn commit_aside(s: &mut State, a: super::aside::AsideDraw) -> Result<Vec<Event>, Rejected> {
    let cmd = Command::DrawRound {
        tournament: T,
        round: a.read.round,
        redraw: false,
        empty: false,
        expected: None,
        aside: Some(std::sync::Arc::new(a)),
        part: None,
    };
    try_run(s, cmd, &ctx_as(Role::Director, "td", 99))
}

fn late_player(s: &mut State, family: &str, check_in: bool) {
    run(
        s,
        Command::RegisterParticipant {
            fields: player(family, "4k"),
            enter: vec![EnterSpec {
                tournament: T,
                rounds: None,
            }],
            check_in,
            different_person: false,
        },
    );
}

#[test]
fn aside_draw_with_current_input_is_taken_with_its_seed() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    let seed = 0x0123_4567_89ab_cdef_u64;
    let mut in_writer = s.clone();
    let mut ctx = ctx_as(Role::Director, "td", 0);
    ctx.entropy[..8].copy_from_slice(&seed.to_le_bytes());
    try_run(
        &mut in_writer,
        Command::DrawRound {
            tournament: T,
            round: 1,
            redraw: false,
            empty: false,
            expected: None,
            aside: None,
            part: None,
        },
        &ctx,
    )
    .expect("in-writer draw");
    let drawn = aside_draw_of(&s, 1, seed);
    commit_aside(&mut s, drawn).expect("aside draw taken");
    let (aside, writer) = (round(&s, 1), round(&in_writer, 1));
    assert_eq!(aside.seed, seed);
    assert_eq!(
        aside, writer,
        "the same seed pairs the same round either way"
    );
    assert_eq!(s.play[&T].numbers, in_writer.play[&T].numbers);
    assert_eq!(s.play[&T].starts, in_writer.play[&T].starts);
}

#[test]
fn aside_draw_is_refused_when_a_player_checked_in_since_it_read() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    let stale = aside_draw_of(&s, 1, 5);
    late_player(&mut s, "Hoshino", true);
    assert_eq!(
        commit_aside(&mut s, stale),
        Err(Rejected::DrawInputChanged {
            tournament: T,
            round: 1
        })
    );
    assert!(
        s.play.get(&T).is_none_or(|p| p.rounds.is_empty()),
        "a refused draw changes nothing"
    );
    let fresh = aside_draw_of(&s, 1, 5);
    commit_aside(&mut s, fresh).expect("the redraw is taken");
    let r = round(&s, 1);
    assert_eq!(r.games.len(), 4, "eight players, the late one included");
    assert_eq!(r.bye, None);
}

#[test]
fn aside_draw_ignores_changes_it_did_not_read() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    let drawn = aside_draw_of(&s, 1, 5);
    late_player(&mut s, "Ito", false);
    commit_aside(&mut s, drawn).expect("a player not checked in does not play round 1");
    assert_eq!(round(&s, 1).games.len(), 3);
}

#[test]
fn aside_draw_is_refused_when_the_rounds_moved_since_it_read() {
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    let redraw = |s: &State| {
        super::aside::read_for_draw(s, T, 1, true, false, None)
            .expect("redrawable")
            .expect("not empty")
            .draw(3)
            .expect("drawn")
    };
    let stale = redraw(&s);
    let table = round(&s, 1).games[0].table;
    let player = round(&s, 1).games[0].white;
    run(
        &mut s,
        Command::EditRound {
            tournament: T,
            round: 1,
            edit: RoundEdit::SetTable {
                player,
                table: table + 10,
            },
            expected: None,
        },
    );
    let cmd = |a| Command::DrawRound {
        tournament: T,
        round: 1,
        redraw: true,
        empty: false,
        expected: None,
        aside: Some(std::sync::Arc::new(a)),
        part: None,
    };
    let ctx = ctx_as(Role::Director, "td", 1);
    assert!(matches!(
        try_run(&mut s, cmd(stale), &ctx),
        Err(Rejected::DrawInputChanged { round: 1, .. })
    ));
    let fresh = redraw(&s);
    try_run(&mut s, cmd(fresh), &ctx).expect("a fresh redraw is taken");
    assert_eq!(round(&s, 1).draws, 2);
}

#[test]
fn aside_read_refuses_with_the_writers_words() {
    let mut s = event(3, &SEVEN, false);
    let read = |s: &State, n| super::aside::read_for_draw(s, T, n, false, false, None).map(|_| ());
    let writer = |s: &State, n| {
        decide(
            s,
            &Command::DrawRound {
                tournament: T,
                round: n,
                redraw: false,
                empty: false,
                expected: None,
                aside: None,
                part: None,
            },
            &ctx_as(Role::Director, "td", 1),
        )
        .map(|_| ())
    };
    for n in [0, 1, 2, 4] {
        let refused = read(&s, n).expect_err("refused");
        assert_eq!(Err(refused), writer(&s, n), "round {n}, registration open");
    }
    close_registration(&mut s);
    draw(&mut s, 1).expect("draw");
    let refused = read(&s, 2).expect_err("round 1 is not closed");
    assert!(refused.to_string().contains("close it"), "{refused}");
    assert_eq!(Err(refused), writer(&s, 2));
}

/// The director's update of the tournament's settings as `change` makes them.
fn update_settings(
    s: &mut State,
    change: impl FnOnce(&mut TournamentSettings),
) -> Result<Vec<Event>, Rejected> {
    let t = &s.tournaments[&T];
    let mut settings = t.settings.clone();
    change(&mut settings);
    let expected = t.revision;
    try_run(
        s,
        Command::UpdateTournament {
            id: T,
            expected,
            settings,
        },
        &ctx_as(Role::Director, "td", 1),
    )
}

/// The seven players in a tournament of `rounds` rounds paired by `system` (set before any draw).
fn event_as(system: PairingSystem, rounds: u32) -> State {
    let mut s = event(rounds, &SEVEN, false);
    update_settings(&mut s, |x| {
        x.system = system;
        x.mcmahon = McMahonSetup::default();
    })
    .expect("a new system before any draw");
    s
}

fn close_round(s: &mut State, n: u32) {
    run(
        s,
        Command::CloseRound {
            tournament: T,
            round: n,
        },
    );
}

/// A round robin of seven over seven rounds: everyone meets everyone once and sits out once; a player withdrawn
/// after round 2 keeps their scheduled games, each confirmed at the draw as a loss by forfeit (with a warning and
/// a note), so the round closes on the other results alone; the system cannot change once drawn.
#[test]
fn a_round_robin_meets_everyone_and_forfeits_a_withdrawn_players_games() {
    let mut s = round_robin(5);
    close_registration(&mut s);
    let refused = draw(&mut s, 1).expect_err("7 players need 7 rounds");
    assert!(
        refused
            .to_string()
            .contains("plays 7 rounds (14 for a double round robin)"),
        "{refused}"
    );
    let mut s = round_robin(7);
    close_registration(&mut s);
    let mut met = BTreeSet::new();
    let mut sat_out = std::collections::BTreeSet::new();
    let fujita = ParticipantId(6);
    for n in 1..=7 {
        if n == 3 {
            run(
                &mut s,
                Command::Withdraw {
                    id: fujita,
                    tournament: T,
                    expected: None,
                },
            );
        }
        draw(&mut s, n).expect("draw");
        publish(&mut s, n);
        let r = round(&s, n);
        assert_eq!(r.games.len(), 3, "round {n}");
        assert!(sat_out.insert(r.bye.expect("seven players: one sits out")));
        for g in &r.games {
            assert!(
                met.insert((g.white.min(g.black), g.white.max(g.black))),
                "round {n}: again"
            );
            if g.has(fujita) && n >= 3 {
                assert_eq!(g.confirmed, lost_by_forfeit(g, fujita), "round {n}");
                assert!(
                    r.warnings.iter().any(|w| w.contains("not playing round")),
                    "{:?}",
                    r.warnings
                );
                assert!(g.notes.iter().any(|w| w.contains("lost by forfeit")));
            } else {
                assert_eq!(g.confirmed, None, "round {n}");
                director_result(&mut s, n, g.table, Outcome::WhiteWins).expect("result");
            }
        }
        close_round(&mut s, n);
    }
    assert_eq!(met.len(), 21, "every pair of seven once");
    assert_eq!(sat_out.len(), 7);
    let standings = Field::new(&s, &s.tournaments[&T]).standings(7, None);
    let fujita_row = standings
        .rows
        .iter()
        .find(|r| r.player == super::super::field::player_id(fujita))
        .expect("Fujita still placed");
    assert_eq!(fujita_row.place, 7, "four forfeits and two results: last");
    let refused = update_settings(&mut s, |x| x.system = PairingSystem::Swiss).expect_err("drawn");
    assert!(
        refused
            .to_string()
            .contains("the pairing system cannot change now"),
        "{refused}"
    );
    assert!(
        matches!(
            refused,
            Rejected::SettingFixed {
                field: "system",
                ..
            }
        ),
        "the refusal names the setting for a form to mark: {refused:?}"
    );
    let fixed: Vec<&str> = crate::domain::decide::fixed_settings(&s, &s.tournaments[&T])
        .iter()
        .map(|f| f.field)
        .collect();
    assert_eq!(
        fixed,
        ["system", "group_size"],
        "what the settings page shows read-only"
    );
}

/// A round robin's draw has no choices: a seeding or a never-pair list is refused by name.
#[test]
fn a_round_robin_refuses_draw_choices() {
    let mut s = round_robin(7);
    assert!(
        crate::domain::decide::fixed_settings(&s, &s.tournaments[&T]).is_empty(),
        "before play every setting may change"
    );
    let refused =
        update_settings(&mut s, |x| x.draw.never_pair = vec![(1, 2)]).expect_err("no choice");
    assert!(
        refused
            .to_string()
            .contains("--never-pair: a round robin follows its schedule"),
        "{refused}"
    );
}

/// The result of game `g` when `loser` lost it by forfeit (their opponent wins it).
fn lost_by_forfeit(
    g: &super::super::round::GameRecord,
    loser: ParticipantId,
) -> Option<GameResult> {
    Some(GameResult {
        outcome: if g.white == loser {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        },
        by_forfeit: true,
    })
}

/// The seven players made a round robin of `rounds` rounds.
fn round_robin(rounds: u32) -> State {
    event_as(PairingSystem::RoundRobin, rounds)
}

/// The seven players made a knockout (a bracket of eight, three rounds).
fn knockout() -> State {
    event_as(PairingSystem::Knockout, 3)
}

/// A knockout's round 2 is drawn while round 1 is played; the result that decides a match adds its game in the
/// same entry (the round edit first, the game last, revisions in order); round 2 cannot close while a match
/// waits, nor when a result corrected afterwards leaves a game the bracket no longer has.
#[test]
fn a_knockout_fills_the_next_round_as_results_come() {
    let mut s = knockout();
    close_registration(&mut s);
    draw(&mut s, 1).expect("round 1");
    let r1 = round(&s, 1);
    assert_eq!(r1.games.len(), 3, "2–7, 3–6, 4–5");
    assert_eq!(r1.advancing, [ParticipantId(1)], "the top seed's bye");
    publish(&mut s, 1);
    draw(&mut s, 2).expect("round 2 drawn while round 1 is played");
    assert!(round(&s, 2).games.is_empty());
    publish(&mut s, 2);
    let four_five = r1
        .games
        .iter()
        .find(|g| g.has(ParticipantId(4)))
        .expect("4–5")
        .clone();
    let events = director_result(&mut s, 1, four_five.table, Outcome::WhiteWins).expect("result");
    let [Event::RoundEdited {
        revision: edited,
        round: r2,
        ..
    }, Event::GameUpdated {
        revision: updated, ..
    }] = events.as_slice()
    else {
        panic!("the round edit, then the game: {events:?}")
    };
    assert!(edited < updated);
    assert_eq!(r2.games.len(), 1);
    assert!(r2.games[0].has(ParticipantId(1)) && r2.games[0].has(four_five.white));
    let close = Command::CloseRound {
        tournament: T,
        round: 2,
    };
    let refused = try_run(&mut s, close.clone(), &ctx_as(Role::Director, "td", 1))
        .expect_err("a match waits");
    assert!(
        refused.to_string().contains("wait for results of round 1"),
        "{refused}"
    );
    for g in r1.games.iter().filter(|g| g.table != four_five.table) {
        director_result(&mut s, 1, g.table, Outcome::BlackWins).expect("result");
    }
    assert_eq!(round(&s, 2).games.len(), 2);
    run(
        &mut s,
        Command::CloseRound {
            tournament: T,
            round: 1,
        },
    );
    for g in round(&s, 2).games {
        director_result(&mut s, 2, g.table, Outcome::WhiteWins).expect("result");
    }
    // 4–5 corrected by the director after its winner's next game was drawn: that game is no longer the bracket's.
    director_result(&mut s, 1, four_five.table, Outcome::BlackWins).expect("a correction");
    let refused = try_run(&mut s, close.clone(), &ctx_as(Role::Director, "td", 1))
        .expect_err("not the bracket's game");
    assert!(
        refused
            .to_string()
            .contains("is not a match of the bracket"),
        "{refused}"
    );
    director_result(&mut s, 1, four_five.table, Outcome::WhiteWins).expect("corrected back");
    try_run(&mut s, close, &ctx_as(Role::Director, "td", 1)).expect("round 2 closes");
}

/// A Swiss knockout is split off a McMahon or Swiss tournament only after a closed round, and only a power of
/// two of its placed players; the split enters the top players checked in, numbered by place, and ends their
/// rounds of the main tournament.
#[test]
fn a_knockout_splits_off_after_a_closed_round() {
    let split = |s: &mut State, top: u32| {
        try_run(
            s,
            Command::SplitKnockout {
                from: T,
                top,
                name: String::new(),
                per_group: false,
            },
            &ctx_as(Role::Director, "td", 1),
        )
    };
    let mut s = event(3, &SEVEN, false);
    close_registration(&mut s);
    let refused = split(&mut s, 4).expect_err("no round yet");
    assert!(
        refused.to_string().contains("has no round yet"),
        "{refused}"
    );
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let refused = split(&mut s, 4).expect_err("open");
    assert!(
        refused.to_string().contains("close it before splitting"),
        "{refused}"
    );
    for g in round(&s, 1).games {
        director_result(&mut s, 1, g.table, Outcome::WhiteWins).expect("result");
    }
    close_round(&mut s, 1);
    for bad in [3, 1, 64] {
        let refused = split(&mut s, bad).expect_err("not a power of two");
        assert!(
            refused.to_string().contains("choose 2, 4, 8, 16 or 32"),
            "{refused}"
        );
    }
    let refused = split(&mut s, 8).expect_err("seven placed");
    assert!(
        refused.to_string().contains("fewer than the top 8"),
        "{refused}"
    );
    split(&mut s, 4).expect("split");
    let ko = TournamentId(2);
    let t = &s.tournaments[&ko];
    assert_eq!(t.settings.system, PairingSystem::Knockout);
    assert_eq!(t.settings.name, "Main knockout");
    assert_eq!(t.settings.rounds, 2);
    assert!(!t.registration_open);
    let numbers = &s.play[&ko].numbers;
    assert_eq!(numbers.len(), 4);
    for p in numbers.keys() {
        let entries = &s.participants[p].entries;
        assert_eq!(entries[&ko].status, EntryStatus::CheckedIn);
        assert_eq!(
            entries[&T].rounds,
            [1],
            "out of the main tournament after round 1"
        );
    }
}

/// A knockout player who withdraws loses their next match by forfeit the moment it is drawn: the walk-over.
#[test]
fn a_withdrawn_knockout_player_gives_a_walk_over() {
    let mut s = knockout();
    close_registration(&mut s);
    draw(&mut s, 1).expect("round 1");
    publish(&mut s, 1);
    draw(&mut s, 2).expect("round 2");
    publish(&mut s, 2);
    let top = ParticipantId(1);
    assert_eq!(round(&s, 1).advancing, [top]);
    run(
        &mut s,
        Command::Withdraw {
            id: top,
            tournament: T,
            expected: None,
        },
    );
    let four_five = round(&s, 1)
        .games
        .into_iter()
        .find(|g| g.has(ParticipantId(4)))
        .expect("4–5");
    director_result(&mut s, 1, four_five.table, Outcome::BlackWins).expect("result");
    let r2 = round(&s, 2);
    let g = r2.game_of(top).expect("1 against the winner of 4–5");
    assert!(g.has(four_five.black));
    assert_eq!(g.confirmed, lost_by_forfeit(g, top));
}

/// Zones (BGA handbook 11.4): seven players in round-robin zones of about three make two zones, #1–#4 and #5–#7,
/// each all-play-all in three rounds and nobody meeting the other zone; the standings place each zone on its own;
/// the groups cannot change once drawn, and a knockout is not played in groups; the zone winners split off into
/// their play-off, the stronger zone's winner the first seed.
#[test]
fn zones_play_all_play_all_and_their_winners_play_off() {
    let mut s = round_robin(3);
    let refused = update_settings(&mut s, |x| x.draw.group_size = 1).expect_err("a group of one");
    assert!(
        refused.to_string().contains("at least two players"),
        "{refused}"
    );
    let refused = update_settings(&mut s, |x| {
        x.system = PairingSystem::Knockout;
        x.draw.group_size = 3;
    })
    .expect_err("a knockout in groups");
    assert!(
        refused.to_string().contains("not played in groups"),
        "{refused}"
    );
    update_settings(&mut s, |x| x.draw.group_size = 3).expect("zones of three");
    close_registration(&mut s);
    let zone = |p: ParticipantId| usize::from(p.0 > 4);
    let mut met = BTreeSet::new();
    for n in 1..=3 {
        draw(&mut s, n).expect("drawn");
        let r = round(&s, n);
        assert_eq!(
            r.games.len(),
            3,
            "round {n}: two games in zone 1, one in zone 2"
        );
        let sitting: Vec<ParticipantId> = r.bye.iter().chain(&r.advancing).copied().collect();
        assert_eq!(sitting.len(), 1, "zone 2's bye");
        assert_eq!(zone(sitting[0]), 1);
        for g in &r.games {
            assert_eq!(zone(g.white), zone(g.black), "round {n}: across zones");
            assert!(
                met.insert((g.white.min(g.black), g.white.max(g.black))),
                "met twice"
            );
        }
        publish(&mut s, n);
        // The stronger player (lower number) wins every game.
        for g in &r.games {
            let outcome = if g.white < g.black {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            };
            director_result(&mut s, n, g.table, outcome).expect("result");
        }
        close_round(&mut s, n);
    }
    assert_eq!(met.len(), 6 + 3, "all play all in each zone");
    let refused = update_settings(&mut s, |x| x.draw.group_size = 0).expect_err("drawn");
    assert!(
        refused.to_string().contains("groups cannot change"),
        "{refused}"
    );
    let t = &s.tournaments[&T];
    let standings = Field::new(&s, t).standings(3, None);
    let groups: Vec<(Option<u32>, Vec<u32>)> = standings
        .sections
        .iter()
        .map(|sec| (sec.group, sec.rows.iter().map(|r| r.place).collect()))
        .collect();
    assert_eq!(
        groups,
        [(Some(1), vec![1, 2, 3, 4]), (Some(2), vec![1, 2, 3])]
    );
    let places: Vec<u32> = standings.rows.iter().map(|r| r.place).collect();
    assert_eq!(places, [1, 2, 3, 4, 1, 2, 3], "each zone placed on its own");
    let events = try_run(
        &mut s,
        Command::SplitKnockout {
            from: T,
            top: 1,
            name: "Play-off".into(),
            per_group: true,
        },
        &ctx_as(Role::Director, "td", 1),
    )
    .expect("the zone winners' play-off");
    let numbers = events
        .iter()
        .find_map(|e| match e {
            Event::PlayersNumbered { numbers, .. } => Some(numbers.clone()),
            _ => None,
        })
        .expect("numbered");
    assert_eq!(numbers, [(ParticipantId(1), 1), (ParticipantId(5), 2)]);
    let play_off = s
        .tournaments
        .values()
        .find(|t| t.settings.name == "Play-off")
        .expect("the play-off");
    assert_eq!(play_off.settings.system, PairingSystem::Knockout);
    assert_eq!(play_off.settings.rounds, 1);
}

/// A double elimination of seven (BGA handbook 11.2) takes six rounds, or seven to play the final again, and
/// refuses any other number; a player withdrawn after losing once loses their losers' section game by forfeit at
/// the draw and is out; nobody plays after a second loss; the last round is the final between the unbeaten winner
/// and the losers' winner; placed by the round each went out in.
#[test]
fn a_double_elimination_puts_everyone_out_at_the_second_loss() {
    let mut s = event_as(PairingSystem::DoubleElimination, 3);
    close_registration(&mut s);
    let refused = draw(&mut s, 1).expect_err("seven play six rounds");
    assert!(
        refused
            .to_string()
            .contains("plays 6 rounds (7 to play the final again"),
        "{refused}"
    );
    update_settings(&mut s, |x| {
        x.rounds = 6;
        x.scoring.tiebreaks =
            super::super::setup::tiebreak_profile("double-elimination").unwrap_or_default();
    })
    .expect("six rounds");
    let seven = ParticipantId(7);
    let mut losses: BTreeMap<ParticipantId, u32> = BTreeMap::new();
    for n in 1..=6 {
        if n == 2 {
            run(
                &mut s,
                Command::Withdraw {
                    id: seven,
                    tournament: T,
                    expected: None,
                },
            );
        }
        draw(&mut s, n).expect("drawn");
        let r = round(&s, n);
        if n == 6 {
            let [g] = r.games.as_slice() else {
                panic!("the final alone: {:?}", r.games)
            };
            let mut sides = [
                losses.get(&g.white).copied().unwrap_or(0),
                losses.get(&g.black).copied().unwrap_or(0),
            ];
            sides.sort_unstable();
            assert_eq!(
                sides,
                [0, 1],
                "the unbeaten winner against the losers' winner"
            );
        }
        publish(&mut s, n);
        for g in &r.games {
            for p in [g.white, g.black] {
                assert!(
                    losses.get(&p).copied().unwrap_or(0) < 2,
                    "round {n}: {p:?} is out"
                );
            }
            if let Some(done) = g.confirmed {
                assert!(
                    g.has(seven) && done.by_forfeit,
                    "round {n}: only #7's game is decided at the draw"
                );
            } else {
                let outcome = if g.white < g.black {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                };
                director_result(&mut s, n, g.table, outcome).expect("result");
            }
            let g = round(&s, n)
                .games
                .into_iter()
                .find(|x| x.table == g.table)
                .expect("game");
            let loser = match g.confirmed.map(|c| c.outcome) {
                Some(Outcome::WhiteWins) => g.black,
                Some(Outcome::BlackWins) => g.white,
                other => panic!("a single winner: {other:?}"),
            };
            *losses.entry(loser).or_default() += 1;
        }
        close_round(&mut s, n);
    }
    assert_eq!(losses.get(&seven), Some(&2), "#7 out by forfeit");
    let out: Vec<_> = losses.iter().filter(|(_, l)| **l >= 2).collect();
    assert_eq!(out.len(), 6, "everyone but the winner out: {losses:?}");
    let t = &s.tournaments[&T];
    let standings = Field::new(&s, t).standings(6, None);
    let first = &standings.rows[0];
    assert_eq!(first.player.0, 1);
    assert_eq!(standings.value_text(0, first.values[0]), "in");
    assert_eq!(standings.value_text(0, standings.rows[1].values[0]), "R6");
    let rounds_out: Vec<i64> = standings
        .rows
        .iter()
        .filter_map(|r| r.values[0].map(|v| v.numer()))
        .collect();
    assert!(
        rounds_out.windows(2).all(|w| w[0] >= w[1]),
        "{rounds_out:?}"
    );
}

mod partial;
mod players;
mod teams;
