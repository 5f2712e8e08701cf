//! The replicated log end to end: a standby follows the primary over TLS, answers wait for it (sync), a frozen
//! standby raises an alarm and catches up, a corrupted entry stops it loudly, 16 desks survive `kill -9` of the
//! primary and a promotion without operator help and without a command applied twice, the old primary rejoins as
//! a standby with an identical log, a primary that steps down never acknowledges an entry it discards, and a backup
//! restores to the same state and standings.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use tengen_tests::pair::{admin, pair, Node};
use tengen_tests::{pb, tls_channel, Desk};
use tokio::sync::Mutex;

async fn wait_caught_up(standby: &Desk, seq: u64) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let s = standby.status().await?;
        if s.last_seq >= seq {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("the standby stayed at {} (wanted {seq}): {s:?}", s.last_seq);
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn hashes(desk: &Desk, last: u64) -> anyhow::Result<Vec<(u64, Vec<u8>)>> {
    Ok(desk
        .read_log(last)
        .await?
        .into_iter()
        .map(|e| (e.seq, e.hash))
        .collect())
}

async fn tournament(desk: &Desk) -> anyhow::Result<u64> {
    Ok(desk.create_tournament("Main", 5).await?.id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_standby_follows_waits_for_acks_and_catches_up_after_a_freeze() -> anyhow::Result<()> {
    let p = pair(&[], 400).await?;
    let primary = p.primary.desk(&p.director).await?;
    let standby = p.standby.desk(&p.director).await?;
    let t = tournament(&primary).await?;
    for i in 0..20 {
        primary
            .register_player(
                tengen_tests::player(&format!("Follow{i}"), "A", "3k"),
                vec![tengen_tests::enter(t)],
            )
            .await?;
    }
    // Sync mode: once answered, the standby already has the entry.
    let st = primary.status().await?;
    assert_eq!(st.replication, "sync", "{st:?}");
    assert_eq!(st.standby_acked_seq, st.last_seq, "{st:?}");
    assert_eq!(standby.status().await?.last_seq, st.last_seq);
    let ss = standby.status().await?;
    assert_eq!(ss.mode, "standby");
    assert_eq!(ss.primary, p.primary.url());
    // Reads work on the standby; writes are refused naming the primary.
    assert_eq!(standby.find("follow1").await?.len(), 11);
    let refused = standby
        .register_player(tengen_tests::player("Nope", "A", "3k"), vec![])
        .await
        .expect_err("a standby takes no writes");
    assert_eq!(refused.code(), tonic::Code::Unavailable);
    assert!(refused.message().contains(&p.primary.url()), "{refused:?}");

    // Freeze the standby: the next answer waits the ack timeout once, then the primary continues alone with an
    // alarm; later answers do not wait.
    p.standby.signal("STOP")?;
    let started = Instant::now();
    primary
        .register_player(tengen_tests::player("Frozen", "A", "3k"), vec![])
        .await?;
    assert!(
        started.elapsed() >= Duration::from_millis(350),
        "{:?}",
        started.elapsed()
    );
    let started = Instant::now();
    for i in 0..10 {
        primary
            .register_player(
                tengen_tests::player(&format!("Alone{i}"), "A", "3k"),
                vec![],
            )
            .await?;
    }
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
    let st = primary.status().await?;
    assert!(!st.alarms.is_empty(), "an alarm for the director: {st:?}");
    assert_eq!(st.replication, "alone");
    p.standby.signal("CONT")?;
    wait_caught_up(&standby, st.last_seq).await?;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let st = primary.status().await?;
        if st.alarms.is_empty() && st.standby_acked_seq == st.last_seq {
            assert_eq!(st.replication, "sync");
            break;
        }
        if Instant::now() > deadline {
            bail!("the alarm did not clear: {st:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let last = primary.last_seq().await?;
    assert_eq!(hashes(&primary, last).await?, hashes(&standby, last).await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_corrupted_entry_stops_the_standby_loudly() -> anyhow::Result<()> {
    // The primary flips a byte of entry 8 in what it streams (test-only fault injection).
    let p = pair(&[("TENGEN_FAULT_CORRUPT_SEQ", "8")], 300).await?;
    let primary = p.primary.desk(&p.director).await?;
    let standby = p.standby.desk(&p.director).await?;
    for i in 0..10 {
        primary
            .register_player(tengen_tests::player(&format!("C{i}"), "A", "3k"), vec![])
            .await?;
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        let s = standby.status().await?;
        if s.mode == "halted" {
            break s;
        }
        if Instant::now() > deadline {
            bail!("the standby did not stop: {s:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        status.last_seq, 7,
        "nothing from the corrupt entry on is kept"
    );
    assert!(
        status
            .alarms
            .iter()
            .any(|a| a.contains("entry 8") && a.contains("verify")),
        "{status:?}"
    );
    assert!(p.standby.logs().contains("replication stopped"));
    Ok(())
}

/// One desk's acknowledged commands: (request id, participant id).
type Acked = Arc<Mutex<Vec<(String, u64)>>>;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixteen_desks_survive_kill9_of_the_primary_and_a_promotion() -> anyhow::Result<()> {
    let mut p = pair(&[], 1000).await?;
    let primary = p.primary.desk(&p.director).await?;
    let t = tournament(&primary).await?;
    let ca = p.primary.data.join("ca.pem");
    let servers = vec![p.primary.url(), p.standby.url()];
    let acked: Acked = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut desks = Vec::new();
    for d in 0..16 {
        let (_, token) = primary
            .create_token(&format!("desk-{d}"), pb::Role::Registration)
            .await?;
        let settings = tengen_client::ConnSettings {
            servers: servers.clone(),
            ca: Some(ca.clone()),
            token: Some(token),
            operator: String::new(),
        };
        let acked = acked.clone();
        let stop = stop.clone();
        // Each desk writes without pause until told to stop, so the kill always lands mid-stream.
        desks.push(tokio::spawn(async move {
            let desk = tengen_client::Desk::connect(&settings).await?;
            let mut i = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let id = tengen_client::RequestId::from_text(&format!("failover-{d}-{i}"));
                let req = pb::RegisterParticipantRequest {
                    meta: None,
                    fields: Some(tengen_tests::player(&format!("Desk{d}x{i}"), "A", "5k")),
                    enter: vec![tengen_tests::enter(t)],
                    check_in: true,
                    different_person: false,
                };
                let answer = desk
                    .command(&id, req, |mut c, r| async move {
                        c.register.register_participant(r).await
                    })
                    .await
                    .with_context(|| format!("desk {d} command {i}"))?;
                acked.lock().await.push((id.to_string(), answer.id));
                i += 1;
            }
            anyhow::Ok(i)
        }));
    }
    // Kill the primary at a random moment while the desks write.
    let pause = 150 + rand::random::<u64>() % 400;
    tokio::time::sleep(Duration::from_millis(pause)).await;
    p.primary.kill9()?;
    let before = acked.lock().await.len();
    let promoted_at = Instant::now();
    admin(&[
        "--data",
        &p.standby.data.display().to_string(),
        "promote",
        "--server",
        &p.standby.url(),
        "--token-file",
        &p.primary.data.join("director.token").display().to_string(),
    ])?;
    // Failover time: from the promotion command to the first write accepted on the new primary.
    let first_write = loop {
        if acked.lock().await.len() > before {
            break promoted_at.elapsed();
        }
        if let Some(done) = desks.iter().position(|d| d.is_finished()) {
            let result = desks.remove(done).await?;
            bail!("desk stopped before any write reached the new primary: {result:?}");
        }
        if promoted_at.elapsed() > Duration::from_secs(30) {
            bail!("no desk wrote after the promotion");
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    eprintln!("failover: promote → first accepted write in {first_write:?} (killed after {pause} ms, {before} acknowledged before)");
    // Let every desk carry on against the new primary for a moment, then stop them.
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut written = 0;
    for d in desks {
        written += d.await??;
    }
    let standby = p.standby.desk(&p.director).await?;
    let st = standby.status().await?;
    assert_eq!(st.mode, "primary");
    assert_eq!(st.epoch, 2);
    // Every acknowledged command is there exactly once; nothing else was applied twice.
    let all = standby.list_all().await?;
    let acked = acked.lock().await.clone();
    assert_eq!(acked.len(), written);
    assert!(acked.len() > before, "desks wrote after the fail-over");
    for (rid, id) in &acked {
        let n = all.iter().filter(|x| x.id == *id).count();
        assert_eq!(n, 1, "{rid} → participant {id}");
    }
    let mut names: Vec<String> = all
        .iter()
        .filter_map(|x| x.fields.as_ref().map(|f| f.family_name.clone()))
        .collect();
    let total = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), total, "no registration applied twice");
    assert_eq!(total, written, "exactly the acknowledged registrations");

    // The old primary comes back: it sees the newer epoch, refuses writes and follows with an identical log.
    p.primary.spawn()?;
    let old = p.primary.ready(&p.director).await?;
    let last = standby.last_seq().await?;
    wait_caught_up(&old, last).await?;
    let os = old.status().await?;
    assert_eq!(os.mode, "standby", "{os:?}");
    assert_eq!(os.primary, p.standby.url());
    let refused = old
        .register_player(tengen_tests::player("Late", "A", "3k"), vec![])
        .await
        .expect_err("the old primary takes no writes");
    assert_eq!(refused.code(), tonic::Code::Unavailable);
    assert_eq!(hashes(&old, last).await?, hashes(&standby, last).await?);
    Ok(())
}

/// The bug of issue 18 §1: a primary that steps down must not answer "OK" for an entry it then discards. Here the
/// standby freezes while a desk's registration waits for its acknowledgement (ack timeout 30 s), restarts with
/// nothing to follow and is promoted; the old primary sees the newer epoch, steps down and discards the entry.
/// The waiting desk must be told UNAVAILABLE at once — never OK — and the director must see an alarm.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_primary_that_steps_down_never_acknowledges_what_it_discards() -> anyhow::Result<()> {
    let mut p = pair(&[], 30_000).await?;
    let primary = p.primary.desk(&p.director).await?;
    let t = tournament(&primary).await?;
    primary
        .register_player(tengen_tests::player("Kept", "A", "3k"), vec![tengen_tests::enter(t)])
        .await?;
    let kept_seq = primary.last_seq().await?;
    wait_caught_up(&p.standby.desk(&p.director).await?, kept_seq).await?;

    p.standby.signal("STOP")?;
    let waiting = {
        let desk = p.primary.desk(&p.director).await?;
        tokio::spawn(async move {
            desk.register_player(tengen_tests::player("Orphan", "A", "3k"), vec![])
                .await
        })
    };
    // The entry is durable on the primary, and its answer waits for the frozen standby.
    let deadline = Instant::now() + Duration::from_secs(10);
    while primary.last_seq().await? == kept_seq {
        if Instant::now() > deadline {
            bail!("the primary never wrote the second registration");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!waiting.is_finished(), "the answer waits for the standby");

    // The standby comes back with nothing to follow and is promoted: a newer primary without the entry.
    p.standby.kill9()?;
    let nowhere = format!("https://127.0.0.1:{}", tengen_tests::free_port()?);
    if let Some(i) = p.standby.args.iter().position(|a| a == "--follow") {
        p.standby.args[i + 1] = nowhere;
    }
    p.standby.spawn()?;
    p.standby.ready(&p.director).await?;
    admin(&[
        "--data",
        &p.standby.data.display().to_string(),
        "promote",
        "--server",
        &p.standby.url(),
        "--token-file",
        &p.primary.data.join("director.token").display().to_string(),
    ])?;
    let promoted_at = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(15), waiting)
        .await
        .context("the waiting desk got no answer within 15 s of the promotion")??;
    let refused = answer.expect_err("an entry the old primary discards is never acknowledged");
    assert_eq!(refused.code(), tonic::Code::Unavailable, "{refused:?}");
    assert!(refused.message().contains(&p.standby.url()), "{refused:?}");
    eprintln!(
        "step-down answered the waiting desk {:?} after the promotion: {}",
        promoted_at.elapsed(),
        refused.message()
    );

    // The old primary follows the new one without the orphan, and says what it put aside.
    let new_primary = p.standby.desk(&p.director).await?;
    let last = new_primary.last_seq().await?;
    let deadline = Instant::now() + Duration::from_secs(20);
    let old = loop {
        let old = primary.status().await?;
        if old.alarms.iter().any(|a| a.contains("discarded")) {
            break old;
        }
        if Instant::now() > deadline {
            bail!("the old primary raised no alarm about the discarded entry: {old:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(old.mode, "standby", "{old:?}");
    assert!(
        old.alarms
            .iter()
            .any(|a| a.contains("1 entry after") && a.contains("director: 1")),
        "{old:?}"
    );
    wait_caught_up(&primary, last).await?;
    assert_eq!(new_primary.find("orphan").await?.len(), 0);
    assert_eq!(primary.find("orphan").await?.len(), 0);
    assert_eq!(primary.find("kept").await?.len(), 1);
    assert_eq!(hashes(&primary, last).await?, hashes(&new_primary, last).await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_restores_to_the_same_state_and_standings() -> anyhow::Result<()> {
    let venue = tengen_tests::Venue::start().await?;
    let director = venue.play_director().await?;
    let t = director.desk.create_tournament("Main", 3).await?.id;
    for (i, rank) in ["3d", "1d", "2k", "4k", "6k", "9k"].iter().enumerate() {
        let mut req_player = tengen_tests::player(&format!("Backup{i}"), "Ö", rank);
        req_player.club = format!("Club{i}");
        director
            .desk
            .register_player(req_player, vec![tengen_tests::enter(t)])
            .await?;
    }
    let ids: Vec<u64> = director
        .desk
        .list_all()
        .await?
        .iter()
        .map(|p| p.id)
        .collect();
    for id in &ids {
        director
            .desk
            .register
            .clone()
            .check_in(pb::EntryRequest {
                meta: tengen_tests::meta(),
                participant_id: *id,
                tournament_id: t,
                expected_revision: 0,
            })
            .await?;
    }
    director.desk.set_registration_open(t, false).await?;
    let round = director.draw(t, 1, false, false).await?;
    director.publish(t, 1).await?;
    for (k, g) in round.games.iter().enumerate() {
        let outcome = if k % 2 == 0 {
            pb::Outcome::WhiteWins
        } else {
            pb::Outcome::BlackWins
        };
        director.report(t, 1, g.table, outcome).await?;
    }
    let before = director.standings(t, 1, &[]).await?;
    let out = venue.path().join("backup.tgb");
    admin(&[
        "--data",
        &venue.data_dir().display().to_string(),
        "backup",
        "--server",
        &venue.url(),
        "--out",
        &out.display().to_string(),
    ])?;
    let restored = venue.path().join("restored");
    admin(&[
        "--data",
        &restored.display().to_string(),
        "restore",
        "--from",
        &out.display().to_string(),
    ])?;
    for f in ["ca.pem", "ca.key", "director.token"] {
        std::fs::copy(venue.data_dir().join(f), restored.join(f))?;
    }
    let mut node = Node::new(venue.path(), "restored", &[])?;
    node.spawn()?;
    let token = venue.director_token().to_string();
    node.ready(&token).await?;
    let ca = std::fs::read(restored.join("ca.pem"))?;
    let channel = tls_channel(&node.url(), ca, "localhost").await?;
    let mut rounds = pb::rounds_client::RoundsClient::with_interceptor(
        channel,
        tengen_tests::Bearer::token(&token),
    );
    let after = rounds
        .get_standings(pb::GetStandingsRequest {
            tournament_id: t,
            after_round: 1,
            tiebreaks: vec![],
        })
        .await?
        .into_inner();
    assert_eq!(before, after);
    let a = director.desk.list_all().await?;
    let b = node.desk(&token).await?.list_all().await?;
    assert_eq!(a, b);
    Ok(())
}
