//! The team standings (issue 33). A team competition: each team's place, name, score, the members who count
//! (number, name and result) and the others, and its prize; then the rule in words. A team tournament: each
//! team's place, matches, team points, board wins and the other criteria, its prize; then every round's matches
//! with their scores. The standings are `app::teams`'; this file only lays them out.

use super::model::{Block, Column, Sheet, Table};
use crate::app::roster::{half_points, Roster};
use crate::app::teams::{self, TeamStanding};
use crate::domain::field::{player_id, Field};
use crate::domain::setup::TeamScore;
use crate::domain::{ParticipantId, Rejected};
use std::collections::BTreeMap;

/// The team standings after round `round` (0: the last round with results).
pub(crate) fn team_list(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let after = roster.counted_round(round)?;
    let when = match after {
        0 => "before round 1".to_string(),
        n => format!("after round {n}"),
    };
    let mut sheet = Sheet::new(
        format!("{}: team standings {when}", roster.name()),
        roster.heading_lines(),
    );
    let sc = &roster.tournament.settings.scoring;
    if sc.team_boards > 0 {
        match_list(roster, after, &mut sheet);
        return Ok(sheet);
    }
    if sc.team_counting == 0 {
        sheet.blocks.push(Block::Note(
            "No team competition: set it on the tournament's settings page (Teams).".to_string(),
        ));
        return Ok(sheet);
    }
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let result: BTreeMap<_, _> = standings
        .rows
        .iter()
        .map(|r| {
            let score = match sc.team_score {
                TeamScore::Wins => r.wins.0,
                TeamScore::Mms => r.mms.0,
            };
            (r.player, score)
        })
        .collect();
    // A member's row under their team's: number, name, result; a member who does not count has it in brackets.
    let member = |p: &ParticipantId, counted: bool, prizes: bool| {
        let score = half_points(result.get(&player_id(*p)).copied().unwrap_or(0));
        let mut cells = vec![
            String::new(),
            roster.number_text(*p),
            roster.full_name(*p),
            if counted { score } else { format!("({score})") },
        ];
        if prizes {
            cells.push(String::new());
        }
        cells
    };
    let rows: Vec<TeamStanding> = teams::standings(roster, &standings);
    if rows.is_empty() {
        sheet.blocks.push(Block::Note(
            "No teams yet: a player's team is typed on the registration form (Team).".to_string(),
        ));
    } else {
        let prizes = rows.iter().any(|t| t.prize.is_some());
        let mut columns = vec![
            Column::right("Pl"),
            Column::right("No"),
            Column::flex("Team and members", 30),
            Column::right("Score"),
        ];
        if prizes {
            columns.push(Column::right("Prize"));
        }
        let mut table = Vec::new();
        for t in &rows {
            let mut cells = vec![
                format!("{}{}", t.place, if t.shared { "=" } else { "" }),
                String::new(),
                t.name.clone(),
                half_points(t.score_half),
            ];
            if prizes {
                cells.push(t.prize.map_or(String::new(), |(c, _)| c.to_string()));
            }
            table.push(cells);
            table.extend(t.counted.iter().map(|p| member(p, true, prizes)));
            table.extend(t.others.iter().map(|p| member(p, false, prizes)));
        }
        sheet.blocks.push(Block::Table(Table {
            columns,
            rows: table,
        }));
    }
    sheet
        .blocks
        .push(Block::Note(rule(sc.team_counting, sc.team_score)));
    Ok(sheet)
}

/// The team competition's rule in words.
pub(crate) fn rule(counting: u32, score: TeamScore) -> String {
    let what = match score {
        TeamScore::Wins => "wins",
        TeamScore::Mms => "McMahon scores",
    };
    let whose = if counting == 1 {
        "its best member's".to_string()
    } else {
        format!("its best {counting} members'")
    };
    format!(
        "A team scores the sum of {whose} {what} (a result in brackets does not count); equal scores are \
         separated by the sum of those members' places (fewer first). Equal places are marked =."
    )
}

/// A team tournament's standings after round `after`, then each round's matches.
fn match_list(roster: &Roster, after: u32, sheet: &mut Sheet) {
    let rows = teams::match_standings(roster, after);
    if rows.is_empty() {
        sheet.blocks.push(Block::Note(
            "No teams yet: a player's team is typed on the registration form (Team).".to_string(),
        ));
        return;
    }
    let prizes = rows.iter().any(|t| t.prize.is_some());
    let mut columns = vec![
        Column::right("Place"),
        Column::flex("Team", 24),
        Column::right("Played"),
        Column::right("Won"),
        Column::right("Drawn"),
        Column::right("Lost"),
        Column::right("Team points"),
        Column::right("Board wins"),
        Column::right("Boards 1-3"),
        Column::right("Boards 1-2"),
        Column::right("Board 1"),
        Column::right("Rating"),
    ];
    if prizes {
        columns.push(Column::right("Prize"));
    }
    let table = rows
        .iter()
        .map(|t| {
            let r = &t.row;
            let mut cells = vec![
                format!("{}{}", r.place, if r.shared { "=" } else { "" }),
                t.team.name.clone(),
                (r.won + r.drawn + r.lost).to_string(),
                r.won.to_string(),
                r.drawn.to_string(),
                r.lost.to_string(),
                r.team_points.to_string(),
                half_points(r.boards as i32),
                half_points(r.upper[0] as i32),
                half_points(r.upper[1] as i32),
                half_points(r.upper[2] as i32),
                r.rating.map_or(String::new(), |x| x.to_string()),
            ];
            if prizes {
                cells.push(t.prize.map_or(String::new(), |(c, _)| c.to_string()));
            }
            cells
        })
        .collect();
    sheet.blocks.push(Block::Table(Table {
        columns,
        rows: table,
    }));
    sheet.blocks.push(Block::Note(
        "Placed by team points (a won match 2, a drawn one 1), then board wins, board wins on boards 1-3, on \
         boards 1-2, on board 1, then the mean rating of the first boards; equal places are marked =. A board with \
         nobody opposite is won by default."
            .to_string(),
    ));
    let teams = teams::tournament_teams(roster);
    let name = |i: usize| teams.get(i).map_or_else(String::new, |t| t.name.clone());
    for r in roster.rounds().iter().filter(|r| r.number <= after.max(1)) {
        let rm = teams::round_matches(roster, &teams, r);
        if rm.matches.is_empty() && rm.byes.is_empty() {
            continue;
        }
        sheet
            .blocks
            .push(Block::Heading(format!("Round {}", r.number)));
        let rows = rm
            .matches
            .iter()
            .map(|m| {
                let score = crate::domain::team_play::scored(m, r).score();
                vec![
                    name(m.a),
                    score.map_or("–".to_string(), |(a, b)| {
                        format!("{}–{}", half_points(a as i32), half_points(b as i32))
                    }),
                    name(m.b),
                ]
            })
            .collect();
        sheet.blocks.push(Block::Table(Table {
            columns: vec![
                Column::flex("Team (White on board 1)", 24),
                Column::right("Score"),
                Column::flex("Team", 24),
            ],
            rows,
        }));
        for (t, _) in &rm.byes {
            sheet
                .blocks
                .push(Block::Note(format!("{} has the bye.", name(*t))));
        }
    }
}
