//! The fee a player owes, payments and the treasurer's sums, through the register's own commands.

use super::*;
use crate::domain::record::{PairingSystem, ParticipantFields, Role};
use crate::domain::{decide, Command, Context, EnterSpec, Event, ParticipantId};

/// 2026-11-28 10:00 UTC.
const DAY_1_MS: i64 = 1_795_860_000_000;
const DAY_MS: i64 = 86_400_000;

fn ctx(terminal: &str, now_ms: i64) -> Context {
    Context {
        actor: crate::domain::Actor {
            terminal: terminal.into(),
            role: Role::Director,
            operator: String::new(),
        },
        now_ms,
        entropy: [7; 32],
    }
}

fn run(state: &mut State, cmd: Command, terminal: &str, now_ms: i64) -> Vec<Event> {
    let events = decide(state, &cmd, &ctx(terminal, now_ms)).unwrap();
    for e in &events {
        state.apply(e);
    }
    events
}

/// A three-round tournament over two days (rounds 1–2 on the 28th, round 3 on the 29th) with `fees`.
fn event(fees: FeeSchedule) -> State {
    let mut s = State::default();
    let settings = TournamentSettings {
        name: "Open".into(),
        rounds: 3,
        system: PairingSystem::Swiss,
        schedule: vec![
            "2026-11-28 10:00".into(),
            "2026-11-28 14:00".into(),
            "2026-11-29 10:00".into(),
        ],
        fees,
        ..Default::default()
    };
    run(
        &mut s,
        Command::CreateTournament {
            double_entry_unset: false,
            settings,
        },
        "director",
        DAY_1_MS - 10 * DAY_MS,
    );
    s
}

fn register(
    s: &mut State,
    name: &str,
    change: impl FnOnce(&mut ParticipantFields),
    rounds: Option<Vec<u32>>,
    at_ms: i64,
) -> ParticipantId {
    let mut f = ParticipantFields::sample(name, "A", "Club");
    change(&mut f);
    let cmd = Command::RegisterParticipant {
        fields: f,
        enter: vec![EnterSpec {
            tournament: TournamentId(1),
            rounds,
        }],
        check_in: false,
        different_person: false,
    };
    match run(s, cmd, "desk-1", at_ms).as_slice() {
        [Event::ParticipantRegistered { participant }] => participant.id,
        other => panic!("{other:?}"),
    }
}

fn pay(s: &mut State, id: ParticipantId, cents: i64, method: PayMethod, desk: &str, at_ms: i64) {
    let cmd = Command::RecordPayment {
        id,
        cents,
        method,
        note: if cents < 0 {
            "refund".into()
        } else {
            String::new()
        },
        expected: None,
    };
    run(s, cmd, desk, at_ms);
}

fn schedule() -> FeeSchedule {
    FeeSchedule {
        full_cents: 3_000,
        bands: vec![FeeBand {
            from: Rank::dan(1).unwrap(),
            cents: 4_000,
        }],
        non_member_cents: 500,
        junior_off_cents: 1_000,
        late_cents: 500,
        late_after: "2026-11-20".into(),
        day_cents: 1_200,
        levy: Levy {
            full_cents: 200,
            member_cents: 100,
            concession_cents: 50,
        },
        ..FeeSchedule::default()
    }
}

fn due(s: &State, id: ParticipantId) -> Account {
    account(s, &s.participants[&id], 0)
}

#[test]
fn the_fee_adds_the_schedules_lines_for_who_the_player_is_and_when_they_registered() {
    let mut s = event(schedule());
    let early = DAY_1_MS - 9 * DAY_MS;
    let member = register(&mut s, "Member", |f| f.member = true, None, early);
    let junior = register(
        &mut s,
        "Junior",
        |f| f.concession = Some(Concession::Junior),
        None,
        early,
    );
    let dan = register(
        &mut s,
        "Dan",
        |f| {
            f.member = true;
            f.rank = Rank::dan(2).unwrap();
        },
        None,
        early,
    );
    let late = register(&mut s, "Late", |f| f.member = true, None, DAY_1_MS - DAY_MS);
    assert_eq!(due(&s, member).due, 3_000);
    // Non-member +5, junior −10.
    assert_eq!(due(&s, junior).due, 2_500);
    assert_eq!(
        due(&s, junior)
            .lines
            .iter()
            .map(|l| l.part)
            .collect::<Vec<_>>(),
        [
            Part::Full,
            Part::NonMember,
            Part::Concession(Concession::Junior)
        ]
    );
    // The band from 1d replaces the full fee.
    assert_eq!(due(&s, dan).due, 4_000);
    assert_eq!(
        due(&s, dan).lines[0].part,
        Part::Band(Rank::dan(1).unwrap())
    );
    // Registered after the closing date.
    assert_eq!(due(&s, late).due, 3_500);
}

#[test]
fn a_player_who_plays_one_day_pays_by_the_day_unless_they_came_late() {
    let mut s = event(schedule());
    let early = DAY_1_MS - 9 * DAY_MS;
    let one_day = register(&mut s, "Sunday", |f| f.member = true, Some(vec![3]), early);
    assert_eq!(due(&s, one_day).due, 1_200);
    assert_eq!(due(&s, one_day).lines[0].part, Part::Days(1, 2));
    // Registered at the venue on the first day for the last round: a latecomer pays in full (Mays), plus late.
    let latecomer = register(
        &mut s,
        "Walkin",
        |f| f.member = true,
        Some(vec![3]),
        DAY_1_MS,
    );
    assert_eq!(due(&s, latecomer).due, 3_500);
    // Unless the director lets latecomers pay by the day too.
    let mut by_day = schedule();
    by_day.latecomers_by_day = true;
    let mut s = event(by_day);
    let latecomer = register(
        &mut s,
        "Walkin",
        |f| f.member = true,
        Some(vec![3]),
        DAY_1_MS,
    );
    assert_eq!(due(&s, latecomer).due, 1_700);
}

#[test]
fn an_agreed_fee_replaces_the_schedule_and_needs_a_reason() {
    let mut s = event(schedule());
    let early = DAY_1_MS - 9 * DAY_MS;
    let helper = register(
        &mut s,
        "Helper",
        |f| {
            f.fee_override = Some(FeeOverride {
                cents: 0,
                reason: "helps at the desk".into(),
            })
        },
        None,
        early,
    );
    let a = due(&s, helper);
    assert_eq!((a.scheduled, a.due, a.balance()), (3_500, 0, 0));
    let mut f = ParticipantFields::sample("NoReason", "A", "Club");
    f.fee_override = Some(FeeOverride {
        cents: 1_000,
        reason: " ".into(),
    });
    let refused = decide(
        &s,
        &Command::RegisterParticipant {
            fields: f,
            enter: Vec::new(),
            check_in: false,
            different_person: false,
        },
        &ctx("desk-1", early),
    )
    .unwrap_err();
    assert!(refused.to_string().contains("reason"), "{refused}");
}

#[test]
fn payments_settle_the_balance_and_a_stale_desk_is_refused() {
    let mut s = event(schedule());
    let id = register(&mut s, "Payer", |f| f.member = true, None, DAY_1_MS);
    assert_eq!(due(&s, id).balance(), 3_500);
    let shown = s.participants[&id].revision;
    pay(&mut s, id, 2_000, PayMethod::Prepaid, "director", DAY_1_MS);
    pay(&mut s, id, 2_000, PayMethod::Cash, "desk-1", DAY_1_MS + 1);
    let a = due(&s, id);
    assert_eq!((a.paid, a.balance()), (4_000, -500));
    pay(&mut s, id, -500, PayMethod::Cash, "desk-1", DAY_1_MS + 2);
    assert_eq!(due(&s, id).balance(), 0);
    // A second desk that showed the player before these payments is refused: it would take the money twice.
    let stale = Command::RecordPayment {
        id,
        cents: 3_500,
        method: PayMethod::Card,
        note: String::new(),
        expected: Some(shown),
    };
    assert!(decide(&s, &stale, &ctx("desk-2", DAY_1_MS)).is_err());
    // Nothing, and money given back without a reason, are refused.
    for (cents, note) in [(0, ""), (-100, "")] {
        let cmd = Command::RecordPayment {
            id,
            cents,
            method: PayMethod::Cash,
            note: note.into(),
            expected: None,
        };
        assert!(decide(&s, &cmd, &ctx("desk-1", DAY_1_MS)).is_err());
    }
}

#[test]
fn takings_sum_by_day_desk_and_method_and_the_levy_counts_each_player_once_a_day() {
    let mut s = event(schedule());
    let early = DAY_1_MS - 9 * DAY_MS;
    let a = register(&mut s, "Both", |f| f.member = true, None, early);
    let b = register(
        &mut s,
        "Junior",
        |f| f.concession = Some(Concession::Junior),
        Some(vec![1, 2]),
        early,
    );
    let c = register(&mut s, "Full", |_| {}, Some(vec![3]), early);
    pay(&mut s, a, 3_000, PayMethod::Cash, "desk-1", DAY_1_MS);
    pay(&mut s, b, 2_500, PayMethod::Card, "desk-2", DAY_1_MS);
    pay(&mut s, c, 1_000, PayMethod::Cash, "desk-1", DAY_1_MS);
    pay(&mut s, c, 700, PayMethod::Cash, "desk-1", DAY_1_MS + DAY_MS);
    let t = takings(&s, 0);
    let day1 = local_day(DAY_1_MS, 0);
    let day2 = local_day(DAY_1_MS + DAY_MS, 0);
    let cash1 = &t[&(day1, "desk-1".to_string(), PayMethod::Cash)];
    assert_eq!((cash1.count, cash1.cents), (2, 4_000));
    assert_eq!(
        t[&(day1, "desk-2".to_string(), PayMethod::Card)].cents,
        2_500
    );
    assert_eq!(t[&(day2, "desk-1".to_string(), PayMethod::Cash)].cents, 700);
    let levy = levy(&s);
    // Day 1: the member and the junior (two rounds, one day); day 2: the member and the full-rate player.
    let count = |day, c| levy.get(&(day, c)).map_or(0, |t: &Taken| t.count);
    assert_eq!(count(day1, LevyCategory::Member), 1);
    assert_eq!(count(day1, LevyCategory::Concession), 1);
    assert_eq!(count(day1, LevyCategory::Full), 0);
    assert_eq!(count(day2, LevyCategory::Member), 1);
    assert_eq!(count(day2, LevyCategory::Full), 1);
    assert_eq!(count(day2, LevyCategory::Concession), 0);
    let owed: i64 = levy.values().map(|t| t.cents).sum();
    assert_eq!(owed, 100 + 50 + 100 + 200);

    // Round 3 (day 2) drawn with the full-rate player alone (the bye): the member, absent that round, played no
    // game on day 2 and owes no levy for it.
    let tid = *s.tournaments.keys().next().expect("tournament");
    s.play
        .entry(tid)
        .or_default()
        .rounds
        .push(crate::domain::round::RoundRecord {
            bye: Some(c),
            ..crate::domain::round::RoundRecord::empty(3, 1)
        });
    let levy = super::levy(&s);
    let count = |day, c| levy.get(&(day, c)).map_or(0, |t: &Taken| t.count);
    assert_eq!(
        count(day2, LevyCategory::Member),
        0,
        "absent from the only round of day 2"
    );
    assert_eq!(count(day2, LevyCategory::Full), 1);
    assert_eq!(
        count(day1, LevyCategory::Member),
        1,
        "day 1 is still to draw: entered counts"
    );
}

#[test]
fn a_schedule_with_a_bad_amount_or_date_is_refused() {
    let mut bad = schedule();
    bad.late_after = "2026-13-01".into();
    assert!(bad.validate().is_err());
    let mut bad = schedule();
    bad.junior_off_cents = -1;
    assert!(bad.validate().is_err());
    let mut bad = schedule();
    bad.bands.push(bad.bands[0]);
    assert!(bad.validate().is_err());
    assert!(schedule().validate().is_ok());
}
