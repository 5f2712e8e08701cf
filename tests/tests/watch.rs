//! `Watch` from 0 replays the whole durable history in order (contiguous sequence numbers, an unbroken hash
//! chain) and then delivers new entries live.

use std::time::Duration;
use tengen_tests::{enter, pb, player, Venue};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_from_zero_replays_history_in_order_then_streams_live() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let main = director.create_tournament("Main", 5).await?;
    let mut registered = Vec::new();
    for i in 0..12 {
        registered.push(
            desk.register_player(
                player("Watch", &format!("Player{i}"), "3k"),
                vec![enter(main.id)],
            )
            .await?,
        );
    }
    let first = registered[0].clone();
    desk.update_player(
        first.id,
        first.revision,
        pb::ParticipantFields {
            club: "Paris".into(),
            ..first.fields.clone().unwrap()
        },
    )
    .await?;
    let last = director.last_seq().await?;
    assert!(
        last >= 16,
        "bootstrap token + desk token + tournament + 12 registrations + 1 update, got {last}"
    );

    let watcher = venue.desk("screen", pb::Role::Viewer).await?;
    let mut stream = watcher.watch(0).await?;
    let mut history = Vec::new();
    while history.len() < last as usize {
        let e = tokio::time::timeout(Duration::from_secs(10), stream.message())
            .await??
            .ok_or_else(|| anyhow::anyhow!("stream ended after {} entries", history.len()))?;
        history.push(e);
    }
    // The viewer's token was created after `last`, so history holds one more entry; read it too.
    let extra = tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await??
        .unwrap();
    history.push(extra);

    for (i, e) in history.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "entries arrive in order with no gap");
        assert_eq!(e.hash.len(), 32, "entry {} has a SHA-256 hash", e.seq);
        let expected_prev = if i == 0 {
            vec![0u8; 32]
        } else {
            history[i - 1].hash.clone()
        };
        assert_eq!(
            e.prev_hash, expected_prev,
            "entry {} chains to the one before",
            e.seq
        );
        assert!(!e.events.is_empty(), "entry {} carries events", e.seq);
        assert!(
            !e.request_id.is_empty() && e.timestamp_ms > 0,
            "entry {} says who and when",
            e.seq
        );
        assert!(e.payload.is_empty(), "a viewer never gets the stored bytes");
    }
    let hashes: std::collections::HashSet<_> = history.iter().map(|e| e.hash.clone()).collect();
    assert_eq!(hashes.len(), history.len(), "every entry has its own hash");
    let in_log: Vec<u64> = history
        .iter()
        .flat_map(|e| &e.events)
        .filter(|ev| ev.kind == "ParticipantRegistered")
        .filter_map(|ev| match &ev.subject {
            Some(pb::event::Subject::Participant(p)) => Some(p.id),
            _ => None,
        })
        .collect();
    assert_eq!(
        in_log,
        registered.iter().map(|p| p.id).collect::<Vec<_>>(),
        "registrations replay in commit order"
    );
    assert!(history
        .iter()
        .any(|e| e.terminal == "reg-1" && e.role == pb::Role::Registration as i32));

    // Live: a new command shows up on the open stream within a few seconds.
    let request_id = format!("live-{}", rand::random::<u64>());
    let live_player = desk
        .register_with_id(
            &request_id,
            player("Live", "Arrival", "1d"),
            vec![enter(main.id)],
        )
        .await?;
    let live = tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .map_err(|_| anyhow::anyhow!("no live entry within 5 s"))??
        .ok_or_else(|| anyhow::anyhow!("stream ended"))?;
    assert_eq!(live.seq, history.len() as u64 + 1);
    assert_eq!(live.prev_hash, history.last().unwrap().hash);
    assert_eq!(live.request_id, request_id);
    assert_eq!(live.terminal, "reg-1");
    assert_eq!(live.events[0].kind, "ParticipantRegistered");
    match &live.events[0].subject {
        Some(pb::event::Subject::Participant(p)) => assert_eq!(p.id, live_player.id),
        other => panic!("the live entry carries the participant, got {other:?}"),
    }

    // Watching from the middle starts exactly there and chains to the entry before it.
    let mut mid = watcher.watch(5).await?;
    let fifth = tokio::time::timeout(Duration::from_secs(5), mid.message())
        .await??
        .unwrap();
    assert_eq!(fifth.seq, 5);
    assert_eq!(fifth.hash, history[4].hash);
    assert_eq!(fifth.prev_hash, history[3].hash);

    // The director (and a replica) get the stored bytes a standby needs.
    let mut full = director.watch(1).await?;
    let one = tokio::time::timeout(Duration::from_secs(5), full.message())
        .await??
        .unwrap();
    assert_eq!(one.seq, 1);
    assert!(
        one.payload.len() > 32 && one.payload[..32] == one.hash[..],
        "payload = hash ‖ body"
    );

    Ok(())
}

/// Reads `stream` until it ends, for at most `within`: the entries it delivered and how it ended.
async fn drain(
    stream: &mut tonic::Streaming<pb::LogEntry>,
    within: Duration,
) -> anyhow::Result<(Vec<pb::LogEntry>, Option<tonic::Status>)> {
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.message()).await {
            Err(_) => anyhow::bail!("the stream was still open after {within:?}"),
            Ok(Ok(Some(e))) => seen.push(e),
            Ok(Ok(None)) => return Ok((seen, None)),
            Ok(Err(status)) => return Ok((seen, Some(status))),
        }
    }
}

/// Issue 13: revoking a token ends its open `Watch` stream at once — a viewer's screen and a standby's replication
/// stream alike — with `UNAUTHENTICATED`, and no entry written after the revocation reaches it. Other watchers
/// go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_revoking_a_token_ends_its_watch_stream_at_once() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let mut tokens = Vec::new();
    let mut streams = Vec::new();
    for (name, role) in [
        ("screen", pb::Role::Viewer),
        ("standby", pb::Role::Replica),
        ("other-screen", pb::Role::Viewer),
    ] {
        let (info, secret) = director.create_token(name, role).await?;
        let desk = venue.connect(name, &secret).await?;
        let mut stream = desk.watch(1).await?;
        assert!(stream.message().await?.is_some(), "{name} streams");
        tokens.push(info.id);
        streams.push(stream);
    }
    let [screen, standby, other] = &mut streams[..] else {
        unreachable!()
    };
    for (victim, stream) in [(tokens[0], screen), (tokens[1], standby)] {
        director.revoke_token(victim).await?;
        let revoked_at = director.last_seq().await?;
        // Something written after the revocation must not reach the revoked watcher.
        let after = format!("Revocation of {victim}");
        director
            .register_player(player("After", &after, "5k"), vec![])
            .await?;
        let (seen, end) = drain(stream, Duration::from_secs(5)).await?;
        let end = end.ok_or_else(|| anyhow::anyhow!("the stream ended without a status"))?;
        assert_eq!(end.code(), tonic::Code::Unauthenticated, "{end:?}");
        assert!(
            seen.iter().all(|e| e.seq < revoked_at),
            "nothing from the revocation (entry {revoked_at}) on reaches it: {:?}",
            seen.iter().map(|e| e.seq).collect::<Vec<_>>()
        );
    }
    // The third watcher still gets everything, up to the latest entry.
    let last = director.last_seq().await?;
    let mut latest = 0;
    while latest < last {
        latest = tokio::time::timeout(Duration::from_secs(10), other.message())
            .await??
            .ok_or_else(|| anyhow::anyhow!("the other watcher's stream ended"))?
            .seq;
    }
    Ok(())
}
