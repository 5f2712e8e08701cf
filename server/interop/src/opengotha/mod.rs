//! Reader for OpenGotha tournament files: players, games, byes and parameter sets as the file writes them
//! (`shared/reference/opengotha.md` §1.1 and §7.1), and OpenGotha's per-pair cost dumps ([`parse_weights_dump`]).
//! Plain data: the draw maps it onto its model to replay a file (`tengen_draw::opengotha`), the desk program onto
//! an import plan.
//!
//! Players are identified by their index in file order. Games and byes reference players by OpenGotha's key
//! string (upper-case name + first name without spaces); older files with another canonical form are matched on a
//! looser key (letters and digits only, accents kept).

mod dump;
mod file;
mod pairing;
mod value;
mod xml;

use std::collections::BTreeMap;

pub use dump::{dump_round, parse_weights_dump, DumpedPair, TERM_NAMES};
pub use file::{country_alias, decode, iso_country, located, rank_text, NotText};
pub use pairing::{DuddMode, PairingParams, SeedSystem};
pub use value::{parse_rank, Decimal, Rank};

use crate::prereg::Person;
use crate::Outcome;

/// Why an OpenGotha file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OgError {
    /// The XML itself is malformed.
    #[error("malformed XML: {0}")]
    Xml(String),
    /// An attribute holds a value we cannot interpret.
    #[error("bad value {value:?} for {attribute}")]
    BadValue {
        /// The attribute (or field) name.
        attribute: String,
        /// Its text.
        value: String,
    },
    /// A game or bye references a player key that no player has.
    #[error("unknown player key {0:?}")]
    UnknownPlayer(String),
    /// A weights dump could not be parsed.
    #[error("bad weights dump line {line}: {reason}")]
    Dump {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// `registeringStatus`: only finally registered players can be paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RegisteringStatus {
    /// Pre-registered (not pairable).
    Pre,
    /// Finally registered.
    #[default]
    Fin,
}

/// One `<Player>`, all attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgPlayer {
    /// Family name.
    pub name: String,
    /// Given name.
    pub first_name: String,
    /// Two-letter country or empty.
    pub country: String,
    /// Club (OpenGotha keeps 4 characters).
    pub club: String,
    /// EGF PIN.
    pub egf_pin: String,
    /// FFG licence.
    pub ffg_licence: String,
    /// FFG licence status ("L" = licensed).
    pub ffg_licence_status: String,
    /// AGA id.
    pub aga_id: String,
    /// AGA membership expiry.
    pub aga_expiration_date: String,
    /// Pairing rank (30k = −30, 1d = 0).
    pub rank: Rank,
    /// Declared grade text ("10K").
    pub grade: String,
    /// Rating (EGF GoR scale).
    pub rating: i32,
    /// Where the rating came from ("FFG : -921", "EGF", "INI", "MAN").
    pub rating_origin: String,
    /// Correction added to the starting MMS.
    pub smms_correction: i32,
    /// `participating[r-1]`: plays round r.
    pub participating: Vec<bool>,
    /// PRE or FIN.
    pub registering_status: RegisteringStatus,
}

impl OgPlayer {
    /// OpenGotha's key string: upper-case name + first name, spaces removed.
    pub fn key(&self) -> String {
        format!("{}{}", self.name, self.first_name)
            .to_uppercase()
            .chars()
            .filter(|c| *c != ' ')
            .collect()
    }

    /// "Name Firstname", as in OpenGotha's cost dumps.
    pub fn full_name(&self) -> String {
        format!("{} {}", self.name, self.first_name)
    }

    /// Plays round `round` (rounds past the string count as playing).
    pub fn participates(&self, round: u32) -> bool {
        self.participating
            .get((round as usize).saturating_sub(1))
            .copied()
            .unwrap_or(true)
    }
}

/// A game's result code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OgResult {
    /// Who won.
    pub outcome: Outcome,
    /// `_BYDEF`: decided by default (forfeit).
    pub by_default: bool,
}

/// One `<Game>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgGame {
    /// 1-based round.
    pub round: u32,
    /// 1-based table.
    pub table: u32,
    /// White's index in [`OgTournament::players`].
    pub white: usize,
    /// Black's index.
    pub black: usize,
    /// Handicap stones.
    pub handicap: u8,
    /// Result.
    pub result: OgResult,
    /// `knownColor`.
    pub known_colour: bool,
}

/// One `<ByePlayer>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OgBye {
    /// 1-based round.
    pub round: u32,
    /// The player's index.
    pub player: usize,
}

/// `<GeneralParameterSet>` (values ×2 are kept as in the file: half points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralParams {
    /// `shortName`.
    pub short_name: String,
    /// `name`.
    pub name: String,
    /// `location`.
    pub location: String,
    /// `director`.
    pub director: String,
    /// `beginDate` (yyyy-MM-dd).
    pub begin_date: String,
    /// `endDate`.
    pub end_date: String,
    /// `bInternet`.
    pub internet: bool,
    /// `basicTime` (minutes).
    pub basic_time: u32,
    /// `complementaryTimeSystem`.
    pub complementary_time_system: String,
    /// `stdByoYomiTime`.
    pub std_byo_yomi_time: u32,
    /// `nbMovesCanTime`.
    pub nb_moves_can_time: u32,
    /// `canByoYomiTime`.
    pub can_byo_yomi_time: u32,
    /// `fischerTime`.
    pub fischer_time: u32,
    /// Board size.
    pub size: u32,
    /// Komi.
    pub komi: Decimal,
    /// `numberOfRounds`.
    pub number_of_rounds: u32,
    /// `numberOfCategories`.
    pub number_of_categories: u32,
    /// `<Category lowerLimit>` values in file order.
    pub category_lower_limits: Vec<Rank>,
    /// `genMMFloor`.
    pub mm_floor: Rank,
    /// `genMMBar`.
    pub mm_bar: Rank,
    /// `genMMZero`.
    pub mm_zero: Rank,
    /// `genNBW2ValueAbsent` (half points).
    pub nbw2_absent: i32,
    /// `genNBW2ValueBye`.
    pub nbw2_bye: i32,
    /// `genMMS2ValueAbsent`.
    pub mms2_absent: i32,
    /// `genMMS2ValueBye`.
    pub mms2_bye: i32,
    /// `genRoundDownNBWMMS`.
    pub round_down: bool,
    /// `genCountNotPlayedGamesAsHalfPoint`.
    pub count_not_played_games_as_half_point: bool,
}

/// `<HandicapParameterSet>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandicapParams {
    /// `hdBasedOnMMS`.
    pub based_on_mms: bool,
    /// `hdNoHdRankThreshold`.
    pub no_hd_rank_threshold: Rank,
    /// `hdCorrection`.
    pub correction: i32,
    /// `hdCeiling`.
    pub ceiling: u8,
}

impl Default for GeneralParams {
    /// OpenGotha's McMahon preset.
    fn default() -> Self {
        GeneralParams {
            short_name: String::new(),
            name: String::new(),
            location: String::new(),
            director: String::new(),
            begin_date: String::new(),
            end_date: String::new(),
            internet: false,
            basic_time: 60,
            complementary_time_system: "STDBYOYOMI".to_string(),
            std_byo_yomi_time: 30,
            nb_moves_can_time: 15,
            can_byo_yomi_time: 300,
            fischer_time: 10,
            size: 19,
            komi: Decimal::new(75, 10),
            number_of_rounds: 5,
            number_of_categories: 1,
            category_lower_limits: Vec::new(),
            mm_floor: Rank(-20),
            mm_bar: Rank(3),
            mm_zero: Rank(-30),
            nbw2_absent: 0,
            nbw2_bye: 2,
            mms2_absent: 1,
            mms2_bye: 2,
            round_down: true,
            count_not_played_games_as_half_point: false,
        }
    }
}

impl Default for HandicapParams {
    /// OpenGotha's McMahon preset: MMS based, threshold 1d, correction 1, ceiling 9.
    fn default() -> Self {
        HandicapParams {
            based_on_mms: true,
            no_hd_rank_threshold: Rank(0),
            correction: 1,
            ceiling: 9,
        }
    }
}

/// A whole OpenGotha tournament file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OgTournament {
    /// Attributes of the `<Tournament>` root (versions, save date…).
    pub root: BTreeMap<String, String>,
    /// Players in file order; games and byes name them by their index here.
    pub players: Vec<OgPlayer>,
    /// All games of all rounds, in file order.
    pub games: Vec<OgGame>,
    /// All byes.
    pub byes: Vec<OgBye>,
    /// General parameters.
    pub general: GeneralParams,
    /// Handicap parameters.
    pub handicap: HandicapParams,
    /// Placement criteria names, criterion 1 first (e.g. "MMS", "SOSM", "NULL").
    pub placement: Vec<String>,
    /// Pairing parameters.
    pub pairing: PairingParams,
    /// The raw `<PairingParameterSet>` attributes (for keys this version does not model).
    pub pairing_raw: BTreeMap<String, String>,
    /// Club groups: name and member clubs.
    pub club_groups: Vec<(String, Vec<String>)>,
    /// Teams (`<Teams>`), in file order.
    pub teams: Vec<OgTeam>,
    /// Boards per team (`<TeamGeneralParameterSet teamSize>`), 0 when the file has no team parameters.
    pub team_size: u32,
}

/// A team of an OpenGotha team tournament: who sat on which board in which round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OgTeam {
    /// `teamNumber`.
    pub number: u32,
    /// `teamName`.
    pub name: String,
    /// `<Board>`s in file order.
    pub boards: Vec<OgBoard>,
}

/// One `<Board>` of a team: player `player` (index in `OgTournament::players`) on board `board` in round `round`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OgBoard {
    /// Round, 1-based.
    pub round: u32,
    /// Board, 1-based.
    pub board: u32,
    /// Index in `OgTournament::players`.
    pub player: usize,
}

impl OgTeam {
    /// The team a player is in: the first team whose boards name them (a player in two teams is in the first).
    pub fn of(teams: &[OgTeam], player: usize) -> Option<&OgTeam> {
        teams
            .iter()
            .find(|t| t.boards.iter().any(|b| b.player == player))
    }
}

/// A looser form of a key: upper case, letters and digits only.
fn loose_key(key: &str) -> String {
    key.to_uppercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// Reads an OpenGotha tournament file.
pub fn read(xml: &str) -> Result<OgTournament, OgError> {
    xml::parse(xml)
}

impl OgTournament {
    /// Player `i` as a registration ([`OgPlayer::person`]) with the team the file puts them in.
    pub fn person(&self, i: usize) -> Person {
        let mut person = self
            .players
            .get(i)
            .map(OgPlayer::person)
            .unwrap_or_default();
        if let Some(team) = OgTeam::of(&self.teams, i) {
            person.team = team.name.trim().to_string();
            // The board of the first round the team fields them in.
            person.team_board = team
                .boards
                .iter()
                .filter(|b| b.player == i)
                .min_by_key(|b| b.round)
                .map(|b| b.board);
        }
        person
    }

    /// Key string → player index (exact keys, then loose keys where unambiguous).
    fn key_index(&self) -> BTreeMap<String, usize> {
        let mut keys = BTreeMap::new();
        for (i, p) in self.players.iter().enumerate() {
            keys.entry(p.key()).or_insert(i);
        }
        for (i, p) in self.players.iter().enumerate() {
            keys.entry(loose_key(&p.key())).or_insert(i);
        }
        keys
    }

    /// OpenGotha's starting MMS of a player: clamp(rank, floor, bar) − zero + smmsCorrection (whole points).
    pub fn smms(&self, p: &OgPlayer) -> i32 {
        let g = &self.general;
        let clamped = p.rank.0.max(g.mm_floor.0).min(g.mm_bar.0.max(g.mm_floor.0));
        clamped - g.mm_zero.0 + p.smms_correction
    }

    /// Rounds that have at least one game, ascending.
    pub fn played_rounds(&self) -> Vec<u32> {
        let mut rounds: Vec<u32> = self.games.iter().map(|g| g.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        rounds
    }
}

#[cfg(test)]
mod tests;
