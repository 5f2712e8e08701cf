//! Players imported into a tournament from another program's file (a pre-registration CSV, an OpenGotha
//! tournament, an EGF `.h9`): the file recognised by its content (its name breaks a tie), read by
//! `tengen_interop` into plain rows, each row mapped once onto an ordinary `RegisterParticipant` with a request id
//! derived from the row, and a preview of what each would get, rehearsed on a scratch copy (`dry_run`) so
//! nothing is written until the director confirms. The door writes the commands through [`Core::write`].
//!
//! Owns no file format (`tengen_interop` does) and no register rule (the domain decides each command, in the
//! preview as in the real write). Only players come in this way: an OpenGotha or `.h9` file's rounds are the desk
//! program's `tengen import opengotha|h9`, which creates the whole tournament.

use super::dry_run::Rehearsal;
use super::{Meta, Refusal};
use crate::domain::{Command, EnterSpec, ParticipantFields, Rank, Rejected, State, TournamentId};
use sha2::{Digest, Sha256};
use tengen_interop::prereg::{self, Person, RowProblem};
use tengen_interop::{h9, opengotha};

/// The largest file an import takes: a congress's pre-registration or an OpenGotha file of a few hundred
/// players is well under it.
pub const MAX_IMPORT_BYTES: usize = 1024 * 1024;

/// The kinds of file an import reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A pre-registration CSV (header row with the names' columns).
    Csv,
    /// An OpenGotha tournament file.
    OpenGotha,
    /// An EGF results table.
    H9,
}

impl Format {
    /// As the director reads it.
    pub fn describe(self) -> &'static str {
        match self {
            Format::Csv => "pre-registration CSV",
            Format::OpenGotha => "OpenGotha tournament file",
            Format::H9 => "EGF results table (.h9)",
        }
    }

    /// Recognised from the content; the file's name decides only a file that could be either.
    pub fn detect(name: &str, data: &[u8]) -> Option<Format> {
        let head = String::from_utf8_lossy(&data[..data.len().min(2000)]).to_ascii_lowercase();
        let head = head.trim_start_matches('\u{feff}').trim_start();
        let name = name.to_ascii_lowercase();
        if head.starts_with("<?xml") || head.contains("<tournament") {
            Some(Format::OpenGotha)
        } else if prereg::looks_like(data) {
            Some(Format::Csv)
        } else if name.ends_with(".h9") || head.starts_with(';') {
            Some(Format::H9)
        } else if name.ends_with(".csv") || name.ends_with(".txt") {
            // A CSV whose header lacks a name column: the reader says which.
            Some(Format::Csv)
        } else {
            None
        }
    }
}

/// One player the file would register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    /// The line of the file the player is on (the `.h9`'s player line; an OpenGotha player's place in the file).
    pub line: u64,
    /// The player as the file gives them.
    pub person: Person,
    /// Rounds to play; empty means every round.
    pub rounds: Vec<u32>,
    /// The file says a near-duplicate is someone else (the CSV's `different_person` column).
    pub different_person: bool,
}

/// A file read: the players to register and the rows refused while reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportFile {
    /// What kind of file it was.
    pub format: Format,
    /// Players in file order.
    pub rows: Vec<ImportRow>,
    /// Rows refused while reading, with their lines.
    pub refused: Vec<RowProblem>,
    /// What the director should know about the file as a whole.
    pub notes: Vec<String>,
}

/// Why a file cannot be imported at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportRefused {
    /// Over [`MAX_IMPORT_BYTES`].
    #[error("the file is {kb} KB; an import takes files up to {max} KB (split the file)", max = MAX_IMPORT_BYTES / 1024)]
    TooBig {
        /// The file's size.
        kb: usize,
    },
    /// Empty.
    #[error("the file is empty")]
    Empty,
    /// Not a kind of file an import reads.
    #[error("this is not a file the import reads: a CSV with family and given name columns, an OpenGotha tournament (.xml) or an EGF results table (.h9)")]
    Unknown,
    /// The reader refused the whole file.
    #[error("{0}")]
    Unreadable(String),
}

/// Reads `data` (named `name`) into rows.
pub fn read(name: &str, data: &[u8]) -> Result<ImportFile, ImportRefused> {
    if data.len() > MAX_IMPORT_BYTES {
        return Err(ImportRefused::TooBig {
            kb: data.len() / 1024,
        });
    }
    if data.iter().all(u8::is_ascii_whitespace) {
        return Err(ImportRefused::Empty);
    }
    let unreadable = |e: &dyn std::fmt::Display| ImportRefused::Unreadable(e.to_string());
    match Format::detect(name, data).ok_or(ImportRefused::Unknown)? {
        Format::Csv => {
            let file = prereg::read(data, None).map_err(|e| unreadable(&e))?;
            let mut notes = Vec::new();
            if !file.ignored_columns.is_empty() {
                notes.push(format!(
                    "Columns left out (they name no field): {}.",
                    file.ignored_columns.join(", ")
                ));
            }
            Ok(ImportFile {
                format: Format::Csv,
                rows: file
                    .rows
                    .into_iter()
                    .map(|r| ImportRow {
                        line: r.line,
                        person: r.person,
                        rounds: r.rounds,
                        different_person: r.different_person,
                    })
                    .collect(),
                refused: file.problems,
                notes,
            })
        }
        Format::OpenGotha => {
            let text = opengotha::decode(data).map_err(|e| unreadable(&e))?;
            let og = opengotha::read(&text)
                .map_err(|e| ImportRefused::Unreadable(opengotha::located(&text, &e)))?;
            if og.players.is_empty() {
                return Err(ImportRefused::Unreadable(
                    "no <Player> in this file: is it an OpenGotha tournament?".into(),
                ));
            }
            let rows = (0..og.players.len())
                .map(|i| ImportRow {
                    line: i as u64 + 1,
                    person: og.person(i),
                    rounds: Vec::new(),
                    different_person: false,
                })
                .collect();
            Ok(ImportFile {
                format: Format::OpenGotha,
                rows,
                refused: Vec::new(),
                notes: vec![rounds_note(og.played_rounds().len())],
            })
        }
        Format::H9 => {
            let table = h9::read(data).map_err(|e| unreadable(&e))?;
            let rows = table
                .players
                .iter()
                .map(|p| ImportRow {
                    line: p.file_line as u64,
                    person: p.person(),
                    rounds: Vec::new(),
                    different_person: false,
                })
                .collect();
            Ok(ImportFile {
                format: Format::H9,
                rows,
                refused: Vec::new(),
                notes: vec![rounds_note(table.last_played_round())],
            })
        }
    }
}

/// What happens to a file's games: they stay in the file.
fn rounds_note(played: usize) -> String {
    let players = "Players only: each is registered and entered for every round, not checked in.";
    match played {
        0 => players.to_string(),
        n => format!(
            "{players} The file's {n} played round(s) are not imported here (the desk program's \
             `tengen import` creates a tournament with its rounds)."
        ),
    }
}

impl ImportRow {
    /// The row as the register's command: register the person and enter tournament `t` (not checked in: the
    /// desks check in whoever arrives). A rank the register cannot read is refused here, in the domain's words.
    pub fn command(&self, t: TournamentId) -> Result<Command, Rejected> {
        let p = &self.person;
        let rank: Rank = p
            .rank
            .parse()
            .map_err(|e: crate::domain::rank::RankError| {
                Rejected::invalid("rank", e.to_string())
            })?;
        let fields = ParticipantFields {
            family_name: p.family_name.clone(),
            given_name: p.given_name.clone(),
            latin_family_name: p.latin_family_name.clone(),
            latin_given_name: p.latin_given_name.clone(),
            rank,
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
            birth_year: p.birth_year,
            member: false,
            concession: None,
            fee_override: None,
        }
        .normalised();
        Ok(Command::RegisterParticipant {
            fields,
            enter: vec![EnterSpec {
                tournament: t,
                rounds: (!self.rounds.is_empty()).then(|| self.rounds.clone()),
            }],
            check_in: false,
            different_person: self.different_person,
        })
    }

    /// The row's request id for tournament `t`: SHA-256 of the row's line and content, so confirming the same
    /// file twice (or a file with more rows) registers each row once, and an edited row is a new request.
    pub fn request_id(&self, format: Format, t: TournamentId) -> String {
        let p = &self.person;
        let mut h = Sha256::new();
        let rounds: Vec<String> = self.rounds.iter().map(u32::to_string).collect();
        let parts = [
            "tengen-web-import-v1",
            format.describe(),
            &t.0.to_string(),
            &self.line.to_string(),
            &p.family_name,
            &p.given_name,
            &p.rank,
            &p.rating.map(|r| r.to_string()).unwrap_or_default(),
            &p.club,
            &p.city,
            &p.country,
            &p.egd_pin,
            &p.aga_id,
            &p.ffg_licence,
            &p.email,
            &p.phone,
            &p.family_group,
            &format!("{}{}{}", p.local, p.paid, self.different_person),
            &p.fee_cents.to_string(),
            &p.notes,
            &rounds.join(","),
        ];
        // The Latin names and the year of birth came later: hashed only when given, so a file confirmed before
        // keeps its ids.
        let latin = [p.latin_family_name.as_str(), p.latin_given_name.as_str()];
        let latin = latin.iter().any(|l| !l.is_empty()).then_some(latin);
        let born = p.birth_year.map(|y| format!("born {y}"));
        let later = latin.into_iter().flatten().chain(born.as_deref());
        for part in parts.into_iter().chain(later) {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        format!("import-{}", hex::encode(&h.finalize()[..16]))
    }
}

/// What confirming would do with one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Registered and entered.
    New,
    /// This row was imported before (the same request): nothing more happens.
    AlreadyImported,
    /// Looks like a person already registered (or an earlier row of the file): left out.
    Duplicate {
        /// The registered person's name and club, as the director knows them.
        of: String,
        /// What matched.
        reason: String,
    },
    /// The register refuses the row, with the reason.
    Refused(String),
}

/// Rehearses every row of `file` for tournament `t`, in file order, on a scratch copy of the register: a row sees
/// the rows before it, so a person twice in the file is a duplicate the second time. Nothing is written.
pub fn preview(
    rehearsal: &mut Rehearsal,
    operator: &str,
    file: &ImportFile,
    t: TournamentId,
) -> Vec<Verdict> {
    file.rows
        .iter()
        .map(|row| {
            let cmd = match row.command(t) {
                Ok(cmd) => cmd,
                Err(rejected) => return Verdict::Refused(rejected.to_string()),
            };
            let meta = Meta::new(row.request_id(file.format, t), operator);
            match rehearsal.check(meta, &cmd) {
                Ok(done) if done.already_done => Verdict::AlreadyImported,
                Ok(_) => Verdict::New,
                Err(refusal) => verdict_of(rehearsal.scratch(), &refusal),
            }
        })
        .collect()
}

/// A refusal as a row's verdict: a duplicate names the person it matched.
pub fn verdict_of(state: &State, refusal: &Refusal) -> Verdict {
    match refusal {
        Refusal::Rejected {
            rejected: Rejected::Duplicate { existing, reason },
            ..
        } => Verdict::Duplicate {
            of: state
                .participants
                .get(existing)
                .map(|p| {
                    let f = &p.fields;
                    let name = format!("{} {}", f.family_name, f.given_name);
                    if f.club.is_empty() {
                        name
                    } else {
                        format!("{name} ({})", f.club)
                    }
                })
                .unwrap_or_else(|| existing.to_string()),
            reason: reason.clone(),
        },
        other => Verdict::Refused(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &[u8] =
        b"surname,first_name,rank,club\nAbe,Ken,3d,Oslo\nBerg,Lena,99k,Oslo\nCosta,Rui,1k,\n";

    #[test]
    fn files_are_recognised_by_their_content() {
        assert_eq!(Format::detect("x.txt", CSV), Some(Format::Csv));
        assert_eq!(
            Format::detect("t.csv", b"\xef\xbb\xbf<?xml version=\"1.0\"?><Tournament>"),
            Some(Format::OpenGotha)
        );
        assert_eq!(Format::detect("t.h9", b"; CL[A]\n"), Some(Format::H9));
        assert_eq!(Format::detect("t.bin", b"\x00\x01"), None);
    }

    #[test]
    fn a_csv_becomes_commands_with_stable_request_ids() {
        let file = read("players.csv", CSV).unwrap();
        assert_eq!(file.rows.len(), 3);
        let t = TournamentId(1);
        let Command::RegisterParticipant {
            fields,
            enter,
            check_in,
            ..
        } = file.rows[0].command(t).unwrap()
        else {
            panic!("a registration");
        };
        assert_eq!(
            (fields.family_name.as_str(), fields.rank.to_string()),
            ("Abe", "3d".to_string())
        );
        assert_eq!(enter[0].tournament, t);
        assert!(!check_in);
        assert!(matches!(
            file.rows[1].command(t),
            Err(Rejected::Invalid { .. })
        ));
        let again = read("other-name.csv", CSV).unwrap();
        assert_eq!(
            file.rows[2].request_id(Format::Csv, t),
            again.rows[2].request_id(Format::Csv, t)
        );
        assert_ne!(
            file.rows[2].request_id(Format::Csv, t),
            file.rows[2].request_id(Format::Csv, TournamentId(2))
        );
        assert_ne!(
            file.rows[0].request_id(Format::Csv, t),
            file.rows[2].request_id(Format::Csv, t)
        );
    }

    #[test]
    fn a_file_too_big_or_of_no_known_kind_is_refused_whole() {
        let big = vec![b'a'; MAX_IMPORT_BYTES + 1];
        assert!(matches!(
            read("x.csv", &big),
            Err(ImportRefused::TooBig { .. })
        ));
        assert_eq!(read("x.csv", b"  \n"), Err(ImportRefused::Empty));
        assert_eq!(read("x.doc", b"hello"), Err(ImportRefused::Unknown));
        assert!(matches!(
            read("x.csv", b"rank,club\n3k,X\n"),
            Err(ImportRefused::Unreadable(m)) if m.contains("family name")
        ));
    }
}
