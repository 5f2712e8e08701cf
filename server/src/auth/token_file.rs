//! The director's token file (`DATA/director.token`, mode 0600): a fresh secret, written so that the file is
//! either the old one or the whole new one, and durable before the log learns the secret's hash. Owns the file
//! only; the log entry that installs the token is the caller's (the writer's) business. Never logs the secret.

use std::io::Write;
use std::path::Path;

/// A fresh token secret (`tgn_` and 64 hex digits), the same shape as the secrets desks get.
pub fn new_secret() -> String {
    format!("tgn_{}", hex::encode(rand::random::<[u8; 32]>()))
}

/// Writes `secret` to `path` atomically and durably: a private temporary file next to it, fsync, rename over
/// `path`, fsync of the directory. On failure the old file (if any) is left as it was.
pub fn write(path: &Path, secret: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the token file needs a file name"))?;
    let mut tmp_name = name.to_os_string();
    tmp_name.push(".tmp");
    let tmp = dir.join(tmp_name);
    let written = write_private(&tmp, secret).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::File::open(dir)?.sync_all()
}

fn write_private(path: &Path, secret: &str) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    // A stale temporary file keeps its old mode on open: make sure it is private before the secret goes in.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(format!("{secret}\n").as_bytes())?;
    file.sync_all()
}

/// The secret in `path`, if the file exists and holds one.
pub fn read(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let secret = text.trim();
    (!secret.is_empty()).then(|| secret.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_holds_the_secret_privately_and_is_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("director.token");
        let first = new_secret();
        assert!(first.starts_with("tgn_") && first.len() == 68);
        write(&path, &first).unwrap();
        assert_eq!(read(&path).as_deref(), Some(first.as_str()));
        let second = new_secret();
        assert_ne!(first, second);
        write(&path, &second).unwrap();
        assert_eq!(read(&path).as_deref(), Some(second.as_str()));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(!dir.path().join("director.token.tmp").exists());
    }

    #[test]
    fn a_directory_in_the_way_fails_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("director.token");
        std::fs::create_dir(&path).unwrap();
        assert!(write(&path, &new_secret()).is_err());
        assert!(path.is_dir());
        assert!(!dir.path().join("director.token.tmp").exists());
        assert_eq!(read(&path), None);
    }
}
