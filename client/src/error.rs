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

/// The status message as a volunteer should read it: the server's own words in the desk program's terms (see
/// [`cli_wording`]), or the code when it sent none.
pub fn status_text(status: &tonic::Status) -> String {
    if status.message().is_empty() {
        format!("{:?}", status.code())
    } else {
        cli_wording(status.message())
    }
}

/// Fields the server names at the start of a refusal (`field name: what is wrong`, the API field with its
/// underscores as spaces) and the flag a person types for each. Only fields whose flag is spelled differently
/// are listed; one-word fields already read as their flag (`komi: …` is `--komi`).
const FIELD_FLAGS: [(&str, &str); 23] = [
    ("family name", "--family"),
    ("given name", "--given"),
    ("egd pin", "--egd"),
    ("aga id", "--aga"),
    ("ffg licence", "--ffg"),
    ("family group", "--family-group"),
    ("fee cents", "--fee"),
    ("start date", "--start"),
    ("end date", "--end"),
    ("pairing system", "--system"),
    ("time system", "--time-system"),
    ("handicap ceiling", "--handicap-ceiling"),
    ("handicap correction", "--handicap-correction"),
    ("no handicap above", "--no-handicap-above"),
    ("section step", "--section-step"),
    ("section prizes", "--section-prizes"),
    ("bye rule", "--bye-rule"),
    ("bye points", "--bye-points"),
    ("missed rounds", "--missed"),
    ("first table", "--first-table"),
    ("never pair", "--never-pair"),
    ("from round", "--from-round"),
    ("after round", "--after"),
];

/// API names inside a server sentence, and what a person types instead.
const PHRASES: [(&str, &str); 4] = [
    ("expected_revision is required", "--rev is required"),
    ("set based_on_mms off", "use --handicap-rank"),
    ("move_start", "--move-start"),
    ("meta.request_id", "the request id (--request-id)"),
];

/// A server message in the desk program's terms: a refusal's leading API field becomes the flag that sets it
/// (`handicap ceiling: at most 9 stones` → `--handicap-ceiling: at most 9 stones`), and API names inside the
/// sentence become flags. Messages the table does not know pass through unchanged.
pub fn cli_wording(message: &str) -> String {
    let mut text = message.to_string();
    for (field, flag) in FIELD_FLAGS {
        if let Some(rest) = text.strip_prefix(field).and_then(|r| r.strip_prefix(": ")) {
            text = format!("{flag}: {rest}");
            break;
        }
    }
    for (api, cli) in PHRASES {
        text = text.replace(api, cli);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_flags_a_person_types() {
        assert_eq!(
            cli_wording("handicap ceiling: at most 9 stones"),
            "--handicap-ceiling: at most 9 stones"
        );
        assert_eq!(
            cli_wording("end date: the end 2026-08-01 is before the start 2026-08-03"),
            "--end: the end 2026-08-01 is before the start 2026-08-03"
        );
        assert_eq!(
            cli_wording("expected_revision is required: send the revision you edited"),
            "--rev is required: send the revision you edited"
        );
        assert_eq!(
            cli_wording(
                "handicap: with sections, handicaps follow the rank difference (set based_on_mms off) or games \
                 are even"
            ),
            "handicap: with sections, handicaps follow the rank difference (use --handicap-rank) or games are even"
        );
        // Words that only look like a field further in are left alone.
        assert_eq!(
            cli_wording("round 6 is already closed"),
            "round 6 is already closed"
        );
        let status = tonic::Status::invalid_argument("family name: must not be empty");
        assert_eq!(status_text(&status), "--family: must not be empty");
    }
}
