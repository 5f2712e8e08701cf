//! An independent checker of produced rounds: every hard rule, every player present paired exactly once, handicaps
//! and colours by the rule, tables, warnings, and (on small fields) optimality against exhaustive search.
//!
//! Must not share weight or score code with the engine: it recomputes scores, colour balances and handicaps from the
//! snapshot itself (model types only), so a bug in the engine's helpers cannot hide itself here.
//!
//! What [`check`] verifies:
//! - presence: every player who plays the round (participating, not already in a game or bye of it) is in exactly
//!   one game or is the bye; nobody else appears;
//! - byes: only on an odd field, never to a ghost, never a second one while someone eligible has none, and the one
//!   the settings' rule picks (`egf`: least rank + 2·MMS, ties to the highest number; `mays`: most losses, a local
//!   in round 1, the weakest);
//! - repeats and relatives: each warned, and no more of them than the least possible (exhaustive search up to
//!   [`EXHAUSTIVE_LIMIT`] players), repeats first, then relatives;
//! - score groups (`mays` only, small fields): the least sum of squared score gaps (Cardinal Rule No. 3);
//! - handicaps by the rule (OpenGotha's five steps), the stronger White, even games coloured against the balance;
//! - tables: distinct, allowed, the lowest ones, in order of each game's better player;
//! - the director's never-pair list: no pair on it meets unless warned (a forced manual edit);
//! - warnings: every claimed one true, every required one present (club, city, family, repeat, pair-up/down across
//!   groups — named when the player had someone of their own group free to play, else counted in the one line of
//!   unavoidable floats —, colour imbalance ≥ 2, handicap game in the top group).
//!
//! [`check_optimal`] re-solves the engine's own pair weights with the dense reference matcher (and exhaustive
//! search on tiny fields): the engine's total must be the optimum.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use crate::model::{
    HalfPoints, Outcome, PastGame, Player, PlayerId, Round, Settings, Snapshot, System, Warning,
};

/// Largest number of players (bye excluded) for which forced repeats and relatives are proved by exhaustive search.
pub const EXHAUSTIVE_LIMIT: usize = 16;

/// The exhaustive search's cost of a pair on the never-pair list: more than every possible repeat together.
const NEVER_COST: u32 = 1 << 16;

/// Which rule a produced round breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A player who plays this round is neither in a game nor the bye.
    Unpaired,
    /// Someone who does not play this round (absent, unknown, already paired) appears in the round.
    NotPairable,
    /// A player appears more than once (two games, or a game and the bye).
    PairedTwice,
    /// A bye where none is allowed (even field, ghost, second bye…).
    Bye,
    /// A repeated game not reported or not forced.
    Repeat,
    /// Relatives paired without a warning or when it could be avoided.
    Family,
    /// Handicap differs from the rule.
    Handicap,
    /// Wrong colours (handicap game with the weaker White, or even game against the colour balance).
    Colour,
    /// Table numbers: duplicate, below the first table, skipped, or out of order.
    Table,
    /// A warning that is not true.
    FalseWarning,
    /// A warning that should have been given.
    MissingWarning,
    /// The engine's pairing is not optimal for its own weights (or its ledger disagrees with them).
    NotOptimal,
    /// The engine refused to draw a round that can be drawn.
    EngineError,
    /// The same input (up to the order of the snapshot's vectors) gave a different round.
    NotDeterministic,
    /// Players left their score group more than necessary (`mays` profile: the least sum of squared gaps).
    ScoreGroups,
    /// Two players on the director's never-pair list meet without a warning.
    NeverPair,
}

/// One broken rule, with a human-readable detail naming the players involved.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Violation {
    /// The rule broken.
    pub rule: Rule,
    /// What exactly is wrong.
    pub detail: String,
}

impl Violation {
    fn new(rule: Rule, detail: impl Into<String>) -> Violation {
        Violation {
            rule,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.rule, self.detail)
    }
}

/// An unordered pair of players, smaller id first.
fn pair(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Rounds the absent/bye credit total down to a whole point when asked to.
fn round_credits(credits: i32, round_down: bool) -> i32 {
    if round_down {
        credits.div_euclid(2) * 2
    } else {
        credits
    }
}

/// Half points the player scored in a game of this outcome.
fn points_of(outcome: Outcome, is_white: bool) -> i32 {
    match outcome {
        Outcome::WhiteWins if is_white => 2,
        Outcome::BlackWins if !is_white => 2,
        Outcome::BothWin => 2,
        Outcome::Jigo => 1,
        _ => 0,
    }
}

/// True when the player lost a game of this outcome.
fn is_loss(outcome: Outcome, is_white: bool) -> bool {
    matches!(
        (outcome, is_white),
        (Outcome::BlackWins, true) | (Outcome::WhiteWins, false) | (Outcome::BothLose, _)
    )
}

/// What the checker recomputes about one player before the round.
#[derive(Debug, Clone, Copy, Default)]
struct Standing {
    /// McMahon score (starting MMS + points + rounded MMS credits).
    mms: i32,
    /// Main score: MMS in McMahon, wins in Swiss.
    main: i32,
    /// White − black over past even games with known colours.
    balance: i32,
    /// Byes received.
    byes: u32,
    /// Games lost (by forfeit and both-lose included; unknown results not).
    losses: u32,
}

/// Recomputes every player's standing from the snapshot alone.
fn standings(snapshot: &Snapshot, settings: &Settings) -> BTreeMap<PlayerId, Standing> {
    let mut games: BTreeMap<PlayerId, Vec<&PastGame>> = BTreeMap::new();
    for g in &snapshot.games {
        games.entry(g.white).or_default().push(g);
        if g.black != g.white {
            games.entry(g.black).or_default().push(g);
        }
    }
    let byes: BTreeSet<(PlayerId, u32)> = snapshot
        .byes
        .iter()
        .map(|b| (b.player, b.round.0))
        .collect();
    let mut out = BTreeMap::new();
    for p in &snapshot.players {
        let own = games.get(&p.id).map_or(&[][..], Vec::as_slice);
        out.insert(p.id, standing_of(snapshot.round, settings, p, own, &byes));
    }
    out
}

/// One player's standing before round `now`, from their own games and the set of (player, round) byes.
fn standing_of(
    now: u32,
    settings: &Settings,
    p: &Player,
    own_games: &[&PastGame],
    all_byes: &BTreeSet<(PlayerId, u32)>,
) -> Standing {
    let values = &settings.scores;
    let (mut points, mut mms_credit, mut nbw_credit, mut balance, mut byes, mut losses) =
        (0, 0, 0, 0, 0, 0);
    for r in 1..now {
        let games: Vec<_> = own_games.iter().filter(|g| g.round.0 == r).collect();
        let had_bye = all_byes.contains(&(p.id, r));
        if had_bye {
            byes += 1;
        }
        if !games.is_empty() {
            for g in games {
                let white = g.white == p.id;
                points += points_of(g.result.outcome, white);
                losses += u32::from(is_loss(g.result.outcome, white));
                if g.handicap == 0 && g.known_colour {
                    balance += if white { 1 } else { -1 };
                }
            }
        } else if had_bye {
            mms_credit += values.bye_mms.0;
            nbw_credit += values.bye_nbw.0;
        } else if !p.plays(crate::model::RoundNo(r)) {
            mms_credit += values.absent_mms.0;
            nbw_credit += values.absent_nbw.0;
        }
    }
    let mms = p.starting_mms.0 + points + round_credits(mms_credit, values.round_down);
    let nbw = points + round_credits(nbw_credit, values.round_down);
    let main = match settings.system {
        System::McMahon => mms,
        System::Swiss => nbw,
    };
    Standing {
        mms,
        main,
        balance,
        byes,
        losses,
    }
}

/// Every player's McMahon score before the round (starting MMS + game points + rounded MMS credits), recomputed
/// by the checker's own rules; the generator uses it to hand out handicaps without the engine.
pub fn mcmahon_scores(snapshot: &Snapshot, settings: &Settings) -> BTreeMap<PlayerId, HalfPoints> {
    standings(snapshot, settings)
        .into_iter()
        .map(|(id, s)| (id, HalfPoints(s.mms)))
        .collect()
}

/// Everything the individual checks need, computed once.
struct Field<'a> {
    snapshot: &'a Snapshot,
    settings: &'a Settings,
    round: &'a Round,
    players: BTreeMap<PlayerId, &'a Player>,
    standing: BTreeMap<PlayerId, Standing>,
    /// Players who must appear: participating, not already in a game or bye of this round.
    pairable: BTreeSet<PlayerId>,
    /// Pairs that met in any game of the snapshot.
    met: BTreeSet<(PlayerId, PlayerId)>,
    /// The round's pairs, as (white, black, handicap, table).
    pairs: Vec<(PlayerId, PlayerId)>,
    /// The never-pair list as id pairs (numbers looked up here, independently of the engine).
    never: BTreeSet<(PlayerId, PlayerId)>,
}

impl<'a> Field<'a> {
    fn new(snapshot: &'a Snapshot, settings: &'a Settings, round: &'a Round) -> Field<'a> {
        let now = snapshot.round_no();
        let busy: BTreeSet<PlayerId> = snapshot
            .games
            .iter()
            .filter(|g| g.round == now)
            .flat_map(|g| [g.white, g.black])
            .chain(
                snapshot
                    .byes
                    .iter()
                    .filter(|b| b.round == now)
                    .map(|b| b.player),
            )
            .collect();
        let pairable = snapshot
            .players
            .iter()
            .filter(|p| p.plays(now) && !busy.contains(&p.id))
            .map(|p| p.id)
            .collect();
        Field {
            snapshot,
            settings,
            round,
            players: snapshot.players.iter().map(|p| (p.id, p)).collect(),
            standing: standings(snapshot, settings),
            pairable,
            met: snapshot
                .games
                .iter()
                .map(|g| pair(g.white, g.black))
                .collect(),
            pairs: round.games.iter().map(|g| pair(g.white, g.black)).collect(),
            never: settings
                .never_pair
                .iter()
                .filter_map(|&(x, y)| {
                    let id = |n: u32| {
                        let mut found = snapshot.players.iter().filter(|p| p.number == n);
                        match (found.next(), found.next()) {
                            (Some(p), None) => Some(p.id),
                            _ => None,
                        }
                    };
                    Some(pair(id(x)?, id(y)?))
                })
                .collect(),
        }
    }

    fn st(&self, id: PlayerId) -> Standing {
        self.standing.get(&id).copied().unwrap_or_default()
    }

    fn player(&self, id: PlayerId) -> Option<&'a Player> {
        self.players.get(&id).copied()
    }

    fn same_family(&self, a: PlayerId, b: PlayerId) -> bool {
        match (self.player(a), self.player(b)) {
            (Some(x), Some(y)) => x.family.is_some() && x.family == y.family,
            _ => false,
        }
    }

    fn warned(&self, w: &Warning) -> bool {
        self.round.warnings.contains(w)
    }

    /// True when the round's warnings report this pair with the given constructor (either order).
    fn warned_pair(
        &self,
        make: fn(PlayerId, PlayerId) -> Warning,
        a: PlayerId,
        b: PlayerId,
    ) -> bool {
        self.warned(&make(a, b)) || self.warned(&make(b, a))
    }
}

/// Checks one produced round against the snapshot and settings it was drawn from. Returns every violation found
/// (empty when the round is valid). Never panics on inconsistent input: unknown ids are reported as violations.
pub fn check(snapshot: &Snapshot, settings: &Settings, round: &Round) -> Vec<Violation> {
    let f = Field::new(snapshot, settings, round);
    let mut out = Vec::new();
    check_presence(&f, &mut out);
    check_bye(&f, &mut out);
    check_repeats_and_family(&f, &mut out);
    check_never_pairs(&f, &mut out);
    check_score_groups(&f, &mut out);
    check_handicaps_and_colours(&f, &mut out);
    check_tables(&f, &mut out);
    check_warnings(&f, &mut out);
    out.sort();
    out.dedup();
    out
}

/// Everybody pairable appears exactly once; nobody else appears.
fn check_presence(f: &Field, out: &mut Vec<Violation>) {
    let mut seen: BTreeMap<PlayerId, u32> = BTreeMap::new();
    for g in &f.round.games {
        if g.white == g.black {
            out.push(Violation::new(
                Rule::PairedTwice,
                format!("{} plays themself", g.white),
            ));
        }
        for id in [g.white, g.black] {
            *seen.entry(id).or_default() += 1;
        }
    }
    if let Some(b) = f.round.bye {
        *seen.entry(b).or_default() += 1;
    }
    for (id, n) in &seen {
        if *n > 1 {
            out.push(Violation::new(
                Rule::PairedTwice,
                format!("{id} appears {n} times"),
            ));
        }
        if !f.pairable.contains(id) {
            out.push(Violation::new(
                Rule::NotPairable,
                format!("{id} does not play this round"),
            ));
        }
    }
    for id in f.pairable.iter().filter(|id| !seen.contains_key(id)) {
        out.push(Violation::new(
            Rule::Unpaired,
            format!("{id} plays this round but is not paired"),
        ));
    }
}

/// At most one bye, only on an odd field, never to a ghost, never a second one unless all have had one.
fn check_bye(f: &Field, out: &mut Vec<Violation>) {
    let Some(bye) = f.round.bye else {
        return;
    };
    if f.pairable.len().is_multiple_of(2) {
        out.push(Violation::new(
            Rule::Bye,
            format!("bye to {bye} on an even field"),
        ));
    }
    if f.player(bye).is_some_and(|p| p.ghost) {
        out.push(Violation::new(Rule::Bye, format!("bye to the ghost {bye}")));
    }
    let everyone_had_one = f
        .pairable
        .iter()
        .filter(|id| f.player(**id).is_some_and(|p| !p.ghost))
        .all(|id| f.st(*id).byes > 0);
    if f.st(bye).byes > 0 && !everyone_had_one {
        out.push(Violation::new(Rule::Bye, format!("second bye to {bye}")));
    }
    check_bye_choice(f, bye, out);
}

/// The bye by the settings' rule, among the non-ghost players with the fewest byes.
/// - `Egf`: the least rank + 2·(main score) + 1000·byes; ties to the highest player number.
/// - `Mays`: the most losses; in round 1 a local whenever one is eligible; the weakest (lowest rank) among those
///   with as many losses and the same local status (so a local preferred in round 2 is accepted too).
fn check_bye_choice(f: &Field, bye: PlayerId, out: &mut Vec<Violation>) {
    let eligible: Vec<&Player> = f
        .pairable
        .iter()
        .filter_map(|id| f.player(*id))
        .filter(|p| !p.ghost)
        .collect();
    let Some(fewest) = eligible.iter().map(|p| f.st(p.id).byes).min() else {
        return;
    };
    let eligible: Vec<&Player> = eligible
        .into_iter()
        .filter(|p| f.st(p.id).byes == fewest)
        .collect();
    let Some(chosen) = eligible.iter().find(|p| p.id == bye) else {
        return;
    };
    let wrong = match f.settings.bye {
        crate::model::ByeRule::Egf => {
            let key = |p: &Player| (p.rank.0 + f.st(p.id).main, std::cmp::Reverse(p.number));
            eligible.iter().map(|p| key(p)).min() != Some(key(chosen))
        }
        crate::model::ByeRule::Mays => {
            let most = eligible
                .iter()
                .map(|p| f.st(p.id).losses)
                .max()
                .unwrap_or(0);
            let local_exists = eligible
                .iter()
                .any(|p| p.local && f.st(p.id).losses == most);
            let peers = eligible
                .iter()
                .filter(|p| f.st(p.id).losses == most && p.local == chosen.local);
            f.st(bye).losses < most
                || (f.round.round.0 == 1 && local_exists && !chosen.local)
                || peers.map(|p| p.rank).min() != Some(chosen.rank)
        }
    };
    if wrong {
        out.push(Violation::new(
            Rule::Bye,
            format!(
                "the bye goes to {bye} but the {:?} rule picks someone else",
                f.settings.bye
            ),
        ));
    }
}

/// Repeats and relatives: each must be warned, and the number of them must be the least possible (proved by
/// exhaustive search on small fields).
fn check_repeats_and_family(f: &Field, out: &mut Vec<Violation>) {
    let mut repeats = 0;
    let mut relatives = 0;
    for &(a, b) in &f.pairs {
        if f.met.contains(&(a, b)) {
            repeats += 1;
            if !f.warned_pair(Warning::RepeatedGame, a, b) {
                out.push(Violation::new(
                    Rule::Repeat,
                    format!("{a}–{b} meet again without a warning"),
                ));
            }
        }
        if f.same_family(a, b) {
            relatives += 1;
            if !f.warned_pair(Warning::SameFamily, a, b) {
                out.push(Violation::new(
                    Rule::Family,
                    format!("relatives {a}–{b} paired without a warning"),
                ));
            }
        }
    }
    if repeats == 0 && relatives == 0 {
        return;
    }
    let field: Vec<PlayerId> = f
        .pairable
        .iter()
        .copied()
        .filter(|id| Some(*id) != f.round.bye)
        .collect();
    if field.len() > EXHAUSTIVE_LIMIT || field.len() % 2 == 1 {
        return;
    }
    // A pair of the never-pair list costs more than any number of repeats: the least is over the matchings that
    // respect the list (when there is none, there is nothing to compare with).
    let cost = |a: PlayerId, b: PlayerId| -> (u32, u32) {
        let repeat = if f.never.contains(&pair(a, b)) {
            NEVER_COST
        } else {
            u32::from(f.met.contains(&pair(a, b)))
        };
        (repeat, u32::from(f.same_family(a, b)))
    };
    if let Some((min_rep, min_rel)) =
        min_cost_perfect_matching(&field, cost).filter(|(rep, _)| *rep < NEVER_COST)
    {
        if repeats > min_rep {
            out.push(Violation::new(
                Rule::Repeat,
                format!("{repeats} repeated games where {min_rep} suffice"),
            ));
        } else if repeats == min_rep && relatives > min_rel {
            out.push(Violation::new(
                Rule::Family,
                format!("{relatives} pairs of relatives where {min_rel} suffice"),
            ));
        }
    }
}

/// No pair of the never-pair list meets, unless a forced edit put it there and the round warns about it.
fn check_never_pairs(f: &Field, out: &mut Vec<Violation>) {
    for &(a, b) in &f.pairs {
        if f.never.contains(&(a, b)) && !f.warned_pair(Warning::NeverPairMet, a, b) {
            out.push(Violation::new(
                Rule::NeverPair,
                format!("{a}–{b} meet although the never-pair list keeps them apart"),
            ));
        }
    }
}

/// Cardinal Rule No. 3 for the `mays` profile, whose score tier dominates every other soft criterion: when the round
/// has no repeat and no relatives, its sum of squared main-score gaps (half points, each capped at 4095) must be
/// the least over all perfect matchings without repeats and relatives (exhaustive, small fields only).
fn check_score_groups(f: &Field, out: &mut Vec<Violation>) {
    if f.settings.profile != crate::model::Profile::Mays {
        return;
    }
    let gap = |a: PlayerId, b: PlayerId| {
        let d = i64::from(f.st(a).main - f.st(b).main);
        (d * d).min(4095) as u32
    };
    let forbidden = |a: PlayerId, b: PlayerId| {
        f.met.contains(&pair(a, b)) || f.same_family(a, b) || f.never.contains(&pair(a, b))
    };
    if f.pairs.iter().any(|&(a, b)| forbidden(a, b)) {
        return;
    }
    let field: Vec<PlayerId> = f
        .pairable
        .iter()
        .copied()
        .filter(|id| Some(*id) != f.round.bye)
        .collect();
    if field.len() > EXHAUSTIVE_LIMIT || 2 * f.pairs.len() != field.len() {
        return;
    }
    let actual: u32 = f.pairs.iter().map(|&(a, b)| gap(a, b)).sum();
    let cost = |a: PlayerId, b: PlayerId| (u32::from(forbidden(a, b)), gap(a, b));
    if let Some((0, best)) = min_cost_perfect_matching(&field, cost) {
        if actual > best {
            out.push(Violation::new(
                Rule::ScoreGroups,
                format!("squared score gaps sum to {actual} where {best} is possible"),
            ));
        }
    }
}

/// Least lexicographic (repeats, relatives) over all perfect matchings of `field` (exhaustive, memoised on the set
/// of players still free). `None` when the field is odd.
fn min_cost_perfect_matching(
    field: &[PlayerId],
    cost: impl Fn(PlayerId, PlayerId) -> (u32, u32),
) -> Option<(u32, u32)> {
    let n = field.len();
    if n % 2 == 1 {
        return None;
    }
    let mut c = vec![vec![(0, 0); n]; n];
    for i in 0..n {
        for j in 0..n {
            c[i][j] = cost(field[i], field[j]);
        }
    }
    let mut memo: HashMap<u32, (u32, u32)> = HashMap::new();
    Some(min_cost_rec(&c, (1u32 << n) - 1, &mut memo))
}

fn min_cost_rec(
    c: &[Vec<(u32, u32)>],
    free: u32,
    memo: &mut HashMap<u32, (u32, u32)>,
) -> (u32, u32) {
    if free == 0 {
        return (0, 0);
    }
    if let Some(v) = memo.get(&free) {
        return *v;
    }
    let i = free.trailing_zeros() as usize;
    let rest = free & !(1 << i);
    let mut best = (u32::MAX, u32::MAX);
    let mut bits = rest;
    while bits != 0 {
        let j = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let sub = min_cost_rec(c, rest & !(1 << j), memo);
        let cand = (sub.0 + c[i][j].0, sub.1 + c[i][j].1);
        best = best.min(cand);
    }
    memo.insert(free, best);
    best
}

/// The handicap rule recomputed: pseudo-ranks (rank or MMS as a rank), capped at the bar, difference minus the
/// correction (floored at 0), clamped to the ceiling. Returns (stones, the stronger player or None when equal).
pub fn expected_handicap(
    settings: &Settings,
    a: (&Player, HalfPoints),
    b: (&Player, HalfPoints),
) -> (u8, Option<PlayerId>) {
    let rule = &settings.handicap;
    let pseudo = |(p, mms): (&Player, HalfPoints)| -> i32 {
        let raw = if rule.based_on_mms {
            mms.floor_points() + crate::model::Rank::MIN.0
        } else {
            p.rank.0
        };
        raw.min(rule.no_handicap_above.0)
    };
    let (ra, rb) = (pseudo(a), pseudo(b));
    let at_bar = |p: &Player| {
        rule.even_at_or_above
            .is_some_and(|bar| p.starting_mms >= bar)
    };
    let stones = if at_bar(a.0) || at_bar(b.0) {
        0
    } else {
        ((ra - rb).abs() - rule.correction)
            .max(0)
            .min(i32::from(rule.ceiling))
    };
    let stronger = match ra.cmp(&rb) {
        std::cmp::Ordering::Greater => Some(a.0.id),
        std::cmp::Ordering::Less => Some(b.0.id),
        std::cmp::Ordering::Equal => None,
    };
    (u8::try_from(stones).unwrap_or(9), stronger)
}

/// Handicap by the rule; White the stronger in handicap games; colour balance respected in even games.
fn check_handicaps_and_colours(f: &Field, out: &mut Vec<Violation>) {
    for g in &f.round.games {
        let (Some(w), Some(b)) = (f.player(g.white), f.player(g.black)) else {
            out.push(Violation::new(
                Rule::NotPairable,
                format!("unknown player in {}–{}", g.white, g.black),
            ));
            continue;
        };
        let (sw, sb) = (f.st(w.id), f.st(b.id));
        let (stones, stronger) =
            expected_handicap(f.settings, (w, HalfPoints(sw.mms)), (b, HalfPoints(sb.mms)));
        if g.handicap != stones {
            out.push(Violation::new(
                Rule::Handicap,
                format!(
                    "{}–{}: handicap {} where the rule gives {stones}",
                    w.id, b.id, g.handicap
                ),
            ));
        }
        if g.handicap > 0 && stronger == Some(b.id) {
            out.push(Violation::new(
                Rule::Colour,
                format!(
                    "table {}: the weaker {} has White in a handicap game",
                    g.table, w.id
                ),
            ));
        }
        if g.handicap == 0 && sw.balance > sb.balance {
            out.push(Violation::new(
                Rule::Colour,
                format!(
                    "table {}: {} (balance {}) has White against {} (balance {})",
                    g.table, w.id, sw.balance, b.id, sb.balance
                ),
            ));
        }
    }
}

/// Tables distinct, at or above the first table, never skipped; games ordered by their better player (main score
/// then player number); and, when the whole round is drawn at once, the lowest allowed numbers.
fn check_tables(f: &Field, out: &mut Vec<Violation>) {
    let s = f.settings;
    let mut used = BTreeSet::new();
    for g in &f.round.games {
        if !used.insert(g.table) {
            out.push(Violation::new(
                Rule::Table,
                format!("table {} used twice", g.table),
            ));
        }
        if g.table < s.first_table || s.skip_tables.contains(&g.table) {
            out.push(Violation::new(
                Rule::Table,
                format!("table {} is not allowed", g.table),
            ));
        }
    }
    let now = f.snapshot.round_no();
    if f.snapshot.games.iter().all(|g| g.round != now) {
        let expected: Vec<u32> = (s.first_table..)
            .filter(|t| !s.skip_tables.contains(t))
            .take(f.round.games.len())
            .collect();
        let actual: Vec<u32> = used.iter().copied().collect();
        if actual != expected {
            out.push(Violation::new(
                Rule::Table,
                format!("tables {actual:?}, expected {expected:?}"),
            ));
        }
    }
    check_table_order(f, out);
}

fn check_table_order(f: &Field, out: &mut Vec<Violation>) {
    let key = |id: PlayerId| (-f.st(id).main, f.player(id).map_or(u32::MAX, |p| p.number));
    let mut games: Vec<_> = f
        .round
        .games
        .iter()
        .map(|g| (key(g.white).min(key(g.black)), g.table))
        .collect();
    games.sort();
    for w in games.windows(2) {
        if w[0].1 > w[1].1 {
            out.push(Violation::new(
                Rule::Table,
                format!("table {} holds a better game than table {}", w[1].1, w[0].1),
            ));
        }
    }
}

/// Every claimed warning is true, and every required warning is present.
fn check_warnings(f: &Field, out: &mut Vec<Violation>) {
    for w in &f.round.warnings {
        if !warning_is_true(f, w) {
            out.push(Violation::new(Rule::FalseWarning, format!("{w:?}")));
        }
    }
    for &(a, b) in &f.pairs {
        let (Some(pa), Some(pb)) = (f.player(a), f.player(b)) else {
            continue;
        };
        if !pa.club.is_empty() && pa.club == pb.club && !f.warned_pair(Warning::SameClub, a, b) {
            out.push(Violation::new(
                Rule::MissingWarning,
                format!("same club {a}–{b}"),
            ));
        }
        if !pa.city.is_empty() && pa.city == pb.city && !f.warned_pair(Warning::SameCity, a, b) {
            out.push(Violation::new(
                Rule::MissingWarning,
                format!("same city {a}–{b}"),
            ));
        }
        let (ma, mb) = (f.st(a).main, f.st(b).main);
        if ma.div_euclid(2) != mb.div_euclid(2)
            && !has_float_warning(f, a, b)
            && (could_stay(f, a) || could_stay(f, b) || unavoidable_floats(f) == 0)
        {
            out.push(Violation::new(
                Rule::MissingWarning,
                format!(
                    "{a} ({}) meets {b} ({}) across groups",
                    HalfPoints(ma),
                    HalfPoints(mb)
                ),
            ));
        }
    }
    for g in f.round.games.iter().filter(|g| g.handicap == 0) {
        for (id, delta) in [(g.white, 1), (g.black, -1)] {
            let balance = f.st(id).balance + delta;
            if balance.abs() >= 2
                && !f.warned(&Warning::ColourImbalance {
                    player: id,
                    balance,
                })
            {
                out.push(Violation::new(
                    Rule::MissingWarning,
                    format!("{id} reaches colour balance {balance}"),
                ));
            }
        }
    }
    let top = f.pairable.iter().map(|id| f.st(*id).main).max();
    for g in f.round.games.iter().filter(|g| g.handicap > 0) {
        let best = f.st(g.white).main.max(f.st(g.black).main);
        if top.is_some_and(|t| best >= t)
            && !f.warned(&Warning::HandicapInTopGroup { table: g.table })
        {
            out.push(Violation::new(
                Rule::MissingWarning,
                format!("handicap game in the top group at table {}", g.table),
            ));
        }
    }
}

/// Was someone of `me`'s own score group (exact main score) among this round's players free to play them: never
/// met, not related, not on the never-pair list?
fn could_stay(f: &Field, me: PlayerId) -> bool {
    let main = f.st(me).main;
    f.pairs.iter().flat_map(|&(a, b)| [a, b]).any(|other| {
        other != me
            && f.st(other).main == main
            && !f.met.contains(&pair(me, other))
            && !f.same_family(me, other)
            && !f.never.contains(&pair(me, other))
    })
}

/// The players of this round paired outside their score group who could not stay in it.
fn unavoidable_floats(f: &Field) -> u32 {
    f.pairs
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .filter(|&(me, other)| f.st(me).main != f.st(other).main && !could_stay(f, me))
        .count() as u32
}

fn has_float_warning(f: &Field, a: PlayerId, b: PlayerId) -> bool {
    f.round.warnings.iter().any(|w| match w {
        Warning::PairedUpDown { player, .. } => *player == a || *player == b,
        _ => false,
    })
}

/// The game of this round between `a` and `b`, if any.
fn game_between<'r>(f: &Field<'r>, a: PlayerId, b: PlayerId) -> Option<&'r crate::model::Game> {
    f.round
        .games
        .iter()
        .find(|g| pair(g.white, g.black) == pair(a, b))
}

/// The colour balance a player has after this round (even games only).
fn balance_after(f: &Field, id: PlayerId) -> i32 {
    let delta: i32 = f
        .round
        .games
        .iter()
        .filter(|g| g.handicap == 0)
        .map(|g| match (g.white == id, g.black == id) {
            (true, _) => 1,
            (_, true) => -1,
            _ => 0,
        })
        .sum();
    f.st(id).balance + delta
}

fn warning_is_true(f: &Field, w: &Warning) -> bool {
    let both = |a: PlayerId, b: PlayerId| f.player(a).zip(f.player(b));
    match w {
        Warning::SameClub(a, b) => {
            game_between(f, *a, *b).is_some()
                && both(*a, *b).is_some_and(|(x, y)| {
                    !x.club.is_empty() && x.club.eq_ignore_ascii_case(&y.club)
                })
        }
        Warning::SameCity(a, b) => {
            game_between(f, *a, *b).is_some()
                && both(*a, *b).is_some_and(|(x, y)| {
                    !x.city.is_empty() && x.city.eq_ignore_ascii_case(&y.city)
                })
        }
        Warning::SameFamily(a, b) => game_between(f, *a, *b).is_some() && f.same_family(*a, *b),
        Warning::RepeatedGame(a, b) => {
            game_between(f, *a, *b).is_some() && f.met.contains(&pair(*a, *b))
        }
        Warning::PairedUpDown { player, from, to } => {
            could_stay(f, *player)
                && f.round.games.iter().any(|g| {
                    let opp = if g.white == *player {
                        g.black
                    } else if g.black == *player {
                        g.white
                    } else {
                        return false;
                    };
                    let (own, other) = (f.st(*player).main, f.st(opp).main);
                    own == from.0 && other == to.0 && own != other
                })
        }
        Warning::UnavoidableFloats { players } => *players > 0 && unavoidable_floats(f) == *players,
        Warning::NeverPairMet(a, b) => {
            game_between(f, *a, *b).is_some() && f.never.contains(&pair(*a, *b))
        }
        Warning::ColourImbalance { player, balance } => {
            balance.abs() >= 2 && balance_after(f, *player) == *balance
        }
        Warning::HandicapInTopGroup { table } => f
            .round
            .games
            .iter()
            .any(|g| g.table == *table && g.handicap > 0),
    }
}

/// Optimality re-check of a round the engine drew: takes the weights its matcher saw and re-solves them with the
/// dense reference (and exhaustive search on tiny fields); the engine's total must equal the optimum.
pub fn check_optimal(
    snapshot: &Snapshot,
    settings: &Settings,
    seed: u64,
    round: &Round,
) -> Vec<Violation> {
    let weights = match crate::engine::pair_weights(snapshot, settings, seed) {
        Ok(w) => w,
        Err(e) => {
            return vec![Violation::new(
                Rule::EngineError,
                format!("pair_weights failed: {e}"),
            )]
        }
    };
    let mut out = Vec::new();
    if weights.bye != round.bye {
        out.push(Violation::new(
            Rule::NotOptimal,
            format!(
                "the weights were built with bye {:?} but the round has {:?}",
                weights.bye, round.bye
            ),
        ));
    }
    let in_round: BTreeSet<PlayerId> = round
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .collect();
    let weighed: BTreeSet<PlayerId> = weights.players.iter().copied().collect();
    if in_round != weighed {
        out.push(Violation::new(
            Rule::NotOptimal,
            "the weights cover other players than the round",
        ));
    }
    out.extend(check_optimal_against(&weights.edges, round));
    out
}

/// Optimality re-check on explicit weights: `weights` are the pair weights the matcher saw (pairs absent from it are
/// forbidden); the round's pairs must form a maximum-cardinality matching of greatest total weight among those, and
/// each game's ledger must sum to its pair's weight. The optimum comes from the dense reference matcher, and on
/// fields up to [`EXHAUSTIVE_LIMIT`] players also from exhaustive search (the two must agree). O(n³): the caller
/// decides up to which field size it is worth it.
pub fn check_optimal_against(
    weights: &[(PlayerId, PlayerId, i64)],
    round: &Round,
) -> Vec<Violation> {
    let mut out = Vec::new();
    let table: BTreeMap<(PlayerId, PlayerId), i64> =
        weights.iter().map(|&(a, b, w)| (pair(a, b), w)).collect();
    let mut total: i128 = 0;
    for g in &round.games {
        match table.get(&pair(g.white, g.black)) {
            Some(&w) => {
                total += i128::from(w);
                if g.ledger.total() != w {
                    out.push(Violation::new(
                        Rule::NotOptimal,
                        format!(
                            "{}–{}: ledger sums to {} but the weight is {w}",
                            g.white,
                            g.black,
                            g.ledger.total()
                        ),
                    ));
                }
            }
            None => out.push(Violation::new(
                Rule::NotOptimal,
                format!("{}–{} is not an edge of the weight graph", g.white, g.black),
            )),
        }
    }
    let vertices: BTreeSet<PlayerId> = weights.iter().flat_map(|&(a, b, _)| [a, b]).collect();
    let ids: Vec<PlayerId> = vertices.into_iter().collect();
    let best = dense_optimum(&ids, &table);
    if ids.len() <= EXHAUSTIVE_LIMIT {
        let brute = brute_force_matching(&ids, &table);
        if brute != best {
            out.push(Violation::new(
                Rule::NotOptimal,
                format!("the dense reference finds {best:?} but exhaustive search {brute:?}"),
            ));
        }
    }
    let card = round.games.len() as u32;
    if (card, total) != best {
        out.push(Violation::new(
            Rule::NotOptimal,
            format!(
                "{card} games weighing {total}; the optimum is {} games weighing {}",
                best.0, best.1
            ),
        ));
    }
    out
}

/// (cardinality, total weight) of the dense reference's maximum-cardinality maximum-weight matching.
fn dense_optimum(ids: &[PlayerId], table: &BTreeMap<(PlayerId, PlayerId), i64>) -> (u32, i128) {
    let weight = |a: u32, b: u32| table.get(&pair(ids[a as usize], ids[b as usize])).copied();
    let mates = crate::matching::max_weight_matching_dense(ids.len(), &weight, true);
    let mut card = 0;
    let mut total: i128 = 0;
    for (a, m) in mates.iter().enumerate() {
        if let Some(b) = *m {
            if (a as u32) < b {
                card += 1;
                total += i128::from(weight(a as u32, b).unwrap_or(0));
            }
        }
    }
    (card, total)
}

/// Maximum-cardinality, then maximum-weight matching by exhaustive search (vertices may stay unmatched).
pub fn brute_force_matching(
    ids: &[PlayerId],
    weights: &BTreeMap<(PlayerId, PlayerId), i64>,
) -> (u32, i128) {
    let n = ids.len();
    let mut w = vec![vec![None; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j {
                w[i][j] = weights.get(&pair(ids[i], ids[j])).copied();
            }
        }
    }
    let mut memo = HashMap::new();
    brute_rec(&w, if n == 0 { 0 } else { (1u32 << n) - 1 }, &mut memo)
}

fn brute_rec(
    w: &[Vec<Option<i64>>],
    free: u32,
    memo: &mut HashMap<u32, (u32, i128)>,
) -> (u32, i128) {
    if free == 0 {
        return (0, 0);
    }
    if let Some(v) = memo.get(&free) {
        return *v;
    }
    let i = free.trailing_zeros() as usize;
    let rest = free & !(1 << i);
    let mut best = brute_rec(w, rest, memo);
    let mut bits = rest;
    while bits != 0 {
        let j = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(wij) = w[i][j] {
            let sub = brute_rec(w, rest & !(1 << j), memo);
            best = best.max((sub.0 + 1, sub.1 + i128::from(wij)));
        }
    }
    memo.insert(free, best);
    best
}

#[cfg(test)]
mod tests;
