//! A team tournament (issue 33): teams of N boards meet in matches, board 1 against board 1. Owns which entrants
//! make each team and in which board order, a round's line-ups, and the matches a drawn round holds, scored board
//! by board for `tengen_standings::matches`. The draw of a team round is `lifecycle::team_draw`.
//!
//! A round records only games, as in every tournament (so double entry, the referee, forfeits, the sheets and
//! the exports work board by board); the matches are read back from it: two teams whose players meet in a round
//! meet in a match, each game's board is its table's place in the match's block of tables, and a player whose
//! board had nobody on the other side is through without a game (`RoundRecord::advancing`), which wins the board
//! by default. A team all of whose players are through without a game had the bye.
//!
//! Pure: reads the register and the rounds, never changes them.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use super::field::Field;
use super::ids::ParticipantId;
use super::rank::Rank;
use super::round::{GameRecord, Outcome, RoundRecord};
use super::teams::{key, spelled};
use tengen_standings::matches::{BoardScore, Bye, Match, MATCH_WIN};

/// One team of a team tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// Its key (`teams::key`).
    pub key: String,
    /// Its name as most of its members spell it.
    pub name: String,
    /// Its members in board order: the board the desk gave (`team_board`), then strongest first (rank at round
    /// 1, rating, number).
    pub members: Vec<ParticipantId>,
    /// Its number, 1 the strongest (the mean rank of its first boards, then their mean rating, then its name).
    pub number: u32,
    /// The mean rank of its first boards (rounded down).
    pub rank: Rank,
    /// The mean rating of its first boards that have one.
    pub rating: Option<i32>,
}

/// The teams of the tournament `field` holds, by number (index `number - 1`), with `boards` boards each. Ghosts
/// and entrants with no team are in none.
pub fn teams(field: &Field, boards: u32) -> Vec<Team> {
    let numbers = field.play.map(|p| &p.numbers);
    let members: Vec<_> = field
        .entrants
        .iter()
        .filter(|(p, e)| !e.ghost && !key(&p.fields.team).is_empty())
        .collect();
    let spelling = spelled(members.iter().map(|(p, _)| p.fields.team.as_str()));
    let mut by_key: BTreeMap<String, Vec<_>> = BTreeMap::new();
    for (p, e) in members {
        by_key
            .entry(key(&p.fields.team))
            .or_default()
            .push((*p, *e));
    }
    let mut teams: Vec<Team> = by_key
        .into_iter()
        .filter_map(|(k, mut list)| {
            list.sort_by_key(|(p, e)| {
                (
                    p.fields.team_board.unwrap_or(u32::MAX),
                    Reverse(e.rank_in(p.fields.rank, 1)),
                    Reverse(p.fields.rating.unwrap_or(i32::MIN)),
                    numbers
                        .and_then(|n| n.get(&p.id))
                        .copied()
                        .unwrap_or(u32::MAX),
                    p.id,
                )
            });
            let first: Vec<_> = list.iter().take(boards.max(1) as usize).collect();
            let ranks: Vec<i32> = first
                .iter()
                .map(|(p, e)| i32::from(e.rank_in(p.fields.rank, 1).value()))
                .collect();
            let mean = ranks
                .iter()
                .sum::<i32>()
                .div_euclid(ranks.len().max(1) as i32);
            let rank = i8::try_from(mean)
                .ok()
                .and_then(Rank::from_value)
                .or_else(|| first.first().map(|(p, e)| e.rank_in(p.fields.rank, 1)))?;
            let ratings: Vec<i64> = first
                .iter()
                .filter_map(|(p, _)| p.fields.rating.map(i64::from))
                .collect();
            let rating = (!ratings.is_empty())
                .then(|| ratings.iter().sum::<i64>().div_euclid(ratings.len() as i64))
                .and_then(|r| i32::try_from(r).ok());
            Some(Team {
                name: spelling.get(&k).cloned().unwrap_or_default(),
                key: k,
                members: list.iter().map(|(p, _)| p.id).collect(),
                number: 0,
                rank,
                rating,
            })
        })
        .collect();
    teams.sort_by(|a, b| {
        b.rank
            .cmp(&a.rank)
            .then(b.rating.cmp(&a.rating))
            .then(a.key.cmp(&b.key))
    });
    for (i, t) in teams.iter_mut().enumerate() {
        t.number = i as u32 + 1;
    }
    teams
}

/// Each member's team, by index into `teams`.
pub fn team_of(teams: &[Team]) -> BTreeMap<ParticipantId, usize> {
    teams
        .iter()
        .enumerate()
        .flat_map(|(i, t)| t.members.iter().map(move |m| (*m, i)))
        .collect()
}

/// One board of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The board, 1 the strongest.
    pub board: u32,
    /// Team `a`'s player, if it had one on this board.
    pub a: Option<ParticipantId>,
    /// Team `b`'s player, if it had one on this board.
    pub b: Option<ParticipantId>,
    /// The game, by index into the round's games (none when a side had nobody).
    pub game: Option<usize>,
}

/// One match of a round: team `a` had White on board 1 (and on every odd board).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// One team (index into the teams).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Its boards, board 1 first.
    pub boards: Vec<Board>,
}

impl TeamMatch {
    /// The lowest table of the match.
    pub fn first_table(&self, round: &RoundRecord) -> u32 {
        self.boards
            .iter()
            .filter_map(|b| b.game.and_then(|g| round.games.get(g)))
            .map(|g| g.table)
            .min()
            .unwrap_or(u32::MAX)
    }
}

/// The matches and byes of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundMatches {
    /// The matches, by table.
    pub matches: Vec<TeamMatch>,
    /// Teams with the bye and their players (each through without a game).
    pub byes: Vec<(usize, Vec<ParticipantId>)>,
}

/// The board of table `table` in a tournament whose tables start at `first_table`, `boards` to a match.
pub fn board_of(table: u32, first_table: u32, boards: u32) -> u32 {
    table.saturating_sub(first_table) % boards.max(1) + 1
}

/// The matches round `r` holds.
pub fn round_matches(
    teams: &[Team],
    r: &RoundRecord,
    boards: u32,
    first_table: u32,
) -> RoundMatches {
    let team_of = team_of(teams);
    // Games by the pair of teams they join, lowest team first.
    let mut pairs: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for (i, g) in r.games.iter().enumerate() {
        if let (Some(w), Some(b)) = (team_of.get(&g.white), team_of.get(&g.black)) {
            pairs
                .entry(((*w).min(*b), (*w).max(*b)))
                .or_default()
                .push(i);
        }
    }
    let mut matches: Vec<TeamMatch> = pairs
        .into_values()
        .filter_map(|mut games| {
            games.sort_by_key(|g| r.games[*g].table);
            let first = &r.games[*games.first()?];
            let odd = board_of(first.table, first_table, boards) % 2 == 1;
            let (wa, ba) = (team_of.get(&first.white)?, team_of.get(&first.black)?);
            let (a, b) = if odd { (*wa, *ba) } else { (*ba, *wa) };
            let boards = games
                .iter()
                .map(|i| {
                    let g = &r.games[*i];
                    let (pa, pb) = if team_of.get(&g.white) == Some(&a) {
                        (g.white, g.black)
                    } else {
                        (g.black, g.white)
                    };
                    Board {
                        board: board_of(g.table, first_table, boards),
                        a: Some(pa),
                        b: Some(pb),
                        game: Some(*i),
                    }
                })
                .collect();
            Some(TeamMatch { a, b, boards })
        })
        .collect();
    let mut byes: BTreeMap<usize, Vec<ParticipantId>> = BTreeMap::new();
    for p in &r.advancing {
        let Some(t) = team_of.get(p) else { continue };
        match matches.iter_mut().find(|m| m.a == *t || m.b == *t) {
            Some(m) => {
                let free = (1..=boards)
                    .find(|n| m.boards.iter().all(|b| b.board != *n))
                    .unwrap_or(boards + 1);
                let side_a = m.a == *t;
                m.boards.push(Board {
                    board: free,
                    a: side_a.then_some(*p),
                    b: (!side_a).then_some(*p),
                    game: None,
                });
                m.boards.sort_by_key(|b| b.board);
            }
            None => byes.entry(*t).or_default().push(*p),
        }
    }
    matches.sort_by_key(|m| m.first_table(r));
    RoundMatches {
        matches,
        byes: byes.into_iter().collect(),
    }
}

/// A game's half points for White and Black, once confirmed.
pub fn halves(g: &GameRecord) -> Option<(u32, u32)> {
    Some(match g.confirmed?.outcome {
        Outcome::Unknown => return None,
        Outcome::WhiteWins => (2, 0),
        Outcome::BlackWins => (0, 2),
        Outcome::Jigo => (1, 1),
        Outcome::BothLose => (0, 0),
        Outcome::BothWin => (2, 2),
    })
}

/// A match scored board by board: a game by its confirmed result, a board with nobody on one side won by default
/// by the other.
pub fn scored(m: &TeamMatch, r: &RoundRecord) -> Match {
    let boards = m
        .boards
        .iter()
        .map(|b| {
            let (a, bb) = match b.game.and_then(|g| r.games.get(g)) {
                Some(g) => match halves(g) {
                    Some((w, k)) if Some(g.white) == b.a => (Some(w), Some(k)),
                    Some((w, k)) => (Some(k), Some(w)),
                    None => (None, None),
                },
                None if b.a.is_some() => (Some(2), Some(0)),
                None => (Some(0), Some(2)),
            };
            BoardScore {
                board: b.board,
                a,
                b: bb,
            }
        })
        .collect();
    Match {
        a: m.a,
        b: m.b,
        boards,
    }
}

/// A team's bye scored: each of its players as a player's bye (`bye_half_points`), and the match won unless a bye
/// scores nothing (a round robin's).
pub fn scored_bye(team: usize, players: &[ParticipantId], bye_half_points: i32) -> Bye {
    let half = u32::try_from(bye_half_points).unwrap_or(0);
    Bye {
        team,
        team_points: if half > 0 { MATCH_WIN } else { 0 },
        boards: players.iter().map(|_| half).collect(),
    }
}

/// Every match and bye of the rounds `1..=after`, scored.
pub fn scored_rounds(
    teams: &[Team],
    rounds: &[RoundRecord],
    after: u32,
    boards: u32,
    first_table: u32,
    bye_half_points: i32,
) -> (Vec<Match>, Vec<Bye>) {
    let mut matches = Vec::new();
    let mut byes = Vec::new();
    for r in rounds.iter().filter(|r| r.number <= after) {
        let rm = round_matches(teams, r, boards, first_table);
        matches.extend(rm.matches.iter().map(|m| scored(m, r)));
        byes.extend(
            rm.byes
                .iter()
                .map(|(t, players)| scored_bye(*t, players, bye_half_points)),
        );
    }
    (matches, byes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(table: u32, white: u64, black: u64, outcome: Outcome) -> GameRecord {
        let mut g = GameRecord::new(table, ParticipantId(white), ParticipantId(black), 0);
        if outcome != Outcome::Unknown {
            g.confirmed = Some(super::super::round::GameResult {
                outcome,
                by_forfeit: false,
            });
        }
        g
    }

    fn team(key: &str, members: &[u64], number: u32) -> Team {
        Team {
            key: key.into(),
            name: key.into(),
            members: members.iter().map(|m| ParticipantId(*m)).collect(),
            number,
            rank: Rank::kyu(1).unwrap(),
            rating: None,
        }
    }

    #[test]
    fn a_round_reads_back_as_matches_board_by_board() {
        // Teams of three: A = 1, 2, 3; B = 4, 5, 6; C = 7, 8. Tables 1-3: A against B, A White on board 1 and 3.
        // C has the bye with its two players.
        let teams = vec![
            team("a", &[1, 2, 3], 1),
            team("b", &[4, 5, 6], 2),
            team("c", &[7, 8], 3),
        ];
        let mut r = RoundRecord::empty(1, 1);
        r.games = vec![
            game(1, 1, 4, Outcome::WhiteWins),
            game(2, 5, 2, Outcome::WhiteWins),
            game(3, 3, 6, Outcome::Jigo),
        ];
        r.advancing = vec![ParticipantId(7), ParticipantId(8)];
        let rm = round_matches(&teams, &r, 3, 1);
        assert_eq!(rm.matches.len(), 1);
        let m = &rm.matches[0];
        assert_eq!((m.a, m.b), (0, 1));
        let boards: Vec<(u32, Option<u64>)> = m
            .boards
            .iter()
            .map(|b| (b.board, b.a.map(|p| p.0)))
            .collect();
        assert_eq!(boards, vec![(1, Some(1)), (2, Some(2)), (3, Some(3))]);
        assert_eq!(scored(m, &r).score(), Some((3, 3)));
        assert_eq!(rm.byes, vec![(2, vec![ParticipantId(7), ParticipantId(8)])]);
    }

    #[test]
    fn a_board_with_nobody_opposite_is_won_by_default() {
        // B fields two players against A's three: A's board 3 player is through without a game.
        let teams = vec![team("a", &[1, 2, 3], 1), team("b", &[4, 5], 2)];
        let mut r = RoundRecord::empty(2, 1);
        r.games = vec![
            game(11, 4, 1, Outcome::WhiteWins),
            game(12, 2, 5, Outcome::Unknown),
        ];
        r.advancing = vec![ParticipantId(3)];
        // Tables start at 11 here: table 11 is board 1.
        let rm = round_matches(&teams, &r, 3, 11);
        let m = &rm.matches[0];
        // B's player had White on board 1 (table 11), so B is the match's side `a`.
        assert_eq!((m.a, m.b), (1, 0));
        let s = scored(m, &r);
        assert_eq!(s.boards[2].b, Some(2), "A's third board is won by default");
        assert_eq!(s.score(), None, "board 2 has no result yet");
        assert!(rm.byes.is_empty());
    }
}
