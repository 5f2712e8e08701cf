//! Players acting with their personal codes (issue 31): codes made at registration and reissued, a player's own
//! result as one entry of the double entry (both players, a player and a desk, two who disagree), the refusals
//! for the opponent's code, another table, a closed round, a confirmed result and a switch that is off, and a
//! self check-in with its refusals.

use super::*;
use crate::domain::code::{PlayerCode, TypedCode};
use crate::domain::command::{PlayerSays, Via};

fn code_of(s: &State, id: ParticipantId) -> TypedCode {
    TypedCode(s.participants[&id].code.clone().expect("a code").grouped())
}

/// Six players, double entry, players reporting, round 1 drawn and published.
fn playing() -> State {
    let mut s = event(2, &SEVEN[..6], true);
    update_settings(&mut s, |x| x.players.report_results = true).expect("the switch");
    close_registration(&mut s);
    draw(&mut s, 1).expect("round 1");
    publish(&mut s, 1);
    s
}

/// `who` reports `what` at `table` with the code of `code_from` (their own, or someone else's).
fn says(
    s: &mut State,
    table: u32,
    who: ParticipantId,
    what: PlayerSays,
    code_from: ParticipantId,
) -> Result<Vec<Event>, Rejected> {
    let code = code_of(s, code_from);
    says_typed(s, table, who, what, code)
}

fn says_typed(
    s: &mut State,
    table: u32,
    who: ParticipantId,
    what: PlayerSays,
    code: TypedCode,
) -> Result<Vec<Event>, Rejected> {
    try_run(
        s,
        Command::PlayerReport {
            tournament: T,
            round: 1,
            table,
            participant: who,
            says: what,
            black: None,
            code,
            via: Via::Venue,
        },
        &ctx_as(Role::Public, "player page", 3),
    )
}

fn seats(s: &State, table: u32) -> (ParticipantId, ParticipantId) {
    let g = round(s, 1).game_at(table).expect("a game").clone();
    (g.white, g.black)
}

#[test]
fn everyone_registered_gets_a_distinct_code_that_debug_never_prints() {
    let s = playing();
    let codes: BTreeSet<PlayerCode> = s
        .participants
        .values()
        .map(|p| p.code.clone().expect("a code at registration"))
        .collect();
    assert_eq!(codes.len(), 6);
    for (id, p) in &s.participants {
        let code = p.code.as_ref().expect("a code");
        assert_eq!(s.by_code(code).map(|x| x.id), Some(*id));
        assert!(!format!("{s:?}").contains(code.as_str()));
    }
}

#[test]
fn both_players_agreeing_confirm_and_two_who_disagree_are_a_mismatch() {
    let mut s = playing();
    let (w, b) = seats(&s, 1);
    says(&mut s, 1, w, PlayerSays::Won, w).expect("white's report");
    let g = round(&s, 1).game_at(1).cloned().expect("game");
    assert_eq!(
        g.progress(),
        ResultProgress::Pending,
        "one player never confirms"
    );
    assert_eq!(g.players_reported(), 1);
    says(&mut s, 1, w, PlayerSays::Won, w).expect("white again");
    assert_eq!(
        round(&s, 1).game_at(1).map(|g| g.reports.len()),
        Some(1),
        "a player's second report replaces the first"
    );
    says(&mut s, 1, b, PlayerSays::Lost, b).expect("black agrees");
    let g = round(&s, 1).game_at(1).cloned().expect("game");
    assert_eq!(g.confirmed.map(|c| c.outcome), Some(Outcome::WhiteWins));
    assert!(g.settled_by_players());
    let audit = &g.reports[0];
    assert_eq!(
        (audit.player, audit.operator.as_str()),
        (Some(w), "venue network")
    );

    let (w2, b2) = seats(&s, 2);
    says(&mut s, 2, w2, PlayerSays::Won, w2).expect("white says won");
    says(&mut s, 2, b2, PlayerSays::Won, b2).expect("black says won too");
    let g = round(&s, 1).game_at(2).cloned().expect("game");
    assert_eq!(
        g.progress(),
        ResultProgress::Mismatch,
        "the desk and referee see it"
    );
}

#[test]
fn a_player_and_a_results_desk_agreeing_confirm() {
    let mut s = playing();
    let (_, b) = seats(&s, 3);
    says(&mut s, 3, b, PlayerSays::Won, b).expect("black's report");
    report(&mut s, 1, 3, Outcome::BlackWins, "results-1").expect("the desk agrees");
    let g = round(&s, 1).game_at(3).cloned().expect("game");
    assert_eq!(g.confirmed.map(|c| c.outcome), Some(Outcome::BlackWins));
    assert!(!g.settled_by_players(), "a desk typed it too");
}

#[test]
fn the_opponents_code_another_table_a_confirmed_result_and_a_closed_round_change_nothing() {
    let mut s = playing();
    let (w, b) = seats(&s, 1);
    let before = s.image();
    let wrong = says(&mut s, 1, w, PlayerSays::Won, b);
    assert_eq!(wrong, Err(Rejected::WrongCode), "the opponent's code");
    let garbage = says_typed(&mut s, 1, w, PlayerSays::Won, TypedCode("x".repeat(10_000)));
    assert_eq!(garbage, Err(Rejected::WrongCode));
    assert!(matches!(
        says(&mut s, 2, w, PlayerSays::Won, w),
        Err(Rejected::Invalid {
            field: "player",
            ..
        })
    ));
    assert_eq!(s.play, before.play, "nothing changed");

    director_result(&mut s, 1, 1, Outcome::BlackWins).expect("the director decides");
    let late = says(&mut s, 1, w, PlayerSays::Won, w);
    assert!(
        refusal(late).contains("only the director changes it now"),
        "a confirmed result stays"
    );
    says(&mut s, 1, w, PlayerSays::Lost, w).expect("agreeing is harmless");

    for table in 2..=3 {
        director_result(&mut s, 1, table, Outcome::WhiteWins).expect("results");
    }
    close_round(&mut s, 1);
    let after = says(&mut s, 1, w, PlayerSays::Lost, w);
    assert!(refusal(after).contains("round 1 is closed"));
}

#[test]
fn a_tournament_without_the_switch_refuses_players_reports_and_jigo_needs_whole_komi() {
    let mut s = playing();
    let (w, _) = seats(&s, 1);
    let jigo = says(&mut s, 1, w, PlayerSays::Jigo, w);
    assert!(matches!(
        jigo,
        Err(Rejected::Invalid {
            field: "result",
            ..
        })
    ));
    update_settings(&mut s, |x| x.players.report_results = false).expect("off");
    let off = says(&mut s, 1, w, PlayerSays::Won, w);
    assert!(refusal(off).contains("hand the result to the results desk"));
}

#[test]
fn a_reissued_code_replaces_the_old_one_at_once() {
    let mut s = playing();
    let (w, _) = seats(&s, 1);
    let old = code_of(&s, w);
    let issued = run(
        &mut s,
        Command::IssueCodes {
            participants: vec![w],
        },
    );
    assert!(matches!(issued.as_slice(), [Event::CodeIssued { id, .. }] if *id == w));
    let new = code_of(&s, w);
    assert_ne!(old, new);
    assert_eq!(
        says_typed(&mut s, 1, w, PlayerSays::Won, old),
        Err(Rejected::WrongCode)
    );
    says_typed(&mut s, 1, w, PlayerSays::Won, new).expect("the new code works");
    let refused = try_run(
        &mut s,
        Command::IssueCodes {
            participants: vec![w, w],
        },
        &ctx_as(Role::Director, "td", 9),
    );
    assert!(matches!(refused, Err(Rejected::Invalid { .. })));
}

fn self_check_in(
    s: &mut State,
    id: ParticipantId,
    code_from: ParticipantId,
) -> Result<Vec<Event>, Rejected> {
    let code = code_of(s, code_from);
    try_run(
        s,
        Command::SelfCheckIn {
            tournament: T,
            participant: id,
            code,
        },
        &ctx_as(Role::Public, "self check-in", 4),
    )
}

#[test]
fn a_preregistered_player_checks_themselves_in_once_while_registration_is_open() {
    let mut s = event(2, &[], false);
    for family in ["Abe", "Baker"] {
        run(
            &mut s,
            Command::RegisterParticipant {
                fields: player(family, "1k"),
                enter: vec![EnterSpec {
                    tournament: T,
                    rounds: None,
                }],
                check_in: false,
                different_person: false,
            },
        );
    }
    let ids: Vec<ParticipantId> = s.participants.keys().copied().collect();
    let (abe, baker) = (ids[0], ids[1]);
    let off = self_check_in(&mut s, abe, abe);
    assert!(
        refusal(off).contains("registration desk"),
        "the switch is off"
    );
    update_settings(&mut s, |x| x.players.self_check_in = true).expect("on");
    assert_eq!(self_check_in(&mut s, abe, baker), Err(Rejected::WrongCode));
    self_check_in(&mut s, abe, abe).expect("Abe checks in");
    let entry = &s.participants[&abe].entries[&T];
    assert_eq!(entry.status, EntryStatus::CheckedIn);
    assert!(entry.checked_in.as_ref().is_some_and(|b| b.by_self));
    assert!(matches!(
        self_check_in(&mut s, abe, abe),
        Err(Rejected::AlreadyCheckedIn { .. })
    ));
    close_registration(&mut s);
    assert_eq!(
        self_check_in(&mut s, baker, baker),
        Err(Rejected::RegistrationClosed(T))
    );
}
