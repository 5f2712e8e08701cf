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
