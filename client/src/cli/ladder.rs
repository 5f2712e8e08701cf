//! `tengen ladder`: a club ladder's rungs, and its games recorded any day (BGA handbook 5.1). Renders the ladder
//! for people and for `--json`; nothing here decides a rung (the server's `domain::ladder` does).

use clap::{Args, Subcommand};
use serde::Serialize;
use tengen_proto::v1::{GetLadderRequest, Ladder, RecordLadderGameRequest};

use super::output::Table;
use super::round::print_either;
use super::round_view::{player_line, PlayerRefView};
use super::{CliError, Ctx};

/// Ladder subcommands.
#[derive(Debug, Subcommand)]
pub enum LadderCmd {
    /// The ladder: every player by rung, with games and wins, then the games.
    Show {
        /// Tournament id (a ladder).
        tournament: u64,
    },
    /// Record a game: the challenger's and the defender's numbers, and who won. A challenger who wins takes the
    /// defender's rung; the handicap (by the rung distance) is the server's. A self-paired event: the two players'
    /// numbers in any order, and first, second or jigo.
    Result(ResultArgs),
}

/// A ladder game.
#[derive(Debug, Args)]
pub struct ResultArgs {
    /// Tournament id (a ladder).
    tournament: u64,
    /// The challenger's number (the player below).
    challenger: u32,
    /// The defender's number (the player above).
    defender: u32,
    /// Who won: challenger, defender or jigo (a self-paired event: first, second or jigo, the players in the
    /// order given).
    #[arg(value_parser = ["challenger", "defender", "first", "second", "jigo"])]
    winner: String,
}

/// One rung, for `--json`.
#[derive(Debug, Serialize)]
struct RungView {
    rung: u32,
    player: Option<PlayerRefView>,
    games: u32,
    wins: u32,
}

/// One game, for `--json`.
#[derive(Debug, Serialize)]
struct GameView {
    challenger: Option<PlayerRefView>,
    defender: Option<PlayerRefView>,
    outcome: String,
    handicap: u32,
    from_rung: u32,
    to_rung: u32,
    at_ms: i64,
}

/// The ladder, for `--json`.
#[derive(Debug, Serialize)]
struct LadderView {
    tournament_id: u64,
    pairing_system: String,
    max_meetings: u32,
    reach: u32,
    rungs_per_stone: u32,
    rungs: Vec<RungView>,
    games: Vec<GameView>,
}

fn view(l: &Ladder) -> LadderView {
    LadderView {
        tournament_id: l.tournament_id,
        pairing_system: l.pairing_system.clone(),
        max_meetings: l.max_meetings,
        reach: l.reach,
        rungs_per_stone: l.rungs_per_stone,
        rungs: l
            .rungs
            .iter()
            .map(|r| RungView {
                rung: r.rung,
                player: r.player.as_ref().map(PlayerRefView::from),
                games: r.games,
                wins: r.wins,
            })
            .collect(),
        games: l
            .games
            .iter()
            .map(|g| GameView {
                challenger: g.challenger.as_ref().map(PlayerRefView::from),
                defender: g.defender.as_ref().map(PlayerRefView::from),
                outcome: g.outcome.clone(),
                handicap: g.handicap,
                from_rung: g.from_rung,
                to_rung: g.to_rung,
                at_ms: g.at_ms,
            })
            .collect(),
    }
}

/// The players by rung (or place), with their games and wins.
fn rungs(l: &Ladder, first: &str) -> String {
    let mut table = Table::new(&[first, "player", "games", "wins"]);
    for r in &l.rungs {
        table.row(vec![
            r.rung.to_string(),
            r.player.as_ref().map(player_line).unwrap_or_default(),
            r.games.to_string(),
            r.wins.to_string(),
        ]);
    }
    table.render()
}

/// The ladder for people: the rungs, the rule, then the games, newest first (a self-paired event: places by wins).
fn render(l: &Ladder) -> String {
    if l.pairing_system == "self-paired" {
        return render_self_paired(l);
    }
    let mut out = format!(
        "Tournament {}, ladder: challenges reach {}, {}\n",
        l.tournament_id,
        match l.reach {
            0 => "any rung above".to_string(),
            n => format!("{n} rungs up"),
        },
        match l.rungs_per_stone {
            0 => "even games".to_string(),
            1 => "one handicap stone per rung".to_string(),
            n => format!("one handicap stone per {n} rungs"),
        }
    );
    out.push_str(&rungs(l, "rung"));
    if !l.games.is_empty() {
        out.push_str("games, newest first:\n");
        let mut table = Table::new(&["challenger", "defender", "won", "handicap"]);
        for g in l.games.iter().rev() {
            table.row(vec![
                format!(
                    "{} (rung {})",
                    g.challenger.as_ref().map(player_line).unwrap_or_default(),
                    g.from_rung
                ),
                format!(
                    "{} (rung {})",
                    g.defender.as_ref().map(player_line).unwrap_or_default(),
                    g.to_rung
                ),
                g.outcome.clone(),
                g.handicap.to_string(),
            ]);
        }
        for line in table.render().lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out
}

/// A self-paired event for people: places by wins, then the games, newest first.
fn render_self_paired(l: &Ladder) -> String {
    let mut out = format!(
        "Tournament {}, self-paired: {}\n",
        l.tournament_id,
        match l.max_meetings {
            0 => "any two players, any number of times".to_string(),
            n => format!("each pair {n} times at most"),
        }
    );
    out.push_str(&rungs(l, "place"));
    if !l.games.is_empty() {
        out.push_str("games, newest first:\n");
        for g in l.games.iter().rev() {
            let name = |p: &Option<tengen_proto::v1::PlayerRef>| {
                p.as_ref().map(player_line).unwrap_or_default()
            };
            let line = match g.outcome.as_str() {
                "challenger" => format!("{} beat {}", name(&g.challenger), name(&g.defender)),
                "defender" => format!("{} beat {}", name(&g.defender), name(&g.challenger)),
                _ => format!("{} – {}: jigo", name(&g.challenger), name(&g.defender)),
            };
            out.push_str(&format!("  {line}\n"));
        }
    }
    out
}

/// Runs a ladder subcommand.
pub async fn run(ctx: &Ctx, cmd: LadderCmd) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let ladder = match cmd {
        LadderCmd::Show { tournament } => {
            desk.read(
                GetLadderRequest {
                    tournament_id: tournament,
                },
                |mut d, r| async move { d.rounds.get_ladder(r).await },
            )
            .await?
        }
        LadderCmd::Result(a) => {
            let request = RecordLadderGameRequest {
                meta: None,
                tournament_id: a.tournament,
                challenger: a.challenger,
                defender: a.defender,
                outcome: a.winner,
            };
            desk.command(&ctx.request_id(), request, |mut d, r| async move {
                d.rounds.record_ladder_game(r).await
            })
            .await?
        }
    };
    print_either(ctx.json, &view(&ladder), &render(&ladder))
}
