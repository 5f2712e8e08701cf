//! The director's day: `tengen number|numbers|mcmahon suggest` before the first draw, then `tengen round
//! draw|publish|close|show|list|edit`. Each sends one Rounds RPC (commands with a request id) and prints the
//! answer with `round_view.rs`.

use clap::{Args, Subcommand};
use serde::Serialize;
use tengen_proto::v1::edit_round_request::Edit;
use tengen_proto::v1::{
    ByeEdit, DrawRoundRequest, EditRoundRequest, GetPlayerNumbersRequest, GetRoundRequest,
    HandicapEdit, ListRoundsRequest, NumberPlayersRequest, PairEdit, Round, RoundRef,
    SuggestMcMahonRequest, SwapEdit, TableEdit,
};

use super::output::{print_json, write_stdout};
use super::round_view::{
    render_numbers, render_round, render_round_list, render_suggestion, NumbersView, PlayerRefView,
    RoundListView, RoundView, SuggestionView,
};
use super::{CliError, Ctx};

/// Prints `view` as JSON, or `text` for people.
pub fn print_either<V: Serialize>(json: bool, view: &V, text: &str) -> Result<(), CliError> {
    if json {
        print_json(view)
    } else {
        write_stdout(text)
    }
}

/// Round subcommands.
#[derive(Debug, Subcommand)]
pub enum RoundCmd {
    /// Draw a round (the next one), or --redraw the last unpublished one.
    Draw(DrawArgs),
    /// Show a drawn round to the players; results are taken from then on.
    Publish(RoundArgs),
    /// Close a round once every result is confirmed.
    Close(RoundArgs),
    /// The pairing table: tables, players, handicap, komi, results; bye, unpaired, warnings.
    Show(RoundArgs),
    /// The rounds of a tournament with their result counts.
    List {
        /// Tournament id.
        tournament: u64,
    },
    /// Change a drawn or published round by hand.
    Edit(EditArgs),
}

/// One round of one tournament.
#[derive(Debug, Args)]
pub struct RoundArgs {
    /// Tournament id.
    tournament: u64,
    /// Round number.
    round: u32,
}

/// The draw.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Tournament id.
    tournament: u64,
    /// Round number.
    round: u32,
    /// Draw the last round again (only while it is not published).
    #[arg(long)]
    redraw: bool,
    /// Prepare the round with nobody paired, to pair by hand with `round edit … pair`.
    #[arg(long)]
    empty: bool,
    /// The rounds revision you looked at (`round list`); 0 = any.
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// A manual change to a round.
#[derive(Debug, Args)]
pub struct EditArgs {
    /// Tournament id.
    tournament: u64,
    /// Round number.
    round: u32,
    /// The rounds revision you looked at (`round show`); 0 = any.
    #[arg(long, default_value_t = 0)]
    rev: u64,
    /// What to change.
    #[command(subcommand)]
    edit: EditCmd,
}

/// The manual edits (players are participant ids).
#[derive(Debug, Subcommand)]
pub enum EditCmd {
    /// Pair two players (both must be unpaired).
    Pair {
        /// Participant id.
        a: u64,
        /// Participant id.
        b: u64,
        /// Who takes White (A or B); default by the rules.
        #[arg(long, value_name = "ID")]
        white: Option<u64>,
        /// Handicap stones; default by the rules.
        #[arg(long)]
        handicap: Option<u32>,
        /// Table number; default the next free one.
        #[arg(long)]
        table: Option<u32>,
        /// Accept a game the two already played.
        #[arg(long)]
        force: bool,
    },
    /// Dissolve the game of this player (both become unpaired).
    Unpair {
        /// Participant id.
        player: u64,
    },
    /// Swap two players between their games.
    Swap {
        /// Participant id.
        a: u64,
        /// Participant id.
        b: u64,
        /// Accept a repeated game.
        #[arg(long)]
        force: bool,
    },
    /// Exchange colours in the game of this player.
    Colours {
        /// Participant id.
        player: u64,
    },
    /// Set the handicap in the game of this player.
    Handicap {
        /// Participant id.
        player: u64,
        /// Stones (0 = even).
        stones: u32,
    },
    /// Move the game of this player to another table.
    Table {
        /// Participant id.
        player: u64,
        /// Table number.
        table: u32,
    },
    /// Give this (unpaired) player the bye.
    Bye {
        /// Participant id.
        player: u64,
        /// Accept a second bye.
        #[arg(long)]
        force: bool,
    },
    /// Take this player out of the round: they miss it.
    Absent {
        /// Participant id.
        player: u64,
    },
}

impl EditCmd {
    fn into_edit(self) -> Edit {
        match self {
            EditCmd::Pair {
                a,
                b,
                white,
                handicap,
                table,
                force,
            } => Edit::Pair(PairEdit {
                a,
                b,
                white: white.unwrap_or(0),
                handicap,
                table,
                force,
            }),
            EditCmd::Unpair { player } => Edit::Unpair(player),
            EditCmd::Swap { a, b, force } => Edit::Swap(SwapEdit { a, b, force }),
            EditCmd::Colours { player } => Edit::ExchangeColours(player),
            EditCmd::Handicap { player, stones } => Edit::SetHandicap(HandicapEdit {
                player,
                handicap: stones,
            }),
            EditCmd::Table { player, table } => Edit::SetTable(TableEdit { player, table }),
            EditCmd::Bye { player, force } => Edit::AssignBye(ByeEdit { player, force }),
            EditCmd::Absent { player } => Edit::MarkAbsent(player),
        }
    }
}

/// `tengen number T [--order id,id,…]`.
#[derive(Debug, Args)]
pub struct NumberArgs {
    /// Tournament id.
    tournament: u64,
    /// Order for players equal in rank and rating, earlier = lower number: participant ids, comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    order: Vec<u64>,
}

/// `tengen mcmahon …`.
#[derive(Debug, Subcommand)]
pub enum McMahonCmd {
    /// Suggest a bar (BGA guideline on the top group) and Mays' sections from the checked-in field.
    Suggest {
        /// Tournament id.
        tournament: u64,
        /// Number of sections for the sections suggestion (default 3).
        #[arg(long, default_value_t = 0)]
        sections: u32,
    },
}

fn print_round(ctx: &Ctx, round: &Round) -> Result<(), CliError> {
    print_either(ctx.json, &RoundView::from(round), &render_round(round))
}

/// Runs a round subcommand.
pub async fn run(ctx: &Ctx, cmd: RoundCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let id = ctx.request_id();
    let round_ref = |a: RoundArgs| RoundRef {
        meta: None,
        tournament_id: a.tournament,
        round: a.round,
    };
    let round = match cmd {
        RoundCmd::Draw(a) => {
            let request = DrawRoundRequest {
                meta: None,
                tournament_id: a.tournament,
                round: a.round,
                redraw: a.redraw,
                empty: a.empty,
                expected_revision: a.rev,
            };
            desk.command(&id, request, |mut d, r| async move {
                d.rounds.draw_round(r).await
            })
            .await?
        }
        RoundCmd::Publish(a) => {
            desk.command(&id, round_ref(a), |mut d, r| async move {
                d.rounds.publish_round(r).await
            })
            .await?
        }
        RoundCmd::Close(a) => {
            desk.command(&id, round_ref(a), |mut d, r| async move {
                d.rounds.close_round(r).await
            })
            .await?
        }
        RoundCmd::Show(a) => {
            let request = GetRoundRequest {
                tournament_id: a.tournament,
                round: a.round,
            };
            desk.read(
                request,
                |mut d, r| async move { d.rounds.get_round(r).await },
            )
            .await?
        }
        RoundCmd::List { tournament } => {
            let request = ListRoundsRequest {
                tournament_id: tournament,
            };
            let list = desk
                .read(
                    request,
                    |mut d, r| async move { d.rounds.list_rounds(r).await },
                )
                .await?;
            return print_either(
                ctx.json,
                &RoundListView::from(&list),
                &render_round_list(&list),
            );
        }
        RoundCmd::Edit(a) => {
            let request = EditRoundRequest {
                meta: None,
                tournament_id: a.tournament,
                round: a.round,
                expected_revision: a.rev,
                edit: Some(a.edit.into_edit()),
            };
            desk.command(&id, request, |mut d, r| async move {
                d.rounds.edit_round(r).await
            })
            .await?
        }
    };
    print_round(ctx, &round)
}

fn print_numbers(ctx: &Ctx, n: &tengen_proto::v1::PlayerNumbers) -> Result<(), CliError> {
    let view = NumbersView {
        tournament_id: n.tournament_id,
        players: n.players.iter().map(PlayerRefView::from).collect(),
    };
    print_either(ctx.json, &view, &render_numbers(n))
}

/// `tengen number T`: number the players by strength.
pub async fn number(ctx: &Ctx, a: NumberArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = NumberPlayersRequest {
        meta: None,
        tournament_id: a.tournament,
        order: a.order,
    };
    let numbers = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.rounds.number_players(r).await
        })
        .await?;
    print_numbers(ctx, &numbers)
}

/// `tengen numbers T`: the players by number.
pub async fn numbers(ctx: &Ctx, tournament: u64) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = GetPlayerNumbersRequest {
        tournament_id: tournament,
    };
    let numbers = desk
        .read(request, |mut d, r| async move {
            d.rounds.get_player_numbers(r).await
        })
        .await?;
    print_numbers(ctx, &numbers)
}

/// `tengen mcmahon suggest T`.
pub async fn mcmahon(ctx: &Ctx, cmd: McMahonCmd) -> Result<(), CliError> {
    let McMahonCmd::Suggest {
        tournament,
        sections,
    } = cmd;
    let desk = ctx.desk().await?;
    let request = SuggestMcMahonRequest {
        tournament_id: tournament,
        sections,
    };
    let s = desk
        .read(request, |mut d, r| async move {
            d.rounds.suggest_mc_mahon(r).await
        })
        .await?;
    print_either(ctx.json, &SuggestionView::from(&s), &render_suggestion(&s))
}
