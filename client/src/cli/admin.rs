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
    /// Role: director, registration, late-desk, results, referee, viewer, treasurer (takes payments and reads the
    /// money reports; no contact data), replica.
    #[arg(long, value_parser = parse_role)]
    role: tengen_proto::v1::Role,
    /// Terminal name, recorded in every log entry it writes, e.g. desk-2.
    #[arg(long)]
    name: String,
    /// Also print a QR code that opens the desk sign-in page with this token (scan it with the desk's tablet).
    #[arg(long)]
    qr: bool,
    /// With --qr: the address the desks' tablets open, e.g. https://192.168.1.10:7443 (the venue address of the
    /// server's TLS port). Without it the QR code carries the server's own venue address (its --desk-url or first
    /// --san), or, from an older server, the server this program talks to.
    #[arg(long, value_name = "URL", requires = "qr")]
    url: Option<String>,
}

/// Runs a token subcommand.
pub async fn token(ctx: &Ctx, cmd: TokenCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    match cmd {
        TokenCmd::Create(a) => {
            // The QR code's address is checked before the token is made: a typo in --url must not cost one.
            let base = match (&a.url, a.qr) {
                (_, false) => None,
                (Some(url), true) => Some(desk_url(url)?),
                (None, true) => Some(venue_address(ctx, &desk).await?),
            };
            let request = CreateTokenRequest {
                meta: None,
                name: a.name.clone(),
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
            write_stdout(&format!("{}\n", answer.token))?;
            if let Some(base) = base {
                if is_loopback(&base) {
                    eprintln!(
                        "warning: the QR code opens {base}, which only this machine can reach: a tablet cannot \
                         sign in with it; give the address the desks use, e.g. --url https://192.168.1.10:7443"
                    );
                }
                let url = login_url(&base, &answer.token);
                write_stdout(&format!("{}\n{url}\n", qr_lines(&url)?))?;
            }
            Ok(())
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

/// The address the server says desks open (`Status.desk_url`), else the server this program talks to.
async fn venue_address(ctx: &Ctx, desk: &crate::conn::Desk) -> Result<String, CliError> {
    let status = desk
        .read(StatusRequest {}, |mut d, r| async move {
            d.admin.status(r).await
        })
        .await?;
    match desk_url(&status.desk_url) {
        Ok(url) if !status.desk_url.trim().is_empty() => Ok(url),
        _ => ctx.first_server(),
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
        desk_url: s.desk_url,
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
        r => r.to_string(),
    };
    let desks = match view.desk_url.trim() {
        "" => "- (start the server with --desk-url or --san)".to_string(),
        url => format!("{}/desk", url.trim_end_matches('/')),
    };
    print_fields(&[
        ("server", view.server),
        ("desks open", desks),
        ("mode", mode),
        ("replication", replication),
        ("last seq", view.last_seq.to_string()),
        ("epoch", view.epoch.to_string()),
        ("participants", view.participants.to_string()),
        ("tournaments", view.tournaments.to_string()),
        ("started", format_utc(view.started_at_ms)),
        ("alarms", alarms),
    ])?;
    // A quorum venue's machines, when this token may see them (the director's); other servers have none.
    let members = desk
        .read(
            tengen_proto::v1::VenueMembersRequest {},
            |mut d, r| async move { d.admin.venue_members(r).await },
        )
        .await;
    if let Ok(members) = members {
        write_stdout("\nmachines\n")?;
        super::venue::print_members(ctx, &members)?;
    }
    Ok(())
}

/// The desk sign-in address that carries `token` (the page asks for the volunteer's name, then signs in).
fn login_url(server: &str, token: &str) -> String {
    format!("{}/desk/login?token={token}", server.trim_end_matches('/'))
}

/// `--url`: an http(s) address with a host, as typed (the sign-in path is added to it).
fn desk_url(url: &str) -> Result<String, CliError> {
    let url = url.trim();
    let parsed: Option<hyper::Uri> = url.parse().ok();
    let fits = parsed.as_ref().is_some_and(|u| {
        matches!(u.scheme_str(), Some("https" | "http"))
            && u.host().is_some_and(|h| !h.is_empty())
            && u.query().is_none()
    });
    if !fits {
        return Err(CliError::Usage(format!(
            "--url {url:?}: give the address desks open, as https://HOST:PORT (e.g. https://192.168.1.10:7443)"
        )));
    }
    Ok(url.to_string())
}

/// Does `server` (a URL, or `host:port`) name this machine only: `localhost`, 127.0.0.0/8 or `::1`?
fn is_loopback(server: &str) -> bool {
    let uri: Option<hyper::Uri> = server.trim().parse().ok();
    let Some(host) = uri.as_ref().and_then(|u| u.host()) else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// `url` as a QR code in the terminal: two module rows per line, light on dark inverted so it scans on any
/// theme, with the standard quiet zone.
fn qr_lines(url: &str) -> Result<String, CliError> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(url.as_bytes())
        .map_err(|e| CliError::Usage(format!("cannot draw a QR code for {url}: {e}")))?;
    Ok(code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod qr_tests {
    use super::*;

    #[test]
    fn the_qr_code_opens_the_sign_in_page_with_the_token() {
        assert_eq!(
            login_url("https://192.168.1.10:7443/", "tgn_abc"),
            "https://192.168.1.10:7443/desk/login?token=tgn_abc"
        );
        assert_eq!(
            desk_url(" https://192.168.1.10:7443 ").ok().as_deref(),
            Some("https://192.168.1.10:7443")
        );
        assert!(desk_url("192.168.1.10").is_err() && desk_url("ftp://x").is_err());
        assert!(is_loopback("https://127.0.0.1:7443") && is_loopback("https://[::1]:7443/"));
        assert!(is_loopback("https://LOCALHOST:7443"));
        assert!(!is_loopback("https://192.168.1.10:7443") && !is_loopback("https://desk.example"));
        let lines = qr_lines("https://192.168.1.10:7443/desk/login?token=tgn_abc")
            .unwrap_or_else(|e| panic!("{e}"));
        let rows: Vec<&str> = lines.lines().collect();
        assert!(rows.len() > 15, "a QR code of that size has more rows");
        let width = rows[0].chars().count();
        assert!(
            rows.iter().all(|r| r.chars().count() == width),
            "a square block"
        );
    }
}
