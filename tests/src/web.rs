//! A small HTTP client for the web board's tests: GET and POST over plain HTTP or over TLS with the venue CA, one
//! HTTP/1.1 connection per request (hyper does the protocol), optionally from another loopback address (127.0.0.2,
//! 127.0.0.3, …) so that per-address limits can be tested without the tests sharing one budget; and a reader for
//! Server-Sent Events on a streaming response.

use anyhow::{anyhow, bail, Context as _};
use futures::StreamExt as _;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Body, Bytes, Incoming};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{HeaderValue, CONTENT_LENGTH, CONTENT_TYPE, HOST, LOCATION};
use hyper::{HeaderMap, Request, StatusCode};
use hyper_util::rt::TokioIo;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpSocket;

/// How long a whole request (connect, send, read the body) may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A client for one server address: plain or TLS, from 127.0.0.1 or another loopback address.
#[derive(Clone)]
pub struct WebClient {
    addr: SocketAddr,
    tls: Option<tokio_rustls::TlsConnector>,
    from: Option<IpAddr>,
    cookie: Option<HeaderValue>,
}

/// A whole answer: status, headers and the body as text (lossy UTF-8).
#[derive(Debug, Clone)]
pub struct Reply {
    /// The status code.
    pub status: StatusCode,
    /// The response headers.
    pub headers: HeaderMap,
    /// The body, decoded as UTF-8 (invalid sequences replaced).
    pub body: String,
    /// The body as sent (a certificate, an image).
    pub bytes: Bytes,
}

impl Reply {
    /// A header's value as text, if present and ASCII.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The `Location` header (redirects).
    pub fn location(&self) -> Option<&str> {
        self.header(LOCATION.as_str())
    }

    /// Fails unless the status is `expected`, showing the start of the body.
    pub fn expect(self, expected: u16, what: &str) -> anyhow::Result<Reply> {
        if self.status != expected {
            bail!(
                "{what}: expected {expected}, got {}; body starts:\n{}",
                self.status,
                self.body.chars().take(800).collect::<String>()
            );
        }
        Ok(self)
    }
}

impl WebClient {
    /// Plain HTTP to `addr`.
    pub fn plain(addr: SocketAddr) -> WebClient {
        WebClient {
            addr,
            tls: None,
            from: None,
            cookie: None,
        }
    }

    /// HTTPS to `addr`, trusting only `ca_pem` and checking the certificate for `localhost`; offers only
    /// `http/1.1` in ALPN (browsers cover `h2`).
    pub fn tls(addr: SocketAddr, ca_pem: &[u8]) -> anyhow::Result<WebClient> {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::CertificateDer;
        let mut roots = rustls::RootCertStore::empty();
        for cert in CertificateDer::pem_slice_iter(ca_pem) {
            roots.add(cert.context("reading the venue CA")?)?;
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()?
            .with_root_certificates(roots)
            .with_no_client_auth();
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(WebClient {
            addr,
            tls: Some(tokio_rustls::TlsConnector::from(Arc::new(config))),
            from: None,
            cookie: None,
        })
    }

    /// The same client, connecting from another loopback address (e.g. `127.0.0.7`): the server sees a different
    /// client address.
    pub fn from_address(mut self, ip: IpAddr) -> WebClient {
        self.from = Some(ip);
        self
    }

    /// The same client, sending `cookie` (a `Cookie` header value such as `tengen_desk=tgn_…`) with every request.
    pub fn with_cookie(mut self, cookie: &str) -> anyhow::Result<WebClient> {
        self.cookie = Some(HeaderValue::from_str(cookie).context("a cookie header value")?);
        Ok(self)
    }

    /// Signs in at `/desk/login` with a terminal token and the volunteer's name, and returns this client sending
    /// the session cookies the server set (the desk's session, as a browser would keep it).
    pub async fn desk_session(&self, token: &str, operator: &str) -> anyhow::Result<WebClient> {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([("token", token), ("operator", operator), ("next", "/desk")])
            .finish();
        let reply = self.post_form("/desk/login", body).await?;
        if reply.status != StatusCode::SEE_OTHER {
            bail!(
                "signing in: expected 303, got {}: {}",
                reply.status,
                reply.body.chars().take(400).collect::<String>()
            );
        }
        let cookies: Vec<&str> = reply
            .headers
            .get_all(hyper::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .map(str::trim)
            .collect();
        if cookies.is_empty() {
            bail!("signing in set no cookie");
        }
        self.clone().with_cookie(&cookies.join("; "))
    }

    /// `http://127.0.0.1:PORT` or `https://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        let scheme = if self.tls.is_some() { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// `GET target` (a path with an optional query).
    pub async fn get(&self, target: &str) -> anyhow::Result<Reply> {
        let req = Request::get(target).body(Full::new(Bytes::new()))?;
        self.send(req).await
    }

    /// `POST target` with an `application/x-www-form-urlencoded` body.
    pub async fn post_form(&self, target: &str, body: impl Into<Bytes>) -> anyhow::Result<Reply> {
        let req = Request::post(target)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Full::new(body.into()))?;
        self.send(req).await
    }

    /// Sends `req` (adding `Host`) and reads the whole answer.
    pub async fn send(&self, req: Request<Full<Bytes>>) -> anyhow::Result<Reply> {
        let what = format!("{} {}{}", req.method(), self.base_url(), short(req.uri()));
        let exchange = async {
            let response = self.open(req).await?;
            let (parts, body) = response.into_parts();
            let body = body.collect().await.context("reading the body")?.to_bytes();
            Ok::<_, anyhow::Error>(Reply {
                status: parts.status,
                headers: parts.headers,
                body: String::from_utf8_lossy(&body).into_owned(),
                bytes: body,
            })
        };
        tokio::time::timeout(REQUEST_TIMEOUT, exchange)
            .await
            .map_err(|_| anyhow!("no answer within {REQUEST_TIMEOUT:?}"))
            .and_then(|r| r)
            .with_context(|| what)
    }

    /// `POST target` with a form body too large for the server: the first 16 KiB go at once, the rest only after a
    /// pause, so the answer the server gives before reading it all (413) arrives before it closes the
    /// connection. The reply's body is empty if the server reset the connection before it could be read.
    pub async fn post_oversized(
        &self,
        target: &str,
        body: impl Into<Bytes>,
    ) -> anyhow::Result<Reply> {
        let body: Bytes = body.into();
        let length = body.len();
        let head = body.slice(..length.min(16 * 1024));
        let tail = body.slice(length.min(16 * 1024)..);
        let chunks =
            futures::stream::iter([(head, Duration::ZERO), (tail, Duration::from_millis(500))])
                .then(|(chunk, pause)| async move {
                    tokio::time::sleep(pause).await;
                    Ok::<_, std::convert::Infallible>(hyper::body::Frame::data(chunk))
                });
        let req = Request::post(target)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(CONTENT_LENGTH, length)
            .body(StreamBody::new(chunks))?;
        let what = format!("POST {}{target} ({length} bytes)", self.base_url());
        let response = tokio::time::timeout(REQUEST_TIMEOUT, self.open(req))
            .await
            .map_err(|_| anyhow!("no answer within {REQUEST_TIMEOUT:?}"))
            .and_then(|r| r)
            .with_context(|| what)?;
        let (parts, body) = response.into_parts();
        let bytes = match tokio::time::timeout(Duration::from_secs(5), body.collect()).await {
            Ok(Ok(collected)) => collected.to_bytes(),
            _ => Bytes::new(),
        };
        Ok(Reply {
            status: parts.status,
            headers: parts.headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            bytes,
        })
    }

    /// Opens `GET target` and returns the response with its body still streaming (for Server-Sent Events).
    pub async fn events(&self, target: &str) -> anyhow::Result<EventStream> {
        let req = Request::get(target)
            .header("accept", "text/event-stream")
            .body(Full::new(Bytes::new()))?;
        let response = tokio::time::timeout(REQUEST_TIMEOUT, self.open(req))
            .await
            .map_err(|_| anyhow!("no answer within {REQUEST_TIMEOUT:?}"))??;
        let (parts, body) = response.into_parts();
        Ok(EventStream {
            status: parts.status,
            headers: parts.headers,
            body,
            buffer: Vec::new(),
        })
    }

    /// Connects, sends `req` and returns the response head (the body still to read).
    async fn open<B>(&self, mut req: Request<B>) -> anyhow::Result<hyper::Response<Incoming>>
    where
        B: Body + Send + 'static,
        B::Data: Send,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let host = HeaderValue::from_str(&self.addr.to_string())?;
        req.headers_mut().entry(HOST).or_insert(host);
        if let Some(cookie) = &self.cookie {
            req.headers_mut()
                .entry(hyper::header::COOKIE)
                .or_insert(cookie.clone());
        }
        let socket = TcpSocket::new_v4()?;
        if let Some(ip) = self.from {
            socket
                .bind(SocketAddr::new(ip, 0))
                .with_context(|| format!("binding to {ip}"))?;
        }
        let tcp = socket
            .connect(self.addr)
            .await
            .with_context(|| format!("connecting to {}", self.addr))?;
        tcp.set_nodelay(true)?;
        let mut sender = match &self.tls {
            Some(connector) => {
                let name = rustls::pki_types::ServerName::try_from("localhost")?;
                let tls = connector
                    .connect(name, tcp)
                    .await
                    .context("TLS handshake")?;
                handshake(tls).await?
            }
            None => handshake(tcp).await?,
        };
        sender
            .send_request(req)
            .await
            .context("sending the request")
    }
}

/// An HTTP/1.1 client handshake on `io`, the connection driven on a task of its own.
async fn handshake<IO, B>(io: IO) -> anyhow::Result<SendRequest<B>>
where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .context("HTTP/1.1 handshake")?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(sender)
}

/// A URI shortened for error messages (the 10 KB query-string test would otherwise fill the screen).
fn short(uri: &hyper::Uri) -> String {
    let s = uri.to_string();
    if s.len() > 120 {
        format!("{}… ({} bytes)", &s[..100], s.len())
    } else {
        s
    }
}

/// One Server-Sent Event: its type (`message` when none was given) and its data lines joined by `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field.
    pub event: String,
    /// The `data:` lines.
    pub data: String,
}

/// A streaming response read as Server-Sent Events.
pub struct EventStream {
    /// The status code.
    pub status: StatusCode,
    /// The response headers.
    pub headers: HeaderMap,
    body: Incoming,
    buffer: Vec<u8>,
}

impl EventStream {
    /// The next event with data, waiting at most `within`: `Ok(None)` when none came in time; an error when the
    /// stream ended or broke. Comments (`: keep-alive`) and events without data are skipped.
    pub async fn next_within(&mut self, within: Duration) -> anyhow::Result<Option<SseEvent>> {
        let deadline = Instant::now() + within;
        loop {
            if let Some(event) = self.take_buffered() {
                return Ok(Some(event));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = match tokio::time::timeout(left, self.body.frame()).await {
                Err(_) => return Ok(None),
                Ok(None) => bail!("the event stream ended"),
                Ok(Some(frame)) => frame.context("reading the event stream")?,
            };
            if let Ok(data) = frame.into_data() {
                self.buffer.extend_from_slice(&data);
            }
        }
    }

    /// Dispatches the first complete event in the buffer, if any (skipping blocks with no data).
    fn take_buffered(&mut self) -> Option<SseEvent> {
        // CR only ends lines in SSE; a block ends at a blank line. Bytes, so a character split across frames
        // is decoded whole.
        self.buffer.retain(|b| *b != b'\r');
        loop {
            let end = self.buffer.windows(2).position(|w| w == b"\n\n")?;
            let block: Vec<u8> = self.buffer.drain(..end + 2).collect();
            if let Some(event) = parse_block(&String::from_utf8_lossy(&block[..end])) {
                return Some(event);
            }
        }
    }
}

/// One SSE block (the lines before a blank line) as an event, `None` when it carries no data.
fn parse_block(block: &str) -> Option<SseEvent> {
    let mut event = String::from("message");
    let mut data: Option<String> = None;
    for line in block.lines() {
        if line.starts_with(':') {
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "event" => event = value.to_string(),
            "data" => match &mut data {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => data = Some(value.to_string()),
            },
            _ => {}
        }
    }
    data.map(|data| SseEvent { event, data })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sse_blocks_parse_like_a_browser() {
        assert_eq!(
            parse_block("event: change\ndata: t1/pairings=12"),
            Some(SseEvent {
                event: "change".into(),
                data: "t1/pairings=12".into()
            })
        );
        assert_eq!(parse_block(": keep-alive"), None);
        assert_eq!(
            parse_block("data:a\ndata: b"),
            Some(SseEvent {
                event: "message".into(),
                data: "a\nb".into()
            })
        );
    }
}
