//! The director's change slips from the public board: `tengen slips list|accept|reject`. A slip is a player's
//! request to correct their entry; accepting it makes the change (the normal participant update), rejecting it
//! records a reason. Only the director sees slips.

use clap::Subcommand;
use serde::Serialize;
use tengen_proto::v1 as pb;
use tengen_proto::v1::{ListSlipsRequest, ResolveSlipRequest};

use super::output::{print_fields, print_json, Table};
use super::{CliError, Ctx};
use crate::clock::format_utc;
use crate::values::format_rounds;

/// How much of a slip's message a list row shows (`--json` has all of it).
const MESSAGE_IN_LIST: usize = 60;

/// Slip subcommands.
#[derive(Debug, Subcommand)]
pub enum SlipsCmd {
    /// Slips waiting for the director, oldest first (with --all, also accepted and rejected ones).
    List {
        /// Only slips about this tournament's players.
        #[arg(long, value_name = "T")]
        tournament: Option<u64>,
        /// Also show accepted and rejected slips.
        #[arg(long)]
        all: bool,
    },
    /// Accept a slip: the player's record changes as the slip says, in one log entry with the slip.
    Accept {
        /// Slip id (`slips list`), e.g. 3 or S3.
        #[arg(value_parser = parse_slip_id)]
        id: u64,
        /// The participant revision you looked at (the list's rev column; 0 = any).
        #[arg(long, default_value_t = 0)]
        rev: u64,
    },
    /// Reject a slip, saying why (the player may ask at the desk).
    Reject {
        /// Slip id (`slips list`), e.g. 3 or S3.
        #[arg(value_parser = parse_slip_id)]
        id: u64,
        /// Why the slip is rejected.
        #[arg(long)]
        reason: String,
    },
}

/// `3` or `S3` (as the log prints slips).
fn parse_slip_id(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.strip_prefix(['S', 's']).unwrap_or(t);
    digits
        .parse()
        .map_err(|_| format!("slip id {text:?} is not a number like 3 or S3"))
}

/// Runs a `slips` subcommand.
pub async fn run(ctx: &Ctx, cmd: SlipsCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let (slip_id, accept, reason, rev) = match cmd {
        SlipsCmd::List { tournament, all } => {
            let request = ListSlipsRequest {
                tournament_id: tournament.unwrap_or(0),
                include_resolved: all,
            };
            let answer = desk
                .read(
                    request,
                    |mut d, r| async move { d.register.list_slips(r).await },
                )
                .await?;
            return print_slips(&answer.slips, ctx.json);
        }
        SlipsCmd::Accept { id, rev } => (id, true, String::new(), rev),
        SlipsCmd::Reject { id, reason } => (id, false, reason, 0),
    };
    let request = ResolveSlipRequest {
        meta: None,
        slip_id,
        accept,
        reason,
        expected_revision: rev,
    };
    let slip = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.resolve_slip(r).await
        })
        .await?;
    print_slip(&slip, ctx.json)
}

/// The player a slip is about, as the register has them now.
#[derive(Debug, Serialize)]
pub struct SlipPlayerView {
    pub id: u64,
    /// Tournament number (0 before numbering).
    pub number: u32,
    pub family_name: String,
    pub given_name: String,
    pub rank: String,
    pub club: String,
    pub country: String,
    /// Send as `--rev` when accepting.
    pub revision: u64,
}

/// What the slip proposes; absent fields stay as they are.
#[derive(Debug, Serialize)]
pub struct ProposalView {
    pub family_name: Option<String>,
    pub given_name: Option<String>,
    pub rank: Option<String>,
    pub club: Option<String>,
    pub country: Option<String>,
    pub rounds: Option<Vec<u32>>,
    pub message: String,
}

/// A change slip.
#[derive(Debug, Serialize)]
pub struct SlipView {
    pub id: u64,
    pub tournament_id: u64,
    pub player: SlipPlayerView,
    pub proposal: ProposalView,
    pub submitted_at_ms: i64,
    /// pending, accepted or rejected.
    pub state: String,
    /// The terminal that accepted or rejected it.
    pub resolved_by: String,
    pub resolved_at_ms: i64,
    pub reason: String,
}

impl From<&pb::Slip> for SlipView {
    fn from(s: &pb::Slip) -> Self {
        let p = s.player.clone().unwrap_or_default();
        let q = s.proposal.clone().unwrap_or_default();
        let state = match pb::SlipState::try_from(s.state) {
            Ok(pb::SlipState::Pending) => "pending".to_string(),
            Ok(pb::SlipState::Accepted) => "accepted".to_string(),
            Ok(pb::SlipState::Rejected) => "rejected".to_string(),
            _ => format!("state-{}", s.state),
        };
        SlipView {
            id: s.id,
            tournament_id: s.tournament_id,
            player: SlipPlayerView {
                id: p.id,
                number: p.number,
                family_name: p.family_name,
                given_name: p.given_name,
                rank: p.rank,
                club: p.club,
                country: p.country,
                revision: s.participant_revision,
            },
            proposal: ProposalView {
                family_name: q.family_name,
                given_name: q.given_name,
                rank: q.rank,
                club: q.club,
                country: q.country,
                rounds: q.rounds.map(|r| r.rounds),
                message: q.message,
            },
            submitted_at_ms: s.submitted_at_ms,
            state,
            resolved_by: s.resolved_by.clone(),
            resolved_at_ms: s.resolved_at_ms,
            reason: s.reason.clone(),
        }
    }
}

impl SlipView {
    /// "club Montréal → Québec; rank 3k → 2k; rounds 1,2,3"; an empty new value prints as "(none)".
    fn changes(&self) -> String {
        let q = &self.proposal;
        let p = &self.player;
        let shown = |v: &str| {
            if v.is_empty() {
                "(none)".to_string()
            } else {
                v.to_string()
            }
        };
        let mut parts = Vec::new();
        for (label, now, to) in [
            ("family", &p.family_name, &q.family_name),
            ("given", &p.given_name, &q.given_name),
            ("rank", &p.rank, &q.rank),
            ("club", &p.club, &q.club),
            ("country", &p.country, &q.country),
        ] {
            if let Some(to) = to {
                parts.push(format!("{label} {} → {}", shown(now), shown(to)));
            }
        }
        if let Some(rounds) = &q.rounds {
            parts.push(format!("rounds {}", format_rounds(rounds)));
        }
        parts.join("; ")
    }

    fn player_name(&self) -> String {
        format!("{} {}", self.player.family_name, self.player.given_name)
    }

    fn number(&self) -> String {
        match self.player.number {
            0 => "-".to_string(),
            n => n.to_string(),
        }
    }

    fn state_text(&self) -> String {
        match self.state.as_str() {
            "rejected" => format!("rejected by {}: {}", self.resolved_by, self.reason),
            "accepted" => format!("accepted by {}", self.resolved_by),
            other => other.to_string(),
        }
    }
}

/// The message on one line, cut to `max` characters.
fn one_line(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        return flat;
    }
    let mut cut: String = flat.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// Prints slips as a table, or a JSON array.
fn print_slips(list: &[pb::Slip], json: bool) -> Result<(), CliError> {
    let views: Vec<SlipView> = list.iter().map(SlipView::from).collect();
    if json {
        return print_json(&views);
    }
    if views.is_empty() {
        eprintln!("no slips");
        return Ok(());
    }
    let mut table = Table::new(&[
        "id", "t", "no.", "player", "rev", "changes", "message", "state", "sent",
    ]);
    for v in &views {
        table.row(vec![
            v.id.to_string(),
            v.tournament_id.to_string(),
            v.number(),
            v.player_name(),
            v.player.revision.to_string(),
            v.changes(),
            one_line(&v.proposal.message, MESSAGE_IN_LIST),
            v.state_text(),
            format_utc(v.submitted_at_ms),
        ]);
    }
    table.print()
}

/// Prints one slip as `key: value` lines (the whole message), or JSON.
fn print_slip(slip: &pb::Slip, json: bool) -> Result<(), CliError> {
    let v = SlipView::from(slip);
    if json {
        return print_json(&v);
    }
    let mut pairs = vec![
        ("slip", v.id.to_string()),
        ("tournament", v.tournament_id.to_string()),
        (
            "player",
            format!(
                "{} (no. {}, id {})",
                v.player_name(),
                v.number(),
                v.player.id
            ),
        ),
        ("changes", v.changes()),
        ("message", v.proposal.message.clone()),
        ("sent", format_utc(v.submitted_at_ms)),
        ("state", v.state_text()),
    ];
    if v.resolved_at_ms != 0 {
        pairs.push(("resolved", format_utc(v.resolved_at_ms)));
    }
    print_fields(&pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slip() -> pb::Slip {
        pb::Slip {
            id: 3,
            tournament_id: 1,
            player: Some(pb::PlayerRef {
                id: 7,
                number: 12,
                family_name: "Côté".into(),
                given_name: "Anne".into(),
                rank: "3k".into(),
                club: "Montréal".into(),
                country: "CA".into(),
            }),
            participant_revision: 4,
            proposal: Some(pb::SlipProposal {
                club: Some("Québec".into()),
                country: Some(String::new()),
                rounds: Some(pb::RoundList {
                    rounds: vec![1, 2, 3],
                }),
                message: "I am\nlate".into(),
                ..pb::SlipProposal::default()
            }),
            submitted_at_ms: 0,
            state: pb::SlipState::Pending as i32,
            ..pb::Slip::default()
        }
    }

    #[test]
    fn a_slip_shows_its_changes_against_the_register() {
        let v = SlipView::from(&slip());
        assert_eq!(
            v.changes(),
            "club Montréal → Québec; country CA → (none); rounds 1,2,3"
        );
        assert_eq!(v.state, "pending");
        assert_eq!((v.number(), v.player.revision), ("12".to_string(), 4));
        assert_eq!(one_line(&v.proposal.message, 60), "I am late");
        assert_eq!(one_line("abcdef", 4), "abc…");
    }

    #[test]
    fn slip_ids_are_typed_bare_or_as_the_log_prints_them() {
        assert_eq!(parse_slip_id("3"), Ok(3));
        assert_eq!(parse_slip_id("S3"), Ok(3));
        assert_eq!(parse_slip_id("s12"), Ok(12));
        assert!(parse_slip_id("P3").is_err());
    }
}
