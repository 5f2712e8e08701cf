//! Maps rejections and writer failures to gRPC statuses: one code per variant, a message a volunteer can act on.

use crate::domain::Rejected;
use crate::log::WriteError;
use tonic::{Code, Status};

/// The gRPC code of a rejection.
pub fn code(r: &Rejected) -> Code {
    match r {
        Rejected::Invalid { .. } | Rejected::RequestIdReused(_) => Code::InvalidArgument,
        Rejected::UnknownParticipant(_)
        | Rejected::UnknownTournament(_)
        | Rejected::UnknownToken(_)
        | Rejected::UnknownSlip(_)
        | Rejected::UnknownRound { .. } => Code::NotFound,
        Rejected::Precondition(_) => Code::FailedPrecondition,
        Rejected::StaleRevision { .. } => Code::Aborted,
        Rejected::Duplicate { .. } | Rejected::AlreadyEntered { .. } => Code::AlreadyExists,
        Rejected::NotEntered { .. } | Rejected::NoEntries(_) | Rejected::WrongStatus { .. } => {
            Code::FailedPrecondition
        }
        Rejected::RegistrationClosed(_) | Rejected::Forbidden { .. } => Code::PermissionDenied,
    }
}

/// A rejection as a status, with an optional encoded record (the current one) in the details.
pub fn rejected(r: &Rejected, details: Option<Vec<u8>>) -> Status {
    match details {
        Some(bytes) => Status::with_details(code(r), r.to_string(), bytes.into()),
        None => Status::new(code(r), r.to_string()),
    }
}

/// A writer failure as a status.
pub fn write_error(e: &WriteError) -> Status {
    match e {
        WriteError::Rejected(r) => rejected(r, None),
        WriteError::Unavailable(msg) => Status::unavailable(msg.clone()),
    }
}
