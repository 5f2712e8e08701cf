//! Input checks shared by every command: names, countries, dates, rounds. Pure; messages for volunteers.

use super::error::Rejected;
use super::record::{EventInfo, ParticipantFields, TournamentSettings};

/// The longest name, club or city a desk may type.
pub const MAX_TEXT: usize = 200;
/// The longest free-text note.
pub const MAX_NOTES: usize = 2000;
/// The most rounds a tournament may have.
pub const MAX_ROUNDS: u32 = 20;

/// ISO 3166-1 alpha-2 codes (officially assigned), as one string of pairs.
const COUNTRIES: &str = "ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW";

/// Is `code` an assigned ISO 3166 alpha-2 code (upper case)?
pub fn is_country(code: &str) -> bool {
    code.len() == 2
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && COUNTRIES.as_bytes().chunks(2).any(|c| c == code.as_bytes())
}

fn text(field: &'static str, value: &str, required: bool, max: usize) -> Result<(), Rejected> {
    if required && value.trim().is_empty() {
        return Err(Rejected::invalid(field, "must not be empty"));
    }
    let len = value.chars().count();
    if len > max {
        return Err(Rejected::invalid(
            field,
            format!("is {len} characters long; at most {max}"),
        ));
    }
    if value.chars().any(|c| c.is_control()) {
        return Err(Rejected::invalid(field, "contains control characters"));
    }
    Ok(())
}

/// Checks an ISO 3166 alpha-2 country code (upper case) or empty.
pub fn country(field: &'static str, value: &str) -> Result<(), Rejected> {
    if value.is_empty() || is_country(value) {
        Ok(())
    } else {
        Err(Rejected::invalid(
            field,
            format!("{value:?} is not an ISO 3166 two-letter country code (e.g. GB, FR, JP)"),
        ))
    }
}

fn date(field: &'static str, value: &str) -> Result<(), Rejected> {
    let ok = value.is_empty()
        || (value.len() == 10
            && value.bytes().enumerate().all(|(i, b)| {
                if i == 4 || i == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            })
            && (1..=12).contains(&value[5..7].parse::<u32>().unwrap_or(0))
            && (1..=31).contains(&value[8..10].parse::<u32>().unwrap_or(0)));
    if ok {
        Ok(())
    } else {
        Err(Rejected::invalid(
            field,
            format!("{value:?} is not a date like 2026-08-01"),
        ))
    }
}

/// Checks a participant's fields.
pub fn participant(f: &ParticipantFields) -> Result<(), Rejected> {
    text("family_name", &f.family_name, true, MAX_TEXT)?;
    text("given_name", &f.given_name, true, MAX_TEXT)?;
    for (field, value) in [
        ("club", &f.club),
        ("city", &f.city),
        ("egd_pin", &f.egd_pin),
        ("aga_id", &f.aga_id),
        ("ffg_licence", &f.ffg_licence),
        ("email", &f.email),
        ("phone", &f.phone),
        ("family_group", &f.family_group),
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
    Ok(())
}

/// Checks the event's details.
pub fn event(e: &EventInfo) -> Result<(), Rejected> {
    text("name", &e.name, false, MAX_TEXT)?;
    text("venue", &e.venue, false, MAX_TEXT)?;
    text("city", &e.city, false, MAX_TEXT)?;
    country("country", &e.country)?;
    date("start_date", &e.start_date)?;
    date("end_date", &e.end_date)
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
    date("start_date", &s.start_date)?;
    date("end_date", &s.end_date)?;
    if !(-200..=200).contains(&s.komi_half) {
        return Err(Rejected::invalid(
            "komi",
            "komi must be between -100 and 100",
        ));
    }
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
    }
}
