//! A plain-HTTP/1.1 client for the board bench, on hyper's connection API: one keep-alive connection per page
//! fetcher and one per live (SSE) reader, so N readers really are N sockets on the server. It only ever
//! connects to the one address it was given.

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::{Bytes, Incoming};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{ACCEPT, ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_TYPE, HOST};
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::task::JoinHandle;

/// Why a request failed. The bench counts these and shows the first; nothing is retried on the same request.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The address does not parse or resolve.
    #[error("{0}")]
    Address(String),
    /// The TCP connection failed ("Too many open files" here means: raise `ulimit -n`).
    #[error("cannot connect to {addr}: {source}")]
    Connect {
        /// Where.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// HTTP failed on an open connection (closed by the server, malformed answer).
    #[error("http: {0}")]
    Http(#[from] hyper::Error),
    /// The request could not be built (a path that is not a valid URI).
    #[error("bad request: {0}")]
    Request(#[from] hyper::http::Error),
    /// The server answered with another status than 200.
    #[error("GET {path}: status {status}")]
    Status {
        /// The path asked for.
        path: String,
        /// What came back.
        status: StatusCode,
    },
    /// `/live` answered 200 but not with an event stream.
    #[error("GET {path}: content type {content_type:?}, not text/event-stream")]
    NotAStream {
        /// The path asked for.
        path: String,
        /// What came back.
        content_type: String,
    },
    /// No answer in time.
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// The server closed an event stream the bench was still reading.
    #[error("the server ended the event stream")]
    StreamEnded,
    /// An event stream opened but sent no first event before the bench's connect phase ended.
    #[error("no first event before the connect phase ended")]
    NoFirstEvent,
}

/// Where the board is: one resolved address and the `Host` header to send.
#[derive(Clone, Debug)]
pub struct WebTarget {
    /// The socket address connections go to.
    pub addr: SocketAddr,
    /// `host:port` as given.
    pub host: String,
}

impl WebTarget {
    /// Parses `HOST:PORT` or `http://HOST:PORT/` and resolves it to its first address.
    pub async fn resolve(given: &str) -> Result<WebTarget, WebError> {
        let host = given
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        if host.is_empty() || host.contains('/') || given.trim().starts_with("https://") {
            return Err(WebError::Address(format!(
                "{given:?} is not HOST:PORT of the plain-HTTP public port"
            )));
        }
        let addr = tokio::net::lookup_host(host.as_str())
            .await
            .map_err(|e| WebError::Address(format!("cannot resolve {host}: {e}")))?
            .next()
            .ok_or_else(|| WebError::Address(format!("{host} has no address")))?;
        Ok(WebTarget { addr, host })
    }
}

/// A fetched page.
#[derive(Debug)]
pub struct Page {
    /// The status (always 200 from [`WebConn::get`]).
    pub status: StatusCode,
    /// The whole body.
    pub body: Bytes,
}

/// One HTTP/1.1 connection. Dropping it closes the socket.
pub struct WebConn {
    sender: SendRequest<Empty<Bytes>>,
    driver: JoinHandle<()>,
    host: String,
}

impl Drop for WebConn {
    fn drop(&mut self) {
        self.driver.abort();
    }
}

impl WebConn {
    /// Connects and completes the (HTTP/1.1, so trivial) handshake within `timeout`.
    pub async fn open(target: &WebTarget, timeout: Duration) -> Result<WebConn, WebError> {
        let connect = async {
            let stream =
                TcpStream::connect(target.addr)
                    .await
                    .map_err(|source| WebError::Connect {
                        addr: target.addr,
                        source,
                    })?;
            // Latency matters more than packet count here, as for the gRPC desks.
            let _ = stream.set_nodelay(true);
            let (sender, connection) =
                hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
            let driver = tokio::spawn(async move {
                let _ = connection.await;
            });
            Ok(WebConn {
                sender,
                driver,
                host: target.host.clone(),
            })
        };
        within(timeout, connect).await
    }

    /// `GET path` and its whole body; any status but 200 is an error.
    pub async fn get(&mut self, path: &str, timeout: Duration) -> Result<Page, WebError> {
        self.fetch(path, false, timeout).await
    }

    /// `GET path` as a phone's browser asks for it (`Accept-Encoding: gzip`): the body as sent, maybe compressed.
    pub async fn get_as_phone(&mut self, path: &str, timeout: Duration) -> Result<Page, WebError> {
        self.fetch(path, true, timeout).await
    }

    async fn fetch(&mut self, path: &str, gzip: bool, timeout: Duration) -> Result<Page, WebError> {
        let fetch = async {
            let response = self.send(path, "text/html", gzip).await?;
            let status = response.status();
            let body = response.into_body().collect().await?.to_bytes();
            if status != StatusCode::OK {
                return Err(WebError::Status {
                    path: path.to_string(),
                    status,
                });
            }
            Ok(Page { status, body })
        };
        within(timeout, fetch).await
    }

    /// `GET path` as an event stream: checks the status and content type, returns the open body to read
    /// frames from. The connection stays busy until the body is dropped.
    pub async fn stream(&mut self, path: &str, timeout: Duration) -> Result<Incoming, WebError> {
        let open = async {
            let response = self.send(path, "text/event-stream", false).await?;
            let status = response.status();
            if status != StatusCode::OK {
                return Err(WebError::Status {
                    path: path.to_string(),
                    status,
                });
            }
            let content_type = response
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            if !content_type.starts_with("text/event-stream") {
                return Err(WebError::NotAStream {
                    path: path.to_string(),
                    content_type,
                });
            }
            Ok(response.into_body())
        };
        within(timeout, open).await
    }

    async fn send(
        &mut self,
        path: &str,
        accept: &str,
        gzip: bool,
    ) -> Result<hyper::Response<Incoming>, WebError> {
        self.sender.ready().await?;
        let mut request = Request::get(path)
            .header(HOST, self.host.as_str())
            .header(ACCEPT, accept)
            .header(CACHE_CONTROL, "no-cache");
        if gzip {
            request = request.header(ACCEPT_ENCODING, "gzip, deflate");
        }
        let request = request.body(Empty::<Bytes>::new())?;
        Ok(self.sender.send_request(request).await?)
    }
}

async fn within<T>(
    timeout: Duration,
    work: impl std::future::Future<Output = Result<T, WebError>>,
) -> Result<T, WebError> {
    tokio::time::timeout(timeout, work)
        .await
        .unwrap_or(Err(WebError::Timeout(timeout)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn targets_take_host_port_or_an_http_url() {
        for given in [
            "127.0.0.1:8080",
            "http://127.0.0.1:8080/",
            " 127.0.0.1:8080 ",
        ] {
            let target = WebTarget::resolve(given).await.unwrap();
            assert_eq!(target.host, "127.0.0.1:8080");
            assert_eq!(target.addr, "127.0.0.1:8080".parse().unwrap());
        }
        for bad in [
            "",
            "https://127.0.0.1:8080/",
            "127.0.0.1:8080/t/1",
            "no-port",
        ] {
            assert!(WebTarget::resolve(bad).await.is_err(), "{bad}");
        }
    }

    /// A one-shot HTTP server on loopback: reads one request, writes `answer`, closes.
    async fn serve_once(answer: &'static str) -> WebTarget {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut buf = vec![0; 4096];
            let _ = socket.read(&mut buf).await;
            let _ = socket.write_all(answer.as_bytes()).await;
        });
        WebTarget {
            addr,
            host: addr.to_string(),
        }
    }

    const SECOND: Duration = Duration::from_secs(1);

    #[tokio::test]
    async fn get_reads_the_body_and_refuses_other_statuses() {
        let ok = serve_once("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello").await;
        let page = WebConn::open(&ok, SECOND)
            .await
            .unwrap()
            .get("/t/1/pairings", SECOND)
            .await
            .unwrap();
        assert_eq!(&page.body[..], b"hello");
        let missing = serve_once("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n").await;
        let err = WebConn::open(&missing, SECOND)
            .await
            .unwrap()
            .get("/t/9/pairings", SECOND)
            .await
            .unwrap_err();
        assert!(err.to_string().contains("404"), "{err}");
    }

    #[tokio::test]
    async fn stream_wants_an_event_stream() {
        let page =
            serve_once("HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 0\r\n\r\n")
                .await;
        let err = WebConn::open(&page, SECOND)
            .await
            .unwrap()
            .stream("/live?topics=t1/pairings", SECOND)
            .await
            .unwrap_err();
        assert!(matches!(err, WebError::NotAStream { .. }), "{err}");
    }
}
