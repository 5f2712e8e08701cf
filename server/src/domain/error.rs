//! Rejections: why a command was refused. A rejected command changes nothing. `service::status` maps each variant
//! to one gRPC code; the messages are written for a desk volunteer. The refusals a desk or the referee meets in
//! normal work are typed ([`FieldProblem`], [`DeskRefused`], [`PlayerRefused`]) so that a page can word them in its
//! own language (`web::error::words`); their English `Display` is what the gRPC door and the CLI show.

use super::ids::{ParticipantId, Revision, SlipId, TokenId, TournamentId};
use super::round::{GameResult, ResultProgress, RoundState};

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
    /// Bad input (`INVALID_ARGUMENT`) of a kind the desk forms can send: like [`Rejected::Invalid`], typed so the
    /// page can word it in its language.
    #[error("{}: {problem}", field.replace('_', " "))]
    Field {
        /// The offending field.
        field: &'static str,
        /// What is wrong with it.
        problem: FieldProblem,
    },
    /// Not possible in the current state (`FAILED_PRECONDITION`), of a kind a desk, the referee or the director
    /// meets in normal work: typed so the page can word it in its language.
    #[error("{0}")]
    Desk(DeskRefused),
}

/// What is wrong with a field a desk typed ([`Rejected::Field`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldProblem {
    /// A required text left empty.
    #[error("must not be empty")]
    Empty,
    /// A text longer than allowed.
    #[error("is {len} characters long; at most {max}")]
    TooLong {
        /// Its length, in characters.
        len: usize,
        /// The most allowed.
        max: usize,
    },
    /// A text with control characters.
    #[error("contains control characters")]
    ControlCharacters,
    /// Not an ISO 3166 country code (the value as typed).
    #[error("{} is not an ISO 3166 two-letter country code (e.g. GB, FR, JP)", quote(.0))]
    NotCountry(String),
    /// A name in Latin letters that is not (the value as typed).
    #[error(
        "{} is not in Latin letters: type the name as the player spells it in Latin letters (e.g. Yamada), or \
         leave it empty",
        quote(.0)
    )]
    NotLatin(String),
    /// A given name in Latin letters without the family name.
    #[error("type the family name in Latin letters too, beside the given name")]
    LatinFamilyMissing,
    /// A result for a table the round does not have.
    #[error("there is no game at table {table} in round {round}")]
    NoGameAtTable {
        /// The table typed.
        table: u32,
        /// The round.
        round: u32,
    },
    /// A desk resetting a result to unknown.
    #[error("only the director can reset a result to unknown")]
    ResetToUnknown,
    /// A late start of more than a day.
    #[error("at most 1440 minutes")]
    LateStartTooLong,
    /// A referee's note too long or with control characters.
    #[error("a note is at most 500 printable characters")]
    NoteTooLong,
    /// A year of birth before 1900, after this year, or not a year at all (the value as typed).
    #[error("{} is not a year of birth: type the year the player was born, like 2012", as_typed(.0))]
    NotBirthYear(String),
}

/// A value as a message shows it: a number as it is, anything else quoted (and cut, see [`quote`]).
pub fn as_typed(value: &str) -> String {
    if !value.is_empty() && value.len() <= 10 && value.bytes().all(|b| b.is_ascii_digit()) {
        value.to_string()
    } else {
        quote(value)
    }
}

/// Why a desk's, the referee's or the director's command is not possible now ([`Rejected::Desk`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeskRefused {
    /// A result for a round not published.
    #[error("round {0} is not published yet: results are taken after publishing")]
    ResultBeforePublishing(u32),
    /// A result for a table in a part of the round not published.
    #[error("table {table} of round {round} is in a part not published yet: results are taken after publishing")]
    PartNotPublished {
        /// The table.
        table: u32,
        /// The round.
        round: u32,
    },
    /// A desk's result that differs from the confirmed one.
    #[error("table {table} is already confirmed as {}: only the director can correct it", result.describe())]
    Confirmed {
        /// The table.
        table: u32,
        /// The confirmed result.
        result: GameResult,
    },
    /// A played result at a nigiri table without who had Black.
    #[error("table {0} was a nigiri: say who had Black")]
    SayWhoHadBlack(u32),
    /// A pairing edit in a closed round.
    #[error("round {0} is closed: its pairing can no longer change")]
    PairingClosed(u32),
    /// A pairing edit that would change a game with results.
    #[error("the game at table {0} already has results: correct the result instead")]
    GameHasResults(u32),
    /// Round 1 drawn while registration is open.
    #[error("registration is still open: close registration before drawing round 1")]
    RegistrationStillOpen,
    /// A round drawn again without asking for a redraw.
    #[error("round {0} is already drawn: ask for a redraw explicitly (it is recorded)")]
    AlreadyDrawn(u32),
    /// A round asked for out of turn.
    #[error("the next round to draw is {0}")]
    NextToDraw(u32),
    /// A round drawn before the previous one is closed.
    #[error(
        "round {round} is {}: close it (all results confirmed) before drawing round {next}",
        state.as_str()
    )]
    CloseFirst {
        /// The previous round.
        round: u32,
        /// Its state.
        state: RoundState,
        /// The round asked for.
        next: u32,
    },
    /// A round published again.
    #[error("round {round} is already {}", state.as_str())]
    AlreadyIs {
        /// The round.
        round: u32,
        /// Its state.
        state: RoundState,
    },
    /// A round closed before it is published.
    #[error("round {0} is not published yet")]
    NotPublished(u32),
    /// A round closed twice.
    #[error("round {0} is already closed")]
    AlreadyClosed(u32),
    /// A round closed with results not confirmed: how many, and the first twenty tables with where they stand.
    #[error(
        "round {round} has {count} result(s) not confirmed: {}{}",
        tables.iter().map(|(t, p)| format!("table {t} {}", p.as_str())).collect::<Vec<_>>().join(", "),
        if *count > tables.len() { ", …" } else { "" }
    )]
    Unconfirmed {
        /// The round.
        round: u32,
        /// How many results are not confirmed.
        count: usize,
        /// The first of them (at most twenty): table and where it stands.
        tables: Vec<(u32, ResultProgress)>,
    },
    /// Registration opened again after round 1 is drawn (the tournament's name).
    #[error("round 1 of {0} is drawn: registration cannot open again; newcomers register at the late desk")]
    ReopenAfterDraw(String),
    /// A registration undone at a desk that did not make it.
    #[error(
        "{id} was registered at {by}, not at this desk ({desk}): only the desk that registered a player can undo \
         it; ask the director to withdraw them"
    )]
    UndoAtOtherDesk {
        /// Who.
        id: ParticipantId,
        /// The desk that registered them.
        by: String,
        /// This desk.
        desk: String,
    },
    /// A registration from before desks could undo one.
    #[error("{0} was registered before desks could undo a registration: ask the director to withdraw them")]
    UndoTooOld(ParticipantId),
    /// A registration undone after the minute.
    #[error(
        "{id} was registered {} ago: a registration can be undone only within a minute; ask the director to \
         withdraw them",
        elapsed(*seconds)
    )]
    UndoTooLate {
        /// Who.
        id: ParticipantId,
        /// How long ago they were registered, in seconds.
        seconds: i64,
    },
    /// A registration something already refers to.
    #[error(
        "{id} {why}: the registration can no longer be undone; ask the director to withdraw them"
    )]
    UndoInPlay {
        /// Who.
        id: ParticipantId,
        /// What refers to them.
        why: InPlay,
    },
}

/// What already refers to a participant besides the register ([`DeskRefused::UndoInPlay`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InPlay {
    /// A number in a tournament.
    #[error("has a number in {0}")]
    Number(TournamentId),
    /// A game or the bye in a round.
    #[error("is in round {round} of {tournament}")]
    Round {
        /// The round.
        round: u32,
        /// The tournament.
        tournament: TournamentId,
    },
    /// A game on a ladder.
    #[error("has a game on the ladder of {0}")]
    Ladder(TournamentId),
    /// A change slip.
    #[error("has a change slip")]
    Slip,
}

/// "75 s", "3 min": how long ago, for a refusal.
pub fn elapsed(seconds: i64) -> String {
    let s = seconds.max(0);
    if s < 120 {
        format!("{s} s")
    } else {
        format!("{} min", s / 60)
    }
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

    /// The form field a refusal names, for a form to mark it: a bad value's, or a setting made final.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Rejected::Invalid { field, .. }
            | Rejected::Field { field, .. }
            | Rejected::SettingFixed { field, .. } => Some(field),
            _ => None,
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
