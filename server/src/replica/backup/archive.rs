//! Version 2 backups: a gzip-compressed tar archive, so that a director can look inside with the tools every
//! machine has (`tar tzvf after-round-2.tgb`) and the file is a fraction of the log's size instead of twice it.
//! Members, in this order:
//!
//! ```text
//! tengen-backup.txt        "tengen-backup 2", then "epoch <n>"
//! log/000000000001.bin     up to 1024 entries from seq 1: each its length (u32, little-endian), then its bytes
//! log/000000001025.bin     …
//! snapshot.bin             the state after the last entry
//! SHA256SUMS               `sha256sum` lines for every member before it; a file without it is truncated
//! ```
//!
//! Each member's time is that of the last entry it holds, so the same log always makes the same archive.
//! The export streams (the gRPC backup sends it as it is written): one chunk of the log is in memory at a time.

use super::{read_chain, snapshot_of, BackupError, Restorer};
use crate::domain::{Seq, State};
use crate::log::entry::decode_trusted;
use crate::log::LogStore;
use sha2::{Digest, Sha256};
use std::io::{BufRead, Read, Write};

/// The first two bytes of every gzip stream.
pub(super) const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];
const HEADER: &str = "tengen-backup.txt";
const VERSION: &str = "tengen-backup 2";
const SNAPSHOT: &str = "snapshot.bin";
const SUMS: &str = "SHA256SUMS";
/// The largest member a restore reads: a log chunk of 1024 entries is far smaller, a snapshot too.
const MAX_MEMBER: u64 = 1 << 30;

/// The member holding the log from `first`.
fn chunk_name(first: Seq) -> String {
    format!("log/{:012}.bin", first.0)
}

/// Writes the archive; returns the number of entries.
pub(super) fn export(
    store: &dyn LogStore,
    state: &State,
    out: &mut dyn Write,
) -> Result<u64, BackupError> {
    let last_ms = match store.read_from(state.last_seq, 1)?.first() {
        Some((seq, bytes)) if *seq == state.last_seq && seq.0 > 0 => {
            decode_trusted(bytes)
                .map_err(|e| BackupError::Invalid(format!("entry {}: {e}", seq.0)))?
                .0
                .timestamp_ms
        }
        _ => 0,
    };
    let mut archive = Writer {
        tar: tar::Builder::new(flate2::write::GzEncoder::new(
            out,
            flate2::Compression::default(),
        )),
        sums: String::new(),
    };
    let epoch = store.epoch()?.0.max(state.epoch.0);
    archive.member(
        HEADER,
        format!("{VERSION}\nepoch {epoch}\n").as_bytes(),
        last_ms,
    )?;
    let mut framed = Vec::new();
    let (hash, count) = read_chain(store, state.last_seq, |batch, written_ms| {
        framed.clear();
        for (_, bytes) in batch {
            let len = u32::try_from(bytes.len())
                .map_err(|_| BackupError::invalid("an entry longer than 4 GiB"))?;
            framed.extend_from_slice(&len.to_le_bytes());
            framed.extend_from_slice(bytes);
        }
        match batch.first() {
            Some((first, _)) => archive.member(&chunk_name(*first), &framed, written_ms),
            None => Ok(()),
        }
    })?;
    archive.member(SNAPSHOT, &snapshot_of(state, &hash)?, last_ms)?;
    let sums = std::mem::take(&mut archive.sums);
    archive.member(SUMS, sums.as_bytes(), last_ms)?;
    let out = archive.tar.into_inner()?.finish()?;
    out.flush()?;
    Ok(count)
}

/// The tar stream being written and the sums of the members so far.
struct Writer<W: Write> {
    tar: tar::Builder<W>,
    sums: String,
}

impl<W: Write> Writer<W> {
    fn member(&mut self, name: &str, bytes: &[u8], written_ms: i64) -> Result<(), BackupError> {
        let mut header = tar::Header::new_ustar();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(u64::try_from(written_ms.div_euclid(1000)).unwrap_or(0));
        header.set_entry_type(tar::EntryType::Regular);
        self.tar.append_data(&mut header, name, bytes)?;
        self.sums.push_str(&sum_line(name, bytes));
        Ok(())
    }
}

/// One `sha256sum` line.
fn sum_line(name: &str, bytes: &[u8]) -> String {
    format!("{}  {name}\n", hex::encode(Sha256::digest(bytes)))
}

/// What the restore has read so far, for the order of members.
enum Expect {
    Header,
    LogOrSnapshot { epoch: u64 },
    Sums { epoch: u64, snapshot: Vec<u8> },
    End,
}

/// Restores an archive into an empty store.
pub(super) fn restore(input: &mut dyn BufRead, store: &dyn LogStore) -> Result<State, BackupError> {
    let mut restorer = Restorer::new(store)?;
    let mut archive = tar::Archive::new(flate2::bufread::GzDecoder::new(input));
    let mut sums = String::new();
    let mut expect = Expect::Header;
    let mut restored = None;
    for member in archive.entries()? {
        let mut member = member?;
        let name = member.path()?.to_string_lossy().into_owned();
        if member.size() > MAX_MEMBER {
            return Err(BackupError::Invalid(format!("{name} is too large")));
        }
        let mut bytes = Vec::new();
        member.read_to_end(&mut bytes)?;
        let sum = sum_line(&name, &bytes);
        expect = match (expect, name.as_str()) {
            (Expect::Header, HEADER) => Expect::LogOrSnapshot {
                epoch: header_epoch(&bytes)?,
            },
            (Expect::LogOrSnapshot { epoch }, SNAPSHOT) => Expect::Sums {
                epoch,
                snapshot: bytes,
            },
            (Expect::LogOrSnapshot { epoch }, chunk) if chunk.starts_with("log/") => {
                if chunk != chunk_name(restorer.next()) {
                    return Err(BackupError::Invalid(format!(
                        "{chunk} where {} was expected",
                        chunk_name(restorer.next())
                    )));
                }
                for entry in frames(&bytes, chunk)? {
                    restorer.entry(restorer.next(), entry.to_vec())?;
                }
                Expect::LogOrSnapshot { epoch }
            }
            (Expect::Sums { epoch, snapshot }, SUMS) => {
                if bytes != sums.as_bytes() {
                    return Err(BackupError::invalid(
                        "a member's SHA-256 differs from SHA256SUMS: the file is damaged",
                    ));
                }
                restored = Some((epoch, snapshot));
                Expect::End
            }
            (_, other) => {
                return Err(BackupError::Invalid(format!(
                    "unexpected member {other:?} in the archive"
                )))
            }
        };
        sums.push_str(&sum);
    }
    // Read to the end of the gzip stream, so that its own checksum is verified too.
    std::io::copy(&mut archive.into_inner(), &mut std::io::sink())?;
    let Some((epoch, snapshot)) = restored else {
        return Err(BackupError::invalid(
            "the archive ends before SHA256SUMS: the file is truncated",
        ));
    };
    let count = restorer.next().0 - 1;
    restorer.finish(epoch, count, snapshot, count)
}

/// The epoch from the `tengen-backup.txt` member.
fn header_epoch(bytes: &[u8]) -> Result<u64, BackupError> {
    let text = std::str::from_utf8(bytes).map_err(|_| BackupError::invalid("a damaged header"))?;
    let mut lines = text.lines();
    match lines.next() {
        Some(VERSION) => {}
        Some(other) if other.starts_with("tengen-backup ") => {
            return Err(BackupError::Invalid(format!(
                "{other:?} is a newer format than this server reads ({VERSION})"
            )))
        }
        _ => return Err(BackupError::invalid("a damaged header")),
    }
    lines
        .next()
        .and_then(|l| l.strip_prefix("epoch "))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| BackupError::invalid("the header has no epoch"))
}

/// The entries framed in one log member.
fn frames<'b>(mut bytes: &'b [u8], name: &str) -> Result<Vec<&'b [u8]>, BackupError> {
    let cut = || BackupError::Invalid(format!("{name} ends inside an entry"));
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let (len, rest) = bytes.split_first_chunk::<4>().ok_or_else(cut)?;
        let len = usize::try_from(u32::from_le_bytes(*len)).map_err(|_| cut())?;
        if rest.len() < len {
            return Err(cut());
        }
        let (entry, rest) = rest.split_at(len);
        out.push(entry);
        bytes = rest;
    }
    Ok(out)
}
