//! Prize lists: cash prizes by place, where the prizes of the places a group of tied players occupies are
//! summed and split equally among them (AGA tournament rules III.F.2, Mays). Integer cents only.
//!
//! Remainder rule: when the pot does not divide evenly, each tied player gets the pot divided by their number,
//! rounded down, and the leftover cents (fewer than the number of tied players) go one each to the tied players
//! in standings order, i.e. by player number. The whole pot is always paid out and the result never depends on
//! anything but the standings.

use std::fmt;

use tengen_draw::model::PlayerId;

use crate::placing::Row;

/// An amount of money in cents (or the smallest unit of the currency).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cents(pub i64);

impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
    }
}

/// One player's prize.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// Who.
    pub player: PlayerId,
    /// Their (possibly shared) place.
    pub place: u32,
    /// How many players share the place (1 when alone).
    pub shared_by: u32,
    /// The amount.
    pub amount: Cents,
}

/// Splits `prizes` (`prizes[0]` for first place, …) over `rows` (a placed standings table, overall or one
/// section). Players whose share is zero get no award.
pub fn split_prizes(rows: &[Row], prizes: &[Cents]) -> Vec<Award> {
    let mut awards = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let place = rows[i].place;
        let tied: Vec<&Row> = rows[i..].iter().take_while(|r| r.place == place).collect();
        let n = tied.len() as i64;
        let first = (place as usize).saturating_sub(1);
        let pot: i64 = prizes
            .iter()
            .skip(first)
            .take(tied.len())
            .map(|c| c.0)
            .sum();
        let (base, leftover) = (pot.div_euclid(n), pot.rem_euclid(n));
        for (k, row) in tied.iter().enumerate() {
            let amount = base + i64::from((k as i64) < leftover);
            if amount != 0 {
                awards.push(Award {
                    player: row.player,
                    place,
                    shared_by: n as u32,
                    amount: Cents(amount),
                });
            }
        }
        i += tied.len();
    }
    awards
}
