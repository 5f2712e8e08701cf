//! Guard: the pure cores (the register's `domain`, the draw crate, the file formats' crate, the standings crate)
//! must not reach for I/O, async runtimes, storage, the clock or global randomness. Test-only files may read
//! fixtures.

use std::path::{Path, PathBuf};

const FORBIDDEN: &[&str] = &[
    "tokio",
    "sled",
    "tonic",
    "std::fs",
    "std::net",
    "SystemTime::now",
    "Instant::now",
    "thread_rng",
    "rand::random",
];

/// Files that only build under `cfg(test)` (fixture readers) are exempt.
fn is_test_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "tests.rs" || name.ends_with("_tests.rs") || name == "testutil.rs"
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !is_test_file(&path) {
            out.push(path);
        }
    }
}

#[test]
fn pure_cores_do_no_io_and_read_no_clock() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src/domain", "draw/src", "interop/src", "standings/src"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 20,
        "the guard found only {} files: wrong paths?",
        files.len()
    );
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in FORBIDDEN {
                if code.contains(word) {
                    offences.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "pure code reaches outside:\n{}",
        offences.join("\n")
    );
}
