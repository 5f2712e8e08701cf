//! The three rating lists: the samples read field by field, the full lists read whole with every left-out line
//! explained, and the format is recognised from the content.

use super::{parse, rank_of_rating, RatingsError};

/// The bytes of `../shared/data/ratings/NAME`, or `None` after a loud skip (a failure under `CI=true`) when it is absent.
fn shared(name: &str) -> Option<Vec<u8>> {
    let path = tengen_prerequisite::shared_data(format!("ratings/{name}"))?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn the_egd_sample_reads_pin_name_club_grade_and_gor() {
    let Some(data) = shared("egf-sample.txt") else {
        return;
    };
    let l = parse(&data, None).expect("egd");
    assert_eq!((l.source, l.date.as_str()), ("egd", "2018-02-22"));
    let first = &l.players[0];
    assert_eq!(
        (
            first.id.as_str(),
            first.family_name.as_str(),
            first.given_name.as_str()
        ),
        ("13633719", "Aagren", "Thomas")
    );
    assert_eq!(
        (
            first.country.as_str(),
            first.club.as_str(),
            first.rank.as_str()
        ),
        ("SE", "Upp", "6k")
    );
    assert_eq!(first.rating, Some(1484));
    let unknown = l
        .players
        .iter()
        .find(|p| p.id == "15650261")
        .expect("Aalto Jukka");
    assert_eq!(
        (unknown.country.as_str(), unknown.club.as_str()),
        ("", ""),
        "XX and xxx are unknown"
    );
}

#[test]
fn the_aga_list_reads_ids_and_ratings_and_explains_every_line_left_out() {
    let Some(data) = shared("aga-tdlista.txt") else {
        return;
    };
    let l = parse(&data, None).expect("aga");
    assert_eq!(l.source, "aga");
    assert_eq!(
        l.players.len() + l.skipped.len(),
        22_410,
        "every line is read or explained"
    );
    assert!(l.players.len() > 22_000);
    let aal = l.players.iter().find(|p| p.id == "15648").expect("Aal");
    assert_eq!(
        (aal.family_name.as_str(), aal.given_name.as_str()),
        ("Aal", "Zachary")
    );
    // -20.05711 is 20 kyu; on the GoR scale -2005.711 + 2150 ≈ 144.
    assert_eq!((aal.rank.as_str(), aal.rating), ("20k", Some(144)));
    assert_eq!(aal.club, "LIGC");
    let unrated = l.players.iter().find(|p| p.id == "7206").expect("Aaron");
    assert_eq!((unrated.rank.as_str(), unrated.rating), ("", None));
    assert!(
        l.skipped
            .iter()
            .all(|(_, why)| why.contains("family name") || why.contains("AGA id")),
        "{:?}",
        &l.skipped[..3.min(l.skipped.len())]
    );
}

#[test]
fn the_ffg_list_reads_latin1_names_licences_and_ratings() {
    let Some(data) = shared("ffg-ech_ffg_V3.txt") else {
        return;
    };
    let l = parse(&data, None).expect("ffg");
    assert_eq!((l.source, l.date.as_str()), ("ffg", "2021-01-11"));
    let lines = String::from_utf8_lossy(&data)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert!(lines > 12_000);
    assert_eq!(
        l.players.len() + l.skipped.len(),
        lines,
        "every line is read or explained"
    );
    let aaij = &l.players[0];
    assert_eq!(
        (aaij.family_name.as_str(), aaij.given_name.as_str()),
        ("AAIJ", "René")
    );
    assert_eq!(
        (aaij.id.as_str(), aaij.rating, aaij.country.as_str()),
        ("", Some(2293), "NL")
    );
    assert_eq!(aaij.rank, rank_of_rating(2293));
    let abadia = l
        .players
        .iter()
        .find(|p| p.family_name == "ABADIA")
        .expect("Abadia");
    assert_eq!(
        (
            abadia.given_name.as_str(),
            abadia.id.as_str(),
            abadia.club.as_str()
        ),
        ("Mickaël", "9728205", "94MJ")
    );
    assert_eq!(abadia.rating, Some(650));
    let abat = l
        .players
        .iter()
        .find(|p| p.family_name == "ABAT")
        .expect("Abat");
    assert_eq!(abat.rating, None, "-9999 is no rating");
}

#[test]
fn ranks_from_ratings_and_unknown_files() {
    assert_eq!(rank_of_rating(2100), "1d");
    assert_eq!(rank_of_rating(2149), "1d");
    assert_eq!(rank_of_rating(2049), "1k");
    assert_eq!(rank_of_rating(1484), "6k");
    assert_eq!(rank_of_rating(-900), "30k");
    assert_eq!(rank_of_rating(3500), "9d");
    assert_eq!(parse(b"hello\nworld\n", None), Err(RatingsError::Unknown));
    assert_eq!(
        parse(b"#Echelle au 01/01/2020\n", None),
        Err(RatingsError::Empty("ffg"))
    );
}
