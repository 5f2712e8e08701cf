//! An EGF results table (`.h9`, as OpenGotha, Pairgoth and Tengen's own `egf` sheet write it) as an import plan:
//! the header's name, dates and komi, one player per line, and the games rebuilt from the two half-games each
//! game leaves on its players' lines. Pure: bytes in, a [`TournamentPlan`] or a refusal out.
//!
//! Layout (`shared/reference/opengotha.md` §7.2): `;` starts a comment; a player line is the place (blank for a
//! shared place), "Family Given" (blanks inside a name part written `_`), the rank, the country (`XX` unknown),
//! the club (`xxxx` unknown), the criteria, then one entry per round, and optionally ` |<EGD pin>`. An entry is
//! `<opponent's line><+|-|=|?>[/|!][w|b|?][handicap]` (`!` by forfeit), or `0+` (a free win: imported as the bye),
//! `0=`/`0-` (a free round: a missed round). The file has no tables: games are numbered by their better-placed
//! player's line. Rounds after the last one with a game (OpenGotha writes `0-` for rounds not played yet) are
//! rounds still to play.

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};
use tengen_proto::v1 as pb;

use super::played::{GamePlan, Note, PlayerPlan, RoundPlan, TournamentPlan};

/// The largest file taken (a 2,000-player, 20-round table is under 1 MB).
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// Why a table cannot be imported: the line and what is wrong.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct H9Error(String);

fn at(line: usize, message: impl std::fmt::Display) -> H9Error {
    H9Error(format!("line {line}: {message}"))
}

/// One round entry of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Half {
    /// Opponent's line (1-based among player lines); 0 = no game.
    opponent: usize,
    /// `+`, `-`, `=` or `?`.
    result: char,
    forfeit: bool,
    /// `Some(true)` white, `Some(false)` black, `None` unknown.
    white: Option<bool>,
    handicap: u32,
}

fn half(token: &str) -> Option<Half> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let opponent = token[..digits].parse().ok()?;
    let mut rest = token[digits..].chars();
    let result = rest.next().filter(|c| "+-=?".contains(*c))?;
    let mut h = Half {
        opponent,
        result,
        forfeit: false,
        white: None,
        handicap: 0,
    };
    match rest.next() {
        None => return Some(h),
        Some('/') => {}
        Some('!') => h.forfeit = true,
        Some(_) => return None,
    }
    h.white = match rest.next() {
        Some('w') | Some('W') => Some(true),
        Some('b') | Some('B') => Some(false),
        Some('?') | None => None,
        Some(_) => return None,
    };
    let tail: String = rest.collect();
    if !tail.is_empty() {
        h.handicap = tail.parse().ok()?;
    }
    Some(h)
}

fn is_rank(token: &str) -> bool {
    let Some(kind) = token.chars().last() else {
        return false;
    };
    let digits = &token[..token.len() - kind.len_utf8()];
    !digits.is_empty()
        && digits.len() <= 2
        && digits.bytes().all(|b| b.is_ascii_digit())
        && "kKdDpP".contains(kind)
}

/// A player line, parsed.
struct Line {
    number: usize,
    family: String,
    given: String,
    rank: String,
    country: String,
    club: String,
    pin: String,
    rounds: Vec<Half>,
}

fn player_line(number: usize, file_line: usize, text: &str) -> Result<Line, H9Error> {
    let (body, pin) = match text.split_once('|') {
        Some((body, pin)) => (body, pin.trim().to_string()),
        None => (text, String::new()),
    };
    let tokens: Vec<&str> = body.split_whitespace().collect();
    let skip = usize::from(
        tokens
            .first()
            .is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit())),
    );
    let rank_at = (skip + 1..tokens.len())
        .find(|i| is_rank(tokens[*i]))
        .ok_or_else(|| at(file_line, "no rank (such as 3D or 12K) after the name"))?;
    if tokens.len() < rank_at + 3 {
        return Err(at(
            file_line,
            "the country and club are missing after the rank",
        ));
    }
    let names: Vec<String> = tokens[skip..rank_at]
        .iter()
        .map(|t| t.replace('_', " "))
        .collect();
    let (family, given) = match names.split_last() {
        Some((given, family)) if !family.is_empty() => (family.join(" "), given.clone()),
        _ => (names.join(" "), "-".to_string()),
    };
    let rounds_from = tokens[rank_at + 3..]
        .iter()
        .position(|t| half(t).is_some())
        .map_or(tokens.len(), |i| rank_at + 3 + i);
    let criterion = |t: &str| {
        t.bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    };
    if let Some(t) = tokens[rank_at + 3..rounds_from]
        .iter()
        .find(|t| !criterion(t))
    {
        return Err(at(
            file_line,
            format!("{t:?} is neither a criterion value nor a round entry (such as 12+/w0 or 0=)"),
        ));
    }
    let mut rounds = Vec::new();
    for t in &tokens[rounds_from..] {
        rounds.push(half(t).ok_or_else(|| {
            at(
                file_line,
                format!("{t:?} is not a round entry (such as 12+/w0 or 0=)"),
            )
        })?);
    }
    let known = |t: &str, unknown: &str| {
        if t.eq_ignore_ascii_case(unknown) {
            String::new()
        } else {
            t.to_string()
        }
    };
    Ok(Line {
        number,
        family,
        given,
        rank: tokens[rank_at].to_ascii_lowercase(),
        country: known(tokens[rank_at + 1], "XX"),
        club: known(tokens[rank_at + 2], "xxxx"),
        pin,
        rounds,
    })
}

fn decode(data: &[u8]) -> String {
    match std::str::from_utf8(data) {
        Ok(text) => text.to_string(),
        // OpenGotha writes ISO-8859-15 (and Latin-1 for the letters names use).
        Err(_) => data.iter().map(|b| char::from(*b)).collect(),
    }
}

fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix(';'))
        .find_map(|l| {
            l.trim()
                .strip_prefix(&format!("{key}["))
                .and_then(|v| v.strip_suffix(']'))
        })
        .map(str::to_string)
}

/// Plans the import of `.h9` file `data`, named `file_name`.
pub fn plan(data: &[u8], file_name: &str) -> Result<TournamentPlan, H9Error> {
    if data.len() > MAX_BYTES {
        return Err(H9Error(format!(
            "the file is {} bytes; a results table is at most a few MB",
            data.len()
        )));
    }
    let text = decode(data);
    let mut lines = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let content = l.split(';').next().unwrap_or_default();
        if content.trim().is_empty() {
            continue;
        }
        lines.push((i + 1, player_line(lines.len() + 1, i + 1, content)?));
    }
    if lines.is_empty() {
        return Err(H9Error(
            "no player lines: is this an EGF results table (.h9)?".into(),
        ));
    }
    let width = lines[0].1.rounds.len();
    if let Some((n, l)) = lines.iter().find(|(_, l)| l.rounds.len() != width) {
        return Err(at(
            *n,
            format!(
                "{} round entries where the first player line has {width}",
                l.rounds.len()
            ),
        ));
    }
    let mut notes = Vec::new();
    let rounds = rounds(&lines, width, &mut notes)?;
    let played = rounds.len() as u32;
    let total = (width as u32).max(1);
    let players = lines
        .iter()
        .map(|(_, l)| {
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
                fields: pb::ParticipantFields {
                    family_name: l.family.clone(),
                    given_name: l.given.clone(),
                    rank: l.rank.clone(),
                    club: l.club.clone(),
                    country: l.country.clone(),
                    egd_pin: l.pin.clone(),
                    ..pb::ParticipantFields::default()
                },
                rounds: entered,
                check_in: plays_some,
                mms_correction: 0,
            }
        })
        .collect::<Vec<_>>();
    let name = header(&text, "EV")
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| file_name.to_string());
    let (start, end) = header(&text, "DT")
        .and_then(|d| {
            d.split_once(',')
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        })
        .unwrap_or_default();
    let komi_half = header(&text, "KM")
        .and_then(|k| k.trim().parse::<f64>().ok())
        .map_or(13, |k| (k * 2.0).floor() as i32);
    let correction = header(&text, "HA")
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

/// Rebuilds the games round by round from both halves, checking that they agree.
fn rounds(
    lines: &[(usize, Line)],
    width: usize,
    notes: &mut Vec<Note>,
) -> Result<Vec<RoundPlan>, H9Error> {
    let count = lines.len();
    let last = (0..width)
        .rev()
        .find(|r| lines.iter().any(|(_, l)| l.rounds[*r].opponent != 0))
        .map_or(0, |r| r + 1);
    let mut out = Vec::new();
    for r in 0..last {
        let mut games: BTreeMap<usize, GamePlan> = BTreeMap::new();
        let mut bye = None;
        for (n, l) in lines {
            let h = l.rounds[r];
            let me = l.number;
            if h.opponent == 0 {
                if h.result == '+' {
                    match bye {
                        None => bye = Some(me - 1),
                        Some(first) => notes.push(Note::defaulted(format!(
                            "round {}: a second free win (0+), for line {me} after line {}: Tengen gives one bye per \
                             round, so it is imported as a missed round",
                            r + 1,
                            first + 1
                        ))),
                    }
                }
                continue;
            }
            if h.opponent > count || h.opponent == me {
                return Err(at(
                    *n,
                    format!(
                        "round {}: opponent {} is not another player line",
                        r + 1,
                        h.opponent
                    ),
                ));
            }
            let other = lines[h.opponent - 1].1.rounds[r];
            let opposite = match h.result {
                '+' => ['-', '+'],
                '-' => ['+', '-'],
                c => [c, c],
            };
            if other.opponent != me || !opposite.contains(&other.result) {
                return Err(at(
                    *n,
                    format!(
                        "round {}: line {me} has {}{} against line {}, but that line has {}{} in round {}",
                        r + 1,
                        h.opponent,
                        h.result,
                        h.opponent,
                        other.opponent,
                        other.result,
                        r + 1
                    ),
                ));
            }
            if me > h.opponent {
                continue;
            }
            // Colour: this line's, else the opponent's opposite, else the better-placed line takes White.
            let white_is_me = h.white.or(other.white.map(|w| !w)).unwrap_or(true);
            let (white, black, white_result) = if white_is_me {
                (me - 1, h.opponent - 1, h.result)
            } else {
                (h.opponent - 1, me - 1, other.result)
            };
            let black_result = if white_is_me { other.result } else { h.result };
            let outcome = match (white_result, black_result) {
                ('+', '-') => pb::Outcome::WhiteWins,
                ('-', '+') => pb::Outcome::BlackWins,
                ('=', _) => pb::Outcome::Jigo,
                ('-', '-') => pb::Outcome::BothLose,
                ('+', '+') => pb::Outcome::BothWin,
                _ => pb::Outcome::Unknown,
            };
            games.insert(
                me,
                GamePlan {
                    table: 0,
                    white,
                    black,
                    handicap: h.handicap.max(other.handicap),
                    result: pb::GameResult {
                        outcome: outcome as i32,
                        by_forfeit: (h.forfeit || other.forfeit) && outcome != pb::Outcome::Unknown,
                    },
                },
            );
        }
        let mut games: Vec<GamePlan> = games.into_values().collect();
        for (i, g) in games.iter_mut().enumerate() {
            g.table = i as u32 + 1;
        }
        if games.is_empty() && bye.is_none() {
            return Err(H9Error(format!(
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
            return Err(H9Error(format!(
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

#[cfg(test)]
mod tests;
