//! Reader for the EGF's results table (`.h9`, as OpenGotha, Pairgoth and Tengen's own `egf` sheet write it): the
//! header fields, one player per line, and per round the games rebuilt from the two half-games each game leaves
//! on its players' lines, checked to agree. Plain data: what a table means for a tournament (which free win is
//! the bye, which rounds are still to play) is the importer's. The columns a writer lays out are [`write`]'s.
//!
//! Layout (`shared/reference/opengotha.md` §7.2): `;` starts a comment, and a comment line `; KEY[value]` is a
//! header field; a player line is the place (blank for a shared place), "Family Given" (blanks inside a name part
//! written `_`), the rank, the country (`XX` unknown), the club (`xxxx` unknown), the criteria, then one entry per
//! round, and optionally ` |<EGD pin>`. An entry is `<opponent's line><+|-|=|?>[/|!][w|b|?][handicap]` (`!` by
//! forfeit), or `0+`, `0=`, `0-` for a round without a game. The file has no tables. Text that is not UTF-8 is
//! read as Latin-1 (OpenGotha writes ISO-8859-15).

pub mod write;

use crate::Outcome;

/// Why a table cannot be read: the line and what is wrong.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct H9Error(String);

fn at(line: usize, message: impl std::fmt::Display) -> H9Error {
    H9Error(format!("line {line}: {message}"))
}

/// One round entry of a player line: half of a game, or a round without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Opponent's line (1-based among player lines); 0 = no game.
    pub opponent: usize,
    /// `+`, `-`, `=` or `?`.
    pub result: char,
    /// Decided by forfeit (`!`).
    pub forfeit: bool,
    /// `Some(true)` white, `Some(false)` black, `None` unknown.
    pub white: Option<bool>,
    /// Handicap stones.
    pub handicap: u32,
}

fn entry(token: &str) -> Option<Entry> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let opponent = token[..digits].parse().ok()?;
    let mut rest = token[digits..].chars();
    let result = rest.next().filter(|c| "+-=?".contains(*c))?;
    let mut h = Entry {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// 1-based among player lines: what other lines' entries name as the opponent.
    pub number: usize,
    /// 1-based line of the file, for messages.
    pub file_line: usize,
    /// Family name, `_` written back as blanks.
    pub family: String,
    /// Given name (`-` when the line has a single name).
    pub given: String,
    /// The rank in small letters (`3d`, `12k`).
    pub rank: String,
    /// Country code, empty for `XX`.
    pub country: String,
    /// Club, empty for `xxxx`.
    pub club: String,
    /// EGD pin, empty when the line has none.
    pub pin: String,
    /// One entry per round.
    pub rounds: Vec<Entry>,
}

impl Player {
    /// The player as a registration: names, rank, country, club and EGD pin (a results table holds no more).
    pub fn person(&self) -> crate::prereg::Person {
        crate::prereg::Person {
            family_name: self.family.clone(),
            given_name: self.given.clone(),
            rank: self.rank.clone(),
            club: self.club.clone(),
            country: self.country.clone(),
            egd_pin: self.pin.clone(),
            ..crate::prereg::Person::default()
        }
    }
}

fn player_line(number: usize, file_line: usize, text: &str) -> Result<Player, H9Error> {
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
        .position(|t| entry(t).is_some())
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
        rounds.push(entry(t).ok_or_else(|| {
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
    Ok(Player {
        number,
        file_line,
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

/// A game rebuilt from both halves, players by their index in [`Table::players`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// White's index: the line that says white, else the opposite of what the other line says, else the
    /// better-placed line.
    pub white: usize,
    /// Black's index.
    pub black: usize,
    /// The result both halves give.
    pub outcome: Outcome,
    /// Either half marks it decided by forfeit (`!`).
    pub forfeit: bool,
    /// The larger handicap of the two halves.
    pub handicap: u32,
}

/// One round of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// Its games in the order of their better-placed player's line.
    pub games: Vec<Game>,
    /// The players with a free win (`0+`), in line order.
    pub free_wins: Vec<usize>,
}

/// A whole table: header fields and player lines, every line with the same number of round entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The comment lines' text after `;`, trimmed.
    comments: Vec<String>,
    /// Player lines in file order.
    pub players: Vec<Player>,
}

/// Reads a table. Refused with the line: a player line without a rank, country or club, a token that is neither
/// a criterion nor a round entry, lines with different numbers of round entries, a file without player lines.
pub fn read(data: &[u8]) -> Result<Table, H9Error> {
    let text = decode(data);
    let mut players = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let content = l.split(';').next().unwrap_or_default();
        if content.trim().is_empty() {
            continue;
        }
        players.push(player_line(players.len() + 1, i + 1, content)?);
    }
    if players.is_empty() {
        return Err(H9Error(
            "no player lines: is this an EGF results table (.h9)?".into(),
        ));
    }
    let width = players[0].rounds.len();
    if let Some(p) = players.iter().find(|p| p.rounds.len() != width) {
        return Err(at(
            p.file_line,
            format!(
                "{} round entries where the first player line has {width}",
                p.rounds.len()
            ),
        ));
    }
    let comments = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(';'))
        .map(|l| l.trim().to_string())
        .collect();
    Ok(Table { comments, players })
}

impl Table {
    /// The value of header field `key` (`EV`, `DT`, `KM`, `HA`…) from its first `; KEY[value]` line.
    pub fn header(&self, key: &str) -> Option<String> {
        self.comments
            .iter()
            .find_map(|l| {
                l.strip_prefix(&format!("{key}["))
                    .and_then(|v| v.strip_suffix(']'))
            })
            .map(str::to_string)
    }

    /// Round entries per line.
    pub fn rounds(&self) -> usize {
        self.players[0].rounds.len()
    }

    /// The last round with a game (0 when none has one). Rounds after it are written for rounds not played yet.
    pub fn last_played_round(&self) -> usize {
        (0..self.rounds())
            .rev()
            .find(|r| self.players.iter().any(|l| l.rounds[*r].opponent != 0))
            .map_or(0, |r| r + 1)
    }

    /// Round `round` (1-based): its games, each from both halves, and its free wins. Refused with the line when
    /// an entry names no other player line, or when the opponent's line does not name this one back with the
    /// matching result.
    ///
    /// # Panics
    ///
    /// When `round` is 0 or above [`Table::rounds`].
    pub fn round(&self, round: usize) -> Result<Round, H9Error> {
        let r = round - 1;
        let count = self.players.len();
        let mut out = Round::default();
        for l in &self.players {
            let (n, h, me) = (l.file_line, l.rounds[r], l.number);
            if h.opponent == 0 {
                if h.result == '+' {
                    out.free_wins.push(me - 1);
                }
                continue;
            }
            if h.opponent > count || h.opponent == me {
                return Err(at(
                    n,
                    format!(
                        "round {round}: opponent {} is not another player line",
                        h.opponent
                    ),
                ));
            }
            let other = self.players[h.opponent - 1].rounds[r];
            let opposite = match h.result {
                '+' => ['-', '+'],
                '-' => ['+', '-'],
                c => [c, c],
            };
            if other.opponent != me || !opposite.contains(&other.result) {
                return Err(at(
                    n,
                    format!(
                        "round {round}: line {me} has {}{} against line {}, but that line has {}{} in round {round}",
                        h.opponent, h.result, h.opponent, other.opponent, other.result,
                    ),
                ));
            }
            if me > h.opponent {
                continue;
            }
            out.games.push(game(me, h, other));
        }
        Ok(out)
    }
}

/// The game of line `me` whose half is `h`, against the line whose half is `other`.
fn game(me: usize, h: Entry, other: Entry) -> Game {
    // Colour: this line's, else the opponent's opposite, else the better-placed line takes White.
    let white_is_me = h.white.or(other.white.map(|w| !w)).unwrap_or(true);
    let (white, black, white_result) = if white_is_me {
        (me - 1, h.opponent - 1, h.result)
    } else {
        (h.opponent - 1, me - 1, other.result)
    };
    let black_result = if white_is_me { other.result } else { h.result };
    let outcome = match (white_result, black_result) {
        ('+', '-') => Outcome::WhiteWins,
        ('-', '+') => Outcome::BlackWins,
        ('=', _) => Outcome::Equal,
        ('-', '-') => Outcome::BothLose,
        ('+', '+') => Outcome::BothWin,
        _ => Outcome::Unknown,
    };
    Game {
        white,
        black,
        outcome,
        forfeit: h.forfeit || other.forfeit,
        handicap: h.handicap.max(other.handicap),
    }
}

#[cfg(test)]
mod tests;
