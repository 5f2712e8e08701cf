//! The machine under the power cut: root and the tools it needs, the `vm.dirty_*` sysctls that hold dirty pages
//! back, and ext4 file systems on loop devices that can be copied as a power cut leaves them. Every change to the
//! machine is undone by a guard's drop. Knows nothing of the server.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};

/// Runs a program; its stdout, or an error with its stderr.
pub(super) fn run(program: &str, args: &[&str]) -> anyhow::Result<String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {program}"))?;
    if !out.status.success() {
        bail!(
            "{program} {}: {}: {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Why this machine cannot run the power cut, if it cannot.
fn unable() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let uid = status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|l| l.split_whitespace().next().map(str::to_string));
    if uid.as_deref() != Some("0") {
        return Some("the power cut needs root (loop devices, mount, vm sysctls)".into());
    }
    for tool in ["losetup", "mkfs.ext4", "mount", "umount", "dd"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .stdout(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !found {
            return Some(format!("{tool} is missing"));
        }
    }
    None
}

/// The kernel keeps dirty pages until someone fsyncs them: periodic write-back off, expiry after an hour. The old
/// values come back on drop, whatever happens.
pub(super) struct HeldWriteback(Vec<(&'static str, String)>);

impl HeldWriteback {
    fn hold() -> Result<HeldWriteback, String> {
        let wanted = [
            ("/proc/sys/vm/dirty_writeback_centisecs", "0"),
            ("/proc/sys/vm/dirty_expire_centisecs", "360000"),
        ];
        let mut held = HeldWriteback(Vec::new());
        for (path, value) in wanted {
            let old = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            std::fs::write(path, value).map_err(|e| format!("{path}: {e}"))?;
            held.0.push((path, old.trim().to_string()));
        }
        Ok(held)
    }
}

impl Drop for HeldWriteback {
    fn drop(&mut self) {
        for (path, old) in &self.0 {
            if let Err(e) = std::fs::write(path, old) {
                eprintln!("WARNING: could not restore {path} to {old}: {e}");
            }
        }
    }
}

/// A directory for disk images; kept (and named) when an image was not discarded (a test failed), so the disk can
/// be looked at.
pub(super) struct Workdir(PathBuf);

impl Workdir {
    fn new() -> anyhow::Result<Workdir> {
        let dir = tempfile::Builder::new()
            .prefix("tengen-power-cut-")
            .tempdir()?;
        Ok(Workdir(dir.keep()))
    }

    pub(super) fn image(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        let left = std::fs::read_dir(&self.0).map_or(0, |d| d.count());
        if left == 0 {
            let _ = std::fs::remove_dir(&self.0);
        } else {
            eprintln!("disk images kept for inspection in {}", self.0.display());
        }
    }
}

/// An ext4 file system in an image file on a loop device, mounted at a directory with `commit=600` (the journal
/// commits only when someone fsyncs). Unmounted (lazily) and detached on drop; its image is deleted only when it
/// was [discarded](LoopDisk::discard), so a failing test leaves the disk behind.
pub(super) struct LoopDisk {
    image: PathBuf,
    device: String,
    mount_point: PathBuf,
    delete_image: bool,
}

impl LoopDisk {
    /// Makes a sparse image of `mib` MiB, formats it and mounts it at `mount_point`.
    pub(super) fn format(image: PathBuf, mib: u64, mount_point: &Path) -> anyhow::Result<LoopDisk> {
        std::fs::File::create(&image)?.set_len(mib << 20)?;
        run("mkfs.ext4", &["-q", "-F", &image.to_string_lossy()])?;
        LoopDisk::attach(image, mount_point)
    }

    /// Attaches an existing image and mounts it (ext4 replays its journal here).
    pub(super) fn attach(image: PathBuf, mount_point: &Path) -> anyhow::Result<LoopDisk> {
        let device = run("losetup", &["-f", "--show", &image.to_string_lossy()])?;
        let disk = LoopDisk {
            image,
            device,
            mount_point: mount_point.to_path_buf(),
            delete_image: false,
        };
        std::fs::create_dir_all(mount_point)?;
        run(
            "mount",
            &[
                "-t",
                "ext4",
                "-o",
                "commit=600",
                &disk.device,
                &mount_point.to_string_lossy(),
            ],
        )?;
        Ok(disk)
    }

    /// The power cut: copies the block device as it is now, bypassing every cache, to `to`.
    pub(super) fn cut(&self, to: &Path) -> anyhow::Result<Duration> {
        let started = Instant::now();
        run(
            "dd",
            &[
                &format!("if={}", self.device),
                &format!("of={}", to.display()),
                "bs=1M",
                "iflag=direct",
                "conv=sparse",
                "status=none",
            ],
        )?;
        Ok(started.elapsed())
    }

    /// Unmounts, detaches and deletes the image: this disk is no longer needed.
    pub(super) fn discard(mut self) {
        self.delete_image = true;
    }
}

impl Drop for LoopDisk {
    fn drop(&mut self) {
        let _ = run("umount", &["-l", &self.mount_point.to_string_lossy()]);
        let _ = run("losetup", &["-d", &self.device]);
        if self.delete_image {
            let _ = std::fs::remove_file(&self.image);
        }
    }
}

/// Writes everything of the file system holding `dir` to its disk (`sync -f`).
pub(super) fn sync_file_system(dir: &Path) -> anyhow::Result<()> {
    run("sync", &["-f", &dir.to_string_lossy()]).map(drop)
}

/// Bytes used under `dir` (`du -sb`).
pub(crate) fn du_bytes(dir: &Path) -> u64 {
    run("du", &["-sb", &dir.to_string_lossy()])
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

/// The set-up every test here shares, or `None` when this machine cannot run them (after a loud skip through
/// `tengen_prerequisite::skip_or_fail`; a failure under `CI=true`).
pub(super) fn prepare() -> Option<(Workdir, HeldWriteback)> {
    const INSTALL: &str =
        "run as root on a machine with loop devices, util-linux, e2fsprogs and writable \
                           vm sysctls (Debian: `apt-get install util-linux e2fsprogs`)";
    let skip = |why: String| {
        tengen_prerequisite::skip_or_fail(&format!("the power cut's machine: {why}"), INSTALL);
        None
    };
    if let Some(why) = unable() {
        return skip(why);
    }
    let held = match HeldWriteback::hold() {
        Ok(h) => h,
        Err(e) => return skip(format!("cannot hold dirty pages back ({e})")),
    };
    match Workdir::new() {
        Ok(w) => Some((w, held)),
        Err(e) => skip(format!("no temporary directory for the disk images ({e})")),
    }
}
