//! What a test needs from outside the repository: the shared data beside it (`../shared/data`, real OpenGotha,
//! EGF, FFG and rating-list files), root (network namespaces, mounts), a browser. When one is missing, a test
//! skips with a loud line on a developer's machine and fails under `CI=true`, where every prerequisite is
//! installed and a skip would hide a regression (CONVENTIONS §11).
//!
//! One crate for the rule, so the draw, server, desk-program and end-to-end tests cannot drift apart. It has no
//! dependencies and is only ever a dev-dependency (and a dependency of the test crate `tengen-tests`): no program
//! is built with it.

#![warn(missing_docs)]

use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The variable that points the tests at the shared data when it is not `../shared/data` beside the repository.
pub const SHARED_DATA_VAR: &str = "TENGEN_SHARED_DATA";

/// Says that this test's prerequisite `missing` is absent and how to `install` it. Under `CI=true` (or `CI=1`)
/// it panics with both, failing the test; elsewhere it writes one `SKIPPED` line to stderr and returns, and the
/// caller returns early.
///
/// The line is written to the stderr handle itself, not through `eprintln!`, so the test harness does not
/// capture it: a skip shows in a plain `cargo test` run, between the `ok` lines (on a line of its own, not after
/// the harness's `test name ... `).
///
/// # Panics
///
/// Under `CI=true` or `CI=1`, always (at the caller's line).
#[track_caller]
pub fn skip_or_fail(missing: &str, install: &str) {
    let test = std::thread::current()
        .name()
        .filter(|name| *name != "main")
        .map(str::to_string);
    let ci = std::env::var_os("CI");
    match verdict(
        ci.as_deref().and_then(|v| v.to_str()),
        test.as_deref(),
        missing,
        install,
    ) {
        Verdict::Fail(message) => panic!("{message}"),
        Verdict::Skip(line) => {
            let _ = writeln!(std::io::stderr(), "\n{line}");
        }
    }
}

/// `REL` inside the shared data (a file or a folder), when it is there. When it is not, reports it through
/// [`skip_or_fail`] and gives `None`.
///
/// The shared data is `TENGEN_SHARED_DATA` when that is set, else `../shared/data` beside the repository
/// (`/work/repo` → `/work/shared/data`), where CI lays a copy.
///
/// # Panics
///
/// Under `CI=true` or `CI=1` when `REL` is not there (at the caller's line).
#[track_caller]
pub fn shared_data(rel: impl AsRef<Path>) -> Option<PathBuf> {
    let path = shared_data_root(std::env::var_os(SHARED_DATA_VAR)).join(rel);
    if path.exists() {
        return Some(path);
    }
    skip_or_fail(
        &format!(
            "{} is absent (the shared data: real OpenGotha, EGF, FFG and rating-list files)",
            path.display()
        ),
        &format!(
            "lay the shared folder beside the repository as ../shared (CI has a copy there), \
             or point {SHARED_DATA_VAR} at its data/ folder"
        ),
    );
    None
}

/// The shared data folder: `var` (the value of `TENGEN_SHARED_DATA`) when set and not empty, else the one
/// beside the repository.
fn shared_data_root(var: Option<OsString>) -> PathBuf {
    match var {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
    }
}

/// What a missing prerequisite does.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// CI: the test fails with this message.
    Fail(String),
    /// A developer's machine: the test prints this line and passes without checking anything.
    Skip(String),
}

/// The verdict for `ci` (the value of `CI`, if set) on `test` (its name, when known).
fn verdict(ci: Option<&str>, test: Option<&str>, missing: &str, install: &str) -> Verdict {
    let test = test.map(|t| format!("{t}: ")).unwrap_or_default();
    if ci.is_some_and(is_ci) {
        Verdict::Fail(format!(
            "{test}a prerequisite is missing: {missing}. To install it: {install}. \
             Under CI=true a missing prerequisite fails the test instead of skipping it"
        ))
    } else {
        Verdict::Skip(format!(
            "SKIPPED {test}{missing}; nothing was checked. To run it: {install} (under CI=true this fails)"
        ))
    }
}

/// Whether the value of `CI` says this run is CI's: `true` or `1`, in any case, as CI services set it.
fn is_ci(value: &str) -> bool {
    value.eq_ignore_ascii_case("true") || value == "1"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ci_true_fails_naming_what_is_missing_and_how_to_install_it() {
        let v = verdict(
            Some("true"),
            Some("t"),
            "chromium not found",
            "apt-get install chromium",
        );
        let Verdict::Fail(message) = v else {
            panic!("CI=true skipped: {v:?}")
        };
        assert!(message.starts_with("t: a prerequisite is missing: chromium not found."));
        assert!(message.contains("To install it: apt-get install chromium"));
        assert_eq!(
            verdict(Some("1"), None, "x", "y"),
            verdict(Some("TRUE"), None, "x", "y")
        );
    }

    #[test]
    fn outside_ci_it_skips_with_a_line_that_says_so() {
        for ci in [None, Some(""), Some("false"), Some("0")] {
            let v = verdict(ci, Some("t"), "not root", "run as root");
            assert_eq!(
                v,
                Verdict::Skip(
                    "SKIPPED t: not root; nothing was checked. To run it: run as root (under CI=true this fails)"
                        .into()
                ),
                "CI={ci:?}"
            );
        }
    }

    /// Run by the test below in a child process with `CI` set, where `PROBE` is set too (so `--include-ignored`
    /// under `CI=true` does not fail on it).
    #[test]
    #[ignore = "run by skip_or_fail_fails_the_test_under_ci_and_skips_loudly_elsewhere in a child process"]
    fn probe_with_a_missing_prerequisite() {
        if std::env::var_os(PROBE).is_some() {
            skip_or_fail("the probe's prerequisite", "nothing to install");
        }
    }

    const PROBE: &str = "TENGEN_PREREQUISITE_PROBE";

    #[test]
    fn skip_or_fail_fails_the_test_under_ci_and_skips_loudly_elsewhere() {
        let run = |ci: &str| {
            let exe = std::env::current_exe().expect("the test binary");
            let out = std::process::Command::new(exe)
                .args([
                    "--ignored",
                    "--exact",
                    "tests::probe_with_a_missing_prerequisite",
                ])
                .env("CI", ci)
                .env(PROBE, "1")
                .output()
                .expect("the test binary runs");
            let text = String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr);
            (out.status.success(), text)
        };
        let (passed, text) = run("true");
        assert!(!passed, "CI=true passed:\n{text}");
        assert!(text.contains("a prerequisite is missing: the probe's prerequisite. To install it: nothing to install"), "{text}");
        // Without --nocapture: the line is not captured by the harness.
        let (passed, text) = run("false");
        assert!(passed, "CI=false failed:\n{text}");
        assert!(
            text.contains("the probe's prerequisite; nothing was checked"),
            "{text}"
        );
        assert!(text.contains("SKIPPED "), "{text}");
    }

    #[test]
    fn the_shared_data_is_beside_the_repository_unless_the_variable_says_otherwise() {
        let beside = shared_data_root(None);
        assert!(
            beside.ends_with("tests/prerequisite/../../../shared/data"),
            "{}",
            beside.display()
        );
        assert_eq!(shared_data_root(Some("".into())), beside);
        assert_eq!(
            shared_data_root(Some("/elsewhere/data".into())),
            PathBuf::from("/elsewhere/data")
        );
    }
}
