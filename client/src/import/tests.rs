//! Tests for the CSV import's request ids (the parse itself is `tengen_interop::prereg`'s, tested there).

use super::*;

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
