//! OpenGotha 3.52's pair cost (`Tournament.costValue`), term for term, in integers.
//!
//! [`Costs::new`] computes OpenGotha's per-player pairing information once per round (score groups, group sizes,
//! inner placement, draw-up/down counts, secondary-criteria thresholds); [`Costs::pair`] then gives one pair's
//! [`Ledger`], whose total is OpenGotha's `totalCost`. The rules below were checked against OpenGotha's own cost
//! dumps in `shared/data/opengotha/weights` (every term of every pair of every round):
//!
//! - score groups are the floored main scores; the number of groups R is `bar − floor + 4 + (round − 1)` in
//!   McMahon (range `[floor − 1, bar + 2 + round − 1]`) and `round` in Swiss;
//! - groups and inner placements are computed over every player taking part in the round (the bye player
//!   included), sorted by the placement criteria before the round, then by rating while the additional
//!   criterion of the seed system is "Rating", then by name and first name;
//! - the pair's "player 1" (which orients the deterministic random terms) is the first in OpenGotha's list
//!   order: placement criteria, then name and first name (the dumps list every pair in that order);
//! - concave terms are `(long)(W · (1 − x) · (1 + k·x))` evaluated in Java doubles (see [`super::jdouble`]);
//! - seeding is `W − W·x/S·x/S` in `long` arithmetic (S = s for slip, s − 1 for fold), left to right;
//! - DUDD has no gap limit (3.52): the scenario starts at 2, loses 1 if the upper player was already drawn down
//!   and 1 if the lower player was already drawn up; if still non-zero and compensation is on, it gains 1 if the
//!   upper player was drawn up more often than down and 1 if the lower player was drawn down more often than up;
//! - geography follows 3.52: maximal when both players are above the secondary thresholds, halfway (integer
//!   mean) when one is.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::jdouble::JDouble;
use super::params::{DuddMode, PlacementCrit, SeedSystem};
use crate::model::{Criterion, HalfPoints, Ledger, Player, PlayerId, Settings, Snapshot, System};
use crate::score::{scores_before, PlayerScores, RoundStatus};

/// OpenGotha's pairing information about one player before the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerInfo {
    /// Main score before the round (MMS, or NBW in Swiss), half points.
    pub main: HalfPoints,
    /// Score group: the main score floored to whole points (higher is better).
    pub group: i32,
    /// Number of players in the group.
    pub group_size: u32,
    /// 0-based place inside the group (0 = best).
    pub inner_placement: u32,
    /// Games against a higher group so far.
    pub draw_ups: u32,
    /// Games against a lower group so far.
    pub draw_downs: u32,
    /// White − Black over past even games.
    pub colour_balance: i32,
    /// True when the player escapes the secondary criteria (NBW, MMS or bar threshold).
    pub above_thresholds: bool,
    /// McMahon score in whole points (handicap pseudo-rank source).
    pub mms_points: i32,
    /// Number of wins, half points.
    pub nbw: HalfPoints,
    /// Position in OpenGotha's list of pairable players (placement criteria, then name and first name): the
    /// first player of a pair in this order is "player 1" of OpenGotha's cost (it orients the random terms).
    pub list_order: u32,
}

/// The cost function of one round: per-player information plus everything a pair cost needs.
#[derive(Debug, Clone)]
pub struct Costs {
    settings: Settings,
    round: u32,
    range: i64,
    /// One entry per player taking part, sorted by id.
    entries: Vec<Entry>,
    /// Player id → index in `entries`.
    index: BTreeMap<PlayerId, usize>,
    tables: Tables,
}

/// Everything a pair cost reads about one player.
#[derive(Debug, Clone)]
struct Entry {
    info: PlayerInfo,
    player: Player,
    /// Normalised country and club, interned (equal texts, equal numbers: a pair compares two integers).
    country: u32,
    club: u32,
    /// Indices of the club groups containing the club.
    club_groups: Vec<usize>,
    /// Normalised city, interned; [`NO_TEXT`] when empty (read only with
    /// [`crate::egf::Params::cities_as_club_groups`]).
    city: u32,
    /// Opponents of earlier rounds, sorted.
    opponents: Vec<PlayerId>,
    /// Name key for the deterministic random terms.
    name: NameKey,
}

/// Term values that depend on a few small integers only, computed once per round with Java doubles.
#[derive(Debug, Clone, Default)]
struct Tables {
    /// Score-difference term by group gap.
    score_diff: Vec<i64>,
    /// Handicap term by pseudo-score gap.
    handicap: Vec<i64>,
    /// Nominal geography term by [countries differ][club relation: 0 same, 1 same club group, 2 different].
    geo_nominal: [[i64; 3]; 2],
    /// Category term: 0 with a single category (OpenGotha's `numberOfCategories > 1` guard), otherwise
    /// `C(W, 0)` = W, every player being in the same category (Tengen has no per-player categories).
    category: i64,
    /// Range of the split-and-random seeding's random part: `(long)(W · 0.2)`.
    seed_random_range: i64,
}

/// `(long)(w · (1 − x) · (1 + k·x))` in Java doubles.
fn concave(w: i64, x: JDouble, k: JDouble) -> i64 {
    let one = JDouble::from_i64(1);
    (JDouble::from_i64(w) * (one - x) * (one + k * x)).to_i64()
}

/// Java's `long` division (truncates toward zero); a zero divisor gives 0.
fn jdiv(a: i64, b: i64) -> i64 {
    if b == 0 {
        0
    } else {
        a / b
    }
}

/// OpenGotha's deterministic random number in `0..=max` for a pair of players given as (name, first name).
///
/// The characters (UTF-16 units) of name+first name of both players, the alphabetically smaller first, are
/// summed weighted by their 1-based position; the sum times 1234567 modulo `max + 1` is the result, mirrored
/// (`max − r`) when the players were given in the other order.
pub fn det_random(max: i64, p1: (&str, &str), p2: (&str, &str)) -> i64 {
    det_random_keys(max, &NameKey::new(p1.0, p1.1), &NameKey::new(p2.0, p2.1))
}

/// A player's name+first name as UTF-16 units with the sums `det_random` needs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct NameKey {
    units: Vec<u16>,
    /// Σ cᵢ·(i+1).
    weighted: i128,
    /// Σ cᵢ.
    sum: i128,
}

impl NameKey {
    fn new(name: &str, first_name: &str) -> NameKey {
        let units: Vec<u16> = name
            .encode_utf16()
            .chain(first_name.encode_utf16())
            .collect();
        let weighted = units
            .iter()
            .enumerate()
            .map(|(i, c)| i128::from(*c) * (i as i128 + 1))
            .sum();
        let sum = units.iter().map(|c| i128::from(*c)).sum();
        NameKey {
            units,
            weighted,
            sum,
        }
    }
}

/// [`det_random`] on precomputed keys: the weighted sum of the concatenation `first + second` is
/// `W(first) + W(second) + len(first)·Σ(second)`.
fn det_random_keys(max: i64, k1: &NameKey, k2: &NameKey) -> i64 {
    if max <= 0 {
        return 0;
    }
    let (first, second, inverse) = if k1.units <= k2.units {
        (k1, k2, false)
    } else {
        (k2, k1, true)
    };
    let total = first.weighted + second.weighted + first.units.len() as i128 * second.sum;
    let r = (total * 1_234_567).rem_euclid(i128::from(max) + 1) as i64;
    if inverse {
        max - r
    } else {
        r
    }
}

/// How OpenGotha orders players inside a group: placement criteria (negated: best first), rating when it
/// breaks ties, name; `group` is carried along.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct SortKey {
    criteria: Vec<i64>,
    rating: Option<i64>,
    name: (String, String),
    id: PlayerId,
    group: i32,
}

/// The name tie-break of OpenGotha's sorts: upper-case name, then upper-case first name.
fn name_key(p: &Player) -> (String, String) {
    (p.family_name.to_uppercase(), p.given_name.to_uppercase())
}

/// SOS-like placement values from the scores (half points, OpenGotha's ×2 scale).
struct Placement<'a> {
    scores: &'a BTreeMap<PlayerId, PlayerScores>,
    starting: BTreeMap<PlayerId, HalfPoints>,
}

impl Placement<'_> {
    fn score(&self, id: PlayerId, mcmahon: bool) -> i64 {
        self.scores.get(&id).map_or(0, |s| {
            i64::from(if mcmahon { s.mcmahon.0 } else { s.nbw.0 })
        })
    }

    /// SOSM (`mcmahon`) or SOSW: opponents' scores (SOSM ± 2·handicap), own starting MMS (SOSM) or 0 (SOSW) for
    /// rounds without a game.
    fn sos(&self, id: PlayerId, mcmahon: bool) -> i64 {
        let Some(s) = self.scores.get(&id) else {
            return 0;
        };
        s.history
            .iter()
            .map(|rec| match rec.status {
                RoundStatus::Game {
                    opponent,
                    white,
                    handicap,
                    ..
                } => {
                    let hd = if mcmahon { 2 * i64::from(handicap) } else { 0 };
                    self.score(opponent, mcmahon) + if white { hd } else { -hd }
                }
                _ => self.unplayed(id, mcmahon),
            })
            .sum()
    }

    /// SOSOSM or SOSOSW: opponents' SOS; rounds without a game add own starting MMS × rounds played (M) or 0 (W).
    fn sosos(&self, id: PlayerId, mcmahon: bool) -> i64 {
        let Some(s) = self.scores.get(&id) else {
            return 0;
        };
        let rounds = s.history.len() as i64;
        s.history
            .iter()
            .map(|rec| match rec.status {
                RoundStatus::Game { opponent, .. } => self.sos(opponent, mcmahon),
                _ => self.unplayed(id, mcmahon) * rounds,
            })
            .sum()
    }

    fn unplayed(&self, id: PlayerId, mcmahon: bool) -> i64 {
        if mcmahon {
            self.starting.get(&id).map_or(0, |h| i64::from(h.0))
        } else {
            0
        }
    }

    fn value(&self, crit: PlacementCrit, p: &Player) -> i64 {
        match crit {
            PlacementCrit::Mms => self.score(p.id, true),
            PlacementCrit::Nbw => self.score(p.id, false),
            PlacementCrit::Sosm => self.sos(p.id, true),
            PlacementCrit::Sosw => self.sos(p.id, false),
            PlacementCrit::Sososm => self.sosos(p.id, true),
            PlacementCrit::Sososw => self.sosos(p.id, false),
            PlacementCrit::Rating => i64::from(p.rating.unwrap_or(0)),
            PlacementCrit::Rank => i64::from(p.rank.0),
        }
    }
}

impl Costs {
    /// Computes the pairing information for drawing `snapshot.round` among `pairable`.
    ///
    /// Groups and inner placements cover every player taking part in the round (`Player::plays`) plus the
    /// pairable ones, as OpenGotha computes them before removing the bye player.
    pub fn new(snapshot: &Snapshot, settings: &Settings, pairable: &[PlayerId]) -> Costs {
        let round = snapshot.round.max(1);
        let scores = scores_before(snapshot, settings, snapshot.round_no());
        let players: BTreeMap<PlayerId, Player> =
            snapshot.players.iter().map(|p| (p.id, p.clone())).collect();
        let pairable: BTreeSet<PlayerId> = pairable.iter().copied().collect();
        let participants: Vec<&Player> = snapshot
            .players
            .iter()
            .filter(|p| p.plays(snapshot.round_no()) || pairable.contains(&p.id))
            .collect();
        let keys = sort_keys(&participants, &scores, &players, settings, round);
        let info = player_infos(keys, &scores, &players, settings, snapshot);
        let entries = entries(info, &players, snapshot, settings);
        let index = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.player.id, i))
            .collect();
        let mut costs = Costs {
            settings: settings.clone(),
            round,
            range: score_range(settings, round),
            entries,
            index,
            tables: Tables::default(),
        };
        costs.tables = costs.build_tables();
        costs
    }

    fn build_tables(&self) -> Tables {
        let p = &self.settings.egf;
        let k = self.k();
        let range = self.range_d();
        let groups = self.entries.iter().map(|e| i64::from(e.info.group));
        let (lo, hi) = (groups.clone().min().unwrap_or(0), groups.max().unwrap_or(0));
        let score_diff = (0..=hi - lo)
            .map(|gap| {
                concave(
                    p.minimize_score_difference,
                    JDouble::from_i64(gap) / range,
                    k,
                )
            })
            .collect();
        let top = self.max_main_points().max(hi);
        let handicap = (0..=top - lo.min(top))
            .map(|gap| concave(p.se_minimize_handicap, JDouble::from_i64(gap) / range, k))
            .collect();
        let mut geo_nominal = [[0; 3]; 2];
        for (country, row) in geo_nominal.iter_mut().enumerate() {
            for (club, cell) in row.iter_mut().enumerate() {
                *cell = self.geo_nominal(country == 1, club);
            }
        }
        let seed_random_range = (JDouble::from_i64(p.maximize_seeding)
            * (JDouble::from_i64(2) / JDouble::from_i64(10)))
        .to_i64();
        Tables {
            score_diff,
            handicap,
            geo_nominal,
            category: if p.number_of_categories > 1 {
                concave(p.avoid_mixing_categories, JDouble::ZERO, k)
            } else {
                0
            },
            seed_random_range,
        }
    }

    /// The pairing information of a player (None if not taking part in the round).
    pub fn info(&self, id: PlayerId) -> Option<&PlayerInfo> {
        self.entry(id).map(|e| &e.info)
    }

    /// The number of score groups R used by the concave terms.
    pub fn score_range(&self) -> i64 {
        self.range
    }

    fn entry(&self, id: PlayerId) -> Option<&Entry> {
        match self.entries.get(id.0 as usize) {
            Some(e) if e.player.id == id => Some(e),
            _ => self.index.get(&id).map(|i| &self.entries[*i]),
        }
    }

    /// The potential handicap between two players (OpenGotha's `gameBetween` rule); 0 if either is unknown.
    pub fn potential_handicap(&self, a: PlayerId, b: PlayerId) -> i32 {
        match (self.entry(a), self.entry(b)) {
            (Some(ea), Some(eb)) => self.handicap_between(ea, eb),
            _ => 0,
        }
    }

    fn handicap_between(&self, a: &Entry, b: &Entry) -> i32 {
        let rule = &self.settings.handicap;
        let pseudo = |e: &Entry| -> i32 {
            let r = if rule.based_on_mms {
                e.info.mms_points + self.settings.egf.mm_zero.0
            } else {
                e.player.rank.0
            };
            r.min(rule.no_handicap_above.0)
        };
        let diff = (pseudo(a) - pseudo(b)).abs() - rule.correction;
        diff.max(0).min(i32::from(rule.ceiling))
    }

    /// The pair's weight in the matching: OpenGotha's `totalCost` (same as `pair(a, b).total()`, without
    /// building the ledger).
    pub fn pair_total(&self, a: PlayerId, b: PlayerId) -> i64 {
        self.terms(a, b)
            .map_or(1, |t| t.iter().map(|(_, v)| v).sum())
    }

    /// Every OpenGotha term of the pair's cost; `ledger.total()` is OpenGotha's `totalCost`. Symmetric: the
    /// players are taken in OpenGotha's list order (see [`PlayerInfo::list_order`]) whatever the argument order.
    pub fn pair(&self, a: PlayerId, b: PlayerId) -> Ledger {
        match self.terms(a, b) {
            Some(terms) => Ledger {
                entries: terms.to_vec(),
            },
            None => Ledger {
                entries: vec![(Criterion::Base, 1)],
            },
        }
    }

    /// Where a taking-part player's entry is kept: for [`Costs::slot_total`], which skips the look-up by id
    /// (the matcher asks for hundreds of thousands of pairs).
    pub fn slot(&self, id: PlayerId) -> Option<usize> {
        match self.entries.get(id.0 as usize) {
            Some(e) if e.player.id == id => Some(id.0 as usize),
            _ => self.index.get(&id).copied(),
        }
    }

    /// [`Costs::pair_total`] for the players in two [`Costs::slot`]s.
    ///
    /// # Panics
    ///
    /// If a slot is not one [`Costs::slot`] gave.
    pub fn slot_total(&self, a: usize, b: usize) -> i64 {
        let (ea, eb) = (&self.entries[a], &self.entries[b]);
        self.entry_terms(ea, eb).iter().map(|(_, v)| v).sum()
    }

    /// The ten terms in OpenGotha's order; `None` when a player does not take part.
    fn terms(&self, a: PlayerId, b: PlayerId) -> Option<[(Criterion, i64); 10]> {
        Some(self.entry_terms(self.entry(a)?, self.entry(b)?))
    }

    /// The ten terms for two entries.
    fn entry_terms(&self, ea: &Entry, eb: &Entry) -> [(Criterion, i64); 10] {
        let (a, b) = (ea.player.id, eb.player.id);
        let (ea, eb) = if (eb.info.list_order, b) < (ea.info.list_order, a) {
            (eb, ea)
        } else {
            (ea, eb)
        };
        let (ia, ib) = (&ea.info, &eb.info);
        let pb = &eb.player;
        let w = &self.settings.egf;
        let dup = if ea.opponents.binary_search(&pb.id).is_ok() {
            0
        } else {
            w.avoid_duplicate_game
        };
        let random = if w.deterministic {
            det_random_keys(w.random, &ea.name, &eb.name)
        } else {
            0
        };
        let gap = (ia.group - ib.group).unsigned_abs() as usize;
        let score_diff = match self.tables.score_diff.get(gap) {
            Some(v) => *v,
            None => concave(
                w.minimize_score_difference,
                JDouble::from_i64(gap as i64) / self.range_d(),
                self.k(),
            ),
        };
        [
            (Criterion::Base, 1),
            (Criterion::AvoidDuplicate, dup),
            (Criterion::Random, random),
            (Criterion::ColourBalance, self.colour_cost(ea, eb)),
            (Criterion::Category, self.tables.category),
            (Criterion::ScoreDifference, score_diff),
            (Criterion::Dudd, self.dudd_cost(ia, ib)),
            (Criterion::Seeding, self.seeding_cost(ea, eb)),
            (Criterion::Handicap, self.handicap_cost(ia, ib)),
            (Criterion::Geography, self.geo_cost(ea, eb)),
        ]
    }

    fn k(&self) -> JDouble {
        let f = self.settings.egf.standard_nx1_factor;
        JDouble::from_i64(f.num) / JDouble::from_i64(f.den.max(1))
    }

    fn range_d(&self) -> JDouble {
        JDouble::from_i64(self.range.max(1))
    }

    fn colour_cost(&self, a: &Entry, b: &Entry) -> i64 {
        if self.handicap_between(a, b) != 0 {
            return 0;
        }
        let w = self.settings.egf.balance_wb;
        let (wa, wb) = (a.info.colour_balance, b.info.colour_balance);
        if wa * wb < 0 {
            w
        } else if (wa == 0 && wb.abs() >= 2) || (wb == 0 && wa.abs() >= 2) {
            w / 2
        } else {
            0
        }
    }

    fn dudd_cost(&self, ia: &PlayerInfo, ib: &PlayerInfo) -> i64 {
        if ia.group == ib.group {
            return 0;
        }
        let p = &self.settings.egf;
        let (upper, lower) = if ia.group > ib.group {
            (ia, ib)
        } else {
            (ib, ia)
        };
        let dw = p.dudd_weight / 5;
        let mut scenario: i64 = 2;
        if upper.draw_downs > 0 {
            scenario -= 1;
        }
        if lower.draw_ups > 0 {
            scenario -= 1;
        }
        if scenario != 0 && p.compensate_dudd {
            if upper.draw_ups > upper.draw_downs {
                scenario += 1;
            }
            if lower.draw_downs > lower.draw_ups {
                scenario += 1;
            }
        }
        position(p.dudd_upper_mode, upper, dw)
            + position(p.dudd_lower_mode, lower, dw)
            + scenario * dw
    }

    fn seeding_cost(&self, ea: &Entry, eb: &Entry) -> i64 {
        let (ia, ib) = (&ea.info, &eb.info);
        if ia.group != ib.group {
            return 0;
        }
        let w = self.settings.egf.maximize_seeding;
        let s = i64::from(ia.group_size);
        let (c1, c2) = (i64::from(ia.inner_placement), i64::from(ib.inner_placement));
        match self.settings.egf.seed_system(self.round) {
            SeedSystem::SplitAndRandom => {
                if (2 * c1 < s) != (2 * c2 < s) {
                    w - det_random_keys(self.tables.seed_random_range, &ea.name, &eb.name)
                } else {
                    0
                }
            }
            SeedSystem::SplitAndFold => {
                let x = c1 + c2 - (s - 1);
                w - jdiv(jdiv(w * x, s - 1) * x, s - 1)
            }
            SeedSystem::SplitAndSlip => {
                let x = 2 * (c1 - c2).abs() - s;
                w - jdiv(jdiv(w * x, s) * x, s)
            }
        }
    }

    /// The highest possible main score (in points), the pseudo score of players above the thresholds.
    fn max_main_points(&self) -> i64 {
        let p = &self.settings.egf;
        match self.settings.system {
            System::McMahon => i64::from(p.mm_bar.0 + 2 - p.mm_zero.0) + i64::from(self.round - 1),
            System::Swiss => i64::from(self.round - 1),
        }
    }

    fn handicap_cost(&self, ia: &PlayerInfo, ib: &PlayerInfo) -> i64 {
        let pseudo = |i: &PlayerInfo| {
            if i.above_thresholds {
                self.max_main_points()
            } else {
                i64::from(i.group)
            }
        };
        let gap = (pseudo(ia) - pseudo(ib)).unsigned_abs();
        match self.tables.handicap.get(gap as usize) {
            Some(v) => *v,
            None => concave(
                self.settings.egf.se_minimize_handicap,
                JDouble::from_i64(gap as i64) / self.range_d(),
                self.k(),
            ),
        }
    }

    fn geo_cost(&self, a: &Entry, b: &Entry) -> i64 {
        let geo_w = self.settings.egf.se_avoid_same_geo;
        let same_city =
            self.settings.egf.cities_as_club_groups && a.city != NO_TEXT && a.city == b.city;
        let club = if a.club == b.club {
            0
        } else if same_city || a.club_groups.iter().any(|g| b.club_groups.contains(g)) {
            1
        } else {
            2
        };
        let nominal = self.tables.geo_nominal[usize::from(a.country != b.country)][club];
        match u8::from(a.info.above_thresholds) + u8::from(b.info.above_thresholds) {
            2 => geo_w,
            1 => (nominal + geo_w) / 2,
            _ => nominal,
        }
    }

    /// The nominal geography term for a country relation and a club relation (0 same club, 1 same club group,
    /// 2 different): `min(W_geo, W_score − C(W_geo, g))` with g = max + min/2 of the two ratios, + 0.5/R if > 0.
    fn geo_nominal(&self, countries_differ: bool, club: usize) -> i64 {
        let p = &self.settings.egf;
        let geo_w = p.se_avoid_same_geo;
        let one = JDouble::from_i64(1);
        let range = self.range_d();
        let country_ratio = if countries_differ {
            (JDouble::from_i64(p.se_prefer_mms_diff_rather_than_same_country) / range).min(one)
        } else {
            JDouble::ZERO
        };
        let club_factor = JDouble::from_i64(p.se_prefer_mms_diff_rather_than_same_club);
        let club_ratio = match club {
            0 => JDouble::ZERO,
            1 => (club_factor / (JDouble::from_i64(2) * range)).min(one),
            _ => (JDouble::from_i64(12) / JDouble::from_i64(10) * club_factor / range).min(one),
        };
        let mut g =
            country_ratio.max(club_ratio) + country_ratio.min(club_ratio) / JDouble::from_i64(2);
        if g.is_positive() {
            g = g + JDouble::from_i64(5) / JDouble::from_i64(10) / range;
        }
        (p.minimize_score_difference - concave(geo_w, g, self.k())).min(geo_w)
    }
}

/// The number of score groups R: `bar − floor + 4 + (round − 1)` in McMahon, `round` in Swiss.
fn score_range(settings: &Settings, round: u32) -> i64 {
    let p = &settings.egf;
    match settings.system {
        System::McMahon => i64::from(p.mm_bar.0 - p.mm_floor.0 + 4) + i64::from(round - 1),
        System::Swiss => i64::from(round),
    }
}

/// The participants' sort keys, sorted the way OpenGotha places players inside their groups.
fn sort_keys(
    participants: &[&Player],
    scores: &BTreeMap<PlayerId, PlayerScores>,
    players: &BTreeMap<PlayerId, Player>,
    settings: &Settings,
    round: u32,
) -> Vec<SortKey> {
    let p = &settings.egf;
    let placement = Placement {
        scores,
        starting: players
            .iter()
            .map(|(id, p)| (*id, p.starting_mms))
            .collect(),
    };
    let rating_ties = p.rating_breaks_ties(round);
    let mut keys: Vec<SortKey> = participants
        .iter()
        .map(|pl| SortKey {
            criteria: p
                .placement
                .iter()
                .map(|c| -placement.value(*c, pl))
                .collect(),
            rating: rating_ties.then(|| -i64::from(pl.rating.unwrap_or(0))),
            name: name_key(pl),
            id: pl.id,
            group: scores.get(&pl.id).map_or(0, |s| s.mms.floor_points()),
        })
        .collect();
    keys.sort();
    keys
}

/// Groups, sizes, inner placements and list order from the sorted keys.
fn player_infos(
    keys: Vec<SortKey>,
    scores: &BTreeMap<PlayerId, PlayerScores>,
    players: &BTreeMap<PlayerId, Player>,
    settings: &Settings,
    snapshot: &Snapshot,
) -> BTreeMap<PlayerId, PlayerInfo> {
    let mut listed: Vec<&SortKey> = keys.iter().collect();
    listed.sort_by(|a, b| (&a.criteria, &a.name, a.id).cmp(&(&b.criteria, &b.name, b.id)));
    let list_order: BTreeMap<PlayerId, u32> = listed
        .iter()
        .enumerate()
        .map(|(i, k)| (k.id, i as u32))
        .collect();
    let mut by_group: BTreeMap<i32, Vec<PlayerId>> = BTreeMap::new();
    for k in &keys {
        by_group.entry(k.group).or_default().push(k.id);
    }
    let mut info = BTreeMap::new();
    for (group, members) in &by_group {
        for (place, id) in members.iter().enumerate() {
            let s = scores.get(id).cloned().unwrap_or_default();
            let player = &players[id];
            info.insert(
                *id,
                PlayerInfo {
                    main: s.mms,
                    group: *group,
                    group_size: members.len() as u32,
                    inner_placement: place as u32,
                    draw_ups: s.draw_ups,
                    draw_downs: s.draw_downs,
                    colour_balance: s.colour_balance,
                    above_thresholds: above_thresholds(settings, snapshot, player, &s),
                    mms_points: s.mcmahon.floor_points(),
                    nbw: s.nbw,
                    list_order: list_order.get(id).copied().unwrap_or(u32::MAX),
                },
            );
        }
    }
    info
}

/// One entry per participant, sorted by id, with the normalised geography and the past opponents.
fn entries(
    info: BTreeMap<PlayerId, PlayerInfo>,
    players: &BTreeMap<PlayerId, Player>,
    snapshot: &Snapshot,
    settings: &Settings,
) -> Vec<Entry> {
    let mut texts: HashMap<String, u32> = HashMap::from([(String::new(), NO_TEXT)]);
    let mut intern = |text: &str| {
        let next = texts.len() as u32;
        *texts.entry(normalise(text)).or_insert(next)
    };
    let mut opponents: BTreeMap<PlayerId, Vec<PlayerId>> = BTreeMap::new();
    for g in snapshot.games.iter().filter(|g| g.round.0 < snapshot.round) {
        opponents.entry(g.white).or_default().push(g.black);
        opponents.entry(g.black).or_default().push(g.white);
    }
    info.into_iter()
        .map(|(id, info)| {
            let player = players[&id].clone();
            let club_groups = settings
                .egf
                .club_groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.iter().any(|c| same_text(c, &player.club)))
                .map(|(i, _)| i)
                .collect();
            let mut opp = opponents.remove(&id).unwrap_or_default();
            opp.sort_unstable();
            Entry {
                info,
                name: NameKey::new(&player.family_name, &player.given_name),
                country: intern(&player.country),
                club: intern(&player.club),
                city: intern(&player.city),
                player,
                club_groups,
                opponents: opp,
            }
        })
        .collect()
}

/// The interned number of the empty text.
const NO_TEXT: u32 = 0;

fn normalise(text: &str) -> String {
    text.trim().to_lowercase()
}

fn same_text(a: &str, b: &str) -> bool {
    normalise(a) == normalise(b)
}

/// The DUDD position term of one side: where in its group the floating player sits.
fn position(mode: DuddMode, i: &PlayerInfo, dw: i64) -> i64 {
    let s = i64::from(i.group_size);
    let p = i64::from(i.inner_placement);
    let half = dw / 2;
    match mode {
        DuddMode::Top => jdiv(half * (s - 1 - p), s),
        DuddMode::Mid => jdiv(half * (s - 1 - (2 * p - s + 1).abs()), s),
        DuddMode::Bot => jdiv(half * p, s),
    }
}

/// OpenGotha 3.52's secondary-criteria thresholds: 2·NBW ≥ rounds (if active), MMS ≥ the rank threshold as an
/// MMS, or a starting MMS at or above the bar (if active).
fn above_thresholds(
    settings: &Settings,
    snapshot: &Snapshot,
    player: &Player,
    s: &PlayerScores,
) -> bool {
    let p = &settings.egf;
    let nbw =
        p.se_nb_wins_threshold_active && i64::from(s.nbw.0) >= i64::from(snapshot.rounds_total);
    let mms = s.mcmahon.floor_points() >= p.se_rank_threshold.0 - p.mm_zero.0;
    let bar = p.se_bar_threshold_active && player.starting_mms.0 >= 2 * (p.mm_bar.0 - p.mm_zero.0);
    nbw || mms || bar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive definition: weighted sum over the concatenated names.
    fn det_random_naive(max: i64, p1: (&str, &str), p2: (&str, &str)) -> i64 {
        let s1: Vec<u16> = format!("{}{}", p1.0, p1.1).encode_utf16().collect();
        let s2: Vec<u16> = format!("{}{}", p2.0, p2.1).encode_utf16().collect();
        let (first, second, inverse) = if s1 <= s2 {
            (s1, s2, false)
        } else {
            (s2, s1, true)
        };
        let sum: i128 = first
            .iter()
            .chain(second.iter())
            .enumerate()
            .map(|(i, c)| i128::from(*c) * (i as i128 + 1))
            .sum();
        let r = (sum * 1_234_567).rem_euclid(i128::from(max) + 1) as i64;
        if inverse {
            max - r
        } else {
            r
        }
    }

    #[test]
    fn det_random_keys_match_the_naive_definition() {
        let names = [
            ("Abel", "Ann"),
            ("Berg", "Bob"),
            ("Clé", "Loïc"),
            ("高", "传德"),
            ("O'Neil", ""),
        ];
        for a in names {
            for b in names {
                for max in [0, 1, 999, 1_000_000, 1_000_000_000] {
                    assert_eq!(det_random(max, a, b), det_random_naive(max, a, b));
                }
            }
        }
    }

    #[test]
    fn det_random_is_mirrored_when_players_swap() {
        let a = det_random(1000, ("Abel", "Ann"), ("Berg", "Bob"));
        let b = det_random(1000, ("Berg", "Bob"), ("Abel", "Ann"));
        assert_eq!(a + b, 1000);
        assert!((0..=1000).contains(&a));
        assert_eq!(det_random(0, ("A", "B"), ("C", "D")), 0);
    }

    #[test]
    fn seeding_uses_left_to_right_long_arithmetic() {
        // Slip in a group of 12, neighbours: W − W·(−10)/12·(−10)/12 = 5e6 − 3472221.
        let x: i64 = -10;
        assert_eq!(5_000_000 - jdiv(jdiv(5_000_000 * x, 12) * x, 12), 1_527_779);
    }

    #[test]
    fn concave_function_follows_java_doubles() {
        let k = JDouble::from_i64(5) / JDouble::from_i64(10);
        let x = JDouble::from_i64(4) / JDouble::from_i64(5);
        assert_eq!(concave(100_000_000_000, x, k), 27_999_999_999);
        let x = JDouble::from_i64(1) / JDouble::from_i64(29);
        assert_eq!(concave(100_000_000_000, x, k), 98_216_409_036);
    }

    use crate::model::{GameResult, Outcome, PastGame, Rank, RoundNo};

    fn player(id: u32, rank: i32, club: &str) -> Player {
        Player {
            id: PlayerId(id),
            number: id + 1,
            family_name: format!("Name{id}"),
            given_name: "X".to_string(),
            rank: Rank(rank),
            rating: Some(2000 + 100 * rank),
            club: club.to_string(),
            city: String::new(),
            country: "FR".to_string(),
            family: None,
            local: false,
            starting_mms: HalfPoints(2 * (rank + 30)),
            participation: vec![true; 5],
            ghost: false,
        }
    }

    fn field() -> (Snapshot, Settings) {
        let players = vec![
            player(0, -5, "Par"),
            player(1, -5, "Par"),
            player(2, -5, "Lyo"),
            player(3, -5, "Pa2"),
        ];
        let games = vec![PastGame {
            round: RoundNo(1),
            white: PlayerId(0),
            black: PlayerId(2),
            handicap: 0,
            result: GameResult::played(Outcome::WhiteWins),
            known_colour: true,
        }];
        let snapshot = Snapshot {
            round: 2,
            rounds_total: 5,
            players,
            games,
            byes: vec![],
        };
        (snapshot, Settings::default())
    }

    #[test]
    fn ledger_total_is_one_plus_the_terms_and_repeats_lose_the_duplicate_bonus() {
        let (snap, settings) = field();
        let ids: Vec<PlayerId> = snap.players.iter().map(|p| p.id).collect();
        let costs = Costs::new(&snap, &settings, &ids);
        let repeat = costs.pair(PlayerId(0), PlayerId(2));
        assert_eq!(repeat.get(Criterion::AvoidDuplicate), 0);
        assert_eq!(
            repeat.total(),
            1 + repeat.entries[1..].iter().map(|e| e.1).sum::<i64>()
        );
        let fresh = costs.pair(PlayerId(1), PlayerId(3));
        assert_eq!(fresh.get(Criterion::AvoidDuplicate), 500_000_000_000_000);
        assert_eq!(
            costs.pair(PlayerId(1), PlayerId(3)),
            costs.pair(PlayerId(3), PlayerId(1))
        );
        // Player 0 won: one group above the others, with a draw-down and DUDD only across groups.
        assert_eq!(
            costs.info(PlayerId(0)).unwrap().group,
            costs.info(PlayerId(1)).unwrap().group + 1
        );
        assert_eq!(costs.info(PlayerId(0)).unwrap().draw_downs, 0);
        assert!(costs.pair(PlayerId(0), PlayerId(1)).get(Criterion::Dudd) > 0);
        assert_eq!(fresh.get(Criterion::Dudd), 0);
    }

    #[test]
    fn geography_prefers_other_clubs_and_club_groups_sit_in_between() {
        let (snap, mut settings) = field();
        let ids: Vec<PlayerId> = snap.players.iter().map(|p| p.id).collect();
        let geo = |settings: &Settings, a: u32, b: u32| {
            Costs::new(&snap, settings, &ids)
                .pair(PlayerId(a), PlayerId(b))
                .get(Criterion::Geography)
        };
        let same_club = geo(&settings, 1, 0);
        let other_club = geo(&settings, 1, 3);
        assert_eq!(same_club, 0);
        assert!(other_club > 0);
        settings.egf.club_groups = vec![vec!["Par".to_string(), "Pa2".to_string()]];
        let grouped = geo(&settings, 1, 3);
        assert!(
            0 < grouped && grouped < other_club,
            "{grouped} vs {other_club}"
        );
    }

    #[test]
    fn same_city_counts_as_a_club_group_only_when_asked() {
        let (mut snap, mut settings) = field();
        for p in snap.players.iter_mut() {
            p.city = if p.club == "Lyo" { "Lyon" } else { "Paris" }.to_string();
        }
        let ids: Vec<PlayerId> = snap.players.iter().map(|p| p.id).collect();
        let geo = |settings: &Settings, a: u32, b: u32| {
            Costs::new(&snap, settings, &ids)
                .pair(PlayerId(a), PlayerId(b))
                .get(Criterion::Geography)
        };
        // OpenGotha (default): Par and Pa2 are different clubs, the city is not looked at.
        let other_club = geo(&settings, 1, 3);
        assert_eq!(other_club, geo(&settings, 1, 2));
        settings.egf.cities_as_club_groups = true;
        let same_city = geo(&settings, 1, 3);
        assert!(0 < same_city && same_city < other_club, "{same_city}");
        assert_eq!(geo(&settings, 1, 2), other_club, "Paris–Lyon is unchanged");
    }

    #[test]
    fn category_term_is_charged_only_with_more_than_one_category() {
        let (snap, mut settings) = field();
        let ids: Vec<PlayerId> = snap.players.iter().map(|p| p.id).collect();
        settings.egf.avoid_mixing_categories = 20_000_000_000_000;
        assert_eq!(settings.egf.number_of_categories, 1);
        let one = Costs::new(&snap, &settings, &ids);
        for a in 0..4 {
            for b in a + 1..4 {
                let ledger = one.pair(PlayerId(a), PlayerId(b));
                assert_eq!(ledger.get(Criterion::Category), 0, "{a}-{b}");
                assert_eq!(ledger.total(), one.pair_total(PlayerId(a), PlayerId(b)));
            }
        }
        settings.egf.number_of_categories = 2;
        let two = Costs::new(&snap, &settings, &ids);
        let ledger = two.pair(PlayerId(1), PlayerId(3));
        assert_eq!(ledger.get(Criterion::Category), 20_000_000_000_000);
        assert_eq!(
            ledger.total(),
            one.pair(PlayerId(1), PlayerId(3)).total() + 20_000_000_000_000
        );
    }
}
