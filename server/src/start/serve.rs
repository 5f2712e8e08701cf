//! Serving a prepared server: the venue port (gRPC and the web pages on one TLS port), the public board's plain
//! port, the background tasks of the replica set-up, and a clean stop (the writer's last snapshot) on shutdown.
//! Must not open the data directory: [`super::prepare`] did.

use super::{bounded, prepare, Config, Prepared, ServerError, MAX_REQUEST_BYTES};
use crate::app::Core;
use crate::service::admin::AdminService;
use crate::service::log::LogService;
use crate::service::register::RegisterService;
use crate::service::results::ResultsService;
use crate::service::rounds::RoundsService;
use crate::{auth, http, replica, service, web};
use std::future::Future;
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tokio::net::TcpListener;
use tonic::service::interceptor::InterceptedService;
use tonic::service::Routes;
/// Serves the prepared server on `listener` (gRPC and the web pages) and on the public board's plain-HTTP
/// listener, if any, until `shutdown` resolves; then stops the writer cleanly.
pub async fn serve(
    listener: TcpListener,
    prepared: Prepared,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServerError> {
    let Prepared {
        core,
        stop,
        quorum,
        tls,
        public_board,
        address,
        ..
    } = prepared;
    // In a quorum venue a desk's page may move to the other laptop (never to the witness): a voter, else the
    // learner of a two-laptop venue (it takes writes once it has taken over).
    let partner = quorum.as_ref().and_then(|q| {
        q.voters
            .iter()
            .chain(&q.learners)
            .find(|(id, _)| **id != q.id && !q.witnesses.contains(id))
            .map(|(_, url)| (url.clone(), q.secret.clone()))
    });
    let quorum = match quorum {
        Some(setup) => {
            let secret = setup.secret.clone();
            let node = replica::quorum::node::start(&core, setup)
                .await
                .map_err(|e| ServerError::Bootstrap(e.to_string()))?;
            Some(replica::quorum::network::QuorumService::new(
                node.raft.clone(),
                secret,
                node.fence.clone(),
            ))
        }
        None => None,
    };
    let ca = tls
        .as_ref()
        .and_then(|t| web::trust::VenueCa::from_pem(&t.ca_pem, &t.ca_fingerprint));
    let tls = match &tls {
        Some(tls) => Some(http::tls_config(&tls.cert_pem, &tls.key_pem)?),
        None => None,
    };
    let web = web::Web::start(core.clone(), partner, address.clone(), ca);
    let app = web::router(web.clone(), grpc_routes(&core, quorum, &address).await?);
    let control = core.control.clone();
    let store = core.store.clone();
    drop(core);
    let (stopped, _) = tokio::sync::broadcast::channel::<()>(1);
    let board = public_board.map(|listener| {
        let mut stopped = stopped.subscribe();
        let board = web::public_router(web.clone());
        tokio::spawn(http::serve(listener, None, board, async move {
            let _ = stopped.recv().await;
        }))
    });
    drop(web);
    let shutdown = async move {
        shutdown.await;
        // End long-lived streams (Watch, live pages) so graceful shutdown only waits for short requests.
        let _ = stop.send(true);
        let _ = stopped.send(());
    };
    let result = http::serve(listener, tls, app, shutdown).await;
    if let Some(board) = board {
        let _ = board.await;
    }
    // Drop the writer handle: with every service gone the writer drains and stops.
    // A storage error can leave sled waiting forever for a flush that never completes: wait a bounded time.
    if let Some(writer) = control.take_writer() {
        match bounded("writing its last snapshot", move || writer.join()).await {
            Ok(Ok(Err(e))) => tracing::error!(error = %e, "the writer stopped with an error"),
            Err(stuck) => {
                tracing::error!(error = %stuck, "stopping");
                return Err(stuck);
            }
            Ok(_) => {}
        }
    }
    drop(control);
    if let Err(stuck) = bounded("flushing the log", move || store.sync()).await {
        tracing::error!(error = %stuck, "stopping");
        return Err(stuck);
    }
    result.map_err(ServerError::from)
}

/// Every gRPC service behind the bearer-token interceptor (health and reflection open), as one router.
async fn grpc_routes(
    core: &Arc<Core>,
    quorum: Option<replica::quorum::network::QuorumService>,
    address: &crate::VenueAddress,
) -> Result<axum::Router, ServerError> {
    let (health, health_service) = tonic_health::server::health_reporter();
    health
        .set_serving::<pb::register_server::RegisterServer<RegisterService>>()
        .await;
    health
        .set_serving::<pb::admin_server::AdminServer<AdminService>>()
        .await;
    health
        .set_serving::<pb::log_server::LogServer<LogService>>()
        .await;
    health
        .set_serving::<pb::rounds_server::RoundsServer<RoundsService>>()
        .await;
    health
        .set_serving::<pb::results_server::ResultsServer<ResultsService>>()
        .await;
    health
        .set_serving::<pb::ratings_server::RatingsServer<service::ratings::RatingsService>>()
        .await;
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let auth = auth::authenticate(core.clone());
    let register = pb::register_server::RegisterServer::new(RegisterService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let admin = pb::admin_server::AdminServer::new(
        AdminService::new(core.clone()).at(address.desk.clone()),
    )
    .max_decoding_message_size(MAX_REQUEST_BYTES);
    let log_service = pb::log_server::LogServer::new(LogService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let rounds = pb::rounds_server::RoundsServer::new(RoundsService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let results = pb::results_server::ResultsServer::new(ResultsService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let ratings =
        pb::ratings_server::RatingsServer::new(service::ratings::RatingsService::new(core.clone()))
            .max_decoding_message_size(MAX_REQUEST_BYTES);
    let replication = pb::replication_server::ReplicationServer::new(
        service::replication::ReplicationService::new(core.clone()),
    )
    .max_decoding_message_size(MAX_REQUEST_BYTES);
    let mut routes = Routes::new(health_service);
    if let Some(quorum) = quorum {
        // The voters' own service authenticates with their shared secret, not with desk tokens.
        routes = routes.add_service(
            pb::quorum_server::QuorumServer::new(quorum)
                .max_decoding_message_size(64 * 1024 * 1024),
        );
    }
    Ok(routes
        .add_service(reflection)
        .add_service(InterceptedService::new(register, auth.clone()))
        .add_service(InterceptedService::new(admin, auth.clone()))
        .add_service(InterceptedService::new(log_service, auth.clone()))
        .add_service(InterceptedService::new(rounds, auth.clone()))
        .add_service(InterceptedService::new(results, auth.clone()))
        .add_service(InterceptedService::new(ratings, auth.clone()))
        .add_service(InterceptedService::new(replication, auth))
        .prepare()
        .into_axum_router()
        .layer(tower::util::MapResponseLayer::new(
            service::status::tidy_response,
        )))
}

/// Prepares and serves: the whole server in one call (used by tests and the binary).
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServerError> {
    let addr = listener.local_addr()?;
    let prepared = prepare(&config, addr).await?;
    serve(listener, prepared, shutdown).await
}
