//! What a page shows, as topics that change: which public pages a committed event makes stale. Pure: reads the
//! applied state it is given (to learn a participant's tournaments), never the log or the clock.
//!
//! Registrations touch only the register (`players`); the pairing lists change only when a round is published or
//! a published round is edited, so the hundreds of phones holding a pairing list are not woken by desk traffic.

use crate::domain::round::RoundState;
use crate::domain::{Event, ParticipantId, State, TournamentId};
use std::fmt;

/// One thing a public page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Topic {
    /// The front page: the event and its tournaments.
    Home,
    /// A tournament's published pairing lists (and its players' game lists).
    Pairings(TournamentId),
    /// A tournament's standings (and its players' scores).
    Standings(TournamentId),
    /// A tournament's register: who is entered, checked in, numbered.
    Players(TournamentId),
    /// Every change to a tournament's rounds, published or not, and every result report (desk pages only).
    Rounds(TournamentId),
    /// Any participant record (registration desks).
    Register,
    /// Change slips (the director).
    Slips,
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Topic::Home => f.write_str("home"),
            Topic::Pairings(t) => write!(f, "t{}/pairings", t.0),
            Topic::Standings(t) => write!(f, "t{}/standings", t.0),
            Topic::Players(t) => write!(f, "t{}/players", t.0),
            Topic::Rounds(t) => write!(f, "t{}/rounds", t.0),
            Topic::Register => f.write_str("register"),
            Topic::Slips => f.write_str("slips"),
        }
    }
}

impl Topic {
    /// Parses `home`, `t3/pairings`, `t3/standings`, `t3/players`.
    pub fn parse(s: &str) -> Option<Topic> {
        match s {
            "home" => return Some(Topic::Home),
            "register" => return Some(Topic::Register),
            "slips" => return Some(Topic::Slips),
            _ => {}
        }
        let (t, page) = s.strip_prefix('t')?.split_once('/')?;
        let t = TournamentId(t.parse().ok()?);
        match page {
            "pairings" => Some(Topic::Pairings(t)),
            "standings" => Some(Topic::Standings(t)),
            "players" => Some(Topic::Players(t)),
            "rounds" => Some(Topic::Rounds(t)),
            _ => None,
        }
    }

    /// Every page of tournament `t`.
    pub fn all_of(t: TournamentId) -> [Topic; 3] {
        [Topic::Pairings(t), Topic::Standings(t), Topic::Players(t)]
    }
}

/// The topics event `e` makes stale, given the state after it was applied: the public pages' and the desks'.
pub fn touched(state: &State, e: &Event) -> Vec<Topic> {
    let mut topics = public(state, e);
    topics.extend(desk(e));
    topics
}

/// What desk pages follow besides the public topics: every round change, every participant, slips.
fn desk(e: &Event) -> Vec<Topic> {
    match e {
        Event::RoundDrawn { tournament, .. }
        | Event::RoundEdited { tournament, .. }
        | Event::RoundStateSet { tournament, .. }
        | Event::GameUpdated { tournament, .. }
        | Event::ColoursRecorded { tournament, .. }
        | Event::PlayersNumbered { tournament, .. }
        | Event::LadderGamePlayed { tournament, .. } => vec![Topic::Rounds(*tournament)],
        Event::ParticipantRegistered { .. }
        | Event::ParticipantUpdated { .. }
        | Event::TournamentEntered { .. }
        | Event::TournamentLeft { .. }
        | Event::RegistrationUndone { .. }
        | Event::RoundsSet { .. }
        | Event::EntryStatusSet { .. }
        | Event::EntryOptionsSet { .. }
        | Event::RankChanged { .. }
        | Event::PaymentRecorded { .. }
        | Event::CodeIssued { .. } => vec![Topic::Register],
        Event::SlipSubmitted { .. } | Event::SlipResolved { .. } => vec![Topic::Slips],
        Event::EventUpdated { .. }
        | Event::TournamentCreated { .. }
        | Event::TournamentUpdated { .. }
        | Event::RegistrationSet { .. }
        | Event::TokenCreated { .. }
        | Event::TokenRevoked { .. }
        | Event::VenueChanged { .. }
        | Event::RatingsLoaded { .. } => Vec::new(),
    }
}

/// The public pages event `e` makes stale.
fn public(state: &State, e: &Event) -> Vec<Topic> {
    let entered = |id: &ParticipantId| -> Vec<TournamentId> {
        state
            .participants
            .get(id)
            .map(|p| p.entries.keys().copied().collect())
            .unwrap_or_default()
    };
    let every_tournament = || -> Vec<Topic> {
        let mut all = vec![Topic::Home];
        all.extend(state.tournaments.keys().flat_map(|t| Topic::all_of(*t)));
        all
    };
    let whole = |t: TournamentId| -> Vec<Topic> {
        let mut all = vec![Topic::Home];
        all.extend(Topic::all_of(t));
        all
    };
    match e {
        Event::EventUpdated { .. } => every_tournament(),
        Event::TournamentCreated { tournament } => whole(tournament.id),
        Event::TournamentUpdated { id, .. } | Event::RegistrationSet { id, .. } => whole(*id),
        Event::ParticipantRegistered { participant } => participant
            .entries
            .keys()
            .map(|t| Topic::Players(*t))
            .collect(),
        // A name or rank change shows on every page the player is on.
        Event::ParticipantUpdated { id, .. } => {
            entered(id).into_iter().flat_map(Topic::all_of).collect()
        }
        Event::TournamentEntered { tournament, .. }
        | Event::TournamentLeft { tournament, .. }
        | Event::RoundsSet { tournament, .. } => vec![Topic::Players(*tournament)],
        Event::EntryStatusSet { tournaments, .. }
        | Event::RegistrationUndone { tournaments, .. } => {
            tournaments.iter().map(|t| Topic::Players(*t)).collect()
        }
        // Tokens, slips and rating lists are never shown; an accepted slip's change is its own ParticipantUpdated.
        Event::TokenCreated { .. }
        | Event::TokenRevoked { .. }
        | Event::VenueChanged { .. }
        | Event::SlipSubmitted { .. }
        | Event::SlipResolved { .. }
        | Event::RatingsLoaded { .. }
        | Event::PaymentRecorded { .. }
        | Event::CodeIssued { .. } => Vec::new(),
        Event::EntryOptionsSet { tournament, .. } | Event::RankChanged { tournament, .. } => {
            vec![Topic::Players(*tournament), Topic::Standings(*tournament)]
        }
        Event::PlayersNumbered { tournament, .. } | Event::LadderGamePlayed { tournament, .. } => {
            vec![Topic::Players(*tournament), Topic::Standings(*tournament)]
        }
        // A draw is private until it is published; it may number latecomers.
        Event::RoundDrawn {
            tournament,
            numbers,
            ..
        } => {
            if numbers.is_empty() {
                Vec::new()
            } else {
                vec![Topic::Players(*tournament)]
            }
        }
        Event::RoundEdited {
            tournament, round, ..
        } => {
            if round.state == RoundState::Drawn {
                Vec::new()
            } else {
                vec![Topic::Pairings(*tournament), Topic::Players(*tournament)]
            }
        }
        Event::RoundStateSet { tournament, .. } => {
            let mut all = vec![Topic::Home];
            all.extend(Topic::all_of(*tournament));
            all
        }
        Event::GameUpdated { tournament, .. } => vec![Topic::Standings(*tournament)],
        // The pairing list and the players' pages name the colours once they are recorded.
        Event::ColoursRecorded { tournament, .. } => vec![
            Topic::Pairings(*tournament),
            Topic::Players(*tournament),
            Topic::Standings(*tournament),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_print_and_parse_back() {
        for topic in [
            Topic::Home,
            Topic::Pairings(TournamentId(3)),
            Topic::Standings(TournamentId(12)),
            Topic::Players(TournamentId(1)),
        ] {
            assert_eq!(Topic::parse(&topic.to_string()), Some(topic));
        }
        for topic in [
            Topic::Rounds(TournamentId(2)),
            Topic::Register,
            Topic::Slips,
        ] {
            assert_eq!(Topic::parse(&topic.to_string()), Some(topic));
        }
        for bad in [
            "",
            "t",
            "t1",
            "t1/",
            "tx/pairings",
            "t1/secret",
            "t-1/players",
        ] {
            assert_eq!(Topic::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_unpublished_draw_touches_only_the_desks_and_a_token_nothing() {
        use crate::domain::round::RoundRecord;
        let state = State::default();
        let round = RoundRecord {
            number: 1,
            state: RoundState::Drawn,
            seed: 7,
            games: Vec::new(),
            bye: None,
            advancing: Vec::new(),
            warnings: Vec::new(),
            draws: 1,
            published_at_ms: None,
            parts: Vec::new(),
        };
        let drawn = Event::RoundDrawn {
            tournament: TournamentId(1),
            revision: crate::domain::Revision(2),
            round: round.clone(),
            starts: Vec::new(),
            numbers: Vec::new(),
        };
        assert_eq!(
            touched(&state, &drawn),
            vec![Topic::Rounds(TournamentId(1))]
        );
        let edited = Event::RoundEdited {
            tournament: TournamentId(1),
            revision: crate::domain::Revision(3),
            round,
            edit: "swap".into(),
        };
        assert_eq!(
            touched(&state, &edited),
            vec![Topic::Rounds(TournamentId(1))]
        );
        let published = Event::RoundStateSet {
            tournament: TournamentId(1),
            revision: crate::domain::Revision(4),
            round: 1,
            state: RoundState::Published,
            at_ms: 1,
        };
        assert!(touched(&state, &published).contains(&Topic::Pairings(TournamentId(1))));
        assert!(touched(
            &state,
            &Event::TokenRevoked {
                id: crate::domain::TokenId(1)
            }
        )
        .is_empty());
    }
}
