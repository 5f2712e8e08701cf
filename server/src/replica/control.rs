//! Which mode this server is in (primary, standby, halted), the writer handle that only a primary holds, and the
//! alarms the director sees in `tengen status`. Plain synchronisation around plain data: Raft decides the mode
//! (`quorum::node`), this only holds it.

use crate::log::{LogError, Writer};
use std::collections::BTreeMap;
use std::sync::{Mutex, RwLock};
use std::thread::JoinHandle;

/// The server's part in its venue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Accepts writes.
    Primary,
    /// Follows the leader at this address (a voter that does not lead, or a learner); serves reads; refuses
    /// writes naming the leader.
    Standby {
        /// The primary's address (empty in a quorum venue while no leader is known).
        primary: String,
    },
    /// Stopped for good on something a person must look at (the venue was taken over from this machine);
    /// reads only.
    Halted {
        /// Why.
        reason: String,
    },
}

impl Mode {
    /// "primary", "standby" or "halted".
    pub fn as_str(&self) -> &'static str {
        match self {
            Mode::Primary => "primary",
            Mode::Standby { .. } => "standby",
            Mode::Halted { .. } => "halted",
        }
    }
}

/// Why a write cannot be taken here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotPrimary {
    /// Another machine leads.
    #[error("this server does not lead the venue; send writes to the leader at {0}")]
    Standby(String),
    /// Replication stopped.
    #[error("this server is halted and takes no writes: {0}")]
    Halted(String),
    /// A quorum venue without a leader this server can reach.
    #[error(
        "no server of the venue takes changes at the moment (the servers are electing a leader, or this one cannot \
         reach a majority of them); retry in a few seconds"
    )]
    NoLeader,
}

type WriterThread = JoinHandle<Result<(), LogError>>;

/// Mode, writer and alarms, shared by the services and the replication tasks.
pub struct Control {
    mode: RwLock<Mode>,
    writer: RwLock<Option<Writer>>,
    thread: Mutex<Option<WriterThread>>,
    alarms: Mutex<BTreeMap<String, String>>,
    /// On a quorum venue, this server's Raft node (set once it starts): the members and their changes.
    pub venue: std::sync::OnceLock<openraft::Raft<super::quorum::types::TypeConfig>>,
}

impl Control {
    /// A control in `mode`.
    pub fn new(mode: Mode) -> Control {
        Control {
            mode: RwLock::new(mode),
            writer: RwLock::new(None),
            thread: Mutex::new(None),
            alarms: Mutex::new(BTreeMap::new()),
            venue: std::sync::OnceLock::new(),
        }
    }

    /// The current mode.
    pub fn mode(&self) -> Mode {
        self.mode.read().map(|m| m.clone()).unwrap_or(Mode::Halted {
            reason: "mode lock poisoned".into(),
        })
    }

    /// Changes the mode.
    pub fn set_mode(&self, mode: Mode) {
        if let Ok(mut m) = self.mode.write() {
            *m = mode;
        }
    }

    /// The writer, when this server is the primary.
    pub fn writer(&self) -> Result<Writer, NotPrimary> {
        let writer = self.writer.read().ok().and_then(|w| w.clone());
        match (self.mode(), writer) {
            (Mode::Primary, Some(w)) => Ok(w),
            (Mode::Standby { primary }, _) if primary.is_empty() => Err(NotPrimary::NoLeader),
            (Mode::Standby { primary }, _) => Err(NotPrimary::Standby(primary)),
            (Mode::Halted { reason }, _) => Err(NotPrimary::Halted(reason)),
            (Mode::Primary, None) => Err(NotPrimary::Halted("the writer is not running".into())),
        }
    }

    /// Installs the writer of a primary.
    pub fn install_writer(&self, writer: Writer, thread: WriterThread) {
        if let Ok(mut w) = self.writer.write() {
            *w = Some(writer);
        }
        if let Ok(mut t) = self.thread.lock() {
            *t = Some(thread);
        }
    }

    /// Drops this server's writer handle and returns the writer thread to join (it stops once every in-flight
    /// request has dropped its clone of the handle).
    pub fn take_writer(&self) -> Option<WriterThread> {
        if let Ok(mut w) = self.writer.write() {
            *w = None;
        }
        self.thread.lock().ok().and_then(|mut t| t.take())
    }

    /// Raises (or updates) an alarm.
    pub fn alarm(&self, key: &str, message: String) {
        if let Ok(mut a) = self.alarms.lock() {
            if a.get(key) != Some(&message) {
                tracing::warn!(alarm = key, "{message}");
                a.insert(key.to_string(), message);
            }
        }
    }

    /// Clears an alarm.
    pub fn clear(&self, key: &str) {
        if let Ok(mut a) = self.alarms.lock() {
            if a.remove(key).is_some() {
                tracing::info!(alarm = key, "cleared");
            }
        }
    }

    /// Current alarms, as lines.
    pub fn alarms(&self) -> Vec<String> {
        self.alarms
            .lock()
            .map(|a| a.values().cloned().collect())
            .unwrap_or_default()
    }
}
