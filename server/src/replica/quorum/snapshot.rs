//! A Raft snapshot of a Tengen venue is the Tengen log from entry 1 up to a sequence number, as one byte stream:
//! `TGNSNAP1 ‖ upto (u64 LE) ‖ records`, each record `seq (u64 LE) ‖ length (u32 LE) ‖ stored bytes`.
//!
//! A voter sends it by reading its own log slice by slice as each chunk is asked for ([`SnapshotStream::of_log`]):
//! nothing is held whole in memory or copied to disk first, and the log only grows past `upto`, so reading it
//! later is still the same snapshot. A receiver writes the chunks to an unnamed file in the Raft directory
//! ([`SnapshotStream::spooled`]) and reads the records back in slices ([`Records`]).
//!
//! Owns only the format and the byte stream; must not decide what the machine keeps or check the chain.

use crate::domain::Seq;
use crate::log::{LogStore, StoreError};
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncSeek, AsyncWrite, ReadBuf};

/// The first bytes of every snapshot.
const MAGIC: &[u8; 8] = b"TGNSNAP1";
/// The header: magic and `upto`.
const HEADER: u64 = 16;
/// Each record's own bytes besides the entry: sequence number and length.
const RECORD_HEAD: u64 = 12;
/// How many log entries are read from the store at a time.
const SLICE: usize = 1024;

/// The bytes of a snapshot, as openraft moves them: a view of the Tengen log being sent, or a received file.
pub struct SnapshotStream(Inner);

enum Inner {
    Log(LogReader),
    File(tokio::fs::File),
}

impl SnapshotStream {
    /// The snapshot of `store`'s entries 1 to `upto`, read as it is asked for.
    pub fn of_log(store: Arc<dyn LogStore>, upto: Seq) -> SnapshotStream {
        SnapshotStream(Inner::Log(LogReader {
            store,
            upto,
            len: None,
            pos: 0,
            buf: Vec::new(),
            buf_at: 0,
            next: Seq(0),
        }))
    }

    /// The same, its length measured first on a blocking thread (openraft asks for it before sending, and
    /// measuring reads the whole log).
    pub async fn of_log_measured(
        store: Arc<dyn LogStore>,
        upto: Seq,
    ) -> io::Result<SnapshotStream> {
        let mut stream = SnapshotStream::of_log(store, upto);
        if let Inner::Log(mut log) = stream.0 {
            let mut log = tokio::task::spawn_blocking(move || log.len().map(|_| log))
                .await
                .map_err(io::Error::other)??;
            log.pos = 0;
            stream.0 = Inner::Log(log);
        }
        Ok(stream)
    }

    /// An empty snapshot being received, in an unnamed file in `dir` (gone when it is dropped).
    pub fn spooled(dir: &Path) -> io::Result<SnapshotStream> {
        let file = tempfile::tempfile_in(dir)?;
        Ok(SnapshotStream(Inner::File(tokio::fs::File::from_std(file))))
    }

    /// The records of this snapshot from the start, to read on a blocking thread.
    pub async fn records(self) -> io::Result<Records> {
        let reader: Box<dyn Source> = match self.0 {
            Inner::File(file) => {
                let mut file = file.into_std().await;
                file.seek(SeekFrom::Start(0))?;
                Box::new(io::BufReader::with_capacity(1 << 20, file))
            }
            Inner::Log(log) => Box::new(BlockingLog(log)),
        };
        Records::open(reader)
    }
}

/// What records are read from: a received file or the log itself.
trait Source: Read + io::Seek + Send {}

impl<T: Read + io::Seek + Send> Source for T {}

/// The records of a snapshot, read in order.
pub struct Records {
    reader: Box<dyn Source>,
    /// The last sequence number the snapshot says it holds.
    pub upto: Seq,
}

impl Records {
    fn open(mut reader: Box<dyn Source>) -> io::Result<Records> {
        let mut header = [0u8; HEADER as usize];
        reader.read_exact(&mut header)?;
        if &header[..8] != MAGIC {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "not a Tengen snapshot",
            ));
        }
        let upto = u64::from_le_bytes(header[8..].try_into().unwrap_or_default());
        Ok(Records {
            reader,
            upto: Seq(upto),
        })
    }

    /// Back to the first record.
    pub fn rewind(&mut self) -> io::Result<()> {
        self.reader.seek(SeekFrom::Start(HEADER)).map(|_| ())
    }

    /// Up to `limit` next records (fewer at the end; none when it is over).
    pub fn next_slice(&mut self, limit: usize) -> io::Result<Vec<(Seq, Vec<u8>)>> {
        let mut out = Vec::new();
        while out.len() < limit {
            let mut head = [0u8; RECORD_HEAD as usize];
            match read_full(&mut self.reader, &mut head)? {
                0 => break,
                n if n < head.len() => {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the snapshot ends inside a record",
                    ))
                }
                _ => {}
            }
            let seq = u64::from_le_bytes(head[..8].try_into().unwrap_or_default());
            let len = u32::from_le_bytes(head[8..].try_into().unwrap_or_default());
            let mut bytes = vec![0u8; len as usize];
            self.reader.read_exact(&mut bytes)?;
            out.push((Seq(seq), bytes));
        }
        Ok(out)
    }
}

/// Reads until `buf` is full or the stream ends; the number read.
fn read_full(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// The snapshot's bytes produced from the log: a window `buf` of the stream starting at `buf_at`, refilled from
/// the store as the position moves on (a position before the window starts the stream over).
struct LogReader {
    store: Arc<dyn LogStore>,
    upto: Seq,
    /// The stream's length, once measured.
    len: Option<u64>,
    pos: u64,
    buf: Vec<u8>,
    buf_at: u64,
    /// The next entry to encode after the window (0: the header comes first).
    next: Seq,
}

impl LogReader {
    /// Moves the window forward to the slice after it; false at the end.
    fn advance(&mut self) -> io::Result<bool> {
        let at = self.buf_at + self.buf.len() as u64;
        self.buf.clear();
        self.buf_at = at;
        if self.next == Seq(0) {
            self.buf.extend_from_slice(MAGIC);
            self.buf.extend_from_slice(&self.upto.0.to_le_bytes());
            self.next = Seq(1);
            return Ok(true);
        }
        if self.next > self.upto {
            return Ok(false);
        }
        let slice = self.store.read_from(self.next, SLICE).map_err(store_io)?;
        let mut expected = self.next;
        for (seq, bytes) in slice.into_iter().take_while(|(s, _)| *s <= self.upto) {
            if seq != expected {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("the log has no entry {}", expected.0),
                ));
            }
            self.buf.extend_from_slice(&seq.0.to_le_bytes());
            self.buf
                .extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            self.buf.extend_from_slice(&bytes);
            expected = seq.next();
        }
        if expected == self.next {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the log has no entry {}", expected.0),
            ));
        }
        self.next = expected;
        Ok(true)
    }

    /// The stream's length: the header and every record's head and bytes.
    fn len(&mut self) -> io::Result<u64> {
        if let Some(len) = self.len {
            return Ok(len);
        }
        let mut len = HEADER;
        let mut next = Seq(1);
        while next <= self.upto {
            let slice = self.store.read_from(next, SLICE).map_err(store_io)?;
            let before = next;
            for (seq, bytes) in slice.iter().take_while(|(s, _)| *s <= self.upto) {
                len += RECORD_HEAD + bytes.len() as u64;
                next = seq.next();
            }
            if next == before {
                break;
            }
        }
        self.len = Some(len);
        Ok(len)
    }

    /// Moves the position (nothing is read until asked for).
    fn seek(&mut self, position: SeekFrom) -> io::Result<u64> {
        let target = match position {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(d) => self.len()?.checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        self.pos = target.ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "a seek before the start")
        })?;
        Ok(self.pos)
    }

    /// Copies what the window holds at the position into `out`; 0 at the end of the stream.
    fn read_into(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos < self.buf_at {
            self.buf.clear();
            self.buf_at = 0;
            self.next = Seq(0);
        }
        while self.pos >= self.buf_at + self.buf.len() as u64 {
            if !self.advance()? {
                return Ok(0);
            }
        }
        let from = (self.pos - self.buf_at) as usize;
        let n = out.len().min(self.buf.len() - from);
        out[..n].copy_from_slice(&self.buf[from..from + n]);
        self.pos += n as u64;
        Ok(n)
    }
}

fn store_io(e: StoreError) -> io::Error {
    io::Error::other(e.to_string())
}

/// A [`LogReader`] read synchronously (installing a snapshot that never left this machine).
struct BlockingLog(LogReader);

impl Read for BlockingLog {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.0.read_into(out)
    }
}

impl io::Seek for BlockingLog {
    fn seek(&mut self, position: SeekFrom) -> io::Result<u64> {
        self.0.seek(position)
    }
}

impl AsyncRead for SnapshotStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match &mut self.get_mut().0 {
            Inner::File(f) => Pin::new(f).poll_read(cx, buf),
            Inner::Log(log) => {
                // The store answers from memory or a short disk read: no need to leave the task.
                let n = log.read_into(buf.initialize_unfilled())?;
                buf.advance(n);
                Poll::Ready(Ok(()))
            }
        }
    }
}

impl AsyncSeek for SnapshotStream {
    fn start_seek(self: Pin<&mut Self>, position: SeekFrom) -> io::Result<()> {
        match &mut self.get_mut().0 {
            Inner::File(f) => Pin::new(f).start_seek(position),
            Inner::Log(log) => log.seek(position).map(|_| ()),
        }
    }

    fn poll_complete(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<u64>> {
        match &mut self.get_mut().0 {
            Inner::File(f) => Pin::new(f).poll_complete(cx),
            Inner::Log(log) => Poll::Ready(Ok(log.pos)),
        }
    }
}

impl AsyncWrite for SnapshotStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        match &mut self.get_mut().0 {
            Inner::File(f) => Pin::new(f).poll_write(cx, data),
            Inner::Log(_) => Poll::Ready(Err(read_only())),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().0 {
            Inner::File(f) => Pin::new(f).poll_flush(cx),
            Inner::Log(_) => Poll::Ready(Ok(())),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().0 {
            Inner::File(f) => Pin::new(f).poll_shutdown(cx),
            Inner::Log(_) => Poll::Ready(Ok(())),
        }
    }
}

fn read_only() -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        "a snapshot read from the log cannot be written to",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::SledStore;
    use tokio::io::{AsyncReadExt, AsyncSeekExt, AsyncWriteExt};

    fn store(dir: &Path, n: u64) -> Arc<dyn LogStore> {
        let store = SledStore::open(&dir.join("log")).unwrap();
        let records: Vec<(Seq, Vec<u8>)> = (1..=n)
            .map(|i| {
                (
                    Seq(i),
                    format!("entry {i} ")
                        .repeat(i as usize % 7 + 1)
                        .into_bytes(),
                )
            })
            .collect();
        store.append(&records).unwrap();
        Arc::new(store)
    }

    #[tokio::test]
    async fn a_log_streams_in_chunks_and_reads_back_as_the_same_records() {
        let dir = tempfile::tempdir().unwrap();
        let log = store(dir.path(), 3000);
        // As openraft sends it: the length first, then chunks at offsets, one of them asked for twice.
        let mut sent = SnapshotStream::of_log(log.clone(), Seq(2500));
        let end = sent.seek(SeekFrom::End(0)).await.unwrap();
        let mut received = SnapshotStream::spooled(dir.path()).unwrap();
        let mut offset = 0;
        while offset < end {
            sent.seek(SeekFrom::Start(offset)).await.unwrap();
            let mut chunk = vec![0u8; 7000];
            let n = sent.read(&mut chunk).await.unwrap();
            assert!(n > 0);
            if offset > 0 && offset < 20_000 {
                sent.seek(SeekFrom::Start(offset)).await.unwrap();
                let mut again = vec![0u8; n];
                sent.read_exact(&mut again).await.unwrap();
                assert_eq!(again, chunk[..n]);
            }
            received.seek(SeekFrom::Start(offset)).await.unwrap();
            received.write_all(&chunk[..n]).await.unwrap();
            offset += n as u64;
        }
        received.flush().await.unwrap();
        let mut records = received.records().await.unwrap();
        assert_eq!(records.upto, Seq(2500));
        let mut all = Vec::new();
        loop {
            let slice = records.next_slice(600).unwrap();
            if slice.is_empty() {
                break;
            }
            all.extend(slice);
        }
        assert_eq!(all, log.read_from(Seq(1), 2500).unwrap());
        // The same snapshot read straight from the log.
        let mut direct = SnapshotStream::of_log(log.clone(), Seq(2500))
            .records()
            .await
            .unwrap();
        assert_eq!(direct.next_slice(5000).unwrap(), all);
    }

    #[tokio::test]
    async fn a_truncated_file_is_an_error_and_a_log_view_cannot_be_written() {
        let dir = tempfile::tempdir().unwrap();
        let log = store(dir.path(), 10);
        let mut bytes = Vec::new();
        SnapshotStream::of_log(log.clone(), Seq(10))
            .read_to_end(&mut bytes)
            .await
            .unwrap();
        let mut cut = SnapshotStream::spooled(dir.path()).unwrap();
        cut.write_all(&bytes[..bytes.len() - 3]).await.unwrap();
        let mut records = cut.records().await.unwrap();
        assert!(records.next_slice(100).is_err());
        let mut view = SnapshotStream::of_log(log, Seq(10));
        assert!(view.write_all(b"x").await.is_err());
    }
}
