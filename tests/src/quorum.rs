//! Three voters of a quorum venue (primary laptop, standby laptop, witness) as real server processes, set up the
//! way deploy/VENUE.md says: voter 1 runs alone once (CA, director token), the director makes the replica token,
//! `cert issue` prepares the other two directories, and all three start with the same `--voter` list.

use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};

use crate::netns::{Side, VenueNet};
use crate::node::{admin, Node};
use crate::{pb, Desk};

/// The three voters; `nodes[0]` is voter 1, `nodes[2]` the witness.
pub struct Trio {
    /// Voters 1, 2 and 3 (the witness). Before `root`: dropped first, so a failing test prints their output.
    pub nodes: Vec<Node>,
    /// Keeps the data directories.
    pub root: tempfile::TempDir,
    /// The director's token.
    pub director: String,
}

const NAMES: [&str; 3] = ["voter1", "voter2", "witness"];

impl Trio {
    /// Three voters on this machine (127.0.0.1, three ports), started and agreed on a leader.
    pub async fn start() -> anyhow::Result<Trio> {
        Trio::start_with(&[]).await
    }

    /// The same, each server started with `args` besides the venue's own.
    pub async fn start_with(args: &[String]) -> anyhow::Result<Trio> {
        let root = tempfile::Builder::new().prefix("tengen-trio-").tempdir()?;
        let mut nodes = Vec::new();
        for name in NAMES {
            nodes.push(Node::new(root.path(), name, args)?);
        }
        Trio::set_up(root, nodes).await
    }

    /// Three voters in hosts of `net` ([`crate::netns`]), voter i+1 on switch `sides[i]`: hosts `voter1`,
    /// `voter2`, `witness` (added in that order, so 10.77.0.1–3 when they are the net's first hosts). Each
    /// server knows the others by their venue URLs; the test process reaches them over the management network.
    pub async fn in_namespaces(net: &mut VenueNet, sides: [Side; 3]) -> anyhow::Result<Trio> {
        let root = tempfile::Builder::new().prefix("tengen-trio-").tempdir()?;
        let mut nodes = Vec::new();
        for (name, side) in NAMES.into_iter().zip(sides) {
            let mut node = Node::new(root.path(), name, &[])?;
            node.netns = Some(net.add_host(name, side)?);
            nodes.push(node);
        }
        Trio::set_up(root, nodes).await
    }

    /// Sets up and starts `nodes` (not yet started; their hosts and ports fixed) as three voters, the third the
    /// witness.
    pub async fn set_up(root: tempfile::TempDir, nodes: Vec<Node>) -> anyhow::Result<Trio> {
        let venue = vec![
            "--voter".to_string(),
            format!("1={}", nodes[0].url()),
            "--voter".to_string(),
            format!("2={}", nodes[1].url()),
            "--voter".to_string(),
            format!("3={}", nodes[2].url()),
            "--witness".to_string(),
            "3".to_string(),
        ];
        Trio::set_up_as(root, nodes, venue).await
    }

    /// A venue of two laptops without a witness, as deploy/VENUE.md §3b sets it up: voter 1 and learner 2
    /// (`nodes[0]`, `nodes[1]`), started and voter 1 leading.
    pub async fn duo() -> anyhow::Result<Trio> {
        Trio::duo_at("127.0.0.1").await
    }

    /// [`Trio::duo`] with the learner addressed as `learner_host` (`localhost` puts it on another site than
    /// voter 1's `127.0.0.1` for a browser).
    pub async fn duo_at(learner_host: &'static str) -> anyhow::Result<Trio> {
        Trio::voter_and_learners(&["learner2"], learner_host).await
    }

    /// Voter 1 and a learner for each of `learners` (machines 2, 3…), the first addressed as `first_host`.
    pub async fn voter_and_learners(
        learners: &[&'static str],
        first_host: &'static str,
    ) -> anyhow::Result<Trio> {
        let root = tempfile::Builder::new().prefix("tengen-duo-").tempdir()?;
        let mut nodes = vec![Node::new(root.path(), "voter1", &[])?];
        for (i, name) in learners.iter().enumerate() {
            let mut learner = Node::new(root.path(), name, &[])?;
            if i == 0 {
                learner.host = first_host;
            }
            nodes.push(learner);
        }
        let mut venue = vec!["--voter".to_string(), format!("1={}", nodes[0].url())];
        for (i, node) in nodes.iter().enumerate().skip(1) {
            venue.extend(["--learner".to_string(), format!("{}={}", i + 1, node.url())]);
        }
        Trio::set_up_as(root, nodes, venue).await
    }

    /// Prepares `nodes` the way deploy/VENUE.md says and starts each with the venue's flags `venue`, its own
    /// number and the replica token.
    async fn set_up_as(
        root: tempfile::TempDir,
        mut nodes: Vec<Node>,
        venue: Vec<String>,
    ) -> anyhow::Result<Trio> {
        let token_file = root.path().join("replica.token");
        // Voter 1 alone first: the venue CA, the director's token, the replica token.
        let director = nodes[0].first_start(&token_file, "voters").await?;
        let source = nodes[0].data.display().to_string();
        for node in &nodes[1..] {
            admin(&[
                "--data",
                &source,
                "cert",
                "issue",
                "--name",
                node.host,
                "--out",
                &node.data.display().to_string(),
            ])?;
        }
        for (i, node) in nodes.iter_mut().enumerate() {
            let mut args = node.args.clone();
            args.extend(venue.iter().cloned());
            args.extend([
                "--node-id".to_string(),
                (i + 1).to_string(),
                "--replica-token-file".to_string(),
                token_file.display().to_string(),
            ]);
            node.args = args;
            node.spawn()?;
        }
        let trio = Trio {
            root,
            nodes,
            director,
        };
        trio.leader(Duration::from_secs(30)).await?;
        Ok(trio)
    }

    /// `desks` desks registering without pause into a new tournament, listing both laptops (never the witness):
    /// the leader's index, the director's desk on it, and the load.
    pub async fn writing(&self, desks: usize, prefix: &str) -> anyhow::Result<(usize, Desk, Load)> {
        let leader = self.leader(Duration::from_secs(30)).await?;
        let director = self.desk(leader).await?;
        let t = director.create_tournament("Main", 5).await?.id;
        let servers = vec![self.nodes[0].url(), self.nodes[1].url()];
        let ca = self.nodes[0].data.join("ca.pem");
        let load = Load::start(&director, servers, ca, desks, t, prefix).await?;
        Ok((leader, director, load))
    }

    /// A desk (director) on voter `i`.
    pub async fn desk(&self, i: usize) -> anyhow::Result<Desk> {
        self.nodes[i].desk(&self.director).await
    }

    /// Waits until one voter says it is the primary and the others name it; answers its index.
    pub async fn leader(&self, within: Duration) -> anyhow::Result<usize> {
        let deadline = Instant::now() + within;
        loop {
            let mut primaries = Vec::new();
            let mut seen = Vec::new();
            for (i, node) in self.nodes.iter().enumerate() {
                let status = match node.desk(&self.director).await {
                    Ok(d) => d.status().await.ok(),
                    Err(_) => None,
                };
                if let Some(s) = &status {
                    if s.mode == "primary" {
                        primaries.push(i);
                    }
                }
                seen.push(status.map(|s| format!("{} {} → {}", s.mode, s.epoch, s.primary)));
            }
            if let [one] = primaries[..] {
                return Ok(one);
            }
            if Instant::now() > deadline {
                bail!("no single leader among the voters: {seen:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits until every running voter among `which` holds `seq` entries.
    pub async fn converged(&self, which: &[usize], seq: u64) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(30);
        for &i in which {
            let desk = self.desk(i).await?;
            loop {
                let last = desk.last_seq().await.context("status")?;
                if last >= seq {
                    break;
                }
                if Instant::now() > deadline {
                    bail!("voter {} stayed at {last} (wanted {seq})", i + 1);
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        }
        Ok(())
    }
}

/// Desks that register players without pause against a server list (as the desks' client does: the same request
/// id on every retry), recording each acknowledged command.
pub struct Load {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    desks: Vec<tokio::task::JoinHandle<anyhow::Result<usize>>>,
    /// Every acknowledged command: (request id, participant id).
    pub acked: std::sync::Arc<tokio::sync::Mutex<Vec<(String, u64)>>>,
}

impl Load {
    /// `count` registration desks (tokens made by `director`) writing into tournament `t` over `servers`.
    pub async fn start(
        director: &Desk,
        servers: Vec<String>,
        ca: std::path::PathBuf,
        count: usize,
        t: u64,
        prefix: &str,
    ) -> anyhow::Result<Load> {
        let acked = std::sync::Arc::new(tokio::sync::Mutex::new(Vec::new()));
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut desks = Vec::new();
        for d in 0..count {
            let (_, token) = director
                .create_token(&format!("{prefix}-desk-{d}"), pb::Role::Registration)
                .await?;
            let settings = tengen_client::ConnSettings {
                servers: servers.clone(),
                ca: Some(ca.clone()),
                token: Some(token),
                operator: String::new(),
            };
            let acked = acked.clone();
            let stop = stop.clone();
            let prefix = prefix.to_string();
            desks.push(tokio::spawn(async move {
                let desk = tengen_client::Desk::connect(&settings).await?;
                let mut i = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let id = tengen_client::RequestId::from_text(&format!("{prefix}-{d}-{i}"));
                    let req = pb::RegisterParticipantRequest {
                        meta: None,
                        fields: Some(crate::player(&format!("{prefix}{d}x{i}"), "A", "5k")),
                        enter: vec![crate::enter(t)],
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
        Ok(Load { stop, desks, acked })
    }

    /// How many commands were acknowledged so far.
    pub async fn count(&self) -> usize {
        self.acked.lock().await.len()
    }

    /// Waits until more than `before` commands are acknowledged; answers how long that took.
    pub async fn progress_past(
        &mut self,
        before: usize,
        within: Duration,
    ) -> anyhow::Result<Duration> {
        let start = Instant::now();
        loop {
            if self.count().await > before {
                return Ok(start.elapsed());
            }
            if let Some(done) = self.desks.iter().position(|d| d.is_finished()) {
                let result = self.desks.remove(done).await?;
                bail!("a desk stopped: {result:?}");
            }
            if start.elapsed() > within {
                bail!("no desk got a command acknowledged within {within:?}");
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Stops the desks at once, whatever they are waiting for (the servers are gone); answers every command
    /// acknowledged so far.
    pub async fn abandon(self) -> Vec<(String, u64)> {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for d in &self.desks {
            d.abort();
        }
        self.acked.lock().await.clone()
    }

    /// Stops the desks; answers every acknowledged command.
    pub async fn finish(self) -> anyhow::Result<Vec<(String, u64)>> {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut written = 0;
        for d in self.desks {
            written += d.await??;
        }
        let acked = self.acked.lock().await.clone();
        if acked.len() != written {
            bail!(
                "{} acknowledged, {written} counted by the desks",
                acked.len()
            );
        }
        Ok(acked)
    }
}

/// Every acknowledged command is in `desk`'s register exactly once, and no name was registered twice.
pub async fn all_kept_once(desk: &Desk, acked: &[(String, u64)]) -> anyhow::Result<()> {
    let all = desk.list_all().await?;
    for (rid, id) in acked {
        let n = all.iter().filter(|x| x.id == *id).count();
        if n != 1 {
            bail!("{rid} → participant {id} is there {n} times");
        }
    }
    let mut names: Vec<String> = all
        .iter()
        .filter_map(|x| x.fields.as_ref().map(|f| f.family_name.clone()))
        .collect();
    let total = names.len();
    names.sort();
    names.dedup();
    if names.len() != total {
        bail!("a registration was applied twice");
    }
    Ok(())
}
