//! The `tengen-desk-load` program running inside a host of a [`super::VenueNet`]: how it is started, its record of
//! what was acknowledged and what failed (its out file, one line per attempt), and the check of that record
//! against the register. Owns no network set-up.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context as _};

use super::Host;
use crate::pb;

/// The `tengen-desk-load` program built by this crate, next to the running test executable;
/// `TENGEN_DESK_LOAD` overrides it.
pub fn desk_load_binary() -> anyhow::Result<PathBuf> {
    crate::binary_under_test("tengen-desk-load", "TENGEN_DESK_LOAD")
}

/// What a [`DeskLoad`] runs with (its command-line flags).
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// `--server`, in order: the venue URLs of the servers the desks list.
    pub servers: Vec<String>,
    /// `--ca`: the venue CA certificate.
    pub ca: PathBuf,
    /// `--token-file`: one token per line; desk d uses line d modulo the number of lines.
    pub token_file: PathBuf,
    /// `--desks`.
    pub desks: u32,
    /// `--prefix`: names and request ids unique per run; no whitespace.
    pub prefix: String,
    /// `--tournament`: every registration enters it.
    pub tournament: Option<u64>,
    /// `--attempt-timeout-ms`: one attempt without an answer for this long counts as failed (recorded as
    /// `DEADLINE_EXCEEDED`) and is retried with the same request id.
    pub attempt_timeout_ms: u64,
}

/// A `tengen-desk-load` process running in a host: desks writing registrations without pause, each
/// acknowledged command a line of its out file.
pub struct DeskLoad {
    name: String,
    child: Option<Child>,
    out: PathBuf,
    log: PathBuf,
}

/// One acknowledged registration: `REQUEST_ID PARTICIPANT_ID FAMILY_NAME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ack {
    /// The request id the desk sent (and resent).
    pub request_id: String,
    /// The participant id the server answered.
    pub participant_id: u64,
    /// The family name registered (unique per run).
    pub family_name: String,
}

/// One failed attempt: `# UNIX_MS DESK REQUEST_ID CODE SERVER MESSAGE`.
#[derive(Clone, Debug)]
pub struct Failure {
    /// When the attempt failed, in milliseconds since the Unix epoch.
    pub at_unix_ms: u64,
    /// The desk number.
    pub desk: String,
    /// The request id (`-` for a failed connection).
    pub request_id: String,
    /// The gRPC code in upper case (`UNAVAILABLE`, `DEADLINE_EXCEEDED` for no answer within the attempt
    /// timeout, `UNREACHABLE` for a failed connection, `ABANDONED` for a command given up at stop).
    pub code: String,
    /// The server the attempt went to (`-` when unknown).
    pub server: String,
    /// The error message.
    pub message: String,
}

impl Failure {
    /// When the attempt failed.
    pub fn at(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(self.at_unix_ms)
    }
}

/// What a desk load's out file says so far.
#[derive(Clone, Debug, Default)]
pub struct LoadRecord {
    /// Acknowledged commands, in the order they were acknowledged.
    pub acks: Vec<Ack>,
    /// Failed attempts.
    pub failures: Vec<Failure>,
}

impl LoadRecord {
    /// Parses an out file's text; a last line without its newline (being written) is left out.
    pub fn parse(text: &str) -> anyhow::Result<LoadRecord> {
        let mut record = LoadRecord::default();
        let complete = match text.rfind('\n') {
            Some(end) => &text[..=end],
            None => "",
        };
        for line in complete.lines() {
            if let Some(rest) = line.strip_prefix("# ") {
                let mut f = rest.splitn(6, ' ');
                let mut next = || f.next().unwrap_or("").to_string();
                let at = next();
                record.failures.push(Failure {
                    at_unix_ms: at.parse().with_context(|| format!("bad line {line:?}"))?,
                    desk: next(),
                    request_id: next(),
                    code: next(),
                    server: next(),
                    message: next(),
                });
            } else {
                let mut f = line.splitn(3, ' ');
                let (Some(request_id), Some(id), Some(family_name)) =
                    (f.next(), f.next(), f.next())
                else {
                    bail!("bad line {line:?}");
                };
                record.acks.push(Ack {
                    request_id: request_id.to_string(),
                    participant_id: id.parse().with_context(|| format!("bad line {line:?}"))?,
                    family_name: family_name.to_string(),
                });
            }
        }
        Ok(record)
    }
}

impl DeskLoad {
    /// Starts `tengen-desk-load` in `host`; its out file is `DIR/PREFIX.out`, its own output `DIR/PREFIX.log`.
    pub fn start(host: &Host, options: &LoadOptions, dir: &Path) -> anyhow::Result<DeskLoad> {
        let out = dir.join(format!("{}.out", options.prefix));
        let log = dir.join(format!("{}.log", options.prefix));
        let log_file = std::fs::File::create(&log)?;
        let mut cmd = host.command(desk_load_binary()?);
        for server in &options.servers {
            cmd.arg("--server").arg(server);
        }
        cmd.arg("--ca")
            .arg(&options.ca)
            .arg("--token-file")
            .arg(&options.token_file)
            .arg("--desks")
            .arg(options.desks.to_string())
            .arg("--prefix")
            .arg(&options.prefix)
            .arg("--attempt-timeout-ms")
            .arg(options.attempt_timeout_ms.to_string())
            .arg("--out")
            .arg(&out);
        if let Some(t) = options.tournament {
            cmd.arg("--tournament").arg(t.to_string());
        }
        cmd.stdin(Stdio::null())
            .stdout(log_file.try_clone()?)
            .stderr(log_file);
        let child = cmd.spawn().context("starting tengen-desk-load")?;
        Ok(DeskLoad {
            name: format!("{} in {}", options.prefix, host.name()),
            child: Some(child),
            out,
            log,
        })
    }

    /// The out file.
    pub fn out(&self) -> &Path {
        &self.out
    }

    /// What it printed (start, summary, fatal errors).
    pub fn logs(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The out file as it stands.
    pub fn record(&self) -> anyhow::Result<LoadRecord> {
        match std::fs::read_to_string(&self.out) {
            Ok(text) => LoadRecord::parse(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(LoadRecord::default()),
            Err(e) => Err(e).context("reading the desk load's out file"),
        }
    }

    /// Polls the out file until `done` holds, failing after `within` or if the load exits first.
    pub async fn wait_until(
        &mut self,
        what: &str,
        within: Duration,
        done: impl Fn(&LoadRecord) -> bool,
    ) -> anyhow::Result<LoadRecord> {
        let deadline = Instant::now() + within;
        loop {
            let record = self.record()?;
            if done(&record) {
                return Ok(record);
            }
            if let Some(status) = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                bail!(
                    "{}: exited ({status}) before {what}:\n{}",
                    self.name,
                    self.logs()
                );
            }
            if Instant::now() > deadline {
                bail!(
                    "{}: not {what} within {within:?} ({} acks, {} failures)",
                    self.name,
                    record.acks.len(),
                    record.failures.len()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGTERM, then waits at most `within` for it to finish its in-flight commands and exit.
    pub fn stop(&mut self, within: Duration) -> anyhow::Result<ExitStatus> {
        let mut child = self.child.take().ok_or_else(|| anyhow!("not running"))?;
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()?;
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = child.try_wait()? {
                return Ok(status);
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                bail!(
                    "{} did not exit within {within:?}:\n{}",
                    self.name,
                    self.logs()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for DeskLoad {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
        if std::thread::panicking() {
            eprintln!("---- desk load {} output ----\n{}", self.name, self.logs());
        }
    }
}

/// Checks the register against what desks were told: every acknowledged command's participant is there exactly
/// once with the acknowledged family name, no participant id was told to two commands, and no family name is
/// registered twice.
pub fn check_acks_in_register(
    records: &[&LoadRecord],
    register: &[pb::Participant],
) -> anyhow::Result<()> {
    let family = |p: &pb::Participant| p.fields.as_ref().map(|f| f.family_name.clone());
    let mut told = std::collections::BTreeMap::new();
    for ack in records.iter().flat_map(|r| &r.acks) {
        if let Some(other) = told.insert(ack.participant_id, ack) {
            bail!(
                "participant {} was told to {other:?} and to {ack:?}",
                ack.participant_id
            );
        }
        let found: Vec<_> = register
            .iter()
            .filter(|p| p.id == ack.participant_id)
            .collect();
        match found.as_slice() {
            [p] if family(p).as_deref() == Some(ack.family_name.as_str()) => {}
            [p] => bail!(
                "{ack:?} acknowledged, but participant {} is {:?}",
                p.id,
                family(p)
            ),
            _ => bail!(
                "{ack:?} acknowledged, found {} times in the register",
                found.len()
            ),
        }
    }
    let mut names: Vec<String> = register.iter().filter_map(family).collect();
    names.sort();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        bail!("{} is registered twice", w[0]);
    }
    Ok(())
}
