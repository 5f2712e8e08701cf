//! A team tournament's standings (issue 33): teams of N boards meet in matches, and teams are placed by
//! OpenGotha's team criteria in its order — team points (a won match 2, a drawn one 1, a lost one 0), board wins,
//! board wins on the first three boards, on the first two, on board 1, then the mean rating — and share a place
//! when all of them are equal.
//!
//! Pure: reads the matches as the caller scored them board by board (half points, a jigo 1); knows no names, no
//! rounds' order and no players. A match counts for team points only once every board of it has a result; its
//! boards count as their results come in.

use std::cmp::Reverse;

/// Team points for a won match (a drawn one scores half).
pub const MATCH_WIN: u32 = 2;

/// One board of a match, in half points for each side (a win 2, a jigo 1, a loss 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardScore {
    /// The board, 1 the strongest.
    pub board: u32,
    /// Team `a`'s half points, `None` until the board has a result.
    pub a: Option<u32>,
    /// Team `b`'s half points, `None` until the board has a result.
    pub b: Option<u32>,
}

/// One match between two teams (the caller's numbers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// One team.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Its boards.
    pub boards: Vec<BoardScore>,
}

impl Match {
    /// Both teams' board points, once every board has a result.
    pub fn score(&self) -> Option<(u32, u32)> {
        self.boards
            .iter()
            .try_fold((0, 0), |(a, b), x| Some((a + x.a?, b + x.b?)))
    }

    /// The team points of each side, once every board has a result.
    pub fn team_points(&self) -> Option<(u32, u32)> {
        let (a, b) = self.score()?;
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => (MATCH_WIN, 0),
            std::cmp::Ordering::Less => (0, MATCH_WIN),
            std::cmp::Ordering::Equal => (MATCH_WIN / 2, MATCH_WIN / 2),
        })
    }
}

/// A team without a match in a round (an odd number of teams): it scores `team_points` and `boards`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bye {
    /// The team.
    pub team: usize,
    /// Team points it scores.
    pub team_points: u32,
    /// Its boards' half points, board 1 first.
    pub boards: Vec<u32>,
}

/// One team's standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRow {
    /// The team, as the caller numbered it.
    pub team: usize,
    /// Place, 1-based; tied teams share the place of the first of them.
    pub place: u32,
    /// Another team shares the place.
    pub shared: bool,
    /// Team points (`MATCH_WIN` a won match).
    pub team_points: u32,
    /// Board wins, in half points.
    pub boards: u32,
    /// Board wins on the first three, two and one boards, in half points.
    pub upper: [u32; 3],
    /// The mean rating the caller gave.
    pub rating: Option<i32>,
    /// Matches won, drawn and lost.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
}

impl MatchRow {
    fn key(&self) -> (u32, u32, [u32; 3], i32) {
        (
            self.team_points,
            self.boards,
            self.upper,
            self.rating.unwrap_or(i32::MIN),
        )
    }
}

fn add_board(row: &mut MatchRow, board: u32, half: u32) {
    row.boards += half;
    for (i, limit) in [3, 2, 1].into_iter().enumerate() {
        if board <= limit {
            row.upper[i] += half;
        }
    }
}

/// Places `teams` teams (numbered `0..teams`, each with its mean rating in `ratings`) by their matches and byes.
pub fn match_standings(
    teams: usize,
    ratings: &[Option<i32>],
    matches: &[Match],
    byes: &[Bye],
) -> Vec<MatchRow> {
    let mut rows: Vec<MatchRow> = (0..teams)
        .map(|team| MatchRow {
            team,
            place: 0,
            shared: false,
            team_points: 0,
            boards: 0,
            upper: [0; 3],
            rating: ratings.get(team).copied().flatten(),
            won: 0,
            drawn: 0,
            lost: 0,
        })
        .collect();
    for m in matches {
        if m.a >= teams || m.b >= teams {
            continue;
        }
        for x in &m.boards {
            if let Some(h) = x.a {
                add_board(&mut rows[m.a], x.board, h);
            }
            if let Some(h) = x.b {
                add_board(&mut rows[m.b], x.board, h);
            }
        }
        if let Some((pa, pb)) = m.team_points() {
            rows[m.a].team_points += pa;
            rows[m.b].team_points += pb;
            for (team, points) in [(m.a, pa), (m.b, pb)] {
                let row = &mut rows[team];
                match points {
                    MATCH_WIN => row.won += 1,
                    0 => row.lost += 1,
                    _ => row.drawn += 1,
                }
            }
        }
    }
    for bye in byes.iter().filter(|b| b.team < teams) {
        let row = &mut rows[bye.team];
        row.team_points += bye.team_points;
        for (i, h) in bye.boards.iter().enumerate() {
            add_board(row, i as u32 + 1, *h);
        }
    }
    rows.sort_by_key(|r| (Reverse(r.key()), r.team));
    let mut place = 0;
    for i in 0..rows.len() {
        let tied = i > 0 && rows[i - 1].key() == rows[i].key();
        if !tied {
            place = i as u32 + 1;
        }
        rows[i].place = place;
        rows[i].shared = tied || rows.get(i + 1).is_some_and(|n| n.key() == rows[i].key());
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(board: u32, a: u32) -> BoardScore {
        BoardScore {
            board,
            a: Some(a),
            b: Some(2 - a),
        }
    }

    #[test]
    fn team_points_then_board_wins_then_the_upper_boards_place_the_teams() {
        // Four teams, four boards. Round 1: 0 beats 1 3–1, 2 and 3 draw 2–2 (3 wins boards 1 and 2).
        // Round 2: 0 draws 2 2–2, 1 beats 3 4–0.
        let matches = vec![
            Match {
                a: 0,
                b: 1,
                boards: vec![board(1, 2), board(2, 2), board(3, 0), board(4, 2)],
            },
            Match {
                a: 2,
                b: 3,
                boards: vec![board(1, 0), board(2, 0), board(3, 2), board(4, 2)],
            },
            Match {
                a: 0,
                b: 2,
                boards: vec![board(1, 2), board(2, 0), board(3, 2), board(4, 0)],
            },
            Match {
                a: 1,
                b: 3,
                boards: vec![board(1, 2), board(2, 2), board(3, 2), board(4, 2)],
            },
        ];
        let rows = match_standings(
            4,
            &[Some(2000), None, Some(1900), Some(2100)],
            &matches,
            &[],
        );
        let order: Vec<(usize, u32, u32, u32)> = rows
            .iter()
            .map(|r| (r.team, r.place, r.team_points, r.boards))
            .collect();
        // 0: 3 tp, 10 halves; 1: 2 tp, 10; 2: 2 tp, 8; 3: 1 tp, 4.
        assert_eq!(
            order,
            vec![(0, 1, 3, 10), (1, 2, 2, 10), (2, 3, 2, 8), (3, 4, 1, 4)]
        );
        assert_eq!((rows[0].won, rows[0].drawn, rows[0].lost), (1, 1, 0));
        assert_eq!(rows[1].upper, [8, 4, 2]);
    }

    #[test]
    fn a_match_waits_for_its_last_board_and_equal_teams_share_the_place() {
        let open = Match {
            a: 0,
            b: 1,
            boards: vec![
                board(1, 2),
                BoardScore {
                    board: 2,
                    a: None,
                    b: None,
                },
            ],
        };
        assert_eq!(open.team_points(), None);
        let rows = match_standings(2, &[None, None], &[open], &[]);
        assert_eq!(
            (rows[0].team, rows[0].team_points, rows[0].boards),
            (0, 0, 2)
        );
        let even = Match {
            a: 0,
            b: 1,
            boards: vec![board(1, 1), board(2, 1)],
        };
        let rows = match_standings(2, &[None, None], &[even], &[]);
        assert_eq!((rows[0].place, rows[1].place), (1, 1));
        assert!(rows[0].shared && rows[1].shared);
    }

    #[test]
    fn a_bye_scores_what_the_caller_says() {
        let rows = match_standings(
            1,
            &[None],
            &[],
            &[Bye {
                team: 0,
                team_points: MATCH_WIN,
                boards: vec![2, 2, 2],
            }],
        );
        assert_eq!(
            (rows[0].team_points, rows[0].boards, rows[0].upper),
            (2, 6, [6, 4, 2])
        );
    }
}
