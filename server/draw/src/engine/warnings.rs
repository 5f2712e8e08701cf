//! Warnings a director must look at before publishing: same club / city / family, forced repeats, players paired
//! outside their score group, colour imbalance of 2 or more, handicap games in the top group, a pair from the
//! never-pair list (forced by hand).
//!
//! Floats: a player paired outside their score group is named only when someone of their own group was still
//! free to play them (paired this round, never met, not related, not kept apart): that float was the engine's
//! choice. The others had nobody left in their group, as happens all the time in a sparse field (one player per
//! MMS group); they are counted in one [`Warning::UnavoidableFloats`] line instead of drowning the rest.

use std::collections::BTreeMap;

use crate::model::{Game, HalfPoints, PlayerId, Warning};

use super::context::Field;

/// Same text attribute (case-insensitive, both known).
fn same(x: &str, y: &str) -> bool {
    !x.trim().is_empty() && x.trim().eq_ignore_ascii_case(y.trim())
}

/// The warnings of a round's games (in table order). `top` is the highest main score among the players paired.
pub(crate) fn collect(field: &Field, games: &[Game], top: Option<i32>) -> Vec<Warning> {
    let groups = score_groups(field, games);
    let mut unavoidable = 0u32;
    let mut out = Vec::new();
    for g in games {
        pair_warnings(field, g.white, g.black, &mut out);
        for (me, other) in [(g.white, g.black), (g.black, g.white)] {
            let (mine, theirs) = (field.main(me), field.main(other));
            if mine == theirs {
                continue;
            }
            if had_alternative(field, &groups, me) {
                out.push(Warning::PairedUpDown {
                    player: me,
                    from: HalfPoints(mine),
                    to: HalfPoints(theirs),
                });
            } else {
                unavoidable += 1;
            }
        }
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
    if unavoidable > 0 {
        out.push(Warning::UnavoidableFloats {
            players: unavoidable,
        });
    }
    out
}

/// The players of these games by main score.
fn score_groups(field: &Field, games: &[Game]) -> BTreeMap<i32, Vec<PlayerId>> {
    let mut groups: BTreeMap<i32, Vec<PlayerId>> = BTreeMap::new();
    for g in games {
        for id in [g.white, g.black] {
            groups.entry(field.main(id)).or_default().push(id);
        }
    }
    groups
}

/// Could `me` have been paired inside their own score group this round (with a player of these games they never
/// met, are not related to and are not kept apart from)?
fn had_alternative(field: &Field, groups: &BTreeMap<i32, Vec<PlayerId>>, me: PlayerId) -> bool {
    groups.get(&field.main(me)).is_some_and(|members| {
        members.iter().any(|&other| {
            other != me
                && !field.have_met(me, other)
                && !field.relatives(me, other)
                && !field.never_pair(me, other)
        })
    })
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
    if field.never_pair(a, b) {
        out.push(Warning::NeverPairMet(a, b));
    }
}
