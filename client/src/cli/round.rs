//! The director's day: `tengen number|numbers|mcmahon suggest` before the first draw, then `tengen round
//! draw|publish|close|show|list|edit`. Each sends one Rounds RPC (commands with a request id) and prints the
//! answer with `round_view.rs`; `round edit` first turns the numbers typed into participant ids with one read of
//! the tournament's numbering (`player_arg.rs`).

use clap::{Args, Subcommand};
use serde::Serialize;
use tengen_proto::v1::edit_round_request::Edit;
use tengen_proto::v1::{
    ByeEdit, DrawRoundRequest, EditRoundRequest, GetPlayerNumbersRequest, GetRoundRequest,
    HandicapEdit, ListRoundsRequest, NumberPlayersRequest, PairEdit, Round, RoundRef,
    SuggestMcMahonRequest, SwapEdit, TableEdit,
};

use super::output::{print_json, write_stdout};
use super::player_arg::{numbering_for, parse_player, parse_register_id, Numbering, PlayerArg};
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
    /// Draw now only the finished score groups from the bottom while the round before still plays (Mays);
    /// publish that part, then draw the next part or the rest.
    #[arg(long, conflicts_with_all = ["group", "rest", "empty"])]
    bottom: bool,
    /// Draw now only the finished score group with this McMahon score (e.g. -2 or 1.5): the field and the
    /// group even.
    #[arg(long, value_name = "MMS", allow_hyphen_values = true, value_parser = parse_mms,
          conflicts_with_all = ["rest", "empty"])]
    group: Option<i32>,
    /// Draw everyone still without a game in a round drawn in parts (a plain draw of it does the same).
    #[arg(long, conflicts_with = "empty")]
    rest: bool,
}

/// A McMahon score as typed (`-2`, `1.5`, `1½`), in half points.
fn parse_mms(text: &str) -> Result<i32, String> {
    let halves = tengen_text::read::halves(text).map_err(|e| e.to_string())?;
    i32::try_from(halves).map_err(|_| format!("{text} is not a McMahon score"))
}

/// The wire's name of the part a draw asks for.
fn part_words(a: &DrawArgs) -> (String, i32) {
    match (a.bottom, a.group, a.rest) {
        (true, _, _) => ("bottom".into(), 0),
        (_, Some(mms), _) => ("group".into(), mms),
        (_, _, true) => ("rest".into(), 0),
        _ => (String::new(), 0),
    }
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

/// The manual edits. A player is the number on the sheets and `round show` (`7` or `#7`), or a register id
/// (`P12`) for a player not numbered yet or a script that must be exact.
#[derive(Debug, Subcommand)]
pub enum EditCmd {
    /// Pair two players (both must be unpaired).
    Pair {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        a: PlayerArg,
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        b: PlayerArg,
        /// Who takes White (A or B); default by the rules.
        #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
        white: Option<PlayerArg>,
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
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
    },
    /// Swap two players between their games.
    Swap {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        a: PlayerArg,
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        b: PlayerArg,
        /// Accept a repeated game.
        #[arg(long)]
        force: bool,
    },
    /// Exchange colours in the game of this player.
    Colours {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
    },
    /// Set the handicap in the game of this player.
    Handicap {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
        /// Stones (0 = even).
        stones: u32,
    },
    /// Move the game of this player to another table.
    Table {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
        /// Table number.
        table: u32,
    },
    /// Give this (unpaired) player the bye.
    Bye {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
        /// Accept a second bye.
        #[arg(long)]
        force: bool,
    },
    /// Take this player out of the round: they miss it.
    Absent {
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
    },
}

impl EditCmd {
    /// The edit for the wire, with every player resolved through `numbering`.
    fn into_edit(self, numbering: &Numbering) -> Result<Edit, CliError> {
        let id = |p: PlayerArg| numbering.id_of(p);
        Ok(match self {
            EditCmd::Pair {
                a,
                b,
                white,
                handicap,
                table,
                force,
            } => Edit::Pair(PairEdit {
                a: id(a)?,
                b: id(b)?,
                white: white.map(id).transpose()?.unwrap_or(0),
                handicap,
                table,
                force,
            }),
            EditCmd::Unpair { player } => Edit::Unpair(id(player)?),
            EditCmd::Swap { a, b, force } => Edit::Swap(SwapEdit {
                a: id(a)?,
                b: id(b)?,
                force,
            }),
            EditCmd::Colours { player } => Edit::ExchangeColours(id(player)?),
            EditCmd::Handicap { player, stones } => Edit::SetHandicap(HandicapEdit {
                player: id(player)?,
                handicap: stones,
            }),
            EditCmd::Table { player, table } => Edit::SetTable(TableEdit {
                player: id(player)?,
                table,
            }),
            EditCmd::Bye { player, force } => Edit::AssignBye(ByeEdit {
                player: id(player)?,
                force,
            }),
            EditCmd::Absent { player } => Edit::MarkAbsent(id(player)?),
        })
    }

    /// The players named, as typed.
    fn players(&self) -> Vec<PlayerArg> {
        match self {
            EditCmd::Pair { a, b, white, .. } => {
                [Some(*a), Some(*b), *white].into_iter().flatten().collect()
            }
            EditCmd::Swap { a, b, .. } => vec![*a, *b],
            EditCmd::Unpair { player }
            | EditCmd::Colours { player }
            | EditCmd::Handicap { player, .. }
            | EditCmd::Table { player, .. }
            | EditCmd::Bye { player, .. }
            | EditCmd::Absent { player } => vec![*player],
        }
    }
}

/// `tengen number T [--order id,id,…]`.
#[derive(Debug, Args)]
pub struct NumberArgs {
    /// Tournament id.
    tournament: u64,
    /// Order for players equal in rank and rating, earlier = lower number: register ids (12 or P12),
    /// comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "IDS", value_parser = parse_register_id)]
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
            let (part, group_mms_half) = part_words(&a);
            let request = DrawRoundRequest {
                meta: None,
                tournament_id: a.tournament,
                round: a.round,
                redraw: a.redraw,
                empty: a.empty,
                expected_revision: a.rev,
                part,
                group_mms_half,
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
            let numbering = numbering_for(&desk, a.tournament, &a.edit.players()).await?;
            let request = EditRoundRequest {
                meta: None,
                tournament_id: a.tournament,
                round: a.round,
                expected_revision: a.rev,
                edit: Some(a.edit.into_edit(&numbering)?),
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
