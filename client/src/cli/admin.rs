//! Tokens and the server's view of us: `tengen token create|list|revoke`, `tengen whoami`, `tengen status`.

use clap::{Args, Subcommand};
use tengen_proto::v1::{
    CreateTokenRequest, ListTokensRequest, RevokeTokenRequest, StatusRequest, WhoAmIRequest,
};

use super::output::{print_fields, print_json, write_stdout};
use super::view::{print_tokens, CreatedTokenView, StatusView, TokenView, WhoAmIView};
use super::{CliError, Ctx};
use crate::clock::format_utc;
use crate::values::{parse_role, role_name};

/// Token subcommands.
#[derive(Debug, Subcommand)]
pub enum TokenCmd {
    /// Create a terminal token; the secret is printed once.
    Create(CreateArgs),
    /// List tokens (never their secrets).
    List,
    /// Revoke a token: its terminal is refused from then on.
    Revoke {
        /// Token id (`token list`).
        id: u64,
    },
}

/// A new token.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// Role: director, registration, late-desk, results, referee, viewer, replica.
    #[arg(long, value_parser = parse_role)]
    role: tengen_proto::v1::Role,
    /// Terminal name, recorded in every log entry it writes, e.g. desk-2.
    #[arg(long)]
    name: String,
}

/// Runs a token subcommand.
pub async fn token(ctx: &Ctx, cmd: TokenCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    match cmd {
        TokenCmd::Create(a) => {
            let request = CreateTokenRequest {
                meta: None,
                name: a.name,
                role: a.role as i32,
            };
            let answer = desk
                .command(&ctx.request_id(), request, |mut d, r| async move {
                    d.admin.create_token(r).await
                })
                .await?;
            let info = answer.info.unwrap_or_default();
            if ctx.json {
                return print_json(&CreatedTokenView {
                    info: TokenView::from(&info),
                    token: answer.token,
                });
            }
            if answer.token.is_empty() {
                eprintln!(
                    "token {} ({}) exists; its secret was shown when it was created",
                    info.name,
                    role_name(info.role)
                );
                return Ok(());
            }
            eprintln!(
                "token {} for {} ({}); shown only this once:",
                info.id,
                info.name,
                role_name(info.role)
            );
            write_stdout(&format!("{}\n", answer.token))
        }
        TokenCmd::List => {
            let answer = desk
                .read(ListTokensRequest {}, |mut d, r| async move {
                    d.admin.list_tokens(r).await
                })
                .await?;
            print_tokens(&answer.tokens, ctx.json)
        }
        TokenCmd::Revoke { id } => {
            let request = RevokeTokenRequest { meta: None, id };
            let info = desk
                .command(&ctx.request_id(), request, |mut d, r| async move {
                    d.admin.revoke_token(r).await
                })
                .await?;
            print_tokens(std::slice::from_ref(&info), ctx.json)
        }
    }
}

/// `tengen whoami`.
pub async fn whoami(ctx: &Ctx) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let me = desk
        .read(WhoAmIRequest {}, |mut d, r| async move {
            d.admin.who_am_i(r).await
        })
        .await?;
    let view = WhoAmIView {
        name: me.name,
        role: role_name(me.role),
    };
    if ctx.json {
        return print_json(&view);
    }
    write_stdout(&format!(
        "{} ({}) at {}\n",
        view.name,
        view.role,
        desk.server()
    ))
}

/// `tengen status`.
pub async fn status(ctx: &Ctx) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let s = desk
        .read(StatusRequest {}, |mut d, r| async move {
            d.admin.status(r).await
        })
        .await?;
    let view = StatusView {
        server: desk.server().to_string(),
        last_seq: s.last_seq,
        epoch: s.epoch,
        mode: s.mode,
        participants: s.participants,
        tournaments: s.tournaments,
        started_at_ms: s.started_at_ms,
        alarms: s.alarms,
        primary: s.primary,
        replication: s.replication,
        standby_acked_seq: s.standby_acked_seq,
    };
    if ctx.json {
        return print_json(&view);
    }
    let alarms = if view.alarms.is_empty() {
        "none".to_string()
    } else {
        view.alarms.join("; ")
    };
    let mode = if view.primary.is_empty() {
        view.mode
    } else {
        format!("{} of {}", view.mode, view.primary)
    };
    let replication = match view.replication.as_str() {
        "" => "-".to_string(),
        r => format!("{r} (standby has entry {})", view.standby_acked_seq),
    };
    print_fields(&[
        ("server", view.server),
        ("mode", mode),
        ("replication", replication),
        ("last seq", view.last_seq.to_string()),
        ("epoch", view.epoch.to_string()),
        ("participants", view.participants.to_string()),
        ("tournaments", view.tournaments.to_string()),
        ("started", format_utc(view.started_at_ms)),
        ("alarms", alarms),
    ])
}
