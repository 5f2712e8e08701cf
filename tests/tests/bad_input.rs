//! Malformed and oversized inputs are refused cleanly (`INVALID_ARGUMENT` with a message naming the field, or a
//! size refusal), change nothing, and the server keeps serving — also after garbage bytes on its TLS port.

use rand::RngCore;
use std::sync::Arc;
use std::time::Duration;
use tengen_tests::{code_of, enter, meta, meta_id, pb, player, Venue};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic::Code;

fn register(
    fields: pb::ParticipantFields,
    enter: Vec<pb::EnterSpec>,
) -> pb::RegisterParticipantRequest {
    pb::RegisterParticipantRequest {
        meta: meta(),
        fields: Some(fields),
        enter,
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_registrations_are_invalid_argument_and_change_nothing() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let ok = || player("Valid", "Player", "3k");
    let long = "x".repeat(201);
    let cases: Vec<(&str, pb::RegisterParticipantRequest, &str)> = vec![
        (
            "empty family name",
            register(player("", "Anna", "3k"), vec![]),
            "family_name",
        ),
        (
            "blank given name",
            register(player("Berg", "   ", "3k"), vec![]),
            "given_name",
        ),
        (
            "family name of 201 chars",
            register(player(&long, "Anna", "3k"), vec![]),
            "family_name",
        ),
        (
            "given name of 201 chars",
            register(player("Berg", &long, "3k"), vec![]),
            "given_name",
        ),
        (
            "control character in a name",
            register(player("Be\u{7}rg", "Anna", "3k"), vec![]),
            "family_name",
        ),
        (
            "rank 99k",
            register(player("Berg", "Anna", "99k"), vec![]),
            "rank",
        ),
        (
            "rank 10d",
            register(player("Berg", "Anna", "10d"), vec![]),
            "rank",
        ),
        (
            "empty rank",
            register(player("Berg", "Anna", ""), vec![]),
            "rank",
        ),
        (
            "rank gibberish",
            register(player("Berg", "Anna", "strong"), vec![]),
            "rank",
        ),
        (
            "country XX",
            register(
                pb::ParticipantFields {
                    country: "XX".into(),
                    ..ok()
                },
                vec![],
            ),
            "country",
        ),
        (
            "country UK",
            register(
                pb::ParticipantFields {
                    country: "UK".into(),
                    ..ok()
                },
                vec![],
            ),
            "country",
        ),
        (
            "country France",
            register(
                pb::ParticipantFields {
                    country: "France".into(),
                    ..ok()
                },
                vec![],
            ),
            "country",
        ),
        (
            "club of 201 chars",
            register(
                pb::ParticipantFields {
                    club: long.clone(),
                    ..ok()
                },
                vec![],
            ),
            "club",
        ),
        (
            "notes over 2000 chars",
            register(
                pb::ParticipantFields {
                    notes: "n".repeat(2001),
                    ..ok()
                },
                vec![],
            ),
            "notes",
        ),
        (
            "rating out of scale",
            register(
                pb::ParticipantFields {
                    rating: Some(9999),
                    ..ok()
                },
                vec![],
            ),
            "rating",
        ),
        (
            "negative fee",
            register(
                pb::ParticipantFields {
                    fee_cents: -1,
                    ..ok()
                },
                vec![],
            ),
            "fee_cents",
        ),
        (
            "round 0",
            register(
                ok(),
                vec![pb::EnterSpec {
                    tournament_id: main,
                    rounds: vec![0, 1],
                }],
            ),
            "round",
        ),
        (
            "round 6 of 5",
            register(
                ok(),
                vec![pb::EnterSpec {
                    tournament_id: main,
                    rounds: vec![1, 6],
                }],
            ),
            "round",
        ),
        (
            "same tournament twice",
            register(ok(), vec![enter(main), enter(main)]),
            "enter",
        ),
        (
            "missing fields",
            pb::RegisterParticipantRequest {
                meta: meta(),
                ..Default::default()
            },
            "fields",
        ),
        (
            "missing request id",
            pb::RegisterParticipantRequest {
                meta: None,
                fields: Some(ok()),
                ..Default::default()
            },
            "request_id",
        ),
        (
            "blank request id",
            pb::RegisterParticipantRequest {
                meta: meta_id("  "),
                fields: Some(ok()),
                ..Default::default()
            },
            "request_id",
        ),
        (
            "request id of 129 chars",
            pb::RegisterParticipantRequest {
                meta: meta_id(&"r".repeat(129)),
                fields: Some(ok()),
                ..Default::default()
            },
            "request_id",
        ),
    ];
    let before = director.last_seq().await?;
    for (what, req, field) in cases {
        let r = desk.register.clone().register_participant(req).await;
        assert_eq!(code_of(&r), Code::InvalidArgument, "{what}: {r:?}");
        let msg = r.unwrap_err().message().to_string();
        assert!(
            msg.contains(field) || msg.contains(&field.replace('_', " ")),
            "{what}: the message names {field}: {msg:?}"
        );
        assert!(
            msg.len() < 300,
            "{what}: a short message a volunteer can read: {msg:?}"
        );
    }

    // Other commands check their arguments too.
    let p = desk.register_player(ok(), vec![enter(main)]).await?;
    let after_good = director.last_seq().await?;
    assert_eq!(
        after_good,
        before + 1,
        "only the valid registration was written"
    );
    let mut reg = desk.register.clone();
    let r = reg
        .set_rounds(pb::SetRoundsRequest {
            meta: meta(),
            participant_id: p.id,
            tournament_id: main,
            rounds: vec![7],
            expected_revision: 0,
        })
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "set rounds outside 1..5: {r:?}"
    );
    let r = reg
        .update_participant(pb::UpdateParticipantRequest {
            meta: meta(),
            id: p.id,
            expected_revision: 0,
            fields: Some(ok()),
            different_person: false,
        })
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "update without a revision: {r:?}"
    );
    let r = desk
        .update_player(p.id, p.revision, player("Valid", "", "3k"))
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "update to an empty name: {r:?}"
    );
    let r = reg
        .list_participants(pb::ListParticipantsRequest {
            status: 42,
            ..Default::default()
        })
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "unknown status filter: {r:?}"
    );
    let r = reg
        .find_participants(pb::FindParticipantsRequest {
            query: "q".repeat(201),
            limit: 0,
        })
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "query over 200 chars: {r:?}"
    );
    for rounds in [0, 21] {
        let r = director.create_tournament("Too odd", rounds).await;
        assert_eq!(
            code_of(&r),
            Code::InvalidArgument,
            "tournament of {rounds} rounds: {r:?}"
        );
    }
    let r = director.create_tournament("", 5).await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "unnamed tournament: {r:?}"
    );
    let r = director
        .register
        .clone()
        .update_event(pb::UpdateEventRequest {
            meta: meta(),
            event: Some(pb::EventInfo {
                name: "Congress".into(),
                start_date: "2026-13-40".into(),
                ..Default::default()
            }),
            expected_revision: 0,
        })
        .await;
    assert_eq!(code_of(&r), Code::InvalidArgument, "impossible date: {r:?}");
    let r = director.create_token("", pb::Role::Viewer).await;
    assert_eq!(code_of(&r), Code::InvalidArgument, "unnamed token: {r:?}");
    let r = director.create_token("desk-9", pb::Role::Unspecified).await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "token without a role: {r:?}"
    );
    assert_eq!(
        director.last_seq().await?,
        after_good,
        "no refused command was written"
    );
    // The register's answer to a write carries no fee account; GetParticipant computes one.
    assert_eq!(
        pb::Participant {
            account: None,
            ..director.get(p.id).await?
        },
        p,
        "the valid player is untouched"
    );

    // Boundaries are accepted: 200 characters (multi-byte), ranks as volunteers type them.
    let edge = desk
        .register_player(player(&"é".repeat(200), "Ω", "2-D"), vec![])
        .await?;
    assert_eq!(edge.rank, "2d");
    for (typed, canonical) in [
        ("15 kyu", "15k"),
        ("2D", "2d"),
        ("30k", "30k"),
        ("9p", "9p"),
    ] {
        let p = desk
            .register_player(player("Rank", typed, typed), vec![])
            .await?;
        assert_eq!(p.rank, canonical, "{typed}");
    }
    Ok(())
}

/// The issue lists "unknown tournament" among the bad inputs answered with `INVALID_ARGUMENT`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registering_into_an_unknown_tournament_is_refused_and_changes_nothing(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let before = director.last_seq().await?;
    let r = desk
        .register_player(player("Lost", "Soul", "3k"), vec![enter(main + 100)])
        .await;
    assert_eq!(code_of(&r), Code::InvalidArgument, "{r:?}");
    assert!(r.unwrap_err().message().contains("tournament"));
    assert_eq!(director.last_seq().await?, before);
    assert!(director.list_all().await?.is_empty());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_requests_are_refused_and_the_server_keeps_serving() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let before = director.last_seq().await?;
    for size in [1 << 20, 300 * 1024, 8 << 20] {
        let fields = pb::ParticipantFields {
            notes: "a".repeat(size),
            ..player("Huge", "Request", "3k")
        };
        let r = desk
            .register
            .clone()
            .register_participant(register(fields, vec![]))
            .await;
        assert!(
            matches!(code_of(&r), Code::ResourceExhausted | Code::OutOfRange),
            "a {size}-byte request is refused as too large: {:?}",
            code_of(&r)
        );
    }
    // A huge search query and a huge token name are refused the same way.
    let r = desk
        .register
        .clone()
        .find_participants(pb::FindParticipantsRequest {
            query: "q".repeat(1 << 20),
            limit: 0,
        })
        .await;
    assert!(
        matches!(code_of(&r), Code::ResourceExhausted | Code::OutOfRange),
        "{:?}",
        code_of(&r)
    );
    assert_eq!(director.last_seq().await?, before, "nothing was written");
    // The same connection and a new one still work.
    desk.register_player(player("Normal", "Request", "3k"), vec![])
        .await?;
    venue
        .desk("reg-2", pb::Role::Registration)
        .await?
        .register_player(player("Another", "One", "3k"), vec![])
        .await?;
    assert_eq!(director.list_all().await?.len(), 2);
    Ok(())
}

async fn read_until_closed(stream: &mut (impl AsyncReadExt + Unpin)) -> anyhow::Result<()> {
    let mut buf = [0u8; 4096];
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => continue,
            }
        }
    })
    .await
    .map_err(|_| anyhow::anyhow!("the server kept a garbage connection open for 10 s"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_bytes_on_the_tls_port_do_not_hurt_the_server() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let addr = format!("127.0.0.1:{}", venue.port());

    // An idle connection that never says anything must not block anyone else.
    let _idle = tokio::net::TcpStream::connect(&addr).await?;

    // Raw garbage instead of a TLS handshake, from many connections at once.
    let mut tasks = Vec::new();
    for i in 0..16 {
        let addr = addr.clone();
        tasks.push(tokio::spawn(async move {
            let mut s = tokio::net::TcpStream::connect(&addr).await?;
            let mut junk = vec![0u8; 64 * 1024];
            rand::rng().fill_bytes(&mut junk);
            if i % 2 == 0 {
                junk[..16].copy_from_slice(b"GET / HTTP/1.1\r\n");
            }
            let _ = s.write_all(&junk).await;
            read_until_closed(&mut s).await
        }));
    }
    for t in tasks {
        t.await??;
    }

    // A proper TLS session that then sends garbage instead of HTTP/2.
    let mut roots = rustls::RootCertStore::empty();
    let ca = venue.ca_pem()?;
    for cert in
        <rustls::pki_types::CertificateDer as rustls::pki_types::pem::PemObject>::pem_slice_iter(
            &ca,
        )
    {
        roots.add(cert?)?;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    for _ in 0..4 {
        let tcp = tokio::net::TcpStream::connect(&addr).await?;
        let name = rustls::pki_types::ServerName::try_from("localhost")?;
        let mut tls = connector.connect(name, tcp).await?;
        let mut junk = vec![0u8; 32 * 1024];
        rand::rng().fill_bytes(&mut junk);
        let _ = tls.write_all(&junk).await;
        let _ = tls.flush().await;
        read_until_closed(&mut tls).await?;
    }

    // Still serving: the existing desk and a brand-new one.
    desk.register_player(player("After", "Garbage", "3k"), vec![])
        .await?;
    let viewer = venue.desk("screen", pb::Role::Viewer).await?;
    assert_eq!(viewer.find("after garb").await?.len(), 1);
    Ok(())
}

/// Issue 13: a bad value is never echoed whole. A 50,000-character rank (and country, tie-break name, time
/// system) is `INVALID_ARGUMENT` with a short message that names the field and quotes only the value's start, so
/// a standard client reads it instead of failing on an oversized `grpc-message` header.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_huge_bad_values_get_a_short_invalid_argument() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let huge = "x".repeat(50_000);
    let before = director.last_seq().await?;
    let r = director
        .register_player(player("Long", "Rank", &huge), vec![])
        .await;
    let country = pb::ParticipantFields {
        country: huge.clone(),
        ..player("Long", "Country", "3k")
    };
    let r2 = director.register_player(country, vec![]).await;
    let r3 = director
        .register
        .clone()
        .create_tournament(pb::CreateTournamentRequest {
            meta: meta(),
            settings: Some(pb::TournamentSettings {
                name: "Main".into(),
                rounds: 5,
                pairing_system: huge.clone(),
                ..Default::default()
            }),
        })
        .await;
    for (field, r) in [
        ("rank", r.map(|_| ())),
        ("country", r2.map(|_| ())),
        ("pairing system", r3.map(|_| ())),
    ] {
        let status = r.expect_err("refused");
        assert_eq!(status.code(), Code::InvalidArgument, "{field}: {status:?}");
        let message = status.message();
        assert!(message.len() < 300, "{field}: {} bytes", message.len());
        assert!(message.contains(field), "{field}: {message}");
        assert!(
            message.to_lowercase().contains("xxxx…\""),
            "{field}: quotes only the start: {message}"
        );
    }
    assert_eq!(director.last_seq().await?, before, "nothing was written");
    Ok(())
}

/// Raw message bytes for a unary call: what a broken or hostile client might send.
#[derive(Clone, Copy, Default)]
struct RawCodec;

impl tonic::codec::Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawCodec;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> RawCodec {
        RawCodec
    }

    fn decoder(&mut self) -> RawCodec {
        RawCodec
    }
}

impl tonic::codec::Encoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn encode(
        &mut self,
        item: Vec<u8>,
        dst: &mut tonic::codec::EncodeBuf<'_>,
    ) -> Result<(), tonic::Status> {
        prost::bytes::BufMut::put_slice(dst, &item);
        Ok(())
    }
}

impl tonic::codec::Decoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn decode(
        &mut self,
        src: &mut tonic::codec::DecodeBuf<'_>,
    ) -> Result<Option<Vec<u8>>, tonic::Status> {
        use prost::bytes::Buf;
        let bytes = src.chunk().to_vec();
        src.advance(bytes.len());
        Ok(Some(bytes))
    }
}

/// Sends `body` as the message of the unary (or server-streaming) call `path`, with `bearer`.
async fn raw_call(
    channel: &tonic::transport::Channel,
    bearer: tengen_tests::Bearer,
    path: &'static str,
    body: Vec<u8>,
) -> anyhow::Result<Result<(), tonic::Status>> {
    let service = tonic::service::interceptor::InterceptedService::new(channel.clone(), bearer);
    let mut grpc = tonic::client::Grpc::new(service);
    grpc.ready()
        .await
        .map_err(|e| anyhow::anyhow!("not ready: {}", Into::<tonic::codegen::StdError>::into(e)))?;
    let path = tonic::codegen::http::uri::PathAndQuery::from_static(path);
    let r = if path.as_str().ends_with("/Watch") {
        grpc.server_streaming(tonic::Request::new(body), path, RawCodec)
            .await
            .map(|_| ())
    } else {
        grpc.unary(tonic::Request::new(body), path, RawCodec)
            .await
            .map(|_| ())
    };
    Ok(r)
}

/// Issue 13: a request body the server cannot decode is the client's fault — `INVALID_ARGUMENT`, never
/// `INTERNAL` — on reads, writes, streams and the open health check alike; random bytes never get `INTERNAL`,
/// and the server keeps serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_undecodable_requests_are_invalid_argument() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let before = director.last_seq().await?;
    let channel = tengen_tests::tls_channel(&venue.url(), venue.ca_pem()?, "localhost").await?;
    let bearer = tengen_tests::Bearer::token(venue.director_token());
    // Field 1 with wire type 7, which does not exist: no Protobuf decoder accepts it.
    let undecodable = vec![0x0f, 0x01, 0x02, 0x03];
    for path in [
        "/tengen.v1.Register/GetParticipant",
        "/tengen.v1.Register/RegisterParticipant",
        "/tengen.v1.Admin/CreateToken",
        "/tengen.v1.Log/Watch",
        "/grpc.health.v1.Health/Check",
    ] {
        let status = raw_call(&channel, bearer.clone(), path, undecodable.clone())
            .await?
            .expect_err("undecodable");
        assert_eq!(status.code(), Code::InvalidArgument, "{path}: {status:?}");
        assert!(
            status.message().contains("failed to decode"),
            "{path}: {}",
            status.message()
        );
    }
    for _ in 0..40 {
        let mut junk = vec![0u8; 1 + (rand::random::<u8>() as usize)];
        rand::rng().fill_bytes(&mut junk);
        let r = raw_call(
            &channel,
            bearer.clone(),
            "/tengen.v1.Register/GetParticipant",
            junk.clone(),
        )
        .await?;
        assert!(
            matches!(
                code_of(&r),
                Code::InvalidArgument | Code::NotFound | Code::Ok
            ),
            "{junk:02x?}: {r:?}"
        );
    }
    assert_eq!(director.last_seq().await?, before, "nothing was written");
    director.create_tournament("Still", 5).await?;
    Ok(())
}
