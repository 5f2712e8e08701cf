//! The event's details and the tournaments: creating one, changing its settings (refused by name once play has
//! made a setting final), opening and closing its registration (closing numbers the field).

use super::*;
use crate::domain::timetable;

pub(super) fn update_event(
    state: &State,
    event: &EventInfo,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    check_revision(expected, state.event.revision)?;
    validate::event(event)?;
    Ok(vec![Event::EventUpdated {
        event: EventInfo {
            revision: state.event.revision.next(),
            ..event.clone()
        },
    }])
}

/// A new tournament; left unset, double entry is on for the event's first tournament.
pub(super) fn create_tournament(
    state: &State,
    settings: &TournamentSettings,
    double_entry_unset: bool,
) -> Result<Vec<Event>, Rejected> {
    validate::tournament(settings)?;
    let mut settings = settings.clone();
    settings.schedule = timetable::normalise(&settings.schedule, settings.rounds)?;
    if double_entry_unset {
        settings.scoring.double_entry = state.tournaments.is_empty();
    }
    Ok(vec![Event::TournamentCreated {
        tournament: Tournament {
            id: state.next_tournament_id(),
            revision: Revision(1),
            settings,
            registration_open: true,
        },
    }])
}

/// New settings for tournament `id`; the settings play has made final ([`fixed_settings`]) are refused by name
/// when changed, and its entries follow a changed number of rounds.
pub(super) fn update_tournament(
    state: &State,
    id: TournamentId,
    expected: Revision,
    settings: &TournamentSettings,
) -> Result<Vec<Event>, Rejected> {
    let t = tournament(state, id)?;
    check_revision(Some(expected), t.revision)?;
    validate::tournament(settings)?;
    // Where a split-off knockout came from is the split's to say, not an update's.
    let settings = &TournamentSettings {
        split_from: t.settings.split_from,
        schedule: timetable::normalise(&settings.schedule, settings.rounds)?,
        ..settings.clone()
    };
    if let Some(fixed) = fixed_settings(state, t)
        .into_iter()
        .find(|f| f.changes(&t.settings, settings))
    {
        return Err(fixed.refusal());
    }
    // The entries first: the last event is what the command answers with.
    let mut events = entries_follow_rounds(state, id, t.settings.rounds, settings.rounds);
    events.push(Event::TournamentUpdated {
        id,
        revision: t.revision.next(),
        settings: settings.clone(),
    });
    Ok(events)
}

/// A setting play has made final: which (its field name and its name in words) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedSetting {
    /// The field name (`system`, `group_size`), as a refusal and a form name it.
    pub field: &'static str,
    /// The setting in words.
    pub setting: &'static str,
    /// Why it can no longer change.
    pub reason: String,
}

impl FixedSetting {
    /// Do `new` settings change this one from `old`?
    pub fn changes(&self, old: &TournamentSettings, new: &TournamentSettings) -> bool {
        match self.field {
            "system" => old.system != new.system,
            "group_size" => old.draw.group_size != new.draw.group_size,
            _ => false,
        }
    }

    /// The refusal of a change to it.
    pub fn refusal(self) -> Rejected {
        Rejected::SettingFixed {
            field: self.field,
            setting: self.setting,
            reason: self.reason,
        }
    }
}

/// The settings of tournament `t` that can no longer change, and why: its pairing system once play has begun
/// (round 1 drawn, or a ladder's game recorded: its rungs follow the system), and its groups then too (the
/// groups are made at round 1). Empty before play; the settings page shows these read-only with the reason.
pub fn fixed_settings(state: &State, t: &Tournament) -> Vec<FixedSetting> {
    let began = state
        .play
        .get(&t.id)
        .is_some_and(|p| !p.rounds.is_empty() || !p.ladder.is_empty());
    if !began {
        return Vec::new();
    }
    vec![
        FixedSetting {
            field: "system",
            setting: "pairing system",
            reason: format!(
                "{} and play has begun (round 1 drawn, or a game recorded)",
                t.settings.paired_as()
            ),
        },
        FixedSetting {
            field: "group_size",
            setting: "groups",
            reason: format!(
                "{} is played in {} and round 1 is drawn",
                t.settings.name,
                match t.settings.draw.group_size {
                    0 => "one field".to_string(),
                    n => format!("groups of about {n}"),
                }
            ),
        },
    ]
}

/// Opens or closes registration of tournament `id`.
pub(super) fn set_registration_open(
    state: &State,
    id: TournamentId,
    open: bool,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    let t = tournament(state, id)?;
    check_revision(expected, t.revision)?;
    if open && !t.registration_open {
        registration_can_reopen(state, id)?;
    }
    let mut events = Vec::new();
    // Closing registration before the first draw numbers the field by strength.
    let drawn = state.play.get(&id).is_some_and(|p| !p.rounds.is_empty());
    // A ladder that has games keeps its numbers (its rungs start from them): newcomers join at the bottom.
    let ladder = state.play.get(&id).is_some_and(|p| !p.ladder.is_empty());
    if !open && ladder {
        events.extend(super::super::ladder::number_newcomers(state, id));
    } else if !open && !drawn {
        events.extend(lifecycle::number_players(state, id, &[])?);
    }
    events.push(Event::RegistrationSet {
        id,
        revision: t.revision.next(),
        open,
    });
    Ok(events)
}

/// May closed registration of tournament `id` open again? Only until round 1 is drawn: from then on the field
/// is numbered and paired, and newcomers are the late desk's (a ladder, which has no rounds, always may).
pub fn registration_can_reopen(state: &State, id: TournamentId) -> Result<(), Rejected> {
    let t = tournament(state, id)?;
    if state.play.get(&id).is_some_and(|p| !p.rounds.is_empty()) {
        return Err(Rejected::Desk(DeskRefused::ReopenAfterDraw(
            t.settings.name.clone(),
        )));
    }
    Ok(())
}

/// When a tournament's number of rounds changes from `old` to `new`, its entries follow: rounds past `new` are
/// dropped, and an entry that plays the old last round (so plays to the end) also plays the rounds added. An
/// entry that stopped earlier keeps its rounds. One `RoundsSet` per entry that changes.
pub(super) fn entries_follow_rounds(
    state: &State,
    t: TournamentId,
    old: u32,
    new: u32,
) -> Vec<Event> {
    if old == new {
        return Vec::new();
    }
    state
        .participants
        .values()
        .filter_map(|p| {
            let e = p.entries.get(&t)?;
            let mut rounds: Vec<u32> = e.rounds.iter().copied().filter(|r| *r <= new).collect();
            if new > old && e.rounds.contains(&old) {
                rounds.extend(old + 1..=new);
            }
            (rounds != e.rounds).then(|| Event::RoundsSet {
                id: p.id,
                revision: p.revision.next(),
                tournament: t,
                rounds,
            })
        })
        .collect()
}
