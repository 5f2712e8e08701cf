//! Restart time: builds a sled log of N entries (a congress register: 2,000 players, then check-ins, withdrawals,
//! reinstatements and edits), takes the snapshot a clean stop takes, then times `replay` (snapshot + tail) and a
//! full replay without the snapshot. Prints a table. `cargo bench -p tengen-server --bench restart -- 1000000`.

use std::time::Instant;
use tengen_server::domain::{
    decide, Actor, Command, Context, EnterSpec, PairingSystem, ParticipantFields, ParticipantId,
    Role, Seq, State, TournamentId, TournamentSettings,
};
use tengen_server::log::entry::{encode, LogEntry, GENESIS};
use tengen_server::log::replay::{record_entry, write_snapshot};
use tengen_server::log::{replay, LogStore, SledStore};

fn fields(i: usize) -> ParticipantFields {
    ParticipantFields {
        rank: "5k".parse().expect("rank"),
        rating: Some(1500),
        city: "Leiden".into(),
        country: "NL".into(),
        fee_cents: 2500,
        paid: true,
        ..ParticipantFields::sample(
            &format!("Family{i}"),
            &format!("Given{i}"),
            &format!("Club{}", i % 97),
        )
    }
}

fn command(i: usize) -> Command {
    if i == 0 {
        return Command::CreateTournament {
            double_entry_unset: false,
            settings: TournamentSettings {
                name: "Main".into(),
                rounds: 6,
                system: PairingSystem::McMahon,
                ..TournamentSettings::default()
            },
        };
    }
    if i <= 2000 {
        return Command::RegisterParticipant {
            fields: fields(i),
            enter: vec![EnterSpec {
                tournament: TournamentId(1),
                rounds: None,
            }],
            check_in: false,
            different_person: false,
        };
    }
    let id = ParticipantId((i % 2000) as u64 + 1);
    match (i / 2000) % 3 {
        0 => Command::Withdraw {
            id,
            tournament: TournamentId(1),
            expected: None,
        },
        1 => Command::Reinstate {
            id,
            tournament: TournamentId(1),
            expected: None,
        },
        _ => Command::CheckIn {
            id,
            tournament: None,
            expected: None,
        },
    }
}

fn build(store: &SledStore, n: usize) -> State {
    let mut state = State::default();
    let mut prev = GENESIS;
    let mut batch = Vec::with_capacity(10_000);
    let actor = Actor {
        terminal: "desk-1".into(),
        role: Role::Director,
        operator: String::new(),
    };
    for i in 0..n {
        let cmd = command(i);
        let ctx = Context {
            actor: actor.clone(),
            now_ms: 1_700_000_000_000 + i as i64,
            entropy: [3; 32],
        };
        let events = decide(&state, &cmd, &ctx).unwrap_or_default();
        for e in &events {
            state.apply(e);
        }
        let subject = events.last().and_then(|e| state.subject_of(e));
        let entry = LogEntry {
            seq: Seq(i as u64 + 1),
            epoch: state.epoch,
            timestamp_ms: ctx.now_ms,
            terminal: actor.terminal.clone(),
            role: actor.role,
            operator: String::new(),
            request_id: format!("req-{i:08}"),
            fingerprint: tengen_server::log::writer::fingerprint(&cmd),
            events,
            subject,
        };
        record_entry(&mut state, &entry);
        let (bytes, hash) = encode(&entry, &prev).expect("encode");
        prev = hash;
        batch.push((entry.seq, bytes));
        if batch.len() == 10_000 {
            store.append(&batch).expect("append");
            batch.clear();
        }
    }
    store.append(&batch).expect("append");
    store.sync().expect("sync");
    write_snapshot(store, &state, &prev).expect("snapshot");
    state
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![100_000]
    } else {
        sizes
    };
    println!("| entries | build | restart (snapshot + tail) | full replay |");
    println!("|---:|---:|---:|---:|");
    for n in sizes {
        let dir = tempfile::tempdir().expect("tempdir");
        let t = Instant::now();
        let built = {
            let store = SledStore::open(dir.path()).expect("open");
            build(&store, n)
        };
        let build_time = t.elapsed();
        let store = SledStore::open(dir.path()).expect("reopen");
        let t = Instant::now();
        let fast = replay(&store).expect("replay").state;
        let restart = t.elapsed();
        assert!(fast.image_eq(&built));
        store.truncate_after(Seq(u64::MAX - 1)).expect("noop");
        // Without the snapshot: drop it by re-putting nothing usable (a snapshot at seq 0 never matches).
        store.put_snapshot(Seq(0), b"").expect("clear");
        let t = Instant::now();
        let full = replay(&store).expect("replay").state;
        let full_time = t.elapsed();
        assert!(full.image_eq(&built));
        println!(
            "| {n} | {:.1} s | {:.2} s | {:.2} s |",
            build_time.as_secs_f64(),
            restart.as_secs_f64(),
            full_time.as_secs_f64()
        );
    }
}
