//! The write path every door takes: the caller's role checked against the command ([`crate::auth::required`]),
//! the request's meta checked, the command handed to the writer, and the answer given only once the entry is
//! kept (durable here, and on a majority of the venue's voters when there is a venue). A draw is paired aside first
//! ([`super::draw_aside`]), so the writer never stops for the engine. Must not touch the log itself: the
//! writer owns it.

use super::{draw_aside, Core, Current, Meta, Refusal, Target};
use crate::auth::{required, Caller};
use crate::domain::error::FieldProblem;
use crate::domain::{Actor, Command, Rejected};
use crate::log::{Outcome, WriteError};
use tracing::Instrument;

/// The longest request id a client may send.
const MAX_REQUEST_ID: usize = 128;
/// The longest operator name, in characters.
const MAX_OPERATOR: usize = 100;

impl Core {
    /// Writes `cmd` for `caller` and answers once it is kept; a refusal names the record `target` as it is now
    /// when the command met a newer revision of it.
    pub async fn write(
        &self,
        caller: &Caller,
        meta: Meta,
        cmd: Command,
        target: Target,
    ) -> Result<Outcome, Refusal> {
        caller.require(required(&cmd))?;
        if draw_aside::applies(&cmd) {
            return draw_aside::write(self, caller, meta, cmd, target).await;
        }
        self.submit(caller, meta, cmd)
            .await?
            .map_err(|err| refused(err, target))
    }

    /// Hands `cmd` to the writer and waits until it is kept. The writer's refusal comes back as it is (the inner
    /// result), for a caller that acts on it. Reached only through [`Core::write`], which has checked the role.
    pub(super) async fn submit(
        &self,
        caller: &Caller,
        meta: Meta,
        cmd: Command,
    ) -> Result<Result<Outcome, WriteError>, Refusal> {
        let meta = checked(meta)?;
        let span = tracing::info_span!(
            "command",
            command = cmd.name(),
            terminal = %caller.terminal,
            request_id = %meta.request_id
        );
        let actor = Actor {
            terminal: caller.terminal.clone(),
            role: caller.role,
            operator: meta.operator,
        };
        let writer = self
            .control
            .writer()
            .map_err(|e| Refusal::Unavailable(e.to_string()))?;
        let result = writer
            .submit(cmd, actor, meta.request_id)
            .instrument(span.clone())
            .await;
        drop(writer);
        match result {
            Ok(outcome) => {
                span.in_scope(|| {
                    tracing::info!(
                        seq = outcome.seq.0,
                        replayed = outcome.replayed,
                        "committed"
                    )
                });
                Ok(Ok(outcome))
            }
            Err(err) => {
                span.in_scope(|| tracing::info!(error = %for_log(&err), "refused"));
                Ok(Err(err))
            }
        }
    }
}

/// A refusal as the log line says it: its words, except a value typed into a private field (a year of birth typed
/// wrong may be a digit away from the right one), which the door's answer shows but the log never keeps.
fn for_log(err: &WriteError) -> String {
    match err {
        WriteError::Rejected(Rejected::Field {
            field,
            problem: FieldProblem::NotBirthYear(_),
        }) => format!(
            "{}: not a year of birth (value not logged)",
            field.replace('_', " ")
        ),
        other => other.to_string(),
    }
}

/// The writer's refusal, naming the record it met: the duplicate, or the target edited meanwhile.
pub(super) fn refused(err: WriteError, target: Target) -> Refusal {
    let rejected = match err {
        WriteError::Rejected(rejected) => rejected,
        WriteError::Unavailable(message) => return Refusal::Unavailable(message),
    };
    let current = match (&rejected, target) {
        (Rejected::Duplicate { existing, .. }, _) => Some(Current::Participant(*existing)),
        (Rejected::StaleRevision { .. }, Target::Participant(id)) => Some(Current::Participant(id)),
        (Rejected::StaleRevision { .. }, Target::Tournament(id)) => Some(Current::Tournament(id)),
        (Rejected::StaleRevision { .. }, Target::Rounds(t)) => Some(Current::LastRound(t)),
        (Rejected::StaleRevision { .. }, Target::Event) => Some(Current::Event),
        _ => None,
    };
    Refusal::Rejected { rejected, current }
}

/// A request's meta with its id trimmed, refused if the id is missing or malformed or the operator too long.
pub fn checked(meta: Meta) -> Result<Meta, Refusal> {
    let request_id = meta.request_id.trim().to_string();
    if request_id.is_empty() {
        return Err(Refusal::BadRequest(
            "meta.request_id is required (a fresh id per command)".into(),
        ));
    }
    if request_id.len() > MAX_REQUEST_ID || request_id.chars().any(char::is_control) {
        return Err(Refusal::BadRequest(format!(
            "meta.request_id must be at most {MAX_REQUEST_ID} printable characters"
        )));
    }
    if meta.operator.chars().count() > MAX_OPERATOR {
        return Err(Refusal::BadRequest(format!(
            "meta.operator must be at most {MAX_OPERATOR} characters"
        )));
    }
    Ok(Meta {
        request_id,
        operator: meta.operator,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{ParticipantId, Revision};

    #[test]
    fn a_request_needs_a_printable_id_of_at_most_128_characters() {
        assert!(checked(Meta::new("  ", "")).is_err());
        assert!(checked(Meta::new("a\u{7}b", "")).is_err());
        assert!(checked(Meta::new("x".repeat(129), "")).is_err());
        assert!(checked(Meta::new("ok", "o".repeat(101))).is_err());
        assert_eq!(
            checked(Meta::new(" r1 ", "Ann")).unwrap(),
            Meta::new("r1", "Ann")
        );
    }

    #[test]
    fn a_stale_edit_names_the_record_as_it_is_now() {
        let stale = WriteError::Rejected(Rejected::StaleRevision {
            expected: Revision(1),
            actual: Revision(2),
        });
        let refusal = refused(stale, Target::Participant(ParticipantId(9)));
        assert!(matches!(
            refusal,
            Refusal::Rejected {
                current: Some(Current::Participant(ParticipantId(9))),
                ..
            }
        ));
        let stopped = refused(WriteError::Unavailable("stopped".into()), Target::None);
        assert_eq!(stopped, Refusal::Unavailable("stopped".into()));
    }

    #[test]
    fn issue_33_the_log_line_of_a_refused_year_of_birth_does_not_keep_the_year() {
        let year = WriteError::Rejected(Rejected::Field {
            field: "birth_year",
            problem: FieldProblem::NotBirthYear("2031".into()),
        });
        assert!(
            year.to_string().contains("2031"),
            "the desk is told what it typed"
        );
        assert_eq!(
            for_log(&year),
            "birth year: not a year of birth (value not logged)"
        );
        let country = WriteError::Rejected(Rejected::Field {
            field: "country",
            problem: FieldProblem::NotCountry("ZZ".into()),
        });
        assert_eq!(for_log(&country), country.to_string());
    }
}
