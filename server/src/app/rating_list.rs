//! A federation's rating list uploaded to the server (the director's rating-list page): read by
//! `tengen_interop::ratings` (the parse `tengen ratings load` uses), its players put on the register's terms, and
//! the `LoadRatings` commands that load it, a part at a time, each with a request id derived from the file's
//! SHA-256 and the part, so loading the same file twice changes nothing.
//!
//! Owns no list format and no rule of a list (the domain's `ratings::load` decides each part).

use crate::domain::ratings::{RatedPlayer, RatingSource};
use crate::domain::Command;
use sha2::{Digest, Sha256};
use tengen_interop::ratings;

/// The largest list taken: the EGD's whole allworld list is a few MB.
pub const MAX_LIST_BYTES: usize = 32 * 1024 * 1024;

/// Players per `LoadRatings` part (one log entry each).
const PART: usize = 1_000;

/// A list read, before anything is loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingUpload {
    /// Which list.
    pub source: RatingSource,
    /// The file's name, as uploaded.
    pub file: String,
    /// The list's own date, when it states one.
    pub date: String,
    /// Hex SHA-256 of the file.
    pub digest: String,
    /// The players to load, in file order.
    pub players: Vec<RatedPlayer>,
    /// Lines left out: (1-based line, why).
    pub skipped: Vec<(usize, String)>,
}

/// Why a file is not loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListRefused {
    /// Over [`MAX_LIST_BYTES`].
    #[error("the file is {mb} MB; a rating list is at most {max} MB", max = MAX_LIST_BYTES / (1024 * 1024))]
    TooBig {
        /// The file's size.
        mb: usize,
    },
    /// Not a list the reader knows, or no player in it.
    #[error("{0}")]
    Unreadable(String),
}

impl RatingUpload {
    /// Reads `data`, uploaded as `file`.
    pub fn read(file: &str, data: &[u8]) -> Result<RatingUpload, ListRefused> {
        if data.len() > MAX_LIST_BYTES {
            return Err(ListRefused::TooBig {
                mb: data.len() / (1024 * 1024),
            });
        }
        let list =
            ratings::parse(data, None).map_err(|e| ListRefused::Unreadable(e.to_string()))?;
        let source = RatingSource::parse(list.source)
            .ok_or_else(|| ListRefused::Unreadable(format!("unknown list {}", list.source)))?;
        let mut skipped = list.skipped;
        let mut players = Vec::with_capacity(list.players.len());
        for (i, p) in list.players.into_iter().enumerate() {
            if p.family_name.trim().is_empty() {
                skipped.push((i + 1, format!("no family name for id {}", p.id)));
                continue;
            }
            players.push(RatedPlayer {
                id: p.id,
                family: p.family_name,
                given: p.given_name,
                rank: p.rank,
                rating: p.rating,
                club: p.club,
                country: p.country,
            });
        }
        let file: String = file
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or_default()
            .chars()
            .take(200)
            .collect();
        Ok(RatingUpload {
            source,
            file: if file.trim().is_empty() {
                format!("{}-list", source.as_str())
            } else {
                file
            },
            date: list.date,
            digest: hex::encode(Sha256::digest(data)),
            players,
            skipped,
        })
    }

    /// The commands that load the list, each with its request id, in order.
    pub fn commands(&self) -> Vec<(String, Command)> {
        let parts: Vec<&[RatedPlayer]> = self.players.chunks(PART).collect();
        parts
            .iter()
            .enumerate()
            .map(|(i, chunk)| {
                let id = format!("ratings-{}-{i}", &self.digest[..32]);
                let cmd = Command::LoadRatings {
                    source: self.source,
                    file: self.file.clone(),
                    date: self.date.clone(),
                    part: i as u32,
                    parts: parts.len() as u32,
                    players: chunk.to_vec(),
                };
                (id, cmd)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AGA: &[u8] = b"Lund, Ada\t101\tFull\t3.5\t2030-01-01\tBOS\tMA\n\
                         Moss, Ben\t102\tFull\t-12.2\t2030-01-01\tNYC\tNY\n";

    #[test]
    fn a_list_becomes_parts_with_ids_from_its_content() {
        let up = RatingUpload::read("C:\\lists\\tdlista.txt", AGA).unwrap();
        assert_eq!(
            (up.source, up.file.as_str()),
            (RatingSource::Aga, "tdlista.txt")
        );
        assert_eq!(up.players.len(), 2);
        assert_eq!(up.players[0].family, "Lund");
        let commands = up.commands();
        assert_eq!(commands.len(), 1);
        let again = RatingUpload::read("x", AGA).unwrap().commands();
        assert_eq!(
            commands[0].0, again[0].0,
            "the same file, the same request id"
        );
        assert!(matches!(
            &commands[0].1,
            Command::LoadRatings {
                part: 0,
                parts: 1,
                ..
            }
        ));
    }

    #[test]
    fn a_file_that_is_no_list_is_refused() {
        assert!(matches!(
            RatingUpload::read("x.txt", b"hello"),
            Err(ListRefused::Unreadable(_))
        ));
    }
}
