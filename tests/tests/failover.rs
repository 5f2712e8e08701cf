//! The replicated log end to end: a backup restores to the same state and standings; three voters elect a new
//! leader after `kill -9` and lose nothing; partitions in network namespaces; a frozen leader; SIGTERM under a
//! cut; a dead laptop replaced under load; and a voter-and-learner venue taken over by hand, the old voter fenced.

use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use tengen_tests::node::{admin, Node};
use tengen_tests::quorum::{all_kept_once, Load, Trio};
use tengen_tests::{pb, tls_channel, Desk};

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
    let said = admin(&[
        "--data",
        &venue.data_dir().display().to_string(),
        "backup",
        "--server",
        &venue.url(),
        "--out",
        &out.display().to_string(),
    ])?;
    assert!(said.contains("verified"), "{said}");
    // The file is a tar archive that the machine's own tar lists.
    let listed = std::process::Command::new("tar")
        .arg("tzf")
        .arg(&out)
        .output()?;
    assert!(listed.status.success());
    let listed = String::from_utf8(listed.stdout)?;
    assert!(
        listed.starts_with("tengen-backup.txt\nlog/000000000001.bin\n")
            && listed.ends_with("snapshot.bin\nSHA256SUMS\n"),
        "{listed}"
    );
    let restore = |into: &std::path::Path, from: &std::path::Path| {
        admin(&[
            "--data",
            &into.display().to_string(),
            "restore",
            "--from",
            &from.display().to_string(),
        ])
    };
    // A truncated copy restores nothing: no half-written log is left to start a server on.
    let bytes = std::fs::read(&out)?;
    let cut = venue.path().join("cut.tgb");
    std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3])?;
    let refused_dir = venue.path().join("refused");
    let refused = restore(&refused_dir, &cut)
        .expect_err("a truncated backup is refused")
        .to_string();
    assert!(refused.contains("nothing was restored"), "{refused}");
    assert!(!refused_dir.join("log").exists() && !refused_dir.join("log.restoring").exists());
    let restored = venue.path().join("restored");
    let said = restore(&restored, &out)?;
    assert!(said.contains("restored"), "{said}");
    // Restoring again over it is refused before anything is read.
    let again = restore(&restored, &out)
        .expect_err("a data directory with a log is refused")
        .to_string();
    assert!(again.contains("already holds a log"), "{again}");
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

/// Issue 18: three voters (two laptops and a witness). The leader is killed with kill -9 while 16 desks write;
/// nobody promotes anything: the other two elect a new leader within seconds, every acknowledged command is
/// there exactly once, and the old leader rejoins with an identical log.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_voters_elect_a_new_leader_after_kill9_and_lose_nothing() -> anyhow::Result<()> {
    let mut trio = Trio::start().await?;
    let (_, _, mut load) = trio.writing(16, "quorum").await?;
    load.progress_past(20, Duration::from_secs(30)).await?;
    tokio::time::sleep(Duration::from_millis(100 + rand::random::<u64>() % 300)).await;
    let killed = trio.leader(Duration::from_secs(5)).await?;
    trio.nodes[killed].kill9()?;
    let before = load.count().await;
    let fail_over = load.progress_past(before, Duration::from_secs(30)).await?;
    eprintln!("quorum: leader killed → first write accepted by the new leader in {fail_over:?} ({before} acknowledged before)");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let acked = load.finish().await?;
    assert!(acked.len() > before, "desks wrote after the fail-over");
    let new = trio.leader(Duration::from_secs(10)).await?;
    assert_ne!(new, killed);
    // Nobody needs to promote anything.
    let desk = trio.desk(new).await?;
    all_kept_once(&desk, &acked).await?;
    assert_eq!(
        desk.list_all().await?.len(),
        acked.len(),
        "exactly the acknowledged registrations"
    );
    // The old leader comes back and follows with an identical log.
    trio.nodes[killed].spawn()?;
    trio.nodes[killed].ready(&trio.director).await?;
    let last = desk.last_seq().await?;
    trio.converged(&[0, 1, 2], last).await?;
    let back = trio.desk(killed).await?;
    assert_eq!(back.status().await?.mode, "standby");
    assert_eq!(hashes(&back, last).await?, hashes(&desk, last).await?);
    Ok(())
}

/// Issue 18: the witness dies — the laptops carry on; the standby dies — the primary carries on with the
/// witness; both come back and catch up.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_venue_carries_on_without_its_witness_and_without_its_standby() -> anyhow::Result<()> {
    let mut trio = Trio::start().await?;
    let (leader, _, mut load) = trio.writing(4, "carry").await?;
    load.progress_past(10, Duration::from_secs(30)).await?;

    trio.nodes[2].kill9()?;
    let n = load.count().await;
    load.progress_past(n + 20, Duration::from_secs(10)).await?;
    trio.nodes[2].spawn()?;
    trio.nodes[2].ready(&trio.director).await?;

    let standby = 1 - leader.min(1);
    trio.nodes[standby].kill9()?;
    let n = load.count().await;
    load.progress_past(n + 20, Duration::from_secs(10)).await?;
    assert_eq!(
        trio.leader(Duration::from_secs(5)).await?,
        leader,
        "the leader never changed"
    );
    trio.nodes[standby].spawn()?;
    trio.nodes[standby].ready(&trio.director).await?;

    let acked = load.finish().await?;
    let desk = trio.desk(leader).await?;
    all_kept_once(&desk, &acked).await?;
    let last = desk.last_seq().await?;
    trio.converged(&[0, 1, 2], last).await?;
    for i in 0..3 {
        assert_eq!(
            hashes(&trio.desk(i).await?, last).await?,
            hashes(&desk, last).await?
        );
    }
    Ok(())
}

/// The partition harness of issue 18 on its own: one ordinary server in host `p` on the left switch, a desk load
/// in `d1` beside it and one in `d2` on the right switch. Cutting the inter-switch link cuts `d2` off (its desks
/// record failures within seconds and no acknowledgement) while `d1` carries on; healing brings `d2` back; every
/// acknowledged registration is in the register exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_partition_in_network_namespaces_cuts_desks_off_and_heals() -> anyhow::Result<()> {
    use std::time::SystemTime;
    use tengen_tests::netns::{check_acks_in_register, DeskLoad, LoadOptions, Side, VenueNet};

    if !VenueNet::usable() {
        return Ok(());
    }
    let _alone = tengen_tests::netns::one_at_a_time().await;
    // Declared first, so it is removed after the processes in it.
    let mut net = VenueNet::new()?;
    let p = net.add_host("p", Side::Left)?;
    let d1 = net.add_host("d1", Side::Left)?;
    let d2 = net.add_host("d2", Side::Right)?;
    let root = tempfile::Builder::new().prefix("tengen-netns-").tempdir()?;
    let mut server = Node::new(root.path(), "p", &[])?;
    server.netns = Some(p.clone());
    server.spawn()?;
    let deadline = Instant::now() + Duration::from_secs(30);
    let token = loop {
        match std::fs::read_to_string(server.data.join("director.token")) {
            Ok(t) if !t.trim().is_empty() => break t.trim().to_string(),
            _ if Instant::now() > deadline => bail!("no director token:\n{}", server.logs()),
            _ => tokio::time::sleep(Duration::from_millis(25)).await,
        }
    };
    // The director from the test process, over the management network.
    let director = server.ready(&token).await?;
    let t = tournament(&director).await?;
    let port = server.port;
    // Hosts reach each other over the venue network only.
    assert!(d2.can_connect(p.venue_ip(), port, Duration::from_secs(5))?);
    assert!(!d2.can_connect(p.mgmt_ip(), port, Duration::from_millis(500))?);

    let mut loads = Vec::new();
    for (host, prefix) in [(&d1, "Left"), (&d2, "Right")] {
        let (_, secret) = director
            .create_token(&format!("load-{prefix}"), pb::Role::Registration)
            .await?;
        let token_file = root.path().join(format!("{prefix}.token"));
        std::fs::write(&token_file, secret)?;
        let options = LoadOptions {
            servers: vec![server.url()],
            ca: server.data.join("ca.pem"),
            token_file,
            desks: 3,
            prefix: prefix.to_string(),
            tournament: Some(t),
            attempt_timeout_ms: 2000,
        };
        loads.push(DeskLoad::start(host, &options, root.path())?);
    }
    for load in &mut loads {
        load.wait_until("acknowledging", Duration::from_secs(20), |r| {
            r.acks.len() >= 10
        })
        .await?;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;

    // The switch between the two sides fails.
    let cut = SystemTime::now();
    net.partition()?;
    assert!(!d2.can_connect(p.venue_ip(), port, Duration::from_millis(500))?);
    assert!(d1.can_connect(p.venue_ip(), port, Duration::from_secs(5))?);
    let right = loads[1]
        .wait_until("failing after the cut", Duration::from_secs(8), |r| {
            r.failures.iter().any(|f| f.at() >= cut)
        })
        .await?;
    let first = right
        .failures
        .iter()
        .find(|f| f.at() >= cut)
        .expect("waited for");
    eprintln!(
        "partition: the cut-off desks recorded {} {:?} after the cut",
        first.code,
        first.at().duration_since(cut).unwrap_or_default()
    );
    let right_acks = right.acks.len();
    let left_acks = loads[0].record()?.acks.len();
    loads[0]
        .wait_until(
            "acknowledging during the partition",
            Duration::from_secs(10),
            |r| r.acks.len() >= left_acks + 10,
        )
        .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        loads[1].record()?.acks.len(),
        right_acks,
        "no acknowledgement crosses the cut"
    );

    // The switch comes back: the right side's desks are acknowledged again, with no one doing anything.
    net.heal()?;
    let healed = Instant::now();
    assert!(d2.can_connect(p.venue_ip(), port, Duration::from_secs(5))?);
    loads[1]
        .wait_until(
            "acknowledging after the heal",
            Duration::from_secs(30),
            |r| r.acks.len() > right_acks,
        )
        .await?;
    eprintln!(
        "partition: heal → first acknowledgement on the right in {:?}",
        healed.elapsed()
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    for load in &mut loads {
        let status = load.stop(Duration::from_secs(20))?;
        assert!(status.success(), "{status}:\n{}", load.logs());
    }

    // Every acknowledged registration is there exactly once, and nothing else was registered.
    let records = [loads[0].record()?, loads[1].record()?];
    for r in &records {
        assert!(
            r.failures.iter().all(|f| f.code != "ABANDONED"),
            "a command was left unanswered at the stop: {:?}",
            r.failures
        );
    }
    eprintln!(
        "partition: {} acknowledged on the left, {} on the right ({} failed attempts there)",
        records[0].acks.len(),
        records[1].acks.len(),
        records[1].failures.len()
    );
    let register = director.list_all().await?;
    check_acks_in_register(&[&records[0], &records[1]], &register)?;
    assert_eq!(
        register.len(),
        records[0].acks.len() + records[1].acks.len(),
        "exactly the acknowledged registrations"
    );
    Ok(())
}

/// Issue 18: three voters in network namespaces — P (voter 1) on the left switch, S (voter 2) on the right, the
/// witness W on `witness`'s side — with a desk load of two desks on each side (every desk lists P and S by their
/// venue URLs, never W) and the director in the test process over the management network. The switch between
/// the sides fails for seven seconds while the desks write, then comes back. The desks on the minority side are
/// told UNAVAILABLE by a server within five seconds, those on the majority side are acknowledged again within
/// ten, exactly one server takes writes (the majority side's laptop), and after the heal — nobody doing anything —
/// the three voters hold the same log, every acknowledged registration is there exactly once with its id, and
/// nothing else is but commands still unanswered at the stop.
async fn three_voters_across_a_partition(witness: tengen_tests::netns::Side) -> anyhow::Result<()> {
    use tengen_tests::netns::VenueNet;

    if !VenueNet::usable() {
        return Ok(());
    }
    let _alone = tengen_tests::netns::one_at_a_time().await;
    // Declared first, so it is removed after the processes in it.
    let mut net = VenueNet::new()?;
    let sides = [
        tengen_tests::netns::Side::Left,
        tengen_tests::netns::Side::Right,
        witness,
    ];
    let trio = Trio::in_namespaces(&mut net, sides).await?;
    let outcome = across_a_partition(&mut net, &trio, witness).await;
    // Fail while the servers still run, so their output is printed.
    if let Err(e) = outcome {
        panic!("{e:#}");
    }
    Ok(())
}

/// The scenario of [`three_voters_across_a_partition`] on a trio already set up in `net`.
async fn across_a_partition(
    net: &mut tengen_tests::netns::VenueNet,
    trio: &Trio,
    witness: tengen_tests::netns::Side,
) -> anyhow::Result<()> {
    use std::time::SystemTime;
    use tengen_tests::netns::{check_acks_in_register, DeskLoad, LoadOptions, LoadRecord, Side};

    // Loads and laptops by side: index 0 is the left (P), 1 the right (S).
    let (majority, minority) = match witness {
        Side::Left => (0, 1),
        Side::Right => (1, 0),
    };
    let label = ["P+W | S", "P | S+W"][majority];
    assert_eq!(
        trio.leader(Duration::from_secs(30)).await?,
        0,
        "voter 1 leads the new venue"
    );
    let director = trio.desk(0).await?;
    let t = tournament(&director).await?;
    let servers = vec![trio.nodes[0].url(), trio.nodes[1].url()];
    let mut loads = Vec::new();
    for (prefix, side) in [("Left", Side::Left), ("Right", Side::Right)] {
        let host = net.add_host(&format!("desks-{prefix}"), side)?;
        let (_, secret) = director
            .create_token(&format!("load-{prefix}"), pb::Role::Registration)
            .await?;
        let token_file = trio.root.path().join(format!("{prefix}.token"));
        std::fs::write(&token_file, secret)?;
        let options = LoadOptions {
            servers: servers.clone(),
            ca: trio.nodes[0].data.join("ca.pem"),
            token_file,
            desks: 2,
            prefix: prefix.to_string(),
            tournament: Some(t),
            // Above the servers' own 2 s, so a server's UNAVAILABLE is what the desks record.
            attempt_timeout_ms: 3000,
        };
        loads.push(DeskLoad::start(&host, &options, trio.root.path())?);
    }
    for load in &mut loads {
        load.wait_until("acknowledging", Duration::from_secs(30), |r| {
            r.acks.len() >= 10
        })
        .await?;
    }
    let acks = |loads: &[DeskLoad]| -> anyhow::Result<Vec<usize>> {
        loads.iter().map(|l| Ok(l.record()?.acks.len())).collect()
    };
    let before = acks(&loads)?;
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let counted = acks(&loads)?;
    let rate = (counted.iter().sum::<usize>() - before.iter().sum::<usize>()) as f64
        / started.elapsed().as_secs_f64();
    eprintln!("partition {label}: {rate:.0} acks/s from 4 desks before the cut");
    let laptop = trio.desk(majority).await?;
    // The leader's term before the cut (its status's epoch): when it stays on the majority side, the heal must not
    // depose it (issue 30: the cut-off voter no longer raises its term).
    let term_before = director.status().await?.epoch;

    // The switch between the two sides fails.
    let cut = SystemTime::now();
    let cut_at = Instant::now();
    net.partition()?;
    // Answers that crossed the link before it went down are written by now.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let at_cut = acks(&loads)?;

    // Watch both sides: the majority's first acknowledgement, the minority's first failures, and when the
    // majority side's laptop says it takes writes.
    let mut majority_gap = None;
    let mut elected = None;
    let minority_failures = loop {
        if majority_gap.is_none() && loads[majority].record()?.acks.len() > at_cut[majority] {
            majority_gap = Some(cut_at.elapsed());
        }
        if elected.is_none() && laptop.status().await?.mode == "primary" {
            elected = Some(cut_at.elapsed());
        }
        let failures: Vec<_> = loads[minority]
            .record()?
            .failures
            .into_iter()
            .filter(|f| f.at() >= cut)
            .collect();
        let told = failures.iter().any(|f| f.code == "UNAVAILABLE");
        if (majority_gap.is_some() && told) || cut_at.elapsed() > Duration::from_secs(10) {
            break failures;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let since_cut =
        |f: &tengen_tests::netns::Failure| f.at().duration_since(cut).unwrap_or_default();
    let first = minority_failures
        .first()
        .context("no failure on the minority side within 10 s of the cut")?;
    eprintln!(
        "partition {label}: minority desks: first failure {} after {:?} from {}: {}",
        first.code,
        since_cut(first),
        first.server,
        first.message
    );
    assert!(
        since_cut(first) <= Duration::from_secs(5),
        "the minority side's desks were left waiting: {first:?}"
    );
    match minority_failures.iter().find(|f| f.code == "UNAVAILABLE") {
        Some(f) if since_cut(f) <= Duration::from_secs(5) => eprintln!(
            "partition {label}: minority desks: first UNAVAILABLE after {:?} from {}",
            since_cut(f),
            f.server
        ),
        _ => bail!(
            "the minority side's desks were not told UNAVAILABLE by a server within 5 s of the cut; \
             their failed attempts: {minority_failures:#?}"
        ),
    }
    let majority_gap = majority_gap
        .context("the majority side's desks were not acknowledged within 10 s of the cut")?;
    eprintln!(
        "partition {label}: majority side: cut → voter {} takes writes after {:?}, first acknowledgement after \
         {majority_gap:?} (desks' attempt timeout 4 s){}",
        majority + 1,
        elected.unwrap_or_default(),
        if majority == 1 {
            "; the leader was on the minority side"
        } else {
            ""
        }
    );
    // Exactly one server takes writes: the majority side's laptop.
    assert_eq!(
        trio.leader(Duration::from_secs(5)).await?,
        majority,
        "the majority side's laptop leads during the partition"
    );
    let majority_later = loads[majority].record()?.acks.len();
    loads[majority]
        .wait_until(
            "acknowledging during the partition",
            Duration::from_secs(10),
            |r| r.acks.len() >= majority_later + 10,
        )
        .await?;

    // The cut lasts seven seconds.
    tokio::time::sleep(Duration::from_secs(7).saturating_sub(cut_at.elapsed())).await;
    assert_eq!(
        loads[minority].record()?.acks.len(),
        at_cut[minority],
        "no acknowledgement on the minority side during the partition"
    );
    net.heal()?;
    let healed = Instant::now();
    let minority_at_heal = at_cut[minority];
    loads[minority]
        .wait_until(
            "acknowledged after the heal",
            Duration::from_secs(30),
            |r| r.acks.len() > minority_at_heal,
        )
        .await?;
    eprintln!(
        "partition {label}: heal → first acknowledgement on the minority side in {:?}",
        healed.elapsed()
    );
    let now = acks(&loads)?;
    for (load, n) in loads.iter_mut().zip(now) {
        load.wait_until(
            "acknowledging after the heal",
            Duration::from_secs(10),
            |r| r.acks.len() >= n + 5,
        )
        .await?;
    }
    for load in &mut loads {
        let status = load.stop(Duration::from_secs(20))?;
        assert!(status.success(), "{status}:\n{}", load.logs());
    }
    let records: Vec<LoadRecord> = loads.iter().map(|l| l.record()).collect::<Result<_, _>>()?;

    // With nobody doing anything, one leader, named by the other two.
    let leader = trio.leader(Duration::from_secs(20)).await?;
    let leader_url = trio.nodes[leader].url();
    let deadline = Instant::now() + Duration::from_secs(20);
    for i in (0..3).filter(|&i| i != leader) {
        loop {
            let s = trio.desk(i).await?.status().await?;
            if s.mode == "standby" && s.primary == leader_url {
                break;
            }
            if Instant::now() > deadline {
                bail!(
                    "voter {} does not follow voter {}: {s:?}",
                    i + 1,
                    leader + 1
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let desk = trio.desk(leader).await?;
    if majority == 0 {
        assert_eq!(
            leader, 0,
            "partition {label}: the leader on the majority side still leads"
        );
        assert_eq!(
            desk.status().await?.epoch,
            term_before,
            "partition {label}: the returning voter did not depose the leader (no new term)"
        );
    }

    // Every acknowledged registration is there once with its id; anything else was unanswered at the stop.
    let register = desk.list_all().await?;
    check_acks_in_register(&records.iter().collect::<Vec<_>>(), &register)?;
    let mut known: std::collections::BTreeSet<String> = records
        .iter()
        .flat_map(|r| &r.acks)
        .map(|a| a.family_name.clone())
        .collect();
    let acked = known.len();
    let mut unanswered = 0;
    for f in records.iter().flat_map(|r| &r.failures) {
        if f.code == "ABANDONED" {
            unanswered += 1;
            // Request id PREFIX-d-i registers PREFIXdxi.
            let (rest, i) = f.request_id.rsplit_once('-').context("request id")?;
            let (prefix, d) = rest.rsplit_once('-').context("request id")?;
            known.insert(format!("{prefix}{d}x{i}"));
        }
    }
    for p in &register {
        let name = p.fields.as_ref().map(|f| f.family_name.clone());
        assert!(
            name.as_ref().is_some_and(|n| known.contains(n)),
            "participant {} ({name:?}) was never acknowledged to a desk",
            p.id
        );
    }
    eprintln!(
        "partition {label}: {acked} acknowledged ({} on the left, {} on the right), {} in the register, \
         {unanswered} unanswered at the stop; {} and {} failed attempts; voter {} leads",
        records[0].acks.len(),
        records[1].acks.len(),
        register.len(),
        records[0].failures.len(),
        records[1].failures.len(),
        leader + 1
    );

    // The three voters hold the same log.
    let last = desk.last_seq().await?;
    trio.converged(&[0, 1, 2], last).await?;
    let log = hashes(&desk, last).await?;
    for i in 0..3 {
        let voter = trio.desk(i).await?;
        assert_eq!(voter.last_seq().await?, last, "voter {}", i + 1);
        assert!(
            hashes(&voter, last).await? == log,
            "voter {}'s log differs",
            i + 1
        );
    }
    Ok(())
}

/// [`three_voters_across_a_partition`] with P and the witness on the left: S and its desks are cut off; P
/// carries on.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn partition_p_and_witness_against_s_loses_nothing() -> anyhow::Result<()> {
    three_voters_across_a_partition(tengen_tests::netns::Side::Left).await
}

/// [`three_voters_across_a_partition`] with S and the witness on the right: the leader P and its desks are cut
/// off; S is elected (or the witness, handing the lead to S) and carries on.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn partition_p_against_s_and_witness_loses_nothing() -> anyhow::Result<()> {
    three_voters_across_a_partition(tengen_tests::netns::Side::Right).await
}

/// Issue 30: a laptop that freezes (SIGSTOP: its kernel still accepts TCP connections, but TLS never completes and
/// nothing answers) must not freeze the desks. A desk program started afterwards, listing the frozen leader first,
/// reaches the new leader and registers its player; before the fix it waited on the frozen laptop's TLS handshake
/// (29.6 s in the outside test).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_frozen_leader_does_not_freeze_the_desk_program() -> anyhow::Result<()> {
    let trio = Trio::start().await?;
    let leader = trio.leader(Duration::from_secs(30)).await?;
    anyhow::ensure!(leader < 2, "a laptop leads once the witness hands over");
    let other = 1 - leader;
    let home = tempfile::tempdir()?;
    let token_file = home.path().join("director.token");
    std::fs::write(&token_file, &trio.director)?;
    let servers = format!("{},{}", trio.nodes[leader].url(), trio.nodes[other].url());
    let ca = trio.nodes[0].data.join("ca.pem");
    trio.nodes[leader].signal("STOP")?;
    let started = Instant::now();
    let mut child = std::process::Command::new(tengen_tests::cli_binary()?)
        .args(["--server", &servers, "--token-file"])
        .arg(&token_file)
        .arg("--ca")
        .arg(&ca)
        .args([
            "player", "add", "--family", "Frost", "--given", "Ida", "--rank", "3k",
        ])
        .env("XDG_CONFIG_HOME", home.path())
        .env("NO_COLOR", "1")
        .env_remove("TENGEN_DATA")
        .env_remove("TENGEN_SERVER")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    let mut exited = None;
    while started.elapsed() < Duration::from_secs(60) {
        if let Some(status) = child.try_wait()? {
            exited = Some(status);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let took = started.elapsed();
    trio.nodes[leader].signal("CONT")?;
    if exited.is_none() {
        let _ = child.kill();
    }
    let out = child.wait_with_output()?;
    anyhow::ensure!(exited.is_some(), "the desk program still waited after 60 s");
    eprintln!("frozen leader: the desk program registered its player in {took:?}");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // A desk waits seconds, not half a minute: an election (about 2.5 s) and a few attempts.
    assert!(
        took < Duration::from_secs(10),
        "the desk program took {took:?} to reach the new leader"
    );
    let desk = trio.desk(other).await?;
    assert!(desk.find("Frost").await?.len() == 1, "registered once");
    Ok(())
}

/// Issue 30: a voter stops within 2 s of SIGTERM even when it is stuck: the leader's two partners are frozen
/// (SIGSTOP) while a desk's registration waits for a majority, another desk holds a Watch stream, and a third
/// connection went quiet before its TLS handshake (the drain used to wait 10 s for it).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_voter_stops_within_two_seconds_of_sigterm_with_its_partners_frozen() -> anyhow::Result<()>
{
    let mut trio = Trio::start().await?;
    let leader = trio.leader(Duration::from_secs(30)).await?;
    let desk = trio.desk(leader).await?;
    let mut watch = desk.watch(0).await?;
    let _ = watch.message().await?;
    for i in (0..3).filter(|&i| i != leader) {
        trio.nodes[i].signal("STOP")?;
    }
    let waiting = {
        let desk = desk.clone();
        tokio::spawn(async move {
            desk.register_player(tengen_tests::player("Stuck", "Sam", "2k"), vec![])
                .await
        })
    };
    // A connection whose other end went quiet before its TLS handshake (a desk behind a cut).
    let _silent = tokio::net::TcpStream::connect(("127.0.0.1", trio.nodes[leader].port)).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    trio.nodes[leader].signal("TERM")?;
    let exit = trio.nodes[leader].wait_exit(Duration::from_secs(30)).await;
    for i in (0..3).filter(|&i| i != leader) {
        trio.nodes[i].signal("CONT")?;
    }
    let (status, took) = exit?.context("the voter had not stopped 30 s after SIGTERM")?;
    eprintln!("SIGTERM with both partners frozen: the voter stopped in {took:?} ({status})");
    assert!(
        took <= Duration::from_secs(2),
        "the voter took {took:?} to stop"
    );
    let answer = waiting.await?;
    assert!(
        answer.is_err(),
        "never acknowledged without a majority: {answer:?}"
    );
    Ok(())
}

/// The real desk program as the director, listing `servers`: success and its output.
fn director_cli(trio: &Trio, servers: &[String], args: &[&str]) -> anyhow::Result<(bool, String)> {
    let home = tempfile::tempdir()?;
    let token_file = home.path().join("director.token");
    std::fs::write(&token_file, &trio.director)?;
    let out = std::process::Command::new(tengen_tests::cli_binary()?)
        .arg("--server")
        .arg(servers.join(","))
        .arg("--token-file")
        .arg(&token_file)
        .arg("--ca")
        .arg(trio.nodes[0].data.join("ca.pem"))
        .args(args)
        .env("XDG_CONFIG_HOME", home.path())
        .env("NO_COLOR", "1")
        .env_remove("TENGEN_DATA")
        .env_remove("TENGEN_SERVER")
        .output()?;
    Ok((
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    ))
}

/// Issue 30: a laptop dies on day 2 and is replaced by a machine at another address, under desk load, with the
/// director's commands (`tengen venue add`, `promote`, `remove`): nothing acknowledged is lost, `tengen status`
/// shows the machines, and afterwards the venue survives the loss of another voter (the new machine leads).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_dead_laptop_is_replaced_by_a_new_machine_under_load() -> anyhow::Result<()> {
    // A Raft snapshot every 20 Raft entries: by the time the new machine joins, the leader's Raft log is purged
    // far past the start, so the new machine gets the log by snapshot and then the tail.
    let compact = ["--compact-every".to_string(), "20".to_string()];
    let mut trio = Trio::start_with(&compact).await?;
    let (leader, _, mut load) = trio.writing(4, "replace").await?;
    load.progress_past(10, Duration::from_secs(30)).await?;
    let dead = 1 - leader;
    trio.nodes[dead].kill9()?;
    let n = load.count().await;
    load.progress_past(n + 200, Duration::from_secs(30)).await?;

    // The new machine: a certificate from the venue CA, the venue's secret, number 4, the live voters' addresses.
    let mut fresh = Node::new(trio.root.path(), "voter4", &compact)?;
    admin(&[
        "--data",
        &trio.nodes[0].data.display().to_string(),
        "cert",
        "issue",
        "--name",
        fresh.host,
        "--out",
        &fresh.data.display().to_string(),
    ])?;
    let mut args = vec!["--node-id".to_string(), "4".to_string()];
    for (i, node) in trio.nodes.iter().enumerate().filter(|(i, _)| *i != dead) {
        args.extend(["--voter".to_string(), format!("{}={}", i + 1, node.url())]);
    }
    let board_port = tengen_tests::free_port()?;
    args.extend([
        "--public-http".to_string(),
        format!("127.0.0.1:{board_port}"),
        "--voter".to_string(),
        format!("4={}", fresh.url()),
        "--witness".to_string(),
        "3".to_string(),
        "--replica-token-file".to_string(),
        trio.root.path().join("replica.token").display().to_string(),
    ]);
    fresh.args = args;
    fresh.spawn()?;
    // It knows no token yet (its log is empty until it joins): ready once it answers at all.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(desk) = fresh.desk(&trio.director).await {
            match desk.status().await {
                Ok(_) => break,
                Err(s) if s.code() != tonic::Code::Unavailable => break,
                Err(_) => {}
            }
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "voter4 did not start:\n{}",
            fresh.logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let fresh_url = fresh.url();
    trio.nodes.push(fresh);

    let servers = vec![trio.nodes[0].url(), trio.nodes[1].url()];
    let (ok, text) = director_cli(&trio, &servers, &["venue", "add", "4", &fresh_url])?;
    assert!(ok, "{text}");
    assert!(text.contains("learner"), "{text}");
    // A learner is a read replica: it serves the public board from its copy, and refuses desk writes.
    let board = tengen_tests::web::WebClient::plain(std::net::SocketAddr::from((
        [127, 0, 0, 1],
        board_port,
    )));
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let page = board.get("/").await?;
        if page.status == 200 && page.body.contains("Main") {
            break;
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "the learner's board: {}\nits log:\n{}",
            page.body,
            trio.nodes[3].logs()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let refused = trio.nodes[3]
        .desk(&trio.director)
        .await?
        .register_player(tengen_tests::player("Never", "Here", "5k"), vec![])
        .await;
    assert!(refused.is_err(), "a learner takes no writes: {refused:?}");
    assert!(
        trio.nodes[3].logs().contains("installed a raft snapshot"),
        "the new machine got the purged part of the log by snapshot:\n{}",
        trio.nodes[3].logs()
    );
    // A refusal changes nothing: the number is taken.
    let (ok, text) = director_cli(
        &trio,
        &servers,
        &["venue", "add", "4", "https://127.0.0.1:1"],
    )?;
    assert!(!ok && text.contains("already a member"), "{text}");
    // A 10 KB address is refused and nothing reaches the membership.
    let long = format!("https://{}:7443", "a".repeat(10_000));
    let (ok, text) = director_cli(&trio, &servers, &["venue", "add", "5", &long])?;
    assert!(!ok && text.contains("not a server address"), "{text}");
    let (_, text) = director_cli(&trio, &servers, &["venue"])?;
    assert!(!text.contains("aaaa") && !text.contains("  5 "), "{text}");
    // The director promotes it on the venue page (the other door), on the leader.
    let ca = std::fs::read(trio.nodes[0].data.join("ca.pem"))?;
    let web = tengen_tests::web::WebClient::tls(
        std::net::SocketAddr::from(([127, 0, 0, 1], trio.nodes[leader].port)),
        &ca,
    )?
    .desk_session(&trio.director, "Dana")
    .await?;
    let (_, doc) = tengen_tests::board::page(&web, "/desk/director/venue").await?;
    let csrf = doc
        .select(&tengen_tests::board::css(
            "form[action$='/4/promote'] input[name=csrf]",
        ))
        .next()
        .and_then(|i| i.value().attr("value"))
        .context("a learner has a promote button")?
        .to_string();
    let body = tengen_tests::board::form(&[
        ("csrf", &csrf),
        ("request_id", "promote-4"),
        ("confirmed", "yes"),
    ]);
    let reply = web
        .post_form("/desk/director/venue/4/promote", body)
        .await?;
    assert_eq!(reply.status, 303, "{}", reply.body);
    assert!(
        reply.location().is_some_and(|l| l.contains("done=")),
        "{:?}",
        reply.location()
    );
    let (ok, text) = director_cli(
        &trio,
        &servers,
        &["venue", "remove", &(dead + 1).to_string()],
    )?;
    assert!(ok, "{text}");
    let (ok, text) = director_cli(&trio, &servers, &["status"])?;
    assert!(ok, "{text}");
    eprintln!("after the replacement:\n{text}");
    assert!(text.contains("machines"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains(" voter ")).count(),
        3,
        "three voters: {text}"
    );
    assert!(
        !text.contains(&trio.nodes[dead].url()),
        "the dead laptop is gone: {text}"
    );
    let (_, doc) = tengen_tests::board::page(&web, "/desk/director/venue").await?;
    let rows = tengen_tests::board::texts(&doc, "#machines li");
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(
        rows.iter()
            .any(|r| r.contains(fresh_url.trim_start_matches("https://")) && r.contains("voter")),
        "{rows:?}"
    );
    let n = load.count().await;
    load.progress_past(n + 10, Duration::from_secs(10)).await?;
    let acked = load.finish().await?;
    let desk = trio.desk(leader).await?;
    all_kept_once(&desk, &acked).await?;
    let last = desk.last_seq().await?;
    trio.converged(&[leader, 2, 3], last).await?;
    assert_eq!(
        hashes(&trio.desk(3).await?, last).await?,
        hashes(&desk, last).await?,
        "the new machine holds the same log"
    );
    // Each change of the machines is an entry of the hash-chained log, naming who made it and from where.
    let changes: Vec<(String, String)> = desk
        .read_log(last)
        .await?
        .into_iter()
        .flat_map(|e| {
            let id = e.request_id.clone();
            e.events
                .into_iter()
                .filter(|ev| ev.kind == "VenueChanged")
                .map(move |ev| (id.clone(), ev.summary))
        })
        .collect();
    assert_eq!(changes.len(), 3, "add, promote, remove: {changes:?}");
    assert!(
        changes.contains(&("promote-4".into(), "machine 4 became a voter".into())),
        "the page's request id: {changes:?}"
    );
    assert!(
        changes[0]
            .1
            .contains(&format!("machine 4 joined the venue at {fresh_url}")),
        "{changes:?}"
    );

    // The venue is whole again: the old leader dies too, and the witness and the new machine carry on, the new
    // machine taking the lead (the witness hands it over).
    trio.nodes[leader].kill9()?;
    let now = trio.leader(Duration::from_secs(20)).await?;
    assert_eq!(now, 3, "the new machine leads");
    let desk = trio.desk(3).await?;
    desk.register_player(tengen_tests::player("After", "Ada", "1d"), vec![])
        .await?;
    Ok(())
}

/// Issue 30: two laptops without a witness are a voter and a learner (here with a second learner serving the
/// board). The voter dies for good; the learner's operator stops it and runs `take-over` (refused while the voter
/// still answers), which says what it costs; the learner then leads, every acknowledged registration it had is
/// there once, desks carry on against it, and the other learner follows it. When the old voter comes back with
/// its old flags it is fenced: it takes no changes and says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_learner_takes_over_from_a_dead_voter_and_fences_it_when_it_returns() -> anyhow::Result<()>
{
    let mut duo = Trio::voter_and_learners(&["learner2", "board3"], "127.0.0.1").await?;
    let (leader, director, mut load) = duo.writing(4, "duo").await?;
    assert_eq!(leader, 0, "voter 1 leads a voter-and-learner venue");
    load.progress_past(300, Duration::from_secs(30)).await?;
    let acked = load.finish().await?;
    let last = director.last_seq().await?;
    duo.converged(&[1, 2], last).await?;
    // The learner serves reads but takes no writes.
    let refused = duo
        .desk(1)
        .await?
        .register_player(tengen_tests::player("Never", "Here", "5k"), vec![])
        .await;
    assert!(refused.is_err(), "a learner takes no writes: {refused:?}");

    // The take-over is offline (the learner's server stopped) and refused while voter 1 still answers.
    duo.nodes[1].signal("TERM")?;
    duo.nodes[1].wait_exit(Duration::from_secs(5)).await?;
    let learner_data = duo.nodes[1].data.display().to_string();
    let take_over = ["--data", &learner_data, "--node-id", "2", "take-over"];
    let early = admin(&take_over);
    assert!(
        early
            .as_ref()
            .is_err_and(|e| e.to_string().contains("still answers")),
        "{early:?}"
    );
    duo.nodes[0].kill9()?;
    let said = admin(&take_over)?;
    assert!(said.contains("only voter"), "{said}");
    assert!(said.contains(&format!("entry {last}")), "{said}");
    assert!(said.contains("What it costs"), "{said}");
    duo.nodes[1].spawn()?;
    assert_eq!(duo.leader(Duration::from_secs(30)).await?, 1);
    let survivor = duo.desk(1).await?;
    all_kept_once(&survivor, &acked).await?;
    let t = survivor.create_tournament("After", 3).await?.id;
    let servers = vec![duo.nodes[0].url(), duo.nodes[1].url()];
    let ca = duo.nodes[0].data.join("ca.pem");
    let mut load = Load::start(&survivor, servers, ca, 2, t, "after").await?;
    load.progress_past(50, Duration::from_secs(30)).await?;

    // The old voter comes back as it was started: it is fenced within seconds, and takes no changes.
    duo.nodes[0].spawn()?;
    let deadline = Instant::now() + Duration::from_secs(20);
    let old = loop {
        if let Ok(desk) = duo.nodes[0].desk(&duo.director).await {
            if let Ok(s) = desk.status().await {
                if s.mode == "halted" {
                    break (desk, s);
                }
            }
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "the old voter was not fenced:\n{}",
            duo.nodes[0].logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        old.1.alarms.iter().any(|a| a.contains("fenced")),
        "{:?}",
        old.1.alarms
    );
    let refused = old
        .0
        .register_player(tengen_tests::player("Old", "Voter", "5k"), vec![])
        .await;
    assert!(
        refused.is_err(),
        "a fenced voter takes no writes: {refused:?}"
    );
    let after = load.finish().await?;
    assert!(after.len() >= 50);
    all_kept_once(&survivor, &after).await?;
    // The board's learner was kept by the take-over: it adopted the new generation and follows the new leader.
    let head = survivor.last_seq().await?;
    duo.converged(&[2], head).await?;
    assert_eq!(duo.desk(2).await?.status().await?.mode, "standby");
    assert_eq!(duo.leader(Duration::from_secs(5)).await?, 1);
    Ok(())
}
