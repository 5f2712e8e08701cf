//! Warnings a director must look at before publishing: same club / city / family, forced repeats, players paired
//! outside their score group, colour imbalance of 2 or more, handicap games in the top group.

use crate::model::{Game, HalfPoints, PlayerId, Warning};

use super::context::Field;

/// Same text attribute (case-insensitive, both known).
fn same(x: &str, y: &str) -> bool {
    !x.trim().is_empty() && x.trim().eq_ignore_ascii_case(y.trim())
}

/// The warnings of a round's games (in table order). `top` is the highest main score among the players paired.
pub(crate) fn collect(field: &Field, games: &[Game], top: Option<i32>) -> Vec<Warning> {
    let mut out = Vec::new();
    for g in games {
        pair_warnings(field, g.white, g.black, &mut out);
        if g.handicap == 0 {
            for (id, delta) in [(g.white, 1), (g.black, -1)] {
                let balance = field.balance(id) + delta;
                if balance.abs() >= 2 {
                    out.push(Warning::ColourImbalance {
                        player: id,
                        balance,
                    });
                }
            }
        } else if top.is_some_and(|t| field.main(g.white).max(field.main(g.black)) >= t) {
            out.push(Warning::HandicapInTopGroup { table: g.table });
        }
    }
    out
}

/// Warnings about the pair itself.
fn pair_warnings(field: &Field, a: PlayerId, b: PlayerId, out: &mut Vec<Warning>) {
    if let (Some(pa), Some(pb)) = (field.player(a), field.player(b)) {
        if same(&pa.club, &pb.club) {
            out.push(Warning::SameClub(a, b));
        }
        if same(&pa.city, &pb.city) {
            out.push(Warning::SameCity(a, b));
        }
    }
    if field.relatives(a, b) {
        out.push(Warning::SameFamily(a, b));
    }
    if field.have_met(a, b) {
        out.push(Warning::RepeatedGame(a, b));
    }
    let (ma, mb) = (field.main(a), field.main(b));
    if ma != mb {
        out.push(Warning::PairedUpDown {
            player: a,
            from: HalfPoints(ma),
            to: HalfPoints(mb),
        });
        out.push(Warning::PairedUpDown {
            player: b,
            from: HalfPoints(mb),
            to: HalfPoints(ma),
        });
    }
}
