//! Input checks shared by every command: names, countries, dates, rounds. Pure; messages for volunteers.

use super::error::{quote, FieldProblem, Rejected};
use super::record::{EventInfo, ParticipantFields, TournamentSettings};

/// The longest name, club or city a desk may type.
pub const MAX_TEXT: usize = 200;
/// The longest free-text note.
pub const MAX_NOTES: usize = 2000;
/// The most rounds a tournament may have.
pub const MAX_ROUNDS: u32 = 20;
/// The earliest year of birth the register takes.
pub const FIRST_BIRTH_YEAR: u16 = 1900;

/// Is `code` an ISO 3166-1 alpha-2 code (upper case), as the maintained `celes` list has them: the officially
/// assigned codes, and Kosovo's XK, which European and sports bodies use.
pub fn is_country(code: &str) -> bool {
    code.len() == 2
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && celes::Country::from_alpha2(code).is_ok()
}

fn text(field: &'static str, value: &str, required: bool, max: usize) -> Result<(), Rejected> {
    let problem = |problem| Err(Rejected::Field { field, problem });
    if required && value.trim().is_empty() {
        return problem(FieldProblem::Empty);
    }
    let len = value.chars().count();
    if len > max {
        return problem(FieldProblem::TooLong { len, max });
    }
    if value.chars().any(|c| c.is_control()) {
        return problem(FieldProblem::ControlCharacters);
    }
    Ok(())
}

/// Checks an ISO 3166 alpha-2 country code (upper case) or empty.
pub fn country(field: &'static str, value: &str) -> Result<(), Rejected> {
    if value.is_empty() || is_country(value) {
        Ok(())
    } else {
        Err(Rejected::Field {
            field,
            problem: FieldProblem::NotCountry(value.to_string()),
        })
    }
}

/// A `YYYY-MM-DD` date checked against the calendar (no 2026-02-31); empty means "not set".
pub(crate) fn date(field: &'static str, value: &str) -> Result<Option<time::Date>, Rejected> {
    if value.is_empty() {
        return Ok(None);
    }
    let number = |from: usize, to: usize| -> Option<u32> {
        let digits = value.get(from..to)?;
        digits
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| digits.parse().ok())?
    };
    let dashes = value.len() == 10 && value.as_bytes()[4] == b'-' && value.as_bytes()[7] == b'-';
    let parts = (number(0, 4), number(5, 7), number(8, 10));
    let (true, (Some(year), Some(month), Some(day))) = (dashes, parts) else {
        return Err(Rejected::invalid(
            field,
            format!(
                "{} is not a date like 2026-08-01 (year-month-day)",
                quote(value)
            ),
        ));
    };
    let not_a_date =
        |why: String| Rejected::invalid(field, format!("{value} is not a date: {why}"));
    let month = u8::try_from(month)
        .ok()
        .and_then(|m| time::Month::try_from(m).ok())
        .ok_or_else(|| not_a_date(format!("there is no month {month}")))?;
    let year = year as i32; // four digits
    u8::try_from(day)
        .ok()
        .and_then(|d| time::Date::from_calendar_date(year, month, d).ok())
        .map(Some)
        .ok_or_else(|| not_a_date(format!("{month} {year} has {} days", month.length(year))))
}

/// Checks a start and an end date: each a real date, and the end not before the start.
fn date_range(start: &str, end: &str) -> Result<(), Rejected> {
    let (first, last) = (date("start_date", start)?, date("end_date", end)?);
    match (first, last) {
        (Some(first), Some(last)) if last < first => Err(Rejected::invalid(
            "end_date",
            format!("the end {end} is before the start {start}"),
        )),
        _ => Ok(()),
    }
}

/// Checks a participant's fields; `now_ms` is the command's time (`Context::now_ms`), for the year of birth.
pub fn participant(f: &ParticipantFields, now_ms: i64) -> Result<(), Rejected> {
    text("family_name", &f.family_name, true, MAX_TEXT)?;
    text("given_name", &f.given_name, true, MAX_TEXT)?;
    latin_name(f)?;
    for (field, value) in [
        ("club", &f.club),
        ("city", &f.city),
        ("egd_pin", &f.egd_pin),
        ("aga_id", &f.aga_id),
        ("ffg_licence", &f.ffg_licence),
        ("email", &f.email),
        ("phone", &f.phone),
        ("family_group", &f.family_group),
        ("team", &f.team),
    ] {
        text(field, value, false, MAX_TEXT)?;
    }
    text("notes", &f.notes, false, MAX_NOTES)?;
    country("country", &f.country)?;
    if let Some(r) = f.rating {
        if !(-900..=3200).contains(&r) {
            return Err(Rejected::invalid(
                "rating",
                format!("{r} is outside -900..3200 (EGF GoR scale)"),
            ));
        }
    }
    if f.fee_cents < 0 {
        return Err(Rejected::invalid("fee_cents", "must not be negative"));
    }
    if let Some(o) = &f.fee_override {
        super::fees::check_override(o)?;
    }
    birth_year(f.birth_year, now_ms)
}

/// Checks a year of birth, when given: from [`FIRST_BIRTH_YEAR`] to the year of `now_ms` (the command's time, in
/// UTC: a day's difference at New Year cannot matter to a year of birth).
pub fn birth_year(year: Option<u16>, now_ms: i64) -> Result<(), Rejected> {
    match year {
        Some(y) if !(i32::from(FIRST_BIRTH_YEAR)..=year_of(now_ms)).contains(&i32::from(y)) => {
            Err(Rejected::Field {
                field: "birth_year",
                problem: FieldProblem::NotBirthYear(y.to_string()),
            })
        }
        _ => Ok(()),
    }
}

/// The calendar year (UTC) of an instant in ms since the Unix epoch.
fn year_of(now_ms: i64) -> i32 {
    time::OffsetDateTime::from_unix_timestamp(now_ms.div_euclid(1000))
        .map_or(time::OffsetDateTime::UNIX_EPOCH.year(), |t| t.year())
}

/// Checks the name in Latin letters: each part like the other text fields and written in Latin letters (it is
/// what the EGF, FFG and AGA files print), and a given name only beside a family name.
fn latin_name(f: &ParticipantFields) -> Result<(), Rejected> {
    for (field, value) in [
        ("latin_family_name", &f.latin_family_name),
        ("latin_given_name", &f.latin_given_name),
    ] {
        text(field, value, false, MAX_TEXT)?;
        if super::name::has_other_letters(value) {
            return Err(Rejected::Field {
                field,
                problem: FieldProblem::NotLatin(value.to_string()),
            });
        }
    }
    if f.latin_family_name.trim().is_empty() && !f.latin_given_name.trim().is_empty() {
        return Err(Rejected::Field {
            field: "latin_family_name",
            problem: FieldProblem::LatinFamilyMissing,
        });
    }
    Ok(())
}

/// Checks the event's details.
pub fn event(e: &EventInfo) -> Result<(), Rejected> {
    text("name", &e.name, false, MAX_TEXT)?;
    text("venue", &e.venue, false, MAX_TEXT)?;
    text("city", &e.city, false, MAX_TEXT)?;
    country("country", &e.country)?;
    date_range(&e.start_date, &e.end_date)
}

/// Checks a tournament's settings.
pub fn tournament(s: &TournamentSettings) -> Result<(), Rejected> {
    text("name", &s.name, true, MAX_TEXT)?;
    if !(1..=MAX_ROUNDS).contains(&s.rounds) {
        return Err(Rejected::invalid(
            "rounds",
            format!("{} is outside 1..{MAX_ROUNDS}", s.rounds),
        ));
    }
    date_range(&s.start_date, &s.end_date)?;
    if !(-200..=200).contains(&s.komi_half) {
        return Err(Rejected::invalid(
            "komi",
            "komi must be between -100 and 100",
        ));
    }
    super::timetable::normalise(&s.schedule, s.rounds)?;
    s.fees.validate()?;
    super::setup::validate(s.system, &s.mcmahon, &s.handicap, &s.scoring, &s.draw)
}

/// Checks and normalises a round list against a tournament of `total` rounds: sorted, unique, within 1..=total.
/// `None` means every round.
pub fn rounds(requested: Option<&[u32]>, total: u32) -> Result<Vec<u32>, Rejected> {
    let Some(list) = requested else {
        return Ok((1..=total).collect());
    };
    if let Some(bad) = list.iter().find(|r| !(1..=total).contains(*r)) {
        return Err(Rejected::invalid(
            "rounds",
            format!("round {bad} is outside 1..{total}"),
        ));
    }
    let mut rounds = list.to_vec();
    rounds.sort_unstable();
    rounds.dedup();
    if rounds.is_empty() {
        return Err(Rejected::invalid(
            "rounds",
            "a player must play at least one round",
        ));
    }
    Ok(rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_real_country_codes_only() {
        assert!(is_country("GB") && is_country("FR") && is_country("JP") && is_country("ZW"));
        assert!(!is_country("XX") && !is_country("gb") && !is_country("G") && !is_country("UK"));
        assert!(is_country("XK"), "Kosovo, as the maintained list has it");
    }

    #[test]
    fn rounds_are_sorted_deduplicated_and_bounded() {
        assert_eq!(rounds(Some(&[3, 1, 3]), 5), Ok(vec![1, 3]));
        assert_eq!(rounds(None, 3), Ok(vec![1, 2, 3]));
        assert!(rounds(Some(&[0]), 5).is_err());
        assert!(rounds(Some(&[6]), 5).is_err());
        assert!(rounds(Some(&[]), 5).is_err());
    }

    #[test]
    fn dates_look_like_dates() {
        assert!(date("d", "2026-08-01").is_ok());
        assert!(date("d", "").is_ok());
        assert!(date("d", "2026-13-01").is_err());
        assert!(date("d", "01/08/2026").is_err());
        assert!(date("d", "2026-8-01").is_err());
        assert!(date("d", "+026-08-01").is_err());
    }

    fn message(r: Result<impl std::fmt::Debug, Rejected>) -> String {
        r.unwrap_err().to_string()
    }

    #[test]
    fn issue_12_impossible_dates_are_refused_with_the_reason() {
        assert_eq!(
            message(date("start_date", "2026-02-31")),
            "start date: 2026-02-31 is not a date: February 2026 has 28 days"
        );
        assert_eq!(
            message(date("end_date", "2026-04-31")),
            "end date: 2026-04-31 is not a date: April 2026 has 30 days"
        );
        assert_eq!(
            message(date("start_date", "2026-08-00")),
            "start date: 2026-08-00 is not a date: August 2026 has 31 days"
        );
        assert_eq!(
            message(date("start_date", "2026-13-01")),
            "start date: 2026-13-01 is not a date: there is no month 13"
        );
        assert!(date("d", "2028-02-29").is_ok(), "a leap year");
        assert!(date("d", "2100-02-29").is_err(), "not a leap year");
    }

    #[test]
    fn issue_34_a_latin_name_is_in_latin_letters_and_has_a_family_name() {
        let with = |family: &str, given: &str| ParticipantFields {
            latin_family_name: family.into(),
            latin_given_name: given.into(),
            ..ParticipantFields::sample("山田", "太郎", "")
        };
        let participant = |f: &ParticipantFields| participant(f, NOW_2026);
        assert!(participant(&with("", "")).is_ok());
        assert!(participant(&with("Yamada", "Tarō")).is_ok());
        assert!(participant(&with("Yamada", "")).is_ok());
        assert_eq!(
            message(participant(&with("山田", "Taro"))),
            "latin family name: \"山田\" is not in Latin letters: type the name as the player spells it in \
             Latin letters (e.g. Yamada), or leave it empty"
        );
        assert!(message(participant(&with("Yamada", "Таро"))).starts_with("latin given name:"));
        assert!(
            message(participant(&with(" ", "Taro"))).contains("family name in Latin letters too")
        );
        assert!(message(participant(&with(&"Y".repeat(201), ""))).contains("at most 200"));
        assert!(message(participant(&with("Ya\u{7}mada", ""))).contains("control characters"));
    }

    /// 2026-08-01 12:00 UTC.
    const NOW_2026: i64 = 1_785_585_600_000;

    #[test]
    fn issue_33_a_year_of_birth_is_from_1900_to_the_year_of_the_command() {
        let born = |year: Option<u16>| ParticipantFields {
            birth_year: year,
            ..ParticipantFields::sample("Smith", "Ann", "")
        };
        for ok in [None, Some(1900), Some(1987), Some(2012), Some(2026)] {
            assert_eq!(participant(&born(ok), NOW_2026), Ok(()), "{ok:?}");
        }
        for bad in [0, 1899, 2027, 2031, 9999] {
            assert_eq!(
                participant(&born(Some(bad)), NOW_2026),
                Err(Rejected::Field {
                    field: "birth_year",
                    problem: FieldProblem::NotBirthYear(bad.to_string()),
                })
            );
        }
        assert_eq!(
            message(birth_year(Some(2031), NOW_2026)),
            "birth year: 2031 is not a year of birth: type the year the player was born, like 2012"
        );
        // The year is the command's: the same record is refused a year earlier and taken a year later.
        let a_year = 365 * 24 * 3600 * 1000;
        assert!(birth_year(Some(2026), NOW_2026 - a_year).is_err());
        assert!(birth_year(Some(2027), NOW_2026 + a_year).is_ok());
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(-1), 1969);
    }

    #[test]
    fn issue_12_an_end_before_the_start_is_refused() {
        assert_eq!(
            message(date_range("2026-08-03", "2026-08-01")),
            "end date: the end 2026-08-01 is before the start 2026-08-03"
        );
        assert!(date_range("2026-08-01", "2026-08-01").is_ok());
        assert!(date_range("2026-07-31", "2026-08-01").is_ok());
        assert!(date_range("", "2026-08-01").is_ok());
        let t = TournamentSettings {
            name: "Main".into(),
            rounds: 5,
            start_date: "2026-08-09".into(),
            end_date: "2026-08-02".into(),
            ..Default::default()
        };
        assert!(message(tournament(&t)).contains("before the start"));
        let e = EventInfo {
            start_date: "2026-02-30".into(),
            ..Default::default()
        };
        assert!(message(event(&e)).contains("February 2026 has 28 days"));
    }
}
