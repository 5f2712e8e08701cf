//! `CheckRegistrations`: a stream of registrations rehearsed by the core (`app::dry_run`) one after the other,
//! each answered with what the real request would get. Owns only the stream and the wire.

use super::register::register_command;
use super::{meta_from_pb, status, Core};
use crate::app::dry_run::Rehearsal;
use crate::auth::Caller;
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
    rehearsal: Rehearsal,
    checked: usize,
}

/// What `RegisterParticipant` would answer for each row, had they been sent one after the other by `caller` now
/// (a row sees the rows before it, so two rows for one person make the second a duplicate).
pub(crate) fn check_registrations(
    core: &Core,
    caller: Caller,
    rows: Streaming<pb::RegisterParticipantRequest>,
) -> Result<Checks, Status> {
    let start = Rehearsing {
        rows,
        rehearsal: core.rehearsal(caller)?,
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
                let verdict = check_one(&mut at.rehearsal, row).unwrap_or_else(|refused| {
                    pb::RegistrationCheck {
                        code: refused.code() as i32,
                        message: refused.message().to_string(),
                        details: refused.details().to_vec(),
                        ..Default::default()
                    }
                });
                Some((Ok(verdict), Some(at)))
            }
            Ok(None) => None,
            Err(status) => Some((Err(status), None)),
        }
    });
    Ok(Box::pin(checks))
}

/// One row: the verdict, or the status the real request would be refused with.
fn check_one(
    rehearsal: &mut Rehearsal,
    row: pb::RegisterParticipantRequest,
) -> Result<pb::RegistrationCheck, Status> {
    let (meta, cmd) = register_command(row)?;
    match rehearsal.check(meta_from_pb(meta), &cmd) {
        Ok(done) => Ok(pb::RegistrationCheck {
            already_done: done.already_done,
            participant_id: done.participant.map_or(0, |p| p.0),
            ..Default::default()
        }),
        Err(refusal) => Err(status::with_record(
            rehearsal.scratch(),
            &refusal,
            rehearsal.caller().sees_private(),
        )),
    }
}
