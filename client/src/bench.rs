//! The registration load tool: N desks, each on its own connection (its own HTTP/2 channel), register
//! distinct synthetic players one after another as fast as the server acknowledges; every call's latency is
//! measured and summarised. Calls are not retried, so the numbers are the server's.
//!
//! The board bench ([`board`]) adds players reading the public pages and the live stream meanwhile; the draw
//! bench ([`draw`]) has the director draw a big round meanwhile.

pub mod board;
pub mod draw;
pub mod sse;
pub mod web;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tengen_proto::v1::{EnterSpec, ParticipantFields, RegisterParticipantRequest};
use tokio::sync::Barrier;

use crate::conn::settings::ConnSettings;
use crate::conn::Desk;
use crate::error::ClientError;
use crate::latency::LatencySummary;
use crate::request_id::RequestId;
use crate::retry::RetryPolicy;

/// What to run.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Concurrent desks (connections).
    pub desks: usize,
    /// Registrations in total, shared evenly between the desks.
    pub count: usize,
    /// A tournament every synthetic player enters, if any.
    pub tournament: Option<u64>,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Desks that ran.
    pub desks: usize,
    /// Acknowledged registrations.
    pub commands: usize,
    /// Refused or failed calls.
    pub errors: usize,
    /// The first failure, to show what went wrong.
    pub first_error: Option<String>,
    /// Wall time from the first call to the last answer.
    pub elapsed: Duration,
    /// Latency of the acknowledged calls.
    pub latency: LatencySummary,
}

impl BenchReport {
    /// Acknowledged commands per second.
    pub fn throughput(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.commands as f64 / secs
        } else {
            0.0
        }
    }
}

/// One desk's record.
pub(crate) struct DeskRun {
    pub(crate) latencies: Vec<Duration>,
    pub(crate) errors: usize,
    pub(crate) first_error: Option<String>,
}

/// Connects `config.desks` desks (not timed), then starts them together and waits for all.
pub async fn run_registrations(
    settings: &ConnSettings,
    config: &BenchConfig,
) -> Result<BenchReport, ClientError> {
    let desks = config.desks.max(1);
    let connections = connect_desks(settings, desks).await?;
    let run_tag = letters(rand::random::<u32>() as u64);
    let start = Arc::new(Barrier::new(desks + 1));
    let mut tasks = Vec::with_capacity(desks);
    for (index, desk) in connections.into_iter().enumerate() {
        let share = config.count / desks + usize::from(index < config.count % desks);
        let (start, tag, tournament) = (start.clone(), run_tag.clone(), config.tournament);
        tasks.push(tokio::spawn(async move {
            start.wait().await;
            run_desk(&desk, &tag, index, share, tournament, None).await
        }));
    }
    start.wait().await;
    let began = Instant::now();
    let mut latencies = Vec::with_capacity(config.count);
    let (mut errors, mut first_error) = (0, None);
    for task in tasks {
        let run = task
            .await
            .map_err(|e| ClientError::Settings(format!("a bench desk stopped: {e}")))?;
        latencies.extend(run.latencies);
        errors += run.errors;
        first_error = first_error.or(run.first_error);
    }
    let elapsed = began.elapsed();
    let latency = LatencySummary::from_samples(&mut latencies);
    Ok(BenchReport {
        desks,
        commands: latency.count,
        errors,
        first_error,
        elapsed,
        latency,
    })
}

/// `count` desk connections that never retry (a bench measures each attempt).
pub(crate) async fn connect_desks(
    settings: &ConnSettings,
    count: usize,
) -> Result<Vec<Desk>, ClientError> {
    let mut desks = Vec::with_capacity(count);
    for _ in 0..count {
        desks.push(
            Desk::connect(settings)
                .await?
                .with_retry(RetryPolicy::none()),
        );
    }
    Ok(desks)
}

/// Desk `index` registers `count` players one after another, or fewer if `deadline` passes first.
pub(crate) async fn run_desk(
    desk: &Desk,
    tag: &str,
    index: usize,
    count: usize,
    tournament: Option<u64>,
    deadline: Option<Instant>,
) -> DeskRun {
    let mut run = DeskRun {
        latencies: Vec::with_capacity(count.min(100_000)),
        errors: 0,
        first_error: None,
    };
    for n in 0..count {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let request = synthetic_registration(tag, index, n, tournament);
        let id = RequestId::random();
        let sent = Instant::now();
        let answer = desk
            .command(&id, request, |mut d, r| async move {
                d.register.register_participant(r).await
            })
            .await;
        match answer {
            Ok(_) => run.latencies.push(sent.elapsed()),
            Err(e) => {
                run.errors += 1;
                run.first_error.get_or_insert_with(|| e.to_string());
            }
        }
    }
    run
}

const RANKS: &[&str] = &[
    "20k", "15k", "10k", "7k", "5k", "3k", "1k", "1d", "2d", "3d", "5d",
];

/// A player no other desk, number or run shares a name with: family `Bench<run>`, given `<desk> <number>`
/// spelled in letters (names are for people; digits might be refused). The desk part has a fixed width of two
/// letters, so names stay distinct even if the server ignores spaces when comparing them.
pub fn synthetic_registration(
    tag: &str,
    desk: usize,
    n: usize,
    tournament: Option<u64>,
) -> RegisterParticipantRequest {
    let fields = ParticipantFields {
        family_name: format!("Bench{tag}"),
        given_name: format!("{} {}", desk_letters(desk), letters(n as u64)),
        rank: RANKS[n % RANKS.len()].to_string(),
        club: "Bench".to_string(),
        country: "FR".to_string(),
        ..ParticipantFields::default()
    };
    RegisterParticipantRequest {
        meta: None,
        fields: Some(fields),
        enter: tournament
            .map(|t| EnterSpec {
                tournament_id: t,
                rounds: Vec::new(),
            })
            .into_iter()
            .collect(),
        check_in: false,
        different_person: false,
    }
}

/// A number in bijective base 26 (`A`, …, `Z`, `Aa`, …): distinct numbers give distinct words.
pub fn letters(mut n: u64) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (n % 26) as u8);
        n /= 26;
        if n == 0 {
            break;
        }
        n -= 1;
    }
    out.reverse();
    let mut word = String::from_utf8(out).unwrap_or_default();
    if let Some(first) = word.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    word
}

/// Two letters for desks 0..676 (`Aa`, `Ab`, …).
fn desk_letters(desk: usize) -> String {
    let desk = desk % 676;
    format!(
        "{}{}",
        (b'A' + (desk / 26) as u8) as char,
        (b'a' + (desk % 26) as u8) as char
    )
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn letters_are_distinct_words() {
        assert_eq!(letters(0), "A");
        assert_eq!(letters(25), "Z");
        assert_eq!(letters(26), "Aa");
        let words: HashSet<String> = (0..20_000).map(letters).collect();
        assert_eq!(words.len(), 20_000);
    }

    #[test]
    fn synthetic_players_have_distinct_names() {
        let names: HashSet<String> = (0..4)
            .flat_map(|d| (0..100).map(move |n| synthetic_registration("Q", d, n, None)))
            .filter_map(|r| {
                r.fields
                    .map(|f| f.given_name.replace(' ', "").to_lowercase())
            })
            .collect();
        assert_eq!(names.len(), 400);
    }
}
