//! A file sent from a director's page (`multipart/form-data`): its name, its bytes (refused past a limit, with
//! the limit in words) and the form's CSRF value. Shared by the import and the rating-list pages; reads the
//! request only, writes nothing.

use axum::extract::Multipart;

/// What an upload form sent.
#[derive(Debug, Default)]
pub(super) struct Upload {
    /// The form's CSRF value.
    pub csrf: String,
    /// The file's name as the browser gave it (no path).
    pub name: String,
    /// The file's bytes.
    pub data: Vec<u8>,
}

/// The request's body limit for an upload of at most `max` bytes: room for a file somewhat too big to be read
/// whole and refused in words, rather than cut off mid-request (which a browser shows as a broken connection).
pub(super) fn body_limit(max: usize) -> usize {
    max.saturating_mul(4).saturating_add(64 * 1024)
}

/// Reads the form: the `file` field (at most `max` bytes) and `csrf`. A refusal says what to do.
pub(super) async fn read(
    l: crate::web::lang::Lang,
    mut form: Multipart,
    max: usize,
) -> Result<Upload, String> {
    let too_big = || crate::tr!(l, "upload-too-big", kb = max / 1024);
    let mut upload = Upload::default();
    let mut has_file = false;
    loop {
        let field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(too_big())
            }
            Err(_) => return Err(l.t("upload-cut-off")),
        };
        match field.name() {
            Some("csrf") => upload.csrf = field.text().await.unwrap_or_default(),
            Some("file") => {
                has_file = true;
                upload.name = field
                    .file_name()
                    .unwrap_or_default()
                    .rsplit(['/', '\\'])
                    .next()
                    .unwrap_or_default()
                    .chars()
                    .take(200)
                    .collect();
                let data = field.bytes().await.map_err(|e| {
                    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                        too_big()
                    } else {
                        l.t("upload-cut-off")
                    }
                })?;
                if data.len() > max {
                    return Err(too_big());
                }
                upload.data = data.to_vec();
            }
            _ => {}
        }
    }
    if !has_file || (upload.name.is_empty() && upload.data.is_empty()) {
        return Err(l.t("upload-choose-file"));
    }
    Ok(upload)
}
