//! One CSV record (read by `tengen_interop::prereg`) to one registration request: the fields on the wire, the
//! rounds, and a request id derived from the record's content and position, so importing the same file again
//! sends the same ids and the server answers each with its original answer instead of registering twice.

use tengen_interop::prereg::Person;
use tengen_proto::v1::ParticipantFields;

use crate::request_id::RequestId;

/// A record ready to send.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedRow {
    /// The file line the record starts on (the header is line 1).
    pub line: u64,
    /// The participant's fields.
    pub fields: ParticipantFields,
    /// Rounds for the `--tournament` entry; empty means all.
    pub rounds: Vec<u32>,
    /// The file confirms this is not the same person as a near-duplicate already registered (`different_person`
    /// column), as a desk confirms it on screen.
    pub different_person: bool,
    /// The request id for this record.
    pub request_id: RequestId,
}

/// A person as the wire's participant fields.
pub fn fields_pb(p: &Person) -> ParticipantFields {
    ParticipantFields {
        family_name: p.family_name.clone(),
        given_name: p.given_name.clone(),
        latin_family_name: p.latin_family_name.clone(),
        latin_given_name: p.latin_given_name.clone(),
        rank: p.rank.clone(),
        rating: p.rating,
        club: p.club.clone(),
        city: p.city.clone(),
        country: p.country.clone(),
        egd_pin: p.egd_pin.clone(),
        aga_id: p.aga_id.clone(),
        ffg_licence: p.ffg_licence.clone(),
        email: p.email.clone(),
        phone: p.phone.clone(),
        family_group: p.family_group.clone(),
        team: p.team.clone(),
        team_board: p.team_board,
        local: p.local,
        fee_cents: p.fee_cents,
        paid: p.paid,
        notes: p.notes.clone(),
        birth_year: p.birth_year.map(u32::from),
        // A pre-registration file says nothing of membership, concessions or an agreed fee: the desk sets them.
        member: false,
        concession: String::new(),
        fee_override_cents: None,
        fee_reason: String::new(),
    }
}

/// "Family Given" for reports.
pub fn display_name(f: &ParticipantFields) -> String {
    format!("{} {}", f.family_name, f.given_name)
        .trim()
        .to_string()
}

/// The request id of the record on `line`: SHA-256 over a version tag, the header row, the line number, the
/// record's raw fields and the target tournament. Re-importing the same file gives the same ids; editing a row
/// (say, to fix a rejected rank) gives that row a new id, so the fix is not answered with the old refusal.
pub fn row_request_id(
    header: &[String],
    record: &[String],
    line: u64,
    tournament: Option<u64>,
) -> RequestId {
    let line = line.to_le_bytes();
    let tournament = tournament.unwrap_or(0).to_le_bytes();
    let parts = ["tengen-import-v1".as_bytes(), &line, &tournament]
        .into_iter()
        .chain(header.iter().map(String::as_bytes))
        .chain(["\u{1f}".as_bytes()])
        .chain(record.iter().map(String::as_bytes));
    RequestId::derived(parts)
}
