//! `tengen standings T` and `tengen explain T A B`: reads of the Rounds service, printed with
//! `standings_view.rs`.

use clap::Args;
use tengen_proto::v1::{ExplainRequest, GetStandingsRequest};

use super::player_arg::{parse_player, Numbering, PlayerArg};
use super::round::print_either;
use super::setup::{parse_tiebreaks, Tiebreaks};
use super::standings_view::{render_explanation, render_standings, ExplanationView, StandingsView};
use super::{CliError, Ctx};

/// Which standings.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// Tournament id.
    tournament: u64,
    /// After this round (default: the last round with a result).
    #[arg(long, value_name = "ROUND")]
    after: Option<u32>,
    /// Tie-breaks to use instead of the tournament's, e.g. "mms,sos,sosos" or a profile (egf, mays, swiss,
    /// round-robin, knockout, generalised-knockout).
    #[arg(long, value_parser = parse_tiebreaks, value_name = "LIST")]
    tiebreaks: Option<Tiebreaks>,
}

/// Which two players.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Tournament id.
    tournament: u64,
    /// A player: number on the sheets (`7` or `#7`), or register id (P12).
    #[arg(value_parser = parse_player)]
    a: PlayerArg,
    /// The other player, the same way.
    #[arg(value_parser = parse_player)]
    b: PlayerArg,
    /// After this round (default: the last round with a result).
    #[arg(long, value_name = "ROUND")]
    after: Option<u32>,
    /// Tie-breaks to use instead of the tournament's.
    #[arg(long, value_parser = parse_tiebreaks, value_name = "LIST")]
    tiebreaks: Option<Tiebreaks>,
}

/// `tengen standings T [--after R] [--tiebreaks …]`.
pub async fn standings(ctx: &Ctx, a: StandingsArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = GetStandingsRequest {
        tournament_id: a.tournament,
        after_round: a.after.unwrap_or(0),
        tiebreaks: a.tiebreaks.map(|t| t.0).unwrap_or_default(),
    };
    let s = desk
        .read(request, |mut d, r| async move {
            d.rounds.get_standings(r).await
        })
        .await?;
    print_either(ctx.json, &StandingsView::from(&s), &render_standings(&s))
}

/// `tengen explain T A B`: why A is above B (or the other way round); players by number, printed the same way.
pub async fn explain(ctx: &Ctx, a: ExplainArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let numbering = Numbering::read(&desk, a.tournament).await?;
    let [first, second] = numbering.ids_of([a.a, a.b])?;
    let request = ExplainRequest {
        tournament_id: a.tournament,
        after_round: a.after.unwrap_or(0),
        a: first,
        b: second,
        tiebreaks: a.tiebreaks.map(|t| t.0).unwrap_or_default(),
    };
    let e = desk
        .read(request, |mut d, r| async move { d.rounds.explain(r).await })
        .await?;
    print_either(
        ctx.json,
        &ExplanationView::from(&e),
        &render_explanation(&e, &|id| numbering.label(id)),
    )
}
