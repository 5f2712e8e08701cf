//! The `tengen` command line: the clap command tree, the shared context (settings, output mode) and the exit
//! codes. Each subcommand family lives in its own module; they print human tables, or JSON with `--json`.
//!
//! Exit codes: 0 done, 1 connection or settings problem, 2 the server (or the command line) refused the
//! input, 3 an import where some rows were not accepted.

mod admin;
mod bench;
mod entry;
mod event;
mod import;
mod output;
mod player;
mod tournament;
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
    Withdraw(entry::EntryArgs),
    /// Reinstate a withdrawn player.
    Reinstate(entry::EntryArgs),
    /// Terminal tokens (director only).
    #[command(subcommand)]
    Token(admin::TokenCmd),
    /// Show which terminal and role this token is.
    Whoami,
    /// Server status: last log sequence, mode, counts, alarms.
    Status,
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
        Command::Token(cmd) => admin::token(&ctx, cmd).await,
        Command::Whoami => admin::whoami(&ctx).await,
        Command::Status => admin::status(&ctx).await,
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
