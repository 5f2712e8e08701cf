//! The knockout's bracket: each round's matches in bracket order (not table order), each side a player by number
//! or "bye" (an empty place) or the winner of a match still to be decided, the table while it is being played and
//! the winner once decided; then the tournament's winner. A double elimination prints the same bracket as its
//! winners' section, then its losers' section round by round (the games of players with one loss, and the final).
//! Any other system prints one line saying it has none.

use super::model::{Block, Column, Sheet, Table};
use crate::app::roster::Roster;
use crate::domain::field::{participant_id, player_id, Field};
use crate::domain::round::Outcome;
use crate::domain::{PairingSystem, ParticipantId, Rejected};
use tengen_draw::engine::double;
use tengen_draw::engine::knockout::{self, Bracket, Side};

/// One side of a printed match, or who went through: a player (each page writes them its own way: the sheet by
/// number and name, the board with its `#` label) or words.
pub(crate) enum Entry {
    /// A player.
    Player(ParticipantId),
    /// "bye", "winner of round 1 match 3", "nobody".
    Words(String),
}

impl Entry {
    /// The entry as a sheet prints it: "12 Family Given (3k)", or the words.
    pub fn text(&self, roster: &Roster, round: u32) -> String {
        match self {
            Entry::Player(p) => roster.describe(*p, round),
            Entry::Words(w) => w.clone(),
        }
    }
}

/// One match as printed: the two sides, the table (while it has a game) and the winner.
pub(crate) struct MatchLine {
    /// Upper and lower side.
    pub sides: [Entry; 2],
    /// The table of its game, when drawn.
    pub table: Option<u32>,
    /// Who went through (`None` while undecided).
    pub winner: Option<Entry>,
}

/// The bracket of a knockout (or a double elimination's winners' section), round by round, and the knockout's
/// winner once decided (`None` for any other system).
pub(crate) fn lines(roster: &Roster) -> Option<(Vec<Vec<MatchLine>>, Option<ParticipantId>)> {
    let settings = &roster.tournament.settings;
    let double = settings.system == PairingSystem::DoubleElimination;
    if !settings.system.bracket() && !double {
        return None;
    }
    let total = settings.rounds;
    let input = Field::new(roster.state, roster.tournament).snapshot(total + 1);
    let bracket: Bracket = knockout::bracket(&input.snapshot, total);
    let side = |s: Side, r: usize, k: usize, half: usize| match s {
        Side::Player(p) => Entry::Player(participant_id(p)),
        Side::Nobody if r == 0 => Entry::Words("bye".into()),
        Side::Nobody => Entry::Words("nobody (both lost)".into()),
        Side::Pending => Entry::Words(format!("winner of round {r} match {}", 2 * k + half + 1)),
    };
    let rounds = bracket
        .rounds
        .iter()
        .enumerate()
        .map(|(r, matches)| {
            let record = roster.play.and_then(|p| p.round(r as u32 + 1));
            matches
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    let table = match m.sides {
                        [Side::Player(a), Side::Player(b)] => record.and_then(|rec| {
                            rec.games
                                .iter()
                                .find(|g| g.has(participant_id(a)) && g.has(participant_id(b)))
                                .map(|g| g.table)
                        }),
                        _ => None,
                    };
                    MatchLine {
                        sides: [side(m.sides[0], r, k, 0), side(m.sides[1], r, k, 1)],
                        table,
                        winner: match m.winner {
                            Side::Player(p) => Some(Entry::Player(participant_id(p))),
                            Side::Nobody if r > 0 => Some(Entry::Words("nobody".into())),
                            _ => None,
                        },
                    }
                })
                .collect()
        })
        .collect();
    // A double elimination's winner is the final's, not the winners' section's.
    let champion = bracket.champion().filter(|_| !double).map(participant_id);
    Some((rounds, champion))
}

/// One round of a double elimination's losers' section (or its final) as printed.
pub(crate) struct LosersRound {
    /// The round.
    pub round: u32,
    /// "Losers' section", "Final", or "Final, played again".
    pub heading: &'static str,
    /// Its games, by table.
    pub matches: Vec<MatchLine>,
}

/// A double elimination's losers' section: for each round that has any, its games between players who had lost
/// once before it, and the final (the winners' section's winner against the losers'), with tables and winners.
pub(crate) fn losers_lines(roster: &Roster) -> Vec<LosersRound> {
    if roster.tournament.settings.system != PairingSystem::DoubleElimination {
        return Vec::new();
    }
    // Losses before each round are the draw's own count, from the same snapshot the draw reads.
    let total = roster.tournament.settings.rounds;
    let input = Field::new(roster.state, roster.tournament).snapshot(total + 1);
    let mut out: Vec<LosersRound> = Vec::new();
    let mut final_played = false;
    for r in roster.rounds() {
        let losses = double::losses(&input.snapshot, r.number);
        let lost = |p: &ParticipantId| losses.get(&player_id(*p)).copied().unwrap_or(0);
        let mut games: Vec<_> = r
            .games
            .iter()
            .filter(|g| lost(&g.white) + lost(&g.black) > 0)
            .collect();
        games.sort_by_key(|g| g.table);
        let is_final = games.iter().any(|g| lost(&g.white) != lost(&g.black));
        let heading = match (is_final, final_played) {
            (true, _) => "Final",
            (false, true) => "Final, played again",
            (false, false) => "Losers' section",
        };
        final_played |= is_final;
        let matches: Vec<MatchLine> = games
            .iter()
            .map(|g| MatchLine {
                sides: [Entry::Player(g.white), Entry::Player(g.black)],
                table: Some(g.table),
                winner: match g.confirmed.map(|c| c.outcome) {
                    Some(Outcome::WhiteWins) => Some(Entry::Player(g.white)),
                    Some(Outcome::BlackWins) => Some(Entry::Player(g.black)),
                    Some(Outcome::BothLose) => Some(Entry::Words("nobody".into())),
                    _ => None,
                },
            })
            .collect();
        if !matches.is_empty() {
            out.push(LosersRound {
                round: r.number,
                heading,
                matches,
            });
        }
    }
    out
}

/// The bracket sheet.
pub(crate) fn bracket(roster: &Roster) -> Result<Sheet, Rejected> {
    let mut sheet = Sheet::new(
        format!("{}: bracket", roster.name()),
        roster.heading_lines(),
    );
    let Some((rounds, champion)) = lines(roster) else {
        sheet.blocks.push(Block::Note(format!(
            "{}: only a knockout or a double elimination has a bracket.",
            roster.tournament.settings.paired_as()
        )));
        return Ok(sheet);
    };
    let rank_round = roster.rounds().len() as u32;
    let text = |e: &Entry| e.text(roster, rank_round);
    let double = roster.tournament.settings.system == PairingSystem::DoubleElimination;
    for (r, matches) in rounds.iter().enumerate() {
        sheet.blocks.push(Block::Heading(if double {
            format!("Winners' section: round {}", r + 1)
        } else {
            format!("Round {}", r + 1)
        }));
        sheet.blocks.push(Block::Table(Table {
            columns: vec![
                Column::right("Match"),
                Column::flex("Upper", 14),
                Column::flex("Lower", 14),
                Column::right("Table"),
                Column::flex("Through", 14),
            ],
            rows: matches
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    vec![
                        (k + 1).to_string(),
                        text(&m.sides[0]),
                        text(&m.sides[1]),
                        m.table.map(|t| t.to_string()).unwrap_or_default(),
                        m.winner.as_ref().map(text).unwrap_or_default(),
                    ]
                })
                .collect(),
        }));
    }
    for LosersRound {
        round,
        heading,
        matches,
    } in losers_lines(roster)
    {
        sheet
            .blocks
            .push(Block::Heading(format!("{heading}: round {round}")));
        sheet.blocks.push(Block::Table(Table {
            columns: vec![
                Column::flex("White", 14),
                Column::flex("Black", 14),
                Column::right("Table"),
                Column::flex("Won", 14),
            ],
            rows: matches
                .iter()
                .map(|m| {
                    vec![
                        text(&m.sides[0]),
                        text(&m.sides[1]),
                        m.table.map(|t| t.to_string()).unwrap_or_default(),
                        m.winner.as_ref().map(text).unwrap_or_default(),
                    ]
                })
                .collect(),
        }));
    }
    if let Some(winner) = champion {
        sheet.blocks.push(Block::Note(format!(
            "Winner: {}",
            roster.describe(winner, rank_round)
        )));
    }
    Ok(sheet)
}
