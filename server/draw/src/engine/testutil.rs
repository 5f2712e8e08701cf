//! Small builders for the engine's tests: players, games, byes, snapshots and Mays settings.

use crate::model::{
    ByeRule, GameResult, HalfPoints, HandicapRule, Outcome, PastBye, PastGame, Player, PlayerId,
    Profile, Rank, RoundNo, Settings, Snapshot,
};

/// A player with number `n` (id = n), the given rank, starting MMS in whole points, and distinct club and city.
pub(crate) fn player(n: u32, rank: i32, mms: i32) -> Player {
    Player {
        id: PlayerId(n),
        number: n,
        family_name: format!("Family{n}"),
        given_name: format!("Given{n}"),
        rank: Rank(rank),
        rating: None,
        club: format!("club{n}"),
        city: format!("city{n}"),
        country: "GB".into(),
        family: None,
        local: false,
        starting_mms: HalfPoints(2 * mms),
        participation: Vec::new(),
        ghost: false,
    }
}

/// `count` players numbered 1.., all at rank 1k and MMS 0 (one clean score group).
pub(crate) fn group(count: u32) -> Vec<Player> {
    (1..=count).map(|n| player(n, -1, 0)).collect()
}

/// A finished game of round `r`: `w` (White) against `b`, `w_wins` says who won.
pub(crate) fn game(r: u32, w: u32, b: u32, w_wins: bool) -> PastGame {
    PastGame {
        round: RoundNo(r),
        white: PlayerId(w),
        black: PlayerId(b),
        handicap: 0,
        result: GameResult::played(if w_wins {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }),
        known_colour: true,
    }
}

/// A game of round `r` whose result is not known yet.
pub(crate) fn open_game(r: u32, w: u32, b: u32) -> PastGame {
    PastGame {
        result: GameResult::played(Outcome::Unknown),
        ..game(r, w, b, true)
    }
}

/// A bye of round `r`.
pub(crate) fn bye(r: u32, p: u32) -> PastBye {
    PastBye {
        round: RoundNo(r),
        player: PlayerId(p),
    }
}

/// A snapshot before `round`.
pub(crate) fn snapshot(
    round: u32,
    players: Vec<Player>,
    games: Vec<PastGame>,
    byes: Vec<PastBye>,
) -> Snapshot {
    Snapshot {
        round,
        rounds_total: 6,
        players,
        games,
        byes,
    }
}

/// Mays' settings: `mays` profile and bye rule, rank-based handicap − 1.
pub(crate) fn mays() -> Settings {
    Settings {
        profile: Profile::Mays,
        bye: ByeRule::Mays,
        handicap: HandicapRule {
            based_on_mms: false,
            no_handicap_above: Rank(8),
            correction: 1,
            ceiling: 9,
            even_at_or_above: None,
        },
        ..Settings::default()
    }
}

/// The round's pairs as sorted `(smaller id, larger id)` numbers.
pub(crate) fn pairs(round: &crate::model::Round) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = round
        .games
        .iter()
        .map(|g| (g.white.0.min(g.black.0), g.white.0.max(g.black.0)))
        .collect();
    out.sort_unstable();
    out
}
