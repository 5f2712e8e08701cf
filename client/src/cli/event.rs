//! `tengen event show|set`: the congress's name, venue, city, country and dates.

use clap::{Args, Subcommand};
use tengen_proto::v1::{GetEventRequest, UpdateEventRequest};

use super::view::print_event;
use super::{CliError, Ctx};

/// Event subcommands.
#[derive(Debug, Subcommand)]
pub enum EventCmd {
    /// Show the event.
    Show,
    /// Change the event; unspecified fields keep their value.
    Set(EventSet),
}

/// Fields to change.
#[derive(Debug, Args)]
pub struct EventSet {
    /// Name of the congress.
    #[arg(long)]
    name: Option<String>,
    /// Venue (building).
    #[arg(long)]
    venue: Option<String>,
    /// City.
    #[arg(long)]
    city: Option<String>,
    /// Country, ISO 3166 alpha-2 (FR, DE, …).
    #[arg(long)]
    country: Option<String>,
    /// First day, yyyy-mm-dd.
    #[arg(long)]
    start: Option<String>,
    /// Last day, yyyy-mm-dd.
    #[arg(long)]
    end: Option<String>,
    /// The revision you looked at; refused if someone changed the event since (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// Runs an event subcommand.
pub async fn run(ctx: &Ctx, cmd: EventCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let current = desk
        .read(GetEventRequest {}, |mut d, r| async move {
            d.register.get_event(r).await
        })
        .await?;
    let EventCmd::Set(set) = cmd else {
        return print_event(&current, ctx.json);
    };
    let mut event = current;
    let updates = [
        (&mut event.name, set.name),
        (&mut event.venue, set.venue),
        (&mut event.city, set.city),
        (&mut event.country, set.country),
        (&mut event.start_date, set.start),
        (&mut event.end_date, set.end),
    ];
    for (slot, value) in updates {
        if let Some(value) = value {
            *slot = value;
        }
    }
    let request = UpdateEventRequest {
        meta: None,
        event: Some(event),
        expected_revision: set.rev,
    };
    let updated = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.update_event(r).await
        })
        .await?;
    print_event(&updated, ctx.json)
}
