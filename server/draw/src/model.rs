//! The draw's vocabulary: the snapshot of a tournament before a round (input), the settings, and the round the
//! engine produces (output). Plain data with small accessors only; no pairing logic lives here.
//!
//! Every module of the draw reads these types; change them additively and keep them deterministic (no hash maps).

use std::fmt;

/// A player's identity in the register. Stable for the whole event; never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A round number, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoundNo(pub u32);

impl RoundNo {
    /// Index into per-round vectors (round 1 is index 0).
    pub fn index(self) -> usize {
        (self.0 as usize).saturating_sub(1)
    }
}

impl fmt::Display for RoundNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}", self.0)
    }
}

/// A score in half points (a jigo is 1, a win 2). Scores are never floats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HalfPoints(pub i32);

impl HalfPoints {
    /// One whole point.
    pub const ONE: HalfPoints = HalfPoints(2);
    /// Half a point.
    pub const HALF: HalfPoints = HalfPoints(1);

    /// Whole points, rounded down (OpenGotha groups by the floor of the score).
    pub fn floor_points(self) -> i32 {
        self.0.div_euclid(2)
    }
}

impl std::ops::Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for HalfPoints {
    fn add_assign(&mut self, rhs: HalfPoints) {
        self.0 += rhs.0;
    }
}

impl std::ops::Sub for HalfPoints {
    type Output = HalfPoints;
    fn sub(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 - rhs.0)
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0.div_euclid(2);
        if self.0.rem_euclid(2) == 0 {
            write!(f, "{whole}")
        } else {
            write!(f, "{whole}½")
        }
    }
}

/// Playing strength on OpenGotha's integer scale: 30k = −30, 1k = −1, 1d = 0, 9d = 8.
/// Professional grades are mapped onto it by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub i32);

impl Rank {
    /// 30 kyu, the weakest rank.
    pub const MIN: Rank = Rank(-30);
    /// 9 dan, the strongest amateur rank.
    pub const MAX: Rank = Rank(8);
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 >= 0 {
            write!(f, "{}d", self.0 + 1)
        } else {
            write!(f, "{}k", -self.0)
        }
    }
}

/// One player as the draw sees them before the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Register identity.
    pub id: PlayerId,
    /// Player number by strength (1 = strongest); fold and adjacent seeding and the tables follow it.
    pub number: u32,
    /// Family name as registered (Unicode).
    pub family_name: String,
    /// Given name as registered (Unicode).
    pub given_name: String,
    /// Rank used for pairing and handicaps.
    pub rank: Rank,
    /// Rating on the EGF GoR scale, when known.
    pub rating: Option<i32>,
    /// Club name or abbreviation; empty when unknown.
    pub club: String,
    /// City; empty when unknown.
    pub city: String,
    /// ISO 3166 alpha-2 country; empty when unknown.
    pub country: String,
    /// Relatives share a tag and must not be paired unless nothing else is possible.
    pub family: Option<String>,
    /// Lives in the host city (Mays: the round-1 bye goes to a local player).
    pub local: bool,
    /// Starting McMahon score (Swiss: 0). Already includes bar/floor clipping and any manual correction.
    pub starting_mms: HalfPoints,
    /// `participation[r-1]` is true when the player plays round r (partial players, latecomers, withdrawals).
    pub participation: Vec<bool>,
    /// A ghost entered by the director to even the field; never gets the bye.
    pub ghost: bool,
}

impl Player {
    /// Does this player take part in round `round`? Rounds past the vector's end count as playing.
    pub fn plays(&self, round: RoundNo) -> bool {
        self.participation
            .get(round.index())
            .copied()
            .unwrap_or(true)
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// Not known yet.
    Unknown,
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Draw (jigo): half a point each.
    Jigo,
    /// Both players lose (e.g. both absent).
    BothLose,
    /// Both players win (director's decision).
    BothWin,
}

/// A game's result with the forfeit ("by default") flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// True when the result was decided without play (no-show, forfeit).
    pub by_forfeit: bool,
}

impl GameResult {
    /// A normal result decided over the board.
    pub fn played(outcome: Outcome) -> GameResult {
        GameResult {
            outcome,
            by_forfeit: false,
        }
    }
}

/// A game of an earlier round (or of the current round, for a partial draw).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastGame {
    /// The round it belongs to.
    pub round: RoundNo,
    /// White (the stronger player in a handicap game).
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Handicap stones (0 = even game with komi, 1 = no komi).
    pub handicap: u8,
    /// Result so far.
    pub result: GameResult,
    /// False when colours were not published (they then do not count for colour balance).
    pub known_colour: bool,
}

/// A bye given in an earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PastBye {
    /// The round of the bye.
    pub round: RoundNo,
    /// Who had it.
    pub player: PlayerId,
}

/// Everything the engine knows about a tournament before drawing `round`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snapshot {
    /// The round to draw.
    pub round: u32,
    /// Number of rounds the tournament has.
    pub rounds_total: u32,
    /// All registered players, present or not; order is irrelevant (the engine sorts by `number`).
    pub players: Vec<Player>,
    /// Games of earlier rounds.
    pub games: Vec<PastGame>,
    /// Byes of earlier rounds.
    pub byes: Vec<PastBye>,
}

impl Snapshot {
    /// The round being drawn.
    pub fn round_no(&self) -> RoundNo {
        RoundNo(self.round)
    }
}

/// Which pairing system drives the main score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum System {
    /// McMahon: main score = MMS (starting MMS + points).
    #[default]
    McMahon,
    /// Swiss: main score = number of wins; every starting score is 0.
    Swiss,
}

/// How a round's games are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pairing {
    /// By score groups: the weights of the profile and the exact matcher (McMahon, Swiss).
    #[default]
    ScoreGroups,
    /// By a fixed schedule: a round robin's Berger tables ([`crate::engine::round_robin`]).
    RoundRobin,
    /// By sequence of results: a generalised knockout ([`crate::engine::generalised`]).
    Sequence,
    /// By a bracket: a simple knockout ([`crate::engine::knockout`]).
    Knockout,
    /// By losses: a double elimination ([`crate::engine::double`]).
    DoubleElimination,
}

/// Which rule book the cost function follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    /// OpenGotha 3.52's cost function, term for term (see `crate::egf`).
    #[default]
    Egf,
    /// Mays' Swiss-McMahon manual: fold by player number, rank-based handicap, Mays' bye rule,
    /// local/club/family avoidance.
    Mays,
}

/// How players are paired inside one score group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seeding {
    /// Top half against bottom half, first against last of the group (1–n, 2–(n−1), …).
    #[default]
    SplitAndFold,
    /// Top half against bottom half in order (1–(n/2+1), 2–(n/2+2), …).
    SplitAndSlip,
    /// Top half against a random member of the bottom half.
    SplitAndRandom,
    /// Neighbours by player number (1–2, 3–4, …).
    Adjacent,
}

/// How the handicap of a game is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandicapRule {
    /// Use the current MMS difference (true) or the rank difference (false).
    pub based_on_mms: bool,
    /// No handicap above this rank: stronger players are treated as sitting at it.
    pub no_handicap_above: Rank,
    /// Subtracted from the difference (1 traditionally, 2 in parts of Europe, 0 possible; −1 adds one).
    pub correction: i32,
    /// Never more stones than this (0 = even games only).
    pub ceiling: u8,
    /// The BGA/Mays rule: no handicap at all when either player's starting MMS is at or above this (the bar).
    /// `None` follows OpenGotha, which only caps the stronger player's pseudo-rank at `no_handicap_above`.
    pub even_at_or_above: Option<HalfPoints>,
}

impl Default for HandicapRule {
    /// OpenGotha's McMahon preset: MMS based, no handicap at 1d and above, correction 1, ceiling 9.
    fn default() -> Self {
        HandicapRule {
            based_on_mms: true,
            no_handicap_above: Rank(0),
            correction: 1,
            ceiling: 9,
            even_at_or_above: None,
        }
    }
}

/// Who gets the bye when the field is odd.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ByeRule {
    /// OpenGotha: minimal rank + 2·MMS + 1000·(previous byes); ties to the last player.
    #[default]
    Egf,
    /// Mays: the weakest player who has lost most and never had a bye; in round 1 a local player.
    Mays,
}

/// Points credited for rounds without a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreValues {
    /// MMS credited for an absent round (OpenGotha MM default ½).
    pub absent_mms: HalfPoints,
    /// MMS credited for a bye (default 1).
    pub bye_mms: HalfPoints,
    /// Wins credited for an absent round (default 0).
    pub absent_nbw: HalfPoints,
    /// Wins credited for a bye (default 1).
    pub bye_nbw: HalfPoints,
    /// Floor the running total of absent/bye credits (OpenGotha "round down").
    pub round_down: bool,
}

impl Default for ScoreValues {
    fn default() -> Self {
        ScoreValues {
            absent_mms: HalfPoints::HALF,
            bye_mms: HalfPoints::ONE,
            absent_nbw: HalfPoints(0),
            bye_nbw: HalfPoints::ONE,
            round_down: true,
        }
    }
}

/// Everything a director can set about the draw. Grows with new criteria: add fields with defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// McMahon or Swiss.
    pub system: System,
    /// Score groups (McMahon, Swiss) or a round robin's schedule.
    pub pairing: Pairing,
    /// Which rule book the costs follow.
    pub profile: Profile,
    /// Handicap rule.
    pub handicap: HandicapRule,
    /// Bye rule.
    pub bye: ByeRule,
    /// Credits for absent rounds and byes.
    pub scores: ScoreValues,
    /// OpenGotha's pairing parameter set (weights, seeding systems, thresholds). Used by the `egf` profile and
    /// as the source of the shared weights for `mays`.
    pub egf: crate::egf::Params,
    /// The first table number (tables may start anywhere).
    pub first_table: u32,
    /// Table numbers never used (e.g. reserved for another tournament).
    pub skip_tables: Vec<u32>,
    /// Parameters of the `mays` profile (seeding, geography thresholds, handicap minimisation).
    pub mays: crate::engine::MaysParams,
    /// Pairs of player numbers the director says must never meet. A hard rule in every stage of the draw (never
    /// an edge of the matching, even when repeats are forced); a round that cannot be drawn without one of them
    /// is refused with the list named. Numbers no player has are ignored.
    pub never_pair: Vec<(u32, u32)>,
    /// Groups of about this many players (the players of round 1 by number), each drawn as a tournament of its
    /// own ([`crate::engine::groups`]); 0 = one field.
    pub group_size: u32,
}

impl Default for Settings {
    /// McMahon, `egf` profile, OpenGotha's defaults, tables numbered from 1.
    fn default() -> Self {
        Settings {
            system: System::default(),
            pairing: Pairing::default(),
            profile: Profile::default(),
            handicap: HandicapRule::default(),
            bye: ByeRule::default(),
            scores: ScoreValues::default(),
            egf: crate::egf::Params::default(),
            first_table: 1,
            skip_tables: Vec::new(),
            mays: crate::engine::MaysParams::default(),
            never_pair: Vec::new(),
            group_size: 0,
        }
    }
}

/// Which criterion a ledger entry belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Criterion {
    /// The constant 1 every allowed pair starts with.
    Base,
    /// Avoid a repeated game (hard).
    AvoidDuplicate,
    /// Relatives must not meet (hard unless impossible).
    AvoidFamily,
    /// Deterministic random term.
    Random,
    /// Colour balance.
    ColourBalance,
    /// Avoid mixing categories.
    Category,
    /// Minimise the MMS-group difference (concave).
    ScoreDifference,
    /// Draw-up/draw-down placement and compensation.
    Dudd,
    /// Seeding inside the group (fold/slip/random/adjacent).
    Seeding,
    /// Minimise handicap.
    Handicap,
    /// Avoid same club/city/country.
    Geography,
    /// Bye preference (when the bye is chosen inside the matching).
    Bye,
}

/// Every criterion's contribution to one pair's weight, so a director can see why a pair was (not) chosen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ledger {
    /// Contributions in a fixed order; criteria that contribute 0 may be omitted.
    pub entries: Vec<(Criterion, i64)>,
}

impl Ledger {
    /// Sum of all contributions: the pair's weight in the matching.
    pub fn total(&self) -> i64 {
        self.entries.iter().map(|(_, v)| v).sum()
    }

    /// The contribution of one criterion (0 when absent).
    pub fn get(&self, criterion: Criterion) -> i64 {
        self.entries
            .iter()
            .filter(|(c, _)| *c == criterion)
            .map(|(_, v)| v)
            .sum()
    }

    /// Add a contribution.
    pub fn push(&mut self, criterion: Criterion, value: i64) {
        self.entries.push((criterion, value));
    }
}

/// One game of the produced round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Table number.
    pub table: u32,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Handicap stones (1 = no komi).
    pub handicap: u8,
    /// Why this pair: every criterion's contribution.
    pub ledger: Ledger,
}

impl Game {
    /// A game not weighed by the matcher (a schedule's, a bracket's), its table still to number.
    pub fn unweighed(white: PlayerId, black: PlayerId, handicap: u8) -> Game {
        Game {
            table: 0,
            white,
            black,
            handicap,
            ledger: Ledger::default(),
        }
    }
}

/// Something a director should look at before publishing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Warning {
    /// Two players of the same club meet.
    SameClub(PlayerId, PlayerId),
    /// Two players of the same city meet.
    SameCity(PlayerId, PlayerId),
    /// Two relatives meet (only when nothing else was possible).
    SameFamily(PlayerId, PlayerId),
    /// A repeated game, forced because nothing else was possible.
    RepeatedGame(PlayerId, PlayerId),
    /// A player paired outside their MMS group (`from` is their group, `to` the opponent's), in half points,
    /// although someone of their own group was still free to play them (a float the engine chose).
    PairedUpDown {
        /// Who floats.
        player: PlayerId,
        /// The player's own score.
        from: HalfPoints,
        /// The opponent's score.
        to: HalfPoints,
    },
    /// A player whose white−black balance reaches ±2 or more after this round.
    ColourImbalance {
        /// Whose colours.
        player: PlayerId,
        /// White games minus black games among even games.
        balance: i32,
    },
    /// A handicap game in the top group.
    HandicapInTopGroup {
        /// The table.
        table: u32,
    },
    /// The floats nobody could avoid, in one line: players paired outside their MMS group with nobody in it left
    /// to play them (alone in their group, or the others already met, related or kept apart). Common in a sparse
    /// field; listed one by one they would drown the warnings that matter.
    UnavoidableFloats {
        /// How many players floated so.
        players: u32,
    },
    /// Two players on the director's never-pair list meet (only by a forced manual edit).
    NeverPairMet(PlayerId, PlayerId),
}

/// The draw of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The round drawn.
    pub round: RoundNo,
    /// The seed the draw used (stored in the log so the round can be replayed).
    pub seed: u64,
    /// Games, sorted by table.
    pub games: Vec<Game>,
    /// The player with the bye, if the field was odd.
    pub bye: Option<PlayerId>,
    /// A knockout's players through to the next round without a game: the top seeds' byes of round 1, and a
    /// walk-over when the other side of the bracket has nobody left (both lost). Empty in every other system.
    pub advancing: Vec<PlayerId>,
    /// Things the director should check.
    pub warnings: Vec<Warning>,
}

/// Why a round could not be drawn. The draw never panics on bad input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// The snapshot contradicts itself (unknown player in a game, duplicate ids, …).
    #[error("inconsistent snapshot: {0}")]
    InconsistentSnapshot(String),
    /// No pairing satisfies the hard rules; the reasons say which players are stuck.
    #[error("no valid pairing: {}", .0.join("; "))]
    NoValidPairing(Vec<String>),
    /// A manual edit was refused.
    #[error("edit refused: {0}")]
    EditRefused(String),
}
