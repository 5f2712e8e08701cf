//! Tests for the CSV header mapping and row parsing.

use super::header::{column_for, Column, HeaderMap};
use super::*;

fn plan(data: &[u8], delimiter: Option<u8>) -> Result<Prereg, PreregError> {
    read(data, delimiter)
}

#[test]
fn header_names_ignore_case_spaces_and_separators() {
    for name in [
        "family_name",
        "Family Name",
        "SURNAME",
        "name",
        "\u{feff}Family-Name",
    ] {
        assert_eq!(column_for(name), Some(Column::FamilyName), "{name}");
    }
    for name in ["given_name", "First Name", "firstname"] {
        assert_eq!(column_for(name), Some(Column::GivenName), "{name}");
    }
    assert_eq!(column_for("Grade"), Some(Column::Rank));
    assert_eq!(column_for("EGD"), Some(Column::EgdPin));
    assert_eq!(column_for("family"), Some(Column::FamilyGroup));
    assert_eq!(column_for("shoe size"), None);
}

#[test]
fn the_header_needs_both_names_once() {
    let err = HeaderMap::from_headers(["surname", "rank"]).unwrap_err();
    assert!(err.contains("given name"), "{err}");
    let err = HeaderMap::from_headers(["surname", "name", "first_name"]).unwrap_err();
    assert!(err.contains("columns 1 and 2"), "{err}");
    let map = HeaderMap::from_headers(["First Name", "Surname", "T-shirt"]).unwrap();
    assert_eq!(map.ignored, vec!["T-shirt"]);
    assert_eq!(map.column(1), Some(Column::FamilyName));
}

#[test]
fn columns_map_in_any_order() {
    let a = plan(b"surname,first_name,rank\nCote,Marie,3k\n", None).unwrap();
    let b = plan(b"Rank;First Name;Surname\n3k;Marie;Cote\n", None).unwrap();
    assert_eq!(a.rows[0].person, b.rows[0].person);
    assert_eq!(a.rows[0].person.family_name, "Cote");
    assert_eq!(a.rows[0].person.rank, "3k");
}

#[test]
fn every_field_is_read() {
    let csv = "family_name,given_name,rank,rating,club,city,country,egd_pin,aga_id,ffg_licence,email,phone,\
               family_group,local,fee,paid,notes,rounds\n\
               Côté,Marie,2d,2150,Paris GC,Paris,fr,12345678,A1,F2,m@x.fr,+33 1,cote,yes,25.50,1,vegan,\"1,2,4\"\n";
    let p = plan(csv.as_bytes(), None).unwrap();
    assert!(p.problems.is_empty(), "{:?}", p.problems);
    let r = &p.rows[0];
    let f = &r.person;
    assert_eq!(
        (
            f.family_name.as_str(),
            f.given_name.as_str(),
            f.rank.as_str()
        ),
        ("Côté", "Marie", "2d")
    );
    assert_eq!(f.rating, Some(2150));
    assert_eq!(
        (f.club.as_str(), f.city.as_str(), f.country.as_str()),
        ("Paris GC", "Paris", "FR")
    );
    assert_eq!(
        (
            f.egd_pin.as_str(),
            f.aga_id.as_str(),
            f.ffg_licence.as_str()
        ),
        ("12345678", "A1", "F2")
    );
    assert_eq!(
        (f.email.as_str(), f.phone.as_str(), f.family_group.as_str()),
        ("m@x.fr", "+33 1", "cote")
    );
    assert!(f.local && f.paid);
    assert_eq!(f.fee_cents, 2550);
    assert_eq!(f.notes, "vegan");
    assert_eq!(r.rounds, vec![1, 2, 4]);
    assert_eq!(r.line, 2);
}

#[test]
fn issue_33_a_year_of_birth_column_by_any_of_its_names() {
    for name in [
        "birth year",
        "Year of Birth",
        "born",
        "BirthYear",
        "birth_year",
        "year-of-birth",
    ] {
        assert_eq!(column_for(name), Some(Column::BirthYear), "{name}");
    }
    let csv = "surname,first_name,rank,Year of birth
               Ann,A,3k,2012
               Bob,B,3k,
               Cid,C,3k,twelve
               Dee,D,3k,1987-05-03
";
    let p = plan(csv.as_bytes(), None).unwrap();
    let read: Vec<_> = p
        .rows
        .iter()
        .map(|r| (r.person.family_name.as_str(), r.person.birth_year))
        .collect();
    assert_eq!(read, vec![("Ann", Some(2012)), ("Bob", None)]);
    let problems: Vec<_> = p
        .problems
        .iter()
        .map(|p| (p.line, p.name.as_str(), p.message.as_str()))
        .collect();
    assert_eq!(
        problems,
        vec![
            (4, "Cid C", "birth year \"twelve\" is not a year like 2012"),
            (
                5,
                "Dee D",
                "birth year \"1987-05-03\" is not a year like 2012"
            ),
        ]
    );
}

#[test]
fn issue_33_a_team_column_fills_the_team() {
    for name in ["team", "Team", "Team Name", "team_name"] {
        assert_eq!(column_for(name), Some(Column::Team), "{name}");
    }
    let csv = "Surname,First name,Rank,Club,Team\n\
               Ann,A,3k,Lille GC,Go Club Nord\n\
               Bob,B,5k,Lille GC,  go club nord \n\
               Cid,C,1d,Paris GC,\n";
    let p = plan(csv.as_bytes(), None).unwrap();
    assert!(p.problems.is_empty(), "{:?}", p.problems);
    let read: Vec<_> = p
        .rows
        .iter()
        .map(|r| {
            (
                r.person.family_name.as_str(),
                r.person.team.as_str(),
                r.person.club.as_str(),
            )
        })
        .collect();
    // Spelled as typed (the server's team key makes the first two one team); an empty cell is no team.
    assert_eq!(
        read,
        vec![
            ("Ann", "Go Club Nord", "Lille GC"),
            ("Bob", "go club nord", "Lille GC"),
            ("Cid", "", "Paris GC"),
        ]
    );
}

#[test]
fn a_bad_row_rejects_only_itself() {
    let csv = "surname,first_name,rank,rating,local,fee,rounds\n\
               Ann,A,3k,,no,,\n\
               Bob,B,3k,strong,maybe,10,\n\
               Cid,C,3k,,,ten,1;x\n\
               Dee,D,3k\n";
    let p = plan(csv.as_bytes(), None).unwrap();
    let names: Vec<_> = p
        .rows
        .iter()
        .map(|r| r.person.family_name.as_str())
        .collect();
    assert_eq!(names, vec!["Ann", "Dee"]);
    assert_eq!(p.problems.len(), 2);
    assert_eq!(
        (p.problems[0].line, p.problems[0].name.as_str()),
        (3, "Bob B")
    );
    assert!(p.problems[0].message.contains("rating") && p.problems[0].message.contains("local"));
    assert_eq!(p.problems[1].line, 4);
    assert!(p.problems[1].message.contains("fee") && p.problems[1].message.contains("round"));
}

#[test]
fn empty_rows_are_skipped_and_rounds_without_tournament_are_flagged() {
    let p = plan(b"name,first_name,rounds\n,,\nAnn,A,1\n", None).unwrap();
    assert_eq!(p.rows.len(), 1);
    assert!(p.problems.is_empty());
    assert!(p.has_rounds);
}

#[test]
fn a_header_without_names_refuses_the_file() {
    assert!(matches!(
        plan(b"rank,club\n3k,X\n", None),
        Err(PreregError::Header(_))
    ));
}

#[test]
fn delimiters_are_detected_from_the_header() {
    assert_eq!(detect_delimiter(b"a;b;c\n1,5;2;3"), b';');
    assert_eq!(detect_delimiter(b"a\tb\n"), b'\t');
    assert_eq!(detect_delimiter(b"a,b\n"), b',');
    assert_eq!(detect_delimiter(b"name\n"), b',');
}

#[test]
fn non_utf8_rows_are_reported() {
    let p = plan(b"surname,first_name\nAnn,A\nC\xf4t\xe9,M\n", None).unwrap();
    assert_eq!(p.rows.len(), 1);
    assert_eq!(p.problems.len(), 1);
    assert!(p.problems[0].message.contains("UTF-8"));
}

#[test]
fn issue_12_line_numbers_are_right_for_crlf_and_blank_lines() {
    let body = "surname,first_name,rank\nA,B,99k\nC,D,3k\n\nE,F,\"x\ny\"\n  \nG,H,1k\n";
    for (name, data) in [
        ("LF", body.to_string()),
        ("CRLF", body.replace('\n', "\r\n")),
    ] {
        let p = plan(data.as_bytes(), None).unwrap();
        let lines: Vec<u64> = p.rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![2, 3, 5, 8], "{name}");
    }
    let crlf = plan(b"surname,first_name\r\nA,B\r\n,\r\nC,\xff\r\n", None).unwrap();
    assert_eq!(
        crlf.problems.iter().map(|p| p.line).collect::<Vec<_>>(),
        vec![4]
    );
}

#[test]
fn a_pre_registration_csv_is_recognised_by_its_header() {
    assert!(looks_like(b"Surname;First Name;Rank\nA;B;3k\n"));
    assert!(looks_like(b"\"family_name\",\"given_name\"\r\n"));
    assert!(!looks_like(b"<?xml version=\"1.0\"?>\n<Tournament>"));
    assert!(!looks_like(b"; CL[A]\n1 Abe Ken 3d JP Tokyo 0 1+/w\n"));
}
