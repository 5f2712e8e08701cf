//! Rejections: why a command was refused. A rejected command changes nothing. `service::status` maps each variant
//! to one gRPC code; the messages are written for a desk volunteer.

use super::ids::{ParticipantId, Revision, SlipId, TokenId, TournamentId};

/// A command the register refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejected {
    /// Bad input (`INVALID_ARGUMENT`): the field and what is wrong with it.
    #[error("{}: {message}", field.replace('_', " "))]
    Invalid {
        /// The offending field.
        field: &'static str,
        /// What is wrong, in plain words.
        message: String,
    },
    /// No such participant (`NOT_FOUND`).
    #[error("no participant {0}")]
    UnknownParticipant(ParticipantId),
    /// No such tournament (`NOT_FOUND`).
    #[error("no tournament {0}")]
    UnknownTournament(TournamentId),
    /// No such token (`NOT_FOUND`).
    #[error("no token {0}")]
    UnknownToken(TokenId),
    /// No such change slip (`NOT_FOUND`).
    #[error("no slip {0}")]
    UnknownSlip(SlipId),
    /// Someone else changed the record first (`ABORTED`; the service attaches the current record).
    #[error(
        "stale revision: you edited {expected}, the record is now at {actual}; reload and retry"
    )]
    StaleRevision {
        /// The revision the desk edited.
        expected: Revision,
        /// The record's revision now.
        actual: Revision,
    },
    /// Looks like a person already registered (`ALREADY_EXISTS`), unless the desk says it is a different person.
    #[error(
        "already registered as {existing} ({reason}); if this is a different person, confirm it"
    )]
    Duplicate {
        /// The existing record.
        existing: ParticipantId,
        /// What matched.
        reason: String,
    },
    /// The participant already entered this tournament (`ALREADY_EXISTS`).
    #[error("{participant} already entered {tournament}")]
    AlreadyEntered {
        /// Who.
        participant: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
    },
    /// The participant did not enter this tournament (`FAILED_PRECONDITION`).
    #[error("{participant} has not entered {tournament}")]
    NotEntered {
        /// Who.
        participant: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
    },
    /// The participant has not entered any tournament (`FAILED_PRECONDITION`).
    #[error("{0} has not entered any tournament: enter one first")]
    NoEntries(ParticipantId),
    /// The entry is not in a state that allows this (`FAILED_PRECONDITION`).
    #[error("{participant} is {status} in {tournament}: cannot {action}")]
    WrongStatus {
        /// Who.
        participant: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// Current status.
        status: &'static str,
        /// What was attempted.
        action: &'static str,
    },
    /// Registration is closed and this terminal is not the late desk (`PERMISSION_DENIED`).
    #[error("registration for {0} is closed: send the player to the late desk or the director")]
    RegistrationClosed(TournamentId),
    /// The role may not do this (`PERMISSION_DENIED`).
    #[error("a {role} terminal may not {action}")]
    Forbidden {
        /// The caller's role.
        role: &'static str,
        /// What was attempted.
        action: &'static str,
    },
    /// The tournament is not in a state that allows this (`FAILED_PRECONDITION`); the message says what to do.
    #[error("{0}")]
    Precondition(String),
    /// No such round (`NOT_FOUND`).
    #[error("{tournament} has no round {round} yet")]
    UnknownRound {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
    },
    /// The request id was already used for a different command (`INVALID_ARGUMENT`).
    #[error("request id {0:?} was already used for a different command")]
    RequestIdReused(String),
}

impl Rejected {
    /// Shorthand for an invalid field.
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Rejected {
        Rejected::Invalid {
            field,
            message: message.into(),
        }
    }
}
