//! `tengen tournament create|list|show|update|close-registration|open-registration|split|move-round`; the play-settings
//! flags come from `setup.rs`.

use clap::{Args, Subcommand};
use tengen_proto::v1::{
    CreateTournamentRequest, EntryStatus, ListParticipantsRequest, ListTournamentsRequest,
    MoveRoundStartRequest, SetRegistrationOpenRequest, SplitKnockoutRequest, Tournament,
    TournamentSettings, UpdateTournamentRequest,
};

use super::settings_view::print_tournament_detail;
use super::setup::SetupFlags;
use super::view::{print_tournament, print_tournaments};
use super::{CliError, Ctx};
use crate::conn::Desk;

/// Tournament subcommands.
#[derive(Debug, Subcommand)]
pub enum TournamentCmd {
    /// Create a tournament.
    Create(CreateArgs),
    /// List the event's tournaments.
    List,
    /// Show one tournament with all its settings (komi, time and its class, McMahon, handicap, draw, scoring).
    Show {
        /// Tournament id.
        id: u64,
    },
    /// Change a tournament's settings; unspecified settings keep their value.
    Update(UpdateArgs),
    /// Stop registration desks registering and entering players (the late desk still may).
    CloseRegistration(RegistrationArgs),
    /// Let registration desks register and enter players again.
    OpenRegistration(RegistrationArgs),
    /// A Swiss knockout: split the top players of a McMahon or Swiss tournament (after its last round, closed)
    /// off into a knockout seeded by their places; each returns to it when their knockout ends. With
    /// --per-group, the play-off of a tournament played in groups (zones): the top of each group.
    Split(SplitArgs),
    /// Move one round's planned start (the timetable) when the day runs late: the board, the sheets and the
    /// players' pages show it at once, and the referee's forfeit clock counts from it.
    MoveRound(MoveRoundArgs),
}

/// A round's new start.
#[derive(Debug, Args)]
pub struct MoveRoundArgs {
    /// Tournament id.
    id: u64,
    /// The round.
    round: u32,
    /// New start: "2026-11-28 14:30", or "14:30" on the round's planned day.
    start: String,
    /// The revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// A knockout split off a tournament's top players.
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// The main tournament's id.
    id: u64,
    /// How many split off: 2, 4, 8, 16 or 32 (with --per-group: how many of each group, 1 for the winners).
    #[arg(long)]
    top: u32,
    /// Take the top of each group (a tournament played in groups): the play-off of zones, seeded winners first
    /// (strongest group first), byes to the top seeds when the count is not a power of two.
    #[arg(long)]
    per_group: bool,
    /// The knockout's name (default: the main tournament's name and "knockout").
    #[arg(long, default_value = "")]
    name: String,
}

/// A new tournament.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// Name, e.g. "Main" or "Lightning".
    #[arg(long)]
    name: String,
    /// Number of rounds (1..20).
    #[arg(long)]
    rounds: u32,
    /// Pairing system: mcmahon, swiss, round-robin (all play all by Berger tables: rounds = players − 1, or
    /// players when odd; twice that for a double round robin), knockout (a bracket seeded by number, byes to the
    /// top seeds: rounds = log2 of the field rounded up), double-elimination (the Judan system: a knockout and a
    /// losers' section, out at the second loss; 16 players take 7 rounds, 8 to play the final again when the
    /// losers' winner wins it; the draw names both counts) or generalised-knockout (nobody eliminated: equal
    /// sequences of results meet; log2(players) rounds order a field of 2^k completely).
    #[arg(long, default_value = "mcmahon")]
    system: String,
    /// First day, yyyy-mm-dd.
    #[arg(long)]
    start: Option<String>,
    /// Last day, yyyy-mm-dd.
    #[arg(long)]
    end: Option<String>,
    /// The timetable, each round's planned start: "2026-11-28 10:00,14:00,2026-11-29 09:30" (a bare time takes
    /// the previous round's day).
    #[arg(long, value_delimiter = ',')]
    schedule: Option<Vec<String>>,
    #[command(flatten)]
    setup: SetupFlags,
}

/// Changes to a tournament.
#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// Tournament id.
    id: u64,
    /// The revision you looked at (`tournament show`); refused if it changed since. Default: the revision
    /// read just before writing.
    #[arg(long)]
    rev: Option<u64>,
    /// New name.
    #[arg(long)]
    name: Option<String>,
    /// New number of rounds.
    #[arg(long)]
    rounds: Option<u32>,
    /// New pairing system.
    #[arg(long)]
    system: Option<String>,
    /// New first day.
    #[arg(long)]
    start: Option<String>,
    /// New last day.
    #[arg(long)]
    end: Option<String>,
    /// New timetable (see `tournament create --schedule`; "" clears it).
    #[arg(long, value_delimiter = ',')]
    schedule: Option<Vec<String>>,
    #[command(flatten)]
    setup: SetupFlags,
}

/// Which tournament.
#[derive(Debug, Args)]
pub struct RegistrationArgs {
    /// Tournament id.
    id: u64,
    /// The revision you looked at (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// Runs a tournament subcommand.
pub async fn run(ctx: &Ctx, cmd: TournamentCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    match cmd {
        TournamentCmd::Create(a) => {
            let mut settings = TournamentSettings {
                name: a.name,
                rounds: a.rounds,
                pairing_system: a.system,
                start_date: a.start.unwrap_or_default(),
                end_date: a.end.unwrap_or_default(),
                schedule: a.schedule.unwrap_or_default(),
                ..TournamentSettings::default()
            };
            a.setup.apply(&mut settings);
            let request = CreateTournamentRequest {
                meta: None,
                settings: Some(settings),
            };
            let t = desk
                .command(&ctx.request_id(), request, |mut d, r| async move {
                    d.register.create_tournament(r).await
                })
                .await?;
            print_tournament_detail(&t, ctx.json)
        }
        TournamentCmd::List => print_tournaments(&list(&desk).await?, ctx.json),
        TournamentCmd::Show { id } => print_tournament_detail(&find(&desk, id).await?, ctx.json),
        TournamentCmd::Update(a) => update(ctx, &desk, a).await,
        TournamentCmd::CloseRegistration(a) => set_open(ctx, &desk, a, false).await,
        TournamentCmd::OpenRegistration(a) => set_open(ctx, &desk, a, true).await,
        TournamentCmd::Split(a) => {
            let request = SplitKnockoutRequest {
                meta: None,
                tournament_id: a.id,
                top: a.top,
                name: a.name,
                per_group: a.per_group,
            };
            let t = desk
                .command(&ctx.request_id(), request, |mut d, r| async move {
                    d.rounds.split_knockout(r).await
                })
                .await?;
            print_tournament_detail(&t, ctx.json)
        }
        TournamentCmd::MoveRound(a) => {
            let request = MoveRoundStartRequest {
                meta: None,
                tournament_id: a.id,
                round: a.round,
                start: a.start,
                expected_revision: a.rev,
            };
            let t = desk
                .command(&ctx.request_id(), request, |mut d, r| async move {
                    d.register.move_round_start(r).await
                })
                .await?;
            print_tournament_detail(&t, ctx.json)
        }
    }
}

/// Every tournament of the event.
pub async fn list(desk: &Desk) -> Result<Vec<Tournament>, CliError> {
    let answer = desk
        .read(ListTournamentsRequest {}, |mut d, r| async move {
            d.register.list_tournaments(r).await
        })
        .await?;
    Ok(answer.tournaments)
}

/// One tournament by id (there is no single-tournament read, so from the list).
pub async fn find(desk: &Desk, id: u64) -> Result<Tournament, CliError> {
    let found = list(desk).await?.into_iter().find(|t| t.id == id);
    found.ok_or_else(|| CliError::Usage(format!("there is no tournament {id}")))
}

async fn update(ctx: &Ctx, desk: &Desk, a: UpdateArgs) -> Result<(), CliError> {
    let current = find(desk, a.id).await?;
    let expected_revision = a.rev.unwrap_or(current.revision);
    let mut settings = current.settings.unwrap_or_default();
    if let Some(name) = a.name {
        settings.name = name;
    }
    if let Some(rounds) = a.rounds {
        settings.rounds = rounds;
    }
    if let Some(system) = a.system {
        settings.pairing_system = system;
    }
    if let Some(start) = a.start {
        settings.start_date = start;
    }
    if let Some(end) = a.end {
        settings.end_date = end;
    }
    if let Some(schedule) = a.schedule {
        settings.schedule = schedule;
    }
    a.setup.apply(&mut settings);
    // Output-only fields go back as the server sent them; it recomputes them.
    let request = UpdateTournamentRequest {
        meta: None,
        id: a.id,
        expected_revision,
        settings: Some(settings),
    };
    let t = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.update_tournament(r).await
        })
        .await?;
    print_tournament_detail(&t, ctx.json)
}

async fn set_open(ctx: &Ctx, desk: &Desk, a: RegistrationArgs, open: bool) -> Result<(), CliError> {
    let request = SetRegistrationOpenRequest {
        meta: None,
        tournament_id: a.id,
        open,
        expected_revision: a.rev,
    };
    let t = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.set_registration_open(r).await
        })
        .await?;
    print_tournament(&t, ctx.json)?;
    if !open {
        never_came(desk, a.id).await?;
    }
    Ok(())
}

/// Names every pre-registered player who never checked in, so nobody drops out of the draw unseen (on stderr, so
/// `--json` output stays one document).
async fn never_came(desk: &Desk, tournament: u64) -> Result<(), CliError> {
    let mut missing = Vec::new();
    let mut after_id = 0;
    loop {
        let request = ListParticipantsRequest {
            tournament_id: tournament,
            status: EntryStatus::PreRegistered as i32,
            club: String::new(),
            limit: 0,
            after_id,
        };
        let page = desk
            .read(request, |mut d, r| async move {
                d.register.list_participants(r).await
            })
            .await?;
        missing.extend(page.participants.iter().map(|p| {
            let f = p.fields.clone().unwrap_or_default();
            format!("P{} {} {}", p.id, f.family_name, f.given_name)
        }));
        if page.next_after_id == 0 || page.next_after_id == after_id {
            break;
        }
        after_id = page.next_after_id;
    }
    if !missing.is_empty() {
        eprintln!(
            "{} pre-registered player(s) never checked in and are not in the draw (the late desk can still check \
             them in): {}",
            missing.len(),
            missing.join(", ")
        );
    }
    Ok(())
}
