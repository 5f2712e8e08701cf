//! The register's records: the event, its tournaments, participants with their tournament entries, tokens.
//! Plain data; the rules that change them live in `decide` and `state`.

use super::ids::{ParticipantId, Revision, TokenId, TournamentId};
use super::rank::Rank;
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

/// How a tournament is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PairingSystem {
    /// McMahon: start from a score derived from rank, clipped at a bar.
    #[default]
    McMahon,
    /// Swiss: everyone starts at 0.
    Swiss,
}

impl PairingSystem {
    /// The name used on the wire and in the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            PairingSystem::McMahon => "mcmahon",
            PairingSystem::Swiss => "swiss",
        }
    }
}

/// A tournament's settings. Grows with the draw and round features: every new field needs a serde default so old
/// logs still replay.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
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
}

/// The editable fields of a participant. Contact data (`email`, `phone`) is private to the director and desks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParticipantFields {
    /// Family name (Unicode).
    pub family_name: String,
    /// Given name (Unicode).
    pub given_name: String,
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
    /// Lives in the host city.
    pub local: bool,
    /// Fee in cents.
    pub fee_cents: i64,
    /// Fee paid.
    pub paid: bool,
    /// Free notes.
    pub notes: String,
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
    /// A standby server following the log.
    Replica,
    /// The server itself (first-start bootstrap).
    System,
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
            Role::Replica => "replica",
            Role::System => "system",
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

#[cfg(test)]
impl ParticipantFields {
    /// A valid 3k player for tests: only the names and club vary.
    pub fn sample(family: &str, given: &str, club: &str) -> ParticipantFields {
        ParticipantFields {
            family_name: family.into(),
            given_name: given.into(),
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
            local: false,
            fee_cents: 0,
            paid: false,
            notes: String::new(),
        }
    }
}
