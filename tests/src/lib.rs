//! The venue harness for Tengen's end-to-end tests: a real `tengen-server` process on a free port, real TLS with
//! the venue CA it creates, a temporary sled directory, and desks connected over gRPC with their own tokens.
//!
//! A test reads like a day at a congress:
//!
//! ```no_run
//! # async fn day() -> anyhow::Result<()> {
//! use tengen_tests::{pb, player, Venue};
//! let mut venue = Venue::start().await?;
//! let director = venue.director().await?;
//! let desk = venue.desk("reg-1", pb::Role::Registration).await?;
//! let p = desk.register_player(player("Côté", "Élise", "2d"), vec![]).await?;
//! venue.kill9()?;
//! venue.restart().await?;
//! assert_eq!(director.reconnect(&venue).await?.get(p.id).await?, p);
//! # Ok(()) }
//! ```
//!
//! `Venue::start_public()` also opens the public web board on a plain-HTTP port (`--public-http`); [`web`] is an
//! HTTP client for its pages and live stream, [`browser`] a phone-sized headless Chromium to look at them, and
//! [`board`] a congress to show on it and helpers to read its pages.
//!
//! The server binary is `tengen-server-under-test` from this crate (the real `tengen_server::cli::main`), found
//! next to the test executable. Its stdout and stderr go to a log file shown when a test panics.

use anyhow::{anyhow, bail, Context as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tonic::metadata::{Ascii, MetadataValue};
use tonic::service::interceptor::InterceptedService;
use tonic::service::Interceptor;
use tonic::transport::{Certificate, Channel, ClientTlsConfig};
use tonic::{Code, Request, Status};

use pb::admin_client::AdminClient;
use pb::log_client::LogClient;
use pb::register_client::RegisterClient;
use pb::results_client::ResultsClient;
use pb::rounds_client::RoundsClient;
pub use tengen_proto::v1 as pb;

pub mod board;
pub mod browser;
pub mod netns;
pub mod node;
pub mod quorum;
pub mod web;

use web::WebClient;

/// How long a server may take to start (or restart) and accept a TLS call.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

/// Adds `authorization: Bearer <token>` (or a raw header, or nothing) to every call.
#[derive(Clone)]
pub struct Bearer(Option<MetadataValue<Ascii>>);

impl Bearer {
    /// The header for a token secret.
    pub fn token(secret: &str) -> Bearer {
        Bearer::raw(&format!("Bearer {secret}"))
    }

    /// An arbitrary `authorization` value (for malformed-header tests).
    pub fn raw(value: &str) -> Bearer {
        Bearer(Some(value.parse().expect("an ASCII authorization header")))
    }

    /// No `authorization` header at all.
    pub fn none() -> Bearer {
        Bearer(None)
    }
}

impl Interceptor for Bearer {
    fn call(&mut self, mut req: Request<()>) -> Result<Request<()>, Status> {
        if let Some(v) = &self.0 {
            req.metadata_mut().insert("authorization", v.clone());
        }
        Ok(req)
    }
}

/// A channel with the bearer header.
pub type Authed = InterceptedService<Channel, Bearer>;

/// One terminal at the venue: a connection of its own and the three services, all sending its token.
#[derive(Clone)]
pub struct Desk {
    /// The terminal name its token was created with.
    pub name: String,
    /// The token secret.
    pub token: String,
    /// `tengen.v1.Register`.
    pub register: RegisterClient<Authed>,
    /// `tengen.v1.Admin`.
    pub admin: AdminClient<Authed>,
    /// `tengen.v1.Log`.
    pub log: LogClient<Authed>,
}

/// A fresh request meta with a random request id.
pub fn meta() -> Option<pb::RequestMeta> {
    meta_id(&request_id())
}

/// A request meta with a given request id (for retries).
pub fn meta_id(id: &str) -> Option<pb::RequestMeta> {
    Some(pb::RequestMeta {
        request_id: id.to_string(),
        operator: "e2e".into(),
    })
}

/// A fresh random request id.
pub fn request_id() -> String {
    format!("e2e-{:032x}", rand::random::<u128>())
}

/// A valid participant with the given names and rank and nothing else.
pub fn player(family: &str, given: &str, rank: &str) -> pb::ParticipantFields {
    pb::ParticipantFields {
        family_name: family.into(),
        given_name: given.into(),
        rank: rank.into(),
        ..Default::default()
    }
}

/// Every round of a tournament.
pub fn enter(tournament_id: u64) -> pb::EnterSpec {
    pb::EnterSpec {
        tournament_id,
        rounds: vec![],
    }
}

/// The gRPC code of a result, `Ok` when it succeeded.
pub fn code_of<T>(r: &Result<T, Status>) -> Code {
    match r {
        Ok(_) => Code::Ok,
        Err(s) => s.code(),
    }
}

impl Desk {
    /// Connects over TLS to `venue` with `token`.
    pub async fn connect(venue: &Venue, name: &str, token: &str) -> anyhow::Result<Desk> {
        let channel = tls_channel(&venue.url(), venue.ca_pem()?, "localhost").await?;
        Ok(Desk::over(channel, name, token))
    }

    /// The three clients over an existing channel.
    pub fn over(channel: Channel, name: &str, token: &str) -> Desk {
        let bearer = Bearer::token(token);
        Desk {
            name: name.to_string(),
            token: token.to_string(),
            register: RegisterClient::with_interceptor(channel.clone(), bearer.clone()),
            admin: AdminClient::with_interceptor(channel.clone(), bearer.clone()),
            log: LogClient::with_interceptor(channel, bearer),
        }
    }

    /// The same terminal on a new connection (after a restart).
    pub async fn reconnect(&self, venue: &Venue) -> anyhow::Result<Desk> {
        Desk::connect(venue, &self.name, &self.token).await
    }

    /// Registers a participant with a fresh request id.
    pub async fn register_player(
        &self,
        fields: pb::ParticipantFields,
        enter: Vec<pb::EnterSpec>,
    ) -> Result<pb::Participant, Status> {
        self.register_with_id(&request_id(), fields, enter).await
    }

    /// Registers a participant with a given request id.
    pub async fn register_with_id(
        &self,
        id: &str,
        fields: pb::ParticipantFields,
        enter: Vec<pb::EnterSpec>,
    ) -> Result<pb::Participant, Status> {
        let req = pb::RegisterParticipantRequest {
            meta: meta_id(id),
            fields: Some(fields),
            enter,
            ..Default::default()
        };
        Ok(self
            .register
            .clone()
            .register_participant(req)
            .await?
            .into_inner())
    }

    /// Replaces a participant's fields, expecting `revision`.
    pub async fn update_player(
        &self,
        id: u64,
        revision: u64,
        fields: pb::ParticipantFields,
    ) -> Result<pb::Participant, Status> {
        let req = pb::UpdateParticipantRequest {
            meta: meta(),
            id,
            expected_revision: revision,
            fields: Some(fields),
            different_person: false,
        };
        Ok(self
            .register
            .clone()
            .update_participant(req)
            .await?
            .into_inner())
    }

    /// One participant.
    pub async fn get(&self, id: u64) -> Result<pb::Participant, Status> {
        Ok(self
            .register
            .clone()
            .get_participant(pb::GetParticipantRequest { id })
            .await?
            .into_inner())
    }

    /// Every participant, following the pages.
    pub async fn list_all(&self) -> Result<Vec<pb::Participant>, Status> {
        let mut all = Vec::new();
        let mut after_id = 0;
        loop {
            let page = self
                .register
                .clone()
                .list_participants(pb::ListParticipantsRequest {
                    after_id,
                    ..Default::default()
                })
                .await?
                .into_inner();
            all.extend(page.participants);
            if page.next_after_id == 0 {
                return Ok(all);
            }
            after_id = page.next_after_id;
        }
    }

    /// Participants whose names start with `query` (at most 500).
    pub async fn find(&self, query: &str) -> Result<Vec<pb::Participant>, Status> {
        let req = pb::FindParticipantsRequest {
            query: query.into(),
            limit: 500,
        };
        Ok(self
            .register
            .clone()
            .find_participants(req)
            .await?
            .into_inner()
            .participants)
    }

    /// Creates a tournament of `rounds` rounds (director).
    pub async fn create_tournament(
        &self,
        name: &str,
        rounds: u32,
    ) -> Result<pb::Tournament, Status> {
        let req = pb::CreateTournamentRequest {
            meta: meta(),
            settings: Some(pb::TournamentSettings {
                name: name.into(),
                rounds,
                pairing_system: "mcmahon".into(),
                ..Default::default()
            }),
        };
        Ok(self
            .register
            .clone()
            .create_tournament(req)
            .await?
            .into_inner())
    }

    /// Opens or closes registration for a tournament (director).
    pub async fn set_registration_open(
        &self,
        tournament_id: u64,
        open: bool,
    ) -> Result<pb::Tournament, Status> {
        let req = pb::SetRegistrationOpenRequest {
            meta: meta(),
            tournament_id,
            open,
            expected_revision: 0,
        };
        Ok(self
            .register
            .clone()
            .set_registration_open(req)
            .await?
            .into_inner())
    }

    /// Creates a terminal token (director): its public record and the secret.
    pub async fn create_token(
        &self,
        name: &str,
        role: pb::Role,
    ) -> Result<(pb::TokenInfo, String), Status> {
        let req = pb::CreateTokenRequest {
            meta: meta(),
            name: name.into(),
            role: role as i32,
        };
        let r = self.admin.clone().create_token(req).await?.into_inner();
        let info = r
            .info
            .ok_or_else(|| Status::internal("CreateToken answered without info"))?;
        Ok((info, r.token))
    }

    /// Revokes a token (director).
    pub async fn revoke_token(&self, id: u64) -> Result<pb::TokenInfo, Status> {
        let req = pb::RevokeTokenRequest { meta: meta(), id };
        Ok(self.admin.clone().revoke_token(req).await?.into_inner())
    }

    /// The server's status.
    pub async fn status(&self) -> Result<pb::StatusResponse, Status> {
        Ok(self
            .admin
            .clone()
            .status(pb::StatusRequest {})
            .await?
            .into_inner())
    }

    /// The sequence number of the last durable log entry.
    pub async fn last_seq(&self) -> Result<u64, Status> {
        Ok(self.status().await?.last_seq)
    }

    /// Who the server thinks this desk is.
    pub async fn who_am_i(&self) -> Result<pb::WhoAmIResponse, Status> {
        Ok(self
            .admin
            .clone()
            .who_am_i(pb::WhoAmIRequest {})
            .await?
            .into_inner())
    }

    /// Opens `Watch` from `from_seq`.
    pub async fn watch(&self, from_seq: u64) -> Result<tonic::Streaming<pb::LogEntry>, Status> {
        Ok(self
            .log
            .clone()
            .watch(pb::WatchRequest { from_seq })
            .await?
            .into_inner())
    }

    /// Reads the log from 1 up to and including `last`, failing if the stream ends or stalls first.
    pub async fn read_log(&self, last: u64) -> anyhow::Result<Vec<pb::LogEntry>> {
        let mut stream = self.watch(1).await?;
        let mut entries = Vec::new();
        while entries.len() < last as usize {
            let next = tokio::time::timeout(Duration::from_secs(10), stream.message())
                .await
                .with_context(|| {
                    format!("Watch stalled after {} of {last} entries", entries.len())
                })??;
            entries.push(
                next.ok_or_else(|| {
                    anyhow!("Watch ended after {} of {last} entries", entries.len())
                })?,
            );
        }
        Ok(entries)
    }
}

/// A TLS channel to `url` that trusts `ca_pem` and checks the server's name against `domain`.
pub async fn tls_channel(url: &str, ca_pem: Vec<u8>, domain: &str) -> anyhow::Result<Channel> {
    let tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(ca_pem))
        .domain_name(domain);
    let channel = Channel::from_shared(url.to_string())?
        .tls_config(tls)?
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(30))
        .connect()
        .await
        .with_context(|| format!("connecting to {url}"))?;
    Ok(channel)
}

/// A port that was free a moment ago on 127.0.0.1.
pub fn free_port() -> anyhow::Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

/// The server executable built by this crate, next to the running test executable;
/// `TENGEN_SERVER_UNDER_TEST` overrides it.
pub fn server_binary() -> anyhow::Result<PathBuf> {
    binary_under_test("tengen-server-under-test", "TENGEN_SERVER_UNDER_TEST")
}

/// The `tengen` desk program built by this crate (`tengen-under-test`), next to the running test executable;
/// `TENGEN_UNDER_TEST` overrides it.
pub fn cli_binary() -> anyhow::Result<PathBuf> {
    binary_under_test("tengen-under-test", "TENGEN_UNDER_TEST")
}

/// One of this crate's binaries: `env` if set, else found in the directories above the test executable.
fn binary_under_test(stem: &str, env: &str) -> anyhow::Result<PathBuf> {
    if let Some(path) = std::env::var_os(env) {
        return Ok(path.into());
    }
    let exe = std::env::current_exe()?;
    let name = format!("{stem}{}", std::env::consts::EXE_SUFFIX);
    for dir in exe.ancestors().skip(1).take(3) {
        let candidate = dir.join(&name);
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    bail!(
        "{name} not found near {}: run through `cargo test -p tengen-tests`",
        exe.display()
    )
}

/// A running server: its process, data directory, port and director token.
pub struct Venue {
    root: tempfile::TempDir,
    port: u16,
    insecure: bool,
    /// The plain-HTTP port of the public board (`--public-http`), when started with one.
    public_port: Option<u16>,
    child: Option<Child>,
    director_token: String,
    /// Extra server arguments for every (re)start.
    args: Vec<String>,
    /// Ready once the sign-in page answers over HTTPS, never asking over gRPC ([`Venue::start_for_browser`]).
    browser_only: bool,
}

impl Venue {
    /// Starts a server with TLS on a fresh data directory and waits until it answers the director over TLS.
    pub async fn start() -> anyhow::Result<Venue> {
        Venue::start_with(false, false, &[]).await
    }

    /// Starts a server with `--insecure-dev` (plaintext), to show a plaintext client would work there.
    pub async fn start_insecure() -> anyhow::Result<Venue> {
        Venue::start_with(true, false, &[]).await
    }

    /// Starts a server with TLS and the public board on a plain-HTTP port as well
    /// (`--public-http 127.0.0.1:PORT`), and waits until both answer.
    pub async fn start_public() -> anyhow::Result<Venue> {
        Venue::start_with(false, true, &[]).await
    }

    /// Like [`Venue::start_public`], with extra server arguments from the first start on (e.g. `--san NAME`).
    pub async fn start_public_with(args: &[&str]) -> anyhow::Result<Venue> {
        Venue::start_with(false, true, args).await
    }

    /// Like [`Venue::start_public_with`], but the harness never calls gRPC: the server is ready once
    /// `director.token` exists and the desk sign-in page answers over HTTPS, as a director with only a browser
    /// finds it (issue 34's whole day, which must make no gRPC call at all).
    pub async fn start_for_browser(args: &[&str]) -> anyhow::Result<Venue> {
        Venue::start_probed(false, true, args, true).await
    }

    async fn start_with(insecure: bool, public: bool, args: &[&str]) -> anyhow::Result<Venue> {
        Venue::start_probed(insecure, public, args, false).await
    }

    async fn start_probed(
        insecure: bool,
        public: bool,
        args: &[&str],
        browser_only: bool,
    ) -> anyhow::Result<Venue> {
        let mut last_error = None;
        // The free port may be taken by another test between probing and binding: try a few.
        for _ in 0..4 {
            let mut venue = Venue {
                root: tempfile::Builder::new().prefix("tengen-e2e-").tempdir()?,
                port: free_port()?,
                insecure,
                public_port: if public { Some(free_port()?) } else { None },
                child: None,
                director_token: String::new(),
                args: args.iter().map(|a| a.to_string()).collect(),
                browser_only,
            };
            match venue.spawn_and_wait().await {
                Ok(()) => return Ok(venue),
                Err(e) if venue.logs().contains("Address already in use") => last_error = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last_error.unwrap_or_else(|| anyhow!("no free port")))
    }

    /// A venue whose server has not started yet: a fresh temporary root and a free port. Prepare the data
    /// directory, then start it with [`Venue::restart`].
    pub fn unstarted() -> anyhow::Result<Venue> {
        Ok(Venue {
            root: tempfile::Builder::new().prefix("tengen-e2e-").tempdir()?,
            port: free_port()?,
            insecure: false,
            public_port: None,
            child: None,
            director_token: String::new(),
            args: Vec::new(),
            browser_only: false,
        })
    }

    /// The data directory (sled log, `ca.pem`, `director.token`).
    pub fn data_dir(&self) -> PathBuf {
        self.root.path().join("data")
    }

    fn log_path(&self) -> PathBuf {
        self.root.path().join("server.log")
    }

    /// Everything the server printed (all starts).
    pub fn logs(&self) -> String {
        std::fs::read_to_string(self.log_path()).unwrap_or_default()
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `https://127.0.0.1:PORT` (or `http://` for an insecure server).
    pub fn url(&self) -> String {
        let scheme = if self.insecure { "http" } else { "https" };
        format!("{scheme}://127.0.0.1:{}", self.port)
    }

    /// `http://127.0.0.1:PORT` of the public board's plain-HTTP port.
    ///
    /// # Panics
    /// If the venue was not started with [`Venue::start_public`].
    pub fn public_url(&self) -> String {
        format!("http://{}", self.public_addr())
    }

    /// The public board's plain-HTTP address.
    ///
    /// # Panics
    /// If the venue was not started with [`Venue::start_public`].
    pub fn public_addr(&self) -> std::net::SocketAddr {
        let port = self
            .public_port
            .expect("the venue was started without --public-http: use Venue::start_public");
        ([127, 0, 0, 1], port).into()
    }

    /// An HTTP client for the public board's plain port.
    pub fn public_web(&self) -> WebClient {
        WebClient::plain(self.public_addr())
    }

    /// An HTTPS client for the venue port (the pages next to gRPC), trusting the venue CA.
    pub fn tls_web(&self) -> anyhow::Result<WebClient> {
        WebClient::tls(([127, 0, 0, 1], self.port).into(), &self.ca_pem()?)
    }

    /// The venue CA certificate (PEM).
    pub fn ca_pem(&self) -> anyhow::Result<Vec<u8>> {
        std::fs::read(self.data_dir().join("ca.pem")).context("reading ca.pem")
    }

    /// The director's token as written to `director.token`.
    pub fn director_token(&self) -> &str {
        &self.director_token
    }

    /// The director's desk.
    pub async fn director(&self) -> anyhow::Result<Desk> {
        self.connect("director", &self.director_token).await
    }

    /// A desk of `role`: the director creates its token, then it connects on its own connection.
    pub async fn desk(&self, name: &str, role: pb::Role) -> anyhow::Result<Desk> {
        let (_, token) = self.director().await?.create_token(name, role).await?;
        self.connect(name, &token).await
    }

    /// Connects with an existing token.
    pub async fn connect(&self, name: &str, token: &str) -> anyhow::Result<Desk> {
        if self.insecure {
            let channel = Channel::from_shared(self.url())?.connect().await?;
            return Ok(Desk::over(channel, name, token));
        }
        Desk::connect(self, name, token).await
    }

    /// `kill -9` the server: no shutdown, no flush, nothing.
    pub fn kill9(&mut self) -> anyhow::Result<()> {
        let mut child = self
            .child
            .take()
            .ok_or_else(|| anyhow!("the server is not running"))?;
        child.kill()?; // SIGKILL on Unix
        let status = child.wait()?;
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if status.signal() != Some(9) {
                bail!("the server was not killed by SIGKILL: {status}");
            }
        }
        Ok(())
    }

    /// Extra arguments for the next starts (e.g. `--snapshot-every 100`).
    pub fn set_args(&mut self, args: &[&str]) {
        self.args = args.iter().map(|a| a.to_string()).collect();
    }

    /// Sends SIGTERM and waits at most `within` for the server to exit; its exit status, or `None` if it is still
    /// running then (it is killed, so the test can go on).
    pub fn terminate(
        &mut self,
        within: Duration,
    ) -> anyhow::Result<Option<std::process::ExitStatus>> {
        let mut child = self
            .child
            .take()
            .ok_or_else(|| anyhow!("the server is not running"))?;
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()?;
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait()? {
                return Ok(Some(status));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        child.kill()?;
        child.wait()?;
        Ok(None)
    }

    /// Starts the server again on the same data directory and port.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        if self.child.is_some() {
            bail!("the server is still running");
        }
        self.spawn_and_wait().await
    }

    async fn spawn_and_wait(&mut self) -> anyhow::Result<()> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.log_path())?;
        let mut cmd = Command::new(server_binary()?);
        cmd.arg("--data")
            .arg(self.data_dir())
            .arg("--listen")
            .arg(format!("127.0.0.1:{}", self.port))
            .env(
                "RUST_LOG",
                std::env::var("TENGEN_E2E_LOG").unwrap_or_else(|_| "info".into()),
            )
            // The venue's time zone: the timetable's starts are read in UTC by the tests.
            .env("TZ", "UTC")
            // Logs go to a file: the server itself must leave out colour codes (issue 13), so no NO_COLOR here.
            .env_remove("NO_COLOR")
            .env_remove("TENGEN_DATA")
            .env_remove("TENGEN_LISTEN")
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log);
        if self.insecure {
            cmd.arg("--insecure-dev");
        }
        cmd.args(&self.args);
        if let Some(port) = self.public_port {
            cmd.arg("--public-http").arg(format!("127.0.0.1:{port}"));
        }
        self.child = Some(cmd.spawn().context("starting the server")?);
        let deadline = Instant::now() + START_TIMEOUT;
        let mut last_error = anyhow!("not started yet");
        loop {
            if let Some(status) = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                self.child = None;
                bail!(
                    "the server exited during start-up ({status}); its output:\n{}",
                    self.logs()
                );
            }
            if Instant::now() > deadline {
                bail!(
                    "the server did not answer within {START_TIMEOUT:?} ({last_error:#}); its output:\n{}",
                    self.logs()
                );
            }
            match self.probe().await {
                Ok(()) => return Ok(()),
                Err(e) => last_error = e,
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Ready = the director token and CA exist and the director's WhoAmI answers over the real transport (for a
    /// browser-only venue, the sign-in page over HTTPS instead).
    async fn probe(&mut self) -> anyhow::Result<()> {
        let token = std::fs::read_to_string(self.data_dir().join("director.token"))
            .context("director.token")?;
        self.director_token = token.trim().to_string();
        if self.director_token.is_empty() {
            bail!("director.token is empty");
        }
        if self.browser_only {
            self.tls_web()?
                .get("/desk/login")
                .await?
                .expect(200, "the desk sign-in page")?;
            if self.public_port.is_some() {
                self.public_web().get("/").await?;
            }
            return Ok(());
        }
        let who = self.director().await?.who_am_i().await?;
        if who.role != pb::Role::Director as i32 {
            bail!("director.token is not a director token: {who:?}");
        }
        if self.public_port.is_some() {
            self.public_web().get("/").await?;
        }
        Ok(())
    }

    /// The temporary root holding `data/` and `server.log`.
    pub fn path(&self) -> &Path {
        self.root.path()
    }
}

impl Drop for Venue {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        if std::thread::panicking() {
            let logs = self.logs();
            let tail: Vec<&str> = logs.lines().rev().take(60).collect();
            eprintln!("---- server output (last {} lines) ----", tail.len());
            for line in tail.into_iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

/// A desk that also plays the tournament: `tengen.v1.Rounds` and `tengen.v1.Results` on the same connection as
/// the register's three services (the director's table, a results desk, the referee's tablet).
#[derive(Clone)]
pub struct PlayDesk {
    /// The register, admin and log clients.
    pub desk: Desk,
    /// `tengen.v1.Rounds`.
    pub rounds: RoundsClient<Authed>,
    /// `tengen.v1.Results`.
    pub results: ResultsClient<Authed>,
}

/// A request naming one round of a tournament, with a fresh request id.
pub fn round_ref(tournament_id: u64, round: u32) -> pb::RoundRef {
    pb::RoundRef {
        meta: meta(),
        tournament_id,
        round,
    }
}

impl PlayDesk {
    /// Connects over TLS to `venue` with `token`.
    pub async fn connect(venue: &Venue, name: &str, token: &str) -> anyhow::Result<PlayDesk> {
        let channel = tls_channel(&venue.url(), venue.ca_pem()?, "localhost").await?;
        let bearer = Bearer::token(token);
        Ok(PlayDesk {
            desk: Desk::over(channel.clone(), name, token),
            rounds: RoundsClient::with_interceptor(channel.clone(), bearer.clone()),
            results: ResultsClient::with_interceptor(channel, bearer),
        })
    }

    /// Draws round `round` (the engine, or an empty round to pair by hand), any revision.
    pub async fn draw(
        &self,
        tournament_id: u64,
        round: u32,
        redraw: bool,
        empty: bool,
    ) -> Result<pb::Round, Status> {
        let req = pb::DrawRoundRequest {
            meta: meta(),
            tournament_id,
            round,
            redraw,
            empty,
            expected_revision: 0,
            ..Default::default()
        };
        Ok(self.rounds.clone().draw_round(req).await?.into_inner())
    }

    /// Draws a part of round `round` while the round before still plays: `"bottom"`, `"group"` (the group with
    /// McMahon score `mms_half` half points) or `"rest"`.
    pub async fn draw_part(
        &self,
        tournament_id: u64,
        round: u32,
        part: &str,
        mms_half: i32,
    ) -> Result<pb::Round, Status> {
        let req = pb::DrawRoundRequest {
            meta: meta(),
            tournament_id,
            round,
            part: part.into(),
            group_mms_half: mms_half,
            ..Default::default()
        };
        Ok(self.rounds.clone().draw_round(req).await?.into_inner())
    }

    /// Publishes a drawn round.
    pub async fn publish(&self, tournament_id: u64, round: u32) -> Result<pb::Round, Status> {
        let req = round_ref(tournament_id, round);
        Ok(self.rounds.clone().publish_round(req).await?.into_inner())
    }

    /// Closes a round.
    pub async fn close(&self, tournament_id: u64, round: u32) -> Result<pb::Round, Status> {
        let req = round_ref(tournament_id, round);
        Ok(self.rounds.clone().close_round(req).await?.into_inner())
    }

    /// One manual edit of a round, any revision.
    pub async fn edit(
        &self,
        tournament_id: u64,
        round: u32,
        edit: pb::edit_round_request::Edit,
    ) -> Result<pb::Round, Status> {
        let req = pb::EditRoundRequest {
            meta: meta(),
            tournament_id,
            round,
            expected_revision: 0,
            edit: Some(edit),
        };
        Ok(self.rounds.clone().edit_round(req).await?.into_inner())
    }

    /// A round as it stands.
    pub async fn round(&self, tournament_id: u64, round: u32) -> Result<pb::Round, Status> {
        let req = pb::GetRoundRequest {
            tournament_id,
            round,
        };
        Ok(self.rounds.clone().get_round(req).await?.into_inner())
    }

    /// Reports the result at `table`.
    pub async fn report(
        &self,
        tournament_id: u64,
        round: u32,
        table: u32,
        outcome: pb::Outcome,
    ) -> Result<pb::Game, Status> {
        let req = pb::ReportResultRequest {
            meta: meta(),
            tournament_id,
            round,
            table,
            result: Some(pb::GameResult {
                outcome: outcome as i32,
                by_forfeit: false,
            }),
            black: 0,
        };
        Ok(self.results.clone().report_result(req).await?.into_inner())
    }

    /// Plays round `round` through as the director does, White winning every game: draw, publish, a result at
    /// every table, close. Returns the round as drawn.
    pub async fn play_white_wins(
        &self,
        tournament_id: u64,
        round: u32,
    ) -> Result<pb::Round, Status> {
        let drawn = self.draw(tournament_id, round, false, false).await?;
        self.publish(tournament_id, round).await?;
        for g in &drawn.games {
            self.report(tournament_id, round, g.table, pb::Outcome::WhiteWins)
                .await?;
        }
        self.close(tournament_id, round).await?;
        Ok(drawn)
    }

    /// The referee's report at `table`.
    pub async fn referee(
        &self,
        tournament_id: u64,
        round: u32,
        table: u32,
        report: pb::referee_report_request::Report,
    ) -> Result<pb::Game, Status> {
        let req = pb::RefereeReportRequest {
            meta: meta(),
            tournament_id,
            round,
            table,
            report: Some(report),
        };
        Ok(self.results.clone().referee_report(req).await?.into_inner())
    }

    /// Where the results of a round stand.
    pub async fn progress(
        &self,
        tournament_id: u64,
        round: u32,
    ) -> Result<pb::RoundProgress, Status> {
        let req = pb::ProgressRequest {
            tournament_id,
            round,
        };
        Ok(self.results.clone().progress(req).await?.into_inner())
    }

    /// Standings after `after_round` with a tie-break override (empty = the tournament's).
    pub async fn standings(
        &self,
        tournament_id: u64,
        after_round: u32,
        tiebreaks: &[&str],
    ) -> Result<pb::Standings, Status> {
        let req = pb::GetStandingsRequest {
            tournament_id,
            after_round,
            tiebreaks: tiebreaks.iter().map(|s| s.to_string()).collect(),
        };
        Ok(self.rounds.clone().get_standings(req).await?.into_inner())
    }
}

impl Venue {
    /// The director's desk with the play services.
    pub async fn play_director(&self) -> anyhow::Result<PlayDesk> {
        PlayDesk::connect(self, "director", &self.director_token).await
    }

    /// A play desk of `role`: the director creates its token, then it connects on its own connection.
    pub async fn play_desk(&self, name: &str, role: pb::Role) -> anyhow::Result<PlayDesk> {
        let (_, token) = self.director().await?.create_token(name, role).await?;
        PlayDesk::connect(self, name, &token).await
    }
}
