//! Head-to-head and SACO, the criteria computed inside a group of players tied on every earlier criterion.

use tengen_draw::model::{
    GameResult, HalfPoints, Outcome, PastGame, Player, PlayerId, Rank, RoundNo, Snapshot,
};
use tengen_standings::score::ScoreTable;
use tengen_standings::settings::{Criterion, ScoreRules};
use tengen_standings::{standings, tiebreak, Settings, Value};

fn player(id: u32) -> Player {
    Player {
        id: PlayerId(id),
        number: id,
        family_name: format!("P{id}"),
        given_name: String::new(),
        rank: Rank(0),
        rating: None,
        club: String::new(),
        city: String::new(),
        country: String::new(),
        family: None,
        local: false,
        starting_mms: HalfPoints(0),
        participation: vec![],
        ghost: false,
    }
}

/// `games[i] = (round, winner, loser, jigo)`.
fn snapshot(n: u32, games: &[(u32, u32, u32, bool)]) -> Snapshot {
    Snapshot {
        round: 9,
        rounds_total: 8,
        players: (1..=n).map(player).collect(),
        games: games
            .iter()
            .map(|&(r, w, l, jigo)| PastGame {
                round: RoundNo(r),
                white: PlayerId(w),
                black: PlayerId(l),
                handicap: 0,
                result: GameResult::played(if jigo {
                    Outcome::Jigo
                } else {
                    Outcome::WhiteWins
                }),
                known_colour: true,
            })
            .collect(),
        byes: vec![],
    }
}

fn h2h(s: &Snapshot, group: &[u32]) -> Vec<i64> {
    let t = ScoreTable::build(s, RoundNo(8), &ScoreRules::default());
    let idx: Vec<usize> = group
        .iter()
        .map(|&id| t.index_of(PlayerId(id)).unwrap())
        .collect();
    tiebreak::head_to_head(&t, &idx)
        .iter()
        .map(|v| v.numer())
        .collect()
}

#[test]
fn head_to_head_peels_unbeaten_players_level_by_level() {
    // 1 beat 2, 3 beat 1; 4 met nobody in the group: 3 and 4 unbeaten (level 0), then 1, then 2.
    let s = snapshot(4, &[(1, 1, 2, false), (2, 3, 1, false)]);
    assert_eq!(h2h(&s, &[1, 2, 3, 4]), vec![-1, -2, 0, 0]);
}

#[test]
fn head_to_head_cycle_and_jigo_stay_tied() {
    let cycle = snapshot(3, &[(1, 1, 2, false), (2, 2, 3, false), (3, 3, 1, false)]);
    assert_eq!(h2h(&cycle, &[1, 2, 3]), vec![0, 0, 0]);
    let jigo = snapshot(2, &[(1, 1, 2, true)]);
    assert_eq!(h2h(&jigo, &[1, 2]), vec![0, 0]);
    // Two games, one each: net zero, tied.
    let split = snapshot(2, &[(1, 1, 2, false), (2, 2, 1, false)]);
    assert_eq!(h2h(&split, &[1, 2]), vec![0, 0]);
}

#[test]
fn saco_counts_only_opponents_every_tied_player_met() {
    // 1 and 2 both met 3 and 4: 1 beat both (2 points), 2 beat 3 and lost to 4 (1 point); 1 also beat 5,
    // whom 2 never met: ignored.
    let s = snapshot(
        5,
        &[
            (1, 1, 3, false),
            (2, 1, 4, false),
            (3, 1, 5, false),
            (1, 2, 3, false),
            (2, 4, 2, false),
        ],
    );
    let t = ScoreTable::build(&s, RoundNo(8), &ScoreRules::default());
    let idx = [
        t.index_of(PlayerId(1)).unwrap(),
        t.index_of(PlayerId(2)).unwrap(),
    ];
    assert_eq!(tiebreak::saco(&t, &idx), vec![Value::int(2), Value::int(1)]);
}

#[test]
fn head_to_head_is_applied_only_among_exactly_tied_players() {
    // 1 and 2 both on 1 win; 2 beat 1 directly → 2 first. 3 is on 1 win too but beat nobody in the group
    // and lost to nobody in it: level 0 with 2.
    let s = snapshot(5, &[(1, 2, 1, false), (2, 1, 4, false), (2, 3, 5, false)]);
    let settings = Settings {
        criteria: vec![Criterion::Mms, Criterion::HeadToHead],
        ..Settings::egf()
    };
    let st = standings(&s, RoundNo(2), &settings);
    let order: Vec<(u32, u32)> = st.rows.iter().map(|r| (r.player.0, r.place)).collect();
    assert_eq!(order, vec![(2, 1), (3, 1), (1, 3), (4, 4), (5, 4)]);
    assert_eq!(
        st.row(PlayerId(4)).unwrap().values[1],
        Some(Value::ZERO),
        "4 and 5 tied, never met"
    );
    // People read the level among the tied, from 1: 2 and 3 at level 1, 1 (beaten by 2) at level 2.
    let shown = |id: u32| st.value_text(1, st.row(PlayerId(id)).unwrap().values[1]);
    assert_eq!(
        (shown(2), shown(3), shown(1)),
        ("1".into(), "1".into(), "2".into())
    );
    let why = tengen_standings::explain(&st, PlayerId(2), PlayerId(1))
        .unwrap()
        .to_string();
    assert!(
        why.ends_with("on H2H: level 1 among the tied players, before level 2"),
        "{why}"
    );
    let tied = tengen_standings::explain(&st, PlayerId(4), PlayerId(5))
        .unwrap()
        .to_string();
    assert!(tied.contains("H2H equal (level 1)"), "{tied}");
}

#[test]
fn ghosts_count_as_opponents_but_are_not_placed() {
    let mut s = snapshot(3, &[(1, 1, 3, false), (2, 2, 3, false)]);
    s.players[2].ghost = true;
    let st = standings(&s, RoundNo(2), &Settings::egf());
    let placed: Vec<u32> = st.rows.iter().map(|r| r.player.0).collect();
    assert_eq!(placed, vec![1, 2]);
    // 1 and 2 both beat the ghost (on 0); SOS = 0 + own start 0 for the round without a game.
    assert_eq!(st.rows[0].place, 1);
    assert_eq!(st.rows[1].place, 1);
}

/// OpenGotha's SOSM (the EGF profile's SOS): a handicap game counts the opponent's score plus the stones when
/// the player gave them (White) and minus them when the player took them (Black); Mays' and the Swiss SOS do not.
#[test]
fn egf_sos_counts_the_handicap_stones_from_each_side() {
    let mut s = snapshot(4, &[(1, 1, 2, false), (1, 3, 4, false)]);
    s.games[0].handicap = 3;
    let t = ScoreTable::build(&s, RoundNo(1), &ScoreRules::default());
    let at = |id: u32| t.index_of(PlayerId(id)).unwrap();
    let egf = tiebreak::sos(&t, tengen_standings::settings::SosRules::EGF);
    let plain = tiebreak::sos(
        &t,
        tengen_standings::settings::SosRules {
            handicap: false,
            ..tengen_standings::settings::SosRules::EGF
        },
    );
    // #1 (White, gave 3 stones) beat #2: #2's score + 3; #2 took the stones: #1's score − 3.
    assert_eq!(egf[at(1)], plain[at(1)] + Value::half_points(6));
    assert_eq!(egf[at(2)] + Value::half_points(6), plain[at(2)]);
    // The even game is untouched.
    assert_eq!(egf[at(3)], plain[at(3)]);
    assert_eq!(egf[at(4)], plain[at(4)]);
}

fn sdc(s: &Snapshot, group: &[u32]) -> Vec<Value> {
    let t = ScoreTable::build(s, RoundNo(8), &ScoreRules::default());
    let idx: Vec<usize> = group
        .iter()
        .map(|&id| t.index_of(PlayerId(id)).unwrap())
        .collect();
    tiebreak::sdc(&t, &idx)
}

/// OpenGotha's simplified direct confrontation, as its help defines it (quoted in `reference/opengotha.md` §3 and
/// on Sensei's Library): "Considering players having the same score for higher priority parameters than SDC: if
/// they all have played against each other, the SDC value for a player is the number of victory amongst his
/// peers; if they haven't, then the SDC value is 0 for all of them." By hand: 1, 2 and 3 end on two wins each;
/// 1 beat 2 and 3, 2 beat 3 (and 4), 3 beat 5 and 6: SDC 2, 1, 0 places them 1, 2, 3. The three on no wins never
/// all met: 0 each, one shared place.
#[test]
fn sdc_counts_wins_among_tied_players_who_all_met() {
    let s = snapshot(
        6,
        &[
            (1, 1, 2, false),
            (1, 3, 5, false),
            (2, 1, 3, false),
            (2, 2, 4, false),
            (3, 2, 3, false),
            (4, 3, 6, false),
        ],
    );
    let settings = Settings {
        criteria: vec![Criterion::Mms, Criterion::Sdc],
        ..Settings::egf()
    };
    let st = standings(&s, RoundNo(4), &settings);
    let order: Vec<(u32, u32)> = st.rows.iter().map(|r| (r.player.0, r.place)).collect();
    assert_eq!(order, vec![(1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (6, 4)]);
    let shown: Vec<Option<Value>> = st.rows.iter().map(|r| r.values[1]).collect();
    assert_eq!(
        shown,
        [2, 1, 0, 0, 0, 0].map(|v| Some(Value::int(v))).to_vec()
    );
    assert!(Criterion::Sdc.is_group());
    assert_eq!(Criterion::Sdc.name(), "SDC");
}

/// The "if they haven't [all played each other]" half of the definition, and `reference/opengotha.md`'s "pairs
/// with several games have a non-zero sum": one pair that never met, or whose games cancel out (a win each, or
/// a jigo), leaves everyone on 0.
#[test]
fn sdc_is_zero_for_all_unless_every_pair_met_and_was_decided() {
    // As above but 2 beat 6 instead of meeting 3: 1 beat both, yet 2 and 3 never met.
    let unmet = snapshot(
        6,
        &[
            (1, 1, 2, false),
            (1, 3, 5, false),
            (2, 1, 3, false),
            (2, 2, 4, false),
            (3, 2, 6, false),
            (4, 3, 6, false),
        ],
    );
    assert_eq!(sdc(&unmet, &[1, 2, 3]), vec![Value::ZERO; 3]);
    let split = snapshot(2, &[(1, 1, 2, false), (2, 2, 1, false)]);
    assert_eq!(sdc(&split, &[1, 2]), vec![Value::ZERO; 2]);
    let jigo = snapshot(2, &[(1, 1, 2, true)]);
    assert_eq!(sdc(&jigo, &[1, 2]), vec![Value::ZERO; 2]);
    // Two wins out of three games: decided, and each win counts.
    let twice = snapshot(2, &[(1, 1, 2, false), (2, 2, 1, false), (3, 1, 2, false)]);
    assert_eq!(sdc(&twice, &[1, 2]), vec![Value::int(2), Value::int(1)]);
}

/// OpenGotha's exploit coefficient (`reference/opengotha.md` §3, EXT/EXR) with handicaps, by hand: a 1d (rank
/// 0) against a 3k (rank −3), natural handicap 3 from the 1d's side, −3 from the 3k's. Even game: the 3k played
/// at 0, three above −3 → 3; the 1d at 0, below 3 → 0. Three stones: both at their natural handicap → 1 each.
/// Two stones: the 3k at −2, one above → 2; the 1d at 2, below → 0. After round 1 the 1d has one win, so the
/// 3k's EXT is its coefficient.
#[test]
fn ext_coefficient_follows_the_handicap_attempted() {
    for (stones, dan, kyu) in [(0u8, 0, 3), (3, 1, 1), (2, 0, 2)] {
        // 1 (1d) beats 2 (3k) in round 1; 3 and 4 make both end on one win: 2 beats 3, 4 beats 1 in round 2.
        let mut s = snapshot(4, &[(1, 1, 2, false), (2, 2, 3, false), (2, 4, 1, false)]);
        s.players[1].rank = Rank(-3);
        s.games[0].handicap = stones;
        let t = ScoreTable::build(&s, RoundNo(1), &ScoreRules::default());
        let at = |v: &[Value], id: u32| v[t.index_of(PlayerId(id)).unwrap()];
        let ext = tiebreak::exploits(&t, false);
        let exr = tiebreak::exploits(&t, true);
        assert_eq!(
            at(&ext, 1),
            Value::int(0),
            "after round 1 the 3k has no win"
        );
        assert_eq!(
            at(&ext, 2),
            Value::int(kyu),
            "{stones} stones: the 1d's one win × {kyu}"
        );
        assert_eq!(at(&exr, 2), Value::ZERO, "the 3k lost");
        let t2 = ScoreTable::build(&s, RoundNo(2), &ScoreRules::default());
        let ext2 = tiebreak::exploits(&t2, false);
        // After round 2: the 3k has one win (over 3); the 1d's round-1 game adds 1 × `dan`, its loss to 4 (rank 0,
        // even: coefficient 1) adds 4's one win.
        assert_eq!(
            ext2[t2.index_of(PlayerId(1)).unwrap()],
            Value::int(dan + 1),
            "{stones} stones"
        );
    }
}
