//! Reader tests on the shared OpenGotha files.

use super::*;
use crate::score::scores_before;

pub(crate) fn shared_dir() -> Option<std::path::PathBuf> {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/opengotha");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: {} not found", dir.display());
        None
    }
}

fn all_files() -> Vec<std::path::PathBuf> {
    let Some(dir) = shared_dir() else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for sub in ["pairings", "tournaments"] {
        let mut entries: Vec<_> = std::fs::read_dir(dir.join(sub))
            .expect("readable shared dir")
            .map(|e| e.expect("dir entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "xml"))
            .collect();
        entries.sort();
        files.extend(entries);
    }
    files
}

#[test]
fn ranks_parse_like_opengotha() {
    assert_eq!(parse_rank("10K").unwrap(), Rank(-10));
    assert_eq!(parse_rank("1D").unwrap(), Rank(0));
    assert_eq!(parse_rank("4k").unwrap(), Rank(-4));
    assert_eq!(parse_rank("9D").unwrap(), Rank(8));
    assert_eq!(parse_rank("1P").unwrap(), Rank(6));
    assert!(parse_rank("D").is_err());
}

#[test]
fn every_shared_file_reads_with_all_keys_resolved() {
    for path in all_files() {
        let xml = std::fs::read_to_string(&path).expect("utf-8 file");
        let t = read(&xml).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!t.players.is_empty(), "{}", path.display());
        eprintln!(
            "{}: {} players, {} games, {} byes, {} rounds, {:?}",
            path.file_name().unwrap().to_string_lossy(),
            t.players.len(),
            t.games.len(),
            t.byes.len(),
            t.general.number_of_rounds,
            t.system()
        );
        for r in t.played_rounds() {
            let (snap, settings) = t.snapshot_before(r);
            let scores = scores_before(&snap, &settings, RoundNo(r));
            assert_eq!(scores.len(), t.players.len());
        }
    }
}

#[test]
fn simplemm_reads_names_parameters_and_games() {
    let Some(dir) = shared_dir() else { return };
    let xml = std::fs::read_to_string(dir.join("pairings/simplemm.xml")).unwrap();
    let t = read(&xml).unwrap();
    assert_eq!(t.players.len(), 16);
    assert_eq!(t.players[0].key(), "ROBINCLÉ");
    assert_eq!(t.players[0].rank, Rank(-10));
    assert_eq!(t.players[0].rating, 1129);
    assert_eq!(t.general.mm_bar, Rank(3));
    assert_eq!(t.general.mm_floor, Rank(-20));
    assert_eq!(t.general.mms2_absent, 1);
    assert_eq!(t.general.komi, Decimal::new(75, 10));
    assert_eq!(t.pairing.seed_system2, crate::egf::SeedSystem::SplitAndFold);
    assert_eq!(t.placement[0], "MMS");
    assert_eq!(t.system(), System::McMahon);
    assert_eq!(t.games.len(), 40);
    assert_eq!(t.round_games(3).len(), 8);
    // Noguchi 7D is clipped to the 4D bar: 3 − (−30) = 33.
    let noguchi = t.players.iter().find(|p| p.name == "Noguchi").unwrap();
    assert_eq!(t.smms(noguchi), 33);
}

#[test]
fn notsimplemm_has_byes_and_partial_players() {
    let Some(dir) = shared_dir() else { return };
    let xml = std::fs::read_to_string(dir.join("pairings/notsimplemm.xml")).unwrap();
    let t = read(&xml).unwrap();
    assert_eq!(t.byes.len(), 3);
    assert_eq!(
        t.round_bye(1).map(|p| t.players[p.0 as usize].key()),
        Some("ROBINCLÉ".to_string())
    );
    let (snap, settings) = t.snapshot_before(3);
    let s = scores_before(&snap, &settings, RoundNo(3));
    // Bonjean 3D (bar 1D → smms 30): R1 win, R2 absent (½ rounded down).
    let bonjean = PlayerId(0);
    assert_eq!(s[&bonjean].mms, HalfPoints(62));
}
