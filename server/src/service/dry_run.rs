//! Dry runs: `CheckRegistrations` decides a stream of registrations against a scratch copy of the register, the
//! way the writer would decide them one after the other, and answers what each would get. Must not touch the
//! writer, the log or the readers' state: the copy is thrown away when the stream ends.

use super::register::register_command;
use super::{checked_meta, refusal_details, status, Core, Target};
use crate::auth::Caller;
use crate::domain::{Actor, Context, State, Subject};
use crate::log::writer::rehearse;
use futures::Stream;
use std::pin::Pin;
use tengen_proto::v1 as pb;
use tonic::{Status, Streaming};

/// The most rows one dry run may check.
pub const MAX_ROWS: usize = 20_000;

/// The verdicts, one per row, in order.
pub type Checks = Pin<Box<dyn Stream<Item = Result<pb::RegistrationCheck, Status>> + Send>>;

/// What the stream carries from one row to the next.
struct Rehearsing {
    rows: Streaming<pb::RegisterParticipantRequest>,
    scratch: State,
    caller: Caller,
    now_ms: i64,
    checked: usize,
}

impl Core {
    /// What `RegisterParticipant` would answer for each row, had they been sent one after the other by `caller`
    /// now (a row sees the rows before it, so two rows for one person make the second a duplicate). Only a
    /// primary answers, as only a primary would accept the real rows.
    pub(crate) fn check_registrations(
        &self,
        caller: Caller,
        rows: Streaming<pb::RegisterParticipantRequest>,
    ) -> Result<Checks, Status> {
        self.control
            .writer()
            .map_err(|e| Status::unavailable(e.to_string()))?;
        let start = Rehearsing {
            rows,
            scratch: self.read(|s| s.clone())?,
            caller,
            now_ms: crate::now_ms(),
            checked: 0,
        };
        let checks = futures::stream::unfold(Some(start), |at| async move {
            let mut at = at?;
            match at.rows.message().await {
                Ok(Some(_)) if at.checked == MAX_ROWS => Some((
                    Err(Status::invalid_argument(format!(
                        "at most {MAX_ROWS} rows per dry run"
                    ))),
                    None,
                )),
                Ok(Some(row)) => {
                    at.checked += 1;
                    let verdict =
                        check_one(&mut at, row).unwrap_or_else(|refused| pb::RegistrationCheck {
                            code: refused.code() as i32,
                            message: refused.message().to_string(),
                            details: refused.details().to_vec(),
                            ..Default::default()
                        });
                    Some((Ok(verdict), Some(at)))
                }
                Ok(None) => None,
                Err(status) => Some((Err(status), None)),
            }
        });
        Ok(Box::pin(checks))
    }
}

/// One row: the verdict, or the status the real request would be refused with.
fn check_one(
    at: &mut Rehearsing,
    row: pb::RegisterParticipantRequest,
) -> Result<pb::RegistrationCheck, Status> {
    let (meta, cmd) = register_command(row)?;
    let (request_id, meta) = checked_meta(meta)?;
    let ctx = Context {
        actor: Actor {
            terminal: at.caller.terminal.clone(),
            role: at.caller.role,
            operator: meta.operator,
        },
        now_ms: at.now_ms,
        entropy: rand::random(),
    };
    match rehearse(&mut at.scratch, &cmd, &ctx, &request_id) {
        Ok(done) => Ok(pb::RegistrationCheck {
            already_done: done.replayed,
            participant_id: match done.subject {
                Some(Subject::Participant(p)) => p.id.0,
                _ => 0,
            },
            ..Default::default()
        }),
        Err(rejected) => {
            let details = refusal_details(&at.scratch, &rejected, Target::None, &at.caller);
            Err(status::rejected(&rejected, details))
        }
    }
}
