//! The machines of a quorum venue (issue 30): `tengen venue` lists them (voters, learners, who leads, how far each
//! is behind); `tengen venue add N URL`, `promote N` and `remove N` change them (director, on the leader; the
//! desk program finds the leader by itself).

use clap::Subcommand;
use serde::Serialize;
use tengen_proto::v1::change_venue_members_request::Change;
use tengen_proto::v1::{
    ChangeVenueMembersRequest, VenueMember, VenueMembersRequest, VenueMembersResponse,
};

use super::output::{print_json, write_stdout};
use super::{CliError, Ctx};

/// Venue subcommands; none lists the members.
#[derive(Debug, Subcommand)]
pub enum VenueCmd {
    /// List the machines (the default).
    List,
    /// Add a machine as a learner: it copies the log from the leader and then serves reads. Start it first with
    /// `--node-id N` and the venue's `--voter` list plus its own address.
    Add {
        /// Its number: one no machine of the venue has had.
        id: u64,
        /// Its address as the other machines reach it, e.g. https://10.0.0.4:7443.
        url: String,
    },
    /// Make a learner that has caught up a voter.
    Promote {
        /// Its number.
        id: u64,
    },
    /// Take a machine out of the venue (a dead laptop): a voter or a learner.
    Remove {
        /// Its number.
        id: u64,
    },
}

#[derive(Serialize)]
struct MemberView {
    id: u64,
    url: String,
    role: &'static str,
    leader: bool,
    behind: Option<i64>,
}

/// `tengen venue …`.
pub async fn run(ctx: &Ctx, cmd: Option<VenueCmd>) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let change = match cmd.unwrap_or(VenueCmd::List) {
        VenueCmd::List => None,
        VenueCmd::Add { id, url } => Some(Change::AddLearner(VenueMember {
            id,
            url,
            ..Default::default()
        })),
        VenueCmd::Promote { id } => Some(Change::Promote(id)),
        VenueCmd::Remove { id } => Some(Change::Remove(id)),
    };
    let answer = match change {
        None => {
            desk.read(VenueMembersRequest {}, |mut d, r| async move {
                d.admin.venue_members(r).await
            })
            .await?
        }
        Some(change) => {
            let request = ChangeVenueMembersRequest {
                meta: None,
                change: Some(change),
            };
            desk.command(&ctx.request_id(), request, |mut d, r| async move {
                d.admin.change_venue_members(r).await
            })
            .await?
        }
    };
    print_members(ctx, &answer)
}

/// The members as a table (or JSON).
pub fn print_members(ctx: &Ctx, answer: &VenueMembersResponse) -> Result<(), CliError> {
    let views: Vec<MemberView> = answer
        .members
        .iter()
        .map(|m| MemberView {
            id: m.id,
            url: m.url.clone(),
            role: if m.voter { "voter" } else { "learner" },
            leader: m.leader,
            behind: (m.behind >= 0).then_some(m.behind),
        })
        .collect();
    if ctx.json {
        return print_json(&views);
    }
    write_stdout(&members_text(&views))
}

fn members_text(views: &[MemberView]) -> String {
    let mut out = String::new();
    for v in views {
        let behind = match v.behind {
            Some(0) => "up to date".to_string(),
            Some(n) => format!("{n} entries behind"),
            None => "-".to_string(),
        };
        let leads = if v.leader { "  leads" } else { "" };
        out.push_str(&format!(
            "{:>3}  {:<7}  {:<28}  {behind}{leads}\n",
            v.id, v.role, v.url
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_members_read_as_one_line_each() {
        let views = [
            MemberView {
                id: 1,
                url: "https://10.0.0.1:7443".into(),
                role: "voter",
                leader: true,
                behind: Some(0),
            },
            MemberView {
                id: 4,
                url: "https://10.0.0.4:7443".into(),
                role: "learner",
                leader: false,
                behind: Some(12),
            },
        ];
        let text = members_text(&views);
        assert!(
            text.contains("  1  voter    https://10.0.0.1:7443         up to date  leads"),
            "{text}"
        );
        assert!(
            text.contains("  4  learner  https://10.0.0.4:7443         12 entries behind"),
            "{text}"
        );
    }
}
