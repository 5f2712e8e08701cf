//! Players' personal codes: six characters a player types on their own phone or at an entrance tablet to check
//! themselves in or report their own game's result (issue 31). Owns the code's alphabet, how a fresh code is
//! derived from the writer's entropy (so replay never needs it again: the event records the code), and how a
//! typed code is read. Pure.
//!
//! A code is a secret like a token: its `Debug` never prints it, so a code in a state, an event or a command
//! cannot reach a log line. Pages show it only to the director and, once, to the desk that registered the player.

use super::ids::ParticipantId;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::fmt;

/// The characters of a code: digits and capitals without 0, O, 1, I and L, which people misread.
pub const ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// How many characters a code has: 31⁶ ≈ 887 million codes, so a guess finds one of 10,000 players about once
/// in 89,000 tries, and the doors allow a few wrong tries per address and player.
pub const LEN: usize = 6;

/// A player's personal code, as stored: [`LEN`] characters of [`ALPHABET`].
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerCode(String);

impl fmt::Debug for PlayerCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PlayerCode(…)")
    }
}

impl PlayerCode {
    /// The code `attempt` of participant `id` under `entropy`: the writer's fresh entropy makes it unguessable,
    /// the participant and the attempt make codes made by one command differ.
    pub fn derive(entropy: &[u8; 32], id: ParticipantId, attempt: u32) -> PlayerCode {
        let mut hash = Sha256::new();
        hash.update(b"tengen player code\0");
        hash.update(entropy);
        hash.update(id.0.to_be_bytes());
        hash.update(attempt.to_be_bytes());
        let digest = hash.finalize();
        let code = digest
            .iter()
            .take(LEN)
            .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
            .collect();
        PlayerCode(code)
    }

    /// A fresh code for `id` that neither `taken` nor `also` holds.
    pub fn fresh(
        entropy: &[u8; 32],
        id: ParticipantId,
        taken: impl Fn(&PlayerCode) -> bool,
        also: &HashSet<PlayerCode>,
    ) -> PlayerCode {
        (0..)
            .map(|attempt| PlayerCode::derive(entropy, id, attempt))
            .find(|c| !taken(c) && !also.contains(c))
            .unwrap_or_else(|| PlayerCode::derive(entropy, id, u32::MAX))
    }

    /// A code as a person typed it: any case, spaces and dashes ignored. `None` when it cannot be a code (then
    /// no player has it).
    pub fn parse(typed: &str) -> Option<PlayerCode> {
        let code: String = typed
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let fits = code.len() == LEN && code.bytes().all(|b| ALPHABET.contains(&b));
        fits.then_some(PlayerCode(code))
    }

    /// The code as stored (for the printed card and the organisers' CSV only).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The code as printed for a person to read: `K7M-4QX`.
    pub fn grouped(&self) -> String {
        let (a, b) = self.0.split_at(self.0.len() / 2);
        format!("{a}-{b}")
    }
}

/// A code as typed into a command (self check-in, a player's result). Decided against the register, never
/// stored: the log keeps what happened, not the code; `Debug` hides it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct TypedCode(pub String);

impl fmt::Debug for TypedCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TypedCode(…)")
    }
}

impl TypedCode {
    /// The code it can be, if any.
    pub fn code(&self) -> Option<PlayerCode> {
        PlayerCode::parse(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_uses_unambiguous_characters_and_reads_back_as_typed() {
        let code = PlayerCode::derive(&[7; 32], ParticipantId(12), 0);
        assert_eq!(code.as_str().len(), LEN);
        assert!(code.as_str().bytes().all(|b| ALPHABET.contains(&b)));
        for bad in b"01OIL" {
            assert!(!ALPHABET.contains(bad));
        }
        let typed = code.grouped().to_lowercase().replace('-', " - ");
        assert_eq!(PlayerCode::parse(&typed), Some(code.clone()));
        assert_eq!(PlayerCode::parse("K7M4Q"), None, "too short");
        assert_eq!(PlayerCode::parse("K7M4Q0"), None, "0 is never in a code");
        assert_eq!(PlayerCode::parse(&"A".repeat(10_000)), None);
    }

    #[test]
    fn codes_differ_by_player_and_attempt_and_skip_taken_ones() {
        let e = [3; 32];
        let a = PlayerCode::derive(&e, ParticipantId(1), 0);
        assert_ne!(a, PlayerCode::derive(&e, ParticipantId(2), 0));
        assert_ne!(a, PlayerCode::derive(&e, ParticipantId(1), 1));
        assert_ne!(a, PlayerCode::derive(&[4; 32], ParticipantId(1), 0));
        let fresh = PlayerCode::fresh(&e, ParticipantId(1), |c| *c == a, &HashSet::new());
        assert_eq!(fresh, PlayerCode::derive(&e, ParticipantId(1), 1));
    }

    #[test]
    fn a_code_never_prints_in_debug() {
        let code = PlayerCode::derive(&[1; 32], ParticipantId(5), 0);
        assert!(!format!("{code:?}").contains(code.as_str()));
        let typed = TypedCode(code.as_str().into());
        assert!(!format!("{typed:?}").contains(code.as_str()));
    }
}
