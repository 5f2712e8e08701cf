//! A hand-checked six-round McMahon tournament replayed through the API (issue 4): Mays' sections, a bye, a
//! latecomer in round 4, a partial player who leaves after round 3, a player who sleeps one round, a forfeit
//! and a jigo. Every round is paired by hand (an empty draw, then pair/bye edits), so the games are fixed and
//! every MMS, SOS (plain, adjusted, normalised, Mays), SODOS, CUSS and the section winners are asserted against
//! values computed by hand in the comments below. The same file runs the draw engine under the Mays profile for
//! six rounds (no repeated game, no second bye, a recorded redraw, the round lifecycle's refusals) and checks
//! that standings survive a restart byte for byte (replaying the log reproduces them exactly).

use std::collections::{BTreeMap, BTreeSet};

use tengen_tests::{code_of, meta, pb, player, PlayDesk, Venue};
use tonic::Code;

use pb::edit_round_request::Edit;
use pb::referee_report_request::Report;

// ---------------------------------------------------------------------------------------------------------------
// The hand-checked tournament
//
// Settings: McMahon, Mays' sections lowest ranks [1k, 5k, 30k], section step 2 → starting MMS 0, −2, −4 (points);
// handicap ceiling 0 (even games, so sections validate); missed rounds "half"; a bye is worth 1 and counts as a
// win; single entry (the director's reports count at once).
//
// Players (letter, name, rank, section start, rounds):
//   A Ashida    3d   0   1–6
//   B Baek      2d   0   1–6
//   C Costa     1k   0   1–6
//   D Dubois    2k  −2   1–6
//   E Eklund    4k  −2   1–6
//   L Lindqvist 3k  −2   4–6   latecomer, registered by the director after round 3 closed
//   F Ferrari   6k  −4   1–6
//   G Gruber    9k  −4   1, 3–6 sleeps in round 2
//   P Petrov   12k  −4   1–3   partial player, leaves after round 3
//
// Games (White first; 1-0 = White wins):
//   R1  T1 A–C 1-0   T2 B–D 1-0   T3 E–F 1-0   T4 G–P jigo
//   R2  T1 A–B 0-1   T2 C–E 1-0   T3 D–F 0-1   bye P          (G absent)
//   R3  T1 B–C 1-0   T2 A–D 1-0   T3 E–G 0-1   T4 F–P 0-1 by forfeit (the referee: F did not show)
//   R4  T1 A–E 1-0   T2 B–L 0-1   T3 C–D 0-1   T4 F–G 1-0    (P gone, L joins)
//   R5  T1 A–L 1-0   T2 B–F 1-0   T3 C–G 1-0   T4 D–E 0-1
//   R6  T1 A–F 0-1   T2 B–E 1-0   T3 C–L 1-0   T4 D–G 1-0
// No two players meet twice; the only bye is P's in round 2.
//
// Conventions (server/standings/src/score.rs and tiebreak.rs):
// - MMS after a round = start + game points (win 1, by forfeit too; jigo ½) + 1 per bye + ½ per missed round.
// - Adjusted score (OpponentScore::Adjusted) = start + points of games played over the board + ½ for every round
//   without such a game (forfeit either way, bye, missed).
// - SOS (EGF) = Σ opponents' final MMS; a round without a game (bye, missed) adds the player's own start.
//   Forfeits are games (the opponent counts).
// - SOS adjusted = the same with adjusted opponent scores (own start for rounds without a game).
// - SOS normalised = Σ over games of opponents' final MMS × R / games (R = 6); SOS-Mays = adjusted, normalised.
// - SODOS = Σ over won games of the opponent's final MMS, ½ of it for a jigo; a bye adds own start (the
//   OwnStart substitute: BGA's "free win"); missed rounds add nothing.
// - CUSS = Σ over s = 1..6 of the MMS after round s (the starting MMS itself is NOT a term: `cuss` skips
//   `mms[p][0]`).
// - SOSOS (EGF) = Σ over games of the opponent's SOS; a round without a game adds own start × R.
//
// Per player: result per round (W win, L loss, J jigo, Wf/Lf by forfeit, bye, – missed), MMS after each round.
//
//   A  start 0   R1 W C, R2 L B, R3 W D, R4 W E, R5 W L, R6 L F          MMS 1, 1, 2, 3, 4, 4        wins 4
//   B  start 0   R1 W D, R2 W A, R3 W C, R4 L L, R5 W F, R6 W E          MMS 1, 2, 3, 3, 4, 5        wins 5
//   C  start 0   R1 L A, R2 W E, R3 L B, R4 L D, R5 W G, R6 W L          MMS 0, 1, 1, 1, 2, 3        wins 3
//   D  start −2  R1 L B, R2 L F, R3 L A, R4 W C, R5 L E, R6 W G          MMS −2, −2, −2, −1, −1, 0   wins 2
//   E  start −2  R1 W F, R2 L C, R3 L G, R4 L A, R5 W D, R6 L B          MMS −1, −1, −1, −1, 0, 0    wins 2
//   L  start −2  R1 –, R2 –, R3 –, R4 W B, R5 L A, R6 L C                MMS −1½, −1, −½, ½, ½, ½    wins 1
//   F  start −4  R1 L E, R2 W D, R3 Lf P, R4 W G, R5 L B, R6 W A         MMS −4, −3, −3, −2, −2, −1  wins 3
//   G  start −4  R1 J P, R2 –, R3 W E, R4 L F, R5 L C, R6 L D            MMS −3½, −3, −2, −2, −2, −2 wins 1½
//   P  start −4  R1 J G, R2 bye, R3 Wf F, R4 –, R5 –, R6 –               MMS −3½, −2½, −1½, −1, −½, 0 wins 2½
//
// Final MMS: A 4, B 5, C 3, D 0, E 0, L ½, F −1, G −2, P 0.
// Adjusted: A 4, B 5, C 3, D −2+2 = 0, E −2+2 = 0, L −2+3×½+1 = ½, F −4+(0+1+½+1+0+1) = −½,
//           G −4+(½+½+1+0+0+0) = −2, P −4+(½+½+½+3×½) = −1.
//
// SOS (final; own start for rounds without a game):
//   A  C 3 + B 5 + D 0 + E 0 + L ½ + F −1                 = 7½
//   B  D 0 + A 4 + C 3 + L ½ + F −1 + E 0                 = 6½
//   C  A 4 + E 0 + B 5 + D 0 + G −2 + L ½                 = 7½
//   D  B 5 + F −1 + A 4 + C 3 + E 0 + G −2                = 9
//   E  F −1 + C 3 + G −2 + A 4 + D 0 + B 5                = 9
//   L  3 × own −2 + B 5 + A 4 + C 3                       = 6
//   F  E 0 + D 0 + P 0 + G −2 + B 5 + A 4                 = 7
//   G  P 0 + own −4 + E 0 + F −1 + C 3 + D 0              = −2
//   P  G −2 + own −4 (bye) + F −1 + 3 × own −4            = −19
// SOS adjusted (adjusted opponent scores; they differ from the final ones only for F (−½, not −1) and P (−1, not 0)):
//   A  3 + 5 + 0 + 0 + ½ + (F −½)                         = 8
//   B  0 + 4 + 3 + ½ + (F −½) + 0                         = 7
//   C  4 + 0 + 5 + 0 + (G −2) + ½                         = 7½
//   D  5 + (F −½) + 4 + 3 + 0 + (G −2)                    = 9½
//   E  (F −½) + 3 + (G −2) + 4 + 0 + 5                    = 9½
//   L  −6 + 5 + 4 + 3                                     = 6
//   F  0 + 0 + (P −1) + (G −2) + 5 + 4                    = 6
//   G  (P −1) + own −4 + 0 + (F −½) + 3 + 0               = −2½
//   P  (G −2) + own −4 + (F −½) + 3 × −4                  = −18½
// SOS normalised (final, Σ games × 6 / games): A 7½, B 6½, C 7½, D 9, E 9 (six games each: unchanged);
//   L (5+4+3) × 6/3 = 24; F 7 (six games, the forfeit counts as a game);
//   G (0+0−1+3+0) × 6/5 = 2 × 6/5 = 12/5; P (G −2 + F −1) × 6/2 = −9.
// SOS-Mays (adjusted, normalised): A 8, B 7, C 7½, D 9½, E 9½, F 6 (six games each);
//   L (5+4+3) × 6/3 = 24; G (−1+0−½+3+0) × 6/5 = 1½ × 6/5 = 9/5; P (−2 − ½) × 6/2 = −7½.
// SODOS (final; jigo ½; a bye adds own start):
//   A  beat C 3, D 0, E 0, L ½          = 3½
//   B  beat D 0, A 4, C 3, F −1, E 0    = 6
//   C  beat E 0, G −2, L ½              = −1½
//   D  beat C 3, G −2                   = 1
//   E  beat F −1, D 0                   = −1
//   L  beat B 5                         = 5
//   F  beat D 0, G −2, A 4              = 2
//   G  jigo P ½ × 0, beat E 0           = 0
//   P  jigo G ½ × −2, bye own −4, beat F (forfeit) −1 = −6
// CUSS (Σ MMS after rounds 1..6):
//   A 1+1+2+3+4+4 = 15; B 1+2+3+3+4+5 = 18; C 0+1+1+1+2+3 = 8; D −2−2−2−1−1+0 = −8; E −1−1−1−1+0+0 = −4;
//   L −1½−1−½+½+½+½ = −1½; F −4−3−3−2−2−1 = −15; G −3½−3−2−2−2−2 = −14½; P −3½−2½−1½−1−½+0 = −9.
// SOSOS (EGF; own start × 6 for a round without a game):
//   A  SOS C 7½ + B 6½ + D 9 + E 9 + L 6 + F 7            = 45
//   B  D 9 + A 7½ + C 7½ + L 6 + F 7 + E 9                = 46
//   C  A 7½ + E 9 + B 6½ + D 9 + G −2 + L 6               = 36
//   (the rest are not asserted: only the top three of the EGF order are.)
//
// Order by MMS, SOS, SOS adj, SOS norm, SOS-Mays, SODOS, CUSS:
//   1 B (5)  2 A (4)  3 C (3)  4 L (½)  then D, E, P on 0: P's SOS −19 puts P last of them; D and E are equal
//   on every SOS (9, 9½, 9, 9½) and SODOS splits them (D 1 > E −1): 5 D  6 E  7 P  8 F (−1)  9 G (−2).
// Sections (by starting MMS): 0 → B, A, C: winner B; −2 → L, D, E: winner L; −4 → P (0), F (−1), G (−2): winner P.
// EGF profile (MMS, SOS, SOSOS): B, A, C on top (MMS 5, 4, 3).

/// One player of the hand-checked field.
struct Cast {
    key: char,
    family: &'static str,
    given: &'static str,
    rank: &'static str,
    rounds: &'static [u32],
}

/// A cast member (an empty round list = every round).
const fn cast_member(
    key: char,
    family: &'static str,
    given: &'static str,
    rank: &'static str,
    rounds: &'static [u32],
) -> Cast {
    Cast {
        key,
        family,
        given,
        rank,
        rounds,
    }
}

const CAST: [Cast; 9] = [
    cast_member('A', "Ashida", "Kenji", "3d", &[]),
    cast_member('B', "Baek", "Minseo", "2d", &[]),
    cast_member('C', "Costa", "Inês", "1k", &[]),
    cast_member('D', "Dubois", "Luc", "2k", &[]),
    cast_member('E', "Eklund", "Sara", "4k", &[]),
    cast_member('F', "Ferrari", "Paolo", "6k", &[]),
    cast_member('G', "Gruber", "Anna", "9k", &[1, 3, 4, 5, 6]),
    cast_member('P', "Petrov", "Ivan", "12k", &[1, 2, 3]),
    cast_member('L', "Lindqvist", "Nils", "3k", &[4, 5, 6]),
];

/// What happens at one table: White, Black, the result ('W', 'B', 'J', or 'f' = Black wins because White did
/// not show, reported by the referee).
type Table = (char, char, char);

/// The six rounds: tables 1.. in order, and the bye.
fn schedule() -> Vec<(Vec<Table>, Option<char>)> {
    vec![
        (
            vec![
                ('A', 'C', 'W'),
                ('B', 'D', 'W'),
                ('E', 'F', 'W'),
                ('G', 'P', 'J'),
            ],
            None,
        ),
        (
            vec![('A', 'B', 'B'), ('C', 'E', 'W'), ('D', 'F', 'B')],
            Some('P'),
        ),
        (
            vec![
                ('B', 'C', 'W'),
                ('A', 'D', 'W'),
                ('E', 'G', 'B'),
                ('F', 'P', 'f'),
            ],
            None,
        ),
        (
            vec![
                ('A', 'E', 'W'),
                ('B', 'L', 'B'),
                ('C', 'D', 'B'),
                ('F', 'G', 'W'),
            ],
            None,
        ),
        (
            vec![
                ('A', 'L', 'W'),
                ('B', 'F', 'W'),
                ('C', 'G', 'W'),
                ('D', 'E', 'B'),
            ],
            None,
        ),
        (
            vec![
                ('A', 'F', 'B'),
                ('B', 'E', 'W'),
                ('C', 'L', 'W'),
                ('D', 'G', 'W'),
            ],
            None,
        ),
    ]
}

/// MMS in half points at the start and after rounds 1..6 (the table above; absent rounds still credit ½).
const MMS_HALF: [(char, [i32; 7]); 9] = [
    ('A', [0, 2, 2, 4, 6, 8, 8]),
    ('B', [0, 2, 4, 6, 6, 8, 10]),
    ('C', [0, 0, 2, 2, 2, 4, 6]),
    ('D', [-4, -4, -4, -4, -2, -2, 0]),
    ('E', [-4, -2, -2, -2, -2, 0, 0]),
    ('L', [-4, -3, -2, -1, 1, 1, 1]),
    ('F', [-8, -8, -6, -6, -4, -4, -2]),
    ('G', [-8, -7, -6, -4, -4, -4, -4]),
    ('P', [-8, -7, -5, -3, -2, -1, 0]),
];

/// Wins in half points after round 6.
const WINS_HALF: [(char, i32); 9] = [
    ('A', 8),
    ('B', 10),
    ('C', 6),
    ('D', 4),
    ('E', 4),
    ('L', 2),
    ('F', 6),
    ('G', 3),
    ('P', 5),
];

/// A tie-break value as the wire gives it: numerator and denominator of the reduced fraction of points.
type Fraction = (i64, i64);

/// The criteria asked for, in order.
const CRITERIA: [&str; 7] = [
    "mms",
    "sos",
    "sos-adjusted",
    "sos-normalised",
    "sos-mays",
    "sodos",
    "cuss",
];

/// Expected values (points as reduced fractions num/den), one per criterion of [`CRITERIA`], in final place
/// order, from the computation above.
const EXPECTED: [(char, [Fraction; 7]); 9] = [
    //     mms      sos       sos-adj   sos-norm  sos-mays  sodos     cuss
    (
        'B',
        [(5, 1), (13, 2), (7, 1), (13, 2), (7, 1), (6, 1), (18, 1)],
    ),
    (
        'A',
        [(4, 1), (15, 2), (8, 1), (15, 2), (8, 1), (7, 2), (15, 1)],
    ),
    (
        'C',
        [(3, 1), (15, 2), (15, 2), (15, 2), (15, 2), (-3, 2), (8, 1)],
    ),
    (
        'L',
        [(1, 2), (6, 1), (6, 1), (24, 1), (24, 1), (5, 1), (-3, 2)],
    ),
    (
        'D',
        [(0, 1), (9, 1), (19, 2), (9, 1), (19, 2), (1, 1), (-8, 1)],
    ),
    (
        'E',
        [(0, 1), (9, 1), (19, 2), (9, 1), (19, 2), (-1, 1), (-4, 1)],
    ),
    (
        'P',
        [
            (0, 1),
            (-19, 1),
            (-37, 2),
            (-9, 1),
            (-15, 2),
            (-6, 1),
            (-9, 1),
        ],
    ),
    (
        'F',
        [(-1, 1), (7, 1), (6, 1), (7, 1), (6, 1), (2, 1), (-15, 1)],
    ),
    (
        'G',
        [(-2, 1), (-2, 1), (-5, 2), (12, 5), (9, 5), (0, 1), (-29, 2)],
    ),
];

fn cast(key: char) -> &'static Cast {
    CAST.iter()
        .find(|c| c.key == key)
        .expect("every key names a cast member")
}

fn value(v: &pb::Value) -> Fraction {
    (v.numerator, v.denominator)
}

/// The hand-checked tournament's settings.
fn sections_settings() -> pb::TournamentSettings {
    pb::TournamentSettings {
        name: "Hand-checked sections".into(),
        rounds: 6,
        pairing_system: "mcmahon".into(),
        mcmahon: Some(pb::McMahonSetup {
            section_lowest_ranks: vec!["1k".into(), "5k".into(), "30k".into()],
            section_step: 2,
            ..Default::default()
        }),
        handicap: Some(pb::HandicapRule {
            based_on_mms: false,
            no_handicap_above: "1d".into(),
            correction: 0,
            ceiling: 0,
            even_at_bar: false,
        }),
        draw: Some(pb::DrawOptions {
            profile: "mays".into(),
            bye_rule: "mays".into(),
            avoid_same_club: Some(false),
            avoid_same_city: Some(false),
            first_table: 1,
            ..Default::default()
        }),
        scoring: Some(pb::Scoring {
            missed_rounds: "half".into(),
            bye_half_points: Some(2),
            tiebreaks: vec!["mms".into(), "sos".into(), "sosos".into()],
            prizes_cents: vec![],
            double_entry: Some(false),
            forfeit_minutes: Some(30),
            ..Default::default()
        }),
        ..Default::default()
    }
}

async fn create(director: &PlayDesk, settings: pb::TournamentSettings) -> anyhow::Result<u64> {
    let req = pb::CreateTournamentRequest {
        meta: meta(),
        settings: Some(settings),
    };
    Ok(director
        .desk
        .register
        .clone()
        .create_tournament(req)
        .await?
        .into_inner()
        .id)
}

/// Registers and checks in one cast member for `t` (the director may do so with registration closed).
async fn register(director: &PlayDesk, t: u64, c: &Cast) -> anyhow::Result<u64> {
    let req = pb::RegisterParticipantRequest {
        meta: meta(),
        fields: Some(player(c.family, c.given, c.rank)),
        enter: vec![pb::EnterSpec {
            tournament_id: t,
            rounds: c.rounds.to_vec(),
        }],
        check_in: true,
        different_person: false,
    };
    Ok(director
        .desk
        .register
        .clone()
        .register_participant(req)
        .await?
        .into_inner()
        .id)
}

fn outcome_of(result: char) -> pb::Outcome {
    match result {
        'W' => pb::Outcome::WhiteWins,
        'B' | 'f' => pb::Outcome::BlackWins,
        'J' => pb::Outcome::Jigo,
        other => panic!("no result {other:?} in the schedule"),
    }
}

/// Pairs round `n` by hand, publishes it, enters its results and closes it.
async fn play_round(
    director: &PlayDesk,
    referee: &PlayDesk,
    t: u64,
    n: u32,
    (tables, bye): &(Vec<Table>, Option<char>),
    id: &BTreeMap<char, u64>,
) -> anyhow::Result<()> {
    let empty = director.draw(t, n, false, true).await?;
    assert_eq!(
        (empty.games.len(), empty.seed, empty.draws),
        (0, 0, 1),
        "round {n}: an empty round to pair by hand"
    );
    for (i, &(w, b, _)) in tables.iter().enumerate() {
        let pair = pb::PairEdit {
            a: id[&b],
            b: id[&w],
            white: id[&w],
            handicap: Some(0),
            table: Some(i as u32 + 1),
            force: false,
        };
        director.edit(t, n, Edit::Pair(pair)).await?;
    }
    if let Some(p) = bye {
        let edit = Edit::AssignBye(pb::ByeEdit {
            player: id[p],
            force: false,
        });
        director.edit(t, n, edit).await?;
    }
    let round = director.publish(t, n).await?;
    assert_eq!(round.state, pb::RoundState::Published as i32);
    assert!(
        round.unpaired.is_empty(),
        "round {n}: everyone playing is paired: {:?}",
        round.unpaired
    );
    let seated: Vec<(u32, u64, u64, u32)> = round
        .games
        .iter()
        .map(|g| {
            let who = |p: &Option<pb::PlayerRef>| p.as_ref().map_or(0, |p| p.id);
            (g.table, who(&g.white), who(&g.black), g.handicap)
        })
        .collect();
    let planned: Vec<(u32, u64, u64, u32)> = tables
        .iter()
        .enumerate()
        .map(|(i, (w, b, _))| (i as u32 + 1, id[w], id[b], 0))
        .collect();
    assert_eq!(seated, planned, "round {n}: tables and colours as paired");
    assert_eq!(
        round.bye.as_ref().map(|p| p.id),
        bye.map(|p| id[&p]),
        "round {n}: bye"
    );
    for (i, &(w, _, result)) in tables.iter().enumerate() {
        let table = i as u32 + 1;
        let game = if result == 'f' {
            referee.referee(t, n, table, Report::NoShow(id[&w])).await?
        } else {
            director.report(t, n, table, outcome_of(result)).await?
        };
        let confirmed = game.confirmed.unwrap_or_default();
        assert_eq!(
            (confirmed.outcome, confirmed.by_forfeit, game.progress),
            (
                outcome_of(result) as i32,
                result == 'f',
                pb::ResultProgress::Confirmed as i32
            ),
            "round {n} table {table}: one report confirms (single entry, or the referee's no-show)"
        );
    }
    let closed = director.close(t, n).await?;
    assert_eq!(closed.state, pb::RoundState::Closed as i32, "round {n}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_hand_paired_rounds_give_the_hand_computed_standings() -> anyhow::Result<()> {
    let mut venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let referee = venue.play_desk("referee-1", pb::Role::Referee).await?;
    let t = create(&director, sections_settings()).await?;
    let mut id = BTreeMap::new();
    for c in CAST.iter().filter(|c| c.key != 'L') {
        id.insert(c.key, register(&director, t, c).await?);
    }
    director.desk.set_registration_open(t, false).await?;
    for (i, round) in schedule().iter().enumerate() {
        let n = i as u32 + 1;
        if n == 4 {
            // The latecomer arrives with registration closed: the director registers and checks him in.
            id.insert('L', register(&director, t, cast('L')).await?);
        }
        play_round(&director, &referee, t, n, round, &id).await?;
    }
    let name_of: BTreeMap<u64, char> = id.iter().map(|(k, v)| (*v, *k)).collect();

    // MMS after every round, for exactly the players who took part in a round so far.
    for after in 1..=6u32 {
        let s = director.standings(t, after, &["mms"]).await?;
        assert_eq!(s.after_round, after);
        let got: BTreeMap<char, (i32, i32)> = s
            .rows
            .iter()
            .map(|r| {
                let p = r.player.as_ref().map_or(0, |p| p.id);
                (name_of[&p], (r.starting_mms_half, r.mms_half))
            })
            .collect();
        let expected: BTreeMap<char, (i32, i32)> = MMS_HALF
            .iter()
            .filter(|(k, _)| *k != 'L' || after >= 4)
            .map(|(k, mms)| (*k, (mms[0], mms[after as usize])))
            .collect();
        assert_eq!(got, expected, "starting MMS and MMS after round {after}");
    }

    // After round 6 with every criterion.
    let standings = director.standings(t, 6, &CRITERIA).await?;
    assert_eq!(
        standings.criteria,
        [
            "MMS",
            "SOS",
            "SOS (adjusted)",
            "SOS (normalised)",
            "SOS (adjusted, normalised)",
            "SODOS",
            "CUSS"
        ],
        "the criteria asked for, by their display names"
    );
    let order: Vec<char> = standings
        .rows
        .iter()
        .map(|r| name_of[&r.player.as_ref().map_or(0, |p| p.id)])
        .collect();
    let expected_order: Vec<char> = EXPECTED.iter().map(|(k, _)| *k).collect();
    assert_eq!(order, expected_order, "final order");
    for (row, (k, values)) in standings.rows.iter().zip(EXPECTED.iter()) {
        let place = expected_order.iter().position(|x| x == k).unwrap_or(0) as u32 + 1;
        assert_eq!((row.place, row.shared), (place, false), "{k}: place");
        let mms = MMS_HALF.iter().find(|(x, _)| x == k).map(|(_, m)| m[6]);
        let wins = WINS_HALF.iter().find(|(x, _)| x == k).map(|(_, w)| *w);
        assert_eq!(Some(row.mms_half), mms, "{k}: MMS");
        assert_eq!(Some(row.wins_half), wins, "{k}: wins");
        assert_eq!(row.values.len(), CRITERIA.len(), "{k}");
        for ((criterion, got), want) in CRITERIA.iter().zip(&row.values).zip(values) {
            assert_eq!(value(got), *want, "{k}: {criterion} ({})", got.text);
        }
    }
    // CUSS is the sum of the per-round MMS of the table above (a second look at the same hand computation).
    for (k, mms) in MMS_HALF {
        let cuss_half: i32 = mms[1..].iter().sum();
        let row = EXPECTED.iter().find(|(x, _)| *x == k).map(|(_, v)| v[6]);
        assert_eq!(
            row.map(|(n, d)| n * 2 / d),
            Some(i64::from(cuss_half)),
            "{k}: CUSS"
        );
    }

    // Sections: starting MMS 0, −2, −4, each with its winner.
    let sections: Vec<(i32, Vec<char>, Vec<char>)> = standings
        .sections
        .iter()
        .map(|s| {
            let rows = s
                .rows
                .iter()
                .map(|r| name_of[&r.player.as_ref().map_or(0, |p| p.id)])
                .collect();
            let winners = s.winners.iter().map(|w| name_of[w]).collect();
            (s.starting_mms_half, rows, winners)
        })
        .collect();
    assert_eq!(
        sections,
        vec![
            (0, vec!['B', 'A', 'C'], vec!['B']),
            (-4, vec!['L', 'D', 'E'], vec!['L']),
            (-8, vec!['P', 'F', 'G'], vec!['P']),
        ],
        "sections and their winners"
    );

    // The EGF profile by name: MMS, SOS, SOSOS; B, A, C on top.
    let egf = director.standings(t, 6, &["egf"]).await?;
    assert_eq!(egf.criteria, ["MMS", "SOS", "SOSOS"]);
    let top: Vec<(char, i32, Fraction, Fraction)> = egf
        .rows
        .iter()
        .take(3)
        .map(|r| {
            (
                name_of[&r.player.as_ref().map_or(0, |p| p.id)],
                r.mms_half,
                value(&r.values[1]),
                value(&r.values[2]),
            )
        })
        .collect();
    assert_eq!(
        top,
        vec![
            ('B', 10, (13, 2), (46, 1)),
            ('A', 8, (15, 2), (45, 1)),
            ('C', 6, (15, 2), (36, 1)),
        ],
        "EGF profile: MMS, SOS, SOSOS of the top three"
    );

    // Replaying the log reproduces the standings exactly.
    let before: Vec<Vec<u8>> = [
        director.standings(t, 6, &CRITERIA).await?,
        director.standings(t, 6, &[]).await?,
        director.standings(t, 3, &["mays"]).await?,
    ]
    .iter()
    .map(prost::Message::encode_to_vec)
    .collect();
    venue.kill9()?;
    venue.restart().await?;
    let director = venue.play_director().await?;
    let after: Vec<Vec<u8>> = [
        director.standings(t, 6, &CRITERIA).await?,
        director.standings(t, 6, &[]).await?,
        director.standings(t, 3, &["mays"]).await?,
    ]
    .iter()
    .map(prost::Message::encode_to_vec)
    .collect();
    assert_eq!(
        before, after,
        "standings are byte-identical after a restart"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// The draw engine under the Mays profile

/// 13 players (one more than a 12-player field, so every round has a bye), 6 rounds, Mays profile and bye rule.
fn mays_settings() -> pb::TournamentSettings {
    pb::TournamentSettings {
        name: "Mays engine".into(),
        rounds: 6,
        pairing_system: "mcmahon".into(),
        mcmahon: Some(pb::McMahonSetup {
            bar: "2d".into(),
            floor: "15k".into(),
            ..Default::default()
        }),
        draw: Some(pb::DrawOptions {
            profile: "mays".into(),
            bye_rule: "mays".into(),
            avoid_same_club: Some(true),
            avoid_same_city: Some(false),
            first_table: 1,
            ..Default::default()
        }),
        scoring: Some(pb::Scoring {
            missed_rounds: "half".into(),
            tiebreaks: vec!["mays".into()],
            double_entry: Some(false),
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mays_engine_draws_six_rounds_without_repeats_or_second_byes() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let t = create(&director, mays_settings()).await?;
    let ranks = [
        "4d", "2d", "1d", "1k", "2k", "3k", "5k", "6k", "8k", "10k", "12k", "15k", "20k",
    ];
    let given = [
        "Ada", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kai", "Lou", "Max",
    ];
    for (i, (rank, given)) in ranks.iter().zip(given).enumerate() {
        let mut fields = player("Mays", given, rank);
        fields.club = format!("Club {}", i % 4);
        let req = pb::RegisterParticipantRequest {
            meta: meta(),
            fields: Some(fields),
            enter: vec![tengen_tests::enter(t)],
            check_in: true,
            different_person: false,
        };
        director
            .desk
            .register
            .clone()
            .register_participant(req)
            .await?;
    }
    let r = director.draw(t, 1, false, false).await;
    assert_eq!(
        code_of(&r),
        Code::FailedPrecondition,
        "round 1 is not drawn while registration is open: {r:?}"
    );
    director.desk.set_registration_open(t, false).await?;

    let mut met: BTreeSet<(u64, u64)> = BTreeSet::new();
    let mut byes: Vec<u64> = Vec::new();
    for n in 1..=6u32 {
        let first = director.draw(t, n, false, false).await?;
        assert_eq!((first.number, first.draws), (n, 1));
        assert_eq!(first.state, pb::RoundState::Drawn as i32);
        let again = director.draw(t, n, false, false).await;
        assert_eq!(
            code_of(&again),
            Code::FailedPrecondition,
            "round {n}: drawing a drawn round again needs an explicit redraw: {again:?}"
        );
        let round = if n == 1 {
            let redrawn = director.draw(t, n, true, false).await?;
            assert_eq!(redrawn.draws, 2, "the redraw is recorded");
            assert_ne!(redrawn.seed, first.seed, "a redraw uses a fresh seed");
            assert_eq!(director.round(t, 1).await?.draws, 2);
            redrawn
        } else {
            first
        };
        let published = director.publish(t, n).await?;
        assert_eq!(published.games, round.games, "publishing keeps the draw");
        let r = director.draw(t, n, true, false).await;
        assert_eq!(
            code_of(&r),
            Code::FailedPrecondition,
            "a published round is not redrawn: {r:?}"
        );
        if n < 6 {
            let r = director.draw(t, n + 1, false, false).await;
            assert_eq!(
                code_of(&r),
                Code::FailedPrecondition,
                "round {} is not drawn before round {n} closes: {r:?}",
                n + 1
            );
        }

        // Who plays: 6 games and a bye covering all 13, no repeat, no second bye.
        assert_eq!(round.games.len(), 6, "round {n}");
        let bye = round.bye.as_ref().map(|p| p.id);
        let bye = bye.ok_or_else(|| anyhow::anyhow!("round {n} has no bye with 13 players"))?;
        assert!(!byes.contains(&bye), "round {n}: {bye} gets a second bye");
        byes.push(bye);
        let mut seen = BTreeSet::from([bye]);
        for g in &round.games {
            let (w, b) = (
                g.white.as_ref().map_or(0, |p| p.id),
                g.black.as_ref().map_or(0, |p| p.id),
            );
            assert!(
                seen.insert(w) && seen.insert(b),
                "round {n}: someone plays twice"
            );
            let pair = (w.min(b), w.max(b));
            assert!(met.insert(pair), "round {n}: {pair:?} meet a second time");
        }
        assert_eq!(seen.len(), 13, "round {n}: everyone plays or has the bye");
        assert!(round.unpaired.is_empty(), "round {n}: {:?}", round.unpaired);

        // Results: all but the last table; closing names the missing one.
        let tables: Vec<u32> = round.games.iter().map(|g| g.table).collect();
        let outcomes = [pb::Outcome::WhiteWins, pb::Outcome::BlackWins];
        for (i, table) in tables.iter().enumerate() {
            if i + 1 < tables.len() {
                director
                    .report(t, n, *table, outcomes[(i + n as usize) % 2])
                    .await?;
            }
        }
        let last = *tables.last().unwrap_or(&0);
        let r = director.close(t, n).await;
        assert_eq!(code_of(&r), Code::FailedPrecondition, "{r:?}");
        let message = r.err().map(|s| s.message().to_string()).unwrap_or_default();
        assert!(
            message.contains(&format!("table {last}")),
            "the refusal names the missing table {last}: {message}"
        );
        director.report(t, n, last, pb::Outcome::WhiteWins).await?;
        director.close(t, n).await?;
    }
    assert_eq!(met.len(), 36, "36 distinct games in six rounds");
    let s = director.standings(t, 6, &[]).await?;
    assert_eq!(s.rows.len(), 13);
    assert_eq!(s.criteria.len(), 4, "the Mays profile: {:?}", s.criteria);
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Value.text against the contract

/// `Value.text` is printed as on the sheets: exact decimals ("30.5"), other fractions as "95/3"; the exact
/// numerator and denominator travel alongside (the main test asserts them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn value_text_prints_halves_as_decimals_like_the_sheets() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let mut settings = mays_settings();
    settings.rounds = 2;
    let t = create(&director, settings).await?;
    for given in ["Jigo", "Draw"] {
        register(&director, t, &cast_member('?', "Text", given, "1d", &[])).await?;
    }
    director.desk.set_registration_open(t, false).await?;
    director.draw(t, 1, false, false).await?;
    director.publish(t, 1).await?;
    director.report(t, 1, 1, pb::Outcome::Jigo).await?;
    let s = director.standings(t, 1, &["mms"]).await?;
    let texts: Vec<&str> = s.rows.iter().map(|r| r.values[0].text.as_str()).collect();
    // 1d starts at 30 (below the 2d bar); a jigo adds ½.
    assert_eq!(texts, ["30.5", "30.5"]);
    Ok(())
}
