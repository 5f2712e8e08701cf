//! The listening sockets: one venue port that serves gRPC and the web pages side by side (TLS with ALPN `h2` and
//! `http/1.1`; requests are told apart by path and content type), and the optional plain-HTTP port for phones that
//! serves the public board only. Owns accepting, the TLS handshake, HTTP/1 and HTTP/2 connections and graceful
//! shutdown; knows nothing about what the routes do.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// How long a client may take to finish its TLS handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long open connections get to finish after shutdown begins (long-lived streams end on their own). Short:
/// a server must stop within 2 s of SIGTERM (issue 30), and a connection whose other end went quiet (a cut, a
/// handshake never finished) would otherwise hold it. A desk whose answer is cut off retries with the same request
/// id, so nothing is lost.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(1);

/// The rustls configuration of the venue port: the server certificate and both HTTP versions (gRPC clients ask
/// for `h2`, browsers take either).
pub fn tls_config(cert_pem: &str, key_pem: &str) -> std::io::Result<Arc<rustls::ServerConfig>> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let invalid =
        |e: &dyn std::fmt::Display| std::io::Error::other(format!("server certificate: {e}"));
    let certs = CertificateDer::pem_slice_iter(cert_pem.as_bytes())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| invalid(&e))?;
    let key = PrivateKeyDer::from_pem_slice(key_pem.as_bytes()).map_err(|e| invalid(&e))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| invalid(&e))?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| invalid(&e))?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Serves `app` on `listener` (over TLS when `tls` is given) until `shutdown` resolves, then lets open
/// connections finish for a bounded time.
pub async fn serve(
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    app: Router,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let acceptor = tls.map(tokio_rustls::TlsAcceptor::from);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => conn,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Nagle off: a standby's log stream is many small writes that would otherwise wait on delayed ACKs.
        let _ = stream.set_nodelay(true);
        let service = hyper_util::service::TowerToHyperService::new(app.clone().map_request(
            move |mut req: hyper::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(remote));
                req
            },
        ));
        let builder = auto::Builder::new(TokioExecutor::new());
        match &acceptor {
            Some(acceptor) => {
                let acceptor = acceptor.clone();
                let watcher = graceful.watcher();
                tokio::spawn(async move {
                    let tls = match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream))
                        .await
                    {
                        Ok(Ok(tls)) => tls,
                        Ok(Err(e)) => {
                            tracing::debug!(%remote, error = %e, "TLS handshake failed");
                            return;
                        }
                        Err(_) => {
                            tracing::debug!(%remote, "TLS handshake timed out");
                            return;
                        }
                    };
                    let conn = builder.serve_connection_with_upgrades(TokioIo::new(tls), service);
                    if let Err(e) = watcher.watch(conn.into_owned()).await {
                        tracing::debug!(%remote, error = %e, "connection ended with an error");
                    }
                });
            }
            None => {
                let conn = builder
                    .serve_connection_with_upgrades(TokioIo::new(stream), service)
                    .into_owned();
                let conn = graceful.watch(conn);
                tokio::spawn(async move {
                    if let Err(e) = conn.await {
                        tracing::debug!(%remote, error = %e, "connection ended with an error");
                    }
                });
            }
        }
    }
    drop(listener);
    if tokio::time::timeout(DRAIN_TIMEOUT, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            "connections still open {DRAIN_TIMEOUT:?} after shutdown began: closing them"
        );
    }
    Ok(())
}

/// The address of a request's peer (inserted by [`serve`] for every request).
pub fn remote(req: &axum::http::request::Parts) -> Option<SocketAddr> {
    req.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)
}
