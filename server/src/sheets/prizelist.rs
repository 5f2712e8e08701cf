//! The prize list the director reads out at the prize-giving: every prize the standings give (`app::prizes`),
//! in the ceremony's order (Mays: from the last section up, ending with the champion; the special prizes
//! first), each with the winner's number, name, club and amount, then the total paid and the prizes offered that
//! nobody took. Says so when the last round is not closed yet. Lays out only; never shows a year of birth.

use super::model::{Block, Column, Sheet, Table};
use crate::app::prizes::{prize_giving, Prize, PrizeKind};
use crate::app::roster::Roster;
use crate::domain::field::Field;
use crate::domain::round::RoundState;
use crate::domain::{ParticipantId, Rejected};
use tengen_standings::prizes::Cents;

/// The prize list after round `round` (0: the last round with results).
pub(crate) fn prize_list(roster: &Roster, round: u32) -> Result<Sheet, Rejected> {
    let after = roster.counted_round(round)?;
    let settings = &roster.tournament.settings;
    let mut sheet = Sheet::new(
        format!("{}: prize-giving after round {after}", roster.name()),
        roster.heading_lines(),
    );
    let closed = roster
        .play
        .and_then(|p| p.round(settings.rounds))
        .is_some_and(|r| r.state == RoundState::Closed);
    if !closed || after < settings.rounds {
        sheet.blocks.push(Block::Note(format!(
            "Provisional: the standings after round {after}; round {} is not closed yet.",
            settings.rounds
        )));
    }
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let mut given = prize_giving(roster, &standings, after);
    given.sort_by_key(|p| ceremony_order(p, standings.sections.len()));
    let team_total = team_prizes(&mut sheet, roster, &standings);
    if team_total > 0 {
        if given.is_empty() {
            return Ok(sheet);
        }
        sheet
            .blocks
            .push(Block::Heading("Players' prizes".to_string()));
    }
    if given.is_empty() {
        sheet.blocks.push(Block::Note(
            "No prizes: set them on the tournament's settings page (Prizes).".to_string(),
        ));
        return Ok(sheet);
    }
    let rank_round = after.max(1);
    let rows = given
        .iter()
        .map(|p| {
            vec![
                p.label(&standings.sections),
                roster.number_text(p.player),
                format!(
                    "{} ({})",
                    roster.full_name(p.player),
                    roster.rank(p.player, rank_round)
                ),
                roster.club(p.player),
                p.amount.to_string(),
            ]
        })
        .collect();
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::flex("Prize", 12),
            Column::right("No"),
            Column::flex("Name", 20),
            Column::flex("Club", 8),
            Column::right("Amount"),
        ],
        rows,
    }));
    let total: i64 = given.iter().map(|p| p.amount.0).sum();
    sheet.blocks.push(Block::Note(if team_total > 0 {
        format!(
            "{} prizes, {} paid to players and {} to teams.",
            given.len(),
            Cents(total),
            Cents(team_total)
        )
    } else {
        format!("{} prizes, {} paid in all.", given.len(), Cents(total))
    }));
    if !settings.scoring.prizes_stack {
        sheet.blocks.push(Block::Note(
            "Each player takes only their best prize; a prize they could not take went to the next in line."
                .to_string(),
        ));
    }
    let untaken = untaken(roster, &given);
    if !untaken.is_empty() {
        sheet.blocks.push(Block::Note(format!(
            "Offered and not given: {}.",
            untaken.join("; ")
        )));
    }
    Ok(sheet)
}

/// The team prizes (`app::teams`), first in the ceremony as a table of their own: place, team, the members who
/// count, amount. Returns what they pay (0 when none).
fn team_prizes(sheet: &mut Sheet, roster: &Roster, standings: &tengen_standings::Standings) -> i64 {
    let teams = crate::app::teams::prizes(roster, standings);
    if teams.is_empty() {
        return 0;
    }
    sheet.blocks.push(Block::Heading("Team prizes".to_string()));
    let rows = teams
        .iter()
        .rev()
        .map(|t| {
            let members = t
                .members
                .iter()
                .map(|p| format!("{} {}", roster.number_text(*p), roster.full_name(*p)))
                .collect::<Vec<_>>()
                .join(", ");
            vec![
                format!("{}{}", t.place, if t.shared { "=" } else { "" }),
                t.name.clone(),
                members,
                t.amount.to_string(),
            ]
        })
        .collect();
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::right("Pl"),
            Column::flex("Team", 12),
            Column::flex("Members", 30),
            Column::right("Amount"),
        ],
        rows,
    }));
    teams.iter().map(|t| t.amount.0).sum()
}

/// The order of the ceremony: special prizes (improvement, below the rank, juniors, wins from the fewest), then
/// the sections from the last up, then the places; within each, the lowest place first.
fn ceremony_order(p: &Prize, sections: usize) -> (u32, std::cmp::Reverse<u32>) {
    let rank = match p.kind {
        PrizeKind::Improvement => 0,
        PrizeKind::BelowRank(_) => 1,
        PrizeKind::Junior => 2,
        PrizeKind::Wins(w) => 3 + w,
        PrizeKind::Section(i) => 1_000 + (sections - i.min(sections)) as u32,
        PrizeKind::Place => 100_000,
    };
    (rank, std::cmp::Reverse(p.place))
}

/// The special prizes offered that nobody took, in words: "junior prizes (no junior)".
fn untaken(roster: &Roster, given: &[Prize]) -> Vec<String> {
    let sc = &roster.tournament.settings.scoring;
    let has = |f: &dyn Fn(PrizeKind) -> bool| given.iter().any(|p| f(p.kind));
    let mut out = Vec::new();
    for level in &sc.wins_prizes {
        if level.cents > 0 && !has(&|k| k == PrizeKind::Wins(level.wins_half)) {
            out.push(
                Prize {
                    kind: PrizeKind::Wins(level.wins_half),
                    player: ParticipantId(0),
                    place: 1,
                    shared_by: 1,
                    amount: Cents(level.cents),
                }
                .label(&[]),
            );
        }
    }
    if !sc.junior_prizes_cents.is_empty() && !has(&|k| k == PrizeKind::Junior) {
        let from = sc.junior_born_from.map_or(String::new(), |y| {
            format!(" (born in {y} or after; a year of birth is recorded for ")
        });
        let known = roster
            .entrants
            .values()
            .filter(|(p, _)| p.fields.birth_year.is_some())
            .count();
        out.push(if from.is_empty() {
            "junior prizes".to_string()
        } else {
            format!(
                "junior prizes{from}{known} of {} players)",
                roster.entrants.len()
            )
        });
    }
    if let Some(rank) = sc.below_rank {
        if !sc.below_rank_prizes_cents.is_empty() && !has(&|k| matches!(k, PrizeKind::BelowRank(_)))
        {
            out.push(format!("prizes for {rank} and weaker"));
        }
    }
    if !sc.improvement_prizes_cents.is_empty() && !has(&|k| k == PrizeKind::Improvement) {
        out.push("prizes for improvement (nobody climbed)".to_string());
    }
    out
}
