//! `kill -9` the server while sixteen desks are registering, restart it on the same directory: every acknowledged
//! registration is there exactly as acknowledged, nothing is half-applied (every stored record is a complete
//! command that some desk sent), retries of the unanswered commands make no duplicates, and the log replays as one
//! unbroken hash chain.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tengen_tests::{pb, request_id, Desk, Venue};
use tokio::sync::Notify;
use tonic::Status;

const DESKS: usize = 16;
/// Acknowledgements before the kill.
const KILL_AFTER: usize = 320;
/// A desk stops here even if the kill never comes (the test then fails on the count).
const MAX_PER_DESK: usize = 200;

#[derive(Debug, Clone)]
struct Attempt {
    request_id: String,
    fields: pb::ParticipantFields,
    check_in: bool,
}

/// Attempt `n` of desk `desk` in round of cuts `cycle` (0 outside the power-cut test): a unique name and EGD pin,
/// contact data, every third one checked in.
fn attempt(cycle: usize, desk: usize, n: usize) -> Attempt {
    let ranks = ["5k", "1d", "12k", "3d", "30k", "7d", "1p"];
    Attempt {
        request_id: request_id(),
        fields: pb::ParticipantFields {
            family_name: format!("Cut{cycle:02}D{desk:02}"),
            given_name: format!("N{n:05}"),
            rank: ranks[(desk + n) % ranks.len()].into(),
            rating: Some(((desk * 100 + n) % 3000) as i32),
            club: format!("Club {desk}"),
            city: "Leipzig".into(),
            country: "DE".into(),
            egd_pin: format!("{}", 10_000_000 + cycle * 1_000_000 + desk * 10_000 + n),
            email: format!("c{cycle}d{desk}n{n}@example.org"),
            phone: format!("+49 341 {desk:03}{n:05}"),
            fee_cents: 2500 + n as i64,
            paid: n % 2 == 0,
            notes: format!("cycle {cycle} desk {desk} attempt {n}"),
            ..Default::default()
        },
        check_in: n % 3 == 0,
    }
}

/// [`DESKS`] registration desks on `venue`, named `{prefix}-00`, `{prefix}-01`, …
async fn registration_desks(venue: &Venue, prefix: &str) -> anyhow::Result<Vec<Desk>> {
    let mut desks = Vec::new();
    for d in 0..DESKS {
        desks.push(
            venue
                .desk(&format!("{prefix}-{d:02}"), pb::Role::Registration)
                .await?,
        );
    }
    Ok(desks)
}

async fn send(desk: &Desk, a: &Attempt, tournament: u64) -> Result<pb::Participant, Status> {
    let req = pb::RegisterParticipantRequest {
        meta: tengen_tests::meta_id(&a.request_id),
        fields: Some(a.fields.clone()),
        enter: vec![tengen_tests::enter(tournament)],
        check_in: a.check_in,
        different_person: false,
    };
    Ok(desk
        .register
        .clone()
        .register_participant(req)
        .await?
        .into_inner())
}

/// What one desk did: its attempts in order, the last one possibly unanswered.
type DeskRun = Vec<(Attempt, Result<pb::Participant, Status>)>;

fn check_record(p: &pb::Participant, a: &Attempt, tournament: u64) {
    assert_eq!(
        p.fields.as_ref(),
        Some(&a.fields),
        "record {} is exactly what was sent",
        p.id
    );
    assert_eq!(p.revision, 1, "record {}", p.id);
    let status = if a.check_in {
        pb::EntryStatus::CheckedIn
    } else {
        pb::EntryStatus::PreRegistered
    };
    let entries: Vec<_> = p
        .entries
        .iter()
        .map(|e| (e.tournament_id, e.rounds.clone(), e.status))
        .collect();
    assert_eq!(
        entries,
        vec![(tournament, vec![1, 2, 3, 4], status as i32)],
        "record {} entry",
        p.id
    );
}

/// Reads the whole log and checks order and the hash chain; returns the registered participants it carries.
async fn replayed_registrations(director: &Desk) -> anyhow::Result<HashMap<u64, pb::Participant>> {
    let last = director.last_seq().await?;
    let log = director.read_log(last).await?;
    let mut registered = HashMap::new();
    let mut request_ids = HashSet::new();
    for (i, e) in log.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "contiguous");
        let prev = if i == 0 {
            vec![0; 32]
        } else {
            log[i - 1].hash.clone()
        };
        assert_eq!(
            e.prev_hash, prev,
            "entry {} chains to the previous one",
            e.seq
        );
        assert_eq!(
            e.payload.get(..32),
            Some(&e.hash[..]),
            "entry {} payload starts with its hash",
            e.seq
        );
        assert!(
            request_ids.insert(e.request_id.clone()),
            "request id {} logged twice",
            e.request_id
        );
        for ev in &e.events {
            if ev.kind == "ParticipantRegistered" {
                let Some(pb::event::Subject::Participant(p)) = &ev.subject else {
                    panic!("entry {} lacks its participant", e.seq)
                };
                assert!(
                    registered.insert(p.id, p.clone()).is_none(),
                    "participant {} registered twice",
                    p.id
                );
            }
        }
    }
    Ok(registered)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_during_registrations_loses_no_acknowledged_command_and_half_applies_nothing(
) -> anyhow::Result<()> {
    let mut venue = Venue::start().await?;
    let director = venue.director().await?;
    let main = director.create_tournament("Main", 4).await?.id;
    let desks = registration_desks(&venue, "reg").await?;

    let acked = Arc::new(AtomicUsize::new(0));
    let enough = Arc::new(Notify::new());
    let mut tasks = Vec::new();
    for (d, desk) in desks.iter().cloned().enumerate() {
        let (acked, enough) = (acked.clone(), enough.clone());
        tasks.push(tokio::spawn(async move {
            let mut run: DeskRun = Vec::new();
            for n in 0..MAX_PER_DESK {
                let a = attempt(0, d, n);
                let result = send(&desk, &a, main).await;
                let failed = result.is_err();
                run.push((a, result));
                if failed {
                    break;
                }
                if acked.fetch_add(1, Ordering::SeqCst) + 1 == KILL_AFTER {
                    enough.notify_one();
                }
            }
            run
        }));
    }
    tokio::time::timeout(Duration::from_secs(60), enough.notified())
        .await
        .map_err(|_| {
            anyhow::anyhow!(
                "only {} registrations acknowledged in 60 s",
                acked.load(Ordering::SeqCst)
            )
        })?;
    venue.kill9()?;
    let mut runs = Vec::new();
    for t in tasks {
        runs.push(tokio::time::timeout(Duration::from_secs(40), t).await??);
    }
    let acks: Vec<(&Attempt, &pb::Participant)> = runs
        .iter()
        .flatten()
        .filter_map(|(a, r)| r.as_ref().ok().map(|p| (a, p)))
        .collect();
    let unanswered: Vec<&Attempt> = runs
        .iter()
        .flatten()
        .filter(|(_, r)| r.is_err())
        .map(|(a, _)| a)
        .collect();
    assert!(acks.len() >= KILL_AFTER, "{} acknowledged", acks.len());
    assert!(
        unanswered.len() <= DESKS,
        "at most one command in flight per desk"
    );
    for (a, p) in &acks {
        check_record(p, a, main);
    }
    let sent: HashMap<(String, String), &Attempt> = runs
        .iter()
        .flatten()
        .map(|(a, _)| {
            (
                (a.fields.family_name.clone(), a.fields.given_name.clone()),
                a,
            )
        })
        .collect();

    venue.restart().await?;
    let director = director.reconnect(&venue).await?;
    let stored = director.list_all().await?;
    let by_id: HashMap<u64, &pb::Participant> = stored.iter().map(|p| (p.id, p)).collect();
    for (_, p) in &acks {
        assert_eq!(
            by_id.get(&p.id),
            Some(p),
            "acknowledged participant {} survived kill -9 as acknowledged",
            p.id
        );
    }
    let acked_ids: HashSet<u64> = acks.iter().map(|(_, p)| p.id).collect();
    let mut committed_unanswered = 0;
    for p in &stored {
        let f = p.fields.as_ref().unwrap();
        let a = sent
            .get(&(f.family_name.clone(), f.given_name.clone()))
            .unwrap_or_else(|| panic!("stored participant {} was never sent: {f:?}", p.id));
        check_record(p, a, main);
        if !acked_ids.contains(&p.id) {
            assert!(
                unanswered.iter().any(|u| u.request_id == a.request_id),
                "{} is neither acknowledged nor in flight",
                p.id
            );
            committed_unanswered += 1;
        }
    }
    assert_eq!(
        stored.len(),
        acks.len() + committed_unanswered,
        "nothing but acknowledged or in-flight commands"
    );
    let status = director.status().await?;
    assert_eq!(status.participants, stored.len() as u64);
    eprintln!(
        "acknowledged {}, in flight at the kill {}, of which committed {committed_unanswered}; log at seq {}",
        acks.len(),
        unanswered.len(),
        status.last_seq
    );

    // The desks' tokens survived; retries of the unanswered commands (same request ids) make no duplicates.
    let seq_before_retries = status.last_seq;
    for a in &unanswered {
        // The family name is `Cut{cycle}D{desk}` (see `attempt`).
        let desk_no: usize = a
            .fields
            .family_name
            .rsplit('D')
            .next()
            .unwrap_or_default()
            .parse()?;
        let desk = desks[desk_no].reconnect(&venue).await?;
        let p = send(&desk, a, main).await?;
        check_record(&p, a, main);
        if let Some(existing) = stored.iter().find(|s| s.fields.as_ref() == Some(&a.fields)) {
            assert_eq!(
                &p, existing,
                "a retry of a committed command answers with its record"
            );
        }
    }
    let after = director.list_all().await?;
    assert_eq!(
        after.len(),
        acks.len() + unanswered.len(),
        "every command exactly once"
    );
    assert_eq!(
        director.last_seq().await?,
        seq_before_retries + (unanswered.len() - committed_unanswered) as u64,
        "only the uncommitted retries were written"
    );

    // The log replays consistently and agrees with the register.
    let replayed = replayed_registrations(&director).await?;
    assert_eq!(replayed.len(), after.len());
    for p in &after {
        assert_eq!(
            replayed.get(&p.id),
            Some(p),
            "the log's record of {} is the register's",
            p.id
        );
    }

    // A second kill -9, right after the retries were acknowledged: all still there.
    venue.kill9()?;
    venue.restart().await?;
    let director = director.reconnect(&venue).await?;
    assert_eq!(director.list_all().await?, after);
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Restarts stay short whatever the crash history (issue 13, bug 6)

/// How many entries the last start replayed after its snapshot ("replayed N log entries after the snapshot").
fn tail_replayed(logs: &str) -> Option<u64> {
    logs.lines()
        .rev()
        .find_map(|l| l.split("replayed ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

/// Registers `n` players, one command each.
async fn register_many(desk: &Desk, n: usize, tag: &str) -> anyhow::Result<()> {
    for i in 0..n {
        desk.register_player(
            tengen_tests::player(&format!("{tag}{i}"), "Snap", "5k"),
            vec![],
        )
        .await?;
    }
    Ok(())
}

/// With a snapshot every 40 entries, a series of `kill -9`s — including one right after a restart, before any
/// write — never makes a restart replay more than 40 entries: the snapshot counter starts from the snapshot on
/// disk, not from where the replay ended, and a start that replayed a long tail takes a snapshot at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restarts_replay_at_most_one_snapshot_interval_after_any_series_of_crashes(
) -> anyhow::Result<()> {
    const EVERY: u64 = 40;
    let mut venue = Venue::unstarted()?;
    venue.set_args(&["--snapshot-every", &EVERY.to_string()]);
    venue.restart().await?;
    let mut worst = 0;
    for (cycle, writes) in [35usize, 30, 0, 39, 41, 0, 0, 25].into_iter().enumerate() {
        let director = venue.director().await?;
        register_many(&director, writes, &format!("C{cycle}x")).await?;
        venue.kill9()?;
        venue.restart().await?;
        let tail = tail_replayed(&venue.logs()).ok_or_else(|| {
            anyhow::anyhow!(
                "the server does not say how much it replayed:\n{}",
                venue.logs()
            )
        })?;
        worst = worst.max(tail);
        assert!(
            tail <= EVERY,
            "after crash {cycle} the restart replayed {tail} entries (snapshot every {EVERY})"
        );
    }
    eprintln!("worst replay after a crash: {worst} entries (snapshot every {EVERY})");
    // Nothing acknowledged was lost on the way: 35 + 30 + 39 + 41 + 25 players and the director's token.
    let all = venue.director().await?.list_all().await?;
    assert_eq!(all.len(), 35 + 30 + 39 + 41 + 25);
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// A storage that fails: never hang, say so (issue 13, bug 9)

/// The data directory removed under a running server: SIGTERM still ends it within the bounded wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_whose_data_directory_vanished_still_stops_on_sigterm() -> anyhow::Result<()> {
    let mut venue = Venue::start().await?;
    let director = venue.director().await?;
    // Enough that the stop's snapshot is a large value (sled writes those to files of their own).
    for i in 0..300 {
        let mut fields = tengen_tests::player(&format!("Gone{i}"), "Dir", "5k");
        fields.notes = "n".repeat(2000);
        director.register_player(fields, vec![]).await?;
    }
    std::fs::remove_dir_all(venue.data_dir())?;
    // One more write, so the writer has something of its own to flush at the stop.
    let _ = director
        .register_player(tengen_tests::player("Late", "Gone", "5k"), vec![])
        .await;
    let started = std::time::Instant::now();
    let status = venue.terminate(Duration::from_secs(30))?;
    let took = started.elapsed();
    let Some(status) = status else {
        panic!(
            "the server still ran 30 s after SIGTERM with its data directory gone:\n{}",
            venue.logs()
        );
    };
    eprintln!("stopped in {took:?} with {status}");
    // sled's last flush fails on the missing directory and would wait forever: the server says so and exits 3.
    if !status.success() {
        assert_eq!(status.code(), Some(3), "{status}");
        assert!(
            venue.logs().contains("exiting anyway"),
            "a stop cut short says why:\n{}",
            venue.logs()
        );
    }
    Ok(())
}

/// Mounts a tmpfs of `mib` MiB at `dir` (root only); `None` with a message when it cannot.
fn small_disk(dir: &std::path::Path, mib: u32) -> Option<Unmount> {
    std::fs::create_dir_all(dir).ok()?;
    let ok = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={mib}m"), "tengen-full"])
        .arg(dir)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if ok {
        Some(Unmount(dir.to_path_buf()))
    } else {
        tengen_prerequisite::skip_or_fail(
            &format!("cannot mount a tmpfs at {} (needs root)", dir.display()),
            "run the tests as root",
        );
        None
    }
}

/// Unmounts on drop.
struct Unmount(std::path::PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.0)
            .status();
    }
}

/// A full disk turns writes into UNAVAILABLE "disk full" while reads keep working, and the server still stops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_writes_clearly_keeps_reads_and_never_hangs() -> anyhow::Result<()> {
    let mut venue = Venue::unstarted()?;
    let Some(_mounted) = small_disk(&venue.data_dir(), 24) else {
        return Ok(());
    };
    venue.restart().await?;
    let director = venue.director().await?;
    let first = director
        .register_player(tengen_tests::player("First", "Full", "5k"), vec![])
        .await?;
    // Fill the file system beside the log, leaving a little room, then write until the log cannot grow.
    let filler = venue.data_dir().join("filler");
    let _ = std::process::Command::new("dd")
        .args(["if=/dev/zero", "bs=1M", "count=64"])
        .arg(format!("of={}", filler.display()))
        .stderr(std::process::Stdio::null())
        .status();
    let mut refused = None;
    for i in 0..20_000 {
        let mut fields = tengen_tests::player(&format!("Full{i}"), "Disk", "5k");
        fields.notes = "n".repeat(2000);
        match director.register_player(fields, vec![]).await {
            Ok(_) => {}
            Err(status) => {
                refused = Some(status);
                break;
            }
        }
    }
    let refused = refused.ok_or_else(|| anyhow::anyhow!("20,000 writes fitted on a full disk"))?;
    assert_eq!(refused.code(), tonic::Code::Unavailable, "{refused:?}");
    assert!(
        refused.message().contains("disk is full"),
        "the desk is told why: {}",
        refused.message()
    );
    // Reads keep working, and later writes get the same clear answer.
    assert_eq!(director.get(first.id).await?.id, first.id);
    let again = director
        .register_player(tengen_tests::player("After", "Full", "5k"), vec![])
        .await
        .expect_err("a full disk takes no more writes");
    assert_eq!(again.code(), tonic::Code::Unavailable);
    assert!(
        again.message().contains("disk is full"),
        "{}",
        again.message()
    );
    let status = venue.terminate(Duration::from_secs(30))?;
    assert!(
        status.is_some(),
        "the server still ran 30 s after SIGTERM on a full disk:\n{}",
        venue.logs()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// The power cut, and memory and size figures (issue 13): on demand

#[path = "crash_recovery/power_cut.rs"]
mod power_cut;

#[path = "crash_recovery/figures.rs"]
mod figures;
