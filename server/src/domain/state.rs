//! The register's state: a fold over the log's events, with the indexes reads and duplicate checks need.
//! Pure: `apply` (in `apply.rs`, by family of events) never fails and never looks at anything but the event
//! (events were validated by `decide`).

use super::code::PlayerCode;
use super::event::Event;
use super::ids::{Epoch, ParticipantId, Seq, SlipId, TokenId, TournamentId};
use super::name::{fold, search_names};
use super::ratings::{RatingList, RatingListInfo, RatingSource};
use super::record::{EntryStatus, EventInfo, Participant, TokenRecord, Tournament};
use super::round::{GameRecord, Play, RoundRecord};
use super::slip::{Slip, SlipState};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod apply;

/// The record a command produced or changed: what its answer (and a retry's answer) contains.
// Nearly every subject is a participant, so boxing the large variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Subject {
    /// The event's details.
    Event(EventInfo),
    /// A tournament.
    Tournament(Tournament),
    /// A participant.
    Participant(Participant),
    /// A token (never its secret).
    Token(TokenRecord),
    /// A round of a tournament.
    Round(TournamentId, RoundRecord),
    /// A tournament's player numbers.
    Numbers(TournamentId),
    /// One game of a round (results and referee reports answer with the game only, so their log entries stay
    /// small however big the round is).
    Game(TournamentId, u32, GameRecord),
    /// A change slip from the public board.
    Slip(Slip),
    /// A rating list, without its players (a part's answer stays small).
    RatingList(RatingListInfo),
    /// A ladder after one of its games.
    Ladder(TournamentId),
}

/// A request id as the register remembers it: scoped by the terminal that sent it, so one desk's id never answers
/// another desk's command (two results desks sending the same content-derived id are two entries). Both halves
/// come from the log entry (`terminal`, `request_id`), so replay, snapshots and a promoted standby derive the same
/// key, and a desk retrying against the standby still gets its own original answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RequestKey {
    /// The token name of the terminal that sent the request.
    pub terminal: String,
    /// The client's request id.
    pub id: String,
}

impl RequestKey {
    /// The key of request `id` from `terminal`.
    pub fn new(terminal: &str, id: &str) -> RequestKey {
        RequestKey {
            terminal: terminal.to_string(),
            id: id.to_string(),
        }
    }
}

/// What the register remembers of a request id so that a retry returns the original answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestRecord {
    /// Hash of the command, to tell a retry from a reused id.
    pub fingerprint: String,
    /// The log entry that carried it (and its answer: a retry reads the answer back from that entry).
    pub seq: Seq,
}

/// A participant's external ids, for the duplicate guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExternalId {
    /// EGD pin.
    Egd,
    /// AGA id.
    Aga,
    /// FFG licence.
    Ffg,
}

/// The whole register, rebuilt by replaying the log.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// The event's details.
    pub event: EventInfo,
    /// Tournaments by id.
    pub tournaments: BTreeMap<TournamentId, Tournament>,
    /// Participants by id.
    pub participants: BTreeMap<ParticipantId, Participant>,
    /// Tokens by id.
    pub tokens: BTreeMap<TokenId, TokenRecord>,
    /// Each tournament's rounds, numbers and frozen starting scores.
    pub play: BTreeMap<TournamentId, Play>,
    /// Change slips from the public board, pending and resolved.
    pub slips: BTreeMap<SlipId, Slip>,
    /// Rating lists loaded for lookup at registration, by source.
    pub ratings: BTreeMap<RatingSource, RatingList>,
    /// Request ids seen, per terminal, with their answers.
    pub requests: HashMap<RequestKey, RequestRecord>,
    /// Participant ids whose registration was undone: never given again.
    pub retired: BTreeSet<ParticipantId>,
    /// Request ids of a snapshot taken before ids were scoped by terminal, until `scope_legacy_requests` names
    /// their terminals from the log.
    legacy_requests: Vec<(String, RequestRecord)>,
    /// The last applied log entry.
    pub last_seq: Seq,
    /// The log's current term.
    pub epoch: Epoch,
    token_by_hash: HashMap<String, TokenId>,
    by_name_club: HashMap<(String, String), BTreeSet<ParticipantId>>,
    by_external: HashMap<(ExternalId, String), BTreeSet<ParticipantId>>,
    /// Each participant's names as a search finds them (`name::search_names`): the name itself first.
    folded: BTreeMap<ParticipantId, Vec<(String, String)>>,
    /// Personal code → participant.
    by_code: HashMap<PlayerCode, ParticipantId>,
}

/// The state as plain data, for snapshots and backups (the indexes are rebuilt on load).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StateImage {
    /// The event's details.
    pub event: EventInfo,
    /// Tournaments.
    pub tournaments: BTreeMap<TournamentId, Tournament>,
    /// Participants.
    pub participants: BTreeMap<ParticipantId, Participant>,
    /// Tokens.
    pub tokens: BTreeMap<TokenId, TokenRecord>,
    /// Rounds.
    pub play: BTreeMap<TournamentId, Play>,
    /// Change slips (absent in snapshots taken before slips existed).
    #[serde(default)]
    pub slips: BTreeMap<SlipId, Slip>,
    /// Rating lists (absent in snapshots taken before they existed).
    #[serde(default)]
    pub ratings: BTreeMap<RatingSource, RatingList>,
    /// Participant ids whose registration was undone (absent in snapshots taken before undoing existed).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub retired: BTreeSet<ParticipantId>,
    /// Request ids (scoped by terminal) with their answers, in log order.
    #[serde(rename = "terminal_requests", default)]
    pub requests: Vec<(RequestKey, RequestRecord)>,
    /// Unscoped request ids, as snapshots taken before the scoping wrote them (read, never written).
    #[serde(rename = "requests", default, skip_serializing)]
    pub legacy_requests: Vec<(String, RequestRecord)>,
    /// The last applied entry.
    pub last_seq: Seq,
    /// The term.
    pub epoch: Epoch,
}

impl State {
    /// The state as plain data.
    pub fn image(&self) -> StateImage {
        let mut requests: Vec<(RequestKey, RequestRecord)> = self
            .requests
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        requests.sort_by_key(|(_, r)| r.seq);
        StateImage {
            event: self.event.clone(),
            tournaments: self.tournaments.clone(),
            participants: self.participants.clone(),
            tokens: self.tokens.clone(),
            play: self.play.clone(),
            slips: self.slips.clone(),
            ratings: self.ratings.clone(),
            retired: self.retired.clone(),
            requests,
            legacy_requests: self.legacy_requests.clone(),
            last_seq: self.last_seq,
            epoch: self.epoch,
        }
    }

    /// Do two states hold the same register (ignoring the epoch, which the log's metadata carries)?
    pub fn image_eq(&self, other: &State) -> bool {
        let (a, b) = (self.image(), other.image());
        a.event == b.event
            && a.tournaments == b.tournaments
            && a.participants == b.participants
            && a.tokens == b.tokens
            && a.play == b.play
            && a.slips == b.slips
            && a.ratings == b.ratings
            && a.retired == b.retired
            && a.requests == b.requests
            && a.last_seq == b.last_seq
    }

    /// Rebuilds a state (with its indexes) from plain data.
    pub fn from_image(image: StateImage) -> State {
        let mut s = State {
            event: image.event,
            tournaments: image.tournaments,
            tokens: image.tokens,
            play: image.play,
            slips: image.slips,
            ratings: image.ratings,
            retired: image.retired,
            requests: image.requests.into_iter().collect(),
            legacy_requests: image.legacy_requests,
            last_seq: image.last_seq,
            epoch: image.epoch,
            ..State::default()
        };
        for token in s.tokens.values() {
            s.token_by_hash.insert(token.hash.clone(), token.id);
        }
        for list in s.ratings.values_mut() {
            list.reindex();
        }
        for p in image.participants.values() {
            s.index(p);
        }
        s.participants = image.participants;
        s
    }

    /// Does this state come from a snapshot whose request ids are not scoped by terminal yet?
    pub fn has_legacy_requests(&self) -> bool {
        !self.legacy_requests.is_empty()
    }

    /// Scopes the request ids of a snapshot taken before ids were scoped by terminal: `terminal_of(seq)` names the
    /// terminal of the log entry at `seq`. Returns false, scoping nothing, if some entry cannot be named.
    pub fn scope_legacy_requests(
        &mut self,
        mut terminal_of: impl FnMut(Seq) -> Option<String>,
    ) -> bool {
        let mut scoped = Vec::with_capacity(self.legacy_requests.len());
        for (id, record) in &self.legacy_requests {
            let Some(terminal) = terminal_of(record.seq) else {
                return false;
            };
            scoped.push((
                RequestKey {
                    terminal,
                    id: id.clone(),
                },
                record.clone(),
            ));
        }
        self.legacy_requests.clear();
        self.requests.extend(scoped);
        true
    }

    fn with_participant(
        &mut self,
        id: ParticipantId,
        revision: super::ids::Revision,
        change: impl FnOnce(&mut Participant),
    ) {
        if let Some(p) = self.participants.get_mut(&id) {
            p.revision = revision;
            change(p);
        }
    }

    fn index(&mut self, p: &Participant) {
        let key = Self::name_club_key(&p.fields.family_name, &p.fields.given_name, &p.fields.club);
        self.by_name_club.entry(key).or_default().insert(p.id);
        for ext in Self::externals(p) {
            self.by_external.entry(ext).or_default().insert(p.id);
        }
        self.folded.insert(p.id, search_names(&p.fields));
        if let Some(code) = &p.code {
            self.by_code.insert(code.clone(), p.id);
        }
    }

    fn unindex(&mut self, p: &Participant) {
        let key = Self::name_club_key(&p.fields.family_name, &p.fields.given_name, &p.fields.club);
        if let Some(set) = self.by_name_club.get_mut(&key) {
            set.remove(&p.id);
        }
        for ext in Self::externals(p) {
            if let Some(set) = self.by_external.get_mut(&ext) {
                set.remove(&p.id);
            }
        }
        self.folded.remove(&p.id);
        if let Some(code) = &p.code {
            self.by_code.remove(code);
        }
    }

    /// The participant whose personal code is `code`, if any (self check-in, a player's own result).
    pub fn by_code(&self, code: &PlayerCode) -> Option<&Participant> {
        self.participants.get(self.by_code.get(code)?)
    }

    /// Is `code` some participant's personal code?
    pub fn code_taken(&self, code: &PlayerCode) -> bool {
        self.by_code.contains_key(code)
    }

    /// The duplicate-guard key: folded "family given" and folded club.
    pub fn name_club_key(family: &str, given: &str, club: &str) -> (String, String) {
        (fold(&format!("{family} {given}")), fold(club))
    }

    fn externals(p: &Participant) -> Vec<(ExternalId, String)> {
        [
            (ExternalId::Egd, &p.fields.egd_pin),
            (ExternalId::Aga, &p.fields.aga_id),
            (ExternalId::Ffg, &p.fields.ffg_licence),
        ]
        .into_iter()
        .filter(|(_, v)| !v.trim().is_empty())
        .map(|(k, v)| (k, v.trim().to_uppercase()))
        .collect()
    }

    /// Participants with the same folded name and club as given, except `except`.
    pub fn same_name_and_club(
        &self,
        family: &str,
        given: &str,
        club: &str,
        except: Option<ParticipantId>,
    ) -> Option<ParticipantId> {
        let key = Self::name_club_key(family, given, club);
        self.by_name_club
            .get(&key)
            .and_then(|set| set.iter().copied().find(|id| Some(*id) != except))
    }

    /// A participant holding the same external id, except `except`.
    pub fn same_external_id(
        &self,
        kind: ExternalId,
        value: &str,
        except: Option<ParticipantId>,
    ) -> Option<ParticipantId> {
        let value = value.trim();
        if value.is_empty() {
            return None;
        }
        self.by_external
            .get(&(kind, value.to_uppercase()))
            .and_then(|set| set.iter().copied().find(|id| Some(*id) != except))
    }

    /// The token with this secret hash, if not revoked.
    pub fn token_by_hash(&self, hash: &str) -> Option<&TokenRecord> {
        self.token_by_hash
            .get(hash)
            .and_then(|id| self.tokens.get(id))
            .filter(|t| !t.revoked)
    }

    /// Finds participants by a prefix of the family name, the given name, "given family" or "family given";
    /// case- and accent-insensitive, in the name as written, the Latin name typed for it, or the transliteration
    /// of a Cyrillic or Greek name (`name::search_names`). Ordered by family name, then given name, then id.
    pub fn find(&self, query: &str, limit: usize) -> Vec<&Participant> {
        let q = fold(query);
        if q.is_empty() {
            return Vec::new();
        }
        let matches = |(family, given): &(String, String)| {
            family.starts_with(&q)
                || given.starts_with(&q)
                || format!("{given} {family}").starts_with(&q)
                || format!("{family} {given}").starts_with(&q)
        };
        let mut hits: Vec<(&(String, String), ParticipantId)> = self
            .folded
            .iter()
            .filter(|(_, names)| names.iter().any(matches))
            .filter_map(|(id, names)| names.first().map(|name| (name, *id)))
            .collect();
        hits.sort();
        hits.into_iter()
            .take(limit)
            .filter_map(|(_, id)| self.participants.get(&id))
            .collect()
    }

    /// Lists participants by id after `after`, filtered by tournament, status and club.
    pub fn list(
        &self,
        tournament: Option<TournamentId>,
        status: Option<EntryStatus>,
        club: &str,
        after: ParticipantId,
        limit: usize,
    ) -> Vec<&Participant> {
        let club = fold(club);
        self.participants
            .range(ParticipantId(after.0 + 1)..)
            .map(|(_, p)| p)
            .filter(|p| match (tournament, status) {
                (Some(t), Some(s)) => p.entries.get(&t).is_some_and(|e| e.status == s),
                (Some(t), None) => p.entries.contains_key(&t),
                (None, Some(s)) => p.entries.values().any(|e| e.status == s),
                (None, None) => true,
            })
            .filter(|p| club.is_empty() || fold(&p.fields.club) == club)
            .take(limit)
            .collect()
    }

    /// The record an event changed, as it is now (after applying).
    pub fn subject_of(&self, event: &Event) -> Option<Subject> {
        let participant =
            |id: &ParticipantId| self.participants.get(id).cloned().map(Subject::Participant);
        let tournament =
            |id: &TournamentId| self.tournaments.get(id).cloned().map(Subject::Tournament);
        match event {
            Event::EventUpdated { .. } => Some(Subject::Event(self.event.clone())),
            Event::TournamentCreated { tournament: t } => tournament(&t.id),
            Event::TournamentUpdated { id, .. } | Event::RegistrationSet { id, .. } => {
                tournament(id)
            }
            Event::ParticipantRegistered { participant: p } => participant(&p.id),
            Event::ParticipantUpdated { id, .. }
            | Event::TournamentEntered { id, .. }
            | Event::TournamentLeft { id, .. }
            | Event::RoundsSet { id, .. }
            | Event::EntryStatusSet { id, .. }
            | Event::PaymentRecorded { id, .. }
            | Event::CodeIssued { id, .. } => participant(id),
            Event::RegistrationUndone { .. } => None,
            Event::TokenCreated { token } => {
                self.tokens.get(&token.id).cloned().map(Subject::Token)
            }
            Event::TokenRevoked { id } => self.tokens.get(id).cloned().map(Subject::Token),
            Event::VenueChanged { .. } => None,
            Event::EntryOptionsSet { id, .. } | Event::RankChanged { id, .. } => participant(id),
            Event::PlayersNumbered { tournament, .. } => Some(Subject::Numbers(*tournament)),
            Event::RoundDrawn {
                tournament, round, ..
            }
            | Event::RoundEdited {
                tournament, round, ..
            } => self.round_subject(*tournament, round.number),
            Event::RoundStateSet {
                tournament, round, ..
            } => self.round_subject(*tournament, *round),
            Event::GameUpdated {
                tournament,
                round,
                game: GameRecord { table, .. },
                ..
            }
            | Event::ColoursRecorded {
                tournament,
                round,
                table,
                ..
            } => self
                .play
                .get(tournament)
                .and_then(|p| p.round(*round))
                .and_then(|r| r.game_at(*table))
                .map(|g| Subject::Game(*tournament, *round, g.clone())),
            Event::SlipSubmitted {
                slip: Slip { id, .. },
            }
            | Event::SlipResolved { id, .. } => self.slips.get(id).cloned().map(Subject::Slip),
            Event::LadderGamePlayed { tournament, .. } => Some(Subject::Ladder(*tournament)),
            Event::RatingsLoaded { source, .. } => self
                .ratings
                .get(source)
                .map(|l| Subject::RatingList(l.info(*source))),
        }
    }

    fn round_subject(&self, t: TournamentId, n: u32) -> Option<Subject> {
        self.play
            .get(&t)
            .and_then(|p| p.round(n))
            .map(|r| Subject::Round(t, r.clone()))
    }

    /// The next free participant id (never one whose registration was undone).
    pub fn next_participant_id(&self) -> ParticipantId {
        let last = self
            .participants
            .keys()
            .next_back()
            .max(self.retired.last());
        ParticipantId(last.map_or(1, |id| id.0 + 1))
    }

    /// The next free tournament id.
    pub fn next_tournament_id(&self) -> TournamentId {
        TournamentId(self.tournaments.keys().next_back().map_or(1, |id| id.0 + 1))
    }

    /// The next free slip id (slips are never removed, so ids are never reused).
    pub fn next_slip_id(&self) -> SlipId {
        SlipId(self.slips.keys().next_back().map_or(1, |id| id.0 + 1))
    }

    /// The slips still waiting for the director about participant `id`.
    pub fn pending_slips_of(&self, id: ParticipantId) -> usize {
        self.slips
            .values()
            .filter(|s| s.participant == id && s.state == SlipState::Pending)
            .count()
    }

    /// The next free token id.
    pub fn next_token_id(&self) -> TokenId {
        TokenId(self.tokens.keys().next_back().map_or(1, |id| id.0 + 1))
    }
}
