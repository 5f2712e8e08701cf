//! The register's records: the event, its tournaments, participants with their tournament entries, tokens.
//! Plain data; the rules that change them live in `decide` and `state`.

use super::code::PlayerCode;
pub use super::fees::{Concession, FeeOverride, FeeSchedule, PayMethod, Payment};
use super::ids::{ParticipantId, Revision, TokenId, TournamentId};
use super::rank::Rank;
use super::setup::{DrawSettings, HandicapSettings, McMahonSetup, ScoringSettings, TimeControl};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The congress itself.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EventInfo {
    /// Event name.
    pub name: String,
    /// Venue.
    pub venue: String,
    /// Host city (players living there are "local").
    pub city: String,
    /// ISO 3166 alpha-2 country.
    pub country: String,
    /// First day, yyyy-mm-dd.
    pub start_date: String,
    /// Last day, yyyy-mm-dd.
    pub end_date: String,
    /// Bumps on every change.
    pub revision: Revision,
}

impl EventInfo {
    /// The details as the register keeps them, whichever door typed them: without surrounding blanks, the
    /// country code in capitals.
    pub fn normalised(mut self) -> EventInfo {
        for text in [
            &mut self.name,
            &mut self.venue,
            &mut self.city,
            &mut self.start_date,
            &mut self.end_date,
        ] {
            let trimmed = text.trim();
            if trimmed.len() != text.len() {
                *text = trimmed.to_string();
            }
        }
        self.country = self.country.trim().to_uppercase();
        self
    }
}

/// How a tournament is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PairingSystem {
    /// McMahon: start from a score derived from rank, clipped at a bar.
    #[default]
    McMahon,
    /// Swiss: everyone starts at 0.
    Swiss,
    /// Round robin (all play all): a fixed schedule by Berger tables, the players of round 1; as many rounds as one
    /// cycle needs (`n − 1`, `n` when odd) or a multiple of it (a double round robin). Scores as in Swiss.
    RoundRobin,
    /// Generalised knockout (BGA handbook 11.3): nobody is eliminated; each round, players with the same sequence of
    /// results meet (the players of round 1). Placed by that sequence, an early win above a late one.
    GeneralisedKnockout,
    /// Simple knockout (BGA handbook 11.1): a bracket seeded by number, byes to the top seeds, each match between the
    /// winners of its two feeding matches; a match is drawn as soon as both are decided. Placed by how far each
    /// player went.
    Knockout,
    /// Double elimination, the Judan system (BGA handbook 11.2): the knockout's bracket beside a losers' section of
    /// everyone with one loss, out at the second; the two sections' winners meet in the final (played again when
    /// the losers' winner wins it and the tournament has the round for it). Placed by the round each went out in.
    DoubleElimination,
    /// A club ladder (BGA handbook 5.1): no rounds; each game is recorded when it is played, a challenger's win
    /// exchanging the two players' rungs (`domain::ladder`).
    Ladder,
    /// A self-paired side event (BGA handbook 8.5): no rounds; players pair themselves between the main event's
    /// rounds and each game is recorded as it is played, each pair meeting at most `ladder.max_meetings` times;
    /// placed by wins. Shares the ladder's games (`domain::ladder`), without rungs.
    SelfPaired,
}

impl PairingSystem {
    /// Every system, in the order a director is offered them.
    pub const ALL: [PairingSystem; 8] = [
        PairingSystem::McMahon,
        PairingSystem::Swiss,
        PairingSystem::RoundRobin,
        PairingSystem::Knockout,
        PairingSystem::DoubleElimination,
        PairingSystem::GeneralisedKnockout,
        PairingSystem::Ladder,
        PairingSystem::SelfPaired,
    ];

    /// A system by any of its names (`mcmahon`, `round robin`, `rr`, `ko`, …; case, spaces and dashes ignored;
    /// empty is McMahon), or the refusal naming the systems there are.
    pub fn from_name(text: &str) -> Result<PairingSystem, super::error::Rejected> {
        let folded = text.trim().to_lowercase().replace([' ', '-', '_'], "");
        Ok(match folded.as_str() {
            "" | "mcmahon" | "macmahon" => PairingSystem::McMahon,
            "swiss" => PairingSystem::Swiss,
            "roundrobin" | "rr" | "allplayall" | "berger" => PairingSystem::RoundRobin,
            "generalisedknockout" | "generalizedknockout" | "gko" => {
                PairingSystem::GeneralisedKnockout
            }
            "knockout" | "ko" | "cup" => PairingSystem::Knockout,
            "doubleelimination" | "doubleknockout" | "judan" => PairingSystem::DoubleElimination,
            "ladder" | "clubladder" => PairingSystem::Ladder,
            "selfpaired" | "selfpairing" => PairingSystem::SelfPaired,
            _ => {
                return Err(super::error::Rejected::invalid(
                    "pairing_system",
                    format!(
                        "{} is not a pairing system: use mcmahon, swiss, round-robin, knockout, \
                         double-elimination, generalised-knockout, ladder or self-paired",
                        super::error::quote(folded.as_str())
                    ),
                ))
            }
        })
    }

    /// Does the draw follow a fixed schedule, set at round 1 (the round robin)?
    pub fn scheduled(self) -> bool {
        self == PairingSystem::RoundRobin
    }

    /// Does the system pair by its own rule rather than by score groups (no McMahon score, no draw choices)?
    pub fn own_rule(self) -> bool {
        matches!(
            self,
            PairingSystem::RoundRobin
                | PairingSystem::GeneralisedKnockout
                | PairingSystem::Knockout
                | PairingSystem::DoubleElimination
                | PairingSystem::Ladder
                | PairingSystem::SelfPaired
        )
    }

    /// Are its games recorded one at a time, any day, instead of in rounds (a ladder, a self-paired event)?
    pub fn unrounded(self) -> bool {
        matches!(self, PairingSystem::Ladder | PairingSystem::SelfPaired)
    }

    /// Does the system eliminate players (who then have no game, and no one expects them to; a player who does
    /// not play keeps their game and loses it by forfeit)?
    pub fn eliminates(self) -> bool {
        matches!(
            self,
            PairingSystem::Knockout | PairingSystem::DoubleElimination
        )
    }

    /// Does each round follow a bracket whose matches fill in as results come (the simple knockout: its next
    /// round is drawn while this one is played)?
    pub fn bracket(self) -> bool {
        self == PairingSystem::Knockout
    }

    /// What a round's players without a game besides the bye (`RoundRecord::advancing`) are called: through
    /// without a game in a knockout, the byes of the other groups in a tournament played in groups.
    pub fn without_game(self) -> &'static str {
        if self.eliminates() {
            "Through without a game"
        } else {
            "Bye"
        }
    }

    /// The name used on the wire and in the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            PairingSystem::McMahon => "mcmahon",
            PairingSystem::Swiss => "swiss",
            PairingSystem::RoundRobin => "round-robin",
            PairingSystem::GeneralisedKnockout => "generalised-knockout",
            PairingSystem::Knockout => "knockout",
            PairingSystem::DoubleElimination => "double-elimination",
            PairingSystem::Ladder => "ladder",
            PairingSystem::SelfPaired => "self-paired",
        }
    }
}

/// A tournament's settings. Grows with the draw and round features: every new field needs a serde default so old
/// logs still replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// Name shown on every sheet.
    pub name: String,
    /// Number of rounds, 1..=20.
    pub rounds: u32,
    /// Pairing system.
    pub system: PairingSystem,
    /// First day, yyyy-mm-dd or empty.
    #[serde(default)]
    pub start_date: String,
    /// Last day, yyyy-mm-dd or empty.
    #[serde(default)]
    pub end_date: String,
    /// Komi in half points (13 = 6½).
    #[serde(default = "default_komi")]
    pub komi_half: i32,
    /// Time control.
    #[serde(default)]
    pub time: TimeControl,
    /// McMahon bar, floor, supergroup or sections.
    #[serde(default)]
    pub mcmahon: McMahonSetup,
    /// Handicap rule.
    #[serde(default)]
    pub handicap: HandicapSettings,
    /// Draw profile and switches.
    #[serde(default)]
    pub draw: DrawSettings,
    /// Scoring, tie-breaks, prizes, result checking.
    #[serde(default)]
    pub scoring: ScoringSettings,
    /// A knockout split off another tournament's top players (a Swiss knockout, BGA handbook 11.8): set when it is
    /// split, never by an update.
    #[serde(default)]
    pub split_from: Option<SplitFrom>,
    /// A ladder's reach and handicap (used by the ladder system only).
    #[serde(default)]
    pub ladder: super::ladder::LadderSettings,
    /// The timetable: each round's planned start in the venue's time, `2026-11-28 14:00`, or empty when not
    /// planned (see [`super::timetable`]). Rounds past its end are not planned.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schedule: Vec<String>,
    /// Even games are played with nigiri (Mays, "What about nigiri?"; the AGA rules): the players choose colours
    /// at the board and a results desk, the referee or the director records who had Black. Handicap games keep
    /// Black for the weaker player. Read when a round is drawn: changing it leaves drawn rounds as they are.
    #[serde(default)]
    pub nigiri: bool,
    /// What players may do themselves on their phones with their personal codes (issue 31): both off unless the
    /// director turns them on.
    #[serde(default, skip_serializing_if = "PlayerService::is_off")]
    pub players: PlayerService,
    /// What the tournament charges (issue 33); empty charges nothing.
    #[serde(default, skip_serializing_if = "FeeSchedule::is_empty")]
    pub fees: FeeSchedule,
}

/// The self-service a tournament allows its players, each with their personal code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlayerService {
    /// A pre-registered player may check themselves in (their phone, or the entrance tablet) while registration
    /// is open.
    #[serde(default)]
    pub self_check_in: bool,
    /// A player may report their own game's result during a published round: one entry of the double entry.
    #[serde(default)]
    pub report_results: bool,
}

impl PlayerService {
    /// Neither is on (the default, not written to the log).
    pub fn is_off(&self) -> bool {
        *self == PlayerService::default()
    }
}

/// Where a split-off knockout's players came from: they left `tournament` after `after_round`, and each returns
/// to it for the round after the knockout round in which their knockout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitFrom {
    /// The tournament they play otherwise (McMahon or Swiss).
    pub tournament: TournamentId,
    /// Its last round before the split.
    pub after_round: u32,
}

fn default_komi() -> i32 {
    13
}

impl TournamentSettings {
    /// "Main is paired as knockout": how a refusal names a tournament whose system does not allow the request.
    pub fn paired_as(&self) -> String {
        format!("{} is paired as {}", self.name, self.system.as_str())
    }
}

impl TournamentSettings {
    /// A new tournament's settings: its name, system and rounds, and every other setting at the system's default
    /// (the same defaults whichever door creates it).
    pub fn new(name: &str, system: PairingSystem, rounds: u32) -> TournamentSettings {
        TournamentSettings {
            name: name.trim().to_string(),
            rounds,
            system,
            scoring: ScoringSettings::for_system(system),
            ladder: super::ladder::LadderSettings::for_system(system),
            ..TournamentSettings::default()
        }
    }
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            name: String::new(),
            rounds: 0,
            system: PairingSystem::McMahon,
            start_date: String::new(),
            end_date: String::new(),
            komi_half: default_komi(),
            time: TimeControl::default(),
            mcmahon: McMahonSetup::default(),
            handicap: HandicapSettings::default(),
            draw: DrawSettings::default(),
            scoring: ScoringSettings::default(),
            players: PlayerService::default(),
            fees: FeeSchedule::default(),
            split_from: None,
            ladder: super::ladder::LadderSettings::default(),
            schedule: Vec::new(),
            nigiri: false,
        }
    }
}

/// One tournament of the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Identity.
    pub id: TournamentId,
    /// Bumps on every change.
    pub revision: Revision,
    /// Settings.
    pub settings: TournamentSettings,
    /// Registration desks may register only while open; the late desk and the director always.
    pub registration_open: bool,
}

/// Where a participant stands in one tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EntryStatus {
    /// Registered in advance, not yet seen at a desk.
    PreRegistered,
    /// Seen at a desk: will be paired.
    CheckedIn,
    /// Left the tournament (can be reinstated).
    Withdrawn,
}

impl EntryStatus {
    /// Lower-case name for messages.
    pub fn as_str(self) -> &'static str {
        match self {
            EntryStatus::PreRegistered => "pre-registered",
            EntryStatus::CheckedIn => "checked in",
            EntryStatus::Withdrawn => "withdrawn",
        }
    }
}

/// A participant's entry in one tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Rounds the player will play, sorted, 1-based.
    pub rounds: Vec<u32>,
    /// Status.
    pub status: EntryStatus,
    /// A ghost entered by the director to even the field: paired, never placed, never given the bye.
    #[serde(default)]
    pub ghost: bool,
    /// The director's correction of the starting McMahon score, whole points.
    #[serde(default)]
    pub mms_correction: i32,
    /// Rank changes effective from a round, oldest first (the registered rank holds before the first).
    #[serde(default)]
    pub rank_changes: Vec<RankChange>,
    /// Which terminal checked the player in, and when (absent for entries checked in by an older version).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked_in: Option<Stamp>,
}

/// Which terminal did something, and when: the part of the audit a desk shows back ("checked in at desk-2").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// The terminal's name.
    pub terminal: String,
    /// When, in ms since the Unix epoch.
    pub at_ms: i64,
    /// The player did it themselves with their personal code (self check-in), not a desk.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_self: bool,
}

impl Entry {
    /// A fresh entry.
    pub fn new(rounds: Vec<u32>, status: EntryStatus) -> Entry {
        Entry {
            rounds,
            status,
            ghost: false,
            mms_correction: 0,
            rank_changes: Vec::new(),
            checked_in: None,
        }
    }

    /// The rank in force in round `round`, given the registered rank.
    pub fn rank_in(&self, registered: Rank, round: u32) -> Rank {
        self.rank_changes
            .iter()
            .rev()
            .find(|c| c.from_round <= round)
            .map_or(registered, |c| c.rank)
    }
}

/// A rank change effective from a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankChange {
    /// First round played at the new rank.
    pub from_round: u32,
    /// The new rank.
    pub rank: Rank,
}

/// The editable fields of a participant. Contact data (`email`, `phone`) is private to the director and desks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParticipantFields {
    /// Family name (Unicode).
    pub family_name: String,
    /// Given name (Unicode).
    pub given_name: String,
    /// Family name in Latin letters, for the EGF, FFG and AGA files (`domain::name::for_files`) and the search:
    /// typed when the name is written in another script (山田 → Yamada), empty otherwise. Absent from entries
    /// written before it existed, and left out of the log when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub latin_family_name: String,
    /// Given name in Latin letters (Taro for 太郎), like `latin_family_name`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub latin_given_name: String,
    /// Rank.
    pub rank: Rank,
    /// EGF GoR rating, when known.
    pub rating: Option<i32>,
    /// Club.
    pub club: String,
    /// City.
    pub city: String,
    /// ISO 3166 alpha-2 country or empty.
    pub country: String,
    /// EGD pin.
    pub egd_pin: String,
    /// AGA id.
    pub aga_id: String,
    /// FFG licence.
    pub ffg_licence: String,
    /// Private.
    pub email: String,
    /// Private.
    pub phone: String,
    /// Relatives share this tag.
    pub family_group: String,
    /// The team they play for in the team competition (issue 33), public like the club: entrants with the same
    /// team name (compared by [`crate::domain::teams::key`]) are a team. Empty: no team.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub team: String,
    /// Their board in the team, 1 the first, as a desk or a file (an OpenGotha team's order) set it; `None`: by
    /// strength. Only orders the team's members: a team tournament's line-up each round is its first members
    /// checked in, in this order (`team_play`); fixed once a team tournament's round 1 is drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_board: Option<u32>,
    /// Lives in the host city.
    pub local: bool,
    /// Fee in cents.
    pub fee_cents: i64,
    /// Fee paid.
    pub paid: bool,
    /// Free notes.
    pub notes: String,
    /// Year of birth (issue 33), for the junior prizes and the fee's age concessions: private like the contact
    /// data; a public page says at most "junior". Absent when unknown, and from entries written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u16>,
    /// A member of the federation (issue 33): a non-member may pay a surcharge, and the levy counts members apart.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub member: bool,
    /// The fee concession the desk granted (junior, student, senior), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concession: Option<Concession>,
    /// The fee agreed instead of the schedule's, with its reason (the log says who agreed it and when).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee_override: Option<FeeOverride>,
}

/// A person registered at the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    /// Identity.
    pub id: ParticipantId,
    /// Bumps on every change.
    pub revision: Revision,
    /// Editable fields.
    pub fields: ParticipantFields,
    /// Entries by tournament.
    pub entries: BTreeMap<TournamentId, Entry>,
    /// When the participant was registered (ms since the Unix epoch, from the log).
    pub registered_at_ms: i64,
    /// The terminal that registered them, from the log (absent in records made by older versions): only that
    /// desk may undo the registration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registered_by: Option<String>,
    /// The player's personal code (issue 31): secret, shown to the director and once to the registering desk,
    /// never on a public page (absent in records made by older versions until the director issues codes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<PlayerCode>,
    /// The payments desks took from them, oldest first (issue 33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub payments: Vec<Payment>,
}

/// A terminal's role: what its token may do. Recorded in every log entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Everything.
    Director,
    /// Registers and checks in while registration is open.
    Registration,
    /// Registration also after registration closes.
    LateDesk,
    /// Enters results.
    Results,
    /// Reports forfeits and late starts.
    Referee,
    /// Reads only.
    Viewer,
    /// Takes payments and reads the money reports (takings, levy, budget); never contact data.
    Treasurer,
    /// A standby server following the log.
    Replica,
    /// The server itself (first-start bootstrap).
    System,
    /// The anonymous public web board: reads public pages and submits change slips. Never has a token.
    Public,
}

impl Role {
    /// Lower-case name, as typed in the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Director => "director",
            Role::Registration => "registration",
            Role::LateDesk => "late-desk",
            Role::Results => "results",
            Role::Referee => "referee",
            Role::Viewer => "viewer",
            Role::Treasurer => "treasurer",
            Role::Replica => "replica",
            Role::System => "system",
            Role::Public => "public",
        }
    }
}

/// A terminal token. Only the SHA-256 of the secret is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenRecord {
    /// Identity.
    pub id: TokenId,
    /// The terminal's name, e.g. "desk-2".
    pub name: String,
    /// What it may do.
    pub role: Role,
    /// Hex SHA-256 of the secret.
    pub hash: String,
    /// Creation time (ms since the Unix epoch).
    pub created_at_ms: i64,
    /// Revoked tokens are refused.
    pub revoked: bool,
}

impl ParticipantFields {
    /// The fields as the register keeps them, whichever door typed them: names and Latin names, club, city, ids and
    /// contact data without surrounding blanks, the country code in capitals. (The notes are kept as typed.)
    pub fn normalised(mut self) -> ParticipantFields {
        for text in [
            &mut self.family_name,
            &mut self.given_name,
            &mut self.latin_family_name,
            &mut self.latin_given_name,
            &mut self.club,
            &mut self.city,
            &mut self.egd_pin,
            &mut self.aga_id,
            &mut self.ffg_licence,
            &mut self.email,
            &mut self.phone,
            &mut self.family_group,
            &mut self.team,
        ] {
            let trimmed = text.trim();
            if trimmed.len() != text.len() {
                *text = trimmed.to_string();
            }
        }
        self.country = self.country.trim().to_uppercase();
        self
    }

    /// A valid 3k player for tests and benchmarks: only the names and club vary.
    pub fn sample(family: &str, given: &str, club: &str) -> ParticipantFields {
        ParticipantFields {
            family_name: family.into(),
            given_name: given.into(),
            latin_family_name: String::new(),
            latin_given_name: String::new(),
            rank: Rank::kyu(3).expect("3 kyu is a rank"),
            rating: None,
            club: club.into(),
            city: String::new(),
            country: "FR".into(),
            egd_pin: String::new(),
            aga_id: String::new(),
            ffg_licence: String::new(),
            email: String::new(),
            phone: String::new(),
            family_group: String::new(),
            team: String::new(),
            team_board: None,
            local: false,
            fee_cents: 0,
            paid: false,
            notes: String::new(),
            birth_year: None,
            member: false,
            concession: None,
            fee_override: None,
        }
    }
}
