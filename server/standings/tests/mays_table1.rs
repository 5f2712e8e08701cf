//! Mays' manual, "Example of the Need to Make Adjustments in a Tie-Break Calculation" (Table 1), rebuilt as a
//! real tournament: Tied Player 1 met A (−8, left after round 1), B (−8, left after round 2), C, D, E (−5 each)
//! and missed round 6; Tied Player 2 met F −7, G −6, H −5, I −5, J −5, K −4. Every other game is a both-lose
//! so the opponents' scores stay where the manual has them.
//!
//! Manual: T1 unadjusted SOS −31, normalised −37.2; adjusted −26.5, normalised −31.8; T2 −32 → T1 wins by 0.2.

use tengen_draw::model::{
    GameResult, HalfPoints, Outcome, PastGame, Player, PlayerId, Rank, RoundNo, Snapshot,
};
use tengen_standings::score::ScoreTable;
use tengen_standings::settings::{MissedRounds, OpponentScore, ScoreRules, SosRules, Unplayed};
use tengen_standings::{tiebreak, Value};

const T1: u32 = 1;
const T2: u32 = 2;
const A: u32 = 3;
const B: u32 = 4;
const Z: u32 = 99;

fn player(id: u32, start: i32, plays: &[u32]) -> Player {
    Player {
        id: PlayerId(id),
        number: id,
        family_name: format!("P{id}"),
        given_name: String::new(),
        rank: Rank(start),
        rating: None,
        club: String::new(),
        city: String::new(),
        country: String::new(),
        family: None,
        local: false,
        starting_mms: HalfPoints(2 * start),
        participation: (1..=6).map(|r| plays.contains(&r)).collect(),
        ghost: false,
    }
}

fn game(round: u32, white: u32, black: u32, outcome: Outcome) -> PastGame {
    PastGame {
        round: RoundNo(round),
        white: PlayerId(white),
        black: PlayerId(black),
        handicap: 0,
        result: GameResult::played(outcome),
        known_colour: true,
    }
}

fn table1() -> Snapshot {
    let all = [1, 2, 3, 4, 5, 6];
    // C, D, E = 5, 6, 7 (−5); F..K = 8..13 with −7, −6, −5, −5, −5, −4.
    let mut players = vec![
        player(T1, -8, &[1, 2, 3, 4, 5]),
        player(T2, -8, &all),
        player(A, -8, &[1]),
        player(B, -8, &[1, 2]),
        player(Z, 0, &all),
    ];
    for (id, start) in [
        (5, -5),
        (6, -5),
        (7, -5),
        (8, -7),
        (9, -6),
        (10, -5),
        (11, -5),
        (12, -5),
        (13, -4),
    ] {
        players.push(player(id, start, &all));
    }
    let t1_opponents = [A, B, 5, 6, 7];
    let t2_opponents = [8, 9, 10, 11, 12, 13];
    let mut games = vec![];
    for r in 1..=6u32 {
        let mut busy = vec![T1, T2];
        if let Some(&o) = t1_opponents.get(r as usize - 1) {
            games.push(game(r, T1, o, Outcome::WhiteWins));
            busy.push(o);
        }
        let o = t2_opponents[r as usize - 1];
        games.push(game(r, T2, o, Outcome::WhiteWins));
        busy.push(o);
        let mut rest: Vec<u32> = players
            .iter()
            .filter(|p| p.plays(RoundNo(r)) && !busy.contains(&p.id.0) && p.id.0 != Z)
            .map(|p| p.id.0)
            .collect();
        if rest.len() % 2 == 1 {
            rest.push(Z);
        }
        for pair in rest.chunks(2) {
            games.push(game(r, pair[0], pair[1], Outcome::BothLose));
        }
    }
    Snapshot {
        round: 7,
        rounds_total: 6,
        players,
        games,
        byes: vec![],
    }
}

fn sos_of(rules: SosRules, missed: MissedRounds, id: u32) -> Value {
    let scores = ScoreRules {
        missed,
        ..ScoreRules::default()
    };
    let t = ScoreTable::build(&table1(), RoundNo(6), &scores);
    tiebreak::sos(&t, rules)[t.index_of(PlayerId(id)).unwrap()]
}

#[test]
fn mays_table_1_adjusted_and_normalised_sos() {
    let rules = |opponent, unplayed| SosRules {
        opponent,
        unplayed,
        handicap: false,
    };
    // The manual's "final" scores carry no missed-round credit: A and B end on −8.
    let unadjusted = rules(OpponentScore::Final, Unplayed::Zero);
    assert_eq!(
        sos_of(unadjusted, MissedRounds::Nothing, T1),
        Value::int(-31)
    );
    assert_eq!(
        sos_of(unadjusted, MissedRounds::Nothing, T2),
        Value::int(-32)
    );
    let normalised = rules(OpponentScore::Final, Unplayed::Normalise);
    assert_eq!(
        sos_of(normalised, MissedRounds::Nothing, T1),
        Value::new(-186, 5)
    ); // −37.2
    let adjusted = rules(OpponentScore::Adjusted, Unplayed::Zero);
    assert_eq!(
        sos_of(adjusted, MissedRounds::Nothing, T1),
        Value::half_points(-53)
    ); // −26.5
    let mays = sos_of(SosRules::MAYS, MissedRounds::Nothing, T1);
    assert_eq!(mays, Value::new(-159, 5)); // −31.8
    assert_eq!(mays.to_string(), "-31.8");
    assert!(
        mays > sos_of(SosRules::MAYS, MissedRounds::Nothing, T2),
        "T1 wins the tie by 0.2"
    );
    // The adjustment does not depend on the missed-round setting (it is computed from games, not credits).
    assert_eq!(sos_of(SosRules::MAYS, MissedRounds::MaysHalf, T1), mays);
    // With Mays' ½ per missed round in the MMS itself, A and B's final scores are already −5.5 and −6.
    assert_eq!(sos_of(normalised, MissedRounds::MaysHalf, T1), mays);
}

/// The AGA's median (Harkness) score, "Resolving Ties", alternate methods 1: "Same as SOS except in a tournament
/// of eight or fewer rounds, leave out the strongest and the weakest opponent". Applied by hand to Mays' Table 1:
/// - T2 met −7, −6, −5, −5, −5, −4: 32 less −4 and −7 → −21 (six games, nothing to normalise).
/// - T1 met A, B, C, D, E with adjusted −5.5, −6, −5, −5, −5 and missed round 6: leave out −6 and one −5 →
///   −15.5 over three opponents, normalised to the four rounds the median keeps: −15.5 × 4 / 3 = −62/3 (−20.67).
/// - Final scores and the EGF convention (own start −8 for the missed round): −8, −8, −5, −5, −5 less −8 and −5
///   → −18, plus −8 → −26.
///
/// T1 still wins the tie, now by 1/3 instead of 0.2.
#[test]
fn aga_median_on_mays_table_1() {
    let scores = ScoreRules {
        missed: MissedRounds::Nothing,
        ..ScoreRules::default()
    };
    let t = ScoreTable::build(&table1(), RoundNo(6), &scores);
    let at = |v: &[Value], id: u32| v[t.index_of(PlayerId(id)).unwrap()];
    let mays = tiebreak::median(&t, SosRules::MAYS);
    assert_eq!(at(&mays, T2), Value::int(-21));
    assert_eq!(at(&mays, T1), Value::new(-62, 3));
    assert!(at(&mays, T1) > at(&mays, T2));
    let egf = tiebreak::median(&t, SosRules::EGF);
    assert_eq!(at(&egf, T1), Value::int(-26));
    assert_eq!(at(&egf, T2), Value::int(-21));
    assert_eq!(
        tengen_standings::Criterion::Median(SosRules::MAYS).name(),
        "Median (adjusted, normalised)"
    );
}
