//! An EGF results table (`.h9`, as OpenGotha, Pairgoth and Tengen's own `egf` sheet write it) as an import plan:
//! `tengen_interop`'s reader gives the header's name, dates and komi, one player per line, and the games rebuilt
//! from the two half-games each game leaves on its players' lines; this module maps them onto Tengen's. Pure:
//! bytes in, a [`TournamentPlan`] or a refusal out.
//!
//! A round entry `0+` (a free win) is imported as the bye, `0=`/`0-` (a free round) as a missed round. The file
//! has no tables: games are numbered by their better-placed player's line. Rounds after the last one with a game
//! (OpenGotha writes `0-` for rounds not played yet) are rounds still to play.

use sha2::{Digest, Sha256};
use tengen_interop::h9::{self, H9Error, Table};
use tengen_interop::Outcome;
use tengen_proto::v1 as pb;

use super::played::{GamePlan, Note, PlayerPlan, RoundPlan, TournamentPlan};

/// The largest file taken (a 2,000-player, 20-round table is under 1 MB).
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// Why a table cannot be imported.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum H9ImportError {
    /// Too big to be a results table.
    #[error("the file is {0} bytes; a results table is at most a few MB")]
    TooBig(usize),
    /// The reader refused it, with the line.
    #[error("{0}")]
    Read(#[from] H9Error),
    /// It reads, but cannot be a tournament Tengen can continue.
    #[error("{0}")]
    Inconsistent(String),
}

/// Plans the import of `.h9` file `data`, named `file_name`.
pub fn plan(data: &[u8], file_name: &str) -> Result<TournamentPlan, H9ImportError> {
    if data.len() > MAX_BYTES {
        return Err(H9ImportError::TooBig(data.len()));
    }
    let table = h9::read(data)?;
    let mut notes = Vec::new();
    let rounds = rounds(&table, &mut notes)?;
    let played = rounds.len() as u32;
    let total = (table.rounds() as u32).max(1);
    let players = table
        .players
        .iter()
        .map(|l| {
            let mut entered: Vec<u32> = (1..=played)
                .filter(|r| {
                    let h = l.rounds[*r as usize - 1];
                    h.opponent != 0 || rounds[*r as usize - 1].bye == Some(l.number - 1)
                })
                .collect();
            entered.extend(played + 1..=total);
            let plays_some = !entered.is_empty();
            if entered.len() as u32 == total {
                entered.clear();
            }
            PlayerPlan {
                fields: super::row::fields_pb(&l.person()),
                rounds: entered,
                check_in: plays_some,
                mms_correction: 0,
            }
        })
        .collect::<Vec<_>>();
    let name = table
        .header("EV")
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| file_name.to_string());
    let (start, end) = table
        .header("DT")
        .and_then(|d| {
            d.split_once(',')
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        })
        .unwrap_or_default();
    let komi_half = table
        .header("KM")
        .and_then(|k| k.trim().parse::<f64>().ok())
        .map_or(13, |k| (k * 2.0).floor() as i32);
    let correction = table
        .header("HA")
        .and_then(|h| h.trim().trim_start_matches(['h', 'H']).parse::<i32>().ok())
        .unwrap_or(0);
    notes.push(Note::mapped(format!(
        "{name}: {} players, {played} of {total} rounds played ({} games), komi {}",
        players.len(),
        rounds.iter().map(|r| r.games.len()).sum::<usize>(),
        f64::from(komi_half) / 2.0
    )));
    notes.push(Note::defaulted(
        "McMahon with the egf profile and Tengen's default bar and floor: a results table does not carry them \
         (set them with `tournament update`)",
    ));
    notes.push(Note::defaulted(
        "tables numbered by the better-placed player's line: the file has none",
    ));
    Ok(TournamentPlan {
        format: "h9",
        digest: hex::encode(Sha256::digest(data)),
        settings: pb::TournamentSettings {
            name,
            rounds: total,
            pairing_system: "mcmahon".into(),
            start_date: start,
            end_date: end,
            komi_half: Some(komi_half),
            handicap: Some(pb::HandicapRule {
                based_on_mms: true,
                no_handicap_above: "1d".into(),
                correction,
                ceiling: 9,
                even_at_bar: false,
            }),
            draw: Some(super::played::egf_draw()),
            scoring: Some(pb::Scoring {
                tiebreaks: vec!["egf".into()],
                ..pb::Scoring::default()
            }),
            ..pb::TournamentSettings::default()
        },
        players,
        rounds,
        notes,
    })
}

/// The played rounds: each one's games from the reader (both halves checked to agree), numbered as tables by
/// their better-placed player's line; the first free win of a round as its bye.
fn rounds(table: &Table, notes: &mut Vec<Note>) -> Result<Vec<RoundPlan>, H9ImportError> {
    let last = table.last_played_round();
    let mut out = Vec::new();
    for r in 0..last {
        let read = table.round(r + 1)?;
        let mut bye = None;
        for me in read.free_wins {
            match bye {
                None => bye = Some(me),
                Some(first) => notes.push(Note::defaulted(format!(
                    "round {}: a second free win (0+), for line {} after line {}: Tengen gives one bye per \
                     round, so it is imported as a missed round",
                    r + 1,
                    me + 1,
                    first + 1
                ))),
            }
        }
        let games: Vec<GamePlan> = read
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| GamePlan {
                table: i as u32 + 1,
                white: g.white,
                black: g.black,
                handicap: g.handicap,
                result: pb::GameResult {
                    outcome: outcome(g.outcome) as i32,
                    by_forfeit: g.forfeit && g.outcome != Outcome::Unknown,
                },
            })
            .collect();
        if games.is_empty() && bye.is_none() {
            return Err(H9ImportError::Inconsistent(format!(
                "round {} has no games but round {last} has",
                r + 1
            )));
        }
        let round = RoundPlan {
            number: r as u32 + 1,
            games,
            bye,
            publish: true,
        };
        if round.number < last as u32 && !round.complete() {
            return Err(H9ImportError::Inconsistent(format!(
                "round {} has games without a result (?) but round {} has games: Tengen closes a round before \
                 the next",
                round.number,
                round.number + 1
            )));
        }
        out.push(round);
    }
    Ok(out)
}

fn outcome(o: Outcome) -> pb::Outcome {
    match o {
        Outcome::Unknown => pb::Outcome::Unknown,
        Outcome::WhiteWins => pb::Outcome::WhiteWins,
        Outcome::BlackWins => pb::Outcome::BlackWins,
        Outcome::Equal => pb::Outcome::Jigo,
        Outcome::BothWin => pb::Outcome::BothWin,
        Outcome::BothLose => pb::Outcome::BothLose,
    }
}

#[cfg(test)]
mod tests;
