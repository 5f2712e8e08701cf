//! The rating lists a registration desk looks players up in, read from the files their federations publish: the
//! EGD's "allworld" list (an HTML page with a `<pre>` table), the AGA's TD list (tab separated) and the FFG's
//! échelle (fixed columns, ISO-8859-1). The format is recognised from the content. Pure: bytes in, players out,
//! with every line left out and why; sending them is `tengen ratings load`'s and the director's rating-list page's.
//!
//! Ratings are put on the EGF GoR scale (`shared/reference/opengotha.md` §1.1): FFG + 2050; AGA r ≥ 1 →
//! r × 100 + 1950, r ≤ −1 → r × 100 + 2150. A rank the list does not state comes from the rating:
//! (GoR + 950) / 100 − 30, 1d = 0.

/// One player of a list, as the file gives them (ratings on the GoR scale).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RatedPlayer {
    /// `egd`, `aga` or `ffg`.
    pub source: String,
    /// The list's id: EGD pin, AGA id or FFG licence.
    pub id: String,
    /// Family name.
    pub family_name: String,
    /// Given name.
    pub given_name: String,
    /// Rank as text (`3d`, `12k`); from the rating when the list states none.
    pub rank: String,
    /// Rating on the EGF GoR scale, when the list has one.
    pub rating: Option<i32>,
    /// Club.
    pub club: String,
    /// Country (two letters, upper case) or empty.
    pub country: String,
}

#[cfg(test)]
mod tests;

/// Why a file is not a rating list.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RatingsError {
    /// No format recognised.
    #[error("not a rating list Tengen reads (the EGD allworld list, the AGA TD list or the FFG échelle)")]
    Unknown,
    /// The format was recognised but no player was read.
    #[error("no player could be read from this {0} list")]
    Empty(&'static str),
}

/// A list read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedList {
    /// `egd`, `aga` or `ffg`.
    pub source: &'static str,
    /// The list's own date (yyyy-mm-dd), when the file states it.
    pub date: String,
    /// The players, in file order.
    pub players: Vec<RatedPlayer>,
    /// Lines left out: (1-based line, why).
    pub skipped: Vec<(usize, String)>,
}

/// Reads a list; `source` forces the format (`egd`, `aga`, `ffg`).
pub fn parse(data: &[u8], source: Option<&str>) -> Result<ParsedList, RatingsError> {
    let text = match std::str::from_utf8(data) {
        Ok(t) => t.to_string(),
        Err(_) => data.iter().map(|b| char::from(*b)).collect(),
    };
    let source = match source {
        Some(s) => match s.to_ascii_lowercase().as_str() {
            "egd" | "egf" => "egd",
            "aga" => "aga",
            "ffg" => "ffg",
            _ => return Err(RatingsError::Unknown),
        },
        None => detect(&text).ok_or(RatingsError::Unknown)?,
    };
    let list = match source {
        "egd" => egd(&text),
        "aga" => aga(&text),
        _ => ffg(&text),
    };
    if list.players.is_empty() {
        return Err(RatingsError::Empty(source));
    }
    Ok(list)
}

fn detect(text: &str) -> Option<&'static str> {
    let head: String = text.chars().take(4000).collect();
    if head.contains("PIN") && (head.contains("<pre>") || head.contains("GoR")) {
        Some("egd")
    } else if head.starts_with("#Echelle") || head.contains("\n#Echelle") {
        Some("ffg")
    } else if head
        .lines()
        .next()
        .is_some_and(|l| l.split('\t').count() >= 7)
    {
        Some("aga")
    } else {
        None
    }
}

/// The rank text of a GoR rating.
pub fn rank_of_rating(gor: i32) -> String {
    let r = ((gor + 950).div_euclid(100) - 30).clamp(-30, 8);
    if r >= 0 {
        format!("{}d", r + 1)
    } else {
        format!("{}k", -r)
    }
}

#[allow(clippy::too_many_arguments)] // one player's fields, named at every call
fn player(
    source: &str,
    id: &str,
    family: &str,
    given: &str,
    rank: String,
    rating: Option<i32>,
    club: &str,
    country: &str,
) -> RatedPlayer {
    let rank = if rank.is_empty() {
        rating.map(rank_of_rating).unwrap_or_default()
    } else {
        rank
    };
    RatedPlayer {
        source: source.to_string(),
        id: id.trim().to_string(),
        family_name: family.trim().to_string(),
        given_name: given.trim().to_string(),
        rank,
        rating,
        club: club.trim().to_string(),
        country: country.trim().to_ascii_uppercase(),
    }
}

/// Month number of an English three-letter month.
fn month(name: &str) -> Option<u32> {
    let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    months
        .iter()
        .position(|m| name.to_ascii_lowercase().starts_with(m))
        .map(|i| i as u32 + 1)
}

/// The EGD list: ` PIN  Family Given  CC  Club  Grade  P&D  GoR  NT  Last`.
fn egd(text: &str) -> ParsedList {
    let mut out = ParsedList {
        source: "egd",
        date: String::new(),
        players: Vec::new(),
        skipped: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if out.date.is_empty() && t.starts_with('(') && t.ends_with(')') {
            let parts: Vec<&str> = t.trim_matches(['(', ')']).split_whitespace().collect();
            if let [d, m, y] = parts[..] {
                if let (Ok(d), Some(m), Ok(y)) = (d.parse::<u32>(), month(m), y.parse::<u32>()) {
                    out.date = format!("{y:04}-{m:02}-{d:02}");
                }
            }
            continue;
        }
        let tokens: Vec<&str> = t.split_whitespace().collect();
        let Some(pin) = tokens
            .first()
            .filter(|p| p.len() >= 6 && p.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        if tokens.len() < 9 {
            out.skipped.push((
                i + 1,
                "fewer fields than PIN, name, country, club, grade, P&D, GoR, NT, last".into(),
            ));
            continue;
        }
        let n = tokens.len();
        let (country, club, grade, gor) =
            (tokens[n - 7], tokens[n - 6], tokens[n - 5], tokens[n - 3]);
        let names = &tokens[1..n - 7];
        let (family, given) = match names.split_last() {
            Some((given, family)) if !family.is_empty() => (family.join(" "), given.to_string()),
            _ => (names.join(" "), String::new()),
        };
        let Ok(gor) = gor.parse::<i32>() else {
            out.skipped
                .push((i + 1, format!("GoR {gor:?} is not a number")));
            continue;
        };
        let country = if country.eq_ignore_ascii_case("XX") {
            ""
        } else {
            country
        };
        let club = if club.eq_ignore_ascii_case("xxx") || club.eq_ignore_ascii_case("xxxx") {
            ""
        } else {
            club
        };
        out.players.push(player(
            "egd",
            pin,
            &family,
            &given,
            grade.to_ascii_lowercase(),
            Some(gor),
            club,
            country,
        ));
    }
    out
}

/// An AGA rating (dan positive, kyu negative) as GoR and rank.
fn aga_rating(r: f64) -> (i32, String) {
    let gor = if r >= 1.0 {
        r * 100.0 + 1950.0
    } else {
        r * 100.0 + 2150.0
    };
    let rank = if r >= 1.0 {
        format!("{}d", (r.trunc() as i32).clamp(1, 9))
    } else {
        format!("{}k", ((-r).trunc() as i32).clamp(1, 30))
    };
    (gor.round() as i32, rank)
}

/// The AGA TD list: `Family, Given<TAB>id<TAB>membership<TAB>rating<TAB>expiry<TAB>club<TAB>state…`.
fn aga(text: &str) -> ParsedList {
    let mut out = ParsedList {
        source: "aga",
        date: String::new(),
        players: Vec::new(),
        skipped: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 7 {
            out.skipped
                .push((i + 1, "fewer than 7 tab-separated fields".into()));
            continue;
        }
        let (family, given) = f[0].split_once(',').unwrap_or((f[0], ""));
        if family.trim().is_empty() {
            out.skipped
                .push((i + 1, format!("no family name in {:?}", f[0].trim())));
            continue;
        }
        if f[1].trim().is_empty() {
            out.skipped.push((i + 1, "no AGA id".into()));
            continue;
        }
        let (rating, rank) = match f[3].trim().parse::<f64>() {
            Ok(r) if r.is_finite() && r != 0.0 => {
                let (gor, rank) = aga_rating(r);
                (Some(gor), rank)
            }
            _ => (None, String::new()),
        };
        out.players
            .push(player("aga", f[1], family, given, rank, rating, f[5], ""));
    }
    out
}

/// The FFG échelle: `FAMILY Given   rating status licence club country`, the family name in capitals.
fn ffg(text: &str) -> ParsedList {
    let mut out = ParsedList {
        source: "ffg",
        date: String::new(),
        players: Vec::new(),
        skipped: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("#Echelle au ") {
            let d: Vec<&str> = rest
                .split_whitespace()
                .next()
                .unwrap_or("")
                .split('/')
                .collect();
            if let [d, m, y] = d[..] {
                out.date = format!("{y}-{m}-{d}");
            }
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = t.split_whitespace().collect();
        let n = tokens.len();
        if n < 7 {
            out.skipped.push((
                i + 1,
                "fewer fields than name, rating, status, licence, club, country".into(),
            ));
            continue;
        }
        let (rating, licence, club, country) =
            (tokens[n - 5], tokens[n - 3], tokens[n - 2], tokens[n - 1]);
        let Ok(rating) = rating.parse::<i32>() else {
            out.skipped
                .push((i + 1, format!("rating {rating:?} is not a number")));
            continue;
        };
        let names = &tokens[..n - 5];
        // The family name is the words in capitals; a line written "Family Given" keeps its first word.
        let split = names
            .iter()
            .position(|w| w.chars().any(char::is_lowercase))
            .unwrap_or(names.len())
            .max(1);
        let (family, given) = (names[..split].join(" "), names[split..].join(" "));
        let licence = if licence.chars().all(|c| c == '-') {
            ""
        } else {
            licence
        };
        let club = if club.eq_ignore_ascii_case("xxxx") {
            ""
        } else {
            club
        };
        // -9999: no rating yet.
        let gor = (rating > -9000).then_some(rating + 2050);
        out.players.push(player(
            "ffg",
            licence,
            &family,
            &given,
            String::new(),
            gor,
            club,
            country,
        ));
    }
    out
}
