//! Events: what happened to the register, past tense. The log stores them; `State::apply` folds them.
//! Every event carries the new revision of the record it changes, so applying is a plain assignment.

use super::ids::{ParticipantId, Revision, TokenId, TournamentId};
use super::record::{
    EntryStatus, EventInfo, Participant, ParticipantFields, TokenRecord, Tournament,
    TournamentSettings,
};
use serde::{Deserialize, Serialize};

/// One change to the register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The event's details changed.
    EventUpdated {
        /// The new details (with the new revision).
        event: EventInfo,
    },
    /// A tournament was added.
    TournamentCreated {
        /// The new tournament.
        tournament: Tournament,
    },
    /// A tournament's settings changed.
    TournamentUpdated {
        /// Which.
        id: TournamentId,
        /// New revision.
        revision: Revision,
        /// New settings.
        settings: TournamentSettings,
    },
    /// Registration opened or closed.
    RegistrationSet {
        /// Which tournament.
        id: TournamentId,
        /// New revision.
        revision: Revision,
        /// Open or closed now.
        open: bool,
    },
    /// A participant was registered (the full record, revision 1).
    ParticipantRegistered {
        /// The new participant.
        participant: Participant,
    },
    /// A participant's fields were replaced.
    ParticipantUpdated {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// New fields.
        fields: ParticipantFields,
    },
    /// A participant entered a tournament.
    TournamentEntered {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// Which tournament.
        tournament: TournamentId,
        /// Rounds to play.
        rounds: Vec<u32>,
        /// Initial status.
        status: EntryStatus,
    },
    /// A participant's entry was removed.
    TournamentLeft {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// Which tournament.
        tournament: TournamentId,
    },
    /// The rounds a participant plays changed.
    RoundsSet {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// Which tournament.
        tournament: TournamentId,
        /// Rounds to play.
        rounds: Vec<u32>,
    },
    /// An entry's status changed (checked in, withdrawn, reinstated).
    EntryStatusSet {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// Which tournaments.
        tournaments: Vec<TournamentId>,
        /// What happened.
        change: StatusChange,
    },
    /// A terminal token was created (hash only).
    TokenCreated {
        /// The token record.
        token: TokenRecord,
    },
    /// A token was revoked.
    TokenRevoked {
        /// Which.
        id: TokenId,
    },
}

impl Event {
    /// The event's name, past tense, as shown to desks.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::EventUpdated { .. } => "EventUpdated",
            Event::TournamentCreated { .. } => "TournamentCreated",
            Event::TournamentUpdated { .. } => "TournamentUpdated",
            Event::RegistrationSet { open: true, .. } => "RegistrationOpened",
            Event::RegistrationSet { open: false, .. } => "RegistrationClosed",
            Event::ParticipantRegistered { .. } => "ParticipantRegistered",
            Event::ParticipantUpdated { .. } => "ParticipantUpdated",
            Event::TournamentEntered { .. } => "TournamentEntered",
            Event::TournamentLeft { .. } => "TournamentLeft",
            Event::RoundsSet { .. } => "RoundsSet",
            Event::EntryStatusSet { change, .. } => change.kind(),
            Event::TokenCreated { .. } => "TokenCreated",
            Event::TokenRevoked { .. } => "TokenRevoked",
        }
    }
}

/// How an entry's status changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusChange {
    /// Seen at a desk.
    CheckIn,
    /// Left the tournament.
    Withdraw,
    /// Back in after a withdrawal (the player is present, so checked in).
    Reinstate,
}

impl StatusChange {
    /// The status after the change.
    pub fn status(self) -> EntryStatus {
        match self {
            StatusChange::CheckIn | StatusChange::Reinstate => EntryStatus::CheckedIn,
            StatusChange::Withdraw => EntryStatus::Withdrawn,
        }
    }

    /// The event name.
    pub fn kind(self) -> &'static str {
        match self {
            StatusChange::CheckIn => "CheckedIn",
            StatusChange::Withdraw => "Withdrawn",
            StatusChange::Reinstate => "Reinstated",
        }
    }
}
