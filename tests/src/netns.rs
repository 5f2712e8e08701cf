//! A venue network in real Linux network namespaces for the partition tests (issue 18): two switches joined by
//! one inter-switch link, hosts plugged into either switch, and a management network from the test process to
//! every host that no partition touches. Built with `ip` (iproute2) as root; everything it makes is removed on
//! drop. `netns/load.rs` runs the `tengen-desk-load` program inside a host ([`DeskLoad`]) and reads its record
//! of what was acknowledged.
//!
//! Owns only the namespaces and links it creates (every name starts with `tn<pid in hex>-`); it never touches the
//! root namespace's other interfaces, routes or firewall. Leftovers of a test process that died without dropping
//! (SIGKILL) are removed by the next run once that process id is gone.
//!
//! # Topology
//!
//! ```text
//!   namespace tn<pid>-<k>-sw:   bridge brl ──veth isl═isr── bridge brr      (partition(): isl/isr down)
//!                               │ sw1  │ sw2 …                │ sw3 …       (isolate(h): swN down)
//!   host namespaces:            venue 10.77.0.N/24 in each host, on its side's bridge
//!                               mgmt  10.78.K.N/24 in each host ──veth── bridge tn…m in the root namespace
//!                                     (root side 10.78.K.254/24; ports isolated: hosts cannot reach each other)
//! ```
//!
//! K is 0 unless another venue network of this machine already uses 10.78.0.0/24 (tests run in parallel); read
//! [`Host::mgmt_ip`] rather than assuming it.
//!
//! # Servers and desks inside
//!
//! A server in host `h` listens on `0.0.0.0:PORT` and must be started with `--san <venue ip> --san <mgmt ip>`
//! ([`Host::san_args`]): its certificate covers `localhost` and 127.0.0.1 by default, and the desks' client checks
//! the server's certificate against the IP address in the URL. `crate::node::Node` does both when its `netns` is
//! set. Servers are told each other's venue URLs ([`Host::venue_url`]); the test process reaches every server over
//! [`Host::mgmt_url`] (the harness's own desks check the name `localhost`, which every certificate covers). Desks
//! run inside hosts as [`DeskLoad`]s and use the venue URLs.
//!
//! Declare the `VenueNet` before the processes that run in it, so it is dropped after them.

use std::ffi::OsStr;
use std::net::Ipv4Addr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, Once, OnceLock};
use std::time::Duration;

use anyhow::{anyhow, bail, Context as _};

mod load;
pub use load::{
    check_acks_in_register, desk_load_binary, Ack, DeskLoad, Failure, LoadOptions, LoadRecord,
};

/// Which switch a host is plugged into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The switch `brl`.
    Left,
    /// The switch `brr`.
    Right,
}

/// One machine at the venue: a network namespace with a venue interface on one switch and a management
/// interface to the test process. Cheap to clone; the [`VenueNet`] that made it owns the namespace.
#[derive(Clone, Debug)]
pub struct Host {
    name: String,
    netns: String,
    n: u8,
    side: Side,
    mgmt_ip: Ipv4Addr,
    switches: String,
}

impl Host {
    /// The name it was added with.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its network namespace (for `ip netns exec`).
    pub fn netns(&self) -> &str {
        &self.netns
    }

    /// The switch it is plugged into.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Its venue address, 10.77.0.N: the only address other hosts reach it by.
    pub fn venue_ip(&self) -> Ipv4Addr {
        Ipv4Addr::new(10, 77, 0, self.n)
    }

    /// Its management address, 10.78.K.N: reachable from the test process whatever the venue network does.
    pub fn mgmt_ip(&self) -> Ipv4Addr {
        self.mgmt_ip
    }

    /// `https://10.77.0.N:PORT`: how servers and desks in other hosts address a server here.
    pub fn venue_url(&self, port: u16) -> String {
        format!("https://{}:{port}", self.venue_ip())
    }

    /// `https://10.78.K.N:PORT`: how the test process addresses a server here.
    pub fn mgmt_url(&self, port: u16) -> String {
        format!("https://{}:{port}", self.mgmt_ip)
    }

    /// `--san <venue ip> --san <mgmt ip>`: the server flags that make its certificate cover both addresses.
    pub fn san_args(&self) -> Vec<String> {
        vec![
            "--san".into(),
            self.venue_ip().to_string(),
            "--san".into(),
            self.mgmt_ip.to_string(),
        ]
    }

    /// `ip netns exec NS program`: add arguments, environment and redirections as for any command. `ip` execs the
    /// program in place, so the child's process id is the program's own (signals reach it directly).
    pub fn command(&self, program: impl AsRef<OsStr>) -> Command {
        let mut cmd = Command::new("ip");
        cmd.args(["netns", "exec", &self.netns]).arg(program);
        cmd
    }

    /// Whether a TCP connection from this host to `ip:port` is established within `within` (bash's
    /// `/dev/tcp` under `timeout`, run in the namespace).
    pub fn can_connect(&self, ip: Ipv4Addr, port: u16, within: Duration) -> anyhow::Result<bool> {
        let status = self
            .command("timeout")
            .arg(format!("{:.3}", within.as_secs_f64()))
            .args(["bash", "-c", &format!("exec 3<>/dev/tcp/{ip}/{port}")])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .context("running timeout/bash in a namespace")?;
        Ok(status.success())
    }

    fn switch_port(&self) -> String {
        format!("sw{}", self.n)
    }
}

/// The venue network of one test: the switches' namespace, the hosts' namespaces and the management bridge.
pub struct VenueNet {
    tag: String,
    switches: String,
    mgmt_bridge: String,
    mgmt_subnet: u8,
    hosts: Vec<Host>,
    namespaces: Vec<String>,
    root_links: Vec<String>,
}

/// Venue networks made by this process so far: part of every name.
static NETS: AtomicU32 = AtomicU32::new(0);
/// Management subnets (the K of 10.78.K.0/24) in use by this process's venue networks.
static MGMT_SUBNETS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The longest Linux interface name.
const IFNAMSIZ: usize = 15;

impl VenueNet {
    /// Whether network namespaces can be made here: root, `ip` present, and a namespace with a veth pair and a
    /// bridge can be created (then removed). The reason when not (a test asks [`VenueNet::usable`]).
    pub fn available() -> Result<(), String> {
        static PROBE: OnceLock<Result<(), String>> = OnceLock::new();
        PROBE.get_or_init(probe).clone()
    }

    /// Whether a test can make network namespaces here ([`VenueNet::available`]); when not, says why and how to
    /// fix it through `tengen_prerequisite::skip_or_fail`: a loud skip, a failure under `CI=true`.
    pub fn usable() -> bool {
        let Err(why) = VenueNet::available() else {
            return true;
        };
        tengen_prerequisite::skip_or_fail(
            &format!("network namespaces: {why}"),
            "run the tests as root with iproute2 installed (Debian: `apt-get install iproute2`; .ci/run installs it)",
        );
        false
    }

    /// An empty venue network: both switches and their link up, the management bridge with 10.78.K.254/24.
    pub fn new() -> anyhow::Result<VenueNet> {
        VenueNet::available().map_err(|why| anyhow!("network namespaces unusable: {why}"))?;
        static SWEEP: Once = Once::new();
        SWEEP.call_once(sweep_stale);
        let tag = format!(
            "tn{:x}-{:x}",
            std::process::id(),
            NETS.fetch_add(1, Ordering::Relaxed)
        );
        let mut net = VenueNet {
            switches: format!("{tag}-sw"),
            mgmt_bridge: format!("{tag}m"),
            mgmt_subnet: claim_mgmt_subnet()?,
            tag,
            hosts: Vec::new(),
            namespaces: Vec::new(),
            root_links: Vec::new(),
        };
        // From here on, Drop removes whatever was made, also when a step fails.
        let sw = net.switches.clone();
        net.add_namespace(&sw)?;
        for bridge in ["brl", "brr"] {
            ip(&["-n", &sw, "link", "add", "name", bridge, "type", "bridge"])?;
            ip(&["-n", &sw, "link", "set", bridge, "up"])?;
        }
        ip(&[
            "-n", &sw, "link", "add", "name", "isl", "type", "veth", "peer", "name", "isr",
        ])?;
        ip(&["-n", &sw, "link", "set", "isl", "master", "brl", "up"])?;
        ip(&["-n", &sw, "link", "set", "isr", "master", "brr", "up"])?;
        let bridge = net.mgmt_bridge.clone();
        check_ifname(&bridge)?;
        ip(&["link", "add", "name", &bridge, "type", "bridge"])?;
        net.root_links.push(bridge.clone());
        let root_ip = format!("10.78.{}.254/24", net.mgmt_subnet);
        ip(&["addr", "add", &root_ip, "dev", &bridge])?;
        ip(&["link", "set", &bridge, "up"])?;
        Ok(net)
    }

    /// Adds a host on `side` with the next free N (1, 2, … in add order): venue 10.77.0.N, management 10.78.K.N.
    pub fn add_host(&mut self, name: &str, side: Side) -> anyhow::Result<Host> {
        let n = (1..=250u8)
            .find(|n| self.hosts.iter().all(|h| h.n != *n))
            .ok_or_else(|| anyhow!("no free host number"))?;
        self.add_host_at(name, side, n)
    }

    /// Adds a host on `side` as 10.77.0.`n` (1 ≤ n ≤ 250, not yet taken).
    pub fn add_host_at(&mut self, name: &str, side: Side, n: u8) -> anyhow::Result<Host> {
        if !(1..=250).contains(&n) || self.hosts.iter().any(|h| h.n == n) {
            bail!("host number {n} is taken or outside 1..=250");
        }
        if name.is_empty()
            || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            || self.hosts.iter().any(|h| h.name == name)
        {
            bail!("host name {name:?}: letters, digits and '-', unique in the venue");
        }
        let host = Host {
            name: name.to_string(),
            netns: format!("{}-{name}", self.tag),
            n,
            side,
            mgmt_ip: Ipv4Addr::new(10, 78, self.mgmt_subnet, n),
            switches: self.switches.clone(),
        };
        let ns = host.netns.clone();
        self.add_namespace(&ns)?;
        // The venue cable: swN in the switches' namespace, `venue` in the host.
        let port = host.switch_port();
        ip(&[
            "-n",
            &host.switches,
            "link",
            "add",
            "name",
            &port,
            "type",
            "veth",
            "peer",
            "name",
            "venue",
            "netns",
            &ns,
        ])?;
        let bridge = match side {
            Side::Left => "brl",
            Side::Right => "brr",
        };
        ip(&[
            "-n",
            &host.switches,
            "link",
            "set",
            &port,
            "master",
            bridge,
            "up",
        ])?;
        let venue_ip = format!("{}/24", host.venue_ip());
        ip(&["-n", &ns, "addr", "add", &venue_ip, "dev", "venue"])?;
        ip(&["-n", &ns, "link", "set", "venue", "up"])?;
        // The management cable: an isolated port of the root namespace's bridge, `mgmt` in the host.
        let root_end = format!("{}h{n}", self.tag);
        check_ifname(&root_end)?;
        ip(&[
            "link", "add", "name", &root_end, "type", "veth", "peer", "name", "mgmt", "netns", &ns,
        ])?;
        self.root_links.push(root_end.clone());
        ip(&["link", "set", &root_end, "master", &self.mgmt_bridge, "up"])?;
        ip(&[
            "link",
            "set",
            "dev",
            &root_end,
            "type",
            "bridge_slave",
            "isolated",
            "on",
        ])?;
        let mgmt_ip = format!("{}/24", host.mgmt_ip);
        ip(&["-n", &ns, "addr", "add", &mgmt_ip, "dev", "mgmt"])?;
        ip(&["-n", &ns, "link", "set", "mgmt", "up"])?;
        self.hosts.push(host.clone());
        Ok(host)
    }

    /// Every host, in add order.
    pub fn hosts(&self) -> &[Host] {
        &self.hosts
    }

    /// The inter-switch link fails: hosts on the left and on the right no longer reach each other (packets are
    /// dropped silently, as by a dead switch); each side still works within itself.
    pub fn partition(&self) -> anyhow::Result<()> {
        self.set_links(&["isl", "isr"], "down")
    }

    /// The inter-switch link works again.
    pub fn heal(&self) -> anyhow::Result<()> {
        self.set_links(&["isl", "isr"], "up")
    }

    /// Unplugs `host`'s venue cable at its switch port (the host sees its link go down).
    pub fn isolate(&self, host: &Host) -> anyhow::Result<()> {
        self.set_links(&[&host.switch_port()], "down")
    }

    /// Plugs `host`'s venue cable back in.
    pub fn reconnect(&self, host: &Host) -> anyhow::Result<()> {
        self.set_links(&[&host.switch_port()], "up")
    }

    fn set_links(&self, links: &[&str], state: &str) -> anyhow::Result<()> {
        for link in links {
            ip(&["-n", &self.switches, "link", "set", link, state])?;
        }
        Ok(())
    }

    fn add_namespace(&mut self, ns: &str) -> anyhow::Result<()> {
        ip(&["netns", "add", ns])?;
        self.namespaces.push(ns.to_string());
        ip(&["-n", ns, "link", "set", "lo", "up"])?;
        Ok(())
    }
}

impl Drop for VenueNet {
    fn drop(&mut self) {
        // Deleting a veth end deletes its peer; deleting a namespace deletes its interfaces once no process is
        // left in it (the harness kills its processes when they are dropped, before this).
        for link in self.root_links.iter().rev() {
            let _ = ip(&["link", "del", link]);
        }
        for ns in self.namespaces.iter().rev() {
            let _ = ip(&["netns", "del", ns]);
        }
        if let Ok(mut used) = MGMT_SUBNETS.lock() {
            used.retain(|k| *k != self.mgmt_subnet);
        }
    }
}

/// Runs `ip ARGS`, failing with its error output.
fn ip(args: &[&str]) -> anyhow::Result<String> {
    let out = Command::new("ip")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .context("running ip (iproute2)")?;
    if !out.status.success() {
        bail!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn check_ifname(name: &str) -> anyhow::Result<()> {
    if name.len() > IFNAMSIZ {
        bail!("interface name {name} is longer than {IFNAMSIZ} characters");
    }
    Ok(())
}

/// The first K with 10.78.K.0/24 used neither by this process nor by an address in the root namespace.
fn claim_mgmt_subnet() -> anyhow::Result<u8> {
    let mut used = MGMT_SUBNETS.lock().unwrap_or_else(|e| e.into_inner());
    let addresses = ip(&["-4", "-o", "addr", "show"])?;
    let k = (0..=255u8)
        .find(|k| {
            !used.contains(k)
                && !addresses
                    .split_whitespace()
                    .any(|w| w.starts_with(&format!("10.78.{k}.")))
        })
        .ok_or_else(|| anyhow!("no free management subnet 10.78.K.0/24"))?;
    used.push(k);
    Ok(k)
}

/// Creates and removes a namespace holding a bridge and a veth pair.
fn probe() -> Result<(), String> {
    let status = std::fs::read_to_string("/proc/self/status")
        .map_err(|e| format!("cannot read /proc/self/status: {e}"))?;
    let euid = status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or("?");
    if euid != "0" {
        return Err(format!(
            "not root (effective uid {euid}): network namespaces need root"
        ));
    }
    let ns = format!(
        "tn{:x}-{:x}-probe",
        std::process::id(),
        NETS.fetch_add(1, Ordering::Relaxed)
    );
    ip(&["netns", "add", &ns]).map_err(|e| format!("`ip netns` unusable: {e:#}"))?;
    let links = ip(&["-n", &ns, "link", "add", "name", "br", "type", "bridge"]).and_then(|_| {
        ip(&[
            "-n", &ns, "link", "add", "name", "a", "type", "veth", "peer", "name", "b",
        ])
    });
    let _ = ip(&["netns", "del", &ns]);
    links
        .map(|_| ())
        .map_err(|e| format!("no bridge or veth in a network namespace: {e:#}"))
}

/// Removes namespaces and root links of earlier test processes that are gone (killed before their drop ran).
fn sweep_stale() {
    let dead = |name: &str| -> bool {
        let Some(rest) = name.strip_prefix("tn") else {
            return false;
        };
        let Some((pid, tail)) = rest.split_once('-') else {
            return false;
        };
        let ours = tail.starts_with(|c: char| c.is_ascii_hexdigit());
        match u32::from_str_radix(pid, 16) {
            Ok(pid) => {
                ours && pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
            }
            Err(_) => false,
        }
    };
    if let Ok(list) = ip(&["-o", "link", "show"]) {
        for line in list.lines() {
            let name = line.split(": ").nth(1).unwrap_or("");
            let name = name.split('@').next().unwrap_or("");
            if dead(name) {
                let _ = ip(&["link", "del", name]);
            }
        }
    }
    if let Ok(list) = ip(&["netns", "list"]) {
        for line in list.lines() {
            let name = line.split_whitespace().next().unwrap_or("");
            if dead(name) {
                let _ = ip(&["netns", "del", name]);
            }
        }
    }
}

/// Held by a test while it runs a venue network: one at a time, so the timing checks of a partition test do not
/// compete with another one for the machine's two cores.
pub async fn one_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static ONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    ONE.lock().await
}
