//! The `tengen-server` command line: flags, start-up messages, signals. The binary edge: errors are `anyhow`.

use crate::{prepare, serve, Config};
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
    /// Serve plaintext gRPC without TLS. Development only: never at a venue.
    #[arg(long)]
    pub insecure_dev: bool,
    /// What to do (default: serve).
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

/// Sub-commands besides serving.
#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Serve the register (the default).
    Serve,
    /// Replay an OpenGotha tournament file round by round with the `egf` profile and compare with its pairings.
    ReplayOpengotha {
        /// The OpenGotha XML file.
        file: PathBuf,
        /// A folder of OpenGotha per-pair cost dumps (`<name>_weights_R<n>.txt`) to compare pair by pair.
        #[arg(long)]
        weights: Option<PathBuf>,
    },
}

/// Runs the command line; returns the process exit code.
pub fn main() -> anyhow::Result<i32> {
    let cli = Cli::parse();
    match cli.command {
        Some(Cmd::ReplayOpengotha {
            ref file,
            ref weights,
        }) => crate::cli_replay::replay_opengotha(file, weights.as_deref()),
        Some(Cmd::Serve) | None => {
            init_tracing();
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            runtime.block_on(serve_main(cli))?;
            Ok(0)
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .try_init();
}

async fn serve_main(cli: Cli) -> anyhow::Result<()> {
    let config = Config {
        data_dir: cli.data.clone(),
        insecure_dev: cli.insecure_dev,
        extra_names: cli.san.clone(),
    };
    let listener = tokio::net::TcpListener::bind(cli.listen).await?;
    let addr = listener.local_addr()?;
    let prepared = prepare(&config, addr).await?;
    let scheme = if prepared.tls.is_some() {
        "https"
    } else {
        "http"
    };
    println!(
        "tengen-server listening on {scheme}://{addr} (data in {})",
        config.data_dir.display()
    );
    println!("replayed {} log entries", prepared.replayed);
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
    serve(listener, prepared, shutdown_signal()).await?;
    println!("tengen-server stopped cleanly");
    Ok(())
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
