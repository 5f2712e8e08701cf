//! The venue address: the URLs the desks' tablets and the players' phones open (`--desk-url`, `--board-url`, or
//! derived from the first `--san` and the listen ports), the sign-in address a terminal's QR code carries, and the
//! trust guide's. Pure: flags in, URLs out; reads neither the network nor the clock (the host name comes in).

use axum::http::Uri;
use std::net::{IpAddr, SocketAddr};

/// Where people reach this server, as they type it: no trailing slash, no path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VenueAddress {
    /// The desks' pages and gRPC, e.g. `https://192.168.1.10:7443`.
    pub desk: String,
    /// The public board for phones, e.g. `http://192.168.1.10:8080` (the desk address when there is no plain
    /// port: the TLS port serves the board too).
    pub board: String,
    /// The desk address's host is this machine's name, guessed because the server listens on every interface
    /// and was given neither `--san` nor `--desk-url`: a tablet on the venue's Wi-Fi may not find it.
    pub host_name_guessed: bool,
}

/// What the address is derived from: the command line's flags and the ports actually bound.
#[derive(Debug, Clone, Default)]
pub struct AddressFlags<'a> {
    /// The venue port (TLS, or plain with `--insecure-dev`).
    pub listen: Option<SocketAddr>,
    /// The public board's plain port (`--public-http`).
    pub public_http: Option<SocketAddr>,
    /// `--san` names and addresses, in the order given.
    pub sans: &'a [String],
    /// `--desk-url`, as typed.
    pub desk_url: Option<&'a str>,
    /// `--board-url`, as typed.
    pub board_url: Option<&'a str>,
    /// The venue port speaks TLS (not `--insecure-dev`).
    pub tls: bool,
    /// This machine's host name, the last resort for a server listening on every interface.
    pub host_name: Option<&'a str>,
}

/// A `--desk-url` or `--board-url` the server cannot use. The command line prints it and stops.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Not `scheme://host[:port]`: a path, a query, spaces, or no host.
    #[error("--{flag} {url:?}: give the address as {example} (no path after the port)")]
    NotAUrl {
        /// `desk-url` or `board-url`.
        flag: &'static str,
        /// As typed.
        url: String,
        /// What one looks like.
        example: &'static str,
    },
    /// An `http://` desk address while the desks' port speaks TLS.
    #[error(
        "--desk-url {0:?}: the desk pages are served over TLS, so the address starts with https://"
    )]
    NotHttps(String),
}

const DESK_EXAMPLE: &str = "https://192.168.1.10:7443";
const BOARD_EXAMPLE: &str = "http://192.168.1.10:8080";

impl VenueAddress {
    /// The address from the flags. Without `--desk-url` the host is the first `--san`, else the address the
    /// server listens on when it is a particular one, else the host name, else `127.0.0.1`; the port is the
    /// listen port. Without `--board-url` the board is that host on the `--public-http` port (plain HTTP), or the
    /// desk address when there is no plain port.
    ///
    /// # Examples
    ///
    /// ```
    /// use tengen_server::{AddressFlags, VenueAddress};
    /// let sans = ["192.168.1.10".to_string()];
    /// let flags = AddressFlags {
    ///     listen: Some("0.0.0.0:7443".parse().unwrap()),
    ///     public_http: Some("0.0.0.0:8080".parse().unwrap()),
    ///     sans: &sans,
    ///     tls: true,
    ///     ..AddressFlags::default()
    /// };
    /// let address = VenueAddress::derive(&flags).unwrap();
    /// assert_eq!(address.desk, "https://192.168.1.10:7443");
    /// assert_eq!(address.board, "http://192.168.1.10:8080");
    /// ```
    pub fn derive(flags: &AddressFlags) -> Result<VenueAddress, AddressError> {
        let desk = match flags.desk_url {
            Some(url) => {
                let url = origin(url, "desk-url", DESK_EXAMPLE)?;
                if flags.tls && !url.starts_with("https://") {
                    return Err(AddressError::NotHttps(url));
                }
                url
            }
            None => {
                let scheme = if flags.tls { "https" } else { "http" };
                let port = flags.listen.map_or(7443, |a| a.port());
                format!("{scheme}://{}:{port}", derived_host(flags))
            }
        };
        let board = match (flags.board_url, flags.public_http) {
            (Some(url), _) => origin(url, "board-url", BOARD_EXAMPLE)?,
            (None, Some(plain)) => {
                let host = host_of(&desk).unwrap_or_else(|| derived_host(flags));
                format!("http://{}:{}", bracketed(&host), plain.port())
            }
            (None, None) => desk.clone(),
        };
        let host_name_guessed = flags.desk_url.is_none() && derived_from_host_name(flags);
        Ok(VenueAddress {
            desk,
            board,
            host_name_guessed,
        })
    }

    /// The address of a server reached on `listen` only (tests, a server started without the command line).
    pub fn local(listen: SocketAddr, tls: bool) -> VenueAddress {
        let flags = AddressFlags {
            listen: Some(listen),
            tls,
            ..AddressFlags::default()
        };
        VenueAddress::derive(&flags).unwrap_or_else(|_| VenueAddress {
            desk: format!("https://{listen}"),
            board: format!("https://{listen}"),
            host_name_guessed: false,
        })
    }

    /// The desk sign-in page with `token` filled in (what a terminal's QR code opens). The page still asks for
    /// the volunteer's name before signing in.
    pub fn sign_in(&self, token: &str) -> String {
        let query = serde_urlencoded::to_string([("token", token)]).unwrap_or_default();
        format!("{}/desk/login?{query}", self.desk)
    }

    /// The desk sign-in page without a token.
    pub fn sign_in_page(&self) -> String {
        format!("{}/desk/login", self.desk)
    }

    /// The director's sign-in address with the director's `token`: signed in, the browser opens the director's
    /// page.
    pub fn director_sign_in(&self, token: &str) -> String {
        let query = serde_urlencoded::to_string([("token", token), ("next", "/desk/director")])
            .unwrap_or_default();
        format!("{}/desk/login?{query}", self.desk)
    }

    /// The one-page guide to trusting the venue's certificate, on the board's port.
    pub fn trust(&self) -> String {
        format!("{}/trust", self.board)
    }

    /// The desk address's host, as the server certificate must name it (without IPv6 brackets).
    pub fn desk_host(&self) -> Option<String> {
        host_of(&self.desk)
    }

    /// Does the desk address name this machine only (`127.0.0.1`, `localhost`, `::1`), which no tablet can open?
    pub fn is_loopback(&self) -> bool {
        self.desk_host().is_some_and(|h| {
            h.eq_ignore_ascii_case("localhost")
                || h.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
        })
    }
}

/// The host a derived address uses (see [`VenueAddress::derive`]).
fn derived_host(flags: &AddressFlags) -> String {
    let san = flags.sans.iter().map(|s| s.trim()).find(|s| !s.is_empty());
    if let Some(san) = san {
        return bracketed(san);
    }
    match flags.listen.map(|a| a.ip()) {
        Some(ip) if !ip.is_unspecified() => bracketed(&ip.to_string()),
        Some(_) => match flags.host_name.map(str::trim).filter(|h| !h.is_empty()) {
            Some(host) => host.to_string(),
            None => "127.0.0.1".into(),
        },
        None => "127.0.0.1".into(),
    }
}

/// Does [`derived_host`] fall back on the host name (no `--san`, listening on every interface)?
fn derived_from_host_name(flags: &AddressFlags) -> bool {
    let no_san = flags.sans.iter().all(|s| s.trim().is_empty());
    let everywhere = flags.listen.is_some_and(|a| a.ip().is_unspecified());
    let named = flags.host_name.is_some_and(|h| !h.trim().is_empty());
    no_san && everywhere && named
}

/// An IPv6 address in brackets, as a URL writes it; anything else as it is.
fn bracketed(host: &str) -> String {
    match host.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) => format!("[{v6}]"),
        _ => host.to_string(),
    }
}

/// `url` as `scheme://host[:port]`: an http(s) address with a host and nothing after it but a slash.
fn origin(url: &str, flag: &'static str, example: &'static str) -> Result<String, AddressError> {
    let bad = || AddressError::NotAUrl {
        flag,
        url: url.to_string(),
        example,
    };
    let typed = url.trim();
    if typed.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad());
    }
    let uri: Uri = typed.parse().map_err(|_| bad())?;
    let scheme = uri.scheme_str().map(str::to_ascii_lowercase);
    let authority = uri.authority().ok_or_else(bad)?;
    let bare = matches!(uri.path(), "" | "/") && uri.query().is_none();
    match scheme.as_deref() {
        Some(s @ ("http" | "https")) if bare && !authority.host().is_empty() => {
            if authority.as_str().contains('@') {
                return Err(bad());
            }
            Ok(format!("{s}://{}", authority.as_str().to_ascii_lowercase()))
        }
        _ => Err(bad()),
    }
}

/// The host of an origin made by [`origin`] or [`VenueAddress::derive`], without IPv6 brackets.
fn host_of(origin: &str) -> Option<String> {
    let uri: Uri = origin.parse().ok()?;
    let host = uri.host()?;
    Some(
        host.trim_start_matches('[')
            .trim_end_matches(']')
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags<'a>(listen: &str, public: Option<&str>, sans: &'a [String]) -> AddressFlags<'a> {
        AddressFlags {
            listen: Some(listen.parse().unwrap()),
            public_http: public.map(|p| p.parse().unwrap()),
            sans,
            tls: true,
            host_name: Some("laptop-1"),
            ..AddressFlags::default()
        }
    }

    #[test]
    fn the_first_san_and_the_listen_ports_make_the_address() {
        let sans = ["192.168.1.10".to_string(), "tengen.local".to_string()];
        let a = VenueAddress::derive(&flags("0.0.0.0:7443", Some("0.0.0.0:8080"), &sans)).unwrap();
        assert_eq!(a.desk, "https://192.168.1.10:7443");
        assert_eq!(a.board, "http://192.168.1.10:8080");
        assert_eq!(a.trust(), "http://192.168.1.10:8080/trust");
        assert!(!a.is_loopback());
        assert!(!a.host_name_guessed);
    }

    #[test]
    fn a_venue_name_is_never_replaced_by_the_loopback_address() {
        let sans = ["tengen.local".to_string()];
        let a = VenueAddress::derive(&flags("127.0.0.1:7443", None, &sans)).unwrap();
        assert_eq!(a.desk, "https://tengen.local:7443");
        assert_eq!(
            a.board, a.desk,
            "without a plain port the TLS port serves the board"
        );
    }

    #[test]
    fn without_a_san_the_listen_address_then_the_host_name_then_loopback() {
        let none: [String; 0] = [];
        let lan = VenueAddress::derive(&flags("192.168.1.7:7443", None, &none)).unwrap();
        assert_eq!(lan.desk, "https://192.168.1.7:7443");
        assert!(!lan.host_name_guessed);
        let any = VenueAddress::derive(&flags("0.0.0.0:7443", None, &none)).unwrap();
        assert_eq!(any.desk, "https://laptop-1:7443");
        assert!(
            any.host_name_guessed,
            "the start-up and the terminals page warn"
        );
        let mut named = flags("0.0.0.0:7443", None, &none);
        named.desk_url = Some("https://192.168.1.7:7443");
        assert!(!VenueAddress::derive(&named).unwrap().host_name_guessed);
        let readme = VenueAddress::local("127.0.0.1:7443".parse().unwrap(), true);
        assert_eq!(readme.desk, "https://127.0.0.1:7443");
        assert!(readme.is_loopback());
        let plain = VenueAddress::local("127.0.0.1:7443".parse().unwrap(), false);
        assert_eq!(plain.desk, "http://127.0.0.1:7443");
    }

    #[test]
    fn ipv6_hosts_are_bracketed() {
        let sans = ["fd00::10".to_string()];
        let a = VenueAddress::derive(&flags("[::]:7443", Some("[::]:8080"), &sans)).unwrap();
        assert_eq!(a.desk, "https://[fd00::10]:7443");
        assert_eq!(a.board, "http://[fd00::10]:8080");
        assert_eq!(a.desk_host().as_deref(), Some("fd00::10"));
    }

    #[test]
    fn given_urls_win_and_lose_their_trailing_slash() {
        let sans = ["192.168.1.10".to_string()];
        let mut f = flags("0.0.0.0:7443", Some("0.0.0.0:8080"), &sans);
        f.desk_url = Some(" https://Desks.Venue.example:443/ ");
        let a = VenueAddress::derive(&f).unwrap();
        assert_eq!(a.desk, "https://desks.venue.example:443");
        assert_eq!(
            a.board, "http://desks.venue.example:8080",
            "the board follows the desks' host"
        );
        f.board_url = Some("http://board.example/");
        assert_eq!(
            VenueAddress::derive(&f).unwrap().board,
            "http://board.example"
        );
    }

    #[test]
    fn a_desk_url_that_is_not_an_origin_is_refused() {
        let none: [String; 0] = [];
        for bad in [
            "192.168.1.10:7443",
            "https://",
            "https://x:7443/desk",
            "https://x:7443/?a=b",
            "ftp://x",
            "https://a b",
            "https://user@x:7443",
        ] {
            let mut f = flags("0.0.0.0:7443", None, &none);
            f.desk_url = Some(bad);
            assert!(
                matches!(VenueAddress::derive(&f), Err(AddressError::NotAUrl { .. })),
                "{bad:?}"
            );
        }
        let mut f = flags("0.0.0.0:7443", None, &none);
        f.desk_url = Some("http://192.168.1.10:7443");
        assert_eq!(
            VenueAddress::derive(&f),
            Err(AddressError::NotHttps("http://192.168.1.10:7443".into()))
        );
        f.tls = false;
        assert!(
            VenueAddress::derive(&f).is_ok(),
            "plain with --insecure-dev"
        );
    }

    #[test]
    fn the_sign_in_addresses_carry_the_token_and_the_directors_page() {
        let a = VenueAddress {
            desk: "https://192.168.1.10:7443".into(),
            board: "http://192.168.1.10:8080".into(),
            host_name_guessed: false,
        };
        assert_eq!(
            a.sign_in("tgn_ab12"),
            "https://192.168.1.10:7443/desk/login?token=tgn_ab12"
        );
        assert_eq!(
            a.director_sign_in("tgn_ab12"),
            "https://192.168.1.10:7443/desk/login?token=tgn_ab12&next=%2Fdesk%2Fdirector"
        );
    }
}
