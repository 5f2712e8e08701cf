//! Parser for OpenGotha's per-pair cost dumps (`<name>_weights_R<n>.txt`): blocks of `key=value` lines, one block
//! per pair, each starting with `Player1Name` and ending with `totalCost`.

use super::OgError;

/// One pair's cost breakdown as OpenGotha dumped it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DumpedPair {
    /// "Name Firstname" of the first player.
    pub player1: String,
    /// "Name Firstname" of the second player.
    pub player2: String,
    /// `baseDuplicateGameCost`.
    pub duplicate: i64,
    /// `baseRandomCost`.
    pub random: i64,
    /// `baseBWBalanceCost`.
    pub colour_balance: i64,
    /// `mainCategoryCost`.
    pub category: i64,
    /// `mainScoreDiffCost`.
    pub score_difference: i64,
    /// `mainDUDDCost`.
    pub dudd: i64,
    /// `mainSeedCost`.
    pub seeding: i64,
    /// `secHandiCost`.
    pub handicap: i64,
    /// `secGeoCost`.
    pub geography: i64,
    /// `totalCost`.
    pub total: i64,
}

impl DumpedPair {
    /// The nine terms in dump order (the base 1 is not dumped: `total` = 1 + their sum).
    pub fn terms(&self) -> [i64; 9] {
        [
            self.duplicate,
            self.random,
            self.colour_balance,
            self.category,
            self.score_difference,
            self.dudd,
            self.seeding,
            self.handicap,
            self.geography,
        ]
    }
}

/// The dump's term names, in the order of [`DumpedPair::terms`].
pub const TERM_NAMES: [&str; 9] = [
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
];

/// The round number of a dump file name such as `simplemm_weights_R3.txt` (`None` for other names).
pub fn dump_round(file_name: &str) -> Option<u32> {
    let stem = file_name.strip_suffix(".txt")?;
    let (_, round) = stem.rsplit_once("_weights_R")?;
    round.parse().ok()
}

/// Parses one dump file. Lines without `=` (the "Round n" and "Costs" headers) are skipped.
pub fn parse_weights_dump(text: &str) -> Result<Vec<DumpedPair>, OgError> {
    let mut pairs = Vec::new();
    let mut current: Option<DumpedPair> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_start_matches('\u{feff}').trim_end_matches('\r');
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let err = |reason: String| OgError::Dump {
            line: n + 1,
            reason,
        };
        if key == "Player1Name" {
            if current.is_some() {
                return Err(err("pair block without totalCost".to_string()));
            }
            current = Some(DumpedPair {
                player1: value.to_string(),
                ..DumpedPair::default()
            });
            continue;
        }
        let pair = current
            .as_mut()
            .ok_or_else(|| err(format!("{key} outside a pair block")))?;
        if key == "Player2Name" {
            pair.player2 = value.to_string();
            continue;
        }
        let v: i64 = value
            .trim()
            .parse()
            .map_err(|_| err(format!("{key}={value} is not an integer")))?;
        match key {
            "baseDuplicateGameCost" => pair.duplicate = v,
            "baseRandomCost" => pair.random = v,
            "baseBWBalanceCost" => pair.colour_balance = v,
            "mainCategoryCost" => pair.category = v,
            "mainScoreDiffCost" => pair.score_difference = v,
            "mainDUDDCost" => pair.dudd = v,
            "mainSeedCost" => pair.seeding = v,
            "secHandiCost" => pair.handicap = v,
            "secGeoCost" => pair.geography = v,
            "totalCost" => {
                pair.total = v;
                pairs.extend(current.take());
            }
            _ => return Err(err(format!("unknown key {key}"))),
        }
    }
    if current.is_some() {
        return Err(OgError::Dump {
            line: text.lines().count(),
            reason: "last pair block without totalCost".to_string(),
        });
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dump_file_names_give_their_round() {
        assert_eq!(dump_round("simplemm_weights_R3.txt"), Some(3));
        assert_eq!(dump_round("a_b_weights_R10.txt"), Some(10));
        assert_eq!(dump_round("notes.txt"), None);
    }

    #[test]
    fn dumps_parse_into_pairs_and_reject_garbage() {
        let text = "Round 1\nCosts\nPlayer1Name=A a\nPlayer2Name=B b\nbaseDuplicateGameCost=5\n\
                    baseRandomCost=0\nbaseBWBalanceCost=0\nmainCategoryCost=0\nmainScoreDiffCost=7\n\
                    mainDUDDCost=0\nmainSeedCost=0\nsecHandiCost=0\nsecGeoCost=0\ntotalCost=13\n";
        let pairs = parse_weights_dump(text).unwrap();
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].player2, "B b");
        assert_eq!(pairs[0].terms()[4], 7);
        assert_eq!(pairs[0].total, 13);
        assert!(parse_weights_dump("Player1Name=A\ntotalCost=x\n").is_err());
        assert!(parse_weights_dump("mainSeedCost=1\n").is_err());
        assert!(parse_weights_dump("Player1Name=A\nPlayer2Name=B\n").is_err());
    }
}
