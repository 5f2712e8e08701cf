//! Transport security: the server speaks TLS only (a plaintext h2c client is refused unless the server was started
//! with `--insecure-dev`), a client that does not trust the venue CA or expects another name fails the handshake,
//! and the first start leaves the venue CA and a private director token in the data directory.

use std::time::Duration;
use tengen_tests::{pb, player, tls_channel, Desk, Venue};
use tonic::transport::Channel;

/// Connects with plaintext HTTP/2 (h2c) and asks WhoAmI with `token`; `Err` if anything on the way fails.
async fn plaintext_who_am_i(port: u16, token: &str) -> anyhow::Result<pb::WhoAmIResponse> {
    let channel = Channel::from_shared(format!("http://127.0.0.1:{port}"))?
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(5))
        .connect()
        .await?;
    Ok(Desk::over(channel, "plain", token).who_am_i().await?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plaintext_client_is_refused_by_default() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let r = plaintext_who_am_i(venue.port(), venue.director_token()).await;
    assert!(r.is_err(), "plaintext must not reach the API: {r:?}");
    // The TLS port is still serving after the plaintext attempt.
    venue
        .director()
        .await?
        .register_player(player("Still", "Serving", "3k"), vec![])
        .await?;
    Ok(())
}

/// The control for the test above: the same plaintext client does work against an `--insecure-dev` server, so its
/// refusal above is the server's TLS at work and not a broken client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_plaintext_client_works_only_with_insecure_dev() -> anyhow::Result<()> {
    let venue = Venue::start_insecure().await?;
    let who = plaintext_who_am_i(venue.port(), venue.director_token()).await?;
    assert_eq!(who.role, pb::Role::Director as i32);
    assert!(
        !venue.data_dir().join("ca.pem").exists(),
        "no certificates in insecure mode"
    );
    assert!(
        venue.logs().contains("WARNING: --insecure-dev"),
        "the operator is warned"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_trust_the_venue_ca_fails_the_handshake() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let before = director.last_seq().await?;

    // Some other CA (another venue's, or an attacker's).
    let mut params = rcgen::CertificateParams::new(vec!["localhost".to_string()])?;
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let other_ca = params.self_signed(&rcgen::KeyPair::generate()?)?.pem();
    let attempt = async {
        let channel = tls_channel(&venue.url(), other_ca.into_bytes(), "localhost").await?;
        Desk::over(channel, "mallory", venue.director_token())
            .who_am_i()
            .await
            .map_err(anyhow::Error::from)
    };
    let r = attempt.await;
    assert!(
        r.is_err(),
        "a client trusting another CA must not get through: {r:?}"
    );

    // The right CA but a name the certificate does not cover.
    let r = async {
        let channel = tls_channel(&venue.url(), venue.ca_pem()?, "tengen.example.com").await?;
        Desk::over(channel, "wrong-name", venue.director_token())
            .who_am_i()
            .await
            .map_err(anyhow::Error::from)
    }
    .await;
    assert!(
        r.is_err(),
        "a name outside the certificate must fail verification: {r:?}"
    );

    // Every name the certificate promises works: localhost, 127.0.0.1.
    for name in ["localhost", "127.0.0.1"] {
        let channel = tls_channel(&venue.url(), venue.ca_pem()?, name).await?;
        let who = Desk::over(channel, name, venue.director_token())
            .who_am_i()
            .await?;
        assert_eq!(who.role, pb::Role::Director as i32, "{name}");
    }
    assert_eq!(director.last_seq().await?, before);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_start_writes_the_venue_ca_and_a_private_director_token() -> anyhow::Result<()> {
    let mut venue = Venue::start().await?;
    let data = venue.data_dir();
    let ca = String::from_utf8(venue.ca_pem()?)?;
    assert!(ca.starts_with("-----BEGIN CERTIFICATE-----"), "{ca}");
    let token_file = data.join("director.token");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&token_file)?.permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "director.token is private: {mode:o}");
    }
    let logs = venue.logs();
    let fingerprint = tengen_server::tls::fingerprint(&ca).expect("a certificate");
    assert!(
        logs.contains(&format!("https://127.0.0.1:{}", venue.port())),
        "{logs}"
    );
    assert!(
        logs.contains(&data.join("ca.pem").display().to_string()),
        "prints the CA path: {logs}"
    );
    assert!(
        logs.contains(&fingerprint),
        "prints the CA fingerprint {fingerprint}: {logs}"
    );
    assert!(
        logs.contains(venue.director_token()),
        "prints the director token once"
    );

    assert!(
        logs.contains(&format!(
            "sign in at https://127.0.0.1:{}/desk/login?token={}",
            venue.port(),
            venue.director_token()
        )),
        "prints the director's sign-in address with the token: {logs}"
    );

    // A restart keeps the CA and the token, and does not print the token again (the first start printed it on
    // its own line and in the sign-in address).
    let token = venue.director_token().to_string();
    let shown = logs.matches(&token).count();
    venue.kill9()?;
    venue.restart().await?;
    assert_eq!(
        String::from_utf8(venue.ca_pem()?)?,
        ca,
        "same venue CA after a restart"
    );
    assert_eq!(venue.director_token(), token);
    assert_eq!(
        venue.logs().matches(&token).count(),
        shown,
        "the director token is shown on first start only"
    );
    Ok(())
}
