//! The register and the standings as CSV for spreadsheets: one row per entrant (number, names, rank, rating,
//! club, city, country, EGD pin, FFG licence, AGA id, status, rounds, team) and one per placed player (place, number,
//! name, rank, club, country, then each criterion in the tournament's order). Never contact data, fees or notes:
//! the sheets module promises that, whoever asks. Pure.

use super::Document;
use crate::app::roster::Roster;
use crate::domain::field::{participant_id, Field};
use crate::domain::Rejected;

/// Content type of the files.
const CSV: &str = "text/csv; charset=utf-8";

pub(super) fn finish(
    rows: Vec<Vec<String>>,
    title: String,
    file_name: String,
) -> Result<Document, Rejected> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer
            .write_record(&row)
            .map_err(|e| Rejected::Precondition(format!("CSV: {e}")))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| Rejected::Precondition(format!("CSV: {e}")))?;
    Ok(Document {
        title,
        content_type: CSV.to_string(),
        body: String::from_utf8_lossy(&bytes).into_owned(),
        encoding: super::UTF8.to_string(),
        file_name,
    })
}

/// The register of the tournament.
pub(crate) fn register(roster: &Roster) -> Result<Document, Rejected> {
    let mut rows = vec![[
        "number",
        "register_id",
        "family_name",
        "given_name",
        "rank",
        "rating",
        "club",
        "city",
        "country",
        "egd_pin",
        "ffg_licence",
        "aga_id",
        "status",
        "rounds",
        "team",
    ]
    .map(String::from)
    .to_vec()];
    let mut entrants: Vec<_> = roster.entrants.iter().collect();
    entrants.sort_by_key(|(p, _)| (roster.number(**p).unwrap_or(u32::MAX), **p));
    for (p, (person, entry)) in entrants {
        let f = &person.fields;
        let rounds: Vec<String> = entry.rounds.iter().map(u32::to_string).collect();
        rows.push(vec![
            roster.number_text(*p),
            p.0.to_string(),
            f.family_name.clone(),
            f.given_name.clone(),
            f.rank.to_string(),
            f.rating.map(|r| r.to_string()).unwrap_or_default(),
            f.club.clone(),
            f.city.clone(),
            f.country.clone(),
            f.egd_pin.clone(),
            f.ffg_licence.clone(),
            f.aga_id.clone(),
            entry.status.as_str().to_string(),
            rounds.join(" "),
            f.team.clone(),
        ]);
    }
    finish(
        rows,
        format!("{}: register", roster.name()),
        super::file_name(roster.name(), "register.csv"),
    )
}

/// The standings after round `round` (0: the last round with a result).
pub(crate) fn standings(roster: &Roster, round: u32) -> Result<Document, Rejected> {
    let after = roster.counted_round(round)?;
    let standings = Field::new(roster.state, roster.tournament).standings(after, None);
    let mut header: Vec<String> = ["place", "number", "name", "rank", "club", "country"]
        .map(String::from)
        .to_vec();
    header.extend(standings.criteria.iter().map(super::egf::short));
    let mut rows = vec![header];
    for row in &standings.rows {
        let p = participant_id(row.player);
        let country = roster
            .entrants
            .get(&p)
            .map(|(person, _)| person.fields.country.clone())
            .unwrap_or_default();
        let mut line = vec![
            row.place.to_string(),
            roster.number_text(p),
            roster.full_name(p),
            roster.rank(p, after.max(1)),
            roster.club(p),
            country,
        ];
        line.extend(
            row.values
                .iter()
                .enumerate()
                .map(|(i, v)| standings.value_text(i, *v)),
        );
        rows.push(line);
    }
    finish(
        rows,
        format!("{}: standings after round {after}", roster.name()),
        super::file_name(roster.name(), "standings.csv"),
    )
}
