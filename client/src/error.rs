//! The library's error type: what went wrong talking to the server, split so the CLI can choose an exit code
//! (connection problems versus input the server refused).

use std::path::PathBuf;

use tonic::Code;

/// Everything a library call can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection settings are unusable (no server, unreadable CA, bad config line). Fix the settings.
    #[error("{0}")]
    Settings(String),
    /// A file named in the settings or on the command line could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No server in the list answered. Each entry names the server and why it failed.
    #[error("cannot reach the server: {}", .0.join("; "))]
    Unreachable(Vec<String>),
    /// The server answered with an error status. Refusals (bad input, stale revision, permission) are not
    /// retried; `Unavailable` is retried by [`crate::retry`] before it lands here.
    #[error("{}", status_text(.0))]
    Status(#[from] tonic::Status),
}

impl ClientError {
    /// True when the server refused the input (as opposed to the connection failing): the CLI exits 2 for
    /// these and 1 for the rest.
    pub fn is_refusal(&self) -> bool {
        match self {
            ClientError::Status(status) => is_refusal_code(status.code()),
            _ => false,
        }
    }

    /// The gRPC status, when the server answered.
    pub fn status(&self) -> Option<&tonic::Status> {
        match self {
            ClientError::Status(status) => Some(status),
            _ => None,
        }
    }
}

/// Codes that mean "the server looked at the command and said no".
pub fn is_refusal_code(code: Code) -> bool {
    matches!(
        code,
        Code::InvalidArgument
            | Code::NotFound
            | Code::AlreadyExists
            | Code::PermissionDenied
            | Code::FailedPrecondition
            | Code::Aborted
            | Code::OutOfRange
            | Code::Unauthenticated
    )
}

/// The status message as a volunteer should read it: the server's own words, or the code when it sent none.
pub fn status_text(status: &tonic::Status) -> String {
    if status.message().is_empty() {
        format!("{:?}", status.code())
    } else {
        status.message().to_string()
    }
}
