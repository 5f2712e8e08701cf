//! Why the core did not do what a door asked, as a type: the register's rules refused it (with the record it met),
//! the role may not, the request was malformed, the server cannot take writes, or it cannot vouch for a write it
//! made. Each door words it for its own people: `service::status` as a gRPC status, `web` as a page. Which kind
//! of answer each refusal is ([`Kind`]) is decided here, once.

use crate::auth::{Action, Denied};
use crate::domain::{ParticipantId, Rejected, Role, TournamentId};

/// A refused request; nothing changed (except [`Refusal::NotKept`], which cannot say).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The register's rules refused the command.
    #[error("{rejected}")]
    Rejected {
        /// The rule that refused it.
        rejected: Rejected,
        /// The record it met: the registered duplicate, or the record edited meanwhile.
        current: Option<Current>,
    },
    /// The caller's role may not send this command.
    #[error("a {} terminal may not {}", role.as_str(), action.describe())]
    Forbidden {
        /// The caller's role.
        role: Role,
        /// What it asked to do.
        action: Action,
    },
    /// The request itself is malformed (its request id, its operator).
    #[error("{0}")]
    BadRequest(String),
    /// This server cannot take writes now (a standby, no majority, storage stopped); nothing is known to have
    /// changed.
    #[error("{0}")]
    Unavailable(String),
    /// The write is durable here, but this server stepped down before it was kept: retry with the same request id
    /// (at `retry_at` if known).
    #[error(
        "this server is no longer the primary and cannot vouch for entry {seq}{} with the same request id",
        retry_at.as_ref().map(|url| format!("; retry at {url}")).unwrap_or_default()
    )]
    NotKept {
        /// The entry's sequence number.
        seq: u64,
        /// The server that took over, if known.
        retry_at: Option<String>,
    },
    /// A draw overtaken by desk changes at every attempt.
    #[error("{rejected} ({attempts} draws in a row were overtaken by changes)")]
    Overtaken {
        /// The last attempt's refusal.
        rejected: Rejected,
        /// How many draws were made.
        attempts: u32,
    },
    /// Too many wrong tries lately (a player's personal code): wait, or see the desk.
    #[error("{0}")]
    Throttled(String),
    /// Not possible in the server's current set-up or state, outside the register's rules (the venue's machines).
    #[error("{0}")]
    Precondition(String),
    /// The server's own fault.
    #[error("{0}")]
    Internal(String),
}

/// The record a refusal met, by id: each door reads and shows it as it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Current {
    /// The event's details.
    Event,
    /// A tournament.
    Tournament(TournamentId),
    /// A participant (the duplicate, or the one edited meanwhile).
    Participant(ParticipantId),
    /// A tournament's latest round.
    LastRound(TournamentId),
}

/// What kind of answer a refusal is, for every door: one gRPC code each, one HTTP status each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Bad input: nothing to retry until it is corrected.
    Invalid,
    /// Names something that does not exist.
    NotFound,
    /// Not possible in the current state (a round not closed, a player not entered).
    Precondition,
    /// Overtaken by another change: read again and retry.
    Stale,
    /// Already there (a duplicate, already checked in).
    Exists,
    /// Not for this caller, or not now (registration closed).
    Forbidden,
    /// The server cannot take it now: retry shortly.
    Unavailable,
    /// Too many tries: wait before the next.
    TooMany,
    /// The server's own fault.
    Internal,
}

impl Refusal {
    /// The kind of answer this is.
    pub fn kind(&self) -> Kind {
        match self {
            Refusal::Rejected { rejected, .. } => kind(rejected),
            Refusal::Forbidden { .. } => Kind::Forbidden,
            Refusal::BadRequest(_) => Kind::Invalid,
            Refusal::Unavailable(_) | Refusal::NotKept { .. } => Kind::Unavailable,
            Refusal::Overtaken { .. } => Kind::Stale,
            Refusal::Throttled(_) => Kind::TooMany,
            Refusal::Precondition(_) => Kind::Precondition,
            Refusal::Internal(_) => Kind::Internal,
        }
    }

    /// A rule's refusal with no record attached (found before the writer, e.g. in a door's decoding).
    pub fn rule(rejected: Rejected) -> Refusal {
        Refusal::Rejected {
            rejected,
            current: None,
        }
    }

    /// The participant a duplicate refusal names.
    pub fn duplicate(&self) -> Option<ParticipantId> {
        match self {
            Refusal::Rejected {
                rejected: Rejected::Duplicate { existing, .. },
                ..
            } => Some(*existing),
            _ => None,
        }
    }
}

impl From<Denied> for Refusal {
    fn from(denied: Denied) -> Refusal {
        Refusal::Forbidden {
            role: denied.role,
            action: denied.action,
        }
    }
}

/// The kind of a rule's refusal.
pub fn kind(r: &Rejected) -> Kind {
    match r {
        Rejected::Invalid { .. } | Rejected::Field { .. } | Rejected::RequestIdReused(_) => {
            Kind::Invalid
        }
        Rejected::UnknownParticipant(_)
        | Rejected::UnknownTournament(_)
        | Rejected::UnknownToken(_)
        | Rejected::UnknownSlip(_)
        | Rejected::UnknownRound { .. } => Kind::NotFound,
        Rejected::Precondition(_)
        | Rejected::Player(_)
        | Rejected::Desk(_)
        | Rejected::SettingFixed { .. }
        | Rejected::NotEntered { .. }
        | Rejected::NoEntries(_)
        | Rejected::WrongStatus { .. } => Kind::Precondition,
        Rejected::StaleRevision { .. } | Rejected::DrawInputChanged { .. } => Kind::Stale,
        Rejected::Duplicate { .. }
        | Rejected::AlreadyEntered { .. }
        | Rejected::AlreadyCheckedIn { .. } => Kind::Exists,
        Rejected::RegistrationClosed(_) | Rejected::Forbidden { .. } | Rejected::WrongCode => {
            Kind::Forbidden
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_down_names_where_to_retry() {
        let here = Refusal::NotKept {
            seq: 7,
            retry_at: None,
        };
        assert_eq!(
            here.to_string(),
            "this server is no longer the primary and cannot vouch for entry 7 with the same request id"
        );
        let there = Refusal::NotKept {
            seq: 7,
            retry_at: Some("https://b:7443".into()),
        };
        assert!(there
            .to_string()
            .contains("entry 7; retry at https://b:7443 with"));
        assert_eq!(there.kind(), Kind::Unavailable);
    }

    #[test]
    fn a_duplicate_names_the_registered_player() {
        let refusal = Refusal::rule(Rejected::Duplicate {
            existing: ParticipantId(4),
            reason: "same name".into(),
        });
        assert_eq!(refusal.duplicate(), Some(ParticipantId(4)));
        assert_eq!(refusal.kind(), Kind::Exists);
    }
}
