//! Change slips: a player's request, sent from the public board, to correct their name, rank, club, country or
//! the rounds they play. A slip changes nothing by itself; the director accepts it (the normal participant update,
//! in the same log entry as the slip's resolution) or rejects it with a reason.
//! Pure. A proposal has no contact fields (email, phone, fee, paid, notes), so the anonymous page cannot reach
//! them; its texts are short and free of markup, and each player has only a few slips pending at a time.

use super::command::{Command, Context};
use super::decide::{check_revision, decide};
use super::error::Rejected;
use super::event::Event;
use super::ids::{ParticipantId, Revision, SlipId, TournamentId};
use super::rank::Rank;
use super::record::{Entry, Participant, ParticipantFields};
use super::state::State;
use super::validate;
use serde::{Deserialize, Serialize};

/// The longest name or club a slip may propose.
pub const MAX_SLIP_TEXT: usize = 100;
/// The longest free-text message (and the director's reason).
pub const MAX_SLIP_MESSAGE: usize = 1000;
/// How many slips about one player may wait for the director at once, so a flood cannot grow the log unboundedly.
pub const MAX_PENDING_PER_PARTICIPANT: usize = 5;

/// What the player says is wrong. `None` leaves a field as it is; the web form maps a box left blank to `None`.
/// There are deliberately no contact fields: a slip can never touch email, phone, fee, paid or notes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SlipProposal {
    /// The family name as it should be spelled.
    pub family_name: Option<String>,
    /// The given name as it should be spelled.
    pub given_name: Option<String>,
    /// The rank the player says they have.
    pub rank: Option<Rank>,
    /// The club (`Some("")`: no club).
    pub club: Option<String>,
    /// ISO 3166 alpha-2 country (`Some("")`: none).
    pub country: Option<String>,
    /// The rounds the player will play in the slip's tournament.
    pub rounds: Option<Vec<u32>>,
    /// Anything else, in the player's words (may be empty when a change is proposed).
    pub message: String,
}

impl SlipProposal {
    /// Proposes no change to any field.
    pub fn changes_nothing(&self) -> bool {
        self.family_name.is_none()
            && self.given_name.is_none()
            && self.rank.is_none()
            && self.club.is_none()
            && self.country.is_none()
            && self.rounds.is_none()
    }

    /// `fields` with the proposed changes made; everything else (contact data included) is kept.
    pub fn applied_to(&self, fields: &ParticipantFields) -> ParticipantFields {
        let mut f = fields.clone();
        let set = |to: &mut String, from: &Option<String>| {
            if let Some(v) = from {
                to.clone_from(v);
            }
        };
        set(&mut f.family_name, &self.family_name);
        set(&mut f.given_name, &self.given_name);
        set(&mut f.club, &self.club);
        set(&mut f.country, &self.country);
        if let Some(rank) = self.rank {
            f.rank = rank;
        }
        f
    }
}

/// Where a slip stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SlipState {
    /// Waiting for the director.
    Pending,
    /// Accepted: the change was made in the same log entry.
    Accepted {
        /// The terminal that accepted it.
        terminal: String,
        /// When (ms since the Unix epoch).
        at_ms: i64,
    },
    /// Rejected, with the director's reason.
    Rejected {
        /// Why.
        reason: String,
        /// The terminal that rejected it.
        terminal: String,
        /// When (ms since the Unix epoch).
        at_ms: i64,
    },
}

/// A change request about one player's entry in one tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slip {
    /// Identity; never reused.
    pub id: SlipId,
    /// The tournament whose page it came from (the rounds refer to it).
    pub tournament: TournamentId,
    /// The player it is about.
    pub participant: ParticipantId,
    /// What to change: only real changes, as checked and trimmed when it arrived.
    pub proposal: SlipProposal,
    /// When it arrived (ms since the Unix epoch, from the log).
    pub submitted_at_ms: i64,
    /// Pending, accepted or rejected.
    pub state: SlipState,
}

impl Slip {
    /// Still waiting for the director?
    pub fn is_pending(&self) -> bool {
        self.state == SlipState::Pending
    }
}

/// Records a slip about `participant`'s entry in `tournament`, pending: checked, trimmed, and reduced to the
/// fields that differ from the register.
pub fn submit(
    state: &State,
    tournament: TournamentId,
    participant: ParticipantId,
    proposal: &SlipProposal,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let p = state
        .participants
        .get(&participant)
        .ok_or(Rejected::UnknownParticipant(participant))?;
    let t = state
        .tournaments
        .get(&tournament)
        .ok_or(Rejected::UnknownTournament(tournament))?;
    let entry = p.entries.get(&tournament).ok_or(Rejected::NotEntered {
        participant,
        tournament,
    })?;
    let proposal = checked(proposal, p, entry, t.settings.rounds)?;
    if proposal.changes_nothing() && proposal.message.is_empty() {
        return Err(Rejected::invalid(
            "message",
            "nothing to send: correct a field or write a message",
        ));
    }
    let pending = state.pending_slips_of(participant);
    if pending >= MAX_PENDING_PER_PARTICIPANT {
        return Err(Rejected::Precondition(format!(
            "{pending} change requests about this player are already waiting for the director; \
             please ask at the registration desk"
        )));
    }
    Ok(vec![Event::SlipSubmitted {
        slip: Slip {
            id: state.next_slip_id(),
            tournament,
            participant,
            proposal,
            submitted_at_ms: ctx.now_ms,
            state: SlipState::Pending,
        },
    }])
}

/// Accepts a pending slip (the events of the normal participant update and rounds change, then `SlipResolved`)
/// or rejects it with a reason. A slip is resolved once.
pub fn resolve(
    state: &State,
    id: SlipId,
    accept: bool,
    reason: &str,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let slip = state.slips.get(&id).ok_or(Rejected::UnknownSlip(id))?;
    match &slip.state {
        SlipState::Pending => {}
        SlipState::Accepted { terminal, .. } => {
            return Err(Rejected::Precondition(format!(
                "slip {id} was already accepted by {terminal}"
            )))
        }
        SlipState::Rejected { terminal, .. } => {
            return Err(Rejected::Precondition(format!(
                "slip {id} was already rejected by {terminal}"
            )))
        }
    }
    let reason = reason.trim();
    plain("reason", "reason", reason, MAX_SLIP_MESSAGE, true)?;
    if !accept && reason.is_empty() {
        return Err(Rejected::invalid(
            "reason",
            "say why the slip is rejected (the player may ask)",
        ));
    }
    let mut events = if accept {
        decide_in_turn(state, &accepting(state, slip, expected)?, ctx)?
    } else {
        Vec::new()
    };
    events.push(Event::SlipResolved {
        id,
        accepted: accept,
        reason: reason.to_string(),
        terminal: ctx.actor.terminal.clone(),
        at_ms: ctx.now_ms,
    });
    Ok(events)
}

/// The commands a desk would send to make the slip's change: a participant update for the fields, a rounds change
/// for the rounds; none for what already holds.
fn accepting(
    state: &State,
    slip: &Slip,
    expected: Option<Revision>,
) -> Result<Vec<Command>, Rejected> {
    let id = slip.participant;
    let p = state
        .participants
        .get(&id)
        .ok_or(Rejected::UnknownParticipant(id))?;
    check_revision(expected, p.revision)?;
    let mut commands = Vec::new();
    let fields = slip.proposal.applied_to(&p.fields);
    if fields != p.fields {
        commands.push(Command::UpdateParticipant {
            id,
            expected: p.revision,
            fields,
            different_person: false,
        });
    }
    if let Some(rounds) = &slip.proposal.rounds {
        let now = p.entries.get(&slip.tournament).map(|e| &e.rounds);
        if now != Some(rounds) {
            commands.push(Command::SetRounds {
                id,
                tournament: slip.tournament,
                rounds: Some(rounds.clone()),
                expected: None,
            });
        }
    }
    Ok(commands)
}

/// Decides commands one after the other, each against the state the previous ones leave, as if sent in turn; the
/// first refusal refuses them all. The state is copied only when a second command needs the first one's effect.
fn decide_in_turn(
    state: &State,
    commands: &[Command],
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let mut events = Vec::new();
    let mut scratch: Option<State> = None;
    for (i, cmd) in commands.iter().enumerate() {
        let decided = decide(scratch.as_ref().unwrap_or(state), cmd, ctx)?;
        if i + 1 < commands.len() {
            let s = scratch.get_or_insert_with(|| state.clone());
            for e in &decided {
                s.apply(e);
            }
        }
        events.extend(decided);
    }
    Ok(events)
}

/// The proposal checked against the limits, trimmed, and reduced to what differs from the register.
fn checked(
    proposal: &SlipProposal,
    p: &Participant,
    entry: &Entry,
    total_rounds: u32,
) -> Result<SlipProposal, Rejected> {
    let f = &p.fields;
    let family_name = proposed(
        "family_name",
        "family name",
        &proposal.family_name,
        &f.family_name,
    )?;
    let given_name = proposed(
        "given_name",
        "given name",
        &proposal.given_name,
        &f.given_name,
    )?;
    for (field, label, value) in [
        ("family_name", "family name", &family_name),
        ("given_name", "given name", &given_name),
    ] {
        if value.as_deref().is_some_and(str::is_empty) {
            return Err(Rejected::invalid(
                field,
                format!("please write the {label}, or leave it as it is"),
            ));
        }
    }
    let club = proposed("club", "club", &proposal.club, &f.club)?;
    let country = match &proposal.country {
        Some(c) => {
            let c = c.trim().to_uppercase();
            plain("country", "country", &c, MAX_SLIP_TEXT, false)?;
            validate::country("country", &c)?;
            (c != f.country).then_some(c)
        }
        None => None,
    };
    let rounds = match &proposal.rounds {
        Some(list) => {
            let list = validate::rounds(Some(list), total_rounds)?;
            (list != entry.rounds).then_some(list)
        }
        None => None,
    };
    let message = proposal.message.trim();
    plain("message", "message", message, MAX_SLIP_MESSAGE, true)?;
    Ok(SlipProposal {
        family_name,
        given_name,
        rank: proposal.rank.filter(|r| *r != f.rank),
        club,
        country,
        rounds,
        message: message.to_string(),
    })
}

/// A proposed text, trimmed and checked; `None` when it is what the register already holds.
fn proposed(
    field: &'static str,
    label: &str,
    value: &Option<String>,
    current: &str,
) -> Result<Option<String>, Rejected> {
    let Some(v) = value else {
        return Ok(None);
    };
    let v = v.trim();
    plain(field, label, v, MAX_SLIP_TEXT, false)?;
    Ok((v != current).then(|| v.to_string()))
}

/// Plain text of at most `max` characters: no markup, no control characters (line breaks and tabs only in
/// `multiline` text).
fn plain(
    field: &'static str,
    label: &str,
    value: &str,
    max: usize,
    multiline: bool,
) -> Result<(), Rejected> {
    if value.contains(['<', '>']) {
        return Err(Rejected::invalid(
            field,
            format!("please write the {label} without < or >"),
        ));
    }
    let len = value.chars().count();
    if len > max {
        return Err(Rejected::invalid(
            field,
            format!("the {label} is {len} characters long; at most {max}"),
        ));
    }
    let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(Rejected::invalid(
            field,
            format!("the {label} contains control characters"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
