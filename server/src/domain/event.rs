//! Events: what happened to the register, past tense. The log stores them; `State::apply` folds them.
//! Every event carries the new revision of the record it changes, so applying is a plain assignment.

use super::code::PlayerCode;
use super::ids::{ParticipantId, Revision, SlipId, TokenId, TournamentId};
use super::ratings::{RatedPlayer, RatingSource};
use super::record::{
    EntryStatus, EventInfo, Participant, ParticipantFields, RankChange, Stamp, TokenRecord,
    Tournament, TournamentSettings,
};
use super::round::{GameRecord, RoundRecord, RoundState};
use super::slip::Slip;
use super::venue::VenueChange;
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
    /// A registration was taken back by the desk that made it: the person is no longer in the register (their
    /// id is never given again).
    RegistrationUndone {
        /// Who.
        id: ParticipantId,
        /// The tournaments they had entered (whose pages change).
        tournaments: Vec<TournamentId>,
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
        /// The terminal that did it, and when (absent in entries written by older versions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Stamp>,
    },
    /// A desk took a payment (issue 33).
    PaymentRecorded {
        /// Who paid.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// The payment, with the terminal and time.
        payment: super::fees::Payment,
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
    /// The venue's machines changed (Raft's membership); nothing in the register changes.
    VenueChanged {
        /// What was done.
        change: VenueChange,
    },
    /// An entry's director settings changed.
    EntryOptionsSet {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// Which tournament.
        tournament: TournamentId,
        /// Ghost flag.
        ghost: bool,
        /// Starting-MMS correction, whole points.
        mms_correction: i32,
    },
    /// A rank change effective from a round.
    RankChanged {
        /// Who.
        id: ParticipantId,
        /// New revision.
        revision: Revision,
        /// Which tournament.
        tournament: TournamentId,
        /// The change.
        change: RankChange,
        /// The new frozen starting MMS (half points) when the director moved the player.
        new_start: Option<i32>,
        /// The tournament rounds' new revision when `new_start` is set.
        play_revision: Option<Revision>,
    },
    /// Player numbers were (re)assigned.
    PlayersNumbered {
        /// Which tournament.
        tournament: TournamentId,
        /// New revision of the tournament's rounds.
        revision: Revision,
        /// Every numbered player's number.
        numbers: Vec<(ParticipantId, u32)>,
    },
    /// A round was drawn (or redrawn, or prepared empty for manual pairing).
    RoundDrawn {
        /// Which tournament.
        tournament: TournamentId,
        /// New revision of the tournament's rounds.
        revision: Revision,
        /// The round.
        round: RoundRecord,
        /// Starting MMS frozen by this draw (players drawn for the first time).
        starts: Vec<(ParticipantId, i32)>,
        /// Numbers given to players who had none.
        numbers: Vec<(ParticipantId, u32)>,
    },
    /// A round was changed by hand (the whole round after the change).
    RoundEdited {
        /// Which tournament.
        tournament: TournamentId,
        /// New revision of the tournament's rounds.
        revision: Revision,
        /// The round after the edit.
        round: RoundRecord,
        /// A short description of the edit.
        edit: String,
    },
    /// A round's state changed (published, closed).
    RoundStateSet {
        /// Which tournament.
        tournament: TournamentId,
        /// New revision of the tournament's rounds.
        revision: Revision,
        /// Which round.
        round: u32,
        /// The new state.
        state: RoundState,
        /// When (ms since the Unix epoch; 0 in logs older than this field).
        #[serde(default)]
        at_ms: i64,
    },
    /// A game's results, notes or dispute flag changed (the whole game after the change).
    GameUpdated {
        /// Which tournament.
        tournament: TournamentId,
        /// New revision of the tournament's rounds.
        revision: Revision,
        /// Which round.
        round: u32,
        /// The game after the change.
        game: GameRecord,
    },
    /// A change slip arrived from the public board (pending).
    SlipSubmitted {
        /// The new slip.
        slip: Slip,
    },
    /// The director accepted or rejected a slip. An accepted slip's participant events come first in the same
    /// log entry, so the audit shows which slip a change came from.
    SlipResolved {
        /// Which slip.
        id: SlipId,
        /// Accepted (true) or rejected.
        accepted: bool,
        /// The director's reason (required when rejecting; may be empty when accepting).
        reason: String,
        /// The terminal that resolved it.
        terminal: String,
        /// When (ms since the Unix epoch).
        at_ms: i64,
    },
    /// A ladder game was recorded.
    LadderGamePlayed {
        /// Which tournament (a ladder).
        tournament: TournamentId,
        /// New revision of the tournament's play.
        revision: Revision,
        /// The game.
        game: super::ladder::LadderGame,
    },
    /// A part of a rating list was loaded (part 0 replaces the source's list).
    RatingsLoaded {
        /// Which list.
        source: RatingSource,
        /// The file's name.
        file: String,
        /// The list's own date, when stated.
        date: String,
        /// This part (0-based).
        part: u32,
        /// Parts in all.
        parts: u32,
        /// Its players.
        players: Vec<RatedPlayer>,
    },
    /// Who had Black in a nigiri game was recorded: when it was the player in White's place, the two were
    /// exchanged, with every result so far (the same player still wins). Comes before the result or note that
    /// recorded it, in the same log entry.
    ColoursRecorded {
        /// Which tournament.
        tournament: TournamentId,
        /// New revision of the tournament's rounds.
        revision: Revision,
        /// Which round.
        round: u32,
        /// The table.
        table: u32,
        /// The player who had Black.
        black: ParticipantId,
    },
    /// A participant has a new personal code (at registration, or reissued by the director: the old one no
    /// longer works). The code is secret: summaries and pages never show it.
    CodeIssued {
        /// Who.
        id: ParticipantId,
        /// The new code.
        code: PlayerCode,
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
            Event::RegistrationUndone { .. } => "RegistrationUndone",
            Event::RoundsSet { .. } => "RoundsSet",
            Event::PaymentRecorded { .. } => "PaymentRecorded",
            Event::EntryStatusSet { change, .. } => change.kind(),
            Event::TokenCreated { .. } => "TokenCreated",
            Event::TokenRevoked { .. } => "TokenRevoked",
            Event::VenueChanged { .. } => "VenueChanged",
            Event::EntryOptionsSet { .. } => "EntryOptionsSet",
            Event::RankChanged { .. } => "RankChanged",
            Event::PlayersNumbered { .. } => "PlayersNumbered",
            Event::RoundDrawn { round, .. } if round.draws > 1 => "RoundRedrawn",
            Event::RoundDrawn { .. } => "RoundDrawn",
            Event::RoundEdited { .. } => "RoundEdited",
            Event::RoundStateSet {
                state: RoundState::Published,
                ..
            } => "RoundPublished",
            Event::RoundStateSet {
                state: RoundState::Closed,
                ..
            } => "RoundClosed",
            Event::RoundStateSet { .. } => "RoundReopened",
            Event::GameUpdated { .. } => "GameUpdated",
            Event::SlipSubmitted { .. } => "SlipSubmitted",
            Event::SlipResolved { accepted: true, .. } => "SlipAccepted",
            Event::SlipResolved { .. } => "SlipRejected",
            Event::RatingsLoaded { .. } => "RatingsLoaded",
            Event::LadderGamePlayed { .. } => "LadderGamePlayed",
            Event::ColoursRecorded { .. } => "ColoursRecorded",
            Event::CodeIssued { .. } => "CodeIssued",
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
