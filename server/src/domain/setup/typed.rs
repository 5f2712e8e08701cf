//! What a director types for a tournament's settings, read into the settings' values: komi and bye points (half
//! points), ranks and lists of ranks, the tie-break order (names, or one profile's name), amounts for prizes, the
//! never-pair list, and the named choices (time system, draw profile, bye rule, switches, seeding and floats,
//! the credit for a missed round). Every door that takes typed text reads it
//! here, so the desk forms and the wire accept the same spellings; each refusal names its field. The spellings of
//! numbers and lists are `tengen_text::read`'s, shared with the desk program.
//!
//! Pure; must not touch the state. Whether the values make a valid tournament is `validate`'s to say.

use super::{criterion, tiebreak_profile, ByeRule, DrawProfile, MissedRule, Switch, TimeSystem};
use crate::domain::error::{quote, Rejected};
use crate::domain::rank::{Rank, RankError};
use tengen_text::read;

/// Points typed as `6.5`, `6,5`, `6½` or `7`, in half points (komi, a bye's worth).
pub fn points(field: &'static str, text: &str) -> Result<i32, Rejected> {
    let bad = |message: String| Rejected::invalid(field, message);
    let half = read::halves(text).map_err(|e| bad(e.to_string()))?;
    i32::try_from(half).map_err(|_| bad(format!("{} is far too many points", quote(text.trim()))))
}

/// A rank typed as `3d`, `12k` or `1p`.
pub fn rank(field: &'static str, text: &str) -> Result<Rank, Rejected> {
    text.trim()
        .parse()
        .map_err(|e: RankError| Rejected::invalid(field, e.to_string()))
}

/// A rank, or none when left empty (or typed `none`).
pub fn optional_rank(field: &'static str, text: &str) -> Result<Option<Rank>, Rejected> {
    if read::is_none(text) {
        Ok(None)
    } else {
        rank(field, text).map(Some)
    }
}

/// Ranks in the order typed: `1k, 5k, 30k`; empty or `none` is no rank.
pub fn ranks(field: &'static str, text: &str) -> Result<Vec<Rank>, Rejected> {
    if read::is_none(text) {
        return Ok(Vec::new());
    }
    read::items(text)
        .into_iter()
        .map(|r| rank(field, r))
        .collect()
}

/// Amounts for places 1, 2, …, in cents: `300, 200, 100` or `150.50; 75`; empty or `none` is no prize.
pub fn amounts(field: &'static str, text: &str) -> Result<Vec<i64>, Rejected> {
    read::amounts(text).map_err(|e| Rejected::invalid(field, e.to_string()))
}

/// One amount in cents: `30`, `30.50`, `30,50`; empty is 0.
pub fn amount(field: &'static str, text: &str) -> Result<i64, Rejected> {
    read::amount(text).map_err(|e| Rejected::invalid(field, e.to_string()))
}

/// Fees by rank typed as `1d: 40, 5k: 35` (1 dan and stronger pay 40; 5 kyu to 1 kyu 35); empty or `none` is
/// none.
pub fn fee_bands(text: &str) -> Result<Vec<crate::domain::fees::FeeBand>, Rejected> {
    if read::is_none(text) {
        return Ok(Vec::new());
    }
    text.split([',', ';'])
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (from, cents) = item.split_once(':').ok_or_else(|| {
                Rejected::invalid(
                    "fee_bands",
                    format!("{} is not a rank and a fee like 1d: 40", quote(item)),
                )
            })?;
            Ok(crate::domain::fees::FeeBand {
                from: rank("fee_bands", from)?,
                cents: amount("fee_bands", cents)?,
            })
        })
        .collect()
}

/// Fees by rank as a director types them back: `1d: 40, 5k: 35`.
pub fn fee_bands_text(bands: &[crate::domain::fees::FeeBand]) -> String {
    bands
        .iter()
        .map(|b| format!("{}: {}", b.from, read::amount_text(b.cents)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Prizes by wins typed as `4: 20, 5: 40` (4 wins or more: 20; 5 or more: 40); empty or `none` is none.
pub fn wins_prizes(text: &str) -> Result<Vec<super::WinsPrize>, Rejected> {
    let bad = |message: String| Rejected::invalid("wins_prizes", message);
    read::wins_amounts(text)
        .map_err(|e| bad(e.to_string()))?
        .into_iter()
        .map(|(half, cents)| {
            let wins_half =
                u32::try_from(half).map_err(|_| bad(format!("{half} half wins is too many")))?;
            Ok(super::WinsPrize { wins_half, cents })
        })
        .collect()
}

/// Prizes by wins as a director types them back: `4: 20, 3½: 10.50`.
pub fn wins_prizes_text(prizes: &[super::WinsPrize]) -> String {
    prizes
        .iter()
        .map(|w| {
            format!(
                "{}: {}",
                tengen_text::halves(i64::from(w.wins_half)),
                read::amount_text(w.cents)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A year typed as `2009`, or none when left empty.
pub fn optional_year(field: &'static str, text: &str) -> Result<Option<u16>, Rejected> {
    if read::is_none(text) {
        return Ok(None);
    }
    text.trim().parse::<u16>().map(Some).map_err(|_| {
        Rejected::invalid(
            field,
            format!("{} is not a year like 2009", quote(text.trim())),
        )
    })
}

/// Player numbers that must never meet: `3-8, 5-12`; empty or `none` is nobody.
pub fn never_pairs(text: &str) -> Result<Vec<(u32, u32)>, Rejected> {
    read::number_pairs(text).map_err(|e| Rejected::invalid("never_pair", e.to_string()))
}

/// A tie-break order as names (trimmed, lower case): one profile's name stands for its list (`mays` →
/// `mms, sos-mays, sdos, h2h`); an empty list is `None`. The names are checked by [`tiebreaks`] or `validate`.
pub fn tiebreak_order(names: &[&str]) -> Option<Vec<String>> {
    let names: Vec<String> = names
        .iter()
        .map(|n| n.trim().to_ascii_lowercase())
        .filter(|n| !n.is_empty())
        .collect();
    match names.as_slice() {
        [] => None,
        [one] => Some(tiebreak_profile(one).unwrap_or_else(|| names.clone())),
        _ => Some(names),
    }
}

/// A tie-break order typed as `mms, sos, sosos`, or one profile's name (`egf`, `mays`, `swiss`, …); every name
/// must be a criterion.
pub fn tiebreaks(text: &str) -> Result<Vec<String>, Rejected> {
    let names = tiebreak_order(&read::items(text)).ok_or_else(|| {
        Rejected::invalid(
            "tiebreaks",
            "give at least one criterion (e.g. mms, sos, sosos) or a profile (egf, mays, swiss)",
        )
    })?;
    if let Some(bad) = names.iter().find(|n| criterion(n).is_none()) {
        return Err(Rejected::invalid(
            "tiebreaks",
            format!(
                "unknown criterion {}: use {}, or a profile (egf, mays, swiss, round-robin, knockout, \
                 double-elimination, generalised-knockout)",
                quote(bad),
                super::TIEBREAK_NAMES.join(", ")
            ),
        ));
    }
    Ok(names)
}

/// A time system by name: `sudden-death`, `canadian` (also empty), `milton-keynes`, `byo-yomi`, `fischer`.
pub fn time_system(text: &str) -> Result<TimeSystem, Rejected> {
    TimeSystem::parse(text).ok_or_else(|| {
        Rejected::invalid(
            "time_system",
            format!(
                "{} is not a time system: use sudden-death, canadian, milton-keynes, byo-yomi or fischer",
                quote(text)
            ),
        )
    })
}

/// The credit for a missed round by name: `half` (also empty), `one-per-two` or `nothing`.
pub fn missed(text: &str) -> Result<MissedRule, Rejected> {
    MissedRule::parse(text).ok_or_else(|| {
        Rejected::invalid(
            "missed_rounds",
            format!(
                "{} is not a rule for missed rounds: use half, one-per-two or nothing",
                quote(text)
            ),
        )
    })
}

/// A draw choice left to the profile when empty (or `default`), else one of `choices` read by `parse`.
pub fn choice<T>(
    field: &'static str,
    text: &str,
    choices: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, Rejected> {
    match text.trim() {
        "" | "default" => Ok(None),
        t => parse(t).map(Some).ok_or_else(|| {
            Rejected::invalid(
                field,
                format!("{} is not a choice: use {choices}", quote(t)),
            )
        }),
    }
}

/// A switch by name: `default` (also empty: the profile's), `on` or `off`.
pub fn switch(field: &'static str, text: &str) -> Result<Switch, Rejected> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "default" => Ok(Switch::Default),
        "on" | "yes" => Ok(Switch::On),
        "off" | "no" => Ok(Switch::Off),
        other => Err(Rejected::invalid(
            field,
            format!("{} is not a switch: use default, on or off", quote(other)),
        )),
    }
}

impl DrawProfile {
    /// The wire and form name.
    pub fn as_str(self) -> &'static str {
        match self {
            DrawProfile::Egf => "egf",
            DrawProfile::Mays => "mays",
        }
    }

    /// From a wire or form name (empty is `egf`), or the refusal naming the profiles there are.
    pub fn from_name(text: &str) -> Result<DrawProfile, Rejected> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "egf" => Ok(DrawProfile::Egf),
            "mays" => Ok(DrawProfile::Mays),
            other => Err(Rejected::invalid(
                "profile",
                format!("{} is not a draw profile: use egf or mays", quote(other)),
            )),
        }
    }
}

impl ByeRule {
    /// The wire and form name.
    pub fn as_str(self) -> &'static str {
        match self {
            ByeRule::Egf => "egf",
            ByeRule::Mays => "mays",
        }
    }

    /// From a wire or form name (empty is `egf`), or the refusal naming the rules there are.
    pub fn from_name(text: &str) -> Result<ByeRule, Rejected> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "egf" => Ok(ByeRule::Egf),
            "mays" => Ok(ByeRule::Mays),
            other => Err(Rejected::invalid(
                "bye_rule",
                format!("{} is not a bye rule: use egf or mays", quote(other)),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(r: Result<impl std::fmt::Debug, Rejected>) -> &'static str {
        match r {
            Err(Rejected::Invalid { field, .. }) => field,
            other => panic!("a refusal naming its field, not {other:?}"),
        }
    }

    #[test]
    fn komi_reads_as_typed_in_any_spelling() {
        assert_eq!(points("komi", "6.5"), Ok(13));
        assert_eq!(points("komi", "6½"), Ok(13));
        assert_eq!(points("komi", " 7 "), Ok(14));
        assert_eq!(points("komi", "-0,5"), Ok(-1));
        assert_eq!(field(points("komi", "six")), "komi");
        assert_eq!(field(points("bye_points", "0.25")), "bye_points");
    }

    #[test]
    fn ranks_and_lists_of_ranks() {
        assert_eq!(rank("bar", "3d").map(|r| r.to_string()), Ok("3d".into()));
        assert_eq!(optional_rank("bar", " "), Ok(None));
        assert_eq!(optional_rank("floor", "none"), Ok(None));
        assert_eq!(
            optional_rank("floor", "20K").map(|r| r.map(|r| r.to_string())),
            Ok(Some("20k".into()))
        );
        assert_eq!(field(optional_rank("supergroup", "99k")), "supergroup");
        let listed: Vec<String> = ranks("categories", "1d, 10k;30k")
            .expect("ranks")
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(listed, ["1d", "10k", "30k"]);
        assert_eq!(ranks("sections", "none"), Ok(vec![]));
        assert_eq!(field(ranks("sections", "1k, x")), "sections");
    }

    #[test]
    fn tiebreaks_are_names_or_one_profile() {
        assert_eq!(
            tiebreaks("MMS, sos,  sosos"),
            Ok(vec!["mms".into(), "sos".into(), "sosos".into()])
        );
        assert_eq!(
            tiebreaks("mays"),
            Ok(tiebreak_profile("mays").expect("mays"))
        );
        assert_eq!(field(tiebreaks("mms, sox")), "tiebreaks");
        assert_eq!(field(tiebreaks(" ")), "tiebreaks");
        assert_eq!(field(tiebreaks("mms, egf")), "tiebreaks");
        assert_eq!(tiebreak_order(&[" "]), None);
    }

    #[test]
    fn prizes_pairs_and_choices() {
        assert_eq!(
            amounts("prizes", "100, 50, 25"),
            Ok(vec![10_000, 5_000, 2_500])
        );
        assert_eq!(amounts("prizes", ""), Ok(vec![]));
        assert_eq!(field(amounts("section_prizes", "lots")), "section_prizes");
        assert_eq!(never_pairs("3-8, 5-12"), Ok(vec![(3, 8), (5, 12)]));
        assert_eq!(field(never_pairs("3-3")), "never_pair");
        assert_eq!(DrawProfile::from_name("Mays"), Ok(DrawProfile::Mays));
        assert_eq!(field(DrawProfile::from_name("fide")), "profile");
        assert_eq!(ByeRule::from_name(""), Ok(ByeRule::Egf));
        assert_eq!(field(ByeRule::from_name("x")), "bye_rule");
        assert_eq!(switch("avoid_same_club", "off"), Ok(Switch::Off));
        assert_eq!(switch("avoid_same_club", ""), Ok(Switch::Default));
        assert_eq!(field(switch("avoid_same_city", "maybe")), "avoid_same_city");
        assert_eq!(
            choice("seeding", "default", "fold", super::super::Seeding::parse),
            Ok(None)
        );
        assert_eq!(
            field(choice(
                "draw_up",
                "left",
                "top",
                super::super::FloatFrom::parse
            )),
            "draw_up"
        );
        assert_eq!(time_system("byo-yomi"), Ok(TimeSystem::ByoYomi));
        assert_eq!(field(time_system("blitz")), "time_system");
        assert_eq!(missed("bga"), Ok(MissedRule::OnePerTwo));
        assert_eq!(field(missed("all")), "missed_rounds");
    }
}
