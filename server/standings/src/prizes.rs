//! Prize lists: cash prizes by place, where the prizes of the places a group of tied players occupies are
//! summed and split equally among them (AGA tournament rules III.F.2, Mays), and the prize-giving of several
//! groups of prizes (places, sections, wins, juniors, …) where each player takes only their best prize unless
//! the prizes stack ([`give`]). Integer cents only. Knows nothing of who is eligible for what: the caller lists
//! each group's candidates.
//!
//! Remainder rule: when the pot does not divide evenly, each tied player gets the pot divided by their number,
//! rounded down, and the leftover cents (fewer than the number of tied players) go one each to the tied players
//! in standings order, i.e. by player number. The whole pot is always paid out and the result never depends on
//! anything but the standings.

use std::fmt;

use tengen_draw::model::PlayerId;

/// An amount of money in cents (or the smallest unit of the currency).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cents(pub i64);

impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
    }
}

/// How a group of prizes pays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pot {
    /// One prize per place of the group: `[0]` for its first, …; tied players split the places they share.
    Places(Vec<Cents>),
    /// The same prize for every candidate (everyone with at least some wins).
    Each(Cents),
}

impl Pot {
    /// The prize of slot `k` (a place, or the one prize of `Each`), `None` past the last.
    fn slot(&self, k: usize) -> Option<Cents> {
        match self {
            Pot::Places(amounts) => amounts.get(k).copied(),
            Pot::Each(amount) => (k == 0).then_some(*amount),
        }
    }
}

/// A player a group of prizes may go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// Who.
    pub player: PlayerId,
    /// Their standing in the group: candidates come best first and tied candidates have equal values.
    pub place: u32,
}

/// One group of prizes: the overall places, a section's places, a wins level, the juniors, ….
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeGroup {
    /// What it pays.
    pub pot: Pot,
    /// Who may take it, best first.
    pub candidates: Vec<Candidate>,
}

/// A prize given: the group (index in the groups given to [`give`]), who, and how much.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Given {
    /// Index of the group.
    pub group: usize,
    /// Who.
    pub player: PlayerId,
    /// The place whose prize it is, 1-based within the group (1 for an `Each` prize).
    pub place: u32,
    /// How many players share it (1 when alone).
    pub shared_by: u32,
    /// The amount (never zero: a share of nothing is no prize).
    pub amount: Cents,
}

/// Gives every group's prizes. When `stack`, each group is given on its own and a player may take several
/// prizes. Otherwise each player takes one prize, their best: the largest prize still to give goes first (ties
/// to the earlier group), to the best candidate who has none yet, so a prize a player cannot take passes to the
/// next candidate; tied candidates share the prizes of the places they tie for (the remainder rule above). The
/// result lists the prizes by group, then in each group's order.
pub fn give(groups: &[PrizeGroup], stack: bool) -> Vec<Given> {
    let mut given = Vec::new();
    if stack {
        for (g, group) in groups.iter().enumerate() {
            let mut next = 0;
            let mut free: &[Candidate] = &group.candidates;
            while let Some(took) = give_slot(g, group, next, free, &mut given) {
                next += took;
                free = &free[took..];
            }
        }
        return given;
    }
    // Each group's next place, and how far down its candidates it has come: those above were given this
    // group's prizes, or a share of nothing, or held another prize when their turn came.
    let mut taken: std::collections::BTreeSet<PlayerId> = std::collections::BTreeSet::new();
    let mut next = vec![0usize; groups.len()];
    let mut cursor = vec![0usize; groups.len()];
    loop {
        let mut best: Option<(Cents, usize)> = None;
        for (g, group) in groups.iter().enumerate() {
            let Some(value) = group.pot.slot(next[g]) else {
                continue;
            };
            let open = group.candidates[cursor[g]..]
                .iter()
                .any(|c| !taken.contains(&c.player));
            if open && best.is_none_or(|(v, _)| value > v) {
                best = Some((value, g));
            }
        }
        let Some((_, g)) = best else { break };
        let free: Vec<(usize, Candidate)> = groups[g].candidates[cursor[g]..]
            .iter()
            .enumerate()
            .filter(|(_, c)| !taken.contains(&c.player))
            .map(|(i, c)| (cursor[g] + i, *c))
            .collect();
        let plain: Vec<Candidate> = free.iter().map(|(_, c)| *c).collect();
        let before = given.len();
        let Some(took) = give_slot(g, &groups[g], next[g], &plain, &mut given) else {
            break;
        };
        taken.extend(given[before..].iter().map(|x| x.player));
        cursor[g] = free.get(took - 1).map_or(cursor[g], |(i, _)| i + 1);
        next[g] = match groups[g].pot {
            Pot::Places(_) => next[g] + took,
            Pot::Each(_) => usize::MAX,
        };
    }
    let order = |x: &Given| {
        let at = groups[x.group]
            .candidates
            .iter()
            .position(|c| c.player == x.player);
        (x.group, at)
    };
    given.sort_by_key(order);
    given
}

/// Gives slot `next` of `group` to the first of `free` (and those tied with them): the prizes of the places
/// they share, split. Returns how many candidates it settled, or `None` when the group has nothing left to give
/// or nobody to give it to.
fn give_slot(
    g: usize,
    group: &PrizeGroup,
    next: usize,
    free: &[Candidate],
    given: &mut Vec<Given>,
) -> Option<usize> {
    let first = free.first()?;
    group.pot.slot(next)?;
    let tied: &[Candidate] = match group.pot {
        Pot::Each(_) => free,
        Pot::Places(_) => {
            let n = free.iter().take_while(|c| c.place == first.place).count();
            &free[..n]
        }
    };
    let n = tied.len() as i64;
    let shares: Vec<i64> = match &group.pot {
        Pot::Each(amount) => vec![amount.0; tied.len()],
        Pot::Places(amounts) => {
            let pot: i64 = amounts
                .iter()
                .skip(next)
                .take(tied.len())
                .map(|c| c.0)
                .sum();
            let (base, leftover) = (pot.div_euclid(n), pot.rem_euclid(n));
            (0..n).map(|k| base + i64::from(k < leftover)).collect()
        }
    };
    let shared_by = match group.pot {
        Pot::Each(_) => 1,
        Pot::Places(_) => n as u32,
    };
    for (c, amount) in tied.iter().zip(shares) {
        if amount != 0 {
            given.push(Given {
                group: g,
                player: c.player,
                place: next as u32 + 1,
                shared_by,
                amount: Cents(amount),
            });
        }
    }
    Some(tied.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Candidates `ids` in order, each alone in their place unless listed in one inner slice.
    fn ranked(ids: &[&[u32]]) -> Vec<Candidate> {
        let mut out = Vec::new();
        for tie in ids {
            let place = out.len() as u32 + 1;
            out.extend(tie.iter().map(|&id| Candidate {
                player: PlayerId(id),
                place,
            }));
        }
        out
    }

    fn places(amounts: &[i64], ids: &[&[u32]]) -> PrizeGroup {
        PrizeGroup {
            pot: Pot::Places(amounts.iter().map(|c| Cents(*c)).collect()),
            candidates: ranked(ids),
        }
    }

    fn got(given: &[Given]) -> Vec<(usize, u32, u32, i64)> {
        given
            .iter()
            .map(|g| (g.group, g.player.0, g.place, g.amount.0))
            .collect()
    }

    #[test]
    fn a_player_takes_only_their_best_prize_and_the_other_passes_down() {
        // Overall 1..6; juniors 3 and 5. Junior 3 is third overall (20) but the junior prize is 60: they take it,
        // and the third prize passes to 4.
        let overall = places(&[100, 50, 20], &[&[1], &[2], &[3], &[4], &[5], &[6]]);
        let juniors = places(&[60], &[&[3], &[5]]);
        let given = give(&[overall.clone(), juniors.clone()], false);
        assert_eq!(
            got(&given),
            vec![(0, 1, 1, 100), (0, 2, 2, 50), (0, 4, 3, 20), (1, 3, 1, 60)]
        );
        // Stacked, junior 3 takes both.
        let given = give(&[overall, juniors], true);
        assert_eq!(
            got(&given),
            vec![(0, 1, 1, 100), (0, 2, 2, 50), (0, 3, 3, 20), (1, 3, 1, 60)]
        );
    }

    #[test]
    fn the_winner_keeps_the_larger_prize_and_the_junior_prize_goes_to_the_next_junior() {
        let overall = places(&[100, 50], &[&[1], &[2], &[3]]);
        let juniors = places(&[30, 10], &[&[1], &[3], &[2]]);
        let given = give(&[overall, juniors], false);
        // 1 keeps 100; 2 keeps 50; the juniors' first prize goes to 3, and nobody is left for the second.
        assert_eq!(
            got(&given),
            vec![(0, 1, 1, 100), (0, 2, 2, 50), (1, 3, 1, 30)]
        );
    }

    #[test]
    fn everyone_with_enough_wins_takes_the_wins_prize_unless_they_hold_a_larger_one() {
        let overall = places(&[100], &[&[1], &[2], &[3], &[4]]);
        let four_wins = PrizeGroup {
            pot: Pot::Each(Cents(15)),
            candidates: ranked(&[&[1], &[2], &[3]]),
        };
        let given = give(&[overall, four_wins], false);
        assert_eq!(
            got(&given),
            vec![(0, 1, 1, 100), (1, 2, 1, 15), (1, 3, 1, 15)]
        );
    }

    #[test]
    fn tied_players_split_the_places_they_share_when_one_prize_each() {
        let overall = places(&[100, 50, 21], &[&[1, 2], &[3, 4, 5]]);
        let given = give(&[overall], false);
        assert_eq!(
            got(&given),
            vec![
                (0, 1, 1, 75),
                (0, 2, 1, 75),
                (0, 3, 3, 7),
                (0, 4, 3, 7),
                (0, 5, 3, 7)
            ]
        );
        assert!(given.iter().skip(2).all(|g| g.shared_by == 3));
    }

    #[test]
    fn one_group_splits_tied_places_alike_stacked_or_not() {
        // The figures of the six-round prize test.
        let ids: &[&[u32]] = &[&[8], &[5], &[11], &[6, 9, 10], &[12]];
        let group = places(&[10_000, 5_000, 2_000, 1_000, 1_000, 1], ids);
        let expected = vec![
            (8, 10_000),
            (5, 5_000),
            (11, 2_000),
            (6, 667),
            (9, 667),
            (10, 667),
        ];
        for stack in [false, true] {
            let given = give(std::slice::from_ref(&group), stack);
            let got: Vec<(u32, i64)> = given.iter().map(|g| (g.player.0, g.amount.0)).collect();
            assert_eq!(got, expected);
        }
        // Places without money are no prize, and the places after them still pay.
        let group = places(&[0, 0, 0, 1_000, 1_000], ids);
        for stack in [false, true] {
            let amounts: Vec<i64> = give(std::slice::from_ref(&group), stack)
                .iter()
                .map(|g| g.amount.0)
                .collect();
            assert_eq!(amounts, vec![667, 667, 666]);
        }
    }
}
