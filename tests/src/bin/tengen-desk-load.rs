//! `tengen-desk-load`: registration desks writing without pause against a server list, through the desks' own
//! client (`tengen_client::Desk`: retries and fail-over over the list with the same request id), recording every
//! acknowledged command, for the partition tests (it runs inside a network namespace; see `tengen_tests::netns`).
//!
//! Every desk registers `PREFIX<d>x<i>` (i = 0, 1, …) with request id `PREFIX-<d>-<i>`, one command after the
//! other. A command is resent with the same request id until it is acknowledged; a refusal (bad input,
//! permission, …) skips it. The out file gets, each written and flushed at once, so a killed load leaves a
//! complete record:
//!
//! ```text
//! REQUEST_ID PARTICIPANT_ID FAMILY_NAME                       one acknowledged command
//! # UNIX_MS DESK REQUEST_ID CODE SERVER MESSAGE               one failed attempt (request id `-` for a connection)
//! ```
//!
//! CODE is the gRPC code in upper case (`UNAVAILABLE`, …), `DEADLINE_EXCEEDED` when no answer came within
//! `--attempt-timeout-ms` (the attempt is then retried), `UNREACHABLE` when connecting failed, `ABANDONED` for a
//! command still unanswered `--grace-ms` after the stop. Stops on SIGTERM or SIGINT (or after `--seconds`, or
//! when its parent process dies): no new command starts, in-flight ones finish, exit 0.

use std::fs::File;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

use anyhow::{bail, Context as _};
use clap::Parser;
use tengen_client::error::is_refusal_code;
use tengen_client::{ClientError, ConnSettings, Desk, RequestId};
use tengen_proto::v1 as pb;
use tokio::sync::watch;
use tonic::{Code, Status};

/// Registration desks writing without pause; every acknowledged command is a line of --out.
#[derive(Debug, Parser)]
#[command(name = "tengen-desk-load")]
struct Args {
    /// A server URL, e.g. https://10.77.0.1:7443 (repeatable; the desks' server list, in order).
    #[arg(long = "server", required = true)]
    servers: Vec<String>,
    /// The venue CA certificate (PEM).
    #[arg(long)]
    ca: Option<PathBuf>,
    /// Tokens, one per line: desk d uses line d modulo the number of lines (one line: shared by every desk).
    #[arg(long)]
    token_file: PathBuf,
    /// How many desks write at the same time, each on its own connection.
    #[arg(long, default_value_t = 1)]
    desks: u32,
    /// Makes names and request ids unique per run (no whitespace).
    #[arg(long)]
    prefix: String,
    /// Enter every registration into this tournament.
    #[arg(long)]
    tournament: Option<u64>,
    /// The record of acknowledged commands and failed attempts (appended to).
    #[arg(long)]
    out: PathBuf,
    /// Stop after this many seconds (default: run until SIGTERM or SIGINT).
    #[arg(long)]
    seconds: Option<f64>,
    /// An attempt without an answer for this long is recorded as DEADLINE_EXCEEDED and retried (same request
    /// id). Keep it above the servers' own lease so their UNAVAILABLE is what gets recorded.
    #[arg(long, default_value_t = 5000)]
    attempt_timeout_ms: u64,
    /// After the stop, how long an in-flight command may still take before it is abandoned.
    #[arg(long, default_value_t = 5000)]
    grace_ms: u64,
}

/// The out file, shared by the desks: one `write` per line.
#[derive(Clone)]
struct Out(Arc<Mutex<File>>);

impl Out {
    fn line(&self, line: String) {
        let mut file = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
            eprintln!("tengen-desk-load: cannot write the out file: {e}");
        }
    }

    fn ack(&self, id: &RequestId, participant: u64, family: &str) {
        self.line(format!("{id} {participant} {family}\n"));
    }

    fn failure(&self, desk: u32, id: &str, code: &str, server: &str, message: &str) {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let message = message.replace(['\n', '\r'], " ");
        self.line(format!("# {ms} {desk} {id} {code} {server} {message}\n"));
    }
}

/// What every desk shares.
struct Load {
    args: Args,
    tokens: Vec<String>,
    out: Out,
    /// When the stop came (SIGTERM, SIGINT, --seconds), once it came.
    stop: watch::Receiver<Option<Instant>>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tengen-desk-load: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen-desk-load: {e:#}");
            ExitCode::from(1)
        }
    }
}

async fn run(args: Args) -> anyhow::Result<()> {
    if args.prefix.is_empty() || args.prefix.contains(char::is_whitespace) {
        bail!("--prefix must be non-empty without whitespace");
    }
    let tokens: Vec<String> = std::fs::read_to_string(&args.token_file)
        .with_context(|| format!("reading {}", args.token_file.display()))?
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    if tokens.is_empty() {
        bail!("{} holds no token", args.token_file.display());
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out.display()))?;
    let (stop_tx, stop) = watch::channel(None);
    let mut sigterm = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let seconds = args.seconds;
    tokio::spawn(async move {
        let deadline = async {
            match seconds {
                Some(s) => tokio::time::sleep(Duration::from_secs_f64(s.max(0.0))).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = sigterm.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
            () = deadline => {}
            () = orphaned() => {}
        }
        let _ = stop_tx.send(Some(Instant::now()));
    });
    eprintln!(
        "tengen-desk-load: {} desks, prefix {}, servers {}",
        args.desks,
        args.prefix,
        args.servers.join(",")
    );
    let load = Arc::new(Load {
        tokens,
        out: Out(Arc::new(Mutex::new(file))),
        stop,
        args,
    });
    let desks: Vec<_> = (0..load.args.desks)
        .map(|d| tokio::spawn(desk(load.clone(), d)))
        .collect();
    let mut acked = 0;
    for d in desks {
        acked += d.await.context("a desk task failed")?;
    }
    eprintln!("tengen-desk-load: stopped, {acked} commands acknowledged");
    Ok(())
}

/// Resolves once the process that started this one is gone (a test killed with SIGKILL): a load nobody reads
/// must not write on forever.
async fn orphaned() {
    let parent = std::os::unix::process::parent_id();
    while std::os::unix::process::parent_id() == parent {
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// One desk: connects, then registers one player after the other until the stop. Answers how many were
/// acknowledged.
async fn desk(load: Arc<Load>, d: u32) -> u64 {
    let args = &load.args;
    let settings = ConnSettings {
        servers: args.servers.clone(),
        ca: args.ca.clone(),
        token: Some(load.tokens[d as usize % load.tokens.len()].clone()),
        operator: format!("load-{d}"),
    };
    let desk = loop {
        if load.stop.borrow().is_some() {
            return 0;
        }
        match Desk::connect(&settings).await {
            Ok(desk) => break desk,
            Err(e) => {
                load.out.failure(d, "-", "UNREACHABLE", "-", &e.to_string());
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    };
    let mut acked = 0;
    let mut i = 0u64;
    while load.stop.borrow().is_none() {
        let id = RequestId::from_text(&format!("{}-{d}-{i}", args.prefix));
        let family = format!("{}{d}x{i}", args.prefix);
        let request = pb::RegisterParticipantRequest {
            meta: None,
            fields: Some(pb::ParticipantFields {
                family_name: family.clone(),
                given_name: "Load".into(),
                rank: "5k".into(),
                ..Default::default()
            }),
            enter: args
                .tournament
                .map(|t| pb::EnterSpec {
                    tournament_id: t,
                    rounds: vec![],
                })
                .into_iter()
                .collect(),
            check_in: false,
            different_person: false,
        };
        // The same command, same request id, until it is answered: also after the stop, within the grace.
        loop {
            match command(&load, &desk, d, &id, request.clone()).await {
                Some(Ok(participant)) => {
                    load.out.ack(&id, participant.id, &family);
                    acked += 1;
                    break;
                }
                Some(Err(e)) if e.status().is_some_and(|s| is_refusal_code(s.code())) => {
                    // Refused, so not applied: on to the next one (each attempt is already recorded).
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    break;
                }
                Some(Err(_)) => tokio::time::sleep(Duration::from_millis(100)).await,
                None => return acked,
            }
        }
        i += 1;
    }
    acked
}

/// Sends one command through the client (its retries and fail-over included), recording every failed attempt.
/// `None` when it was abandoned after the stop.
async fn command(
    load: &Load,
    desk: &Desk,
    d: u32,
    id: &RequestId,
    request: pb::RegisterParticipantRequest,
) -> Option<Result<pb::Participant, ClientError>> {
    let timeout = Duration::from_millis(load.args.attempt_timeout_ms);
    let out = &load.out;
    let sent = desk.command(id, request, |mut c, r| async move {
        let server = c.server();
        let answer = match tokio::time::timeout(timeout, c.register.register_participant(r)).await {
            Ok(answer) => answer,
            Err(_) => {
                let message = format!("no answer within {} ms", timeout.as_millis());
                out.failure(d, id.as_str(), "DEADLINE_EXCEEDED", &server, &message);
                // A lost connection for the client: retried (and failed over) with the same request id.
                return Err(Status::unavailable(message));
            }
        };
        if let Err(status) = &answer {
            out.failure(
                d,
                id.as_str(),
                &code_name(status.code()),
                &server,
                status.message(),
            );
        }
        answer
    });
    let mut stop = load.stop.clone();
    let grace = Duration::from_millis(load.args.grace_ms);
    let abandon = async move {
        let stopped_at = match stop.wait_for(Option::is_some).await {
            Ok(at) => *at,
            Err(_) => None,
        };
        match stopped_at {
            Some(at) => tokio::time::sleep_until(at + grace).await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        answer = sent => Some(answer),
        () = abandon => {
            let message = format!("no answer {} ms after the stop", grace.as_millis());
            out.failure(d, id.as_str(), "ABANDONED", &desk.server(), &message);
            None
        }
    }
}

/// `DeadlineExceeded` → `DEADLINE_EXCEEDED`.
fn code_name(code: Code) -> String {
    let mut name = String::new();
    for (k, c) in format!("{code:?}").chars().enumerate() {
        if c.is_ascii_uppercase() && k > 0 {
            name.push('_');
        }
        name.push(c.to_ascii_uppercase());
    }
    name
}
