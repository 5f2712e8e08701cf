//! The event log: the register's only durable state. Entries are appended by one writer, chained by hashes,
//! replayed on start and streamed to watchers.

pub mod entry;
pub mod replay;
pub mod store;
pub mod writer;

pub use entry::{Hash, LogEntry, GENESIS};
pub use replay::{replay, LogError, Replayed};
pub use store::{LogStore, MemoryStore, SledStore, StoreError};
pub use writer::{Committed, Outcome, WriteError, Writer};

#[cfg(test)]
mod tests;
