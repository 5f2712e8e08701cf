//! The `tengen` command line: the clap command tree, the shared context (settings, output mode) and the exit
//! codes. Each subcommand family lives in its own module; they print human tables, or JSON with `--json`.
//!
//! Exit codes: 0 done, 1 connection or settings problem, 2 the server (or the command line) refused the
//! input, 3 an import or results file where some rows were not accepted.

mod admin;
mod bench;
mod bench_board;
mod entry;
mod event;
mod export;
mod fee_setup;
mod fee_view;
mod import;
mod import_played;
mod ladder;
mod output;
mod pay;
mod player;
mod player_arg;
mod progress;
mod ratings;
mod results;
mod round;
mod round_view;
mod settings_view;
mod setup;
mod slips;
mod standings;
mod standings_view;
mod team_setup;
mod tournament;
mod venue;
mod view;
mod watch;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::conn::settings::{ConnSettings, SettingsLayer, TokenSource};
use crate::conn::Desk;
use crate::error::ClientError;
use crate::request_id::RequestId;

/// The desk program of a Tengen Go tournament server.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, about, max_term_width = 110)]
pub struct Cli {
    /// Connection settings.
    #[command(flatten)]
    pub conn: ConnArgs,
    /// Print JSON for scripts instead of tables (JSON lines for `watch`).
    #[arg(long, global = true, help_heading = "Output (any subcommand)")]
    pub json: bool,
    /// Use this request id for the command instead of a fresh one, so a script can safely re-run it.
    #[arg(
        long,
        global = true,
        value_name = "ID",
        help_heading = "Output (any subcommand)"
    )]
    pub request_id: Option<String>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Where the server is and who we are. Each falls back to the environment, then the config file.
#[derive(Debug, Args)]
#[command(next_help_heading = "Connection (any subcommand)")]
pub struct ConnArgs {
    /// Server address(es), comma-separated, tried in order [env: TENGEN_SERVER] [default: https://127.0.0.1:7443].
    #[arg(long, global = true, value_name = "URL")]
    pub server: Option<String>,
    /// CA certificate to trust, the server's DATA/ca.pem [env: TENGEN_CA].
    #[arg(long, global = true, value_name = "FILE")]
    pub ca: Option<PathBuf>,
    /// Bearer token [env: TENGEN_TOKEN]. Prefer --token-file: a flag shows in the process list.
    #[arg(long, global = true)]
    pub token: Option<String>,
    /// File holding the bearer token [env: TENGEN_TOKEN_FILE].
    #[arg(long, global = true, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
    /// Config file with `key = value` lines (server, ca, token, token_file, operator)
    /// [default: $XDG_CONFIG_HOME/tengen/config].
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The volunteer at this desk, recorded in the log [env: TENGEN_OPERATOR].
    #[arg(long, global = true, value_name = "NAME")]
    pub operator: Option<String>,
    /// Allow a plaintext http:// server (development only; the venue always runs TLS).
    #[arg(long, global = true)]
    pub insecure_dev: bool,
}

/// The subcommands. Parsed once per process, so the size difference between variants does not matter.
#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// The event (congress): show or set its name, venue, dates.
    #[command(subcommand)]
    Event(event::EventCmd),
    /// Tournaments of the event.
    #[command(subcommand)]
    Tournament(tournament::TournamentCmd),
    /// Participants: add, update, find, list, and their tournament entries.
    #[command(subcommand)]
    Player(player::PlayerCmd),
    /// Check a player in (seen at the desk), in one tournament or all they entered.
    Checkin(entry::CheckinArgs),
    /// Withdraw a player from a tournament (reinstatable).
    Withdraw(entry::WithdrawArgs),
    /// Reinstate a withdrawn player.
    Reinstate(entry::WithdrawArgs),
    /// The director's changes to an entry: ghost, MMS correction, rank change.
    #[command(subcommand)]
    Entry(entry::EntryCmd),
    /// McMahon set-up help.
    #[command(subcommand, name = "mcmahon")]
    McMahon(round::McMahonCmd),
    /// Number the players by strength (before the first draw).
    Number(round::NumberArgs),
    /// The players of a tournament by number.
    Numbers {
        /// Tournament id.
        tournament: u64,
    },
    /// Rounds: draw, publish, show, edit, close.
    #[command(subcommand)]
    Round(round::RoundCmd),
    /// A club ladder: show its rungs, record a game (no rounds: any day).
    #[command(subcommand)]
    Ladder(ladder::LadderCmd),
    /// Standings after a round, with section winners and prizes.
    Standings(standings::StandingsArgs),
    /// Why one player is placed above another.
    Explain(standings::ExplainArgs),
    /// Enter the result of one table.
    #[command(name = "result")]
    ResultOne(results::ResultArgs),
    /// Enter many results from a CSV file (table,result[,forfeit]); safe to re-run.
    Results(results::ResultsArgs),
    /// Referee reports: no-show, both absent, late start, dispute, settle.
    #[command(subcommand)]
    Referee(results::RefereeCmd),
    /// How far the results of a round are; which score groups can be drawn.
    Progress(progress::ProgressArgs),
    /// A printed sheet: pairings, slips, wallchart, standings, prizes, register; the EGF rating export (egf); the
    /// money reports (takings, levy, budget).
    Sheet(progress::SheetArgs),
    /// The tournament as a file for another program: OpenGotha XML, EGF .h9, FFG .tou, AGA, CSV.
    Export(export::ExportArgs),
    /// Rating lists for registration: load the EGD, AGA or FFG list, find a player in them.
    #[command(subcommand)]
    Ratings(ratings::RatingsCmd),
    /// Change slips players sent from the public board: list, accept, reject (director only).
    #[command(subcommand)]
    Slips(slips::SlipsCmd),
    /// Terminal tokens (director only).
    #[command(subcommand)]
    Token(admin::TokenCmd),
    /// Show which terminal and role this token is.
    Whoami,
    /// Server status: last log sequence, mode, counts, alarms (and a quorum venue's machines).
    Status,
    /// The machines of a quorum venue: list them, add one as a learner, promote it, remove a dead one (director).
    Venue {
        /// What to do; nothing lists the machines.
        #[command(subcommand)]
        cmd: Option<venue::VenueCmd>,
    },
    /// Follow the log: one line per entry, history from --from then live.
    Watch(watch::WatchArgs),
    /// Bulk import.
    #[command(subcommand)]
    Import(import::ImportCmd),
    /// Load tools against a real server.
    #[command(subcommand)]
    Bench(bench::BenchCmd),
}

/// Why a command failed; each maps to an exit code.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// From the library: refusals exit 2, connection and settings problems exit 1.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The command line itself does not make sense (exit 2).
    #[error("{0}")]
    Usage(String),
    /// Output could not be written (exit 1).
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
    /// The message has already been printed; exit with this code.
    #[error("")]
    Reported(u8),
}

impl CliError {
    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Client(e) if e.is_refusal() => 2,
            CliError::Client(_) | CliError::Output(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Reported(code) => *code,
        }
    }
}

/// What every subcommand gets: the flags, resolved lazily so commands that never connect (an import dry run)
/// need no settings.
pub struct Ctx {
    conn: ConnArgs,
    json: bool,
    request_id: Option<String>,
}

impl Ctx {
    /// The first server the desk is configured with (for addresses printed for people, e.g. a sign-in QR code).
    pub fn first_server(&self) -> Result<String, CliError> {
        let settings = self.settings()?;
        settings.servers.first().cloned().ok_or_else(|| {
            CliError::Usage("no server configured: set --server or TENGEN_SERVER".into())
        })
    }

    /// The settings from flags, environment and config file.
    fn settings(&self) -> Result<ConnSettings, ClientError> {
        let c = &self.conn;
        let token = c
            .token
            .clone()
            .map(TokenSource::Literal)
            .or_else(|| c.token_file.clone().map(TokenSource::File));
        let flags = SettingsLayer {
            server: c.server.clone(),
            ca: c.ca.clone(),
            token,
            operator: c.operator.clone(),
        };
        ConnSettings::gather(flags, c.config.as_deref(), c.insecure_dev, &|name| {
            std::env::var(name).ok()
        })
    }

    /// Connects to the first server that answers.
    async fn desk(&self) -> Result<Desk, ClientError> {
        Desk::connect(&self.settings()?).await
    }

    /// The request id for this invocation's command: `--request-id`, else a fresh random one.
    fn request_id(&self) -> RequestId {
        match &self.request_id {
            Some(id) => RequestId::from_text(id),
            None => RequestId::random(),
        }
    }
}

/// Runs one parsed command line. A partly rejected import ends in `CliError::Reported(3)` after its report.
pub async fn run(cli: Cli) -> Result<(), CliError> {
    let ctx = Ctx {
        conn: cli.conn,
        json: cli.json,
        request_id: cli.request_id,
    };
    match cli.command {
        Command::Event(cmd) => event::run(&ctx, cmd).await,
        Command::Tournament(cmd) => tournament::run(&ctx, cmd).await,
        Command::Player(cmd) => player::run(&ctx, cmd).await,
        Command::Checkin(args) => entry::checkin(&ctx, args).await,
        Command::Withdraw(args) => entry::withdraw(&ctx, args).await,
        Command::Reinstate(args) => entry::reinstate(&ctx, args).await,
        Command::Entry(cmd) => entry::run(&ctx, cmd).await,
        Command::McMahon(cmd) => round::mcmahon(&ctx, cmd).await,
        Command::Number(args) => round::number(&ctx, args).await,
        Command::Numbers { tournament } => round::numbers(&ctx, tournament).await,
        Command::Round(cmd) => round::run(&ctx, cmd).await,
        Command::Ladder(cmd) => ladder::run(&ctx, cmd).await,
        Command::Standings(args) => standings::standings(&ctx, args).await,
        Command::Explain(args) => standings::explain(&ctx, args).await,
        Command::ResultOne(args) => results::result(&ctx, args).await,
        Command::Results(args) => results::results_file(&ctx, args).await,
        Command::Referee(cmd) => results::referee(&ctx, cmd).await,
        Command::Progress(args) => progress::progress(&ctx, args).await,
        Command::Sheet(args) => progress::sheet(&ctx, args).await,
        Command::Export(args) => export::run(&ctx, args).await,
        Command::Ratings(cmd) => ratings::run(&ctx, cmd).await,
        Command::Slips(cmd) => slips::run(&ctx, cmd).await,
        Command::Token(cmd) => admin::token(&ctx, cmd).await,
        Command::Whoami => admin::whoami(&ctx).await,
        Command::Status => admin::status(&ctx).await,
        Command::Venue { cmd } => venue::run(&ctx, cmd).await,
        Command::Watch(args) => watch::run(&ctx, args).await,
        Command::Import(cmd) => import::run(&ctx, cmd).await,
        Command::Bench(cmd) => bench::run(&ctx, cmd).await,
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_tree_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn player_add_takes_repeated_entries_and_bare_flags() {
        let cli = Cli::try_parse_from([
            "tengen", "player", "add", "--family", "Côté", "--given", "Marie", "--rank", "2d",
            "--paid", "--local", "no", "--enter", "1", "--enter", "2:1,3", "--json",
        ])
        .unwrap();
        assert!(cli.json);
        let Command::Player(player::PlayerCmd::Add(add)) = cli.command else {
            panic!("not player add")
        };
        assert_eq!(format!("{add:?}").matches("tournament_id").count(), 2);
    }

    fn parse(args: &[&str]) -> Command {
        let cli = Cli::try_parse_from(std::iter::once("tengen").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        cli.command
    }

    #[test]
    fn result_takes_the_desk_words_and_refuses_others() {
        for (word, outcome) in [
            ("w", "WhiteWins"),
            ("0-1", "BlackWins"),
            ("jigo", "Jigo"),
            ("both-lose", "BothLose"),
            ("1-1", "BothWin"),
            ("unknown", "Unknown"),
        ] {
            let command = parse(&["result", "1", "3", "12", word, "--forfeit"]);
            let text = format!("{command:?}");
            assert!(
                text.contains(&format!("result: {outcome}")),
                "{word}: {text}"
            );
            assert!(text.contains("forfeit: true"));
        }
        assert!(Cli::try_parse_from(["tengen", "result", "1", "3", "12", "white-ish"]).is_err());
    }

    #[test]
    fn director_commands_parse_with_their_flags() {
        let edit = format!(
            "{:?}",
            parse(&[
                "round", "edit", "1", "2", "--rev", "5", "pair", "7", "9", "--white", "9",
                "--force"
            ])
        );
        assert!(edit.contains("rev: 5"), "{edit}");
        assert!(edit.contains(
            "Pair { a: Number(7), b: Number(9), white: Some(Number(9)), handicap: None, table: None, force: true }"
        ));
        let swap = format!(
            "{:?}",
            parse(&["round", "edit", "1", "2", "swap", "#7", "P12"])
        );
        assert!(swap.contains("a: Number(7), b: Register(12)"), "{swap}");
        assert!(Cli::try_parse_from(["tengen", "round", "edit", "1", "2", "bye", "#x"]).is_err());
        let correct = format!("{:?}", parse(&["entry", "correct", "4", "1", "-1"]));
        assert!(correct.contains("points: -1"), "{correct}");
        let ghost = format!("{:?}", parse(&["entry", "ghost", "4", "1", "on"]));
        assert!(ghost.contains("ghost: true"), "{ghost}");
        let rank = format!(
            "{:?}",
            parse(&[
                "entry",
                "rank",
                "4",
                "1",
                "2d",
                "--from-round",
                "3",
                "--move-start"
            ])
        );
        assert!(rank.contains("from_round: 3, move_start: true"), "{rank}");
        let mcmahon = format!(
            "{:?}",
            parse(&["mcmahon", "suggest", "1", "--sections", "4"])
        );
        assert!(mcmahon.contains("sections: 4"), "{mcmahon}");
        let slips = format!(
            "{:?}",
            parse(&["slips", "list", "--tournament", "2", "--all"])
        );
        assert!(slips.contains("tournament: Some(2), all: true"), "{slips}");
        let accept = format!("{:?}", parse(&["slips", "accept", "S3", "--rev", "4"]));
        assert!(accept.contains("id: 3, rev: 4"), "{accept}");
        assert!(Cli::try_parse_from(["tengen", "slips", "reject", "3"]).is_err());
        let number = format!("{:?}", parse(&["number", "1", "--order", "5,3,8"]));
        assert!(number.contains("order: [5, 3, 8]"), "{number}");
        let late = format!(
            "{:?}",
            parse(&["referee", "late", "1", "2", "7", "44", "15"])
        );
        assert!(late.contains("player: Number(44), minutes: 15"), "{late}");
        let number = format!("{:?}", parse(&["number", "1", "--order", "P5,3"]));
        assert!(number.contains("order: [5, 3]"), "{number}");
        let standings = format!(
            "{:?}",
            parse(&["standings", "1", "--after", "3", "--tiebreaks", "mays"])
        );
        assert!(standings.contains("after: Some(3)"), "{standings}");
        assert!(Cli::try_parse_from(["tengen", "sheet", "1", "poster"]).is_err());
        assert!(
            Cli::try_parse_from(["tengen", "round", "edit", "1", "2", "teleport", "3"]).is_err()
        );
    }

    #[test]
    fn tournament_update_takes_the_play_settings() {
        let update = format!(
            "{:?}",
            parse(&[
                "tournament",
                "update",
                "1",
                "--komi",
                "6.5",
                "--time",
                "canadian:60:20/5",
                "--bar",
                "3d",
                "--tiebreaks",
                "mms,sos,sosos",
                "--prizes",
                "300,200,100",
                "--double-entry",
                "on",
            ])
        );
        assert!(update.contains("rev: None"), "{update}");
        assert!(update.contains("komi: Some(13)"), "{update}");
        assert!(
            update.contains("prizes: Some(Prizes([30000, 20000, 10000]))"),
            "{update}"
        );
        assert!(
            Cli::try_parse_from(["tengen", "tournament", "update", "1", "--tiebreaks", "sox"])
                .is_err()
        );
        assert!(Cli::try_parse_from([
            "tengen",
            "tournament",
            "create",
            "--name",
            "M",
            "--rounds",
            "5",
            "--time",
            "canadian:60"
        ])
        .is_err());
    }

    #[test]
    fn issue_33_pay_needs_a_method_and_a_refund_needs_a_note() {
        let pay = format!(
            "{:?}",
            parse(&["player", "pay", "P3", "30,50", "--method", "card"])
        );
        assert!(
            pay.contains("id: 3, amount: 3050, method: \"card\", refund: false"),
            "{pay}"
        );
        assert!(Cli::try_parse_from(["tengen", "player", "pay", "3", "30"]).is_err());
        assert!(
            Cli::try_parse_from(["tengen", "player", "pay", "3", "30", "--method", "cheque"])
                .is_err()
        );
        assert!(Cli::try_parse_from([
            "tengen", "player", "pay", "3", "5", "--method", "cash", "--refund"
        ])
        .is_err());
        let refund = format!(
            "{:?}",
            parse(&[
                "player",
                "pay",
                "3",
                "5",
                "--method",
                "cash",
                "--refund",
                "--note",
                "left early"
            ])
        );
        assert!(refund.contains("refund: true"), "{refund}");
        let update = format!(
            "{:?}",
            parse(&[
                "player",
                "update",
                "3",
                "--rev",
                "0",
                "--member",
                "--concession",
                "Junior",
                "--fee-override",
                "none",
            ])
        );
        assert!(update.contains("member: Some(true)"), "{update}");
        assert!(update.contains("concession: Some(\"junior\")"), "{update}");
        assert!(
            update.contains("fee_override: Some(FeeOverride(None))"),
            "{update}"
        );
        assert!(Cli::try_parse_from([
            "tengen",
            "player",
            "update",
            "3",
            "--rev",
            "0",
            "--concession",
            "child"
        ])
        .is_err());
    }

    #[test]
    fn refusals_exit_2_and_connection_problems_exit_1() {
        let refused = CliError::Client(ClientError::Status(tonic::Status::invalid_argument(
            "unknown rank",
        )));
        assert_eq!(refused.exit_code(), 2);
        let down = CliError::Client(ClientError::Status(tonic::Status::unavailable("down")));
        assert_eq!(down.exit_code(), 1);
        assert_eq!(
            CliError::Client(ClientError::Unreachable(vec![])).exit_code(),
            1
        );
        assert_eq!(CliError::Reported(3).exit_code(), 3);
    }
}
