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
    /// The participant is already checked in (`ALREADY_EXISTS`): says by whom and when, changes nothing.
    #[error("{participant} is already checked in{}{}; nothing changed",
        by.as_ref().map(|b| format!(" by {b}")).unwrap_or_default(),
        minutes_ago.map(|m| if m == 0 { " just now".to_string() } else { format!(" {m} min ago") }).unwrap_or_default())]
    AlreadyCheckedIn {
        /// Who.
        participant: ParticipantId,
        /// The terminal that checked them in, when known.
        by: Option<String>,
        /// How long ago, in whole minutes, when known.
        minutes_ago: Option<i64>,
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
    /// A setting that play has made final (`FAILED_PRECONDITION`): which, and why. The pairing system once play
    /// has begun, the groups once round 1 is drawn (`decide::fixed_settings`).
    #[error("{reason}: the {setting} cannot change now")]
    SettingFixed {
        /// The setting's field name (`system`, `group_size`), for a form to mark it.
        field: &'static str,
        /// The setting in words ("pairing system", "groups").
        setting: &'static str,
        /// Why it is final ("Main is paired as mcmahon and play has begun …").
        reason: String,
    },
    /// No such round (`NOT_FOUND`).
    #[error("{tournament} has no round {round} yet")]
    UnknownRound {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
    },
    /// A draw made aside read a register that has changed since (`ABORTED`): the rounds service draws again
    /// from the new state, a few times, before passing this on to the director.
    #[error(
        "the register of {tournament} changed while round {round} was being drawn (desks checking players in \
         or editing them); draw it again"
    )]
    DrawInputChanged {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
    },
    /// The request id was already used for a different command (`INVALID_ARGUMENT`).
    #[error("request id {} was already used for a different command", quote(.0))]
    RequestIdReused(String),
    /// A personal code that is not the player's (`PERMISSION_DENIED`): the same words whatever was typed.
    #[error("that is not the player's personal code: check it on the player card")]
    WrongCode,
    /// What a player acting with their code may not do now (`FAILED_PRECONDITION`), typed so the player's page
    /// can word it in the player's language.
    #[error("{0}")]
    Player(PlayerRefused),
}

/// Why a player's own action (self check-in, a result report) is refused, beyond a wrong code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerRefused {
    /// The tournament does not let players check themselves in.
    #[error(
        "players do not check themselves in at this tournament: please go to a registration desk"
    )]
    CheckInAtDesk,
    /// The tournament does not take players' results.
    #[error(
        "players do not report results at this tournament: hand the result to the results desk"
    )]
    ResultsAtDesk,
    /// The round is closed.
    #[error("round {0} is closed: only the director changes its results now")]
    RoundClosed(u32),
    /// The game already has a different confirmed result.
    #[error("table {table} already has its result ({result}): only the director changes it now; see the referee")]
    Confirmed {
        /// The table.
        table: u32,
        /// The confirmed result in words ("White wins").
        result: String,
    },
}

/// How many characters of a bad value a message quotes.
pub const QUOTED_CHARS: usize = 40;

/// A bad value for a message: quoted, and cut to its first [`QUOTED_CHARS`] characters (then `…`), so a refusal
/// never echoes a huge input back to the desk.
pub fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{:?}", format!("{}…", &value[..cut])),
        None => format!("{value:?}"),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_13_bad_values_are_quoted_short() {
        assert_eq!(quote("99k"), "\"99k\"");
        let long = "é".repeat(50_000);
        let quoted = quote(&long);
        assert_eq!(quoted, format!("\"{}…\"", "é".repeat(QUOTED_CHARS)));
        assert_eq!(
            quote(&"x".repeat(QUOTED_CHARS)),
            format!("{:?}", "x".repeat(QUOTED_CHARS))
        );
        assert_eq!(quote("a\u{7}"), "\"a\\u{7}\"");
    }
}
