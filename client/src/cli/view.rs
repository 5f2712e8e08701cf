//! Plain serde mirrors of the proto messages for `--json` (prost types do not derive serde), and the human
//! renderings of the same records. Enums print as the CLI's names (`checked-in`, `late-desk`).

use serde::Serialize;
use tengen_proto::v1 as pb;

use super::fee_view::{account_lines, payment_lines, AccountView, PaymentView};
use super::output::{print_fields, Table};
use super::player_arg::register_label;
use super::CliError;
use crate::clock::format_utc;
use crate::values::{format_fee, format_rounds, role_name, status_name};

/// A rank in force from a round on.
#[derive(Debug, Serialize)]
pub struct RankChangeView {
    pub from_round: u32,
    pub rank: String,
}

/// A participant's team line: `Stone Cats`, or `board 2 of Stone Cats` when their board is set; nothing without
/// either.
fn team_text(team: &str, board: Option<u32>) -> Option<String> {
    match (team.is_empty(), board) {
        (true, None) => None,
        (false, None) => Some(team.to_string()),
        (false, Some(b)) => Some(format!("board {b} of {team}")),
        (true, Some(b)) => Some(format!("board {b} (no team)")),
    }
}

/// A participant.
#[derive(Debug, Serialize)]
pub struct ParticipantView {
    pub id: u64,
    pub revision: u64,
    pub family_name: String,
    pub given_name: String,
    /// The name in Latin letters for the EGF/FFG/AGA files (empty unless typed).
    pub latin_family_name: String,
    pub latin_given_name: String,
    /// Canonical rank.
    pub rank: String,
    pub rating: Option<i32>,
    pub club: String,
    pub city: String,
    pub country: String,
    pub egd_pin: String,
    pub aga_id: String,
    pub ffg_licence: String,
    pub email: String,
    pub phone: String,
    /// Year of birth (private: `null` for roles that do not see contact data).
    pub birth_year: Option<u32>,
    pub family_group: String,
    /// The team in the team competition ("" = none).
    pub team: String,
    /// Their board in the team (1 the first; `null`: by strength).
    pub team_board: Option<u32>,
    pub local: bool,
    pub fee_cents: i64,
    pub paid: bool,
    pub notes: String,
    /// A member of the federation (private, like the fee).
    pub member: bool,
    /// "junior", "student", "senior" or "" (none).
    pub concession: String,
    /// The fee agreed instead of the schedule's, and why (`null`: the schedule's).
    pub fee_override_cents: Option<i64>,
    pub fee_reason: String,
    /// The payments taken, oldest first (only for terminals that see private data).
    pub payments: Vec<PaymentView>,
    /// What they owe and paid, as the server worked it out (`null` for terminals that do not see it).
    pub account: Option<AccountView>,
    pub registered_at_ms: i64,
    pub entries: Vec<EntryView>,
}

/// One tournament entry of a participant.
#[derive(Debug, Serialize)]
pub struct EntryView {
    pub tournament_id: u64,
    /// Empty means every round.
    pub rounds: Vec<u32>,
    pub status: String,
    pub ghost: bool,
    /// Whole points added to the starting MMS.
    pub mms_correction: i32,
    pub rank_changes: Vec<RankChangeView>,
}

impl From<&pb::Participant> for ParticipantView {
    fn from(p: &pb::Participant) -> Self {
        let f = p.fields.clone().unwrap_or_default();
        let rank = if p.rank.is_empty() {
            f.rank
        } else {
            p.rank.clone()
        };
        ParticipantView {
            id: p.id,
            revision: p.revision,
            family_name: f.family_name,
            given_name: f.given_name,
            latin_family_name: f.latin_family_name,
            latin_given_name: f.latin_given_name,
            rank,
            rating: f.rating,
            club: f.club,
            city: f.city,
            country: f.country,
            egd_pin: f.egd_pin,
            aga_id: f.aga_id,
            ffg_licence: f.ffg_licence,
            email: f.email,
            phone: f.phone,
            birth_year: f.birth_year,
            family_group: f.family_group,
            team: f.team,
            team_board: f.team_board,
            local: f.local,
            fee_cents: f.fee_cents,
            paid: f.paid,
            notes: f.notes,
            member: f.member,
            concession: f.concession,
            fee_override_cents: f.fee_override_cents,
            fee_reason: f.fee_reason,
            payments: p.payments.iter().map(PaymentView::from).collect(),
            account: p.account.as_ref().map(AccountView::from),
            registered_at_ms: p.registered_at_ms,
            entries: p
                .entries
                .iter()
                .map(|e| EntryView {
                    tournament_id: e.tournament_id,
                    rounds: e.rounds.clone(),
                    status: status_name(e.status),
                    ghost: e.ghost,
                    mms_correction: e.mms_correction,
                    rank_changes: e
                        .rank_changes
                        .iter()
                        .map(|c| RankChangeView {
                            from_round: c.from_round,
                            rank: c.rank.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl ParticipantView {
    fn entries_text(&self) -> String {
        let entries: Vec<String> = self
            .entries
            .iter()
            .map(|e| {
                let rounds = if e.rounds.is_empty() {
                    String::new()
                } else {
                    format!(" r{}", format_rounds(&e.rounds))
                };
                let mut extras = String::new();
                if e.ghost {
                    extras.push_str(" ghost");
                }
                if e.mms_correction != 0 {
                    extras.push_str(&format!(" mms{:+}", e.mms_correction));
                }
                for c in &e.rank_changes {
                    extras.push_str(&format!(" {} from r{}", c.rank, c.from_round));
                }
                format!("T{} {}{}{}", e.tournament_id, e.status, rounds, extras)
            })
            .collect();
        entries.join("; ")
    }
}

/// `start – end`, or empty when neither is set.
pub(super) fn date_range(start: &str, end: &str) -> String {
    if start.is_empty() && end.is_empty() {
        String::new()
    } else {
        format!("{start} – {end}")
    }
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// Prints one participant: `key  value` lines, or JSON.
pub fn print_participant(p: &pb::Participant, json: bool) -> Result<(), CliError> {
    let v = ParticipantView::from(p);
    if json {
        return super::output::print_json(&v);
    }
    let mut pairs = vec![
        ("register id", register_label(v.id)),
        ("revision", v.revision.to_string()),
        ("name", format!("{} {}", v.family_name, v.given_name)),
    ];
    let latin = format!("{} {}", v.latin_family_name, v.latin_given_name);
    if !latin.trim().is_empty() {
        pairs.push(("latin name", latin.trim().to_string()));
    }
    pairs.extend([
        ("rank", v.rank.clone()),
        (
            "rating",
            v.rating.map(|r| r.to_string()).unwrap_or_default(),
        ),
        ("club", v.club.clone()),
        ("city", v.city.clone()),
        ("country", v.country.clone()),
    ]);
    if let Some(team) = team_text(&v.team, v.team_board) {
        pairs.push(("team", team));
    }
    let born = v.birth_year.map(|y| y.to_string()).unwrap_or_default();
    let optional = [
        ("egd pin", &v.egd_pin),
        ("aga id", &v.aga_id),
        ("ffg licence", &v.ffg_licence),
        ("email", &v.email),
        ("phone", &v.phone),
        ("born", &born),
        ("family group", &v.family_group),
        ("notes", &v.notes),
    ];
    pairs.extend(
        optional
            .into_iter()
            .filter(|(_, value)| !value.is_empty())
            .map(|(k, value)| (k, value.clone())),
    );
    pairs.push(("local", yes_no(v.local)));
    pairs.push(("member", yes_no(v.member)));
    if !v.concession.is_empty() {
        pairs.push(("concession", v.concession.clone()));
    }
    match &v.account {
        Some(account) => pairs.extend(account_lines(
            account,
            &v.payments,
            v.fee_override_cents.map(|_| v.fee_reason.as_str()),
        )),
        None => {
            pairs.push((
                "fee",
                format!(
                    "{} ({})",
                    format_fee(v.fee_cents),
                    if v.paid { "paid" } else { "not paid" }
                ),
            ));
            pairs.extend(payment_lines(&v.payments));
        }
    }
    pairs.push((
        "registered",
        if v.registered_at_ms > 0 {
            format_utc(v.registered_at_ms)
        } else {
            String::new()
        },
    ));
    pairs.push(("entries", v.entries_text()));
    print_fields(&pairs)
}

/// Prints participants as a table, or a JSON array.
pub fn print_participants(list: &[pb::Participant], json: bool) -> Result<(), CliError> {
    let views: Vec<ParticipantView> = list.iter().map(ParticipantView::from).collect();
    if json {
        return super::output::print_json(&views);
    }
    let mut table = Table::new(&[
        "id", "rev", "name", "rank", "club", "country", "paid", "entries",
    ]);
    for v in &views {
        table.row(vec![
            register_label(v.id),
            v.revision.to_string(),
            format!("{} {}", v.family_name, v.given_name),
            v.rank.clone(),
            v.club.clone(),
            v.country.clone(),
            yes_no(v.paid),
            v.entries_text(),
        ]);
    }
    table.print()
}

/// A tournament.
#[derive(Debug, Serialize)]
pub struct TournamentView {
    pub id: u64,
    pub revision: u64,
    pub name: String,
    pub rounds: u32,
    pub pairing_system: String,
    pub start_date: String,
    pub end_date: String,
    pub registration_open: bool,
    /// Each round's planned start ("" = not planned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub schedule: Vec<String>,
}

impl From<&pb::Tournament> for TournamentView {
    fn from(t: &pb::Tournament) -> Self {
        let s = t.settings.clone().unwrap_or_default();
        TournamentView {
            id: t.id,
            revision: t.revision,
            name: s.name,
            rounds: s.rounds,
            pairing_system: s.pairing_system,
            start_date: s.start_date,
            end_date: s.end_date,
            registration_open: t.registration_open,
            schedule: s.schedule,
        }
    }
}

/// Prints tournaments as a table, or a JSON array.
pub fn print_tournaments(list: &[pb::Tournament], json: bool) -> Result<(), CliError> {
    let views: Vec<TournamentView> = list.iter().map(TournamentView::from).collect();
    if json {
        return super::output::print_json(&views);
    }
    let mut table = Table::new(&[
        "id",
        "rev",
        "name",
        "rounds",
        "system",
        "dates",
        "registration",
    ]);
    for v in &views {
        table.row(vec![
            v.id.to_string(),
            v.revision.to_string(),
            v.name.clone(),
            v.rounds.to_string(),
            v.pairing_system.clone(),
            date_range(&v.start_date, &v.end_date),
            if v.registration_open {
                "open"
            } else {
                "closed"
            }
            .to_string(),
        ]);
    }
    table.print()
}

/// Prints one tournament.
pub fn print_tournament(t: &pb::Tournament, json: bool) -> Result<(), CliError> {
    if json {
        return super::output::print_json(&TournamentView::from(t));
    }
    print_tournaments(std::slice::from_ref(t), false)
}

/// The event.
#[derive(Debug, Serialize)]
pub struct EventView {
    pub name: String,
    pub venue: String,
    pub city: String,
    pub country: String,
    pub start_date: String,
    pub end_date: String,
    pub revision: u64,
}

/// Prints the event.
pub fn print_event(e: &pb::EventInfo, json: bool) -> Result<(), CliError> {
    let v = EventView {
        name: e.name.clone(),
        venue: e.venue.clone(),
        city: e.city.clone(),
        country: e.country.clone(),
        start_date: e.start_date.clone(),
        end_date: e.end_date.clone(),
        revision: e.revision,
    };
    if json {
        return super::output::print_json(&v);
    }
    print_fields(&[
        ("name", v.name),
        ("venue", v.venue),
        ("city", v.city),
        ("country", v.country),
        ("dates", date_range(&v.start_date, &v.end_date)),
        ("revision", v.revision.to_string()),
    ])
}

/// A terminal token (never the secret, except in [`CreatedTokenView`]).
#[derive(Debug, Serialize)]
pub struct TokenView {
    pub id: u64,
    pub name: String,
    pub role: String,
    pub created_at_ms: i64,
    pub revoked: bool,
}

impl From<&pb::TokenInfo> for TokenView {
    fn from(t: &pb::TokenInfo) -> Self {
        TokenView {
            id: t.id,
            name: t.name.clone(),
            role: role_name(t.role),
            created_at_ms: t.created_at_ms,
            revoked: t.revoked,
        }
    }
}

/// A newly created token with its secret.
#[derive(Debug, Serialize)]
pub struct CreatedTokenView {
    #[serde(flatten)]
    pub info: TokenView,
    pub token: String,
}

/// Prints tokens as a table, or a JSON array.
pub fn print_tokens(list: &[pb::TokenInfo], json: bool) -> Result<(), CliError> {
    let views: Vec<TokenView> = list.iter().map(TokenView::from).collect();
    if json {
        return super::output::print_json(&views);
    }
    let mut table = Table::new(&["id", "name", "role", "created", "state"]);
    for v in &views {
        table.row(vec![
            v.id.to_string(),
            v.name.clone(),
            v.role.clone(),
            format_utc(v.created_at_ms),
            if v.revoked { "revoked" } else { "active" }.to_string(),
        ]);
    }
    table.print()
}

/// The caller's identity.
#[derive(Debug, Serialize)]
pub struct WhoAmIView {
    pub name: String,
    pub role: String,
}

/// Server status.
#[derive(Debug, Serialize)]
pub struct StatusView {
    pub server: String,
    pub last_seq: u64,
    pub epoch: u64,
    pub mode: String,
    pub participants: u64,
    pub tournaments: u64,
    pub started_at_ms: i64,
    pub alarms: Vec<String>,
    /// On a standby: the primary it follows.
    pub primary: String,
    /// "quorum" (a machine of a venue) or "alone".
    pub replication: String,
    /// The address desks open (`--desk-url`, else the venue address); empty when the server has none.
    pub desk_url: String,
}

/// One event inside a log entry.
#[derive(Debug, Serialize)]
pub struct LogEventView {
    pub kind: String,
    pub summary: String,
}

/// One log entry (without the raw payload).
#[derive(Debug, Serialize)]
pub struct LogEntryView {
    pub seq: u64,
    pub epoch: u64,
    pub timestamp_ms: i64,
    pub terminal: String,
    pub role: String,
    pub operator: String,
    pub request_id: String,
    pub events: Vec<LogEventView>,
    /// Hex SHA-256 of the entry.
    pub hash: String,
}

impl From<&pb::LogEntry> for LogEntryView {
    fn from(e: &pb::LogEntry) -> Self {
        LogEntryView {
            seq: e.seq,
            epoch: e.epoch,
            timestamp_ms: e.timestamp_ms,
            terminal: e.terminal.clone(),
            role: role_name(e.role),
            operator: e.operator.clone(),
            request_id: e.request_id.clone(),
            events: e
                .events
                .iter()
                .map(|ev| LogEventView {
                    kind: ev.kind.clone(),
                    summary: ev.summary.clone(),
                })
                .collect(),
            hash: hex::encode(&e.hash),
        }
    }
}

/// `seq  time  terminal  Kind: summary; Kind: summary`.
pub fn log_line(e: &pb::LogEntry) -> String {
    let events: Vec<String> = e
        .events
        .iter()
        .map(|ev| {
            if ev.summary.is_empty() {
                ev.kind.clone()
            } else if ev.summary.starts_with(&ev.kind) {
                ev.summary.clone()
            } else {
                format!("{}: {}", ev.kind, ev.summary)
            }
        })
        .collect();
    let who = if e.operator.is_empty() {
        e.terminal.clone()
    } else {
        format!("{} ({})", e.terminal, e.operator)
    };
    format!(
        "{:>6}  {}  {}  {}",
        e.seq,
        format_utc(e.timestamp_ms),
        who,
        events.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_team_line_names_the_board_when_it_is_set() {
        assert_eq!(team_text("", None), None);
        assert_eq!(team_text("Stone Cats", None).as_deref(), Some("Stone Cats"));
        assert_eq!(
            team_text("Stone Cats", Some(2)).as_deref(),
            Some("board 2 of Stone Cats")
        );
        assert_eq!(team_text("", Some(1)).as_deref(), Some("board 1 (no team)"));
    }
}
