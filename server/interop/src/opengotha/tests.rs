//! Reader tests that need no file: ranks, decimals and malformed documents. The shared OpenGotha files are read
//! (and replayed) by the draw's tests, which map them onto its model.

use super::*;

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
fn decimals_parse_exactly() {
    assert_eq!(Decimal::parse("0.5"), Some(Decimal::new(5, 10)));
    assert_eq!(Decimal::parse("-1.25"), Some(Decimal::new(-125, 100)));
    assert_eq!(Decimal::parse("2"), Some(Decimal::new(2, 1)));
    assert_eq!(Decimal::parse("x"), None);
}

#[test]
fn malformed_files_are_errors_not_panics() {
    assert!(matches!(
        read("<Tournament><Player rank=\"x\"/></Tournament>"),
        Err(OgError::BadValue { .. })
    ));
    assert!(matches!(read("<NotATournament/>"), Err(OgError::Xml(_))));
    assert!(matches!(
        read("<Tournament><Games><Game whitePlayer=\"A\" blackPlayer=\"B\"/></Games></Tournament>"),
        Err(OgError::UnknownPlayer(_))
    ));
    assert!(read("<Tournament><Player").is_err());
}

#[test]
fn teams_are_read_with_their_boards_round_by_round() {
    let t = read(
        "<Tournament><Players>\
         <Player name=\"Aa\" firstName=\"B\" rank=\"3K\"/><Player name=\"Cc\" firstName=\"D\" rank=\"5K\"/>\
         </Players><Teams><Team teamName=\"Ko &amp; Co\" teamNumber=\"2\">\
         <Board boardNumber=\"1\" player=\"AAB\" roundNumber=\"1\"/>\
         <Board boardNumber=\"2\" player=\"CCD\" roundNumber=\"1\"/></Team></Teams>\
         <TeamTournamentParameterSet><TeamGeneralParameterSet teamSize=\"2\"/>\
         <TeamPlacementParameterSet><PlacementCriteria><PlacementCriterion name=\"TEAMP\" number=\"1\"/>\
         </PlacementCriteria></TeamPlacementParameterSet></TeamTournamentParameterSet></Tournament>",
    )
    .unwrap();
    assert_eq!(t.team_size, 2);
    assert_eq!(t.teams.len(), 1);
    assert_eq!(
        (t.teams[0].number, t.teams[0].name.as_str()),
        (2, "Ko & Co")
    );
    assert_eq!(
        t.teams[0].boards,
        vec![
            OgBoard {
                round: 1,
                board: 1,
                player: 0
            },
            OgBoard {
                round: 1,
                board: 2,
                player: 1
            },
        ]
    );
    assert_eq!(OgTeam::of(&t.teams, 1).map(|t| t.number), Some(2));
    // The team's placement criteria are not the tournament's.
    assert!(t.placement.is_empty());
    // A board naming nobody is an error, like a game.
    assert!(matches!(
        read("<Tournament><Teams><Team teamName=\"X\"><Board player=\"ZZ\"/></Team></Teams></Tournament>"),
        Err(OgError::UnknownPlayer(_))
    ));
}
