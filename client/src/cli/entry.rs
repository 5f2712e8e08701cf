//! A participant's entries: `player enter|leave|rounds` and `checkin` (the register's commands: a player is a
//! register id, `12` or `P12`), `withdraw`, `reinstate` and the director's `entry ghost|correct|rank` (commands
//! inside one tournament: a player is the number on the sheets, `7` or `#7`, or a register id `P12`).

use clap::{ArgAction, Args, Subcommand};
use tengen_proto::v1::{
    ChangeRankRequest, EnterSpec, EnterTournamentRequest, EntryRequest, SetEntryOptionsRequest,
    SetRoundsRequest,
};

use super::player_arg::{parse_player, parse_register_id, resolve, PlayerArg};
use super::view::print_participant;
use super::{CliError, Ctx};
use crate::values::{parse_bool, parse_rounds};

/// The director's changes to one entry.
#[derive(Debug, Subcommand)]
pub enum EntryCmd {
    /// Make a player a ghost (paired to even the field, never placed, never the bye), or not.
    Ghost {
        /// Number on the sheets (`7` or `#7`), or register id (P12).
        #[arg(value_parser = parse_player)]
        id: PlayerArg,
        /// Tournament id.
        tournament: u64,
        /// on or off.
        #[arg(value_parser = parse_bool, value_name = "ON/OFF", action = ArgAction::Set)]
        ghost: bool,
        /// The participant revision you looked at (0 = any).
        #[arg(long, default_value_t = 0)]
        rev: u64,
    },
    /// Correct a player's starting MMS by whole points, e.g. 1 or -1 (before their first draw).
    Correct {
        /// Number on the sheets (`7` or `#7`), or register id (P12).
        #[arg(value_parser = parse_player)]
        id: PlayerArg,
        /// Tournament id.
        tournament: u64,
        /// Points added to the starting MMS (0 removes the correction).
        #[arg(allow_hyphen_values = true)]
        points: i32,
        /// The participant revision you looked at (0 = any).
        #[arg(long, default_value_t = 0)]
        rev: u64,
    },
    /// Change a player's rank from a round on (e.g. an obvious sandbagger).
    Rank {
        /// Number on the sheets (`7` or `#7`), or register id (P12).
        #[arg(value_parser = parse_player)]
        id: PlayerArg,
        /// Tournament id.
        tournament: u64,
        /// The new rank, e.g. 2d.
        rank: String,
        /// First round played at the new rank (not one already published).
        #[arg(long, value_name = "N")]
        from_round: u32,
        /// Also move the starting MMS to the new rank (otherwise it stays).
        #[arg(long)]
        move_start: bool,
        /// The participant revision you looked at (0 = any).
        #[arg(long, default_value_t = 0)]
        rev: u64,
    },
}

/// Runs an `entry` subcommand.
pub async fn run(ctx: &Ctx, cmd: EntryCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let options = |participant_id, tournament_id, rev| SetEntryOptionsRequest {
        meta: None,
        participant_id,
        tournament_id,
        ghost: None,
        mms_correction: None,
        expected_revision: rev,
    };
    let id = ctx.request_id();
    let (EntryCmd::Ghost {
        id: player,
        tournament,
        ..
    }
    | EntryCmd::Correct {
        id: player,
        tournament,
        ..
    }
    | EntryCmd::Rank {
        id: player,
        tournament,
        ..
    }) = &cmd;
    let [participant] = resolve(&desk, *tournament, [*player]).await?;
    let p = match cmd {
        EntryCmd::Ghost {
            tournament,
            ghost,
            rev,
            ..
        } => {
            let request = SetEntryOptionsRequest {
                ghost: Some(ghost),
                ..options(participant, tournament, rev)
            };
            desk.command(&id, request, |mut d, r| async move {
                d.rounds.set_entry_options(r).await
            })
            .await?
        }
        EntryCmd::Correct {
            tournament,
            points,
            rev,
            ..
        } => {
            let request = SetEntryOptionsRequest {
                mms_correction: Some(points),
                ..options(participant, tournament, rev)
            };
            desk.command(&id, request, |mut d, r| async move {
                d.rounds.set_entry_options(r).await
            })
            .await?
        }
        EntryCmd::Rank {
            tournament,
            rank,
            from_round,
            move_start,
            rev,
            ..
        } => {
            let request = ChangeRankRequest {
                meta: None,
                participant_id: participant,
                tournament_id: tournament,
                rank,
                from_round,
                move_start,
                expected_revision: rev,
            };
            desk.command(&id, request, |mut d, r| async move {
                d.rounds.change_rank(r).await
            })
            .await?
        }
    };
    print_participant(&p, ctx.json)
}

/// A player of a tournament, for `withdraw` and `reinstate`.
#[derive(Debug, Args)]
pub struct WithdrawArgs {
    /// Number on the sheets (`7` or `#7`), or register id (P12).
    #[arg(value_parser = parse_player)]
    player: PlayerArg,
    /// Tournament id.
    tournament: u64,
    /// The participant revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// One participant's entry in one tournament, for the register's `player leave`.
#[derive(Debug, Args)]
pub struct EntryArgs {
    /// Register id (12 or P12).
    #[arg(value_parser = parse_register_id)]
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
    /// Register id (12 or P12).
    #[arg(value_parser = parse_register_id)]
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
    /// Register id (12 or P12).
    #[arg(value_parser = parse_register_id)]
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
    /// Register id (12 or P12).
    #[arg(value_parser = parse_register_id)]
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

/// `tengen withdraw PLAYER TID`.
pub async fn withdraw(ctx: &Ctx, a: WithdrawArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let [id] = resolve(&desk, a.tournament, [a.player]).await?;
    let request = entry_request(id, a.tournament, a.rev);
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.withdraw(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

/// `tengen reinstate PLAYER TID`.
pub async fn reinstate(ctx: &Ctx, a: WithdrawArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let [id] = resolve(&desk, a.tournament, [a.player]).await?;
    let request = entry_request(id, a.tournament, a.rev);
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
