//! What the pipeline knows before pairing: the validated snapshot, every player's scores, who is busy this round,
//! and the "seats" (players to pair) with their score group, position in the group and seeding target.

use std::collections::{BTreeMap, BTreeSet};

use crate::egf::Costs;
use crate::model::{DrawError, Player, PlayerId, RoundNo, Seeding, Settings, Snapshot};
use crate::score::{scores_before, PlayerScores};

use super::rng::SplitMix64;

/// The snapshot, checked for consistency, with everything derived from it once.
pub(crate) struct Field<'a> {
    /// The input snapshot.
    pub snapshot: &'a Snapshot,
    /// The director's settings.
    pub settings: &'a Settings,
    /// The seed of this draw.
    pub seed: u64,
    /// The round being drawn.
    pub round: RoundNo,
    /// Players by id.
    pub players: BTreeMap<PlayerId, &'a Player>,
    /// Scores before the round, by id.
    pub scores: BTreeMap<PlayerId, PlayerScores>,
    /// Every pair that met in any game of the snapshot (smaller id first).
    pub met: BTreeSet<(PlayerId, PlayerId)>,
    /// Players already in a game of this round.
    pub in_game: BTreeSet<PlayerId>,
    /// The bye already given in this round, if any.
    pub bye_given: Option<PlayerId>,
    /// The director's never-pair list as id pairs (smaller id first); numbers nobody has are dropped.
    pub never: BTreeSet<(PlayerId, PlayerId)>,
}

/// An unordered pair, smaller id first.
pub(crate) fn pair_key(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl<'a> Field<'a> {
    /// Validates the snapshot and derives scores. Refuses unknown or duplicate ids, self-games, players in two
    /// games of one round, a player given the same bye twice, and games or byes of rounds not yet drawn; two byes
    /// in a round, or a game and the bye for one player, are refused only in the round being drawn (earlier rounds
    /// are history as it happened: the game counts, and each bye player is credited the bye).
    pub(crate) fn new(
        snapshot: &'a Snapshot,
        settings: &'a Settings,
        seed: u64,
    ) -> Result<Field<'a>, DrawError> {
        let bad = |s: String| Err(DrawError::InconsistentSnapshot(s));
        if snapshot.round == 0 {
            return bad("round 0 does not exist; rounds start at 1".into());
        }
        let round = snapshot.round_no();
        let mut players = BTreeMap::new();
        for p in &snapshot.players {
            if players.insert(p.id, p).is_some() {
                return bad(format!("player {} is registered twice", p.id));
            }
        }
        let seated = Seated::read(snapshot, &players, round)?;
        let mut busy = seated.busy;
        let bye_given = read_byes(snapshot, &players, round, &mut busy)?;
        let never = never_pairs(snapshot, settings);
        Ok(Field {
            snapshot,
            settings,
            seed,
            round,
            players,
            scores: scores_before(snapshot, settings, round),
            met: seated.met,
            in_game: seated.in_game,
            bye_given,
            never,
        })
    }

    /// Are these two on the director's never-pair list?
    pub(crate) fn never_pair(&self, a: PlayerId, b: PlayerId) -> bool {
        !self.never.is_empty() && self.never.contains(&pair_key(a, b))
    }

    /// The player with this id (validated to exist for every id the field hands out).
    pub(crate) fn player(&self, id: PlayerId) -> Option<&'a Player> {
        self.players.get(&id).copied()
    }

    /// The scores of a player (zero for an unknown id).
    pub(crate) fn score(&self, id: PlayerId) -> PlayerScores {
        self.scores.get(&id).cloned().unwrap_or_default()
    }

    /// Main score (MMS in McMahon, wins in Swiss) in half points.
    pub(crate) fn main(&self, id: PlayerId) -> i32 {
        self.scores.get(&id).map_or(0, |s| s.mms.0)
    }

    /// McMahon score proper in half points (used by MMS-based handicaps).
    pub(crate) fn mcmahon(&self, id: PlayerId) -> i32 {
        self.scores.get(&id).map_or(0, |s| s.mcmahon.0)
    }

    /// White − black over past even games.
    pub(crate) fn balance(&self, id: PlayerId) -> i32 {
        self.scores.get(&id).map_or(0, |s| s.colour_balance)
    }

    /// Have these two met in any game of the snapshot?
    pub(crate) fn have_met(&self, a: PlayerId, b: PlayerId) -> bool {
        self.met.contains(&pair_key(a, b))
    }

    /// Are these two relatives?
    pub(crate) fn relatives(&self, a: PlayerId, b: PlayerId) -> bool {
        match (self.player(a), self.player(b)) {
            (Some(x), Some(y)) => x.family.is_some() && x.family == y.family,
            _ => false,
        }
    }

    /// Ordering key of a player by strength: player number, then id.
    pub(crate) fn number_key(&self, id: PlayerId) -> (u32, PlayerId) {
        (self.player(id).map_or(u32::MAX, |p| p.number), id)
    }

    /// Does `id` already have a game, the bye or a round through without a game in this round (a round drawn
    /// again after part of it)?
    pub(crate) fn seated(&self, id: PlayerId) -> bool {
        self.in_game.contains(&id)
            || self
                .snapshot
                .byes
                .iter()
                .any(|b| b.round == self.round && b.player == id)
    }

    /// Players who play this round and are neither in a game nor the bye of this round, by player number.
    pub(crate) fn pairable(&self) -> Vec<PlayerId> {
        let mut out: Vec<PlayerId> = self
            .snapshot
            .players
            .iter()
            .filter(|p| {
                p.plays(self.round) && !self.in_game.contains(&p.id) && self.bye_given != Some(p.id)
            })
            .map(|p| p.id)
            .collect();
        out.sort_by_key(|id| self.number_key(*id));
        out
    }
}

/// The never-pair list of `settings` as id pairs: player numbers are looked up in the snapshot (a number nobody
/// has, or two players sharing one, matches nobody).
fn never_pairs(snapshot: &Snapshot, settings: &Settings) -> BTreeSet<(PlayerId, PlayerId)> {
    if settings.never_pair.is_empty() {
        return BTreeSet::new();
    }
    let mut by_number: BTreeMap<u32, Option<PlayerId>> = BTreeMap::new();
    for p in &snapshot.players {
        by_number
            .entry(p.number)
            .and_modify(|slot| *slot = None)
            .or_insert(Some(p.id));
    }
    let id = |n: u32| by_number.get(&n).copied().flatten();
    settings
        .never_pair
        .iter()
        .filter_map(|&(x, y)| Some(pair_key(id(x)?, id(y)?)))
        .filter(|(a, b)| a != b)
        .collect()
}

/// One player to pair, with everything the weights need, looked up once.
#[derive(Debug, Clone)]
pub(crate) struct Seat {
    /// Register id.
    pub id: PlayerId,
    /// Main score in half points.
    pub main: i32,
    /// Index of the score group, 0 = the highest.
    pub group: usize,
    /// Position inside the group (0 = strongest: by player number, or OpenGotha's inner placement for `egf`).
    pub pos: usize,
    /// Size of the group.
    pub group_size: usize,
    /// The position in the group the seeding system would pair this player with.
    pub target: usize,
    /// Past opponents, sorted.
    pub opponents: Vec<PlayerId>,
    /// Rank.
    pub rank: i32,
    /// Pseudo-rank for the handicap (rank, or MMS as a rank), before capping.
    pub pseudo_rank: i32,
    /// Started at or above the bar under the "even game at the bar" rule (no handicap in any of its games).
    pub at_bar: bool,
    /// White − black over past even games.
    pub balance: i32,
    /// Games against a higher group so far.
    pub draw_ups: u32,
    /// Games against a lower group so far.
    pub draw_downs: u32,
    /// Family tag, interned (None = no tag).
    pub family: Option<u32>,
    /// Club, city, country, interned case-insensitively (None = unknown).
    pub geo: [Option<u32>; 3],
}

impl Seat {
    /// Have these two met before?
    pub(crate) fn met(&self, other: &Seat) -> bool {
        self.opponents.binary_search(&other.id).is_ok()
    }

    /// Are these two relatives?
    pub(crate) fn relative_of(&self, other: &Seat) -> bool {
        self.family.is_some() && self.family == other.family
    }
}

/// The players to pair, in player-number order, with their score groups and seeding targets.
pub(crate) struct Seats {
    /// One per player to pair; the matcher's vertex `i` is `seats[i]`.
    pub seats: Vec<Seat>,
    /// Members of each group (seat indices, by position), highest group first.
    pub groups: Vec<Vec<usize>>,
    /// Lowest and highest main score (half points) of each group.
    pub group_mains: Vec<(i32, i32)>,
}

/// Interns strings (trimmed; empty = None), case-insensitively unless `exact`.
#[derive(Default)]
struct Interner(BTreeMap<String, u32>, bool);

impl Interner {
    fn get(&mut self, text: &str) -> Option<u32> {
        let key = if self.1 {
            text.to_string()
        } else {
            text.trim().to_lowercase()
        };
        if key.is_empty() {
            return None;
        }
        let next = self.0.len() as u32;
        Some(*self.0.entry(key).or_insert(next))
    }
}

impl Seats {
    /// Seats for `ids` (already in player-number order). Groups are the exact main scores in player-number
    /// order, or, with OpenGotha's costs, its whole-point groups in its inner-placement order.
    pub(crate) fn new(
        field: &Field,
        ids: &[PlayerId],
        seeding: Seeding,
        egf: Option<&Costs>,
    ) -> Seats {
        let key = |id: PlayerId| -> (i32, u32) {
            match egf.and_then(|c| c.info(id)) {
                Some(info) => (info.group, info.inner_placement),
                None => (field.main(id), 0),
            }
        };
        let mut order: Vec<(i32, u32, usize)> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| {
                let (g, place) = key(*id);
                (g, place, i)
            })
            .collect();
        order.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut last = None;
        let mut interner = Interner::default();
        let mut families = Interner(BTreeMap::new(), true);
        let mut seats: Vec<Option<Seat>> = vec![None; ids.len()];
        for (g, _, i) in order {
            if last != Some(g) {
                groups.push(Vec::new());
                last = Some(g);
            }
            let group = groups.len() - 1;
            let id = ids[i];
            let sc = field.scores.get(&id);
            let p = field.player(id);
            let mut opponents = sc.map(|s| s.opponents.clone()).unwrap_or_default();
            opponents.sort_unstable();
            opponents.dedup();
            let text = |f: fn(&Player) -> &str| p.map(f).unwrap_or("");
            seats[i] = Some(Seat {
                id,
                main: field.main(id),
                group,
                pos: groups[group].len(),
                group_size: 0,
                target: 0,
                opponents,
                rank: p.map_or(0, |p| p.rank.0),
                pseudo_rank: super::colour::pseudo_rank(field, id),
                at_bar: super::colour::starts_at_bar(field, id),
                balance: field.balance(id),
                draw_ups: sc.map_or(0, |s| s.draw_ups),
                draw_downs: sc.map_or(0, |s| s.draw_downs),
                family: p
                    .and_then(|p| p.family.as_deref())
                    .and_then(|f| families.get(f)),
                geo: [
                    interner.get(text(|p| &p.club)),
                    interner.get(text(|p| &p.city)),
                    interner.get(text(|p| &p.country)),
                ],
            });
            groups[group].push(i);
        }
        let seats: Vec<Seat> = seats
            .into_iter()
            .map(|s| s.expect("every index is placed once"))
            .collect();
        let mut rng = SplitMix64::new(field.seed ^ u64::from(field.round.0).rotate_left(32));
        let mut seats = seats;
        let mut group_mains = Vec::with_capacity(groups.len());
        for members in &groups {
            let targets = seeding_targets(members.len(), seeding, &mut rng);
            for (pos, &i) in members.iter().enumerate() {
                seats[i].group_size = members.len();
                seats[i].target = targets[pos];
            }
            let mains = members.iter().map(|&i| seats[i].main);
            let lo = mains.clone().min().unwrap_or(0);
            group_mains.push((lo, mains.max().unwrap_or(0)));
        }
        Seats {
            seats,
            groups,
            group_mains,
        }
    }

    /// Number of seats.
    pub(crate) fn len(&self) -> usize {
        self.seats.len()
    }

    /// The smallest main-score gap (half points) between a player of group `a` and one of group `b`.
    pub(crate) fn min_gap(&self, a: usize, b: usize) -> i64 {
        let ((alo, ahi), (blo, bhi)) = (self.group_mains[a], self.group_mains[b]);
        i64::from((alo - bhi).max(blo - ahi).max(0))
    }
}

/// For a group of `size` players, the position each position is ideally paired with. An odd group's last player
/// (the one expected to float) targets itself.
pub(crate) fn seeding_targets(size: usize, seeding: Seeding, rng: &mut SplitMix64) -> Vec<usize> {
    let even = size - size % 2;
    let half = even / 2;
    let mut target: Vec<usize> = (0..size).collect();
    let link = |a: usize, b: usize, target: &mut Vec<usize>| {
        target[a] = b;
        target[b] = a;
    };
    match seeding {
        Seeding::SplitAndFold => (0..half).for_each(|p| link(p, even - 1 - p, &mut target)),
        Seeding::SplitAndSlip => (0..half).for_each(|p| link(p, p + half, &mut target)),
        Seeding::Adjacent => (0..half).for_each(|k| link(2 * k, 2 * k + 1, &mut target)),
        Seeding::SplitAndRandom => {
            let mut bottom: Vec<usize> = (half..even).collect();
            rng.shuffle(&mut bottom);
            for (p, b) in bottom.into_iter().enumerate() {
                link(p, b, &mut target);
            }
        }
    }
    target
}

/// Who sat at a game in which round, as the snapshot's games record them, checked: every player known, at most
/// one game a round, no game against themself, none in a round not yet drawn.
struct Seated {
    /// Each (round, player) with a game.
    busy: BTreeSet<(RoundNo, PlayerId)>,
    /// Every pair that has met.
    met: BTreeSet<(PlayerId, PlayerId)>,
    /// The players already at a game of the round being drawn.
    in_game: BTreeSet<PlayerId>,
}

impl Seated {
    fn read(
        snapshot: &Snapshot,
        players: &BTreeMap<PlayerId, &Player>,
        round: RoundNo,
    ) -> Result<Seated, DrawError> {
        let bad = |s: String| Err(DrawError::InconsistentSnapshot(s));
        let mut busy: BTreeSet<(RoundNo, PlayerId)> = BTreeSet::new();
        let mut met = BTreeSet::new();
        let mut in_game = BTreeSet::new();
        for g in &snapshot.games {
            for id in [g.white, g.black] {
                if !players.contains_key(&id) {
                    return bad(format!(
                        "a game of {} names the unknown player {id}",
                        g.round
                    ));
                }
                if !busy.insert((g.round, id)) {
                    return bad(format!("player {id} has two games in {}", g.round));
                }
            }
            if g.white == g.black {
                return bad(format!("player {} plays themself in {}", g.white, g.round));
            }
            if g.round.0 == 0 || g.round > round {
                return bad(format!(
                    "a game of {} is recorded before {round} is drawn",
                    g.round
                ));
            }
            met.insert(pair_key(g.white, g.black));
            if g.round == round {
                in_game.insert(g.white);
                in_game.insert(g.black);
            }
        }
        Ok(Seated { busy, met, in_game })
    }
}

/// Checks the snapshot's byes (every player known, none in a round not yet drawn; in the round being drawn, one
/// bye and not beside a game) and marks their rounds busy; returns who already has this round's bye.
fn read_byes(
    snapshot: &Snapshot,
    players: &BTreeMap<PlayerId, &Player>,
    round: RoundNo,
    busy: &mut BTreeSet<(RoundNo, PlayerId)>,
) -> Result<Option<PlayerId>, DrawError> {
    let bad = |s: String| Err(DrawError::InconsistentSnapshot(s));
    let mut bye_rounds = BTreeSet::new();
    let mut bye_given = None;
    for b in &snapshot.byes {
        if !players.contains_key(&b.player) {
            return bad(format!(
                "the bye of {} names the unknown player {}",
                b.round, b.player
            ));
        }
        if b.round.0 == 0 || b.round > round {
            return bad(format!(
                "a bye of {} is recorded before {round} is drawn",
                b.round
            ));
        }
        // Past rounds are history as it happened (a real file may hold two byes in a round, or a game
        // added by hand next to the bye); the rules are enforced for the round being drawn only.
        if !bye_rounds.insert(b.round) && b.round == round {
            return bad(format!("{} has two byes", b.round));
        }
        if !busy.insert((b.round, b.player)) {
            if b.round == round {
                return bad(format!(
                    "player {} has a game and the bye in {}",
                    b.player, b.round
                ));
            }
            if snapshot
                .byes
                .iter()
                .filter(|o| o.round == b.round && o.player == b.player)
                .count()
                > 1
            {
                return bad(format!(
                    "player {} has the bye twice in {}",
                    b.player, b.round
                ));
            }
        }
        if b.round == round {
            bye_given = Some(b.player);
        }
    }
    Ok(bye_given)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeding_targets_follow_each_system() {
        let mut rng = SplitMix64::new(0);
        assert_eq!(
            seeding_targets(6, Seeding::SplitAndFold, &mut rng),
            vec![5, 4, 3, 2, 1, 0]
        );
        assert_eq!(
            seeding_targets(6, Seeding::SplitAndSlip, &mut rng),
            vec![3, 4, 5, 0, 1, 2]
        );
        assert_eq!(
            seeding_targets(5, Seeding::Adjacent, &mut rng),
            vec![1, 0, 3, 2, 4]
        );
        let r = seeding_targets(8, Seeding::SplitAndRandom, &mut rng);
        for p in 0..4 {
            assert!(r[p] >= 4 && r[r[p]] == p);
        }
    }
}
