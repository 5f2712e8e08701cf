//! A tournament's rounds as the register keeps them: state (drawn, published, closed), the seed, the games with
//! their tables and handicaps, the bye, the players marked absent, and every result report with who made it.
//! Plain data and small pure helpers (which result counts, what is missing); the decisions live in `lifecycle`.

use super::ids::{ParticipantId, Revision};
use super::record::Role;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where a round is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RoundState {
    /// Drawn (or being typed in by hand), not yet shown to players: may be redrawn or edited.
    Drawn,
    /// Shown to the players: manual edits only; results are taken.
    Published,
    /// Every result confirmed and the director closed it.
    Closed,
}

impl RoundState {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            RoundState::Drawn => "drawn",
            RoundState::Published => "published",
            RoundState::Closed => "closed",
        }
    }
}

/// How a game ended, as reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Not known.
    Unknown,
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Jigo: ½ each.
    Jigo,
    /// Both lose (both absent, or the director's decision).
    BothLose,
    /// Both win (director's decision).
    BothWin,
}

impl Outcome {
    /// The outcome a result key names, as results desks and the director type them: `b` Black wins, `w` White
    /// wins, `j` jigo, `x` both lose (any case).
    pub fn from_key(key: char) -> Option<Outcome> {
        match key.to_ascii_lowercase() {
            'b' => Some(Outcome::BlackWins),
            'w' => Some(Outcome::WhiteWins),
            'j' => Some(Outcome::Jigo),
            'x' => Some(Outcome::BothLose),
            _ => None,
        }
    }

    /// Short name: `w`, `b`, `jigo`, `both-lose`, `both-win`, `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Unknown => "unknown",
            Outcome::WhiteWins => "white",
            Outcome::BlackWins => "black",
            Outcome::Jigo => "jigo",
            Outcome::BothLose => "both-lose",
            Outcome::BothWin => "both-win",
        }
    }
}

/// A result with the "by forfeit" flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Decided without play.
    pub by_forfeit: bool,
}

impl GameResult {
    /// No result.
    pub const UNKNOWN: GameResult = GameResult {
        outcome: Outcome::Unknown,
        by_forfeit: false,
    };

    /// Was the game played to its end (a win, a loss or jigo over the board)? Only such a game needs its colours
    /// known: a forfeit or the director's both-lose/both-win has none to count.
    pub fn is_played(&self) -> bool {
        !self.by_forfeit
            && matches!(
                self.outcome,
                Outcome::WhiteWins | Outcome::BlackWins | Outcome::Jigo
            )
    }

    /// The same result once White and Black are exchanged: the same player still wins.
    pub fn exchanged(self) -> GameResult {
        let outcome = match self.outcome {
            Outcome::WhiteWins => Outcome::BlackWins,
            Outcome::BlackWins => Outcome::WhiteWins,
            other => other,
        };
        GameResult { outcome, ..self }
    }

    /// "white", "black by forfeit", ...
    pub fn describe(&self) -> String {
        if self.by_forfeit {
            format!("{} by forfeit", self.outcome.as_str())
        } else {
            self.outcome.as_str().to_string()
        }
    }
}

/// One report of a result by one terminal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultReport {
    /// What was reported.
    pub result: GameResult,
    /// The terminal that reported it.
    pub terminal: String,
    /// Its role.
    pub role: Role,
    /// The volunteer, if given.
    pub operator: String,
    /// When (ms since the Unix epoch).
    pub at_ms: i64,
    /// The player who reported their own game with their personal code (the terminal is then the player page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<ParticipantId>,
}

impl ResultReport {
    /// Do two reports come from the same source (one terminal, or one player)? A source's new report replaces
    /// its earlier one; reports from two sources that agree confirm a result.
    pub fn same_source(&self, other: &ResultReport) -> bool {
        self.terminal == other.terminal && self.player == other.player
    }
}

/// One game of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Table number.
    pub table: u32,
    /// White.
    pub white: ParticipantId,
    /// Black.
    pub black: ParticipantId,
    /// Handicap stones (0 even, 1 no komi).
    pub handicap: u8,
    /// Result reports in the order they arrived (results desks, referee, director).
    #[serde(default)]
    pub reports: Vec<ResultReport>,
    /// The result that counts, once confirmed.
    #[serde(default)]
    pub confirmed: Option<GameResult>,
    /// Free notes from the referee (late start, adjourned, disputed).
    #[serde(default)]
    pub notes: Vec<String>,
    /// Adjourned or disputed: the round cannot close until the director settles it.
    #[serde(default)]
    pub disputed: bool,
    /// An even game of a tournament played with nigiri (marked when drawn): the players choose colours at the
    /// board, so `white` and `black` are only the draw's order until [`GameRecord::black_recorded`].
    #[serde(default)]
    pub nigiri: bool,
    /// A nigiri game's colours were recorded (by a results desk, the referee or the director): `black` had Black.
    #[serde(default)]
    pub black_recorded: bool,
}

/// The colour a player has in a game, as every page and sheet names it: a nigiri game's players have none until
/// it is recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// White.
    White,
    /// Black.
    Black,
    /// A nigiri game whose colours are not recorded yet.
    Nigiri,
}

impl Seat {
    /// "White", "Black", "nigiri".
    pub fn word(self) -> &'static str {
        match self {
            Seat::White => "White",
            Seat::Black => "Black",
            Seat::Nigiri => "nigiri",
        }
    }

    /// "white", "black", "nigiri" (the sheets' lower case).
    pub fn lower(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
            Seat::Nigiri => "nigiri",
        }
    }
}

impl GameRecord {
    /// A fresh game without results.
    pub fn new(table: u32, white: ParticipantId, black: ParticipantId, handicap: u8) -> GameRecord {
        GameRecord {
            table,
            white,
            black,
            handicap,
            reports: Vec::new(),
            confirmed: None,
            notes: Vec::new(),
            disputed: false,
            nigiri: false,
            black_recorded: false,
        }
    }

    /// A nigiri game whose colours nobody recorded yet: pages say "nigiri" instead of White and Black, and the
    /// draw counts no colour for it.
    pub fn colours_open(&self) -> bool {
        self.nigiri && !self.black_recorded
    }

    /// The colour `p` has in this game (`p` plays in it; anyone else reads as Black).
    pub fn seat_of(&self, p: ParticipantId) -> Seat {
        if self.colours_open() {
            Seat::Nigiri
        } else if self.white == p {
            Seat::White
        } else {
            Seat::Black
        }
    }

    /// A played result counts while nobody recorded who had Black: the round cannot close until someone does.
    pub fn lacks_colours(&self) -> bool {
        self.colours_open() && self.confirmed.is_some_and(|c| c.is_played())
    }

    /// Records that `black` had Black: exchanges the two players when `black` was in White's place, and every
    /// result reported or confirmed so far with them, so the same player still wins.
    pub fn record_black(&mut self, black: ParticipantId) {
        if self.white == black {
            std::mem::swap(&mut self.white, &mut self.black);
            for r in &mut self.reports {
                r.result = r.result.exchanged();
            }
            self.confirmed = self.confirmed.map(GameResult::exchanged);
        }
        self.black_recorded = true;
    }

    /// Does this game involve `p`?
    pub fn has(&self, p: ParticipantId) -> bool {
        self.white == p || self.black == p
    }

    /// Confirmed by the players' own reports alone, with no desk's entry: the results desk need not type it.
    pub fn settled_by_players(&self) -> bool {
        self.confirmed.is_some()
            && !self.reports.is_empty()
            && self.reports.iter().all(|r| r.player.is_some())
    }

    /// How many of the two players reported the result themselves.
    pub fn players_reported(&self) -> usize {
        [self.white, self.black]
            .iter()
            .filter(|p| self.reports.iter().any(|r| r.player == Some(**p)))
            .count()
    }

    /// Reports from results desks since the last confirmation disagree.
    pub fn mismatched(&self) -> bool {
        self.confirmed.is_none() && {
            let mut results = self.reports.iter().map(|r| r.result);
            match results.next() {
                Some(first) => results.any(|r| r != first),
                None => false,
            }
        }
    }

    /// Where the game's result stands.
    pub fn progress(&self) -> ResultProgress {
        if self.disputed {
            ResultProgress::Disputed
        } else if self.confirmed.is_some() {
            ResultProgress::Confirmed
        } else if self.mismatched() {
            ResultProgress::Mismatch
        } else if self.reports.is_empty() {
            ResultProgress::Missing
        } else {
            ResultProgress::Pending
        }
    }
}

/// Where one game's result stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ResultProgress {
    /// Nobody reported it.
    Missing,
    /// One report, waiting for the second desk.
    Pending,
    /// Reports disagree: the director decides.
    Mismatch,
    /// Adjourned or disputed.
    Disputed,
    /// Counts.
    Confirmed,
}

impl ResultProgress {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultProgress::Missing => "missing",
            ResultProgress::Pending => "pending",
            ResultProgress::Mismatch => "mismatch",
            ResultProgress::Disputed => "disputed",
            ResultProgress::Confirmed => "confirmed",
        }
    }
}

/// One round of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// Round number, 1-based.
    pub number: u32,
    /// State.
    pub state: RoundState,
    /// The seed the draw used (0 for a round typed in by hand).
    pub seed: u64,
    /// Games, by table.
    pub games: Vec<GameRecord>,
    /// The player with the bye.
    pub bye: Option<ParticipantId>,
    /// A knockout's players through to the next round without a game (the top seeds' byes of round 1, a
    /// walk-over past a match both sides lost): each scores as a bye. Empty in every other system.
    #[serde(default)]
    pub advancing: Vec<ParticipantId>,
    /// The draw's warnings for the director, as text.
    pub warnings: Vec<String>,
    /// How many times this round was drawn (1 = first draw; redraws are audited in the log).
    pub draws: u32,
    /// When the round was published (ms since the Unix epoch, from the log): the referee's forfeit clock starts
    /// then. `None` before publishing, and for rounds published by logs older than this field.
    #[serde(default)]
    pub published_at_ms: Option<i64>,
    /// A round drawn in parts while the round before still played (Mays: the finished groups from the bottom
    /// first), each part with its own seed, tables and pairing list. Empty for a round drawn whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<DrawnPart>,
}

/// One part of a round drawn in parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawnPart {
    /// The seed its draw used.
    pub seed: u64,
    /// The tables of its games.
    pub tables: Vec<u32>,
    /// Shown to the players (its own pairing list).
    pub published: bool,
    /// What the director asked for, so drawing it again asks the same.
    pub kind: super::command::DrawPart,
}

impl RoundRecord {
    /// Round `number` drawn for the `draws`th time with nobody paired yet: the start of a round paired by hand,
    /// or of one drawn in parts.
    pub fn empty(number: u32, draws: u32) -> RoundRecord {
        RoundRecord {
            number,
            state: RoundState::Drawn,
            seed: 0,
            games: Vec::new(),
            bye: None,
            advancing: Vec::new(),
            warnings: Vec::new(),
            draws,
            published_at_ms: None,
            parts: Vec::new(),
        }
    }

    /// Is game `g` shown to the players (and so open for results): the round is published and, for a round
    /// drawn in parts, the game's part too.
    pub fn shows(&self, g: &GameRecord) -> bool {
        self.state != RoundState::Drawn
            && self
                .parts
                .iter()
                .all(|p| p.published || !p.tables.contains(&g.table))
    }

    /// The games shown to the players, by table.
    pub fn shown_games(&self) -> impl Iterator<Item = &GameRecord> {
        self.games.iter().filter(|g| self.shows(g))
    }

    /// The games a pairing list of this round shows: every game before the round is published (the director's
    /// preview), then the games shown to the players.
    pub fn listed_games(&self) -> impl Iterator<Item = &GameRecord> {
        self.games
            .iter()
            .filter(|g| self.state == RoundState::Drawn || self.shows(g))
    }

    /// Drawn in parts.
    pub fn in_parts(&self) -> bool {
        !self.parts.is_empty()
    }

    /// A part drawn and not yet shown to the players.
    pub fn part_waiting(&self) -> bool {
        self.parts.iter().any(|p| !p.published)
    }

    /// The game of `p`, if any.
    pub fn game_of(&self, p: ParticipantId) -> Option<&GameRecord> {
        self.games.iter().find(|g| g.has(p))
    }

    /// Does `p` score this round as a bye: the bye, or through to a knockout's next round without a game?
    pub fn has_bye(&self, p: ParticipantId) -> bool {
        self.bye == Some(p) || self.advancing.contains(&p)
    }

    /// The game at `table`.
    pub fn game_at(&self, table: u32) -> Option<&GameRecord> {
        self.games.iter().find(|g| g.table == table)
    }

    /// Games with a played result whose colours nobody recorded (nigiri): closing waits for them.
    pub fn lacking_colours(&self) -> Vec<&GameRecord> {
        self.games.iter().filter(|g| g.lacks_colours()).collect()
    }

    /// Games whose result does not count yet, with why.
    pub fn open_games(&self) -> Vec<(&GameRecord, ResultProgress)> {
        self.games
            .iter()
            .map(|g| (g, g.progress()))
            .filter(|(_, p)| *p != ResultProgress::Confirmed)
            .collect()
    }
}

/// Everything about playing one tournament that is not registration: player numbers, frozen starting scores,
/// rounds. Its revision guards the director's round commands.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Play {
    /// Bumps on every round change.
    pub revision: Revision,
    /// Player numbers by strength (1 = strongest); latecomers get the next free number.
    pub numbers: BTreeMap<ParticipantId, u32>,
    /// Starting MMS in half points, frozen when a player is first drawn (a later rank change keeps it unless the
    /// director moves the player).
    pub starts: BTreeMap<ParticipantId, i32>,
    /// Rounds 1, 2, … in order.
    pub rounds: Vec<RoundRecord>,
    /// A ladder's games in the order they were recorded (a ladder has no rounds).
    #[serde(default)]
    pub ladder: Vec<super::ladder::LadderGame>,
}

impl Play {
    /// Round `n` (1-based).
    pub fn round(&self, n: u32) -> Option<&RoundRecord> {
        n.checked_sub(1)
            .and_then(|i| self.rounds.get(i as usize))
            .filter(|r| r.number == n)
    }

    /// Round `n`, mutable.
    pub fn round_mut(&mut self, n: u32) -> Option<&mut RoundRecord> {
        n.checked_sub(1)
            .and_then(|i| self.rounds.get_mut(i as usize))
            .filter(|r| r.number == n)
    }

    /// The last round with any confirmed result, which standings count up to when no round is named (0 when
    /// there is none yet: the starting order).
    pub fn last_with_result(&self) -> u32 {
        self.rounds
            .iter()
            .rev()
            .find(|r| r.games.iter().any(|g| g.confirmed.is_some()))
            .map_or(0, |r| r.number)
    }

    /// The next free player number.
    pub fn next_number(&self) -> u32 {
        self.numbers.values().max().map_or(1, |n| n + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(outcome: Outcome, terminal: &str) -> ResultReport {
        ResultReport {
            result: GameResult {
                outcome,
                by_forfeit: false,
            },
            terminal: terminal.into(),
            role: Role::Results,
            operator: String::new(),
            at_ms: 0,
            player: None,
        }
    }

    #[test]
    fn progress_follows_reports() {
        let mut g = GameRecord::new(1, ParticipantId(1), ParticipantId(2), 0);
        assert_eq!(g.progress(), ResultProgress::Missing);
        g.reports.push(report(Outcome::WhiteWins, "a"));
        assert_eq!(g.progress(), ResultProgress::Pending);
        g.reports.push(report(Outcome::BlackWins, "b"));
        assert_eq!(g.progress(), ResultProgress::Mismatch);
        g.confirmed = Some(GameResult {
            outcome: Outcome::BlackWins,
            by_forfeit: false,
        });
        assert_eq!(g.progress(), ResultProgress::Confirmed);
        g.disputed = true;
        assert_eq!(g.progress(), ResultProgress::Disputed);
    }
}
