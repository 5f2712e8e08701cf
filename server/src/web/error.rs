//! The pages a visitor sees when something is wrong with the request: a status code, a title and one sentence
//! saying what to do, in the board's own layout. Never echoes the request back. Also the one place a core
//! refusal is worded for a desk page in the page's language ([`words`]): each typed refusal has its message in
//! `desk.ftl`, and a refusal the core words in free text keeps its English words after a sentence in the page's
//! language saying what kind of refusal it is. The gRPC door and the CLI keep the refusals' English `Display`.

use super::lang::Lang;
use super::layout;
use crate::app::{refusal::kind, Kind, Refusal};
use crate::auth::Action;
use crate::domain::error::{quote, DeskRefused, FieldProblem, InPlay};
use crate::domain::round::{ResultProgress, RoundState};
use crate::domain::{EntryStatus, PlayerRefused, Rejected};
use crate::tr;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use maud::html;

/// A refused request, shown as a small page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The page's heading: a message id (`error-not-found`), worded in the page's language.
    pub title: &'static str,
    /// What happened and what to do, already in the page's language.
    pub message: String,
    /// The language of the page around the message.
    pub lang: Lang,
}

impl WebError {
    /// Any refusal.
    pub fn new(status: StatusCode, title: &'static str, message: impl Into<String>) -> WebError {
        WebError {
            status,
            title,
            message: message.into(),
            lang: Lang::En,
        }
    }

    /// The same refusal on a page in `lang` (its message must already be in `lang`).
    pub fn in_lang(mut self, lang: Lang) -> WebError {
        self.lang = lang;
        self
    }

    /// 404: no such tournament, round, player or page.
    pub fn not_found(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::NOT_FOUND, "error-not-found", message)
    }

    /// 400: the address or form is malformed.
    pub fn bad_request(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::BAD_REQUEST, "error-cannot-read", message)
    }

    /// 503: the server cannot take it now (a standby, or stopping).
    pub fn unavailable(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::SERVICE_UNAVAILABLE, "error-try-again", message)
    }
}

/// The HTTP status of each kind of refusal, for every page.
pub fn http_status(kind: Kind) -> StatusCode {
    match kind {
        Kind::Invalid => StatusCode::BAD_REQUEST,
        Kind::NotFound => StatusCode::NOT_FOUND,
        Kind::Precondition | Kind::Stale | Kind::Exists => StatusCode::CONFLICT,
        Kind::Forbidden => StatusCode::FORBIDDEN,
        Kind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Kind::TooMany => StatusCode::TOO_MANY_REQUESTS,
        Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl WebError {
    /// The core's refusal as a page in `l`: its status, a heading, and the refusal in the page's words ([`words`];
    /// a role's refusal tells the volunteer whom to ask).
    pub fn refused(refusal: &Refusal, l: Lang) -> WebError {
        let status = http_status(refusal.kind());
        let title = match refusal {
            Refusal::Forbidden { .. } => "error-not-for-this-desk",
            _ => title(refusal.kind()),
        };
        WebError::new(status, title, words(l, refusal)).in_lang(l)
    }
}

/// A refusal page's heading.
fn title(kind: Kind) -> &'static str {
    match kind {
        Kind::Invalid => "error-cannot-read",
        Kind::NotFound => "error-not-found",
        Kind::Precondition | Kind::Stale | Kind::Exists => "error-cannot-take",
        Kind::Forbidden => "error-not-allowed",
        Kind::Unavailable => "error-try-again",
        Kind::TooMany => "error-please-wait",
        Kind::Internal => "error-went-wrong",
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let title = self.lang.t(self.title);
        let body = html! {
            h1 { (title) }
            p #error { (self.message) }
            p { a href="/" { (self.lang.t("error-back")) } }
        };
        let mut page = layout::Page::plain(title, body);
        page.lang = self.lang;
        (self.status, layout::document(&page, "", "")).into_response()
    }
}

/// A refusal's lowercase words as a sentence on a page: "Round 1 of Main is drawn…".
pub(crate) fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

// ---------------------------------------------------------------------------------------------------------------
// A refusal in the page's words

/// A core refusal as a desk page words it in `l`. A typed refusal has its own message (in English, the words of
/// its `Display`, so English pages read as the gRPC door does); a refusal the core words in free text (a rare
/// check, the server's state) keeps those English words after a sentence in `l` saying what kind of refusal it
/// is. Participants and tournaments are named as the pages name them elsewhere (`P12`, `T1`).
pub fn words(l: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Rejected { rejected, .. } => rejected_words(l, rejected),
        Refusal::Forbidden { role, action } => tr!(
            l,
            "refused-role",
            role = role.as_str(),
            action = tr!(l, "refused-action", action = action_key(*action))
        ),
        Refusal::NotKept {
            seq,
            retry_at: None,
        } => tr!(l, "refused-not-kept", seq = seq.to_string()),
        Refusal::NotKept {
            seq,
            retry_at: Some(url),
        } => tr!(l, "refused-not-kept-at", seq = seq.to_string(), url = url),
        Refusal::Overtaken { rejected, attempts } => tr!(
            l,
            "refused-overtaken",
            why = rejected_words(l, rejected),
            attempts = *attempts
        ),
        Refusal::BadRequest(_)
        | Refusal::Unavailable(_)
        | Refusal::Throttled(_)
        | Refusal::Precondition(_)
        | Refusal::Internal(_) => by_kind(l, refusal.kind(), &refusal.to_string()),
    }
}

/// A rule's refusal in the page's words (see [`words`]).
pub fn rejected_words(l: Lang, r: &Rejected) -> String {
    let id = |id: &dyn std::fmt::Display| id.to_string();
    match r {
        Rejected::UnknownParticipant(p) => tr!(l, "refused-unknown-participant", id = id(p)),
        Rejected::UnknownTournament(t) => tr!(l, "refused-unknown-tournament", id = id(t)),
        Rejected::UnknownToken(t) => tr!(l, "refused-unknown-token", id = id(t)),
        Rejected::UnknownSlip(s) => tr!(l, "refused-unknown-slip", id = id(s)),
        Rejected::StaleRevision { expected, actual } => tr!(
            l,
            "refused-stale",
            expected = id(expected),
            actual = id(actual)
        ),
        Rejected::Duplicate { existing, reason } => tr!(
            l,
            "refused-duplicate",
            existing = id(existing),
            reason = reason
        ),
        Rejected::AlreadyEntered {
            participant,
            tournament,
        } => tr!(
            l,
            "refused-already-entered",
            participant = id(participant),
            tournament = id(tournament)
        ),
        Rejected::AlreadyCheckedIn {
            participant,
            by,
            minutes_ago,
        } => {
            let participant = id(participant);
            let ago = minutes_ago.map(|m| match m {
                0 => l.t("desk-just-now"),
                m => tr!(l, "desk-min-ago", m = m),
            });
            match (by, ago) {
                (None, None) => tr!(l, "refused-already-checked-in", participant = participant),
                (Some(by), None) => tr!(
                    l,
                    "refused-already-checked-in-by",
                    participant = participant,
                    by = by
                ),
                (None, Some(ago)) => tr!(
                    l,
                    "refused-already-checked-in-ago",
                    participant = participant,
                    ago = ago
                ),
                (Some(by), Some(ago)) => tr!(
                    l,
                    "refused-already-checked-in-by-ago",
                    participant = participant,
                    by = by,
                    ago = ago
                ),
            }
        }
        Rejected::NotEntered {
            participant,
            tournament,
        } => tr!(
            l,
            "refused-not-entered",
            participant = id(participant),
            tournament = id(tournament)
        ),
        Rejected::NoEntries(p) => tr!(l, "refused-no-entries", participant = id(p)),
        Rejected::WrongStatus {
            participant,
            tournament,
            status,
            action,
        } => match (status_key(status), wrong_status_action(action)) {
            (Some(status), Some(action)) => tr!(
                l,
                "refused-wrong-status",
                participant = id(participant),
                tournament = id(tournament),
                status = status,
                action = action
            ),
            _ => by_kind(l, kind(r), &r.to_string()),
        },
        Rejected::RegistrationClosed(t) => {
            tr!(l, "refused-registration-closed", tournament = id(t))
        }
        Rejected::UnknownRound { tournament, round } => tr!(
            l,
            "refused-unknown-round",
            tournament = id(tournament),
            round = *round
        ),
        Rejected::DrawInputChanged { tournament, round } => tr!(
            l,
            "refused-draw-changed",
            tournament = id(tournament),
            round = *round
        ),
        Rejected::RequestIdReused(request) => {
            tr!(l, "refused-request-id-reused", id = quote(request))
        }
        Rejected::WrongCode => l.t("refused-wrong-code"),
        Rejected::Player(p) => match p {
            PlayerRefused::CheckInAtDesk => l.t("refused-check-in-at-desk"),
            PlayerRefused::ResultsAtDesk => l.t("refused-results-at-desk"),
            PlayerRefused::RoundClosed(round) => {
                tr!(l, "refused-player-round-closed", round = *round)
            }
            PlayerRefused::Confirmed { table, result } => tr!(
                l,
                "refused-player-confirmed",
                table = *table,
                result = result
            ),
        },
        Rejected::Field { field, problem } => field_words(l, field, problem),
        Rejected::Desk(d) => desk_words(l, d),
        // Free text: the rare checks, and settings the director's own form marks.
        Rejected::Invalid { .. }
        | Rejected::Forbidden { .. }
        | Rejected::Precondition(_)
        | Rejected::SettingFixed { .. } => by_kind(l, kind(r), &r.to_string()),
    }
}

/// A rank the register does not understand, in the page's words (the domain's `RankError` says it in English).
pub fn rank_words(l: Lang, e: &crate::domain::rank::RankError) -> String {
    tr!(l, "reg-bad-rank", rank = quote(&e.0))
}

/// A refusal the core words in free text: a sentence in `l` saying what kind it is, then the core's words.
fn by_kind(l: Lang, kind: Kind, english: &str) -> String {
    match kind {
        Kind::Invalid => tr!(l, "refused-kind-invalid", why = english),
        Kind::NotFound => tr!(l, "refused-kind-not-found", why = english),
        Kind::Precondition => tr!(l, "refused-kind-precondition", why = english),
        Kind::Stale => tr!(l, "refused-kind-stale", why = english),
        Kind::Exists => tr!(l, "refused-kind-exists", why = english),
        Kind::Forbidden => tr!(l, "refused-kind-forbidden", why = english),
        Kind::Unavailable => tr!(l, "refused-kind-unavailable", why = english),
        Kind::TooMany => tr!(l, "refused-kind-too-many", why = english),
        Kind::Internal => tr!(l, "refused-kind-internal", why = english),
    }
}

/// A bad field's refusal: the field named in `l`, and what is wrong (also a form's own check, in the same words).
pub(crate) fn field_words(l: Lang, field: &str, problem: &FieldProblem) -> String {
    let field = tr!(
        l,
        "refused-field-name",
        field = field,
        words = field.replace('_', " ")
    );
    match problem {
        FieldProblem::Empty => tr!(l, "refused-field-empty", field = field),
        FieldProblem::TooLong { len, max } => {
            tr!(
                l,
                "refused-field-too-long",
                field = field,
                len = *len,
                max = *max
            )
        }
        FieldProblem::ControlCharacters => tr!(l, "refused-field-control", field = field),
        FieldProblem::NotCountry(value) => tr!(
            l,
            "refused-field-not-country",
            field = field,
            value = quote(value)
        ),
        FieldProblem::NotLatin(value) => tr!(
            l,
            "refused-field-not-latin",
            field = field,
            value = quote(value)
        ),
        FieldProblem::LatinFamilyMissing => tr!(l, "refused-field-latin-family", field = field),
        FieldProblem::NoGameAtTable { table, round } => tr!(
            l,
            "refused-field-no-game",
            field = field,
            table = *table,
            round = *round
        ),
        FieldProblem::ResetToUnknown => tr!(l, "refused-field-reset-unknown", field = field),
        FieldProblem::LateStartTooLong => tr!(l, "refused-field-late-start", field = field),
        FieldProblem::NoteTooLong => tr!(l, "refused-field-note-too-long", field = field),
        FieldProblem::NotBirthYear(value) => tr!(
            l,
            "refused-field-not-birth-year",
            field = field,
            value = crate::domain::error::as_typed(value)
        ),
    }
}

/// A desk's, the referee's or the director's typed refusal in the page's words.
fn desk_words(l: Lang, d: &DeskRefused) -> String {
    let state = |s: &RoundState| s.as_str();
    match d {
        DeskRefused::ResultBeforePublishing(round) => {
            tr!(l, "refused-result-before-publishing", round = *round)
        }
        DeskRefused::PartNotPublished { table, round } => tr!(
            l,
            "refused-part-not-published",
            table = *table,
            round = *round
        ),
        DeskRefused::Confirmed { table, result } => tr!(
            l,
            "refused-confirmed",
            table = *table,
            result = super::desk::result_words(l, result)
        ),
        DeskRefused::SayWhoHadBlack(table) => tr!(l, "refused-say-black", table = *table),
        DeskRefused::PairingClosed(round) => tr!(l, "refused-pairing-closed", round = *round),
        DeskRefused::GameHasResults(table) => {
            tr!(l, "refused-game-has-results", table = *table)
        }
        DeskRefused::RegistrationStillOpen => l.t("refused-registration-still-open"),
        DeskRefused::AlreadyDrawn(round) => tr!(l, "refused-already-drawn", round = *round),
        DeskRefused::NextToDraw(round) => tr!(l, "refused-next-to-draw", round = *round),
        DeskRefused::CloseFirst {
            round,
            state: s,
            next,
        } => tr!(
            l,
            "refused-close-first",
            round = *round,
            state = state(s),
            next = *next
        ),
        DeskRefused::AlreadyIs { round, state: s } => {
            tr!(l, "refused-already-is", round = *round, state = state(s))
        }
        DeskRefused::NotPublished(round) => tr!(l, "refused-not-published", round = *round),
        DeskRefused::AlreadyClosed(round) => tr!(l, "refused-already-closed", round = *round),
        DeskRefused::Unconfirmed {
            round,
            count,
            tables,
        } => {
            let mut list: Vec<String> = tables
                .iter()
                .map(|(table, progress)| {
                    tr!(
                        l,
                        "refused-unconfirmed-table",
                        table = *table,
                        progress = progress_key(*progress)
                    )
                })
                .collect();
            if *count > tables.len() {
                list.push("…".into());
            }
            tr!(
                l,
                "refused-unconfirmed",
                round = *round,
                count = *count,
                tables = list.join(", ")
            )
        }
        DeskRefused::ReopenAfterDraw(name) => {
            tr!(l, "refused-reopen-after-draw", tournament = name)
        }
        DeskRefused::UndoAtOtherDesk { id, by, desk } => tr!(
            l,
            "refused-undo-other-desk",
            id = id.to_string(),
            by = by,
            desk = desk
        ),
        DeskRefused::UndoTooOld(id) => tr!(l, "refused-undo-too-old", id = id.to_string()),
        DeskRefused::UndoTooLate { id, seconds } => tr!(
            l,
            "refused-undo-too-late",
            id = id.to_string(),
            ago = crate::domain::error::elapsed(*seconds)
        ),
        DeskRefused::UndoInPlay { id, why } => {
            let why = match why {
                InPlay::Number(t) => tr!(l, "refused-in-play-number", tournament = t.to_string()),
                InPlay::Round { round, tournament } => tr!(
                    l,
                    "refused-in-play-round",
                    round = *round,
                    tournament = tournament.to_string()
                ),
                InPlay::Ladder(t) => tr!(l, "refused-in-play-ladder", tournament = t.to_string()),
                InPlay::Slip => l.t("refused-in-play-slip"),
            };
            tr!(l, "refused-undo-in-play", id = id.to_string(), why = why)
        }
    }
}

/// The message key of an entry's status (`refused-wrong-status`).
fn status_key(status: &str) -> Option<&'static str> {
    [
        (EntryStatus::PreRegistered, "pre-registered"),
        (EntryStatus::CheckedIn, "checked-in"),
        (EntryStatus::Withdrawn, "withdrawn"),
    ]
    .into_iter()
    .find(|(s, _)| s.as_str() == status)
    .map(|(_, key)| key)
}

/// The message key of what a wrong status refused (`refused-wrong-status`); `None` for words the pages do not
/// know (then the core's English words are shown).
fn wrong_status_action(action: &str) -> Option<&'static str> {
    Some(match action {
        "check in" => "check-in",
        "check in (reinstate first)" => "check-in-reinstate",
        "check in (see the desk)" => "check-in-desk",
        "withdraw again" => "withdraw-again",
        "reinstate (not withdrawn)" => "reinstate",
        _ => return None,
    })
}

/// The message key of where a result stands (`refused-unconfirmed-table`).
fn progress_key(p: ResultProgress) -> &'static str {
    p.as_str()
}

/// The message key of an action a role may not take (`refused-action`).
fn action_key(action: Action) -> &'static str {
    match action {
        Action::Read => "read",
        Action::ReadPrivate => "read-private",
        Action::Register => "register",
        Action::Configure => "configure",
        Action::ManageTokens => "manage-tokens",
        Action::Watch => "watch",
        Action::Replicate => "replicate",
        Action::Direct => "direct",
        Action::EnterResults => "enter-results",
        Action::Referee => "referee",
        Action::Withdraw => "withdraw",
        Action::SubmitSlip => "submit-slip",
        Action::ResolveSlips => "resolve-slips",
        Action::LoadRatings => "load-ratings",
        Action::IssueCodes => "issue-codes",
        Action::SelfService => "self-service",
        Action::ManageVenue => "manage-venue",
        Action::TakePayment => "take-payment",
        Action::ReadMoney => "read-money",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::round::{GameResult, Outcome};
    use crate::domain::{ParticipantId, Revision, Role, SlipId, TokenId, TournamentId};

    const P: ParticipantId = ParticipantId(12);
    const T: TournamentId = TournamentId(1);

    /// One refusal of every typed kind (and a free-text one of each), as the core builds them.
    fn every_kind() -> Vec<Refusal> {
        let white = GameResult {
            outcome: Outcome::WhiteWins,
            by_forfeit: false,
        };
        let fields = [
            FieldProblem::Empty,
            FieldProblem::TooLong { len: 250, max: 200 },
            FieldProblem::ControlCharacters,
            FieldProblem::NotCountry("ZZ".into()),
            FieldProblem::NotLatin("山田".into()),
            FieldProblem::LatinFamilyMissing,
            FieldProblem::NoGameAtTable { table: 9, round: 1 },
            FieldProblem::ResetToUnknown,
            FieldProblem::LateStartTooLong,
            FieldProblem::NoteTooLong,
            FieldProblem::NotBirthYear("2031".into()),
        ];
        let desk = [
            DeskRefused::ResultBeforePublishing(2),
            DeskRefused::PartNotPublished { table: 3, round: 2 },
            DeskRefused::Confirmed {
                table: 4,
                result: GameResult {
                    by_forfeit: true,
                    ..white
                },
            },
            DeskRefused::SayWhoHadBlack(5),
            DeskRefused::PairingClosed(1),
            DeskRefused::GameHasResults(6),
            DeskRefused::RegistrationStillOpen,
            DeskRefused::AlreadyDrawn(2),
            DeskRefused::NextToDraw(3),
            DeskRefused::CloseFirst {
                round: 1,
                state: RoundState::Published,
                next: 2,
            },
            DeskRefused::AlreadyIs {
                round: 1,
                state: RoundState::Published,
            },
            DeskRefused::NotPublished(1),
            DeskRefused::AlreadyClosed(1),
            DeskRefused::Unconfirmed {
                round: 1,
                count: 21,
                tables: vec![(1, ResultProgress::Missing), (2, ResultProgress::Mismatch)],
            },
            DeskRefused::Unconfirmed {
                round: 1,
                count: 1,
                tables: vec![(7, ResultProgress::Pending)],
            },
            DeskRefused::ReopenAfterDraw("Main".into()),
            DeskRefused::UndoAtOtherDesk {
                id: P,
                by: "desk-1".into(),
                desk: "desk-2".into(),
            },
            DeskRefused::UndoTooOld(P),
            DeskRefused::UndoTooLate { id: P, seconds: 75 },
            DeskRefused::UndoTooLate {
                id: P,
                seconds: 600,
            },
            DeskRefused::UndoInPlay {
                id: P,
                why: InPlay::Number(T),
            },
            DeskRefused::UndoInPlay {
                id: P,
                why: InPlay::Round {
                    round: 2,
                    tournament: T,
                },
            },
            DeskRefused::UndoInPlay {
                id: P,
                why: InPlay::Ladder(T),
            },
            DeskRefused::UndoInPlay {
                id: P,
                why: InPlay::Slip,
            },
        ];
        let mut rules = vec![
            Rejected::UnknownParticipant(P),
            Rejected::UnknownTournament(T),
            Rejected::UnknownToken(TokenId(3)),
            Rejected::UnknownSlip(SlipId(4)),
            Rejected::StaleRevision {
                expected: Revision(2),
                actual: Revision(3),
            },
            Rejected::Duplicate {
                existing: P,
                reason: "same name and club".into(),
            },
            Rejected::AlreadyEntered {
                participant: P,
                tournament: T,
            },
            Rejected::NotEntered {
                participant: P,
                tournament: T,
            },
            Rejected::NoEntries(P),
            Rejected::RegistrationClosed(T),
            Rejected::UnknownRound {
                tournament: T,
                round: 4,
            },
            Rejected::DrawInputChanged {
                tournament: T,
                round: 2,
            },
            Rejected::RequestIdReused("web-1".into()),
            Rejected::WrongCode,
            Rejected::Player(PlayerRefused::CheckInAtDesk),
            Rejected::Player(PlayerRefused::ResultsAtDesk),
            Rejected::Player(PlayerRefused::RoundClosed(2)),
            Rejected::Player(PlayerRefused::Confirmed {
                table: 3,
                result: "White wins".into(),
            }),
            Rejected::invalid("rank", "\"99k\" is not a rank"),
            Rejected::Precondition("the draw failed: too few players".into()),
            Rejected::Forbidden {
                role: "viewer",
                action: "edit",
            },
        ];
        for (by, minutes_ago) in [
            (None, None),
            (Some("desk-1".to_string()), None),
            (None, Some(0)),
            (Some("desk-1".to_string()), Some(3)),
        ] {
            rules.push(Rejected::AlreadyCheckedIn {
                participant: P,
                by,
                minutes_ago,
            });
        }
        for (status, action) in [
            (EntryStatus::Withdrawn, "check in (reinstate first)"),
            (EntryStatus::Withdrawn, "check in (see the desk)"),
            (EntryStatus::Withdrawn, "withdraw again"),
            (EntryStatus::CheckedIn, "reinstate (not withdrawn)"),
            (EntryStatus::Withdrawn, "check in"),
            (EntryStatus::PreRegistered, "do something new"),
        ] {
            rules.push(Rejected::WrongStatus {
                participant: P,
                tournament: T,
                status: status.as_str(),
                action,
            });
        }
        for (field, problem) in [
            "family_name",
            "given_name",
            "latin_family_name",
            "country",
            "table",
            "result",
            "minutes",
            "note",
            "club",
            "city",
            "birth_year",
        ]
        .into_iter()
        .zip(fields)
        {
            rules.push(Rejected::Field { field, problem });
        }
        rules.extend(desk.into_iter().map(Rejected::Desk));
        let mut all: Vec<Refusal> = rules.into_iter().map(Refusal::rule).collect();
        all.extend([
            Refusal::BadRequest("meta.request_id is required (a fresh id per command)".into()),
            Refusal::Unavailable("this server is a standby".into()),
            Refusal::NotKept {
                seq: 7,
                retry_at: None,
            },
            Refusal::NotKept {
                seq: 7,
                retry_at: Some("https://b:7443".into()),
            },
            Refusal::Overtaken {
                rejected: Rejected::DrawInputChanged {
                    tournament: T,
                    round: 2,
                },
                attempts: 3,
            },
            Refusal::Throttled("too many wrong codes".into()),
            Refusal::Precondition("machine 2 is not a learner".into()),
            Refusal::Internal("state lock poisoned".into()),
        ]);
        all
    }

    #[test]
    fn issue_31_an_english_page_words_a_refusal_as_the_grpc_door_does() {
        for refusal in every_kind() {
            assert_eq!(
                words(Lang::En, &refusal),
                refusal.to_string(),
                "{refusal:?}"
            );
        }
    }

    #[test]
    fn issue_31_a_french_page_words_every_typed_refusal_in_french() {
        for refusal in every_kind() {
            let fr = words(Lang::Fr, &refusal);
            assert!(!fr.contains("refused-"), "a message id, not words: {fr}");
            assert_ne!(fr, refusal.to_string(), "still English: {refusal:?}");
        }
    }

    #[test]
    fn issue_31_french_words_for_what_desks_meet() {
        let fr = |r: Refusal| words(Lang::Fr, &r);
        let rule = |r: Rejected| fr(Refusal::rule(r));
        assert_eq!(
            rule(Rejected::WrongStatus {
                participant: P,
                tournament: T,
                status: EntryStatus::Withdrawn.as_str(),
                action: "check in (reinstate first)",
            }),
            "P12 est retiré dans T1 : impossible de le pointer (réintégrez-le d'abord)"
        );
        assert_eq!(
            rule(Rejected::AlreadyCheckedIn {
                participant: P,
                by: Some("accueil-1".into()),
                minutes_ago: Some(0),
            }),
            "P12 est déjà pointé par accueil-1 (à l'instant) ; rien n'a changé"
        );
        assert_eq!(
            rule(Rejected::Desk(DeskRefused::Confirmed {
                table: 4,
                result: GameResult {
                    outcome: Outcome::WhiteWins,
                    by_forfeit: false,
                },
            })),
            "la table 4 est déjà confirmée (victoire Blanc) : seul le directeur du tournoi peut la corriger"
        );
        assert_eq!(
            rule(Rejected::Field {
                field: "latin_family_name",
                problem: FieldProblem::NotLatin("山田".into()),
            }),
            "nom en lettres latines : \"山田\" n'est pas en lettres latines : tapez le nom comme le joueur l'écrit \
             en lettres latines (p. ex. Yamada), ou laissez le champ vide"
        );
        assert_eq!(
            rule(Rejected::Desk(DeskRefused::Unconfirmed {
                round: 2,
                count: 1,
                tables: vec![(7, ResultProgress::Pending)],
            })),
            "la ronde 2 a un résultat non confirmé : table 7 en attente"
        );
        assert_eq!(
            rule(Rejected::Desk(DeskRefused::UndoInPlay {
                id: P,
                why: InPlay::Round {
                    round: 1,
                    tournament: T
                },
            })),
            "P12 joue la ronde 1 de T1 : l'inscription ne peut plus être annulée ; demandez au directeur du tournoi \
             de le retirer"
        );
        // A free-text refusal keeps the core's English words after a French sentence saying what kind it is.
        let free = Rejected::Precondition("the draw failed: too few players".into());
        assert_eq!(
            rule(free),
            "Le serveur a refusé (impossible pour l'instant) : the draw failed: too few players"
        );
        assert_eq!(
            rule(Rejected::invalid("rank", "bad")),
            "Le serveur a refusé (demande illisible) : rank: bad"
        );
    }

    #[test]
    fn issue_31_a_rank_the_register_does_not_know_is_worded_in_the_page_language() {
        let Err(e) = "99k".parse::<crate::domain::Rank>() else {
            panic!("99k is not a rank");
        };
        assert_eq!(rank_words(Lang::En, &e), e.to_string());
        assert_eq!(
            rank_words(Lang::Fr, &e),
            "rang inconnu \"99k\" : utilisez 30k…1k, 1d…9d ou 1p…9p"
        );
    }

    #[test]
    fn issue_31_a_role_refusal_says_whom_to_ask_in_the_page_language() {
        let refusal = Refusal::Forbidden {
            role: Role::Registration,
            action: Action::EnterResults,
        };
        assert_eq!(
            words(Lang::En, &refusal),
            "A registration terminal may not enter results. Ask the director for the right token."
        );
        assert_eq!(
            words(Lang::Fr, &refusal),
            "Un terminal d'inscription ne peut pas saisir des résultats. Demandez le bon jeton au directeur du \
             tournoi."
        );
        let page = WebError::refused(&refusal, Lang::Fr);
        assert_eq!(
            (page.status, page.title, page.lang),
            (StatusCode::FORBIDDEN, "error-not-for-this-desk", Lang::Fr)
        );
        // Every action reads in English as the core describes it.
        for action in Action::ALL {
            let en = tr!(Lang::En, "refused-action", action = action_key(action));
            assert_eq!(en, action.describe(), "{action:?}");
            let fr = tr!(Lang::Fr, "refused-action", action = action_key(action));
            assert_ne!(fr, en, "{action:?}");
        }
    }
}
