//! `tengen watch [--from SEQ]`: the log as it grows, one line (or JSON line) per entry. When the connection
//! drops it reconnects (trying the servers in order) and resumes after the last entry it printed.

use std::time::Duration;

use clap::Args;
use tengen_proto::v1::WatchRequest;

use super::output::{print_json_line, write_stdout};
use super::view::{log_line, LogEntryView};
use super::{CliError, Ctx};
use crate::error::ClientError;
use crate::retry::is_retryable;

/// Where to start.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// First sequence number to show (1 = the whole history).
    #[arg(long, default_value_t = 1)]
    from: u64,
    /// Stop instead of reconnecting when the connection drops.
    #[arg(long)]
    no_reconnect: bool,
}

/// Follows the log until interrupted.
pub async fn run(ctx: &Ctx, args: WatchArgs) -> Result<(), CliError> {
    let mut next = args.from.max(1);
    let mut pause = Duration::from_millis(200);
    loop {
        match follow(ctx, &mut next).await {
            Err(CliError::Client(e)) if !args.no_reconnect && is_connection_loss(&e) => {
                eprintln!("connection lost ({e}); reconnecting from seq {next}…");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(5));
            }
            Ok(()) if !args.no_reconnect => {
                eprintln!("the server ended the stream; reconnecting from seq {next}…");
                tokio::time::sleep(pause).await;
            }
            other => return other,
        }
    }
}

fn is_connection_loss(e: &ClientError) -> bool {
    match e {
        ClientError::Unreachable(_) => true,
        ClientError::Status(s) => is_retryable(s),
        _ => false,
    }
}

/// One connection's worth of entries; advances `next` past each entry printed.
async fn follow(ctx: &Ctx, next: &mut u64) -> Result<(), CliError> {
    let mut desk = ctx.desk().await?;
    let mut stream = desk
        .log
        .watch(WatchRequest { from_seq: *next })
        .await
        .map_err(ClientError::from)?
        .into_inner();
    while let Some(entry) = stream.message().await.map_err(ClientError::from)? {
        if ctx.json {
            print_json_line(&LogEntryView::from(&entry))?;
        } else {
            write_stdout(&(log_line(&entry) + "\n"))?;
        }
        *next = entry.seq + 1;
    }
    Ok(())
}
