//! Commands: what a terminal asks the register to do. Imperative names; each is decided against the current
//! state into events (`decide`) or rejected, changing nothing.

use super::ids::{ParticipantId, Revision, TokenId, TournamentId};
use super::record::{EventInfo, ParticipantFields, Role, TournamentSettings};
use serde::{Deserialize, Serialize};

/// Entering a tournament: which one and which rounds (`None` = every round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnterSpec {
    /// The tournament.
    pub tournament: TournamentId,
    /// Rounds to play; `None` means all.
    pub rounds: Option<Vec<u32>>,
}

/// Everything a terminal can ask of the register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Set the event's details.
    UpdateEvent {
        /// New details (revision ignored).
        event: EventInfo,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Add a tournament.
    CreateTournament {
        /// Its settings.
        settings: TournamentSettings,
    },
    /// Change a tournament's settings.
    UpdateTournament {
        /// Which.
        id: TournamentId,
        /// The revision the director edited.
        expected: Revision,
        /// New settings.
        settings: TournamentSettings,
    },
    /// Open or close registration.
    SetRegistrationOpen {
        /// Which tournament.
        id: TournamentId,
        /// Open (true) or closed.
        open: bool,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Register a new participant.
    RegisterParticipant {
        /// The person.
        fields: ParticipantFields,
        /// Tournaments to enter at once.
        enter: Vec<EnterSpec>,
        /// Check in at once.
        check_in: bool,
        /// The desk confirmed this is not a duplicate.
        different_person: bool,
    },
    /// Replace a participant's fields.
    UpdateParticipant {
        /// Who.
        id: ParticipantId,
        /// The revision the desk edited.
        expected: Revision,
        /// The full new field set.
        fields: ParticipantFields,
        /// The desk confirmed this is not a duplicate.
        different_person: bool,
    },
    /// Enter a tournament.
    EnterTournament {
        /// Who.
        id: ParticipantId,
        /// Which tournament and rounds.
        entry: EnterSpec,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Leave a tournament (undo an entry made by mistake).
    LeaveTournament {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Set the rounds a partial player will play.
    SetRounds {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// Rounds; `None` = all.
        rounds: Option<Vec<u32>>,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Mark a participant as seen at a desk.
    CheckIn {
        /// Who.
        id: ParticipantId,
        /// One tournament, or `None` for every tournament entered.
        tournament: Option<TournamentId>,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Withdraw from a tournament (reinstatable).
    Withdraw {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Undo a withdrawal.
    Reinstate {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Create a terminal token; the secret comes from the context's entropy.
    CreateToken {
        /// Terminal name.
        name: String,
        /// Its role.
        role: Role,
    },
    /// Revoke a token.
    RevokeToken {
        /// Which.
        id: TokenId,
    },
}

impl Command {
    /// The command's name for logs and audit.
    pub fn name(&self) -> &'static str {
        match self {
            Command::UpdateEvent { .. } => "UpdateEvent",
            Command::CreateTournament { .. } => "CreateTournament",
            Command::UpdateTournament { .. } => "UpdateTournament",
            Command::SetRegistrationOpen { .. } => "SetRegistrationOpen",
            Command::RegisterParticipant { .. } => "RegisterParticipant",
            Command::UpdateParticipant { .. } => "UpdateParticipant",
            Command::EnterTournament { .. } => "EnterTournament",
            Command::LeaveTournament { .. } => "LeaveTournament",
            Command::SetRounds { .. } => "SetRounds",
            Command::CheckIn { .. } => "CheckIn",
            Command::Withdraw { .. } => "Withdraw",
            Command::Reinstate { .. } => "Reinstate",
            Command::CreateToken { .. } => "CreateToken",
            Command::RevokeToken { .. } => "RevokeToken",
        }
    }
}

/// Who sent a command, from which terminal. Recorded in the log with every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    /// The token's terminal name.
    pub terminal: String,
    /// The token's role.
    pub role: Role,
    /// The volunteer at the desk, if given.
    pub operator: String,
}

/// Inputs from outside the domain: who, when, and fresh entropy. The writer makes it; events record the outcome
/// so replay never needs it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// Who and where.
    pub actor: Actor,
    /// Now, in ms since the Unix epoch.
    pub now_ms: i64,
    /// 32 fresh random bytes (token secrets, draw seeds).
    pub entropy: [u8; 32],
}
