//! The team standings (issue 33): each team's place, name, score, the members who count (number, name and
//! result) and the others, and its prize; then the rule in words. The standings are `app::teams`'; this file
//! only lays them out.

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
    if sc.team_counting == 0 {
        sheet.blocks.push(Block::Note(
            "No team competition: set it on the tournament's settings page (Team competition)."
                .to_string(),
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
