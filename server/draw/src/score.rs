//! Scores before a round: main score (MMS or NBW), wins, losses, byes, colours and draw-ups/downs, computed from a
//! [`Snapshot`] the way OpenGotha does (`shared/reference/opengotha.md` §1.1 "Byes, absent and late players", §3).
//!
//! Conventions, for every round `s` before the round being drawn:
//! - a player with a game in round `s` scores the game's points (win 1, jigo ½, both-win 1 each, both-lose 0,
//!   unknown 0; forfeit results count like normal ones);
//! - else a player with the bye of round `s` is credited the bye values (MMS and NBW);
//! - else a player not participating in round `s` is credited the absent values;
//! - else (present but not paired) the round scores 0.
//!
//! Absent and bye credits are summed separately from game points; with `round_down` their running total is
//! floored to a whole point before being added (so two absences at ½ give 1, one gives 0). Game points, jigos
//! included, are never rounded.

use std::collections::BTreeMap;

use crate::model::{HalfPoints, Outcome, PlayerId, RoundNo, Settings, Snapshot, System};

/// What happened to a player in one past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundStatus {
    /// Not participating: credited the absent values.
    Absent,
    /// Had the bye: credited the bye values.
    Bye,
    /// Present but neither paired nor given the bye: scores 0.
    NotAssigned,
    /// Played (or forfeited) a game.
    Game {
        /// The opponent.
        opponent: PlayerId,
        /// True when this player had White.
        white: bool,
        /// Handicap of the game.
        handicap: u8,
        /// False when colours were not published.
        known_colour: bool,
        /// Points this player scored in the game (half points: win 2, jigo 1, loss 0).
        points: HalfPoints,
        /// True when the result was decided without play.
        by_forfeit: bool,
        /// The game's outcome.
        outcome: Outcome,
    },
}

/// One past round of a player's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundRecord {
    /// The round.
    pub round: RoundNo,
    /// What happened.
    pub status: RoundStatus,
    /// The player's main score before that round (see [`PlayerScores::mms`]).
    pub main_before: HalfPoints,
}

/// A player's scores before the round being drawn.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerScores {
    /// Main score before the round: the McMahon score in a McMahon tournament, the number of wins (NBW) in a
    /// Swiss one. OpenGotha's score groups are `mms.floor_points()`.
    pub mms: HalfPoints,
    /// The McMahon score proper (starting MMS + game points + rounded MMS credits), whatever the system.
    pub mcmahon: HalfPoints,
    /// Number of wins: game points + rounded NBW credits.
    pub nbw: HalfPoints,
    /// Games won (including wins by forfeit and both-win results).
    pub wins: u32,
    /// Games lost (including losses by forfeit and both-lose results; unknown results are not counted).
    pub losses: u32,
    /// Jigos.
    pub jigos: u32,
    /// Byes received.
    pub byes: u32,
    /// Rounds not participated in (and not given a bye or a game).
    pub absences: u32,
    /// Even (handicap 0) games with known colour played as White.
    pub white: u32,
    /// Even (handicap 0) games with known colour played as Black.
    pub black: u32,
    /// `white − black`.
    pub colour_balance: i32,
    /// Games against an opponent whose main score group (floored main score before that round) was higher.
    pub draw_ups: u32,
    /// Games against an opponent whose main score group (floored main score before that round) was lower.
    pub draw_downs: u32,
    /// Opponents met in earlier rounds, in round order (repeated if met twice).
    pub opponents: Vec<PlayerId>,
    /// One record per earlier round, round 1 first.
    pub history: Vec<RoundRecord>,
}

/// Points `player` scores in a game with this outcome.
pub fn game_points(outcome: Outcome, player_is_white: bool) -> HalfPoints {
    match (outcome, player_is_white) {
        (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) | (Outcome::BothWin, _) => {
            HalfPoints::ONE
        }
        (Outcome::Jigo, _) => HalfPoints::HALF,
        _ => HalfPoints(0),
    }
}

/// Running totals while walking the rounds.
#[derive(Debug, Clone, Default)]
struct Running {
    start: HalfPoints,
    game_points: HalfPoints,
    nbw_credits: HalfPoints,
    mms_credits: HalfPoints,
}

impl Running {
    fn rounded(credits: HalfPoints, round_down: bool) -> HalfPoints {
        if round_down {
            HalfPoints(credits.0.div_euclid(2) * 2)
        } else {
            credits
        }
    }

    fn nbw(&self, settings: &Settings) -> HalfPoints {
        self.game_points + Self::rounded(self.nbw_credits, settings.scores.round_down)
    }

    fn mcmahon(&self, settings: &Settings) -> HalfPoints {
        self.start + self.game_points + Self::rounded(self.mms_credits, settings.scores.round_down)
    }

    fn main(&self, settings: &Settings) -> HalfPoints {
        match settings.system {
            System::McMahon => self.mcmahon(settings),
            System::Swiss => self.nbw(settings),
        }
    }
}

/// The status of every player in round `round`, from the snapshot's games, byes and participation.
fn statuses(snapshot: &Snapshot, round: RoundNo) -> BTreeMap<PlayerId, RoundStatus> {
    let mut out: BTreeMap<PlayerId, RoundStatus> = BTreeMap::new();
    for p in &snapshot.players {
        let status = if p.plays(round) {
            RoundStatus::NotAssigned
        } else {
            RoundStatus::Absent
        };
        out.insert(p.id, status);
    }
    for b in snapshot.byes.iter().filter(|b| b.round == round) {
        out.insert(b.player, RoundStatus::Bye);
    }
    for g in snapshot.games.iter().filter(|g| g.round == round) {
        for (me, opp, white) in [(g.white, g.black, true), (g.black, g.white, false)] {
            let status = RoundStatus::Game {
                opponent: opp,
                white,
                handicap: g.handicap,
                known_colour: g.known_colour,
                points: game_points(g.result.outcome, white),
                by_forfeit: g.result.by_forfeit,
                outcome: g.result.outcome,
            };
            out.insert(me, status);
        }
    }
    out
}

/// Every player's scores before `round` (only games, byes and absences of rounds `1..round` count).
///
/// Players are keyed by id; players referenced by games but missing from `snapshot.players` are ignored.
pub fn scores_before(
    snapshot: &Snapshot,
    settings: &Settings,
    round: RoundNo,
) -> BTreeMap<PlayerId, PlayerScores> {
    let mut running: BTreeMap<PlayerId, Running> = BTreeMap::new();
    let mut scores: BTreeMap<PlayerId, PlayerScores> = BTreeMap::new();
    for p in &snapshot.players {
        let start = match settings.system {
            System::McMahon => p.starting_mms,
            System::Swiss => HalfPoints(0),
        };
        running.insert(
            p.id,
            Running {
                start,
                ..Running::default()
            },
        );
        scores.insert(p.id, PlayerScores::default());
    }
    for s in 1..round.0 {
        let s = RoundNo(s);
        let main_before: BTreeMap<PlayerId, HalfPoints> = running
            .iter()
            .map(|(id, r)| (*id, r.main(settings)))
            .collect();
        for (id, status) in statuses(snapshot, s) {
            let (Some(run), Some(sc)) = (running.get_mut(&id), scores.get_mut(&id)) else {
                continue;
            };
            let mine = main_before.get(&id).copied().unwrap_or_default();
            apply_round(run, sc, settings, status, mine, &main_before);
            sc.history.push(RoundRecord {
                round: s,
                status,
                main_before: mine,
            });
        }
    }
    for (id, sc) in scores.iter_mut() {
        if let Some(run) = running.get(id) {
            sc.mms = run.main(settings);
            sc.mcmahon = run.mcmahon(settings);
            sc.nbw = run.nbw(settings);
            sc.colour_balance = sc.white as i32 - sc.black as i32;
        }
    }
    scores
}

/// Adds one round's outcome to a player's running totals and counters.
fn apply_round(
    run: &mut Running,
    sc: &mut PlayerScores,
    settings: &Settings,
    status: RoundStatus,
    mine: HalfPoints,
    main_before: &BTreeMap<PlayerId, HalfPoints>,
) {
    let values = &settings.scores;
    match status {
        RoundStatus::Absent => {
            sc.absences += 1;
            run.nbw_credits += values.absent_nbw;
            run.mms_credits += values.absent_mms;
        }
        RoundStatus::Bye => {
            sc.byes += 1;
            run.nbw_credits += values.bye_nbw;
            run.mms_credits += values.bye_mms;
        }
        RoundStatus::NotAssigned => {}
        RoundStatus::Game {
            opponent,
            white,
            handicap,
            known_colour,
            points,
            outcome,
            ..
        } => {
            run.game_points += points;
            match (outcome, points) {
                (Outcome::Unknown, _) => {}
                (Outcome::Jigo, _) => sc.jigos += 1,
                (_, HalfPoints(2)) => sc.wins += 1,
                _ => sc.losses += 1,
            }
            if handicap == 0 && known_colour {
                if white {
                    sc.white += 1;
                } else {
                    sc.black += 1;
                }
            }
            let theirs = main_before.get(&opponent).copied().unwrap_or_default();
            match theirs.floor_points().cmp(&mine.floor_points()) {
                std::cmp::Ordering::Greater => sc.draw_ups += 1,
                std::cmp::Ordering::Less => sc.draw_downs += 1,
                std::cmp::Ordering::Equal => {}
            }
            sc.opponents.push(opponent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameResult, PastBye, PastGame, Player, Rank};

    fn player(id: u32, start: i32, participation: Vec<bool>) -> Player {
        Player {
            id: PlayerId(id),
            number: id + 1,
            family_name: format!("P{id}"),
            given_name: String::new(),
            rank: Rank(-10),
            rating: None,
            club: String::new(),
            city: String::new(),
            country: String::new(),
            family: None,
            local: false,
            starting_mms: HalfPoints(start),
            participation,
            ghost: false,
        }
    }

    fn game(round: u32, white: u32, black: u32, outcome: Outcome, handicap: u8) -> PastGame {
        PastGame {
            round: RoundNo(round),
            white: PlayerId(white),
            black: PlayerId(black),
            handicap,
            result: GameResult::played(outcome),
            known_colour: true,
        }
    }

    fn snapshot() -> Snapshot {
        Snapshot {
            round: 4,
            rounds_total: 5,
            players: vec![
                player(0, 40, vec![true; 5]),
                player(1, 36, vec![true; 5]),
                player(2, 36, vec![false, true, false, true, true]),
            ],
            games: vec![
                game(1, 0, 1, Outcome::WhiteWins, 0),
                game(2, 1, 0, Outcome::Jigo, 0),
                game(2, 2, 2, Outcome::Unknown, 0), // nonsense game ignored for others
                game(3, 0, 1, Outcome::BlackWins, 2),
                game(4, 0, 2, Outcome::WhiteWins, 0), // the round being drawn: ignored
            ],
            byes: vec![],
        }
    }

    #[test]
    fn mcmahon_scores_count_points_and_rounded_absent_credits() {
        let mut snap = snapshot();
        snap.games.retain(|g| g.white != g.black);
        snap.byes.push(PastBye {
            round: RoundNo(2),
            player: PlayerId(2),
        });
        let s = scores_before(&snap, &Settings::default(), RoundNo(4));
        // Player 0: 20 + win + jigo + loss = 20 + 1.5.
        assert_eq!(s[&PlayerId(0)].mms, HalfPoints(43));
        assert_eq!(s[&PlayerId(0)].nbw, HalfPoints(3));
        assert_eq!(s[&PlayerId(0)].wins, 1);
        assert_eq!(s[&PlayerId(0)].losses, 1);
        assert_eq!(s[&PlayerId(0)].jigos, 1);
        // Player 2: absent R1 (½), bye R2 (1), absent R3 (½): credits 2 → rounded running total 2.
        assert_eq!(s[&PlayerId(2)].mms, HalfPoints(36 + 4));
        assert_eq!(s[&PlayerId(2)].nbw, HalfPoints(2));
        assert_eq!(s[&PlayerId(2)].byes, 1);
        assert_eq!(s[&PlayerId(2)].absences, 2);
    }

    #[test]
    fn a_single_half_point_absence_rounds_down_to_zero() {
        let snap = Snapshot {
            round: 2,
            rounds_total: 3,
            players: vec![player(0, 10, vec![false, true, true])],
            ..Snapshot::default()
        };
        let s = scores_before(&snap, &Settings::default(), RoundNo(2));
        assert_eq!(s[&PlayerId(0)].mms, HalfPoints(10));
        let mut no_round = Settings::default();
        no_round.scores.round_down = false;
        let s = scores_before(&snap, &no_round, RoundNo(2));
        assert_eq!(s[&PlayerId(0)].mms, HalfPoints(11));
    }

    #[test]
    fn swiss_main_score_is_the_number_of_wins() {
        let mut snap = snapshot();
        snap.games.retain(|g| g.white != g.black);
        let settings = Settings {
            system: System::Swiss,
            ..Settings::default()
        };
        let s = scores_before(&snap, &settings, RoundNo(4));
        assert_eq!(s[&PlayerId(1)].mms, s[&PlayerId(1)].nbw);
        assert_eq!(s[&PlayerId(1)].nbw, HalfPoints(3));
    }

    #[test]
    fn colour_balance_counts_only_even_games_with_known_colour() {
        let mut snap = snapshot();
        snap.games.retain(|g| g.white != g.black);
        let s = scores_before(&snap, &Settings::default(), RoundNo(4));
        assert_eq!((s[&PlayerId(0)].white, s[&PlayerId(0)].black), (1, 1));
        assert_eq!(s[&PlayerId(0)].colour_balance, 0);
        assert_eq!(s[&PlayerId(1)].colour_balance, 0);
    }

    #[test]
    fn draw_ups_and_downs_compare_score_groups_at_the_time() {
        let mut snap = snapshot();
        snap.games.retain(|g| g.white != g.black);
        let s = scores_before(&snap, &Settings::default(), RoundNo(4));
        // R1: 20 vs 18 → player 0 drawn down, player 1 drawn up. R2: 21 vs 18. R3: 21½ vs 18½.
        assert_eq!(
            (s[&PlayerId(0)].draw_ups, s[&PlayerId(0)].draw_downs),
            (0, 3)
        );
        assert_eq!(
            (s[&PlayerId(1)].draw_ups, s[&PlayerId(1)].draw_downs),
            (3, 0)
        );
        assert_eq!(s[&PlayerId(0)].history.len(), 3);
    }
}
