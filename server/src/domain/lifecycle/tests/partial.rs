//! A round drawn in parts (issue 29; Mays, "Pairings for Round 2"): a 60-player McMahon round whose finished bottom
//! groups are drawn while the top boards still play, then the rest; the whole round passes the draw's independent
//! checker and no pair drawn early moves. The refusals Mays advises: an odd group drawn on its own, an odd field
//! whose bye's candidate still plays, and a part drawn before the last one is published.

use super::*;
use crate::domain::command::DrawPart;
use crate::domain::field::to_draw_round;
use crate::domain::round::RoundRecord;
use tengen_draw::checker::{self, Rule};

fn draw_part(s: &mut State, n: u32, part: DrawPart, redraw: bool) -> Result<Vec<Event>, Rejected> {
    try_run(
        s,
        Command::DrawRound {
            tournament: T,
            round: n,
            redraw,
            empty: false,
            expected: None,
            aside: None,
            part: Some(part),
        },
        &ctx_as(Role::Director, "td", 40 + n as u8),
    )
}

fn refusal(r: Result<Vec<Event>, Rejected>) -> String {
    match r {
        Err(r @ (Rejected::Precondition(_) | Rejected::Desk(_))) => r.to_string(),
        other => panic!("a refusal with a reason, not {other:?}"),
    }
}

/// The stronger player (lower number) wins, as the results desk confirms it.
fn stronger_wins(s: &mut State, n: u32, table: u32) {
    let r = round(s, n);
    let g = r.game_at(table).expect("game");
    let numbers = &s.play[&T].numbers;
    let outcome = if numbers[&g.white] < numbers[&g.black] {
        Outcome::WhiteWins
    } else {
        Outcome::BlackWins
    };
    director_result(s, n, table, outcome).expect("result");
}

/// `count` players from 5 dan down, two per rank.
fn field(count: usize) -> Vec<(String, String)> {
    let ranks = [
        "5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k", "4k", "5k", "6k", "7k", "8k", "9k", "10k",
        "11k", "12k", "13k", "14k", "15k", "16k", "17k", "18k", "19k", "20k", "21k", "22k", "23k",
        "24k", "25k", "26k",
    ];
    (0..count)
        .map(|i| (format!("P{i:02}"), ranks[i / 2].to_string()))
        .collect()
}

fn event_of(rounds: u32, players: &[(String, String)]) -> State {
    let refs: Vec<(&str, &str)> = players
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut s = event(rounds, &refs, false);
    close_registration(&mut s);
    s
}

/// Plays round `n` whole: drawn, published, every game won by the stronger player, closed.
fn play_round(s: &mut State, n: u32) {
    draw(s, n).expect("draw");
    publish(s, n);
    for t in round(s, n)
        .games
        .iter()
        .map(|g| g.table)
        .collect::<Vec<_>>()
    {
        stronger_wins(s, n, t);
    }
    close_round(s, n);
}

#[test]
fn the_bottom_of_a_60_player_round_is_drawn_while_the_top_plays_and_the_whole_round_keeps_the_rules(
) {
    let players = field(60);
    let mut s = event_of(5, &players);
    play_round(&mut s, 1);
    play_round(&mut s, 2);
    draw(&mut s, 3).expect("draw round 3");
    publish(&mut s, 3);
    // The top ten boards still play round 3; everyone below has finished.
    let tables: Vec<u32> = round(&s, 3).games.iter().map(|g| g.table).collect();
    for t in tables.iter().filter(|t| **t > 10) {
        stronger_wins(&mut s, 3, *t);
    }

    // Round 4 cannot be drawn whole yet; its finished bottom can.
    let whole = refusal(draw(&mut s, 4));
    assert!(whole.contains("close it"), "{whole}");
    draw_part(&mut s, 4, DrawPart::Bottom, false).expect("the bottom groups");
    let first = round(&s, 4);
    assert_eq!(first.parts.len(), 1);
    assert!(!first.games.is_empty());
    let playing: BTreeSet<ParticipantId> = round(&s, 3)
        .games
        .iter()
        .filter(|g| g.confirmed.is_none())
        .flat_map(|g| [g.white, g.black])
        .collect();
    for g in &first.games {
        assert!(
            !playing.contains(&g.white) && !playing.contains(&g.black),
            "only players who finished are drawn: table {}",
            g.table
        );
    }
    // The bottom's tables leave room above for the top boards, drawn later.
    let lowest = first.games.iter().map(|g| g.table).min().unwrap_or(0);
    assert!(
        lowest > 5,
        "the bottom part starts below the top boards: table {lowest}"
    );

    // A part waits to be published before the next; it is shown, its games take results at once.
    let waiting = refusal(draw_part(&mut s, 4, DrawPart::Rest, false));
    assert!(waiting.contains("not yet published"), "{waiting}");
    publish(&mut s, 4);
    let shown = round(&s, 4);
    assert_eq!(shown.state, RoundState::Published);
    assert!(shown.games.iter().all(|g| shown.shows(g)));
    let early = shown.games[0].table;
    stronger_wins(&mut s, 4, early);

    // The rest waits for the top boards: refused while they play, drawn once round 3 is closed.
    let rest = refusal(draw_part(&mut s, 4, DrawPart::Rest, false));
    assert!(rest.contains("round 3 still plays"), "{rest}");
    for t in tables.iter().filter(|t| **t <= 10) {
        stronger_wins(&mut s, 3, *t);
    }
    close_round(&mut s, 3);
    draw(&mut s, 4).expect("a plain draw of a round in parts draws the rest");
    let whole = round(&s, 4);
    assert_eq!(whole.parts.len(), 2);
    assert!(!whole.parts[1].published);
    for g in &first.games {
        let now = whole.game_at(g.table).expect("kept");
        assert_eq!(
            (now.white, now.black, now.handicap),
            (g.white, g.black, g.handicap),
            "no pair drawn early moves"
        );
    }
    let rest_tables = &whole.parts[1].tables;
    for g in whole
        .games
        .iter()
        .filter(|g| rest_tables.contains(&g.table))
    {
        assert!(
            !whole.shows(g),
            "the rest is not shown before it is published"
        );
    }
    publish(&mut s, 4);
    let whole = round(&s, 4);
    assert_eq!(whole.games.len(), 30, "all 60 players play");
    let tables: BTreeSet<u32> = whole.games.iter().map(|g| g.table).collect();
    assert_eq!(tables.len(), 30, "every table once");

    // The checker, from the field as it stood before round 4, over the whole round.
    let rules = [
        Rule::Unpaired,
        Rule::NotPairable,
        Rule::PairedTwice,
        Rule::Bye,
        Rule::Repeat,
        Rule::Handicap,
        Rule::Colour,
    ];
    let violations = whole_round_violations(&s, &whole, &rules);
    assert!(violations.is_empty(), "{violations:#?}");
}

fn whole_round_violations(s: &State, r: &RoundRecord, rules: &[Rule]) -> Vec<checker::Violation> {
    let t = &s.tournaments[&T];
    let field = Field::new(s, t);
    let before = field.snapshot(r.number);
    checker::check(&before.snapshot, &field.draw_settings(), &to_draw_round(r))
        .into_iter()
        .filter(|v| rules.contains(&v.rule))
        .collect()
}

#[test]
fn mays_refusals_an_odd_group_on_its_own_and_a_bye_whose_candidate_still_plays() {
    // Four strong players and six weak ones: the weak play among themselves, three win and three lose.
    let players: Vec<(String, String)> = [
        ("Ash", "3d"),
        ("Birch", "3d"),
        ("Cedar", "3d"),
        ("Dogwood", "3d"),
        ("Elm", "15k"),
        ("Fir", "15k"),
        ("Gum", "15k"),
        ("Hazel", "15k"),
        ("Ivy", "15k"),
        ("Juniper", "15k"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    let mut s = event_of(3, &players);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let strong: BTreeSet<ParticipantId> = (1..=4).map(ParticipantId).collect();
    let games = round(&s, 1).games.clone();
    assert!(
        games
            .iter()
            .all(|g| strong.contains(&g.white) == strong.contains(&g.black)),
        "round 1 pairs within the two groups"
    );
    for g in games.iter().filter(|g| !strong.contains(&g.white)) {
        stronger_wins(&mut s, 1, g.table);
    }
    // One strong game finished, one still playing.
    let strong_tables: Vec<u32> = games
        .iter()
        .filter(|g| strong.contains(&g.white))
        .map(|g| g.table)
        .collect();
    stronger_wins(&mut s, 1, strong_tables[0]);

    let winners = settled_groups(&s, 2)
        .into_iter()
        .find(|(_, size)| *size == 3)
        .map(|(main, _)| main)
        .expect("the weak winners' group: three players, finished");
    let odd = refusal(draw_part(
        &mut s,
        2,
        DrawPart::Group { mms_half: winners },
        false,
    ));
    assert!(odd.contains("odd number of players (3)"), "{odd}");
    assert!(s.play[&T].round(2).is_none(), "a refusal changes nothing");
    let unknown = draw_part(&mut s, 2, DrawPart::Group { mms_half: 99 }, false);
    assert!(
        matches!(unknown, Err(Rejected::Invalid { .. })),
        "{unknown:?}"
    );
    // From the bottom, both weak groups together are even: drawn.
    draw_part(&mut s, 2, DrawPart::Bottom, false).expect("the bottom");
    assert_eq!(round(&s, 2).games.len(), 3);
    // Drawn again while waiting: same players, and the draw count says so.
    draw_part(&mut s, 2, DrawPart::Bottom, true).expect("drawn again");
    let again = round(&s, 2);
    assert_eq!(
        (again.games.len(), again.draws, again.parts.len()),
        (3, 2, 1)
    );

    // An odd field: one weak player more, and the bye's candidate is still at a board.
    let mut players = players;
    players.push(("Kapok".into(), "17k".into()));
    let mut s = event_of(3, &players);
    draw(&mut s, 1).expect("draw");
    publish(&mut s, 1);
    let r1 = round(&s, 1);
    let strong_tables: BTreeSet<u32> = r1
        .games
        .iter()
        .filter(|g| strong.contains(&g.white))
        .map(|g| g.table)
        .collect();
    for t in &strong_tables {
        stronger_wins(&mut s, 1, *t);
    }
    let bye = refusal(draw_part(&mut s, 2, DrawPart::Bottom, false));
    assert!(bye.contains("the bye goes first"), "{bye}");
    let (top, _) = *settled_groups(&s, 2)
        .last()
        .expect("the strong groups are finished");
    let group = refusal(draw_part(
        &mut s,
        2,
        DrawPart::Group { mms_half: top },
        false,
    ));
    assert!(group.contains("the bye"), "{group}");
}

/// The score groups (half points, size) of the players still to pair in round `n` that no game still played can
/// change, lowest first.
fn settled_groups(s: &State, n: u32) -> Vec<(i32, usize)> {
    let t = &s.tournaments[&T];
    let f = Field::new(s, t);
    let input = f.snapshot_for_part(n);
    let groups =
        tengen_draw::engine::complete_groups(&input.snapshot, &f.draw_settings()).expect("groups");
    groups
        .groups
        .iter()
        .filter(|g| g.settled)
        .map(|g| (g.main.0, g.players.len()))
        .collect()
}
