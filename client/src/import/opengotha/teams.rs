//! An OpenGotha file's teams as Tengen's team competition (issue 33): each player already carries the name of
//! the first team that seats them (`OgTournament::person`); this maps the team size onto how many members count
//! and notes what a team competition inside an individual tournament does not keep: the boards round by round,
//! the team matches and OpenGotha's team placement. Pure, like the rest of the plan.

use std::collections::{BTreeMap, BTreeSet};

use tengen_interop::opengotha::{OgTeam, OgTournament};

use super::Note;

/// The most members a team may count (the server's rule).
const MOST_COUNTING: u32 = 10;

/// The players a team seats in some round.
fn members(team: &OgTeam) -> BTreeSet<usize> {
    team.boards.iter().map(|b| b.player).collect()
}

/// The most boards a team fills in one round.
fn boards(team: &OgTeam) -> u32 {
    let mut per_round: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for b in &team.boards {
        per_round.entry(b.round).or_default().insert(b.board);
    }
    per_round
        .values()
        .map(|boards| boards.len() as u32)
        .max()
        .unwrap_or(0)
}

/// A list of names for a note: the first few, then how many more.
fn some(names: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut text = names
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        text.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    text
}

/// How many members of a team count (`Scoring::team_counting`): the file's team size, else its largest team's
/// boards, at most 10; 0 when the file has no team. Notes the mapping and everything team-related left out.
pub(super) fn team_counting(og: &OgTournament, notes: &mut Vec<Note>) -> u32 {
    let named: Vec<&OgTeam> = og
        .teams
        .iter()
        .filter(|t| t.name.chars().any(char::is_alphanumeric))
        .collect();
    let unnamed = og.teams.len() - named.len();
    if unnamed > 0 {
        notes.push(Note::not_mapped(format!(
            "{unnamed} team(s) without a name: their players are in no team"
        )));
    }
    let largest = named.iter().map(|t| boards(t)).max().unwrap_or(0);
    if named.is_empty() || largest == 0 {
        if !named.is_empty() {
            notes.push(Note::not_mapped(format!(
                "{} team(s) that seat nobody: no team competition",
                named.len()
            )));
        }
        return 0;
    }
    let size = if og.team_size > 0 {
        og.team_size
    } else {
        notes.push(Note::defaulted(format!(
            "the file gives no team size: teams of {largest} boards, its largest team's"
        )));
        largest
    };
    let counting = size.min(MOST_COUNTING);
    if size > MOST_COUNTING {
        notes.push(Note::defaulted(format!(
            "teams of {size} boards: Tengen counts a team's best {MOST_COUNTING} at most"
        )));
    }
    notes.push(Note::mapped(format!(
        "{} teams of {size} boards: a team competition counting each team's best {counting} (Tengen pairs \
         players; team matches are not paired as such)",
        named.len()
    )));
    notes.push(Note::defaulted(format!(
        "the teams' placement (OpenGotha's team points and board wins): Tengen places teams by their best \
         {counting} members' wins, then by those members' places (`tournament update --team-score mms` to count \
         their MMS)"
    )));
    let changed: Vec<String> = named
        .iter()
        .filter(|t| members(t).len() > boards(t) as usize)
        .map(|t| t.name.trim().to_string())
        .collect();
    notes.push(Note::not_mapped(if changed.is_empty() {
        "the teams' numbers (the boards round by round are rebuilt from each member's first board and the \
         rounds they play)"
            .to_string()
    } else {
        format!(
            "the teams' numbers, and boards round by round where a team changed players: {} team(s) did ({}); \
             everyone who played for a team is its member, at the board of the first round they played",
            changed.len(),
            some(&changed)
        )
    }));
    twice(og, &named, notes);
    counting
}

/// Notes each player the file seats in two teams: Tengen keeps the first (one team each).
fn twice(og: &OgTournament, named: &[&OgTeam], notes: &mut Vec<Note>) {
    let mut teams_of: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for t in named {
        for p in members(t) {
            teams_of.entry(p).or_default().push(t.name.trim());
        }
    }
    let twice: Vec<String> = teams_of
        .into_iter()
        .filter(|(_, teams)| teams.len() > 1)
        .map(|(p, teams)| {
            let name = og.players.get(p).map(|p| p.full_name()).unwrap_or_default();
            format!("{name} ({})", teams.join(", "))
        })
        .collect();
    if !twice.is_empty() {
        notes.push(Note::defaulted(format!(
            "{} player(s) in two teams, kept in the first: {}",
            twice.len(),
            some(&twice)
        )));
    }
}
