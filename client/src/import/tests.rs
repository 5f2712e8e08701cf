//! Tests for the CSV header mapping, row parsing and the import's request ids.

use super::header::{column_for, Column, HeaderMap};
use super::*;

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
    let a = plan(b"surname,first_name,rank\nCote,Marie,3k\n", None, None).unwrap();
    let b = plan(b"Rank;First Name;Surname\n3k;Marie;Cote\n", None, None).unwrap();
    assert_eq!(a.rows[0].fields, b.rows[0].fields);
    assert_eq!(a.rows[0].fields.family_name, "Cote");
    assert_eq!(a.rows[0].fields.rank, "3k");
}

#[test]
fn every_field_is_read() {
    let csv = "family_name,given_name,rank,rating,club,city,country,egd_pin,aga_id,ffg_licence,email,phone,\
               family_group,local,fee,paid,notes,rounds\n\
               Côté,Marie,2d,2150,Paris GC,Paris,fr,12345678,A1,F2,m@x.fr,+33 1,cote,yes,25.50,1,vegan,\"1,2,4\"\n";
    let p = plan(csv.as_bytes(), None, Some(1)).unwrap();
    assert!(p.problems.is_empty(), "{:?}", p.problems);
    let r = &p.rows[0];
    let f = &r.fields;
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
fn a_bad_row_rejects_only_itself() {
    let csv = "surname,first_name,rank,rating,local,fee,rounds\n\
               Ann,A,3k,,no,,\n\
               Bob,B,3k,strong,maybe,10,\n\
               Cid,C,3k,,,ten,1;x\n\
               Dee,D,3k\n";
    let p = plan(csv.as_bytes(), None, None).unwrap();
    let names: Vec<_> = p
        .rows
        .iter()
        .map(|r| r.fields.family_name.as_str())
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
    let p = plan(b"name,first_name,rounds\n,,\nAnn,A,1\n", None, None).unwrap();
    assert_eq!(p.rows.len(), 1);
    assert!(p.problems.is_empty());
    assert!(p.rounds_unused);
}

#[test]
fn a_header_without_names_refuses_the_file() {
    assert!(matches!(
        plan(b"rank,club\n3k,X\n", None, None),
        Err(ImportError::Header(_))
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
fn import_request_ids_are_deterministic() {
    let csv = b"surname,first_name\nAnn,A\nBob,B\n";
    let first = plan(csv, None, Some(1)).unwrap();
    let again = plan(csv, None, Some(1)).unwrap();
    let ids = |p: &ImportPlan| {
        p.rows
            .iter()
            .map(|r| r.request_id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&first), ids(&again));
    assert_ne!(first.rows[0].request_id, first.rows[1].request_id);
}

#[test]
fn import_request_ids_change_with_the_row_the_position_and_the_tournament() {
    let base = plan(b"surname,first_name\nAnn,A\nBob,B\n", None, Some(1)).unwrap();
    let edited = plan(b"surname,first_name\nAnn,A\nBob,Bo\n", None, Some(1)).unwrap();
    assert_eq!(base.rows[0].request_id, edited.rows[0].request_id);
    assert_ne!(base.rows[1].request_id, edited.rows[1].request_id);
    let moved = plan(b"surname,first_name\nBob,B\nAnn,A\n", None, Some(1)).unwrap();
    assert_ne!(base.rows[0].request_id, moved.rows[1].request_id);
    let other = plan(b"surname,first_name\nAnn,A\nBob,B\n", None, Some(2)).unwrap();
    assert_ne!(base.rows[0].request_id, other.rows[0].request_id);
}

#[test]
fn non_utf8_rows_are_reported() {
    let p = plan(b"surname,first_name\nAnn,A\nC\xf4t\xe9,M\n", None, None).unwrap();
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
        let p = plan(data.as_bytes(), None, None).unwrap();
        let lines: Vec<u64> = p.rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![2, 3, 5, 8], "{name}");
    }
    let crlf = plan(b"surname,first_name\r\nA,B\r\n,\r\nC,\xff\r\n", None, None).unwrap();
    assert_eq!(
        crlf.problems.iter().map(|p| p.line).collect::<Vec<_>>(),
        vec![4]
    );
}
