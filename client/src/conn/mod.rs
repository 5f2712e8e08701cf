//! The connection to a Tengen server: [`Desk`] holds the gRPC clients over one HTTP/2 channel (TLS unless
//! the settings say `http://`), adds the bearer token to every call, and sends commands with a request id,
//! retrying connection failures with the same id.

pub mod auth;
pub mod settings;

use std::future::Future;
use std::time::Duration;

use tengen_proto::v1::admin_client::AdminClient;
use tengen_proto::v1::log_client::LogClient;
use tengen_proto::v1::register_client::RegisterClient;
use tengen_proto::v1::results_client::ResultsClient;
use tengen_proto::v1::rounds_client::RoundsClient;
use tengen_proto::v1::RequestMeta;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint};
use tonic::Status;

use crate::error::ClientError;
use crate::request_id::RequestId;
use crate::retry::{retry, RetryPolicy};
use auth::BearerAuth;
use settings::ConnSettings;

/// The transport every client uses: the channel with the token interceptor.
pub type Transport = InterceptedService<Channel, BearerAuth>;

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
    server: String,
    operator: String,
    retry: RetryPolicy,
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
    RegisterParticipantRequest,
    UpdateParticipantRequest,
    EnterTournamentRequest,
    SetRoundsRequest,
    EntryRequest,
    NumberPlayersRequest,
    SetEntryOptionsRequest,
    ChangeRankRequest,
    DrawRoundRequest,
    RoundRef,
    EditRoundRequest,
    ReportResultRequest,
    RefereeReportRequest,
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
        for server in &settings.servers {
            match open_channel(server, tls.clone()).await {
                Ok(channel) => return Ok(Desk::over(channel, auth, server, &settings.operator)),
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
            results: ResultsClient::with_interceptor(channel, auth),
            server: server.to_string(),
            operator: operator.to_string(),
            retry: RetryPolicy::default(),
        }
    }

    /// The server this desk is connected to.
    pub fn server(&self) -> &str {
        &self.server
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
        let response = retry(&self.retry, || call(self.clone(), request.clone())).await?;
        Ok(response.into_inner())
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

async fn open_channel(server: &str, tls: Option<ClientTlsConfig>) -> Result<Channel, String> {
    let mut endpoint = Endpoint::from_shared(server.to_string())
        .map_err(|e| format!("not a valid address ({})", error_chain(&e)))?
        .connect_timeout(Duration::from_secs(5))
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(20))
        .keep_alive_timeout(Duration::from_secs(10))
        .keep_alive_while_idle(true);
    if server.starts_with("https://") {
        let tls = tls.ok_or("no CA certificate to trust for https")?;
        endpoint = endpoint.tls_config(tls).map_err(|e| error_chain(&e))?;
    }
    endpoint.connect().await.map_err(|e| error_chain(&e))
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
