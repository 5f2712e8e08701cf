//! One server of a venue as a real process (its own data directory, TLS port and log file), for the replication
//! and fail-over tests: start, kill -9, signal, and the offline `tengen-server` commands.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _};

use crate::netns::Host;
use crate::{free_port, pb, server_binary, tls_channel, Desk};

/// One server process of a venue.
pub struct Node {
    /// Its name (its directory and log file).
    pub name: &'static str,
    /// Its data directory.
    pub data: PathBuf,
    log: PathBuf,
    /// Its TLS port.
    pub port: u16,
    /// The host name desks and its partner use for it (`127.0.0.1`, or `localhost` for a second site).
    pub host: &'static str,
    /// Extra arguments.
    pub args: Vec<String>,
    /// Extra environment.
    pub env: Vec<(String, String)>,
    /// The venue host whose network namespace it runs in ([`crate::netns`]): it then listens on 0.0.0.0 with a
    /// certificate for the host's venue and management addresses, [`Node::url`] is its venue URL and the test's
    /// own desks reach it over the management network.
    pub netns: Option<Host>,
    child: Option<Child>,
}

impl Node {
    /// A node called `name` under `root`, not started.
    pub fn new(root: &Path, name: &'static str, args: &[String]) -> anyhow::Result<Node> {
        Ok(Node {
            name,
            data: root.join(name),
            log: root.join(format!("{name}.log")),
            port: free_port()?,
            host: "127.0.0.1",
            args: args.to_vec(),
            env: Vec::new(),
            netns: None,
            child: None,
        })
    }

    /// Its address (in a namespace: its venue URL, for the other servers and the desks inside the venue).
    pub fn url(&self) -> String {
        match &self.netns {
            Some(h) => h.venue_url(self.port),
            None => format!("https://{}:{}", self.host, self.port),
        }
    }

    /// The address the test process reaches it by (in a namespace: over the management network).
    pub fn control_url(&self) -> String {
        match &self.netns {
            Some(h) => h.mgmt_url(self.port),
            None => self.url(),
        }
    }

    /// Its first start, alone: waits for the director's token it makes, creates a replica-role token called
    /// `name` into `token_file`, and stops it again. Answers the director's token.
    pub async fn first_start(&mut self, token_file: &Path, name: &str) -> anyhow::Result<String> {
        self.spawn()?;
        let director = loop {
            if let Ok(t) = std::fs::read_to_string(self.data.join("director.token")) {
                if !t.trim().is_empty() {
                    break t.trim().to_string();
                }
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        };
        let desk = self.ready(&director).await?;
        let (_, replica) = desk.create_token(name, pb::Role::Replica).await?;
        std::fs::write(token_file, &replica)?;
        drop(desk);
        self.kill9()?;
        Ok(director)
    }

    /// What it printed so far.
    pub fn logs(&self) -> String {
        std::fs::read(&self.log)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }

    /// Starts it.
    pub fn spawn(&mut self) -> anyhow::Result<()> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)?;
        let (mut cmd, listen) = match &self.netns {
            Some(h) => (h.command(server_binary()?), "0.0.0.0"),
            None => (Command::new(server_binary()?), "127.0.0.1"),
        };
        if let Some(h) = &self.netns {
            cmd.args(h.san_args());
        }
        cmd.arg("--data")
            .arg(&self.data)
            .arg("--listen")
            .arg(format!("{listen}:{}", self.port))
            .args(&self.args)
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .env_remove("TENGEN_DATA")
            .env_remove("TENGEN_LISTEN")
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        self.child = Some(cmd.spawn().context("starting a server")?);
        Ok(())
    }

    /// A desk on this node with `token` (TLS, the shared venue CA).
    pub async fn desk(&self, token: &str) -> anyhow::Result<Desk> {
        let ca = std::fs::read(self.data.join("ca.pem")).context("ca.pem")?;
        let channel = tls_channel(&self.control_url(), ca, "localhost").await?;
        Ok(Desk::over(channel, self.name, token))
    }

    /// Waits until the node answers Status with `token`.
    pub async fn ready(&mut self, token: &str) -> anyhow::Result<Desk> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                bail!("{} exited ({status}):\n{}", self.name, self.logs());
            }
            if let Ok(desk) = self.desk(token).await {
                if desk.status().await.is_ok() {
                    return Ok(desk);
                }
            }
            if Instant::now() > deadline {
                bail!("{} did not start:\n{}", self.name, self.logs());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Kills it (SIGKILL) and reaps it.
    pub fn kill9(&mut self) -> anyhow::Result<()> {
        let mut child = self.child.take().ok_or_else(|| anyhow!("not running"))?;
        child.kill()?;
        child.wait()?;
        Ok(())
    }

    /// Waits up to `within` for it to exit on its own (after a `TERM`): its exit status and how long it took, or
    /// `None` if it still runs.
    pub async fn wait_exit(
        &mut self,
        within: Duration,
    ) -> anyhow::Result<Option<(std::process::ExitStatus, Duration)>> {
        let started = Instant::now();
        let child = self.child.as_mut().ok_or_else(|| anyhow!("not running"))?;
        while started.elapsed() < within {
            if let Some(status) = child.try_wait()? {
                self.child = None;
                return Ok(Some((status, started.elapsed())));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Ok(None)
    }

    /// Sends it a signal (`STOP`, `CONT`, `TERM`…).
    pub fn signal(&self, sig: &str) -> anyhow::Result<()> {
        let pid = self
            .child
            .as_ref()
            .ok_or_else(|| anyhow!("not running"))?
            .id();
        let ok = Command::new("kill")
            .arg(format!("-{sig}"))
            .arg(pid.to_string())
            .status()?
            .success();
        if !ok {
            bail!("kill -{sig} {pid} failed");
        }
        Ok(())
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
        if std::thread::panicking() {
            let logs = self.logs();
            let tail: Vec<&str> = logs.lines().rev().take(40).collect();
            eprintln!("---- {} output (last {} lines) ----", self.name, tail.len());
            for line in tail.into_iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

/// Runs a `tengen-server` administration sub-command to completion.
pub fn admin(args: &[&str]) -> anyhow::Result<String> {
    let out = Command::new(server_binary()?)
        .args(args)
        .env_remove("TENGEN_DATA")
        .output()?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        bail!("tengen-server {args:?} failed: {text}");
    }
    Ok(text)
}
