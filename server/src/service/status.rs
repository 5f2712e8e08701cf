//! Maps the core's refusals to gRPC statuses: one code per kind, a message a volunteer can act on.
//! Also tidies every status on its way out ([`tidy_response`]): messages capped, undecodable requests the client's
//! fault.

use crate::app::{refusal, Core, Current, Kind, Refusal};
use crate::auth::{Caller, Denied};
use crate::domain::Rejected;
use axum::http::HeaderMap;
use prost::Message;
use tonic::{Code, Status};

/// The gRPC code of each kind of refusal.
pub fn code(kind: Kind) -> Code {
    match kind {
        Kind::Invalid => Code::InvalidArgument,
        Kind::NotFound => Code::NotFound,
        Kind::Precondition => Code::FailedPrecondition,
        Kind::Stale => Code::Aborted,
        Kind::Exists => Code::AlreadyExists,
        Kind::Forbidden => Code::PermissionDenied,
        Kind::Unavailable => Code::Unavailable,
        Kind::TooMany => Code::ResourceExhausted,
        Kind::Internal => Code::Internal,
    }
}

/// A rule's refusal found at the door (bad wire input), without a record.
pub fn rejected(r: &Rejected) -> Status {
    Status::new(code(refusal::kind(r)), r.to_string())
}

/// A refusal as a status, carrying the record it met, as this caller may see it, encoded in the details.
pub fn refused(core: &Core, refusal: &Refusal, caller: &Caller) -> Status {
    let private = caller.sees_private();
    core.read(|s| with_record(s, refusal, private))
        .unwrap_or_else(|_| Status::from(refusal.clone()))
}

/// A refusal as a status, with the record it met in `s` (if any) encoded in the details.
pub fn with_record(s: &crate::domain::State, refusal: &Refusal, private: bool) -> Status {
    let code = code(refusal.kind());
    let record = match refusal {
        Refusal::Rejected {
            current: Some(current),
            ..
        } => encoded(s, *current, private),
        _ => None,
    };
    match record {
        Some(bytes) => Status::with_details(code, refusal.to_string(), bytes.into()),
        None => Status::new(code, refusal.to_string()),
    }
}

/// The record a refusal met, encoded as its wire message.
fn encoded(s: &crate::domain::State, current: Current, private: bool) -> Option<Vec<u8>> {
    use super::convert;
    match current {
        Current::Participant(id) => s
            .participants
            .get(&id)
            .map(|p| convert::participant_to_pb(p, private).encode_to_vec()),
        Current::Tournament(id) => s
            .tournaments
            .get(&id)
            .map(|t| convert::tournament_to_pb(t).encode_to_vec()),
        Current::LastRound(t) => s
            .play
            .get(&t)
            .and_then(|p| p.rounds.last())
            .map(|r| convert::round_to_pb(s, t, r).encode_to_vec()),
        Current::Event => Some(convert::event_to_pb(&s.event).encode_to_vec()),
    }
}

impl From<Refusal> for Status {
    fn from(refusal: Refusal) -> Status {
        Status::new(code(refusal.kind()), refusal.to_string())
    }
}

impl From<Denied> for Status {
    fn from(denied: Denied) -> Status {
        Status::permission_denied(denied.to_string())
    }
}

/// The longest status message a client is sent, in bytes. Longer ones are cut (ending in `…`): a huge
/// `grpc-message` header breaks standard clients (HTTP/2 header limits) instead of telling them what was wrong.
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// tonic's words for a request body it could not decode. tonic reports these as `INTERNAL`, but a request the
/// server cannot read is the client's fault: `INVALID_ARGUMENT`.
const UNDECODABLE: [&str; 4] = [
    "failed to decode Protobuf message",
    "protocol error: received message with",
    "Unexpected EOF decoding stream",
    "Error decompressing",
];

/// Every gRPC answer passes here on its way out (a response map over the gRPC routes): the one place where each
/// status, from a handler, the interceptor or tonic itself, gets its message capped at [`MAX_MESSAGE_BYTES`]
/// and an undecodable request becomes `INVALID_ARGUMENT`. Looks at the headers of an error answered at once and
/// at the trailers of a stream.
pub fn tidy_response(response: axum::response::Response) -> axum::response::Response {
    use http_body_util::BodyExt;
    let (mut parts, body) = response.into_parts();
    if tidy_status(&mut parts.headers) {
        return axum::response::Response::from_parts(parts, body);
    }
    let body = body.map_frame(|mut frame| {
        if let Some(trailers) = frame.trailers_mut() {
            tidy_status(trailers);
        }
        frame
    });
    axum::response::Response::from_parts(parts, axum::body::Body::new(body))
}

/// Rewrites the status in `headers`, if they carry one (then returns true).
fn tidy_status(headers: &mut HeaderMap) -> bool {
    match headers.get(Status::GRPC_STATUS) {
        None => return false,
        Some(code) if code.as_bytes() == b"0" => return true,
        Some(_) => {}
    }
    let Some(status) = Status::from_header_map(headers) else {
        return false;
    };
    let client_fault = status.code() == Code::Internal
        && UNDECODABLE.iter().any(|m| status.message().starts_with(m));
    let code = if client_fault {
        Code::InvalidArgument
    } else {
        status.code()
    };
    let message = cap(status.message());
    if code == status.code() && message.len() == status.message().len() {
        return true;
    }
    let mut fresh = HeaderMap::new();
    if Status::new(code, message).add_header(&mut fresh).is_ok() {
        headers.remove(Status::GRPC_MESSAGE);
        for name in [Status::GRPC_STATUS, Status::GRPC_MESSAGE] {
            if let Some(value) = fresh.remove(&name) {
                headers.insert(name, value);
            }
        }
    }
    true
}

/// `message` cut to at most [`MAX_MESSAGE_BYTES`] bytes on a character boundary, `…` marking the cut.
pub fn cap(message: &str) -> String {
    if message.len() <= MAX_MESSAGE_BYTES {
        return message.to_string();
    }
    let mut end = MAX_MESSAGE_BYTES - '…'.len_utf8();
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &message[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers_of(status: Status) -> HeaderMap {
        let mut headers = HeaderMap::new();
        status.add_header(&mut headers).unwrap();
        headers
    }

    fn tidied(status: Status) -> Status {
        let mut headers = headers_of(status);
        assert!(tidy_status(&mut headers));
        Status::from_header_map(&headers).unwrap()
    }

    #[test]
    fn issue_13_undecodable_requests_are_invalid_argument() {
        let decode =
            Status::internal("failed to decode Protobuf message: invalid wire type value: 7");
        let s = tidied(decode);
        assert_eq!(s.code(), Code::InvalidArgument);
        assert_eq!(
            s.message(),
            "failed to decode Protobuf message: invalid wire type value: 7"
        );
        // The server's own failures stay INTERNAL, and other codes are left alone.
        assert_eq!(
            tidied(Status::internal("state lock poisoned")).code(),
            Code::Internal
        );
        assert_eq!(
            tidied(Status::not_found("no participant P9")).code(),
            Code::NotFound
        );
    }

    #[test]
    fn issue_13_status_messages_are_capped() {
        let s = tidied(Status::invalid_argument("é".repeat(50_000)));
        assert_eq!(s.code(), Code::InvalidArgument);
        assert!(
            s.message().len() <= MAX_MESSAGE_BYTES,
            "{}",
            s.message().len()
        );
        assert!(s.message().ends_with('…') && s.message().starts_with("éé"));
        let short = "rank: unknown rank \"99k\"";
        assert_eq!(tidied(Status::invalid_argument(short)).message(), short);
    }

    #[test]
    fn answers_without_a_status_are_untouched() {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", "application/grpc".parse().unwrap());
        assert!(!tidy_status(&mut headers));
        assert_eq!(headers.len(), 1);
        let mut ok = headers_of(Status::ok(""));
        assert!(tidy_status(&mut ok));
    }
}
