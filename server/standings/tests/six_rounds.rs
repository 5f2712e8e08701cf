//! A hand-checked six-round McMahon tournament: two sections, a bye, a latecomer from round 4, a partial player
//! who leaves after round 3, a sleeper, a forfeit and a jigo. Every value below was computed by hand first (the
//! working is in the comments); the code must agree.
//!
//! Players (id = number). Section A starts at 0: 1, 2, 3, 4. Section B starts at −2: 5, 6, 7, 8, 9, 10, 11.
//! 9 is a latecomer (plays rounds 4–6), 10 a partial player (rounds 1–3), 8 sleeps in round 5.
//!
//! | round | games (winner first; `=` jigo, `f` forfeit)          | bye | missed   |
//! |-------|------------------------------------------------------|-----|----------|
//! | 1     | 1>2, 3>4, 5>6, 8>7, 10>11                            |     | 9        |
//! | 2     | 3>1, 2>4, 5>8, 6>10, 11>7 f (7 did not show)          |     | 9        |
//! | 3     | 3>2, 1>5, 4=6, 8>11, 7>10                            |     | 9        |
//! | 4     | 3>5, 1>4, 8>2, 9>7, 11>6                             |     | 10       |
//! | 5     | 3>9, 1>11, 5>2, 4>7                                  | 6   | 8, 10    |
//! | 6     | 8>3, 1>9, 5>4, 11>2, 7>6                             |     | 10       |
//!
//! MMS after each round with Mays' ½ per missed round (points):
//! 1: 1, 1, 2, 3, 4, 5            CUSS 16     2: 0, 1, 1, 1, 1, 1        CUSS 5
//! 3: 1, 2, 3, 4, 5, 5            CUSS 20     4: 0, 0, ½, ½, 1½, 1½      CUSS 4
//! 5: −1, 0, 0, 0, 1, 2           CUSS 2      6: −2, −1, −½, −½, ½, ½    CUSS −3 (bye +1 in R5)
//! 7: −2, −2, −1, −1, −1, 0       CUSS −7     8: −1, −1, 0, 1, 1½, 2½    CUSS 3 (missed R5 +½)
//! 9: −1½, −1, −½, ½, ½, ½        CUSS −1½    10: −1, −1, −1, −½, 0, ½   CUSS −3
//! 11: −2, −1, −1, 0, 0, 1        CUSS −3
//!
//! Adjusted (Mays) = start + points over the board + ½ per round without a played game:
//! 6: −2 + 1 + ½ + ½ (bye) = 0; 7: −2 + 2 + ½ (forfeit loss) = ½; 8: −2 + 4 + ½ (missed) = 2½;
//! 9: −2 + 1 + 3·½ = ½; 10: −2 + 1 + 3·½ = ½; 11: −2 + 2 + ½ (forfeit win) = ½; 1–5 unchanged (all played).

use tengen_draw::model::{
    GameResult, HalfPoints, Outcome, PastBye, PastGame, Player, PlayerId, Rank, RoundNo, Snapshot,
};
use tengen_standings::score::ScoreTable;
use tengen_standings::settings::{
    Criterion, OpponentScore, Placing, ScoreRules, SosRules, Unplayed,
};
use tengen_standings::{
    explain, give, standings, tiebreak, Candidate, Cents, Pot, PrizeGroup, Row, Settings, Value,
};

fn player(
    id: u32,
    start_points: i32,
    rounds_played: std::ops::RangeInclusive<u32>,
    sleeps: &[u32],
) -> Player {
    Player {
        id: PlayerId(id),
        number: id,
        family_name: format!("Player{id}"),
        given_name: String::new(),
        rank: Rank(start_points),
        rating: None,
        club: String::new(),
        city: String::new(),
        country: String::new(),
        family: None,
        local: false,
        starting_mms: HalfPoints(2 * start_points),
        participation: (1..=6)
            .map(|r| rounds_played.contains(&r) && !sleeps.contains(&r))
            .collect(),
        ghost: false,
    }
}

fn game(round: u32, winner: u32, loser: u32) -> PastGame {
    PastGame {
        round: RoundNo(round),
        white: PlayerId(winner),
        black: PlayerId(loser),
        handicap: 0,
        result: GameResult::played(Outcome::WhiteWins),
        known_colour: true,
    }
}

fn tournament() -> Snapshot {
    let mut players = vec![];
    for id in 1..=4 {
        players.push(player(id, 0, 1..=6, &[]));
    }
    for id in [5, 6, 7, 11] {
        players.push(player(id, -2, 1..=6, &[]));
    }
    players.push(player(8, -2, 1..=6, &[5]));
    players.push(player(9, -2, 4..=6, &[]));
    players.push(player(10, -2, 1..=3, &[]));
    let mut games = vec![];
    let rounds: [&[(u32, u32)]; 6] = [
        &[(1, 2), (3, 4), (5, 6), (8, 7), (10, 11)],
        &[(3, 1), (2, 4), (5, 8), (6, 10), (11, 7)],
        &[(3, 2), (1, 5), (4, 6), (8, 11), (7, 10)],
        &[(3, 5), (1, 4), (8, 2), (9, 7), (11, 6)],
        &[(3, 9), (1, 11), (5, 2), (4, 7)],
        &[(8, 3), (1, 9), (5, 4), (11, 2), (7, 6)],
    ];
    for (r, list) in rounds.iter().enumerate() {
        for &(w, l) in *list {
            games.push(game(r as u32 + 1, w, l));
        }
    }
    for g in games.iter_mut() {
        if g.round == RoundNo(2) && g.white == PlayerId(11) {
            g.result.by_forfeit = true;
        }
        if g.round == RoundNo(3) && g.white == PlayerId(4) {
            g.result.outcome = Outcome::Jigo;
        }
    }
    Snapshot {
        round: 7,
        rounds_total: 6,
        players,
        games,
        byes: vec![PastBye {
            round: RoundNo(5),
            player: PlayerId(6),
        }],
    }
}

/// Values per player id 1..=11, in points ×4 (quarter points) to write halves and quarters as integers.
fn by_id(table: &ScoreTable, values: &[Value]) -> Vec<Value> {
    (1..=11)
        .map(|id| values[table.index_of(PlayerId(id)).unwrap()])
        .collect()
}

fn q(list: &[i64]) -> Vec<Value> {
    list.iter().map(|&x| Value::quarter_points(x)).collect()
}

fn mays_table() -> ScoreTable {
    ScoreTable::build(&tournament(), RoundNo(6), &Settings::mays().scores)
}

#[test]
fn mms_after_every_round_follow_mays_half_point_rule() {
    let t = mays_table();
    let mms = |id: u32| -> Vec<i32> {
        t.mms[t.index_of(PlayerId(id)).unwrap()][1..]
            .iter()
            .map(|h| h.0)
            .collect()
    };
    // half points
    assert_eq!(mms(1), vec![2, 2, 4, 6, 8, 10]);
    assert_eq!(mms(2), vec![0, 2, 2, 2, 2, 2]);
    assert_eq!(mms(3), vec![2, 4, 6, 8, 10, 10]);
    assert_eq!(mms(4), vec![0, 0, 1, 1, 3, 3]);
    assert_eq!(mms(5), vec![-2, 0, 0, 0, 2, 4]);
    assert_eq!(mms(6), vec![-4, -2, -1, -1, 1, 1]);
    assert_eq!(mms(7), vec![-4, -4, -2, -2, -2, 0]);
    assert_eq!(mms(8), vec![-2, -2, 0, 2, 3, 5]);
    assert_eq!(mms(9), vec![-3, -2, -1, 1, 1, 1]);
    assert_eq!(mms(10), vec![-2, -2, -2, -1, 0, 1]);
    assert_eq!(mms(11), vec![-4, -2, -2, 0, 0, 2]);
    // Wins: 6 = win + jigo + bye = 2½; 11 = forfeit win + 2 wins = 3; missed rounds never count.
    let wins: Vec<i32> = (1..=11)
        .map(|id| t.wins[t.index_of(PlayerId(id)).unwrap()].0)
        .collect();
    assert_eq!(wins, vec![10, 2, 10, 3, 8, 5, 4, 8, 2, 2, 6]);
    let adjusted: Vec<i32> = (1..=11)
        .map(|id| t.adjusted[t.index_of(PlayerId(id)).unwrap()].0)
        .collect();
    assert_eq!(adjusted, vec![10, 2, 10, 3, 4, 0, 1, 5, 1, 1, 1]);
}

#[test]
fn sos_plain_adjusted_and_normalised_match_hand_values() {
    let t = mays_table();
    // Plain SOS (final MMS F = 5, 1, 5, 1½, 2, ½, 0, 2½, ½, ½, 1; own start −2 for a round without a game):
    // 1: 1+5+2+1½+1+½ = 11          2: 5+1½+5+2½+2+1 = 17        3: 1½+5+1+2+½+2½ = 12½
    // 4: 5+1+½+5+0+2 = 13½          5: ½+2½+5+5+1+1½ = 15½        6: 2+½+1½+1−2(bye)+0 = 3
    // 7: 2½+1+½+½+1½+½ = 6½         8: 0+2+1+1−2(missed)+5 = 7     9: −6+0+5+5 = 4
    // 10: 1+½+0−6 = −4½             11: ½+0+2½+½+5+1 = 9½
    let plain = tiebreak::sos(&t, SosRules::EGF);
    assert_eq!(
        by_id(&t, &plain),
        q(&[44, 68, 50, 54, 62, 12, 26, 28, 16, -18, 38])
    );
    // Adjusted (A = 5, 1, 5, 1½, 2, 0, ½, 2½, ½, ½, ½), normalised ×6/games:
    // 1: 1+5+2+1½+½+½ = 10½         2: 5+1½+5+2½+2+½ = 16½        3: 1½+5+1+2+½+2½ = 12½
    // 4: 5+1+0+5+½+2 = 13½          5: 0+2½+5+5+1+1½ = 15
    // 6: (2+½+1½+½+½ = 5)×6/5 = 6   7: 2½+½+½+½+1½+0 = 5½ (the forfeit is a game)
    // 8: (½+2+½+1+5 = 9)×6/5 = 10.8 9: (½+5+5 = 10½)×6/3 = 21     10: (½+0+½ = 1)×6/3 = 2
    // 11: ½+½+2½+0+5+1 = 9½
    let mays = tiebreak::sos(&t, SosRules::MAYS);
    let mut expected = q(&[42, 66, 50, 54, 60, 24, 22, 0, 84, 8, 38]);
    expected[7] = Value::new(54, 5);
    assert_eq!(by_id(&t, &mays), expected);
    // Final scores, normalised: 6: 5×6/5 = 6; 8: 9×6/5 = 10.8; 9: 10×2 = 20; 10: 1½×2 = 3; others as plain.
    let normalised = tiebreak::sos(
        &t,
        SosRules {
            opponent: OpponentScore::Final,
            unplayed: Unplayed::Normalise,
            handicap: false,
        },
    );
    let mut expected = q(&[44, 68, 50, 54, 62, 24, 26, 0, 80, 12, 38]);
    expected[7] = Value::new(54, 5);
    assert_eq!(by_id(&t, &normalised), expected);
    // Adjusted, own start for rounds without a game: 6: 5−2 = 3; 8: 9−2 = 7; 9: 10½−6 = 4½; 10: 1−6 = −5.
    let adjusted = tiebreak::sos(
        &t,
        SosRules {
            opponent: OpponentScore::Adjusted,
            unplayed: Unplayed::OwnStart,
            handicap: false,
        },
    );
    assert_eq!(
        by_id(&t, &adjusted),
        q(&[42, 66, 50, 54, 60, 12, 22, 28, 18, -20, 38])
    );
}

#[test]
fn sodos_cuss_and_cusp_match_hand_values() {
    let t = mays_table();
    // SODOS on adjusted scores, byes add nothing (Mays' SDOS):
    // 1: beat 2,5,4,11,9 = 1+2+1½+½+½ = 5½   2: beat 4 = 1½      3: beat 4,1,2,5,9 = 1½+5+1+2+½ = 10
    // 4: jigo 6 (0·½) + beat 7 (½) = ½       5: beat 6,8,2,4 = 0+2½+1+1½ = 5
    // 6: beat 10 (½) + jigo 4 (1½·½ = ¾) = 1¼ 7: beat 10,6 = ½+0 = ½   8: beat 7,11,2,3 = ½+½+1+5 = 7
    // 9: beat 7 = ½   10: beat 11 = ½   11: beat 7 (forfeit), 6, 2 = ½+0+1 = 1½
    let sodos = tiebreak::sodos(
        &t,
        SosRules {
            opponent: OpponentScore::Adjusted,
            unplayed: Unplayed::Zero,
            handicap: false,
        },
    );
    assert_eq!(by_id(&t, &sodos), q(&[22, 6, 40, 2, 20, 5, 2, 28, 2, 2, 6]));
    // SODOS on final scores with the BGA bye rule: 6 = beat 10 (½) + jigo 4 (¾) + bye (own start −2) = −¾.
    let bga = tiebreak::sodos(&t, SosRules::EGF);
    assert_eq!(by_id(&t, &bga)[5], Value::quarter_points(-3));
    // CUSS: sums of the MMS rows in the module comment.
    assert_eq!(
        by_id(&t, &tiebreak::cuss(&t)),
        q(&[64, 20, 80, 16, 8, -12, -28, 12, -6, -12, -12])
    );
    // CUSP: 1: 1+1+2+3+4+5 = 16; 3: 1+2+3+4+5+5 = 20; 6: 0+1+1½+1½+1½+1½ = 7 (bye excluded);
    // 11: 0+1+1+2+2+3 = 9 (the forfeit win counts).
    let cusp = by_id(&t, &tiebreak::cusp(&t));
    assert_eq!(
        [cusp[0], cusp[2], cusp[5], cusp[10]],
        [Value::int(16), Value::int(20), Value::int(7), Value::int(9)]
    );
}

#[test]
fn mays_profile_places_sections_and_picks_winners() {
    let s = standings(&tournament(), RoundNo(6), &Settings::mays());
    // Mays places by the MMS earned (issue 12): a missed round places like a loss, so 8 (sleeps in round 5) is on
    // 2, 9 and 10 (three missed rounds each) on −1; the tie-breaks still see the ½ per missed round.
    // Section A: 3 and 1 on 5, adjusted normalised SOS 12½ vs 10½ → 3 wins; then 4 (1½), 2 (1).
    // Section B: 5 and 8 on 2, SOS 15 vs 10.8 → 5 wins; 11 (1), 6 (½), 7 (0), then 9, 10 on −1 by SOS 21 vs 2.
    assert_eq!(s.sections.len(), 2);
    assert_eq!(s.sections[0].starting_mms, HalfPoints(0));
    let order = |i: usize| -> Vec<u32> { s.sections[i].rows.iter().map(|r| r.player.0).collect() };
    assert_eq!(order(0), vec![3, 1, 4, 2]);
    assert_eq!(order(1), vec![5, 8, 11, 6, 7, 9, 10]);
    assert_eq!(s.sections[1].winners(), vec![PlayerId(5)]);
    assert_eq!(s.bar_winners(), vec![PlayerId(3)]);
    // Overall: 3, 1 (5); 5, 8 (2); 4 (1½); 2, 11 (1) split by SOS 16½ vs 9½; 6 (½); 7 (0); 9, 10 (−1).
    let overall: Vec<u32> = s.rows.iter().map(|r| r.player.0).collect();
    assert_eq!(overall, vec![3, 1, 5, 8, 4, 2, 11, 6, 7, 9, 10]);
    let places: Vec<u32> = s.rows.iter().map(|r| r.place).collect();
    assert_eq!(places, (1..=11).collect::<Vec<_>>());
    let row = |id: u32| s.row(PlayerId(id)).unwrap().clone();
    assert_eq!(
        [row(8).mms, row(9).mms, row(10).mms],
        [HalfPoints(4), HalfPoints(-2), HalfPoints(-2)]
    );
}

#[test]
fn egf_profile_breaks_the_section_b_tie_on_sos() {
    let s = standings(&tournament(), RoundNo(6), &Settings::egf());
    // BGA/OpenGotha credit: 8 missed one round → no credit, final 2 = 5's 2. 9 and 10 missed three → +1, final 0.
    // EGF SOS: 5: ½+2+5+5+1+1½ = 15; 8: 0+2+1+1−2+5 = 7 → 5 wins section B.
    assert_eq!(s.sections[1].winners(), vec![PlayerId(5)]);
    let e = explain(&s, PlayerId(8), PlayerId(5)).unwrap();
    assert_eq!(e.higher, PlayerId(5));
    assert_eq!(
        e.separated_by,
        Some((Criterion::Sos(SosRules::EGF), Value::int(15), Value::int(7)))
    );
    assert_eq!(e.equal_on, vec![(Criterion::Mms, Value::int(2))]);
    // SOSOS with EGF SOS (1: 10½, 2: 16½, 3: 11½, 4: 13½, 5: 15, 9: 4, 8: 7, 7: 5, 10: −4½,
    // 11: 0+0+2+½+5+1 = 8½ — 10 is on 0 under the BGA credit):
    // 1: 16½+11½+15+13½+8½+4 = 69; 3: 13½+10½+16½+15+4+7 = 66½.
    let row = |id: u32| s.row(PlayerId(id)).unwrap().clone();
    assert_eq!(row(1).values[2], Some(Value::int(69)));
    assert_eq!(row(3).values[2], Some(Value::half_points(133)));
    assert_eq!(row(3).values[1], Some(Value::half_points(23)));
    // 6: 15−4½+13½+8½+5 + bye (−2 × 6 rounds) = 25½.
    let t = ScoreTable::build(&tournament(), RoundNo(6), &Settings::egf().scores);
    assert_eq!(
        by_id(&t, &tiebreak::sosos(&t, SosRules::EGF))[5],
        Value::half_points(51)
    );
}

#[test]
fn standings_after_round_three_ignore_later_rounds() {
    let s = standings(&tournament(), RoundNo(3), &Settings::mays());
    // After R3: 3 (3), 1 (2), 2 (1), 4 (½), then section B: 5 0, 8 0, 6 −½, ..., 9 −2 (three missed rounds place
    // like losses under Mays).
    let row = |id: u32| s.row(PlayerId(id)).unwrap().clone();
    assert_eq!(row(3).mms, HalfPoints(6));
    assert_eq!(row(9).mms, HalfPoints(-4));
    assert_eq!(row(10).mms, HalfPoints(-2));
    assert_eq!(s.rows[0].player, PlayerId(3));
}

#[test]
fn explain_names_the_separating_criterion() {
    let s = standings(&tournament(), RoundNo(6), &Settings::mays());
    let e = explain(&s, PlayerId(1), PlayerId(3)).unwrap();
    assert_eq!(e.higher, PlayerId(3));
    assert_eq!(e.separated_by.unwrap().1, Value::half_points(25));
    assert_eq!(e.separated_by.unwrap().2, Value::half_points(21));
    let text = e.to_string();
    assert!(text.contains("MMS equal (5)"), "{text}");
    assert!(text.contains("12.5 > 10.5"), "{text}");
}

/// The place prizes `prizes` over the placed `rows`, as one group given on its own.
fn split_prizes(rows: &[Row], prizes: &[Cents]) -> Vec<tengen_standings::Given> {
    let group = PrizeGroup {
        pot: Pot::Places(prizes.to_vec()),
        candidates: rows
            .iter()
            .map(|r| Candidate {
                player: r.player,
                place: r.place,
            })
            .collect(),
    };
    give(&[group], true)
}

#[test]
fn prizes_of_tied_places_are_summed_and_split() {
    // Section B, MMS only, the missed-round credit counted in placing: 8 (2½) first; 5 second; 11 third; 6, 9,
    // 10 share 4th–6th.
    let mays = Settings::mays();
    let settings = Settings {
        criteria: vec![Criterion::Mms],
        scores: ScoreRules {
            placing: Placing::WithCredits,
            ..mays.scores
        },
        ..mays
    };
    let s = standings(&tournament(), RoundNo(6), &settings);
    let b = &s.sections[1].rows;
    let awards = split_prizes(
        b,
        &[
            Cents(10_000),
            Cents(5_000),
            Cents(2_000),
            Cents(1_000),
            Cents(1_000),
            Cents(1),
        ],
    );
    let got: Vec<(u32, u32, i64)> = awards
        .iter()
        .map(|a| (a.player.0, a.place, a.amount.0))
        .collect();
    // 4th–6th pot = 1000 + 1000 + 1 = 2001 → 667 each, no leftover.
    assert_eq!(
        got,
        vec![
            (8, 1, 10_000),
            (5, 2, 5_000),
            (11, 3, 2_000),
            (6, 4, 667),
            (9, 4, 667),
            (10, 4, 667)
        ]
    );
    // Pot of 2000 over three: 666 each and the leftover 2 cents to the first two by player number.
    let awards = split_prizes(
        b,
        &[Cents(0), Cents(0), Cents(0), Cents(1_000), Cents(1_000)],
    );
    let got: Vec<i64> = awards.iter().map(|a| a.amount.0).collect();
    assert_eq!(got, vec![667, 667, 666]);
    assert_eq!(awards[0].player, PlayerId(6));
}

#[test]
fn sos_minus_drops_the_lowest_values_and_virtual_opponent_fills_gaps() {
    let t = mays_table();
    let at = |v: Vec<Value>, id: u32| v[t.index_of(PlayerId(id)).unwrap()];
    // 1's per-round values 1, 5, 2, 1½, 1, ½: SOS−1 = 11 − ½ = 10½, SOS−2 = 11 − ½ − 1 = 9½.
    assert_eq!(
        at(tiebreak::sos_minus(&t, 1, SosRules::EGF), 1),
        Value::half_points(21)
    );
    assert_eq!(
        at(tiebreak::sos_minus(&t, 2, SosRules::EGF), 1),
        Value::half_points(19)
    );
    // 6's values 2, ½, 1½, 1, −2 (bye substitute), 0: the substitute goes first: SOS−1 = 5, SOS−2 = 5.
    assert_eq!(
        at(tiebreak::sos_minus(&t, 1, SosRules::EGF), 6),
        Value::int(5)
    );
    assert_eq!(
        at(tiebreak::sos_minus(&t, 2, SosRules::EGF), 6),
        Value::int(5)
    );
    // Virtual opponent = own start + ½ × 6 rounds = −2 + 3 = 1: 6: 5 + 1 = 6; 9: 10 + 3 × 1 = 13.
    let virtual_opponent = SosRules {
        opponent: OpponentScore::Final,
        unplayed: Unplayed::VirtualOpponent,
        handicap: false,
    };
    assert_eq!(at(tiebreak::sos(&t, virtual_opponent), 6), Value::int(6));
    assert_eq!(at(tiebreak::sos(&t, virtual_opponent), 9), Value::int(13));
}

#[test]
fn sosw_adds_opponents_wins() {
    let t = mays_table();
    // Wins: 1: 5, 2: 1, 3: 5, 4: 1½, 5: 4, 6: 2½, 7: 2, 8: 4, 9: 1, 10: 1, 11: 3.
    // 1 met 2, 3, 5, 4, 11, 9: 1+5+4+1½+3+1 = 15½. 6 met 5, 10, 4, 11, (bye 0), 7: 4+1+1½+3+2 = 11½.
    let sosw = SosRules {
        opponent: OpponentScore::Wins,
        unplayed: Unplayed::Zero,
        handicap: false,
    };
    let v = by_id(&t, &tiebreak::sos(&t, sosw));
    assert_eq!(
        [v[0], v[5]],
        [Value::half_points(31), Value::half_points(23)]
    );
    assert_eq!(Criterion::Sos(sosw).name(), "SOSW");
}

/// The AGA's median (Harkness) score ("Resolving Ties", alternate methods 1) on this tournament's final scores
/// (EGF convention, the per-round values of `sos_plain_adjusted_and_normalised_match_hand_values`):
/// - 1 met opponents on 1, 5, 2, 1½, 1, ½: leave out 5 and ½ → 5½. 3 met 1½, 5, 1, 2, ½, 2½: less 5 and ½ → 7.
/// - 6 met 2, ½, 1½, 1, 0 and had the bye (own start −2): less 2 and 0 → 3; the bye is no opponent and stays:
///   1. 9 (latecomer) met 0, 5, 5 and missed three rounds: 5 − 6 = −1.
/// - Past eight rounds (the same games in a nine-round tournament) two of each go: 1 keeps 1 and 1½ → 2½.
#[test]
fn aga_median_leaves_out_the_strongest_and_weakest_opponents() {
    let t = mays_table();
    let median = by_id(&t, &tiebreak::median(&t, SosRules::EGF));
    assert_eq!(
        [median[0], median[2], median[5], median[8]],
        [
            Value::half_points(11),
            Value::int(7),
            Value::int(1),
            Value::int(-1)
        ]
    );
    let mut nine = tournament();
    nine.rounds_total = 9;
    let t9 = ScoreTable::build(&nine, RoundNo(6), &Settings::mays().scores);
    assert_eq!(
        by_id(&t9, &tiebreak::median(&t9, SosRules::EGF))[0],
        Value::half_points(5)
    );
    // Mays' adjusted, normalised SOS without its extremes: 6 met 2, ½, 1½, ½, ½ (adjusted): less 2 and ½ →
    // 2½ over three opponents, × (6 − 2) / 3 = 10/3.
    assert_eq!(
        by_id(&t, &tiebreak::median(&t, SosRules::MAYS))[5],
        Value::new(10, 3)
    );
}

/// OpenGotha's EXT and EXR as `reference/opengotha.md` defines them (§3: Σ over opponents of their NBW × 0, 1, 2
/// or 3 as the actual handicap, from the player's side, is below, equal to, one or two and more above the
/// natural one, the rank difference; EXR over won games), computed by hand. Every game here is even and ranks
/// follow the sections (A 1d = 0, B 2k = −2), so the coefficient is 1 within a section, 3 for a B player against
/// an A player (natural −2, played at 0) and 0 for an A player against a B player. Wins after round 6: 1: 5,
/// 2: 1, 3: 5, 4: 1½, 5: 4, 6: 2½, 7: 2, 8: 4, 9: 1, 10: 1, 11: 3.
/// - 1 (A) met 2, 3, 5, 4, 11, 9: EXT 1 + 5 + 0 + 1½ + 0 + 0 = 7½; won against 2, 5, 4, 11, 9: EXR 2½.
/// - 5 (B) met 6, 8, 1, 3, 2, 4: EXT 2½ + 4 + 3·5 + 3·5 + 3·1 + 3·1½ = 44; won against 6, 8, 2, 4: EXR 14.
/// - 4 (A): EXT 5 + 1 + 0 (jigo with 6) + 5 + 0 + 0 = 11; its one win, over 7 (B), adds 0: EXR 0.
/// - 11 (B) met 10, 7 (forfeit win), 8, 6, 1, 2: EXT 1 + 2 + 4 + 2½ + 15 + 3 = 27½; EXR 2 + 2½ + 3 = 7½.
/// - 6 (B, the bye adds nothing): EXT 4 + 1 + 3·1½ + 3 + 2 = 14½; EXR 1 (over 10).
#[test]
fn opengotha_ext_and_exr_weigh_opponents_wins_by_the_handicap_attempted() {
    let t = mays_table();
    let ext = by_id(&t, &tiebreak::exploits(&t, false));
    let exr = by_id(&t, &tiebreak::exploits(&t, true));
    let pick = |v: &[Value]| [v[0], v[4], v[3], v[10], v[5]];
    assert_eq!(
        pick(&ext),
        [
            Value::half_points(15),
            Value::int(44),
            Value::int(11),
            Value::half_points(55),
            Value::half_points(29)
        ]
    );
    assert_eq!(
        pick(&exr),
        [
            Value::half_points(5),
            Value::int(14),
            Value::ZERO,
            Value::half_points(15),
            Value::int(1)
        ]
    );
    assert_eq!(
        (Criterion::Ext.name(), Criterion::Exr.name()),
        ("EXT".into(), "EXR".into())
    );
}

/// Rating and rank as last criteria (OpenGotha's Rating and Rank, higher first). Under the EGF profile 5 and 8
/// tie on MMS 2 and are both 2k; 8 has no rating and counts the middle of the 2k band, 1900, above 5's 1850.
#[test]
fn rating_and_rank_order_the_last_ties() {
    let mut snapshot = tournament();
    snapshot.players[4].rating = Some(1850); // player 5
    let settings = Settings {
        criteria: vec![Criterion::Mms, Criterion::Rank, Criterion::Rating],
        ..Settings::egf()
    };
    let s = standings(&snapshot, RoundNo(6), &settings);
    let row = |id: u32| s.row(PlayerId(id)).unwrap().clone();
    assert_eq!(row(8).values[2], Some(Value::int(1900)));
    assert_eq!(row(5).values[2], Some(Value::int(1850)));
    assert!(row(8).place < row(5).place);
    assert_eq!(s.value_text(1, row(8).values[1]), "2k");
    assert_eq!(row(1).values[2], Some(Value::int(2100)), "1d");
    let e = explain(&s, PlayerId(5), PlayerId(8)).unwrap().to_string();
    assert!(
        e.contains("Rank equal (2k)") && e.ends_with("on Rating: 1900 > 1850"),
        "{e}"
    );
}

/// Issue 29: Mays' grid prints a latecomer's MMS with the ½ per round missed before joining (his "current" score
/// is raised "immediately", p. 16), and a returning player's with the ½ for the round he missed (p. 20), while
/// placement keeps the earned score, where a missed round counts as a loss. A player who left keeps the credit
/// only "in the background": the grid shows his score after his last round.
/// - 9 joined in round 4 (three rounds missed), won once: earned −2 + 1 = −1, grid −1 + 1½ = ½.
/// - 8 slept in round 5 and came back: earned 2, grid 2½. 10 left after round 3: −1 on both.
#[test]
fn issue_29_the_grid_mms_shows_a_latecomers_half_points_and_placement_ignores_them() {
    let s = standings(&tournament(), RoundNo(6), &Settings::mays());
    let row = |id: u32| s.row(PlayerId(id)).unwrap().clone();
    let both = |id: u32| (row(id).mms, row(id).grid_mms);
    assert_eq!(both(9), (HalfPoints(-2), HalfPoints(1)));
    assert_eq!(both(8), (HalfPoints(4), HalfPoints(5)));
    assert_eq!(both(10), (HalfPoints(-2), HalfPoints(-2)));
    assert_eq!(both(1), (HalfPoints(10), HalfPoints(10)));
    assert!(s.grid_differs());
    // The order is the one `mays_profile_places_sections_and_picks_winners` checks: 9's ½ on the grid does not
    // lift it above 6 (½ earned) or 7 (0).
    let overall: Vec<u32> = s.rows.iter().map(|r| r.player.0).collect();
    assert_eq!(overall, vec![3, 1, 5, 8, 4, 2, 11, 6, 7, 9, 10]);
    // After round 3 the latecomer has not played yet: nothing to show.
    let early = standings(&tournament(), RoundNo(3), &Settings::mays());
    let r9 = early.row(PlayerId(9)).unwrap();
    assert_eq!((r9.mms, r9.grid_mms), (HalfPoints(-4), HalfPoints(-4)));
    // The EGF places with the credits: the one figure is both.
    let egf = standings(&tournament(), RoundNo(6), &Settings::egf());
    assert!(!egf.grid_differs());
}
