//! The OpenGotha import plan: every shared file maps whole, and each kind of bad file is refused with where.

use super::{plan, OgImportError};
use tengen_proto::v1 as pb;

/// The bytes of `../shared/data/opengotha/NAME`, or `None` after a loud skip (a failure under `CI=true`) when it is absent.
fn shared(name: &str) -> Option<Vec<u8>> {
    let path = tengen_prerequisite::shared_data(format!("opengotha/{name}"))?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn every_shared_file_plans_with_its_players_games_and_byes() {
    for name in [
        "tournaments/egc2013.xml",
        "tournaments/malavasi-geobug.xml",
        "tournaments/frioul-2018.xml",
        "tournaments/juvisy.xml",
        "tournaments/stage-ete-2021.xml",
        "tournaments/tournoi-chinois.xml",
        "tournaments/veterans-2021.xml",
        "pairings/notsimplemm.xml",
    ] {
        let Some(data) = shared(name) else { return };
        let text = String::from_utf8(data.clone()).expect("utf-8");
        let og = tengen_interop::opengotha::read(&text).expect("reads");
        let p = plan(&data, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.players.len(), og.players.len(), "{name}");
        let games: usize = p.rounds.iter().map(|r| r.games.len()).sum();
        assert_eq!(games, og.games.len(), "{name}");
        // One bye per round in Tengen; a second one in a round (malavasi-geobug has one) is noted.
        let second_byes = p
            .notes
            .iter()
            .filter(|n| n.text.contains("a second bye"))
            .count();
        let byes = p.rounds.iter().filter(|r| r.bye.is_some()).count();
        assert_eq!(byes + second_byes, og.byes.len(), "{name}");
        // Every seated player is checked in and entered for the rounds they played.
        for r in &p.rounds {
            for g in &r.games {
                for i in [g.white, g.black] {
                    let pl = &p.players[i];
                    assert!(pl.check_in, "{name}: {}", pl.fields.family_name);
                    assert!(
                        pl.rounds.is_empty() || pl.rounds.contains(&r.number),
                        "{name}"
                    );
                }
            }
        }
        assert_eq!(p.digest.len(), 64);
    }
    // malavasi-geobug was saved with round 2 half paired: it stays drawn, and its unpaired players are entered
    // for it so the director pairs them; every other round of every file is published.
    let Some(malavasi) = shared("tournaments/malavasi-geobug.xml") else {
        return;
    };
    let m = plan(&malavasi, "malavasi").expect("malavasi");
    assert_eq!(
        m.rounds.iter().map(|r| r.publish).collect::<Vec<_>>(),
        [true, false]
    );
    assert!(m
        .notes
        .iter()
        .any(|n| n.text.contains("round 2 is half paired")));
    let waiting = m
        .players
        .iter()
        .filter(|p| p.check_in && (p.rounds.is_empty() || p.rounds.contains(&2)))
        .count();
    let og = tengen_interop::opengotha::read(&String::from_utf8(malavasi).expect("utf-8"))
        .expect("reads");
    let seated: std::collections::BTreeSet<usize> = og
        .games
        .iter()
        .filter(|g| g.round == 2)
        .flat_map(|g| [g.white, g.black])
        .chain(og.byes.iter().filter(|b| b.round == 2).map(|b| b.player))
        .collect();
    let expected = og
        .players
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            seated.contains(i)
                || (p.registering_status == tengen_interop::opengotha::RegisteringStatus::Fin
                    && p.participates(2))
        })
        .count();
    assert_eq!(waiting, expected, "players entered for round 2");
    assert!(waiting > 2 * m.rounds[1].games.len());
    let Some(egc) = shared("tournaments/egc2013.xml") else {
        return;
    };
    let p = plan(&egc, "egc2013.xml").expect("egc2013");
    assert_eq!(
        (p.players.len(), p.rounds.len(), p.settings.rounds),
        (594, 10, 10)
    );
    assert_eq!(p.settings.pairing_system, "mcmahon");
}

#[test]
fn bad_files_are_refused_with_where_and_why() {
    let err = plan(b"<Tournament><Players><Player name=\"A\" firstName=\"B\" rank=\"3D\"\n/></Players><Games><Game", "x")
        .unwrap_err();
    assert!(
        matches!(&err, OgImportError::Read(m) if m.contains("line")),
        "{err}"
    );
    let err = plan(
        b"<Tournament><Players>\n<Player name=\"\xff\"/></Players></Tournament>",
        "x",
    )
    .unwrap_err();
    assert_eq!(
        err,
        OgImportError::Encoding {
            line: 2,
            column: 15
        }
    );
    let err = plan(b"<Tournament><Players><Player name=\"A\" firstName=\"B\" rank=\"33Q\"/></Players></Tournament>", "x")
        .unwrap_err();
    assert!(err.to_string().contains("33Q"), "{err}");
    let unknown = br#"<Tournament><Players><Player name="A" firstName="B" rank="3D"/></Players>
        <Games><Game roundNumber="1" tableNumber="1" whitePlayer="AB" blackPlayer="NOBODY" result="RESULT_WHITEWINS"/></Games></Tournament>"#;
    assert!(plan(unknown, "x")
        .unwrap_err()
        .to_string()
        .contains("NOBODY"));
    let players = r#"<Players><Player name="A" firstName="A" rank="3D"/><Player name="B" firstName="B" rank="3D"/>
        <Player name="C" firstName="C" rank="3D"/><Player name="D" firstName="D" rank="3D"/></Players>"#;
    let with_games =
        |games: &str| format!("<Tournament>{players}<Games>{games}</Games></Tournament>");
    let twice = with_games(
        r#"<Game roundNumber="1" tableNumber="1" whitePlayer="AA" blackPlayer="BB" result="RESULT_WHITEWINS"/>
           <Game roundNumber="1" tableNumber="2" whitePlayer="AA" blackPlayer="CC" result="RESULT_WHITEWINS"/>"#,
    );
    assert!(plan(twice.as_bytes(), "x")
        .unwrap_err()
        .to_string()
        .contains("A A plays twice"));
    let gap = with_games(
        r#"<Game roundNumber="2" tableNumber="1" whitePlayer="AA" blackPlayer="BB" result="RESULT_WHITEWINS"/>"#,
    );
    assert!(plan(gap.as_bytes(), "x")
        .unwrap_err()
        .to_string()
        .contains("round 1 has no games"));
    let open = with_games(
        r#"<Game roundNumber="1" tableNumber="1" whitePlayer="AA" blackPlayer="BB" result="RESULT_UNKNOWN"/>
           <Game roundNumber="2" tableNumber="1" whitePlayer="AA" blackPlayer="CC" result="RESULT_WHITEWINS"/>"#,
    );
    assert!(plan(open.as_bytes(), "x")
        .unwrap_err()
        .to_string()
        .contains("without a result (tables 1)"));
    let same_table = with_games(
        r#"<Game roundNumber="1" tableNumber="1" whitePlayer="AA" blackPlayer="BB" result="RESULT_WHITEWINS"/>
           <Game roundNumber="1" tableNumber="1" whitePlayer="CC" blackPlayer="DD" result="RESULT_WHITEWINS"/>"#,
    );
    assert!(plan(same_table.as_bytes(), "x")
        .unwrap_err()
        .to_string()
        .contains("table 1"));
    let twins = r#"<Tournament><Players><Player name="Kim" firstName="Ara" rank="3D"/>
        <Player name="KIM" firstName="ARA" rank="5K"/></Players></Tournament>"#;
    assert!(plan(twins.as_bytes(), "x")
        .unwrap_err()
        .to_string()
        .contains("two players have the key KIMARA"));
    let big = vec![b' '; super::MAX_BYTES + 1];
    assert!(matches!(plan(&big, "x"), Err(OgImportError::TooBig(_))));
    // A forfeit keeps its flag; the last round may still lack results.
    let last_open = with_games(
        r#"<Game roundNumber="1" tableNumber="2" whitePlayer="AA" blackPlayer="BB" result="RESULT_BLACKWINS_BYDEF"/>
           <Game roundNumber="1" tableNumber="1" whitePlayer="CC" blackPlayer="DD" result="RESULT_UNKNOWN"/>"#,
    );
    let p = plan(last_open.as_bytes(), "x").expect("last round open");
    assert!(!p.rounds[0].complete());
    assert_eq!(
        p.rounds[0].games[1].result.outcome,
        pb::Outcome::BlackWins as i32
    );
    assert!(p.rounds[0].games[1].result.by_forfeit);
    let latin1 = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Tournament><Players><Player name=\"C\xf4t\xe9\" firstName=\"A\" rank=\"3D\"/></Players></Tournament>";
    assert_eq!(
        plan(latin1, "x").expect("latin-1").players[0]
            .fields
            .family_name,
        "Côté"
    );
}

#[test]
fn juvisy_teams_become_a_team_competition_with_their_losses_noted() {
    let Some(data) = shared("tournaments/juvisy.xml") else {
        return;
    };
    let p = plan(&data, "juvisy.xml").expect("juvisy");
    let scoring = p.settings.scoring.clone().unwrap_or_default();
    assert_eq!(scoring.team_counting, 3);
    assert!(scoring.team_prizes_cents.is_empty());
    let note = |words: &str| {
        p.notes
            .iter()
            .find(|n| n.text.contains(words))
            .unwrap_or_else(|| panic!("no note {words:?} in {:#?}", p.notes))
    };
    let mapped = note("6 teams of 3 boards");
    assert_eq!(mapped.kind, "mapped");
    assert!(
        mapped
            .text
            .contains("a team competition counting each team's best 3 (Tengen pairs players; team matches are not paired as such)"),
        "{}",
        mapped.text
    );
    // Olga's team played four players over the rounds: all four are its members, which the note says.
    let boards = note("boards round by round");
    assert_eq!(boards.kind, "not mapped");
    assert!(boards.text.contains("Olga's team"), "{}", boards.text);
    let members = p
        .players
        .iter()
        .filter(|pl| pl.fields.team == "Olga's team")
        .count();
    assert_eq!(members, 4);
    assert_eq!(
        p.players
            .iter()
            .filter(|pl| !pl.fields.team.is_empty())
            .count(),
        19
    );
}

#[test]
fn team_sizes_come_from_the_file_else_its_largest_team_and_count_ten_at_most() {
    let players: String = (1..=12)
        .map(|i| format!(r#"<Player name="P{i}" firstName="X" rank="3D"/>"#))
        .collect();
    let team = |name: &str, players: &[u32]| -> String {
        let boards: String = players
            .iter()
            .enumerate()
            .map(|(b, p)| {
                format!(
                    r#"<Board boardNumber="{}" player="P{p}X" roundNumber="1"/>"#,
                    b + 1
                )
            })
            .collect();
        format!(r#"<Team teamName="{name}" teamNumber="1">{boards}</Team>"#)
    };
    let file = |teams: &str, size: Option<u32>| {
        let params = size
            .map(|n| {
                format!(
                    r#"<TeamTournamentParameterSet><TeamGeneralParameterSet teamSize="{n}"/></TeamTournamentParameterSet>"#
                )
            })
            .unwrap_or_default();
        format!(
            "<Tournament><Players>{players}</Players><Teams>{teams}</Teams>{params}</Tournament>"
        )
    };
    let counting = |xml: &str| {
        let p = plan(xml.as_bytes(), "x").expect("plans");
        (
            p.settings.scoring.unwrap_or_default().team_counting,
            p.notes,
        )
    };
    // No team size: the largest team's boards.
    let (n, notes) = counting(&file(&(team("A", &[1, 2]) + &team("B", &[3, 4, 5])), None));
    assert_eq!(n, 3);
    assert!(
        notes.iter().any(|n| n.text.contains("no team size")),
        "{notes:#?}"
    );
    // Twelve boards count ten; a player in two teams stays in the first, and the note says so.
    let twelve: Vec<u32> = (1..=12).collect();
    let (n, notes) = counting(&file(
        &(team("Big", &twelve) + &team("Other", &[1])),
        Some(12),
    ));
    assert_eq!(n, 10);
    assert!(
        notes.iter().any(|n| n.text.contains("best 10 at most")),
        "{notes:#?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.kind == "defaulted" && n.text.contains("P1 X (Big, Other)")),
        "{notes:#?}"
    );
    // Team parameters without teams: no team competition, nothing to say.
    let (n, notes) = counting(&file("", Some(3)));
    assert_eq!(n, 0);
    assert!(!notes.iter().any(|n| n.text.contains("team")), "{notes:#?}");
}
