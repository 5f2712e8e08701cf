//! Trusting the venue, on the public ports (the plain board port first: a device that does not trust the venue
//! CA yet can open it): `/venue-ca.crt`, the venue CA certificate to install, and `/trust`, a one-page guide with
//! a section per device (laptop browsers, Android, iPad and iPhone) and the CA's SHA-256 fingerprint to compare.
//! A terminal card's small QR code opens the guide.
//!
//! Serves the CA certificate only: never a key, never anything from the register.

use super::layout::{self, Page};
use super::{Web, WebError};
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use std::sync::Arc;

/// The venue CA as devices install it.
#[derive(Debug, Clone)]
pub struct VenueCa {
    /// The certificate in DER (what `/venue-ca.crt` serves).
    pub der: Vec<u8>,
    /// SHA-256 of the DER, `AB:CD:…`, as the server printed it at start.
    pub fingerprint: String,
}

impl VenueCa {
    /// The CA of a PEM text and its fingerprint; `None` when the text holds no certificate.
    pub fn from_pem(pem: &str, fingerprint: &str) -> Option<VenueCa> {
        Some(VenueCa {
            der: crate::tls::der(pem)?,
            fingerprint: fingerprint.to_string(),
        })
    }
}

/// The file name a device saves the certificate under.
const FILE_NAME: &str = "tengen-venue-ca.crt";

/// `GET /venue-ca.crt`: the CA certificate (DER), as browsers and phones install a CA.
pub async fn certificate(Shared(web): Shared<Arc<Web>>) -> Response {
    let Some(ca) = &web.ca else {
        return WebError::not_found(
            "This server runs without TLS (--insecure-dev): there is no venue certificate to install.",
        )
        .into_response();
    };
    (
        StatusCode::OK,
        [
            (
                header::CONTENT_TYPE,
                "application/x-x509-ca-cert".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{FILE_NAME}\""),
            ),
            (header::CACHE_CONTROL, "public, max-age=300".to_string()),
        ],
        ca.der.clone(),
    )
        .into_response()
}

/// `GET /trust`: the guide.
pub async fn guide(Shared(web): Shared<Arc<Web>>) -> Response {
    let desk = web.address.sign_in_page();
    let body = match &web.ca {
        Some(ca) => steps(&desk, &ca.fingerprint),
        None => html! {
            h1 { "Trust the venue" }
            p { "This server runs without TLS (development only): there is nothing to install." }
        },
    };
    let page = Page::plain("Trust the venue's desks".into(), body);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=60"),
        ],
        layout::document(&page, "", "").into_string(),
    )
        .into_response()
}

/// The guide's content: why, the download and its fingerprint, one section per device, and the check.
fn steps(desk: &str, fingerprint: &str) -> Markup {
    html! {
        h1 { "Trust the venue's desks" }
        p {
            "The desk pages (" code { (desk) } ") use the venue's own certificate. Install it once on each tablet or "
            "laptop that works at a desk; the desk pages then open without a warning. The public board needs nothing."
        }
        section #download {
            h2 { "1. Download the certificate" }
            p { a .big .primary #ca-download href="/venue-ca.crt" download=(FILE_NAME) { "Download the venue certificate" } }
            p { "Before you trust it, compare its SHA-256 fingerprint with this one (the device shows it in the "
                "certificate's details; the server printed it when it started):" }
            p .fingerprint { code #fingerprint { (fingerprint) } }
            p .note { "If they differ, stop and call the director: the file is not the venue's." }
        }
        h2 { "2. Install it on your device" }
        section #ipad .device {
            h3 { "iPad and iPhone" }
            ol {
                li { "Open this page in " strong { "Safari" } " and tap " em { "Download the venue certificate" } ", then " em { "Allow" } "." }
                li { "Open " strong { "Settings → General → VPN & Device Management" } ", tap " em { "Tengen venue CA" } ", then " em { "Install" } " (three times) and enter the passcode." }
                li { "Turn on full trust: " strong { "Settings → General → About → Certificate Trust Settings" } ", switch on " em { "Tengen venue CA" } " and tap " em { "Continue" } "." }
            }
            p .note { "The fingerprint is under the profile's " em { "More Details" } "." }
        }
        section #android .device {
            h3 { "Android" }
            ol {
                li { "Tap " em { "Download the venue certificate" } " above (in Chrome); it lands in Downloads." }
                li { "Open " strong { "Settings → Security" } " (on some phones " strong { "Security & privacy → More security settings → Encryption & credentials" } ") and tap " strong { "Install a certificate → CA certificate" } "." }
                li { "Tap " em { "Install anyway" } ", unlock, and choose " code { (FILE_NAME) } " from Downloads." }
            }
            p .note { "Check it under " em { "Trusted credentials → User" } "; Chrome on Android trusts it at once." }
        }
        section #windows .device {
            h3 { "Windows laptop (Chrome, Edge)" }
            ol {
                li { "Download the certificate and open the file." }
                li { "Click " em { "Install Certificate…" } ", choose " em { "Current User" } ", then " em { "Place all certificates in the following store → Browse → Trusted Root Certification Authorities" } ", and finish." }
                li { "Restart the browser." }
            }
        }
        section #macos .device {
            h3 { "Mac (Safari, Chrome)" }
            ol {
                li { "Download the certificate and open the file: Keychain Access adds it to the " em { "login" } " keychain." }
                li { "Double-click " em { "Tengen venue CA" } ", open " em { "Trust" } " and set " em { "When using this certificate" } " to " strong { "Always Trust" } "; close and enter your password." }
            }
        }
        section #linux .device {
            h3 { "Linux (Chrome, Chromium)" }
            ol {
                li { "Download the certificate." }
                li { "Open " strong { "Settings → Privacy and security → Security → Manage certificates → Authorities" } ", click " em { "Import" } ", choose the file and tick " em { "Trust this certificate for identifying websites" } "." }
            }
        }
        section #firefox .device {
            h3 { "Firefox (any laptop)" }
            ol {
                li { "Firefox keeps its own list: open " strong { "Settings → Privacy & Security → Certificates → View Certificates… → Authorities" } "." }
                li { "Click " em { "Import…" } ", choose the file and tick " em { "Trust this CA to identify websites" } "." }
            }
        }
        section #check {
            h2 { "3. Check" }
            p { "Open " a href=(desk) { (desk) } ": the sign-in page appears without a warning. Then scan the terminal's card." }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_has_a_section_per_device_and_the_fingerprint() {
        let html = steps("https://192.168.1.10:7443/desk/login", "AB:CD").into_string();
        for id in ["ipad", "android", "windows", "macos", "linux", "firefox"] {
            assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
        }
        assert!(html.contains("<code id=\"fingerprint\">AB:CD</code>"));
        assert!(html.contains("Certificate Trust Settings"));
        assert!(html.contains("VPN &amp; Device Management"));
        assert!(html.contains("href=\"/venue-ca.crt\""));
    }
}
