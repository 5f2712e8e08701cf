//! How each event changes the state, by family: the event's and tournaments' settings, the register (people and
//! their entries), tokens, a tournament's play (numbers, rounds, games, a ladder's games), slips and rating
//! lists. Pure: never fails and looks at nothing but the event (events were validated by `decide`); decides
//! nothing.

use super::State;
use crate::domain::event::Event;
use crate::domain::ratings;
use crate::domain::record::{Entry, EntryStatus, Participant};
use crate::domain::round::{Play, RoundState};
use crate::domain::slip::SlipState;

impl State {
    /// Applies one event.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::EventUpdated { event } => self.event = event.clone(),
            Event::TournamentCreated { tournament } => {
                self.tournaments.insert(tournament.id, tournament.clone());
            }
            Event::TournamentUpdated {
                id,
                revision,
                settings,
            } => {
                if let Some(t) = self.tournaments.get_mut(id) {
                    t.revision = *revision;
                    t.settings = settings.clone();
                }
            }
            Event::RegistrationSet { id, revision, open } => {
                if let Some(t) = self.tournaments.get_mut(id) {
                    t.revision = *revision;
                    t.registration_open = *open;
                }
            }
            Event::ParticipantRegistered { participant } => {
                self.index(participant);
                self.participants
                    .insert(participant.id, participant.clone());
            }
            Event::ParticipantUpdated {
                id,
                revision,
                fields,
            } => {
                if let Some(mut p) = self.participants.remove(id) {
                    self.unindex(&p);
                    p.revision = *revision;
                    p.fields = fields.clone();
                    self.index(&p);
                    self.participants.insert(*id, p);
                }
            }
            Event::RegistrationUndone { id, .. } => {
                if let Some(p) = self.participants.remove(id) {
                    self.unindex(&p);
                }
                self.retired.insert(*id);
            }
            Event::TournamentEntered { id, revision, .. }
            | Event::TournamentLeft { id, revision, .. }
            | Event::RoundsSet { id, revision, .. }
            | Event::EntryStatusSet { id, revision, .. }
            | Event::EntryOptionsSet { id, revision, .. } => {
                self.with_participant(*id, *revision, |p| entries(p, event));
            }
            Event::PaymentRecorded {
                id,
                revision,
                payment,
            } => {
                self.with_participant(*id, *revision, |p| p.payments.push(payment.clone()));
            }
            Event::RankChanged {
                id,
                revision,
                tournament,
                new_start,
                play_revision,
                ..
            } => {
                self.with_participant(*id, *revision, |p| entries(p, event));
                if let (Some(start), Some(rev)) = (new_start, play_revision) {
                    let play = self.play.entry(*tournament).or_default();
                    play.revision = *rev;
                    play.starts.insert(*id, *start);
                }
            }
            Event::CodeIssued { id, code } => {
                if let Some(mut p) = self.participants.remove(id) {
                    self.unindex(&p);
                    p.code = Some(code.clone());
                    self.index(&p);
                    self.participants.insert(*id, p);
                }
            }
            Event::TokenCreated { token } => {
                self.token_by_hash.insert(token.hash.clone(), token.id);
                self.tokens.insert(token.id, token.clone());
            }
            Event::TokenRevoked { id } => {
                if let Some(t) = self.tokens.get_mut(id) {
                    t.revoked = true;
                }
            }
            // Raft's membership holds the machines; the register keeps nothing of them.
            Event::VenueChanged { .. } => {}
            Event::PlayersNumbered {
                tournament,
                revision,
                ..
            }
            | Event::RoundDrawn {
                tournament,
                revision,
                ..
            }
            | Event::RoundEdited {
                tournament,
                revision,
                ..
            }
            | Event::RoundStateSet {
                tournament,
                revision,
                ..
            }
            | Event::GameUpdated {
                tournament,
                revision,
                ..
            }
            | Event::LadderGamePlayed {
                tournament,
                revision,
                ..
            }
            | Event::ColoursRecorded {
                tournament,
                revision,
                ..
            } => {
                let play = self.play.entry(*tournament).or_default();
                play.revision = *revision;
                play_of(play, event);
            }
            Event::SlipSubmitted { slip } => {
                self.slips.insert(slip.id, slip.clone());
            }
            Event::SlipResolved {
                id,
                accepted,
                reason,
                terminal,
                at_ms,
            } => {
                if let Some(slip) = self.slips.get_mut(id) {
                    slip.state = if *accepted {
                        SlipState::Accepted {
                            terminal: terminal.clone(),
                            at_ms: *at_ms,
                        }
                    } else {
                        SlipState::Rejected {
                            reason: reason.clone(),
                            terminal: terminal.clone(),
                            at_ms: *at_ms,
                        }
                    };
                }
            }
            Event::RatingsLoaded {
                source,
                file,
                date,
                part,
                parts,
                players,
            } => ratings::apply(
                &mut self.ratings,
                *source,
                file,
                date,
                *part,
                *parts,
                players,
            ),
        }
    }
}

/// A participant's entries after an entry event (the participant's revision is already set). Other events
/// change nothing here.
fn entries(p: &mut Participant, event: &Event) {
    match event {
        Event::TournamentEntered {
            tournament,
            rounds,
            status,
            ..
        } => {
            p.entries
                .insert(*tournament, Entry::new(rounds.clone(), *status));
        }
        Event::TournamentLeft { tournament, .. } => {
            p.entries.remove(tournament);
        }
        Event::RoundsSet {
            tournament, rounds, ..
        } => {
            if let Some(e) = p.entries.get_mut(tournament) {
                e.rounds = rounds.clone();
            }
        }
        Event::EntryStatusSet {
            tournaments,
            change,
            by,
            ..
        } => {
            for t in tournaments {
                if let Some(e) = p.entries.get_mut(t) {
                    e.status = change.status();
                    e.checked_in = match e.status {
                        EntryStatus::CheckedIn => by.clone(),
                        _ => None,
                    };
                }
            }
        }
        Event::EntryOptionsSet {
            tournament,
            ghost,
            mms_correction,
            ..
        } => {
            if let Some(e) = p.entries.get_mut(tournament) {
                e.ghost = *ghost;
                e.mms_correction = *mms_correction;
            }
        }
        Event::RankChanged {
            tournament, change, ..
        } => {
            if let Some(e) = p.entries.get_mut(tournament) {
                e.rank_changes.retain(|c| c.from_round != change.from_round);
                e.rank_changes.push(*change);
                e.rank_changes.sort_by_key(|c| c.from_round);
            }
        }
        _ => {}
    }
}

/// A tournament's play after a play event (its revision is already set). Other events change nothing here.
fn play_of(play: &mut Play, event: &Event) {
    match event {
        Event::PlayersNumbered { numbers, .. } => {
            play.numbers = numbers.iter().copied().collect();
        }
        Event::RoundDrawn {
            round,
            starts,
            numbers,
            ..
        } => {
            play.starts.extend(starts.iter().copied());
            play.numbers.extend(numbers.iter().copied());
            let index = round.number.saturating_sub(1) as usize;
            if index < play.rounds.len() {
                play.rounds[index] = round.clone();
            } else {
                play.rounds.push(round.clone());
            }
        }
        Event::RoundEdited { round, .. } => {
            if let Some(r) = play.round_mut(round.number) {
                *r = round.clone();
            }
        }
        Event::RoundStateSet {
            round,
            state,
            at_ms,
            ..
        } => {
            if let Some(r) = play.round_mut(*round) {
                r.state = *state;
                if *state == RoundState::Published && r.published_at_ms.is_none() && *at_ms > 0 {
                    r.published_at_ms = Some(*at_ms);
                }
                // Publishing a round drawn in parts shows every part drawn so far.
                if *state == RoundState::Published {
                    for part in &mut r.parts {
                        part.published = true;
                    }
                }
            }
        }
        Event::GameUpdated { round, game, .. } => {
            if let Some(r) = play.round_mut(*round) {
                if let Some(g) = r.games.iter_mut().find(|g| g.table == game.table) {
                    *g = game.clone();
                }
            }
        }
        Event::LadderGamePlayed { game, .. } => play.ladder.push(game.clone()),
        Event::ColoursRecorded {
            round,
            table,
            black,
            ..
        } => {
            let game = play
                .round_mut(*round)
                .and_then(|r| r.games.iter_mut().find(|g| g.table == *table));
            if let Some(g) = game {
                g.record_black(*black);
            }
        }
        _ => {}
    }
}
