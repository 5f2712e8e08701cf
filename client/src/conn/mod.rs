//! The connection to a Tengen server: [`Desk`] holds the gRPC clients over one HTTP/2 channel (TLS unless
//! the settings say `http://`), adds the bearer token to every call, and sends commands with a request id,
//! retrying connection failures with the same id.

pub mod auth;
pub mod settings;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tengen_proto::v1::admin_client::AdminClient;
use tengen_proto::v1::log_client::LogClient;
use tengen_proto::v1::ratings_client::RatingsClient;
use tengen_proto::v1::register_client::RegisterClient;
use tengen_proto::v1::results_client::ResultsClient;
use tengen_proto::v1::rounds_client::RoundsClient;
use tengen_proto::v1::RequestMeta;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint};
use tonic::Status;

use crate::error::ClientError;
use crate::request_id::RequestId;
use crate::retry::{is_retryable, retry, RetryPolicy};
use auth::BearerAuth;
use settings::ConnSettings;

/// The transport every client uses: the channel with the token interceptor.
pub type Transport = InterceptedService<Channel, BearerAuth>;

/// How long the first attempt of a command waits for an answer when the desk knows several servers.
const ATTEMPT_DEADLINE: Duration = Duration::from_secs(4);
/// How long opening a connection may take, TCP and TLS together, when the desk knows several servers: a laptop
/// asleep or frozen still accepts TCP (its kernel answers) but never finishes TLS, and the next listed server may
/// be leading already.
const CONNECT_DEADLINE_MANY: Duration = Duration::from_secs(2);
/// The same with one server, which the desk can only wait for.
const CONNECT_DEADLINE_ONE: Duration = Duration::from_secs(10);
/// With several servers, the connection is pinged this often (HTTP/2 PING) and declared dead when a ping is not
/// answered within [`PING_TIMEOUT`]: a frozen server fails the call in flight within about two seconds, however
/// long the command itself may take (a busy server answers pings while it draws).
const PING_EVERY: Duration = Duration::from_secs(1);
/// See [`PING_EVERY`].
const PING_TIMEOUT: Duration = Duration::from_millis(1_500);

/// One desk's connection. Cloning is cheap and shares the channel; connect twice for two channels.
#[derive(Clone)]
pub struct Desk {
    /// The register: event, tournaments, participants.
    pub register: RegisterClient<Transport>,
    /// Tokens, whoami, status.
    pub admin: AdminClient<Transport>,
    /// The log stream.
    pub log: LogClient<Transport>,
    /// The director's day: numbering, draws, edits, standings.
    pub rounds: RoundsClient<Transport>,
    /// Results desks and the referee: results, progress, sheets.
    pub results: ResultsClient<Transport>,
    /// Rating lists: loading (director) and lookup (desks).
    pub ratings: RatingsClient<Transport>,
    server: String,
    operator: String,
    retry: RetryPolicy,
    pool: Option<Arc<Pool>>,
}

/// The servers of a primary/standby pair and which one this desk (and every clone of it) talks to now.
struct Pool {
    servers: Vec<String>,
    tls: Option<ClientTlsConfig>,
    auth: BearerAuth,
    operator: String,
    current: Mutex<Option<Desk>>,
}

impl Pool {
    /// After `failed` did not answer (or refused a write as a standby), finds the server that is primary now,
    /// trying the others first, and makes it current. When none says it is primary (a quorum venue electing, or
    /// cut off from its majority), the first other server that answered at all becomes current, so the next
    /// attempt hears its refusal rather than waiting again on one that does not answer. Returns false when none
    /// says it is primary.
    async fn fail_over(&self, failed: &str) -> bool {
        let mut answered = None;
        let start = self
            .servers
            .iter()
            .position(|s| s == failed)
            .map_or(0, |i| i + 1);
        let n = self.servers.len();
        for k in 0..n {
            let server = &self.servers[(start + k) % n];
            if server == failed && answered.is_some() {
                // Another server answers: asking the silent one again would only cost another wait.
                break;
            }
            let attempt = async {
                let channel = open_channel(server, self.tls.clone(), true).await.ok()?;
                let desk = Desk::over(channel, self.auth.clone(), server, &self.operator);
                let status = desk
                    .admin
                    .clone()
                    .status(tengen_proto::v1::StatusRequest {})
                    .await
                    .ok()?
                    .into_inner();
                Some((status.mode == "primary", desk))
            };
            match tokio::time::timeout(Duration::from_secs(2), attempt).await {
                Ok(Some((true, desk))) => {
                    if let Ok(mut current) = self.current.lock() {
                        *current = Some(desk);
                    }
                    return true;
                }
                Ok(Some((false, desk))) if answered.is_none() && server != failed => {
                    answered = Some(desk);
                }
                _ => {}
            }
        }
        if let Some(desk) = answered {
            if let Ok(mut current) = self.current.lock() {
                *current = Some(desk);
            }
        }
        false
    }
}

/// A request that changes something and so carries `RequestMeta`.
pub trait Mutating {
    /// Sets the request id and operator.
    fn set_meta(&mut self, meta: RequestMeta);
}

macro_rules! mutating {
    ($($t:ident),* $(,)?) => {
        $(impl Mutating for tengen_proto::v1::$t {
            fn set_meta(&mut self, meta: RequestMeta) {
                self.meta = Some(meta);
            }
        })*
    };
}

mutating!(
    CreateTokenRequest,
    RevokeTokenRequest,
    UpdateEventRequest,
    CreateTournamentRequest,
    UpdateTournamentRequest,
    SetRegistrationOpenRequest,
    MoveRoundStartRequest,
    RegisterParticipantRequest,
    UpdateParticipantRequest,
    RecordPaymentRequest,
    EnterTournamentRequest,
    SetRoundsRequest,
    EntryRequest,
    NumberPlayersRequest,
    SetEntryOptionsRequest,
    ChangeRankRequest,
    DrawRoundRequest,
    ImportRoundRequest,
    SplitKnockoutRequest,
    RecordLadderGameRequest,
    RoundRef,
    EditRoundRequest,
    ReportResultRequest,
    RefereeReportRequest,
    ResolveSlipRequest,
    LoadRatingsRequest,
    ChangeVenueMembersRequest,
);

impl Desk {
    /// Connects to the first server in the list that answers, in order. The error lists why each failed.
    pub async fn connect(settings: &ConnSettings) -> Result<Desk, ClientError> {
        let auth = BearerAuth::new(settings.token.as_deref())?;
        let tls = match &settings.ca {
            Some(path) => {
                let pem = std::fs::read(path).map_err(|source| ClientError::Read {
                    path: path.clone(),
                    source,
                })?;
                Some(ClientTlsConfig::new().ca_certificate(Certificate::from_pem(pem)))
            }
            None => None,
        };
        let mut failures = Vec::new();
        let many = settings.servers.len() > 1;
        for server in &settings.servers {
            match open_channel(server, tls.clone(), many).await {
                Ok(channel) => {
                    let mut desk = Desk::over(channel, auth.clone(), server, &settings.operator);
                    if settings.servers.len() > 1 {
                        // A pair: ride out a primary's loss and the director's promotion of the standby.
                        desk.retry = RetryPolicy::failover();
                        desk.pool = Some(Arc::new(Pool {
                            servers: settings.servers.clone(),
                            tls: tls.clone(),
                            auth,
                            operator: settings.operator.clone(),
                            current: Mutex::new(None),
                        }));
                    }
                    return Ok(desk);
                }
                Err(why) => failures.push(format!("{server}: {why}")),
            }
        }
        Err(ClientError::Unreachable(failures))
    }

    fn over(channel: Channel, auth: BearerAuth, server: &str, operator: &str) -> Desk {
        Desk {
            register: RegisterClient::with_interceptor(channel.clone(), auth.clone()),
            admin: AdminClient::with_interceptor(channel.clone(), auth.clone()),
            log: LogClient::with_interceptor(channel.clone(), auth.clone()),
            rounds: RoundsClient::with_interceptor(channel.clone(), auth.clone()),
            results: ResultsClient::with_interceptor(channel.clone(), auth.clone()),
            ratings: RatingsClient::with_interceptor(channel, auth),
            server: server.to_string(),
            operator: operator.to_string(),
            retry: RetryPolicy::default(),
            pool: None,
        }
    }

    /// The server this desk is connected to (after a fail-over: the one it talks to now).
    pub fn server(&self) -> String {
        self.active().server
    }

    /// The desk to send the next call through: the pool's current server after a fail-over, else this one.
    fn active(&self) -> Desk {
        let current = self
            .pool
            .as_ref()
            .and_then(|p| p.current.lock().ok().and_then(|c| c.clone()));
        match current {
            Some(mut d) => {
                d.retry = self.retry;
                d
            }
            None => self.clone(),
        }
    }

    /// The same connection with another retry policy (the bench measures raw calls with
    /// [`RetryPolicy::none`]).
    pub fn with_retry(mut self, policy: RetryPolicy) -> Desk {
        self.retry = policy;
        self
    }

    /// The metadata for a command with request id `id`.
    pub fn meta(&self, id: &RequestId) -> RequestMeta {
        RequestMeta {
            request_id: id.to_string(),
            operator: self.operator.clone(),
        }
    }

    /// Sends a read, retrying connection failures. `call` gets a clone of the desk and of the request:
    /// `desk.read(req, |mut d, r| async move { d.register.get_participant(r).await })`.
    pub async fn read<Req, Resp, F, Fut>(&self, request: Req, call: F) -> Result<Resp, ClientError>
    where
        Req: Clone,
        F: Fn(Desk, Req) -> Fut,
        Fut: Future<Output = Result<tonic::Response<Resp>, Status>>,
    {
        if self.pool.is_none() {
            let response = retry(&self.retry, || call(self.clone(), request.clone())).await?;
            return Ok(response.into_inner());
        }
        // A pair of servers: on a connection failure or a standby's refusal, find the primary and resend the
        // same request (same request id) there.
        // A server cut off by a dead switch drops packets without a word: an attempt that gets no answer within
        // its deadline counts as a lost connection. The deadline doubles after each silent attempt, so a long
        // command (a large draw) still gets its answer, by its request id, from the log.
        let mut attempt = 1;
        let mut deadline = ATTEMPT_DEADLINE;
        loop {
            let desk = self.active();
            let answer =
                match tokio::time::timeout(deadline, call(desk.clone(), request.clone())).await {
                    Ok(answer) => answer,
                    Err(_) => {
                        deadline = deadline.saturating_mul(2);
                        Err(Status::unavailable(format!(
                            "no answer from {} within {} s",
                            desk.server,
                            deadline.as_secs() / 2
                        )))
                    }
                };
            match answer {
                Ok(response) => return Ok(response.into_inner()),
                Err(status) if is_retryable(&status) => {
                    // Even on the last attempt: the desk's next command goes to a server that answers.
                    if let Some(pool) = &self.pool {
                        pool.fail_over(&desk.server).await;
                    }
                    if attempt >= self.retry.attempts {
                        return Err(status.into());
                    }
                    tokio::time::sleep(self.retry.backoff(attempt)).await;
                    attempt += 1;
                }
                Err(status) => return Err(status.into()),
            }
        }
    }

    /// Sends a command with request id `id`, retrying connection failures with that same id, so the server
    /// applies it at most once.
    pub async fn command<Req, Resp, F, Fut>(
        &self,
        id: &RequestId,
        mut request: Req,
        call: F,
    ) -> Result<Resp, ClientError>
    where
        Req: Mutating + Clone,
        F: Fn(Desk, Req) -> Fut,
        Fut: Future<Output = Result<tonic::Response<Resp>, Status>>,
    {
        request.set_meta(self.meta(id));
        self.read(request, call).await
    }
}

/// Opens a channel to `server`, TCP and TLS within one deadline. `many`: the desk knows other servers, so a silent
/// one is given up on quickly (and pinged while in use, see [`PING_EVERY`]).
async fn open_channel(
    server: &str,
    tls: Option<ClientTlsConfig>,
    many: bool,
) -> Result<Channel, String> {
    let (deadline, ping, ping_timeout) = if many {
        (CONNECT_DEADLINE_MANY, PING_EVERY, PING_TIMEOUT)
    } else {
        (
            CONNECT_DEADLINE_ONE,
            Duration::from_secs(20),
            Duration::from_secs(10),
        )
    };
    let mut endpoint = Endpoint::from_shared(server.to_string())
        .map_err(|e| format!("not a valid address ({})", error_chain(&e)))?
        .connect_timeout(deadline)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(ping)
        .keep_alive_timeout(ping_timeout)
        .keep_alive_while_idle(true);
    if server.starts_with("https://") {
        let tls = tls.ok_or("no CA certificate to trust for https")?;
        endpoint = endpoint.tls_config(tls).map_err(|e| error_chain(&e))?;
    }
    match tokio::time::timeout(deadline, endpoint.connect()).await {
        Ok(connected) => connected.map_err(|e| error_chain(&e)),
        Err(_) => Err(format!(
            "no TLS answer within {} s (the server accepted the connection but is not answering: asleep, frozen \
             or cut off)",
            deadline.as_secs()
        )),
    }
}

/// An error and its causes on one line: tonic's own message is only "transport error".
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}
