//! A participant's entries: `player enter|leave|rounds`, `checkin`, `withdraw`, `reinstate`.

use clap::Args;
use tengen_proto::v1::{EnterSpec, EnterTournamentRequest, EntryRequest, SetRoundsRequest};

use super::view::print_participant;
use super::{CliError, Ctx};
use crate::values::parse_rounds;

/// One participant in one tournament.
#[derive(Debug, Args)]
pub struct EntryArgs {
    /// Participant id.
    id: u64,
    /// Tournament id.
    tournament: u64,
    /// The participant revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// Check-in: the tournament is optional.
#[derive(Debug, Args)]
pub struct CheckinArgs {
    /// Participant id.
    id: u64,
    /// Tournament id; omitted = every tournament the participant entered.
    tournament: Option<u64>,
    /// The participant revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// Entering a tournament.
#[derive(Debug, Args)]
pub struct EnterArgs {
    /// Participant id.
    id: u64,
    /// Tournament id.
    tournament: u64,
    /// Rounds played, e.g. 1,2,3 or 1-3 (default: all).
    #[arg(long)]
    rounds: Option<String>,
    /// The participant revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// Setting the rounds played.
#[derive(Debug, Args)]
pub struct RoundsArgs {
    /// Participant id.
    id: u64,
    /// Tournament id.
    tournament: u64,
    /// Rounds played, e.g. 1,2,4 or 1-3; `all` for every round.
    rounds: String,
    /// The participant revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

fn entry_request(id: u64, tournament: u64, rev: u64) -> EntryRequest {
    EntryRequest {
        meta: None,
        participant_id: id,
        tournament_id: tournament,
        expected_revision: rev,
    }
}

/// `tengen checkin ID [TID]`.
pub async fn checkin(ctx: &Ctx, a: CheckinArgs) -> Result<(), CliError> {
    let request = entry_request(a.id, a.tournament.unwrap_or(0), a.rev);
    let desk = ctx.desk().await?;
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.check_in(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

/// `tengen withdraw ID TID`.
pub async fn withdraw(ctx: &Ctx, a: EntryArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = entry_request(a.id, a.tournament, a.rev);
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.withdraw(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

/// `tengen reinstate ID TID`.
pub async fn reinstate(ctx: &Ctx, a: EntryArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = entry_request(a.id, a.tournament, a.rev);
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.reinstate(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

/// `tengen player leave ID TID`.
pub async fn leave(ctx: &Ctx, a: EntryArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = entry_request(a.id, a.tournament, a.rev);
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.leave_tournament(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

/// `tengen player enter ID TID [--rounds 1,2,3]`.
pub async fn enter(ctx: &Ctx, a: EnterArgs) -> Result<(), CliError> {
    let rounds = parse_rounds(a.rounds.as_deref().unwrap_or("")).map_err(CliError::Usage)?;
    let desk = ctx.desk().await?;
    let request = EnterTournamentRequest {
        meta: None,
        participant_id: a.id,
        entry: Some(EnterSpec {
            tournament_id: a.tournament,
            rounds,
        }),
        expected_revision: a.rev,
    };
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.enter_tournament(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

/// `tengen player rounds ID TID 1,2,4`.
pub async fn rounds(ctx: &Ctx, a: RoundsArgs) -> Result<(), CliError> {
    let rounds = if a.rounds.trim().eq_ignore_ascii_case("all") {
        Vec::new()
    } else {
        parse_rounds(&a.rounds).map_err(CliError::Usage)?
    };
    let desk = ctx.desk().await?;
    let request = SetRoundsRequest {
        meta: None,
        participant_id: a.id,
        tournament_id: a.tournament,
        rounds,
        expected_revision: a.rev,
    };
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.set_rounds(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}
