//! The EGF rating export: the `.h9` results table the EGD takes for rating, after a round. Header comments
//! (`; CL[A]`, `; EV[…]`, `; PC[…]`, `; DT[…]`, `; HA[h1]`, `; KM[…]`, `; TM[…]`, `; CM[…]`), then one line
//! per placed player in standings order: place, name, rank, country, club, up to four criteria and one token per
//! round (`12+/w0`, `7-!b0` for a game decided by forfeit, `0+` bye, `0=` missed round, `0-` not paired),
//! then ` |<EGD pin>` when the player has one. Reads the register and the standings crate; lays out text only.
//!
//! Format decisions (the EGF rules: blank-separated entries, the same number of round tokens on every line):
//! - The opponent in a token is the opponent's *line number* in this table. Tied players print their place on
//!   the first line of the tie only and blanks after it, so the line number is the only number every line has.
//! - Only the rounds up to the counted one are written (a round not played yet is not a "missed" round).
//! - Ghosts get no line; a game against a ghost is written as a free round from its result (`0+` for a win,
//!   `0=` jigo, `0-` loss or no result yet).
//! - A bye is `0+`, `0=` or `0-` by the bye credit (one point, a half, none); a missed round (the player was
//!   not entered for it) is `0=` under the "half" missed-round rule, else `0-`; a round the player was entered
//!   for but not paired in is `0-`.
//! - `CL[…]` is left out when the time control is below EGF class C: the class is the EGD's to decide then.
//! - The criteria are the tournament's first four tie-breaks, integer part (as OpenGotha prints them); fewer
//!   than four are not padded.
//! - Columns are padded by display width (a CJK character takes two), so the table lines up in a monospaced
//!   view; readers that split on blanks are unaffected.
//!
//! Encoding: the body is a Rust `String`, and `tengen sheet T egf --out FILE` writes it as UTF-8. Latin
//! letters with accents are transliterated to plain ASCII here (é→e, ø→o, ß→ss, ễ→e, …), so European names
//! are plain ASCII and thus also valid ISO-8859-15. Names in other scripts (CJK, Hangul, Cyrillic) are kept
//! as written: they have no ISO-8859-15 form (OpenGotha writes them as `?`), so before uploading such a file
//! check that the EGD takes it as UTF-8, or register those players with romanised names.
//!
//! In HTML (`--html`) the same text is shown in a `<pre>` block inside the usual sheet page.

use super::html;
use super::model::Sheet;
use super::roster::{half_points, Roster};
use super::width::width;
use super::{Document, HTML, TEXT};
use crate::domain::field::{participant_id, Field};
use crate::domain::round::{GameRecord, Outcome, RoundRecord};
use crate::domain::setup::{MissedRule, TimeClass, TimeControl, TimeSystem};
use crate::domain::{ParticipantId, Rejected};
use std::collections::BTreeMap;
use std::fmt::Write;
use tengen_standings::settings::Criterion;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;
use unicode_width::UnicodeWidthChar;

/// Columns of the "Family Given" field.
const NAME: usize = 30;
/// Criteria columns written at most.
const CRITERIA: usize = 4;

/// The export after round `round` (0: the last round with results) as text, or as HTML with the text in a
/// `<pre>` block.
///
/// # Errors
///
/// [`Rejected::UnknownRound`] for a round not drawn; [`Rejected::Precondition`] before any result (the EGD
/// has nothing to rate).
pub(crate) fn document(roster: &Roster, round: u32, html: bool) -> Result<Document, Rejected> {
    let after = roster.counted_round(round)?;
    if after == 0 {
        return Err(Rejected::Precondition(
            "no round has a result yet: there is nothing to export for rating".to_string(),
        ));
    }
    let title = format!("{}: EGF results after round {after}", roster.name());
    let text = table(roster, after);
    let (content_type, body) = if html {
        let page = html::render(&Sheet::new(title.clone(), roster.heading_lines()));
        let pre = format!("<pre>\n{}</pre>\n</body>", html::escape(&text));
        (HTML, page.replacen("</body>", &pre, 1))
    } else {
        (TEXT, text)
    };
    Ok(Document {
        title,
        content_type: content_type.to_string(),
        body,
    })
}

/// The whole file after round `after` (at least 1), ending with a newline.
fn table(roster: &Roster, after: u32) -> String {
    let mut out = header(roster);
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let criteria: Vec<&Criterion> = standings.criteria.iter().take(CRITERIA).collect();
    let mut columns = format!("; Pl {} {:>3} Co {:>4}", pad("Name", NAME), "Rk", "Club");
    for c in &criteria {
        let _ = write!(columns, "{:>5}", short(c));
    }
    out.push_str(&columns);
    out.push('\n');
    let lines: BTreeMap<ParticipantId, usize> = standings
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| (participant_id(r.player), i + 1))
        .collect();
    let export = Export { roster, lines };
    let rounds: Vec<Option<&RoundRecord>> = (1..=after)
        .map(|n| roster.play.and_then(|p| p.round(n)))
        .collect();
    let mut previous_place = None;
    for row in &standings.rows {
        let p = participant_id(row.player);
        let place = if previous_place == Some(row.place) {
            String::new()
        } else {
            row.place.to_string()
        };
        previous_place = Some(row.place);
        let mut line = format!(
            "{place:>4} {} {:>3} {} {}",
            export.name(p),
            roster.rank(p, after).to_ascii_uppercase(),
            export.country(p),
            export.club(p),
        );
        for v in row.values.iter().take(CRITERIA) {
            let whole = v.map_or(0, |v| v.numer() / v.denom());
            let _ = write!(line, " {whole:>4}");
        }
        for (n, r) in (1..=after).zip(&rounds) {
            let token = export.token(*r, n, p);
            let (head, tail) = token.split_at(token.find(['/', '!']).unwrap_or(token.len()));
            let _ = write!(line, " {head:>5}{tail:<3}");
        }
        let mut line = line.trim_end().to_string();
        if let Some(pin) = export.pin(p) {
            let _ = write!(line, " |{pin}");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The comment lines above the table.
fn header(roster: &Roster) -> String {
    let s = &roster.tournament.settings;
    let event = &roster.state.event;
    let mut lines = Vec::new();
    if s.time.class() != TimeClass::Unclassified {
        lines.push(format!("CL[{}]", s.time.class().as_str()));
    }
    let name = s.name.trim();
    let event_name = event.name.trim();
    let full_name = if event_name.is_empty() || name.contains(event_name) {
        name.to_string()
    } else if name.is_empty() {
        event_name.to_string()
    } else {
        format!("{event_name} - {name}")
    };
    lines.push(format!("EV[{}]", value(&full_name)));
    lines.push(format!(
        "PC[{},{}]",
        value(&event.country.trim().to_ascii_uppercase()),
        value(&event.city)
    ));
    let first = |a: &str, b: &str| {
        let a = a.trim();
        if a.is_empty() {
            b.trim().to_string()
        } else {
            a.to_string()
        }
    };
    let start = first(&s.start_date, &event.start_date);
    let end = first(&s.end_date, &event.end_date);
    match (start.is_empty(), end.is_empty()) {
        (true, true) => {}
        (false, true) => lines.push(format!("DT[{start},{start}]")),
        (true, false) => lines.push(format!("DT[{end},{end}]")),
        (false, false) => lines.push(format!("DT[{start},{end}]")),
    }
    if s.handicap.correction > 0 && s.handicap.ceiling > 0 {
        lines.push(format!("HA[h{}]", s.handicap.correction));
    }
    lines.push(format!("KM[{}]", half_points(s.komi_half)));
    lines.push(format!("TM[{}]", s.time.adjusted_seconds() / 60));
    lines.push(format!("CM[{}]", time_words(&s.time)));
    lines.push("Generated by Tengen".to_string());
    let mut out = String::new();
    for l in lines {
        let _ = writeln!(out, "; {l}");
    }
    out.push_str(";\n");
    out
}

/// The time control in words, e.g. "Canadian byo-yomi, 60 min + 20 stones in 5 min".
fn time_words(t: &TimeControl) -> String {
    let basic = format!("{} min", t.basic_minutes);
    let period = duration(t.period_seconds);
    match t.system {
        TimeSystem::SuddenDeath => format!("Sudden death, {basic}"),
        TimeSystem::Canadian => {
            format!(
                "Canadian byo-yomi, {basic} + {} stones in {period}",
                t.stones
            )
        }
        TimeSystem::MiltonKeynes => {
            format!(
                "Milton Keynes overtime, {basic} + {} stones in {period}",
                t.stones
            )
        }
        TimeSystem::ByoYomi => format!("Standard byo-yomi, {basic} + {} x {period}", t.periods),
        TimeSystem::Fischer => format!("Fischer, {basic} + {} s per move", t.increment_seconds),
    }
}

/// "5 min" for whole minutes, else "30 s".
fn duration(seconds: u32) -> String {
    if seconds > 0 && seconds.is_multiple_of(60) {
        format!("{} min", seconds / 60)
    } else {
        format!("{seconds} s")
    }
}

/// A criterion's column header: the EGF's short names (NBW for wins), no conventions in brackets.
fn short(c: &Criterion) -> String {
    if *c == Criterion::Wins {
        return "NBW".to_string();
    }
    let name = c.name();
    match name.split_once(" (") {
        Some((head, _)) => head.to_string(),
        None => name,
    }
}

/// The register and the table's line numbers, for writing player lines.
struct Export<'a, 'b> {
    roster: &'b Roster<'a>,
    /// Line number of every listed player.
    lines: BTreeMap<ParticipantId, usize>,
}

impl Export<'_, '_> {
    /// "Family Given" in [`NAME`] columns, inner blanks as `_`.
    fn name(&self, p: ParticipantId) -> String {
        let (family, given) = match self.roster.entrants.get(&p) {
            Some((person, _)) => (
                word(&to_ascii(&person.fields.family_name)),
                word(&to_ascii(&person.fields.given_name)),
            ),
            None => (p.to_string(), String::new()),
        };
        pad(&fit_name(&family, &given, NAME), NAME)
    }

    /// Two capital letters, `XX` when unknown.
    fn country(&self, p: ParticipantId) -> String {
        let country = self
            .roster
            .entrants
            .get(&p)
            .map(|(person, _)| person.fields.country.trim().to_ascii_uppercase())
            .unwrap_or_default();
        if country.len() == 2 && country.bytes().all(|b| b.is_ascii_uppercase()) {
            country
        } else {
            "XX".to_string()
        }
    }

    /// The club in four columns (its first letters and digits), right-aligned; `xxxx` when unknown.
    fn club(&self, p: ParticipantId) -> String {
        let club: String = to_ascii(&self.roster.club(p))
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        let club = cut(&club, 4);
        if club.is_empty() {
            return "xxxx".to_string();
        }
        format!("{}{club}", " ".repeat(4usize.saturating_sub(width(&club))))
    }

    /// The EGD pin, when the player has one.
    fn pin(&self, p: ParticipantId) -> Option<String> {
        let (person, _) = self.roster.entrants.get(&p)?;
        let pin: String = person
            .fields
            .egd_pin
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ';' && *c != '|')
            .collect();
        (!pin.is_empty()).then_some(pin)
    }

    /// Player `p`'s token for round `n` (`None` when the round record is missing).
    fn token(&self, r: Option<&RoundRecord>, n: u32, p: ParticipantId) -> String {
        let settings = &self.roster.tournament.settings;
        if let Some(r) = r {
            if r.bye == Some(p) {
                return match settings.scoring.bye_half_points {
                    h if h >= 2 => "0+",
                    1 => "0=",
                    _ => "0-",
                }
                .to_string();
            }
            if let Some(g) = r.game_of(p) {
                return self.game(g, p);
            }
        }
        let entered = self
            .roster
            .entrants
            .get(&p)
            .is_some_and(|(_, e)| e.rounds.contains(&n));
        if !entered && settings.scoring.missed == MissedRule::Half {
            "0=".to_string()
        } else {
            "0-".to_string()
        }
    }

    /// A game from `p`'s side: `12+/w0`, `7-!b3`, `3?/w0`; `0+`/`0=`/`0-` against a ghost.
    fn game(&self, g: &GameRecord, p: ParticipantId) -> String {
        let white = g.white == p;
        let opponent = if white { g.black } else { g.white };
        let (mark, forfeit) = match g.confirmed {
            None => ('?', false),
            Some(res) => {
                let mark = match (res.outcome, white) {
                    (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => '+',
                    (Outcome::WhiteWins, false) | (Outcome::BlackWins, true) => '-',
                    (Outcome::Jigo, _) => '=',
                    (Outcome::BothWin, _) => '+',
                    (Outcome::BothLose, _) => '-',
                    (Outcome::Unknown, _) => '?',
                };
                (mark, res.by_forfeit)
            }
        };
        match self.lines.get(&opponent) {
            Some(line) => {
                let kind = if forfeit { '!' } else { '/' };
                let colour = if white { 'w' } else { 'b' };
                format!("{line}{mark}{kind}{colour}{}", g.handicap)
            }
            // A ghost (or an opponent the standings do not place): a free round, a pending result as nothing.
            None => format!("0{}", if mark == '?' { '-' } else { mark }),
        }
    }
}

/// A header value: one line, no brackets (they would end the field), transliterated like the names.
fn value(s: &str) -> String {
    to_ascii(s.trim())
        .chars()
        .map(|c| match c {
            '[' => '(',
            ']' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect()
}

/// One name part as a single blank-free word: inner blanks become `_`; `;` (a comment) and `|` (the pin
/// separator) are dropped.
fn word(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
        .chars()
        .filter(|c| *c != ';' && *c != '|' && !c.is_control())
        .collect()
}

/// "Family Given" in at most `max` columns. When too long, the given name keeps what room a family name of
/// at most 15 columns leaves it, and the family name is cut to the rest, so both stay on the line.
fn fit_name(family: &str, given: &str, max: usize) -> String {
    match (family.is_empty(), given.is_empty()) {
        (true, true) => "?".to_string(),
        (false, true) => cut(family, max),
        (true, false) => cut(given, max),
        (false, false) => {
            if width(family) + 1 + width(given) <= max {
                return format!("{family} {given}");
            }
            let given = cut(given, max - 1 - width(family).min(15));
            let family = cut(family, max - 1 - width(&given));
            format!("{family} {given}")
        }
    }
}

/// `s` cut to at most `max` columns, a wide character dropped whole rather than split; no ellipsis (this is
/// a data file).
fn cut(s: &str, max: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// `s` padded with blanks on the right to `w` columns.
fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// Latin letters with accents as plain ASCII (é→e, Ø→O, ß→ss, ễ→e, æ→ae); everything else as it is.
pub(crate) fn to_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // True after a Latin letter, whose following combining accents are dropped too.
    let mut latin = false;
    for c in s.chars() {
        if is_combining_mark(c) {
            if !latin {
                out.push(c);
            }
            continue;
        }
        latin = c.is_ascii_alphabetic() || is_latin(c);
        if !is_latin(c) {
            out.push(c);
            continue;
        }
        for d in std::iter::once(c).nfd().filter(|d| !is_combining_mark(*d)) {
            match letter(d) {
                Some(plain) => out.push_str(plain),
                None => out.push(d),
            }
        }
    }
    out
}

/// Latin-1 letters, Latin Extended-A and -B, and Latin Extended Additional (Vietnamese).
fn is_latin(c: char) -> bool {
    matches!(c, '\u{C0}'..='\u{24F}' | '\u{1E00}'..='\u{1EFF}') && c != '×' && c != '÷'
}

/// Latin letters with no decomposition into a plain letter and accents.
fn letter(c: char) -> Option<&'static str> {
    Some(match c {
        'ß' => "ss",
        'ẞ' => "SS",
        'æ' => "ae",
        'Æ' => "AE",
        'œ' => "oe",
        'Œ' => "OE",
        'ø' => "o",
        'Ø' => "O",
        'đ' | 'ð' => "d",
        'Đ' | 'Ð' => "D",
        'ł' | 'ŀ' => "l",
        'Ł' | 'Ŀ' => "L",
        'þ' => "th",
        'Þ' => "Th",
        'ı' => "i",
        'ħ' => "h",
        'Ħ' => "H",
        'ŧ' => "t",
        'Ŧ' => "T",
        'ŋ' => "ng",
        'Ŋ' => "NG",
        'ĸ' => "k",
        'ŉ' => "n",
        'ĳ' => "ij",
        'Ĳ' => "IJ",
        _ => return None,
    })
}
