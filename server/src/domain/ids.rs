//! Identifier and unit newtypes of the register. A raw integer never crosses a module boundary.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_type!(
    /// A participant of the event; assigned by the server, never reused.
    ParticipantId,
    "P"
);
id_type!(
    /// A tournament of the event (main, lightning, novices…).
    TournamentId,
    "T"
);
id_type!(
    /// A terminal token.
    TokenId,
    "K"
);
id_type!(
    /// A change slip sent from the public board: a player's request the director accepts or rejects.
    SlipId,
    "S"
);
id_type!(
    /// A record's revision; bumps on every change so concurrent edits are detected.
    Revision,
    "rev "
);
id_type!(
    /// A log entry's sequence number, from 1.
    Seq,
    "#"
);
id_type!(
    /// A leadership term of the replicated log; bumps when a standby is promoted.
    Epoch,
    "epoch "
);

impl Revision {
    /// The revision after this one.
    pub fn next(self) -> Revision {
        Revision(self.0 + 1)
    }
}

impl Seq {
    /// The sequence number after this one.
    pub fn next(self) -> Seq {
        Seq(self.0 + 1)
    }
}
