//! Parsing and printing the small values desks type: yes/no flags, fees, round lists, ratings, roles, entry
//! statuses, game results and half points. Flags, fees, rounds and ratings are `tengen_interop`'s, the parse the
//! CSV imports and the server's import page share, so every door accepts the same spellings.

pub use tengen_interop::prereg::values::{
    parse_birth_year, parse_bool, parse_fee, parse_rating, parse_rounds,
};
use tengen_proto::v1::{EnterSpec, EntryStatus, GameResult, Outcome, Role};

/// Cents as `25.00`.
pub fn format_fee(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!(
        "{sign}{}.{:02}",
        cents.unsigned_abs() / 100,
        cents.unsigned_abs() % 100
    )
}

/// Rounds as `1,2,3`, or `all` for the empty list.
pub fn format_rounds(rounds: &[u32]) -> String {
    if rounds.is_empty() {
        return "all".to_string();
    }
    rounds
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// `TID` or `TID:1,2,3`: a tournament to enter, with the rounds played (all when omitted).
pub fn parse_enter(text: &str) -> Result<EnterSpec, String> {
    let (id, rounds) = match text.split_once(':') {
        Some((id, rounds)) => (id, parse_rounds(rounds)?),
        None => (text, Vec::new()),
    };
    let tournament_id = id
        .trim()
        .parse()
        .map_err(|_| format!("tournament {id:?} is not an id (expected TID or TID:1,2,3)"))?;
    Ok(EnterSpec {
        tournament_id,
        rounds,
    })
}

/// The role names the CLI accepts and prints.
pub const ROLE_NAMES: &[(&str, Role)] = &[
    ("director", Role::Director),
    ("registration", Role::Registration),
    ("late-desk", Role::LateDesk),
    ("results", Role::Results),
    ("referee", Role::Referee),
    ("viewer", Role::Viewer),
    ("treasurer", Role::Treasurer),
    ("replica", Role::Replica),
];

/// `registration`, `late-desk`, … (also `late_desk`, any case).
pub fn parse_role(text: &str) -> Result<Role, String> {
    let wanted = text.trim().to_lowercase().replace('_', "-");
    ROLE_NAMES
        .iter()
        .find(|(name, _)| *name == wanted)
        .map(|(_, role)| *role)
        .ok_or_else(|| {
            let names: Vec<_> = ROLE_NAMES.iter().map(|(n, _)| *n).collect();
            format!("unknown role {text:?}; choose one of {}", names.join(", "))
        })
}

/// The CLI name of a role (from the wire integer; unknown values print as a number). `public`, the anonymous web
/// board's role in log entries, is printed but never accepted: no token can have it.
pub fn role_name(role: i32) -> String {
    if role == Role::Public as i32 {
        return "public".to_string();
    }
    ROLE_NAMES
        .iter()
        .find(|(_, r)| *r as i32 == role)
        .map(|(n, _)| n.to_string())
        .unwrap_or_else(|| format!("role-{role}"))
}

/// The status names the CLI accepts and prints.
pub const STATUS_NAMES: &[(&str, EntryStatus)] = &[
    ("pre-registered", EntryStatus::PreRegistered),
    ("checked-in", EntryStatus::CheckedIn),
    ("withdrawn", EntryStatus::Withdrawn),
];

/// `pre-registered` (or `pre`), `checked-in` (or `in`), `withdrawn`.
pub fn parse_status(text: &str) -> Result<EntryStatus, String> {
    let wanted = text.trim().to_lowercase().replace('_', "-");
    let wanted = match wanted.as_str() {
        "pre" | "preregistered" => "pre-registered",
        "in" | "checkedin" => "checked-in",
        other => other,
    };
    STATUS_NAMES
        .iter()
        .find(|(name, _)| *name == wanted)
        .map(|(_, s)| *s)
        .ok_or_else(|| {
            format!("unknown status {text:?}; choose pre-registered, checked-in or withdrawn")
        })
}

/// The CLI name of an entry status.
pub fn status_name(status: i32) -> String {
    STATUS_NAMES
        .iter()
        .find(|(_, s)| *s as i32 == status)
        .map(|(n, _)| n.to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Integer half points as people write them: `13` → `6½`, `1` → `½`, `-3` → `-1½`, `24` → `12`.
pub fn format_half(half: i64) -> String {
    tengen_text::halves(half)
}

/// A result word as a results desk types it: `w`, `white`, `1-0`, `w+r` (White wins); `b`, `black`, `0-1`;
/// `jigo`, `draw`, `½-½`; `both-lose`, `0-0`; `both-win`, `1-1`; `unknown` (the director's reset).
pub fn parse_outcome(text: &str) -> Result<Outcome, String> {
    let t = text.trim().to_lowercase().replace('_', "-");
    let outcome = match t.as_str() {
        "w" | "white" | "1-0" | "w+" => Outcome::WhiteWins,
        "b" | "black" | "0-1" | "b+" => Outcome::BlackWins,
        "jigo" | "draw" | "½-½" | "0.5-0.5" | "=" => Outcome::Jigo,
        "both-lose" | "bothlose" | "0-0" => Outcome::BothLose,
        "both-win" | "bothwin" | "1-1" => Outcome::BothWin,
        "unknown" | "reset" | "?" => Outcome::Unknown,
        // Slips often carry the margin: W+R, B+3.5, W+T.
        _ if t.starts_with("w+") => Outcome::WhiteWins,
        _ if t.starts_with("b+") => Outcome::BlackWins,
        _ => {
            return Err(format!(
                "unknown result {text:?}; use w (white wins), b (black wins), jigo, both-lose, both-win \
                 or unknown"
            ))
        }
    };
    Ok(outcome)
}

/// A result as the pairing table prints it: `1-0`, `0-1`, `½-½`, `0-0`, `1-1`, `?`; ` forfeit` appended when
/// decided without play.
pub fn format_result(result: &GameResult) -> String {
    let text = match Outcome::try_from(result.outcome).unwrap_or(Outcome::Unknown) {
        Outcome::WhiteWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Jigo => "½-½",
        Outcome::BothLose => "0-0",
        Outcome::BothWin => "1-1",
        Outcome::Unknown => "?",
    };
    if result.by_forfeit {
        format!("{text} forfeit")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_print_with_a_half_sign() {
        assert_eq!(format_half(0), "0");
        assert_eq!(format_half(1), "½");
        assert_eq!(format_half(13), "6½");
        assert_eq!(format_half(24), "12");
        assert_eq!(format_half(25), "12½");
        assert_eq!(format_half(-1), "-½");
        assert_eq!(format_half(-3), "-1½");
    }

    #[test]
    fn result_words_cover_the_desk_spellings() {
        for (words, outcome) in [
            (
                &["w", "White", "1-0", "W+R", "w+3.5"][..],
                Outcome::WhiteWins,
            ),
            (&["b", "BLACK", "0-1", "B+T"][..], Outcome::BlackWins),
            (&["jigo", "draw", "½-½"][..], Outcome::Jigo),
            (&["both-lose", "0-0", "both_lose"][..], Outcome::BothLose),
            (&["both-win", "1-1"][..], Outcome::BothWin),
            (&["unknown"][..], Outcome::Unknown),
        ] {
            for word in words {
                assert_eq!(parse_outcome(word), Ok(outcome), "{word}");
            }
        }
        assert!(parse_outcome("white wins").is_err());
        assert!(parse_outcome("2-0").is_err());
    }

    #[test]
    fn results_print_as_scores() {
        let r = |outcome: Outcome, by_forfeit| GameResult {
            outcome: outcome as i32,
            by_forfeit,
        };
        assert_eq!(format_result(&r(Outcome::WhiteWins, false)), "1-0");
        assert_eq!(format_result(&r(Outcome::BlackWins, true)), "0-1 forfeit");
        assert_eq!(format_result(&r(Outcome::Jigo, false)), "½-½");
    }

    #[test]
    fn enter_specs_parse() {
        assert_eq!(
            parse_enter("2"),
            Ok(EnterSpec {
                tournament_id: 2,
                rounds: vec![]
            })
        );
        assert_eq!(
            parse_enter("2:1,3"),
            Ok(EnterSpec {
                tournament_id: 2,
                rounds: vec![1, 3]
            })
        );
        assert!(parse_enter("main").is_err());
    }

    #[test]
    fn roles_and_statuses_round_trip() {
        assert_eq!(parse_role("late_desk"), Ok(Role::LateDesk));
        assert_eq!(role_name(Role::LateDesk as i32), "late-desk");
        assert!(parse_role("king").is_err());
        assert!(
            parse_role("public").is_err(),
            "no token can have the public role"
        );
        assert_eq!(role_name(Role::Public as i32), "public");
        assert_eq!(parse_status("in"), Ok(EntryStatus::CheckedIn));
        assert_eq!(status_name(EntryStatus::Withdrawn as i32), "withdrawn");
    }

    #[test]
    fn fees_print_with_cents_and_rounds_as_all() {
        assert_eq!(format_fee(2505), "25.05");
        assert_eq!(format_rounds(&[]), "all");
        assert_eq!(format_rounds(&[1, 3]), "1,3");
    }
}
