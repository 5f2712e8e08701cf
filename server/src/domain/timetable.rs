//! The timetable: when each round of a tournament is planned to start (BGA handbook §7.4 and §10.1; Mays,
//! "Posting the time of the next round"), in the venue's wall-clock time as people read and type it
//! (`2026-11-28 14:00`). Parsing, checking, moving a round and the words the board, the sheets and the desks show
//! live here once.
//!
//! Pure: it knows no clock and no time zone. The door that needs an instant (the referee's forfeit clock) turns a
//! start into one with the venue's UTC offset ([`Start::epoch_ms`]).

use super::error::{quote, Rejected};
use super::event::Event;
use super::record::TournamentSettings;
use super::validate;
use super::{Revision, State, TournamentId};

/// A planned start: a day and a minute of that day, in the venue's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Start {
    /// The day.
    pub date: time::Date,
    /// Minutes after midnight, 0..1440.
    pub minute: u16,
}

impl Start {
    /// Reads `2026-11-28 14:00` (or `2026-11-28T14:00`, as a browser's date-and-time field sends it), or a bare
    /// `14:00` / `14.00` / `1400` on `day` (the round's day when only its time moves).
    pub fn parse(
        field: &'static str,
        text: &str,
        day: Option<time::Date>,
    ) -> Result<Start, Rejected> {
        let text = text.trim();
        let (date, clock) = match text.split_once([' ', 'T']) {
            Some((date, clock)) => (validate::date(field, date.trim())?, clock.trim()),
            None => (None, text),
        };
        let date = date.or(day).ok_or_else(|| {
            Rejected::invalid(
                field,
                format!("{} has no day: write it like 2026-11-28 14:00", quote(text)),
            )
        })?;
        let minute = minute_of_day(clock).ok_or_else(|| {
            Rejected::invalid(
                field,
                format!("{} is not a time of day like 14:00", quote(clock)),
            )
        })?;
        Ok(Start { date, minute })
    }

    /// `14:00`.
    pub fn clock(&self) -> String {
        format!("{:02}:{:02}", self.minute / 60, self.minute % 60)
    }

    /// `Sat 28 Nov`.
    pub fn day(&self) -> String {
        let weekday = match self.date.weekday() {
            time::Weekday::Monday => "Mon",
            time::Weekday::Tuesday => "Tue",
            time::Weekday::Wednesday => "Wed",
            time::Weekday::Thursday => "Thu",
            time::Weekday::Friday => "Fri",
            time::Weekday::Saturday => "Sat",
            time::Weekday::Sunday => "Sun",
        };
        let month = self.date.month().to_string();
        let month = month.get(..3).unwrap_or(&month);
        format!("{weekday} {} {month}", self.date.day())
    }

    /// `2026-11-28T14:00`: what a browser's date-and-time field takes.
    pub fn field_value(&self) -> String {
        format!("{}T{}", self.date, self.clock())
    }

    /// The instant it names at a venue `offset_minutes` east of UTC, in ms since the Unix epoch.
    pub fn epoch_ms(&self, offset_minutes: i32) -> i64 {
        let days = i64::from(self.date.to_julian_day() - UNIX_EPOCH_JULIAN_DAY);
        let minutes = days * 1440 + i64::from(self.minute) - i64::from(offset_minutes);
        minutes * 60_000
    }
}

/// The stored form, `2026-11-28 14:00`.
impl std::fmt::Display for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.date, self.clock())
    }
}

/// 1970-01-01 as a Julian day number.
const UNIX_EPOCH_JULIAN_DAY: i32 = 2_440_588;

/// `14:00`, `14.00`, `14h00`, `1400`, `9:05` → minutes after midnight.
fn minute_of_day(text: &str) -> Option<u16> {
    let (hours, minutes) = match text.split_once([':', '.', 'h']) {
        Some((h, m)) => (h, m),
        None if text.len() == 4 => text.split_at(2),
        None => return None,
    };
    let number = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u16>().ok())
            .flatten()
    };
    let (h, m) = (number(hours)?, number(minutes)?);
    (h < 24 && m < 60 && minutes.len() == 2).then_some(h * 60 + m)
}

/// Round `round`'s planned start, if the timetable has one.
pub fn planned(settings: &TournamentSettings, round: u32) -> Option<Start> {
    let i = usize::try_from(round.checked_sub(1)?).ok()?;
    let text = settings.schedule.get(i)?;
    Start::parse("schedule", text, None).ok()
}

/// What people read for round `round`'s start: `14:00`, or `Sat 28 Nov, 14:00` when the tournament's rounds
/// are played on more than one day.
pub fn words(settings: &TournamentSettings, round: u32) -> Option<String> {
    let start = planned(settings, round)?;
    Some(if several_days(settings) {
        format!("{}, {}", start.day(), start.clock())
    } else {
        start.clock()
    })
}

/// Does the tournament run over more than one day (its dates, or its timetable)?
pub fn several_days(settings: &TournamentSettings) -> bool {
    let days: std::collections::BTreeSet<time::Date> = (1..=settings.rounds)
        .filter_map(|r| planned(settings, r))
        .map(|s| s.date)
        .collect();
    days.len() > 1 || (!settings.end_date.is_empty() && settings.start_date != settings.end_date)
}

/// Checks a timetable and writes it in its stored form: one entry per round at most, each empty (not planned) or
/// a start, and no round planned before an earlier one.
pub fn normalise(schedule: &[String], rounds: u32) -> Result<Vec<String>, Rejected> {
    if schedule.len() > rounds as usize {
        return Err(Rejected::invalid(
            "schedule",
            format!(
                "the timetable has {} starts for {rounds} rounds",
                schedule.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(schedule.len());
    let mut last: Option<(u32, Start)> = None;
    for (i, text) in schedule.iter().enumerate() {
        let round = i as u32 + 1;
        if text.trim().is_empty() {
            out.push(String::new());
            continue;
        }
        let day = last.map(|(_, s)| s.date);
        let start = Start::parse("schedule", text, day).map_err(|e| match e {
            Rejected::Invalid { field, message } => Rejected::Invalid {
                field,
                message: format!("round {round}: {message}"),
            },
            other => other,
        })?;
        if let Some((before, earlier)) = last.filter(|(_, s)| *s > start) {
            return Err(Rejected::invalid(
                "schedule",
                format!("round {round} would start at {start}, before round {before} ({earlier})"),
            ));
        }
        last = Some((round, start));
        out.push(start.to_string());
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    Ok(out)
}

/// Moves round `round` of tournament `id` to start at `text` (a bare time keeps the round's planned day, else the
/// previous round's, else the tournament's first day). A closed round's start is history and stays.
pub fn move_round(
    state: &State,
    id: TournamentId,
    round: u32,
    text: &str,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    let t = state
        .tournaments
        .get(&id)
        .ok_or(Rejected::UnknownTournament(id))?;
    if let Some(expected) = expected.filter(|e| *e != t.revision) {
        return Err(Rejected::StaleRevision {
            expected,
            actual: t.revision,
        });
    }
    if !(1..=t.settings.rounds).contains(&round) {
        return Err(Rejected::invalid(
            "round",
            format!("{} has rounds 1 to {}", t.settings.name, t.settings.rounds),
        ));
    }
    let closed = state
        .play
        .get(&id)
        .and_then(|p| p.rounds.get(round as usize - 1))
        .is_some_and(|r| r.state == super::round::RoundState::Closed);
    if closed {
        return Err(Rejected::Precondition(format!(
            "round {round} of {} is closed: its start is history",
            t.settings.name
        )));
    }
    let s = &t.settings;
    let day = planned(s, round)
        .or_else(|| (1..round).rev().find_map(|r| planned(s, r)))
        .map(|p| p.date)
        .or(validate::date("start_date", &s.start_date).ok().flatten());
    let start = Start::parse("start", text, day)?;
    let mut schedule = s.schedule.clone();
    if schedule.len() < round as usize {
        schedule.resize(round as usize, String::new());
    }
    schedule[round as usize - 1] = start.to_string();
    let settings = TournamentSettings {
        schedule: normalise(&schedule, s.rounds)?,
        ..s.clone()
    };
    Ok(vec![Event::TournamentUpdated {
        id,
        revision: t.revision.next(),
        settings,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(text: &str) -> Start {
        Start::parse("t", text, None).unwrap()
    }

    #[test]
    fn reads_what_people_type_and_a_browser_sends() {
        assert_eq!(start("2026-11-28 14:00").to_string(), "2026-11-28 14:00");
        assert_eq!(start("2026-11-28T09:05").to_string(), "2026-11-28 09:05");
        let day = start("2026-11-28 08:00").date;
        for typed in ["14:00", "14.00", "14h00", "1400", " 14:00 "] {
            let s = Start::parse("t", typed, Some(day)).unwrap();
            assert_eq!(s.to_string(), "2026-11-28 14:00", "{typed}");
        }
        for bad in ["24:00", "14:60", "14:0", "2pm", "", "2026-11-31 10:00"] {
            assert!(Start::parse("t", bad, Some(day)).is_err(), "{bad}");
        }
        assert!(Start::parse("t", "14:00", None).is_err(), "no day");
    }

    #[test]
    fn words_name_the_day_only_when_rounds_span_days() {
        let mut s = TournamentSettings::new("Open", Default::default(), 3);
        s.schedule = vec!["2026-11-28 10:00".into(), "2026-11-28 14:00".into()];
        assert_eq!(words(&s, 2).as_deref(), Some("14:00"));
        assert_eq!(words(&s, 3), None);
        s.schedule.push("2026-11-29 09:30".into());
        assert_eq!(words(&s, 3).as_deref(), Some("Sun 29 Nov, 09:30"));
        assert_eq!(start("2026-11-28 14:00").field_value(), "2026-11-28T14:00");
    }

    #[test]
    fn a_timetable_is_refused_when_a_round_starts_before_an_earlier_one() {
        let ok = normalise(
            &["2026-11-28 10:00".into(), "14:30".into(), String::new()],
            3,
        )
        .unwrap();
        assert_eq!(ok, vec!["2026-11-28 10:00", "2026-11-28 14:30"]);
        let err = normalise(&["2026-11-28 14:00".into(), "10:00".into()], 3).unwrap_err();
        assert!(err.to_string().contains("before round 1"), "{err}");
        assert!(normalise(&vec!["2026-11-28 10:00".to_string(); 4], 3).is_err());
    }

    #[test]
    fn an_instant_at_the_venue() {
        // 1970-01-02 00:00 at UTC+1 is 23:00 UTC on the first day.
        let s = start("1970-01-02 00:00");
        assert_eq!(s.epoch_ms(0), 86_400_000);
        assert_eq!(s.epoch_ms(60), 86_400_000 - 3_600_000);
    }
}
