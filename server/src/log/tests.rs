//! Log conformance: the same checks against sled in a temp dir and the in-memory store — append and read back,
//! the writer's acknowledgements equal a replay of the log, idempotent retries, corruption and gaps detected.

use super::entry::{encode, GENESIS};
use super::writer::{spawn, WriterParts};
use super::*;
use crate::domain::{
    Actor, Command, EnterSpec, ParticipantFields, Rejected, Role, Seq, State, Subject,
};
use crate::domain::{PairingSystem, TournamentSettings};
use std::sync::{Arc, RwLock};

fn stores() -> Vec<(&'static str, Arc<dyn LogStore>, Option<tempfile::TempDir>)> {
    let dir = tempfile::tempdir().unwrap();
    let sled: Arc<dyn LogStore> = Arc::new(SledStore::open(dir.path()).unwrap());
    vec![
        ("memory", Arc::new(MemoryStore::default()), None),
        ("sled", sled, Some(dir)),
    ]
}

fn actor() -> Actor {
    Actor {
        terminal: "desk-1".into(),
        role: Role::Director,
        operator: "Ann".into(),
    }
}

fn fields(family: &str) -> ParticipantFields {
    ParticipantFields::sample(family, "Test", "")
}

fn register(family: &str) -> Command {
    Command::RegisterParticipant {
        fields: fields(family),
        enter: vec![EnterSpec {
            tournament: crate::domain::TournamentId(1),
            rounds: None,
        }],
        check_in: false,
        different_person: false,
    }
}

struct Harness {
    writer: Writer,
    shared: Arc<RwLock<State>>,
    join: std::thread::JoinHandle<Result<(), LogError>>,
}

fn start(store: Arc<dyn LogStore>) -> Harness {
    let replayed = replay(store.as_ref()).unwrap();
    let shared = Arc::new(RwLock::new(replayed.state.clone()));
    let (published, _) = tokio::sync::broadcast::channel(16);
    let (writer, join) = spawn(WriterParts {
        store,
        working: replayed.state,
        last_hash: replayed.last_hash,
        shared: shared.clone(),
        published,
        snapshot_every: super::writer::SNAPSHOT_EVERY,
        replicate: None,
    })
    .unwrap();
    Harness {
        writer,
        shared,
        join,
    }
}

fn summary(s: &State) -> Vec<(u64, String, u64)> {
    s.participants
        .values()
        .map(|p| (p.id.0, p.fields.family_name.clone(), p.revision.0))
        .collect()
}

#[test]
fn appended_entries_read_back_in_order() {
    for (name, store, _dir) in stores() {
        let entries: Vec<(Seq, Vec<u8>)> = (1..=5).map(|i| (Seq(i), vec![i as u8; 40])).collect();
        store.append(&entries[..3]).unwrap();
        store.append(&entries[3..]).unwrap();
        store.sync().unwrap();
        assert_eq!(
            store.read_from(Seq(2), 2).unwrap(),
            entries[1..3].to_vec(),
            "{name}"
        );
        assert_eq!(store.last().unwrap(), Some(entries[4].clone()), "{name}");
        assert_eq!(store.epoch().unwrap().0, 1, "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_commands_are_acknowledged_and_replay_to_the_same_state() {
    for (name, store, _dir) in stores() {
        let h = start(store.clone());
        let create = Command::CreateTournament {
            double_entry_unset: false,
            settings: TournamentSettings {
                name: "Main".into(),
                rounds: 5,
                system: PairingSystem::McMahon,
                ..Default::default()
            },
        };
        h.writer.submit(create, actor(), "t1".into()).await.unwrap();
        let mut tasks = Vec::new();
        for i in 0..200 {
            let w = h.writer.clone();
            tasks.push(tokio::spawn(async move {
                w.submit(register(&format!("Player{i:03}")), actor(), format!("r{i}"))
                    .await
            }));
        }
        let mut seqs = Vec::new();
        for t in tasks {
            seqs.push(t.await.unwrap().unwrap().seq);
        }
        seqs.sort();
        seqs.dedup();
        assert_eq!(seqs.len(), 200, "{name}: every command got its own entry");
        let live = summary(&h.shared.read().unwrap());
        let replayed = replay(store.as_ref()).unwrap();
        assert_eq!(
            summary(&replayed.state),
            live,
            "{name}: replay equals the live state"
        );
        assert_eq!(replayed.state.last_seq, Seq(201), "{name}");
        drop(h.writer);
        h.join.join().unwrap().unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retry_returns_the_original_answer_even_after_restart() {
    for (name, store, _dir) in stores() {
        let h = start(store.clone());
        let create = Command::CreateTournament {
            double_entry_unset: false,
            settings: TournamentSettings {
                name: "Main".into(),
                rounds: 3,
                ..Default::default()
            },
        };
        h.writer.submit(create, actor(), "t1".into()).await.unwrap();
        let first = h
            .writer
            .submit(register("Côté"), actor(), "same".into())
            .await
            .unwrap();
        let again = h
            .writer
            .submit(register("Côté"), actor(), "same".into())
            .await
            .unwrap();
        assert!(!first.replayed && again.replayed, "{name}");
        assert_eq!(
            (first.seq, &first.subject),
            (again.seq, &again.subject),
            "{name}"
        );
        let reused = h
            .writer
            .submit(register("Other"), actor(), "same".into())
            .await;
        assert!(
            matches!(
                reused,
                Err(WriteError::Rejected(Rejected::RequestIdReused(_)))
            ),
            "{name}: {reused:?}"
        );
        drop(h.writer);
        h.join.join().unwrap().unwrap();
        let h = start(store.clone());
        let after = h
            .writer
            .submit(register("Côté"), actor(), "same".into())
            .await
            .unwrap();
        assert_eq!(
            (after.seq, &after.subject),
            (first.seq, &first.subject),
            "{name}"
        );
        let Some(Subject::Participant(p)) = &after.subject else {
            panic!("{name}")
        };
        assert_eq!(
            h.shared.read().unwrap().participants.len(),
            1,
            "{name}: still one record ({})",
            p.id
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejected_commands_write_nothing() {
    for (name, store, _dir) in stores() {
        let h = start(store.clone());
        let result = h
            .writer
            .submit(register("Nobody"), actor(), "x".into())
            .await;
        assert!(
            matches!(
                result,
                Err(WriteError::Rejected(Rejected::Invalid {
                    field: "tournament_id",
                    ..
                }))
            ),
            "{name}"
        );
        assert_eq!(store.last().unwrap(), None, "{name}");
        assert!(
            h.shared.read().unwrap().requests.is_empty(),
            "{name}: a refusal is not remembered"
        );
    }
}

#[test]
fn replay_detects_corruption_and_gaps() {
    for (name, store, _dir) in stores() {
        let entry = |seq: u64| LogEntry {
            seq: Seq(seq),
            epoch: crate::domain::Epoch(1),
            timestamp_ms: 0,
            terminal: "t".into(),
            role: Role::Director,
            operator: String::new(),
            request_id: format!("r{seq}"),
            fingerprint: String::new(),
            events: vec![],
            subject: None,
        };
        let (b1, h1) = encode(&entry(1), &GENESIS).unwrap();
        let (b2, _) = encode(&entry(2), &h1).unwrap();
        let (b3_wrong_prev, _) = encode(&entry(3), &GENESIS).unwrap();
        store.append(&[(Seq(1), b1), (Seq(2), b2.clone())]).unwrap();
        assert_eq!(
            replay(store.as_ref()).unwrap().state.last_seq,
            Seq(2),
            "{name}"
        );
        store.append(&[(Seq(3), b3_wrong_prev)]).unwrap();
        assert!(
            matches!(
                replay(store.as_ref()),
                Err(LogError::Corrupt { seq: Seq(3), .. })
            ),
            "{name}: a broken chain is refused"
        );
        let mut flipped = b2;
        let at = flipped.len() - 3;
        flipped[at] ^= 0x20;
        store.append(&[(Seq(2), flipped)]).unwrap();
        assert!(
            matches!(
                replay(store.as_ref()),
                Err(LogError::Corrupt { seq: Seq(2), .. })
            ),
            "{name}"
        );
    }
    let store = MemoryStore::default();
    let (b1, _) = encode(
        &LogEntry {
            seq: Seq(2),
            epoch: crate::domain::Epoch(1),
            timestamp_ms: 0,
            terminal: String::new(),
            role: Role::Director,
            operator: String::new(),
            request_id: String::new(),
            fingerprint: String::new(),
            events: vec![],
            subject: None,
        },
        &GENESIS,
    )
    .unwrap();
    store.append(&[(Seq(2), b1)]).unwrap();
    assert!(matches!(
        replay(&store),
        Err(LogError::Gap {
            expected: Seq(1),
            found: Seq(2)
        })
    ));
}

/// Writes `n` registrations through a writer on `store` and stops it (which takes a snapshot).
fn fill(store: Arc<dyn LogStore>, n: usize) -> State {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let h = start(store);
    rt.block_on(async {
        h.writer
            .submit(
                Command::CreateTournament {
                    double_entry_unset: false,
                    settings: TournamentSettings {
                        name: "Main".into(),
                        rounds: 5,
                        system: PairingSystem::McMahon,
                        ..Default::default()
                    },
                },
                actor(),
                "t".into(),
            )
            .await
            .unwrap();
        for i in 0..n {
            h.writer
                .submit(register(&format!("P{i}")), actor(), format!("r{i}"))
                .await
                .unwrap();
        }
    });
    let state = h.shared.read().unwrap().clone();
    drop(h.writer);
    h.join.join().unwrap().unwrap();
    state
}

#[test]
fn a_restart_starts_from_the_snapshot_and_replays_only_the_tail() {
    for (name, store, _dir) in stores() {
        let state = fill(store.clone(), 30);
        let (at, _) = store.snapshot().unwrap().expect("a snapshot at shutdown");
        assert_eq!(at, state.last_seq, "{name}");
        // More entries after the snapshot: replay = snapshot + tail, equal to the live state.
        let h = start(store.clone());
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(h.writer.submit(register("Tail"), actor(), "tail".into()))
            .unwrap();
        let live = h.shared.read().unwrap().clone();
        // Kill without a clean stop: the snapshot stays at the old position.
        std::mem::forget(h.writer);
        let replayed = replay(store.as_ref()).unwrap().state;
        assert!(
            replayed.image_eq(&live),
            "{name}: snapshot + tail equals the live state"
        );
        assert!(replayed.find("tail", 5).len() == 1);
        // A snapshot that no longer matches the log (truncated away) is ignored, not trusted.
        store.truncate_after(Seq(10)).unwrap();
        assert!(store.snapshot().unwrap().is_none(), "{name}");
        let short = replay(store.as_ref()).unwrap().state;
        assert_eq!(short.last_seq, Seq(10), "{name}");
    }
}

/// Restores a backup file into a new memory store.
fn restore_file(file: &[u8]) -> Result<State, crate::replica::backup::BackupError> {
    crate::replica::backup::restore(&mut std::io::Cursor::new(file), &MemoryStore::default())
}

/// A backup writer of one format.
type Export = fn(
    &dyn LogStore,
    &State,
    &mut dyn std::io::Write,
) -> Result<u64, crate::replica::backup::BackupError>;

#[test]
fn backup_and_restore_reproduce_the_state() {
    use crate::replica::backup::{export, export_text};
    for (name, store, _dir) in stores() {
        let state = fill(store.clone(), 25);
        // The archive every server writes now, and the text files of version 1 that directors may still hold.
        let formats: [(&str, Export); 2] = [("archive", export), ("text", export_text)];
        for (format, write) in formats {
            let mut file = Vec::new();
            write(store.as_ref(), &state, &mut file).unwrap();
            let target = MemoryStore::default();
            let restored =
                crate::replica::backup::restore(&mut std::io::Cursor::new(&file), &target).unwrap();
            assert!(restored.image_eq(&state), "{name} {format}");
            assert!(
                replay(&target).unwrap().state.image_eq(&state),
                "{name} {format}"
            );
            // Restoring twice into the same store is refused; a truncated file is refused.
            assert!(
                crate::replica::backup::restore(&mut std::io::Cursor::new(&file), &target).is_err()
            );
            assert!(
                restore_file(&file[..file.len() - 10]).is_err(),
                "{name} {format}"
            );
            // A changed byte anywhere in the file is refused.
            for at in [file.len() / 3, file.len() / 2, file.len() - 30] {
                let mut bad = file.clone();
                bad[at] = if bad[at] == b'0' { b'1' } else { b'0' };
                assert!(restore_file(&bad).is_err(), "{name} {format} at {at}");
            }
        }
    }
}

/// The members of a backup archive, in order.
fn members(file: &[u8]) -> Vec<(String, Vec<u8>)> {
    use std::io::Read;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    archive
        .entries()
        .unwrap()
        .map(|m| {
            let mut m = m.unwrap();
            let name = m.path().unwrap().to_string_lossy().into_owned();
            let mut bytes = Vec::new();
            m.read_to_end(&mut bytes).unwrap();
            (name, bytes)
        })
        .collect()
}

/// A backup archive of these members, as a tool other than the server would write it.
fn archive_of(members: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut tar = tar::Builder::new(flate2::write::GzEncoder::new(
        Vec::new(),
        flate2::Compression::fast(),
    ));
    for (name, bytes) in members {
        let mut header = tar::Header::new_ustar();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        tar.append_data(&mut header, name, &bytes[..]).unwrap();
    }
    tar.into_inner().unwrap().finish().unwrap()
}

#[test]
fn a_backup_is_a_tar_archive_with_its_sums_and_smaller_than_the_log() {
    let store: Arc<dyn LogStore> = Arc::new(MemoryStore::default());
    let state = fill(store.clone(), 1100);
    let mut file = Vec::new();
    crate::replica::backup::export(store.as_ref(), &state, &mut file).unwrap();
    let inside = members(&file);
    let names: Vec<&str> = inside.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "tengen-backup.txt",
            "log/000000000001.bin",
            "log/000000001025.bin",
            "snapshot.bin",
            "SHA256SUMS"
        ]
    );
    assert!(String::from_utf8_lossy(&inside[0].1).starts_with("tengen-backup 2\nepoch "));
    // SHA256SUMS checks every member before it, as `sha256sum -c` would.
    let sums = String::from_utf8(inside[4].1.clone()).unwrap();
    assert_eq!(sums.lines().count(), 4);
    for (line, (name, bytes)) in sums.lines().zip(&inside) {
        let digest = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(bytes));
        assert_eq!(line, format!("{digest}  {name}"));
    }
    // Compressed, the archive is far smaller than the log's own bytes (the text format was twice their size).
    let log: usize = store
        .read_from(Seq(1), usize::MAX)
        .unwrap()
        .iter()
        .map(|(_, b)| b.len())
        .sum();
    assert!(
        file.len() * 3 < log,
        "{} bytes for a log of {log}",
        file.len()
    );
    // The same log makes the same archive.
    let mut again = Vec::new();
    crate::replica::backup::export(store.as_ref(), &state, &mut again).unwrap();
    assert_eq!(again, file);
    // Rebuilt from its own members by another tool, it restores.
    assert!(restore_file(&archive_of(&inside)).unwrap().image_eq(&state));
    // A member changed inside a sound archive is refused by its sum, even where the change would decode the same
    // (a space after the snapshot's JSON).
    let mut changed = inside.clone();
    changed[3].1.push(b' ');
    let refused = restore_file(&archive_of(&changed)).unwrap_err().to_string();
    assert!(refused.contains("SHA256SUMS"), "{refused}");
    // Without its last member the archive is truncated; a member out of order is refused by name.
    let refused = restore_file(&archive_of(&inside[..4]))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("truncated"), "{refused}");
    let mut swapped = inside.clone();
    swapped.swap(1, 2);
    let refused = restore_file(&archive_of(&swapped)).unwrap_err().to_string();
    assert!(refused.contains("log/000000001025.bin"), "{refused}");
    // A file that is neither version says so.
    let refused = restore_file(b"hello").unwrap_err().to_string();
    assert!(refused.contains("not a Tengen backup"), "{refused}");
}

fn at(terminal: &str) -> Actor {
    Actor {
        terminal: terminal.into(),
        ..actor()
    }
}

fn create(name: &str) -> Command {
    Command::CreateTournament {
        double_entry_unset: false,
        settings: TournamentSettings {
            name: name.into(),
            rounds: 3,
            ..Default::default()
        },
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_12_request_ids_are_scoped_by_terminal() {
    for (name, store, _dir) in stores() {
        let h = start(store.clone());
        let one = h.writer.submit(create("A"), at("desk-1"), "same".into());
        let one = one.await.unwrap();
        let two = h.writer.submit(create("A"), at("desk-2"), "same".into());
        let two = two.await.unwrap();
        assert!(
            !one.replayed && !two.replayed,
            "{name}: one command per terminal"
        );
        assert_ne!(one.seq, two.seq, "{name}");
        let again = h.writer.submit(create("A"), at("desk-2"), "same".into());
        let again = again.await.unwrap();
        assert!(again.replayed, "{name}");
        assert_eq!(
            (again.seq, &again.subject),
            (two.seq, &two.subject),
            "{name}"
        );
        let reused = h
            .writer
            .submit(create("B"), at("desk-1"), "same".into())
            .await;
        assert!(
            matches!(
                reused,
                Err(WriteError::Rejected(Rejected::RequestIdReused(_)))
            ),
            "{name}: {reused:?}"
        );
        drop(h.writer);
        h.join.join().unwrap().unwrap();
        // After a restart (snapshot) each terminal still gets its own answer.
        let h = start(store.clone());
        for (terminal, first) in [("desk-1", &one), ("desk-2", &two)] {
            let after = h.writer.submit(create("A"), at(terminal), "same".into());
            let after = after.await.unwrap();
            assert!(after.replayed, "{name}: {terminal}");
            assert_eq!(after.seq, first.seq, "{name}: {terminal}");
        }
        assert_eq!(h.shared.read().unwrap().tournaments.len(), 2, "{name}");
    }
}

/// A snapshot as servers wrote it before request ids were scoped by terminal: `requests` keyed by the id alone.
fn unscoped_snapshot(bytes: &[u8]) -> Vec<u8> {
    let mut image: serde_json::Value = serde_json::from_slice(&bytes[32..]).unwrap();
    let scoped = image
        .as_object_mut()
        .unwrap()
        .remove("terminal_requests")
        .unwrap();
    let legacy: Vec<serde_json::Value> = scoped
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| serde_json::json!([pair[0]["id"], pair[1]]))
        .collect();
    assert!(!legacy.is_empty());
    image["requests"] = serde_json::Value::Array(legacy);
    let mut out = bytes[..32].to_vec();
    out.extend(serde_json::to_vec(&image).unwrap());
    out
}

#[test]
fn issue_12_an_unscoped_snapshot_is_scoped_from_the_log() {
    for (name, store, _dir) in stores() {
        let state = fill(store.clone(), 12);
        let (at, bytes) = store.snapshot().unwrap().expect("a snapshot at shutdown");
        store.put_snapshot(at, &unscoped_snapshot(&bytes)).unwrap();
        let replayed = replay(store.as_ref()).unwrap().state;
        assert!(!replayed.has_legacy_requests(), "{name}");
        assert!(replayed.image_eq(&state), "{name}");
        // A backup written by such a server restores, and its snapshot is rewritten scoped.
        let mut file = Vec::new();
        crate::replica::backup::export_text(store.as_ref(), &state, &mut file).unwrap();
        let text = String::from_utf8(file).unwrap();
        let old: String = text
            .lines()
            .map(|l| match l.strip_prefix("snapshot ") {
                Some(rest) => {
                    let (seq, hexed) = rest.split_once(' ').unwrap();
                    let legacy = unscoped_snapshot(&hex::decode(hexed).unwrap());
                    format!("snapshot {seq} {}\n", hex::encode(legacy))
                }
                None => format!("{l}\n"),
            })
            .collect();
        let target = MemoryStore::default();
        let restored =
            crate::replica::backup::restore(&mut std::io::Cursor::new(old.as_bytes()), &target)
                .unwrap();
        assert!(restored.image_eq(&state), "{name}");
        let (_, stored) = target.snapshot().unwrap().unwrap();
        assert!(
            !String::from_utf8_lossy(&stored).contains("\"requests\""),
            "{name}"
        );
    }
}

/// Whatever happens to a backup file on its way (cut anywhere, any byte changed), restoring it either refuses or
/// gives back exactly the state it was taken from: never another state, never a panic. A byte of the gzip header
/// such as its timestamp may change without harm; every byte of the content is covered by the checksums.
#[test]
fn a_damaged_backup_restores_exactly_or_not_at_all() {
    let store: Arc<dyn LogStore> = Arc::new(MemoryStore::default());
    let state = fill(store.clone(), 6);
    let mut file = Vec::new();
    crate::replica::backup::export(store.as_ref(), &state, &mut file).unwrap();
    for i in 0..file.len() {
        assert!(
            restore_file(&file[..i]).is_err(),
            "a backup cut at {i} of {} restored",
            file.len()
        );
        for xor in [0x01, 0x80, 0xff] {
            let mut damaged = file.clone();
            damaged[i] ^= xor;
            if let Ok(restored) = restore_file(&damaged) {
                assert!(
                    restored.image_eq(&state),
                    "byte {i} ^ {xor:#x} restored another state"
                );
            }
        }
    }
}
