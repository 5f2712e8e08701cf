//! The `tengen-server` command line: flags, start-up messages, signals. The binary edge: errors are `anyhow`.
//! `admin`: the administration sub-commands; `replay`: `replay-opengotha`.

pub(crate) mod admin;
pub(crate) mod replay;
pub(crate) mod take_over;

use crate::{prepare, serve, AddressFlags, Config, QuorumFlags, VenueAddress};
use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Tengen's tournament server.
#[derive(Debug, Parser)]
#[command(name = "tengen-server", version, about)]
pub struct Cli {
    /// Data directory (sled log, venue CA, director token); created on first start.
    #[arg(
        long,
        env = "TENGEN_DATA",
        default_value = "./tengen-data",
        global = true
    )]
    pub data: PathBuf,
    /// Address to listen on; use 0.0.0.0:7443 for the venue LAN.
    #[arg(long, env = "TENGEN_LISTEN", default_value = "127.0.0.1:7443")]
    pub listen: SocketAddr,
    /// Extra name or address the server certificate must cover (repeatable), e.g. the LAN address.
    #[arg(long = "san")]
    pub san: Vec<String>,
    /// Also serve the public board (pairings, standings, players; no desk page, no gRPC) over plain HTTP on this
    /// address, e.g. 0.0.0.0:8080: players' phones do not trust the venue CA.
    #[arg(long, env = "TENGEN_PUBLIC_HTTP")]
    pub public_http: Option<SocketAddr>,
    /// Serve plaintext gRPC without TLS. Development only: never at a venue.
    #[arg(long)]
    pub insecure_dev: bool,
    /// The address the desks' tablets open, e.g. https://192.168.1.10:7443 (default: the first --san and the
    /// --listen port). Terminal cards and the first start's sign-in address use it; the certificate covers it.
    #[arg(long, env = "TENGEN_DESK_URL", value_name = "URL")]
    pub desk_url: Option<String>,
    /// The address phones open for the board, e.g. http://192.168.1.10:8080 (default: the desks' host and the
    /// --public-http port). The trust guide on terminal cards is there.
    #[arg(long, env = "TENGEN_BOARD_URL", value_name = "URL")]
    pub board_url: Option<String>,
    /// Also print the director's sign-in address as a QR code in the terminal (scan it with the director's
    /// tablet).
    #[arg(long)]
    pub qr: bool,
    /// The replica token file every machine of a venue shares (a token with the replica role).
    #[arg(long, env = "TENGEN_REPLICA_TOKEN_FILE")]
    pub replica_token_file: Option<PathBuf>,
    /// A voter of a quorum venue (three servers: two laptops and a witness; or one voter and a --learner; repeat for each, this one included),
    /// as NUMBER=URL, e.g. `--voter 1=https://10.0.0.1:7443`. A command is acknowledged once a majority holds it;
    /// fail-over is automatic. Needs --node-id and --replica-token-file.
    #[arg(long = "voter", value_name = "N=URL")]
    pub voters: Vec<String>,
    /// A learner the venue starts with, as NUMBER=URL: the second laptop of a venue without a witness
    /// (`--voter 1=URL --learner 2=URL`). It keeps a copy and serves the board; if the voter dies, `take-over`
    /// makes it the voter. Repeat for each; this server may be one.
    #[arg(long = "learner", value_name = "N=URL")]
    pub learners: Vec<String>,
    /// This server's number among the --voter (or --learner) list.
    #[arg(long)]
    pub node_id: Option<u64>,
    /// This voter is the witness (say it on every voter: `--witness 3`): it votes and keeps the log, never takes
    /// desks' writes, and hands leadership to a laptop that has caught up.
    #[arg(long = "witness", value_name = "N")]
    pub witnesses: Vec<u64>,
    /// On a quorum venue: a Raft snapshot every this many Raft entries (each a group commit); Raft's log behind
    /// it is purged, so each entry stays on disk once, in Tengen's log. A machine far behind gets the snapshot.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub compact_every: u64,
    /// A snapshot of the register every this many log entries: a restart replays at most this many.
    #[arg(long, default_value_t = crate::log::writer::SNAPSHOT_EVERY, value_parser = clap::value_parser!(u64).range(1..))]
    pub snapshot_every: u64,
    /// What to do (default: serve).
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

/// Sub-commands besides serving.
#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Serve the register (the default).
    Serve,
    /// With the server stopped: make this machine (--node-id) the venue's only voter, when the venue's voter (or
    /// two of three) is gone for good. Refuses while a lost voter still answers. Says what it costs.
    TakeOver {
        /// Go on even though a lost voter still answers (it can never reach this machine again).
        #[arg(long)]
        even_if_reachable: bool,
    },
    /// Write a backup (the log and a state snapshot) to one file: from a running server (--server) or from a
    /// stopped server's data directory (--data).
    Backup {
        /// Where to write.
        #[arg(long)]
        out: PathBuf,
        /// A running server's address; without it, read DATA directly (the server must be stopped).
        #[arg(long)]
        server: Option<String>,
        /// A director token file (default: DATA/director.token).
        #[arg(long)]
        token_file: Option<PathBuf>,
    },
    /// Rebuild a new data directory (--data) from a backup file.
    Restore {
        /// The backup file.
        #[arg(long)]
        from: PathBuf,
    },
    /// Certificates: `cert issue --name HOST --out DIR` prepares a standby's data directory with the venue CA, so
    /// desks trust both servers with one ca.pem.
    Cert {
        /// What to do.
        #[command(subcommand)]
        action: CertCmd,
    },
    /// Terminal tokens on the server machine itself: `token reset` when the director's token is lost.
    Token {
        /// What to do.
        #[command(subcommand)]
        action: TokenCmd,
    },
    /// Print the public board's QR code for the hall poster: in the terminal, or an A4 SVG poster
    /// (`--svg > poster.svg`). Phones open the plain-HTTP public port (--public-http).
    BoardQr {
        /// The address phones open, e.g. http://192.168.1.10:8080/ (the LAN address and the --public-http port).
        #[arg(long)]
        url: String,
        /// Print a standalone SVG poster instead of the terminal code.
        #[arg(long)]
        svg: bool,
    },
    /// Replay an OpenGotha tournament file round by round with the `egf` profile and compare with its pairings.
    ReplayOpengotha {
        /// The OpenGotha XML file.
        file: PathBuf,
        /// A folder of OpenGotha per-pair cost dumps (`<name>_weights_R<n>.txt`) to compare pair by pair.
        #[arg(long)]
        weights: Option<PathBuf>,
    },
}

/// Certificate actions.
#[derive(Debug, Subcommand)]
pub enum CertCmd {
    /// Copy the venue CA from DATA into OUT and sign a certificate for HOST there.
    Issue {
        /// The standby's host name or address (repeatable).
        #[arg(long, required = true)]
        name: Vec<String>,
        /// The standby's new data directory.
        #[arg(long)]
        out: PathBuf,
    },
}

/// Token actions that need shell access to the server machine.
#[derive(Debug, Subcommand)]
pub enum TokenCmd {
    /// With the server stopped: revoke every director token, make a new one, write it to DATA/director.token and
    /// print it. Recorded in the log like any change (terminal `offline-reset`).
    Reset,
}

/// Runs the command line; returns the process exit code.
pub fn main() -> anyhow::Result<i32> {
    // Before any thread starts: the only time the local offset can be read safely.
    crate::read_venue_offset();
    let cli = Cli::parse();
    match cli.command {
        Some(Cmd::ReplayOpengotha {
            ref file,
            ref weights,
        }) => crate::cli::replay::replay_opengotha(file, weights.as_deref()),
        Some(Cmd::Backup {
            ref out,
            ref server,
            ref token_file,
        }) => {
            let runtime = runtime()?;
            runtime.block_on(crate::cli::admin::backup(
                &cli.data,
                out,
                server.as_deref(),
                token_file.as_deref(),
            ))
        }
        Some(Cmd::TakeOver { even_if_reachable }) => {
            crate::cli::take_over::run(&cli.data, cli.node_id, even_if_reachable)
        }
        Some(Cmd::Restore { ref from }) => crate::cli::admin::restore(&cli.data, from),
        Some(Cmd::BoardQr { ref url, svg }) => {
            print!("{}", crate::board_qr::render(url, svg)?);
            Ok(0)
        }
        Some(Cmd::Cert {
            action: CertCmd::Issue { ref name, ref out },
        }) => crate::cli::admin::cert_issue(&cli.data, name, out),
        Some(Cmd::Token {
            action: TokenCmd::Reset,
        }) => crate::cli::admin::token_reset(&cli.data),
        Some(Cmd::Serve) | None => {
            init_tracing();
            let runtime = runtime()?;
            let served = runtime.block_on(serve_main(cli));
            // A storage call stuck on a dead disk must not hold the process (dropping the runtime could wait on
            // it again): the server has said why; leave at once.
            if let Err(e) = &served {
                if let Some(stuck @ crate::ServerError::StorageStuck(_)) = e.downcast_ref() {
                    eprintln!("tengen-server: {stuck}");
                    std::process::exit(3);
                }
            }
            // Tasks still running (Raft's, a connection's) get half a second: the server stops within 2 s.
            runtime.shutdown_timeout(std::time::Duration::from_millis(500));
            served?;
            Ok(0)
        }
    }
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
}

/// Logs go to stdout, in colour only on a terminal (never into a file or journald) and never with `NO_COLOR` set.
fn init_tracing() {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let colour = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(colour)
        .try_init();
}

async fn serve_main(cli: Cli) -> anyhow::Result<()> {
    let replica_token = match &cli.replica_token_file {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?
                .trim()
                .to_string(),
        ),
        None => None,
    };
    let quorum = quorum_flags(&cli, replica_token.as_deref())?;
    let listener = tokio::net::TcpListener::bind(cli.listen).await?;
    let addr = listener.local_addr()?;
    let board = match cli.public_http {
        Some(board) => Some(tokio::net::TcpListener::bind(board).await?),
        None => None,
    };
    let host_name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let address = VenueAddress::derive(&AddressFlags {
        listen: Some(addr),
        public_http: board.as_ref().map(|b| b.local_addr()).transpose()?,
        sans: &cli.san,
        desk_url: cli.desk_url.as_deref(),
        board_url: cli.board_url.as_deref(),
        tls: !cli.insecure_dev,
        host_name: Some(host_name.trim()),
    })?;
    let config = Config {
        quorum,
        data_dir: cli.data.clone(),
        insecure_dev: cli.insecure_dev,
        extra_names: cli.san.clone(),
        snapshot_every: cli.snapshot_every,
        address: Some(address.clone()),
    };
    let mut prepared = prepare(&config, addr).await?;
    if let Some(board) = board {
        println!(
            "public board (phones, no login) on http://{}/ : phones open {}/",
            board.local_addr()?,
            address.board
        );
        prepared.public_board = Some(board);
    }
    let scheme = if prepared.tls.is_some() {
        "https"
    } else {
        "http"
    };
    println!(
        "tengen-server listening on {scheme}://{addr} (data in {})",
        config.data_dir.display()
    );
    println!(
        "{} log entries; replayed {} after the snapshot",
        prepared.entries, prepared.replayed
    );
    println!("mode: {}", prepared.mode());
    match &prepared.tls {
        Some(tls) => {
            println!("venue CA certificate: {}", tls.ca_path.display());
            println!("venue CA SHA-256 fingerprint: {}", tls.ca_fingerprint);
        }
        None => println!("WARNING: --insecure-dev: plaintext, no TLS. Never use this at a venue."),
    }
    if let Some(token) = &prepared.new_director_token {
        println!(
            "director token (shown once, also in {}): {token}",
            prepared.director_token_path.display()
        );
    }
    print_sign_in(&address, prepared.new_director_token.as_deref(), cli.qr);
    serve(listener, prepared, shutdown_signal()).await?;
    println!("tengen-server stopped cleanly");
    Ok(())
}

/// Where the desks sign in (the director's own address with the token on a first start, shown once like the
/// token), a QR code of it with `--qr`, and the trust guide when devices need the venue CA.
fn print_sign_in(address: &VenueAddress, first_token: Option<&str>, qr: bool) {
    let url = match first_token {
        Some(token) => {
            let url = address.director_sign_in(token);
            println!("director: sign in at {url}");
            url
        }
        None => {
            let url = address.sign_in_page();
            println!("desks sign in at {url}");
            url
        }
    };
    if address.desk.starts_with("https://") {
        println!(
            "tablets that do not trust the venue yet: {} (the CA and a guide per device)",
            address.trust()
        );
    }
    if address.is_loopback() {
        println!(
            "note: {} is this machine only; for tablets give --san ADDRESS (the laptop's venue address) or \
             --desk-url https://ADDRESS:PORT",
            address.desk
        );
    }
    if address.host_name_guessed {
        println!(
            "note: {} names this machine by its host name because the server listens on every interface; \
             tablets on the venue Wi-Fi may not find that name: give --san ADDRESS (the laptop's venue \
             address) or --desk-url https://ADDRESS:PORT",
            address.desk
        );
    }
    if qr {
        match crate::board_qr::render(&url, false) {
            Ok(code) => print!("{code}"),
            Err(e) => eprintln!("no QR code: {e}"),
        }
    }
}

/// The quorum flags, checked: three (or five) voters as N=URL, this server among them, a replica secret.
fn quorum_flags(cli: &Cli, secret: Option<&str>) -> anyhow::Result<Option<QuorumFlags>> {
    if cli.voters.is_empty() {
        if cli.node_id.is_some() || !cli.witnesses.is_empty() || !cli.learners.is_empty() {
            anyhow::bail!(
                "--node-id, --witness and --learner go with --voter N=URL (one for each voter of the venue)"
            );
        }
        return Ok(None);
    }
    let voters = numbered("--voter", &cli.voters)?;
    let learners = numbered("--learner", &cli.learners)?;
    if let Some(both) = learners.keys().find(|n| voters.contains_key(n)) {
        anyhow::bail!("machine {both} is given both as --voter and as --learner");
    }
    if voters.len() % 2 == 0 {
        anyhow::bail!(
            "--voter: {} voters cannot outvote a split; use three (two laptops and a witness), or one voter and \
             a --learner",
            voters.len()
        );
    }
    let Some(id) = cli.node_id else {
        anyhow::bail!("--voter needs --node-id (this server's number in the list)");
    };
    if !voters.contains_key(&id) && !learners.contains_key(&id) {
        anyhow::bail!("--node-id {id} is not among the --voter or --learner numbers");
    }
    if let Some(w) = cli.witnesses.iter().find(|w| !voters.contains_key(w)) {
        anyhow::bail!("--witness {w} is not among the --voter numbers");
    }
    let Some(secret) = secret else {
        anyhow::bail!("--voter needs --replica-token-file (the same file on every voter)");
    };
    Ok(Some(QuorumFlags {
        id,
        voters,
        learners,
        witnesses: cli.witnesses.clone(),
        secret: secret.to_string(),
        compact_every: cli.compact_every,
    }))
}

/// Machines given as NUMBER=URL under `flag`, by number.
fn numbered(
    flag: &str,
    given: &[String],
) -> anyhow::Result<std::collections::BTreeMap<u64, String>> {
    let mut machines = std::collections::BTreeMap::new();
    for v in given {
        let Some((n, url)) = v.split_once('=') else {
            anyhow::bail!("{flag} {v:?}: write NUMBER=URL, e.g. {flag} 2=https://10.0.0.2:7443");
        };
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{flag} {v:?}: the number before = must be 1, 2, 3…"))?;
        if machines.insert(n, url.trim().to_string()).is_some() {
            anyhow::bail!("{flag} {n} is given twice");
        }
    }
    Ok(machines)
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutting down");
}
