//! The players' own way into the core (issue 31): who a typed personal code belongs to (for the "this is me"
//! step), and a player's self check-in or result written as the anonymous public role, after the guard against
//! guessing: a few wrong codes per device address and per player, then a pause. The rules themselves (the code
//! matches, the switch is on, the game is theirs) are the domain's; this module owns only the guard and the
//! caller the writes go under.
//!
//! Never logs, stores or returns a code; the device's address stays in memory here, and the log records only its
//! class (`Via`).

use super::{Core, Meta, Refusal, Target};
use crate::auth::Caller;
use crate::domain::code::TypedCode;
use crate::domain::command::Via;
use crate::domain::lifecycle::player_report::PLAYER_PAGE;
use crate::domain::{Command, EntryStatus, ParticipantId, Rejected, Role, TournamentId};
use crate::log::Outcome;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long wrong codes count against a device or a player.
pub const WINDOW: Duration = Duration::from_secs(10 * 60);
/// Wrong codes a device address may send within [`WINDOW`] (an entrance tablet serves many players: typos).
pub const WRONG_PER_ADDRESS: usize = 10;
/// Wrong codes for one player within [`WINDOW`], from anywhere.
pub const WRONG_PER_PLAYER: usize = 5;
/// The most addresses and players the guard remembers (a flood cannot grow it without bound).
const REMEMBERED: usize = 50_000;

/// Who or what a wrong code counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Address(IpAddr),
    Player(ParticipantId),
}

/// Wrong codes lately, per device address and per player.
#[derive(Debug, Default)]
pub struct CodeGuard(Mutex<HashMap<Key, Vec<Instant>>>);

impl CodeGuard {
    /// May `from` try a code (for `player`, when the page names one) now?
    fn allows(&self, from: IpAddr, player: Option<ParticipantId>, now: Instant) -> bool {
        let Ok(mut wrong) = self.0.lock() else {
            return false;
        };
        let mut under = |key: Key, limit: usize| {
            let times = wrong.entry(key).or_default();
            times.retain(|t| now.duration_since(*t) < WINDOW);
            times.len() < limit
        };
        let address = under(Key::Address(from), WRONG_PER_ADDRESS);
        address && player.is_none_or(|p| under(Key::Player(p), WRONG_PER_PLAYER))
    }

    /// Counts a wrong code from `from` (for `player`).
    fn wrong(&self, from: IpAddr, player: Option<ParticipantId>, now: Instant) {
        let Ok(mut wrong) = self.0.lock() else {
            return;
        };
        if wrong.len() >= REMEMBERED {
            wrong.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < WINDOW));
        }
        for key in std::iter::once(Key::Address(from)).chain(player.map(Key::Player)) {
            wrong.entry(key).or_default().push(now);
        }
    }
}

/// The player a code belongs to, as the "this is me" step shows them: nothing private.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// Register id (the form sends it back).
    pub participant: ParticipantId,
    /// "Kim Ara".
    pub name: String,
    /// "3k".
    pub rank: String,
    /// The club, possibly empty.
    pub club: String,
    /// Where their entry stands.
    pub status: EntryStatus,
}

/// The refusal after too many wrong codes.
fn paused() -> Refusal {
    Refusal::Throttled(format!(
        "Too many wrong codes from this device or for this player: wait {} minutes, or see the desk.",
        WINDOW.as_secs() / 60
    ))
}

/// The class of `addr` the log records: the venue's own network or outside it.
pub fn via(addr: IpAddr) -> Via {
    let local = match addr {
        IpAddr::V4(v4) => v4.is_private() || v4.is_loopback() || v4.is_link_local(),
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| v4.is_private() || v4.is_loopback())
        }
    };
    if local {
        Via::Venue
    } else {
        Via::Outside
    }
}

impl Core {
    /// Who has the code `typed` in tournament `t`, for the "this is me" step. A wrong code counts against `from`.
    pub fn whose_code(
        &self,
        from: IpAddr,
        t: TournamentId,
        typed: &str,
    ) -> Result<Identity, Refusal> {
        let now = Instant::now();
        if !self.codes.allows(from, None, now) {
            return Err(paused());
        }
        let code = TypedCode(typed.to_string()).code();
        let found = self.read(|s| {
            let p = s.by_code(code.as_ref()?)?;
            let entry = p.entries.get(&t)?;
            Some(Identity {
                participant: p.id,
                name: format!("{} {}", p.fields.family_name, p.fields.given_name),
                rank: p.fields.rank.to_string(),
                club: p.fields.club.clone(),
                status: entry.status,
            })
        })?;
        found.ok_or_else(|| {
            self.codes.wrong(from, None, now);
            Refusal::rule(Rejected::WrongCode)
        })
    }

    /// Is `typed` player `p`'s code in tournament `t`? The check a player page makes before it asks "is that
    /// right?"; a wrong code (the opponent's too) counts against `from` and `p`.
    pub fn code_is(
        &self,
        from: IpAddr,
        t: TournamentId,
        p: ParticipantId,
        typed: &str,
    ) -> Result<(), Refusal> {
        let now = Instant::now();
        if !self.codes.allows(from, Some(p), now) {
            return Err(paused());
        }
        let code = TypedCode(typed.to_string());
        let right = self.read(|s| {
            s.participants.get(&p).is_some_and(|x| {
                x.entries.contains_key(&t)
                    && crate::domain::decide::players::check_code(x, &code).is_ok()
            })
        })?;
        if right {
            return Ok(());
        }
        self.codes.wrong(from, Some(p), now);
        Err(Refusal::rule(Rejected::WrongCode))
    }

    /// Writes a player's own command (`SelfCheckIn` or `PlayerReport`, carrying their code) as the public role,
    /// once the guard allows `from` to try a code for that player; a wrong code counts against both.
    pub async fn player_write(
        &self,
        from: IpAddr,
        meta: Meta,
        cmd: Command,
    ) -> Result<Outcome, Refusal> {
        let player = match &cmd {
            Command::SelfCheckIn { participant, .. }
            | Command::PlayerReport { participant, .. } => *participant,
            _ => return Err(Refusal::BadRequest("not a player's own command".into())),
        };
        let now = Instant::now();
        if !self.codes.allows(from, Some(player), now) {
            return Err(paused());
        }
        let caller = Caller {
            terminal: PLAYER_PAGE.into(),
            role: Role::Public,
        };
        let target = Target::Participant(player);
        let answer = self.write(&caller, meta, cmd, target).await;
        if let Err(Refusal::Rejected {
            rejected: Rejected::WrongCode,
            ..
        }) = &answer
        {
            self.codes.wrong(from, Some(player), now);
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_codes_pause_a_device_and_a_player_for_the_window() {
        let guard = CodeGuard::default();
        let (kiosk, phone) = ("10.0.0.5".parse().unwrap(), "10.0.0.6".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..WRONG_PER_ADDRESS {
            assert!(guard.allows(kiosk, None, t0));
            guard.wrong(kiosk, None, t0);
        }
        assert!(!guard.allows(kiosk, None, t0), "the device pauses");
        assert!(guard.allows(phone, None, t0), "another device does not");
        assert!(
            guard.allows(kiosk, None, t0 + WINDOW),
            "until the window passes"
        );

        let player = Some(ParticipantId(7));
        for i in 0..WRONG_PER_PLAYER {
            let from: IpAddr = format!("192.168.1.{i}").parse().unwrap();
            guard.wrong(from, player, t0);
        }
        assert!(
            !guard.allows(phone, player, t0),
            "guessing one player's code from many devices pauses too"
        );
        assert!(guard.allows(phone, Some(ParticipantId(8)), t0));
    }

    #[test]
    fn the_venue_network_is_told_from_outside() {
        for venue in [
            "192.168.1.20",
            "10.1.2.3",
            "172.16.0.9",
            "127.0.0.1",
            "fd00::5",
            "::1",
        ] {
            assert_eq!(via(venue.parse().unwrap()), Via::Venue, "{venue}");
        }
        for outside in ["8.8.8.8", "2a00:1450::1"] {
            assert_eq!(via(outside.parse().unwrap()), Via::Outside, "{outside}");
        }
    }
}
