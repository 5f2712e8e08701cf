//! Explanations: for two players in a standings table, which criterion separated them and both values, or that
//! they are tied on every criterion.

use std::fmt;

use tengen_draw::model::PlayerId;

use crate::placing::{rank_text, Row, Standings};
use crate::settings::Criterion;
use crate::value::Value;

/// Why one player is placed above another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The player placed higher (the first asked for when tied).
    pub higher: PlayerId,
    /// The other player.
    pub lower: PlayerId,
    /// Places of `higher` and `lower`.
    pub places: (u32, u32),
    /// The first criterion on which they differ, with the higher and the lower player's values; `None` when they
    /// are equal on every criterion (and share a place).
    pub separated_by: Option<(Criterion, Value, Value)>,
    /// The criteria they were equal on before the separating one, with the common value.
    pub equal_on: Vec<(Criterion, Value)>,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (c, v) in &self.equal_on {
            match c {
                Criterion::HeadToHead => write!(f, "H2H equal (level {}); ", 1 - v.numer())?,
                Criterion::Rank => write!(f, "Rank equal ({}); ", rank_text(*v))?,
                _ => write!(f, "{} equal ({v}); ", c.name())?,
            }
        }
        match &self.separated_by {
            Some((Criterion::HeadToHead, h, l)) => write!(
                f,
                "{} (place {}) ahead of {} (place {}) on H2H: level {} among the tied players, before level {}",
                self.higher,
                self.places.0,
                self.lower,
                self.places.1,
                1 - h.numer(),
                1 - l.numer()
            ),
            Some((Criterion::Rank, h, l)) => write!(
                f,
                "{} (place {}) ahead of {} (place {}) on Rank: {} > {}",
                self.higher,
                self.places.0,
                self.lower,
                self.places.1,
                rank_text(*h),
                rank_text(*l)
            ),
            Some((c, h, l)) => write!(
                f,
                "{} (place {}) ahead of {} (place {}) on {}: {h} > {l}",
                self.higher,
                self.places.0,
                self.lower,
                self.places.1,
                c.name()
            ),
            None => write!(
                f,
                "{} and {} are tied on every criterion and share place {}",
                self.higher, self.lower, self.places.0
            ),
        }
    }
}

/// Explains the order of `a` and `b` in `standings`; `None` when either is missing.
pub fn explain(standings: &Standings, a: PlayerId, b: PlayerId) -> Option<Explanation> {
    explain_rows(&standings.criteria, &standings.rows, a, b)
}

/// Explains the order of `a` and `b` in any placed table (overall or one section) built with `criteria`.
pub fn explain_rows(
    criteria: &[Criterion],
    rows: &[Row],
    a: PlayerId,
    b: PlayerId,
) -> Option<Explanation> {
    let ra = rows.iter().position(|r| r.player == a)?;
    let rb = rows.iter().position(|r| r.player == b)?;
    let (hi, lo) = if ra <= rb {
        (&rows[ra], &rows[rb])
    } else {
        (&rows[rb], &rows[ra])
    };
    let mut equal_on = Vec::new();
    let mut separated_by = None;
    for (i, &c) in criteria.iter().enumerate() {
        match (
            hi.values.get(i).copied().flatten(),
            lo.values.get(i).copied().flatten(),
        ) {
            (Some(x), Some(y)) if x == y => equal_on.push((c, x)),
            (Some(x), Some(y)) => {
                separated_by = Some((c, x, y));
                break;
            }
            _ => break,
        }
    }
    Some(Explanation {
        higher: hi.player,
        lower: lo.player,
        places: (hi.place, lo.place),
        separated_by,
        equal_on,
    })
}
