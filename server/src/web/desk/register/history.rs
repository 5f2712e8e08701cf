//! Who did something to a participant, found by reading the log backwards from its end: who checked a player in
//! (shown when a second desk tries again) and which terminal made the current version of a record (shown on a
//! stale edit). Bounded: reads at most [`MAX_ENTRIES`] recent entries, so a desk page never scans a whole
//! congress's log; beyond that the page says "another desk".

use crate::domain::{EntryStatus, Event, ParticipantId, Revision, StatusChange, Subject};
use crate::log::{entry, LogEntry, LogStore};
use crate::tr;
use crate::web::lang::Lang;

/// How far back a lookup reads.
pub const MAX_ENTRIES: u64 = 2000;
/// Entries read per step.
const CHUNK: u64 = 256;

/// A terminal's change: where, who and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The terminal, e.g. "desk-2".
    pub terminal: String,
    /// The volunteer at it (may be empty).
    pub operator: String,
    /// When (ms since the Unix epoch).
    pub at_ms: i64,
}

impl Change {
    /// "desk-2 (Anne)".
    pub fn who(&self) -> String {
        if self.operator.is_empty() {
            self.terminal.clone()
        } else {
            format!("{} ({})", self.terminal, self.operator)
        }
    }
}

/// "just now", "4 min ago", "2 h 5 min ago".
pub fn ago(l: Lang, ms: i64) -> String {
    let minutes = ms.max(0) / 60_000;
    match minutes {
        0 => l.t("desk-just-now"),
        m if m < 60 => tr!(l, "desk-min-ago", m = m),
        m => tr!(l, "desk-h-min-ago", h = m / 60, m = m % 60),
    }
}

/// The most recent entry (within the bound, up to `last`) matching `wanted`.
fn latest(store: &dyn LogStore, last: u64, wanted: impl Fn(&LogEntry) -> bool) -> Option<Change> {
    let floor = last.saturating_sub(MAX_ENTRIES).max(1);
    let mut hi = last;
    while hi >= floor {
        let lo = hi.saturating_sub(CHUNK - 1).max(floor);
        let chunk = store
            .read_from(crate::domain::Seq(lo), (hi - lo + 1) as usize)
            .ok()?;
        for (_, bytes) in chunk.iter().rev() {
            let Ok((e, _)) = entry::decode_trusted(bytes) else {
                continue;
            };
            if e.seq.0 <= last && wanted(&e) {
                return Some(Change {
                    terminal: e.terminal,
                    operator: e.operator,
                    at_ms: e.timestamp_ms,
                });
            }
        }
        if lo <= floor {
            break;
        }
        hi = lo - 1;
    }
    None
}

/// Who last checked participant `id` in (by a check-in, or by registering them checked in).
pub fn checked_in_by(store: &dyn LogStore, last: u64, id: ParticipantId) -> Option<Change> {
    latest(store, last, |e| {
        e.events.iter().any(|ev| match ev {
            Event::EntryStatusSet {
                id: who,
                change: StatusChange::CheckIn,
                ..
            } => *who == id,
            Event::ParticipantRegistered { participant } => {
                participant.id == id
                    && participant
                        .entries
                        .values()
                        .any(|en| en.status == EntryStatus::CheckedIn)
            }
            _ => false,
        })
    })
}

/// Which terminal made revision `revision` of participant `id`.
pub fn revision_by(
    store: &dyn LogStore,
    last: u64,
    id: ParticipantId,
    revision: Revision,
) -> Option<Change> {
    latest(
        store,
        last,
        |e| matches!(&e.subject, Some(Subject::Participant(p)) if p.id == id && p.revision == revision),
    )
}

#[cfg(test)]
mod tests {
    use super::ago;
    use crate::web::lang::Lang;

    #[test]
    fn times_read_as_minutes_ago() {
        assert_eq!(ago(Lang::En, 20_000), "just now");
        assert_eq!(ago(Lang::En, 4 * 60_000 + 5), "4 min ago");
        assert_eq!(ago(Lang::En, 125 * 60_000), "2 h 5 min ago");
        assert_eq!(ago(Lang::En, -5), "just now");
    }
}
