//! Reader tests on the shared OpenGotha files.

use super::*;
use crate::score::scores_before;
use tengen_interop::opengotha::{read, Decimal, OgBye, OgResult, Rank};

/// `../shared/data/opengotha`, or `None` after a loud skip (a failure under `CI=true`) when it is absent.
pub(crate) fn shared_dir() -> Option<std::path::PathBuf> {
    tengen_prerequisite::shared_data("opengotha")
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
    assert_eq!(t.pairing.seed_system2, og::SeedSystem::SplitAndFold);
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

const INLINE: &str = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<Tournament dataVersion=\"200\">
<Players>
<Player name=\"Cl&#233;ment\" firstName=\"Lo&#xEF;c &amp; co\" rank=\"3k\" rating=\"1800\" club=\"Par\" country=\"FR\"
 participating=\"10111\" registeringStatus=\"FIN\" smmsCorrection=\"1\"/>
<Player name=\"O'Neil\" firstName=\"Ann\" rank=\"2D\" rating=\"2200\" participating=\"11111\" registeringStatus=\"PRE\"/>
<Player name=\"Zhang\" firstName=\"Wei\" rank=\"25K\" rating=\"500\" registeringStatus=\"FIN\"/>
</Players>
<Games>
<Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"O'NEILANN\" blackPlayer=\"CLÉMENTLOÏC&amp;CO\" handicap=\"2\"
 result=\"RESULT_WHITEWINS_BYDEF\" knownColor=\"false\"/>
<Game roundNumber=\"2\" tableNumber=\"1\" whitePlayer=\"ZHANG-WEI\" blackPlayer=\"O'NEILANN\" result=\"RESULT_BOTHLOOSE\"/>
</Games>
<ByePlayer><ByePlayer roundNumber=\"1\" player=\"ZHANGWEI\"/></ByePlayer>
<TournamentParameterSet>
<GeneralParameterSet numberOfRounds=\"5\" genMMFloor=\"20K\" genMMBar=\"1D\" genMMZero=\"30K\" komi=\"6.5\"
 genMMS2ValueAbsent=\"1\" genMMS2ValueBye=\"2\" genNBW2ValueAbsent=\"0\" genNBW2ValueBye=\"2\" genRoundDownNBWMMS=\"true\"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion number=\"1\" name=\"MMS\"/>
<PlacementCriterion number=\"2\" name=\"SOSM\"/></PlacementCriteria></PlacementParameterSet>
<PairingParameterSet paiStandardNX1Factor=\"0.25\" paiMaSeedSystem1=\"SPLITANDFOLD\" paiMaDUDDUpperMode=\"TOP\"/>
</TournamentParameterSet>
<ClubsGroups><ClubsGroup name=\"Paris\"><Club name=\"Par\"/><Club name=\"Pa2\"/></ClubsGroup></ClubsGroups>
</Tournament>";

#[test]
fn inline_file_with_references_quirks_and_loose_keys_reads() {
    let t = read(INLINE).unwrap();
    assert_eq!(t.players[0].name, "Clément");
    assert_eq!(t.players[0].first_name, "Loïc & co");
    assert_eq!(t.players[0].rank, Rank(-3));
    assert_eq!(t.players[1].registering_status, RegisteringStatus::Pre);
    assert_eq!(t.players[2].participating, vec![true; 20]);
    // "ZHANG-WEI" is matched on the loose key.
    assert_eq!(t.games[1].white, 2);
    assert_eq!(
        t.games[0].result,
        OgResult {
            outcome: OgOutcome::WhiteWins,
            by_default: true
        }
    );
    assert!(!t.games[0].known_colour);
    assert_eq!(t.games[1].result.outcome, OgOutcome::BothLose);
    assert_eq!(
        t.byes,
        vec![OgBye {
            round: 1,
            player: 2
        }]
    );
    assert_eq!(t.general.komi, Decimal::new(65, 10));
    assert_eq!(t.pairing.standard_nx1_factor, Decimal::new(25, 100));
    assert_eq!(t.pairing.seed_system1, og::SeedSystem::SplitAndFold);
    assert_eq!(t.pairing.dudd_upper_mode, og::DuddMode::Top);
    assert_eq!(
        t.club_groups,
        vec![(
            "Paris".to_string(),
            vec!["Par".to_string(), "Pa2".to_string()]
        )]
    );
    // Starting MMS: 3k → 27, plus the correction 1; the 2d is clipped to the 1d bar.
    assert_eq!(t.smms(&t.players[0]), 28);
    assert_eq!(t.smms(&t.players[1]), 30);
    assert_eq!(t.smms(&t.players[2]), 10);
    let (snap, settings) = t.snapshot_before(3);
    assert_eq!(settings.system, System::McMahon);
    assert_eq!(settings.egf.club_groups.len(), 1);
    assert_eq!(snap.games.len(), 2);
    assert!(
        !snap.players[1].plays(RoundNo(3)),
        "PRE players are never pairable"
    );
    assert!(!snap.players[0].plays(RoundNo(2)));
    assert_eq!(snap.players[1].number, 1);
}

#[test]
fn the_files_pairing_preset_is_the_draws() {
    assert_eq!(
        pairing_params(&og::PairingParams::default()),
        Params::default()
    );
}
