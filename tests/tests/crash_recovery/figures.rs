//! Memory and size figures (issue 13), on demand: the server's RSS (`VmRSS`, `VmHWM` from `/proc`) and the data
//! directory's size for a 2,000-player, 10-round event with every result and for 100,000 registrations, and how big
//! each kind of log entry is, split into the change (its events) and the record it answers with (its subject).
//! Prints figures; asserts only that the load went through. Run them with a release server for realistic figures:
//! `TENGEN_SERVER_UNDER_TEST=target/release/tengen-server cargo test -p tengen-tests --test crash_recovery --
//! --ignored figures --nocapture`. Owns nothing but its temporary venues.

use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _};
use tengen_tests::{pb, Desk, PlayDesk, Venue};

use super::power_cut::{du_bytes, register_field};
use super::registration_desks;

/// The server process of `venue`: the one whose command line names its data directory.
fn server_pid(venue: &Venue) -> anyhow::Result<u32> {
    let dir = venue.data_dir().to_string_lossy().into_owned();
    for entry in std::fs::read_dir("/proc")? {
        let entry = entry?;
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline);
        if cmdline.split('\0').any(|a| a == dir) && !cmdline.contains("cargo") {
            return Ok(pid);
        }
    }
    bail!("no process serves {dir}")
}

/// `VmRSS` and `VmHWM` of a process, in KiB.
fn rss_kib(pid: u32) -> anyhow::Result<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
            .ok_or_else(|| anyhow!("{name} missing from /proc/{pid}/status"))
    };
    Ok((field("VmRSS:")?, field("VmHWM:")?))
}

/// Prints the server's memory and the data directory's size, with `what` and `per` units.
fn print_footprint(what: &str, venue: &Venue, per: usize) -> anyhow::Result<(u64, u64, u64)> {
    let (rss, hwm) = rss_kib(server_pid(venue)?)?;
    let disk = du_bytes(&venue.data_dir());
    eprintln!(
        "{what}: RSS {:.1} MiB (peak {:.1} MiB), data directory {:.1} MiB; per item: {:.2} KiB RSS, {:.2} KiB disk",
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0,
        disk as f64 / (1 << 20) as f64,
        rss as f64 / per as f64,
        disk as f64 / 1024.0 / per as f64
    );
    Ok((rss, hwm, disk))
}

/// Reads the whole log and prints, per kind of entry (its first event), how many there are and how big they are,
/// split into the events (the change) and the subject (the record the command answered with).
async fn print_entry_sizes(director: &Desk) -> anyhow::Result<()> {
    #[derive(Default)]
    struct Sizes {
        count: usize,
        bytes: usize,
        max: usize,
        events: usize,
        subject: usize,
    }
    let last = director.last_seq().await?;
    let log = director.read_log(last).await?;
    let mut by_kind: std::collections::BTreeMap<String, Sizes> = Default::default();
    for e in &log {
        let kind = e
            .events
            .first()
            .map_or("(none)".to_string(), |ev| ev.kind.clone());
        let body: serde_json::Value =
            serde_json::from_slice(e.payload.get(32..).unwrap_or_default())?;
        let part = |name: &str| body.get(name).map_or(0, |v| v.to_string().len());
        let s = by_kind.entry(kind).or_default();
        s.count += 1;
        s.bytes += e.payload.len();
        s.max = s.max.max(e.payload.len());
        s.events += part("events");
        s.subject += part("subject");
    }
    eprintln!(
        "{:<24} {:>7} {:>11} {:>9} {:>9} {:>12} {:>13}",
        "entry (first event)",
        "count",
        "total KiB",
        "avg B",
        "max B",
        "avg events B",
        "avg subject B"
    );
    for (kind, s) in &by_kind {
        eprintln!(
            "{:<24} {:>7} {:>11.1} {:>9} {:>9} {:>12} {:>13}",
            kind,
            s.count,
            s.bytes as f64 / 1024.0,
            s.bytes / s.count,
            s.max,
            s.events / s.count,
            s.subject / s.count
        );
    }
    let total: usize = by_kind.values().map(|s| s.bytes).sum();
    eprintln!(
        "{} entries, {:.1} MiB of entries",
        log.len(),
        total as f64 / (1 << 20) as f64
    );
    Ok(())
}

/// Restarts the server (SIGTERM, then start) and prints the footprint again.
async fn footprint_after_restart(venue: &mut Venue, per: usize) -> anyhow::Result<()> {
    venue.terminate(Duration::from_secs(60))?;
    let started = Instant::now();
    venue.restart().await?;
    eprintln!("restart after a clean stop: {:?}", started.elapsed());
    print_footprint("after the restart", venue, per)?;
    Ok(())
}

/// The server's memory and disk for a 2,000-player, 10-round McMahon event with every result entered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "figures, on demand: cargo test -p tengen-tests --test crash_recovery -- --ignored figures --nocapture"]
async fn figures_for_a_2000_player_ten_round_event() -> anyhow::Result<()> {
    const PLAYERS: usize = 2_000;
    const ROUNDS: u32 = 10;
    let mut venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let settings = pb::TournamentSettings {
        name: "Figures".into(),
        rounds: ROUNDS,
        pairing_system: "mcmahon".into(),
        mcmahon: Some(pb::McMahonSetup {
            bar: "3d".into(),
            floor: "20k".into(),
            ..Default::default()
        }),
        scoring: Some(pb::Scoring {
            double_entry: Some(false),
            ..Default::default()
        }),
        ..Default::default()
    };
    let t = director
        .desk
        .register
        .clone()
        .create_tournament(pb::CreateTournamentRequest {
            meta: tengen_tests::meta(),
            settings: Some(settings),
        })
        .await?
        .into_inner()
        .id;
    let desks = registration_desks(&venue, "fig").await?;
    let took = register_field(&desks, PLAYERS, t, true).await?;
    eprintln!("{PLAYERS} players registered in {took:?}");
    print_footprint("after registration", &venue, PLAYERS)?;
    director.desk.set_registration_open(t, false).await?;

    let reporters: Vec<PlayDesk> = {
        let mut v = Vec::new();
        for _ in 0..8 {
            v.push(venue.play_director().await?);
        }
        v
    };
    for n in 1..=ROUNDS {
        let started = Instant::now();
        let round = director.draw(t, n, false, false).await?;
        let drawn = started.elapsed();
        director.publish(t, n).await?;
        let tables: Vec<u32> = round.games.iter().map(|g| g.table).collect();
        let started = Instant::now();
        let mut tasks = Vec::new();
        for (i, r) in reporters.iter().cloned().enumerate() {
            let mine: Vec<u32> = tables
                .iter()
                .copied()
                .skip(i)
                .step_by(reporters.len())
                .collect();
            tasks.push(tokio::spawn(async move {
                for table in mine {
                    let outcome = if (table + n) % 3 == 0 {
                        pb::Outcome::BlackWins
                    } else {
                        pb::Outcome::WhiteWins
                    };
                    r.report(t, n, table, outcome).await?;
                }
                Ok::<_, tonic::Status>(())
            }));
        }
        for task in tasks {
            task.await??;
        }
        let reported = started.elapsed();
        director.close(t, n).await?;
        eprintln!(
            "round {n}: {} games, bye {}; drawn in {drawn:?}, results entered in {reported:?}",
            round.games.len(),
            round.bye.is_some()
        );
    }
    let standings = director.standings(t, ROUNDS, &[]).await?;
    assert_eq!(
        standings.rows.len(),
        PLAYERS,
        "everyone is in the standings"
    );
    print_footprint("2,000 players, 10 rounds, every result", &venue, PLAYERS)?;
    print_entry_sizes(&director.desk).await?;
    footprint_after_restart(&mut venue, PLAYERS).await?;
    Ok(())
}

/// The server's memory and disk after 100,000 registrations (sixteen desks, contact data on every player).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "figures, on demand: cargo test -p tengen-tests --test crash_recovery -- --ignored figures --nocapture"]
async fn figures_for_100000_registrations() -> anyhow::Result<()> {
    let count: usize = match std::env::var("TENGEN_FIGURES_REGISTRATIONS") {
        Ok(v) => v.parse().context("TENGEN_FIGURES_REGISTRATIONS")?,
        Err(_) => 100_000,
    };
    let mut venue = Venue::start().await?;
    let director = venue.director().await?;
    let t = director.create_tournament("Figures", 4).await?.id;
    let desks = registration_desks(&venue, "fig").await?;
    let took = register_field(&desks, count, t, false).await?;
    eprintln!(
        "{count} registrations in {took:?} ({:.0}/s)",
        count as f64 / took.as_secs_f64()
    );
    assert_eq!(director.status().await?.participants, count as u64);
    print_footprint(&format!("{count} registrations"), &venue, count)?;
    print_entry_sizes(&director).await?;
    footprint_after_restart(&mut venue, count).await?;
    Ok(())
}
