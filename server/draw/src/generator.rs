//! A seeded random tournament generator: realistic fields (rank bell curve with a dan tail, clubs big and small,
//! cities, countries, families, locals, latecomers, partial players, withdrawals, ghosts), results drawn from the
//! players' strength, and [`simulate`], which plays a whole tournament through the engine and the checker.
//!
//! Deterministic: the same [`GenConfig`] always produces the same tournament. Its own small PRNG; no global state.

use std::collections::{BTreeMap, BTreeSet};

use crate::checker::{self, Rule, Violation};
use crate::egf::SeedSystem;
use crate::model::{
    ByeRule, DrawError, Game, GameResult, HalfPoints, HandicapRule, Ledger, Outcome, PastBye,
    PastGame, Player, PlayerId, Profile, Rank, Round, RoundNo, Seeding, Settings, Snapshot, System,
};

/// Default largest pairable field on which [`simulate`] also re-checks optimality ([`GenConfig::optimality_limit`]).
pub const OPTIMALITY_LIMIT: usize = 128;

/// SplitMix64: tiny, fast, and good enough for test data.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1).max(1) as u64) as i64
    }

    /// True with probability `per_mille`/1000.
    pub fn chance(&mut self, per_mille: u64) -> bool {
        self.below(1000) < per_mille
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// What kind of tournament to generate. [`GenConfig::new`] gives a plain McMahon; [`GenConfig::random`] draws every
/// option from the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenConfig {
    /// Registered players (ghost excluded).
    pub players: usize,
    /// Rounds to play.
    pub rounds: u32,
    /// Seed of everything: field, results, draw seeds.
    pub seed: u64,
    /// The draw's settings.
    pub settings: Settings,
    /// Per mille of players who arrive late (miss the first one or two rounds).
    pub late_per_mille: u64,
    /// Per mille of players who skip single rounds.
    pub partial_per_mille: u64,
    /// Per mille of players who withdraw before the end.
    pub withdraw_per_mille: u64,
    /// Per mille of games lost by forfeit.
    pub forfeit_per_mille: u64,
    /// Enter a ghost who plays whenever the field would otherwise be odd (in every round for a seed divisible by 4).
    pub ghost: bool,
    /// Per mille of rounds (from round 2) in which the director pairs two leaders by hand before the draw, so the
    /// engine must pair around a game already in the round.
    pub manual_per_mille: u64,
    /// Largest pairable field re-checked for optimality against the dense reference.
    pub optimality_limit: usize,
    /// Families started per thousand players (each of 2 or 3 relatives); about one player in ten by default.
    pub families_per_mille: u64,
}

impl GenConfig {
    /// A McMahon tournament with the default (`egf`) settings and ordinary amounts of latecomers and forfeits.
    pub fn new(players: usize, rounds: u32, seed: u64) -> GenConfig {
        GenConfig {
            players,
            rounds,
            seed,
            settings: Settings::default(),
            late_per_mille: 50,
            partial_per_mille: 50,
            withdraw_per_mille: 30,
            forfeit_per_mille: 20,
            ghost: false,
            manual_per_mille: 0,
            optimality_limit: OPTIMALITY_LIMIT,
            families_per_mille: 50,
        }
    }

    /// Every option drawn from `seed`: system, profile, seeding systems, handicap rule, bye rule, scores, tables,
    /// ghosts and the rates of latecomers, partial players, withdrawals and forfeits.
    pub fn random(players: usize, rounds: u32, seed: u64) -> GenConfig {
        let mut rng = Rng::new(seed ^ 0xC0F1_6000);
        let mut cfg = GenConfig::new(players, rounds, seed);
        cfg.settings = random_settings(&mut rng);
        cfg.late_per_mille = *rng.pick(&[0, 30, 100]);
        cfg.partial_per_mille = *rng.pick(&[0, 50, 150]);
        cfg.withdraw_per_mille = *rng.pick(&[0, 30, 100]);
        cfg.forfeit_per_mille = *rng.pick(&[0, 20, 60]);
        cfg.ghost = rng.chance(200);
        cfg.manual_per_mille = *rng.pick(&[0, 0, 150]);
        cfg.families_per_mille = *rng.pick(&[50, 50, 50, 400]);
        cfg
    }

    /// The CI soak mix, all from `seed`: mostly small fields (4–60 players), some medium ones (61–120), 3 to 10
    /// rounds, every option random ([`GenConfig::random`]).
    pub fn soak(seed: u64) -> GenConfig {
        let mut rng = Rng::new(seed ^ 0x50A4);
        let players = match rng.below(100) {
            0..=89 => rng.range(4, 60),
            _ => rng.range(61, 120),
        } as usize;
        let rounds = rng.range(3, 10) as u32;
        GenConfig::random(players, rounds, seed)
    }

    /// A wider mix for long runs: as [`GenConfig::soak`] but 15 % of fields have 61–150 players and 3 % 151–300.
    pub fn soak_wide(seed: u64) -> GenConfig {
        let mut rng = Rng::new(seed ^ 0x50A4);
        let players = match rng.below(100) {
            0..=81 => rng.range(4, 60),
            82..=96 => rng.range(61, 150),
            _ => rng.range(151, 300),
        } as usize;
        let rounds = rng.range(3, 10) as u32;
        GenConfig::random(players, rounds, seed)
    }

    /// A field larger than the engine's dense limit (401–600 players, 4–6 rounds), so the engine takes its sparse
    /// candidate graph; re-checked for optimality against the dense reference on every round.
    pub fn large(seed: u64) -> GenConfig {
        let mut rng = Rng::new(seed ^ 0x1A46E);
        let players = rng.range(401, 600) as usize;
        let rounds = rng.range(4, 6) as u32;
        let mut cfg = GenConfig::random(players, rounds, seed);
        cfg.optimality_limit = usize::MAX;
        cfg
    }

    /// A one-line description for logs, enough to replay the run.
    pub fn describe(&self) -> String {
        let s = &self.settings;
        format!(
            "seed={} players={} rounds={} system={:?} profile={:?} bye={:?} handicap={:?} seeds={:?}/{:?}@{} \
             mays={:?} first_table={} skip={:?} late={} partial={} withdraw={} forfeit={} ghost={} manual={} families={}",
            self.seed,
            self.players,
            self.rounds,
            s.system,
            s.profile,
            s.bye,
            s.handicap,
            s.egf.seed_system1,
            s.egf.seed_system2,
            s.egf.last_round_for_seed_system1,
            s.mays,
            s.first_table,
            s.skip_tables,
            self.late_per_mille,
            self.partial_per_mille,
            self.withdraw_per_mille,
            self.forfeit_per_mille,
            self.ghost,
            self.manual_per_mille,
            self.families_per_mille
        )
    }
}

fn random_settings(rng: &mut Rng) -> Settings {
    let system = if rng.chance(300) {
        System::Swiss
    } else {
        System::McMahon
    };
    let mut s = Settings {
        system,
        profile: if rng.chance(500) {
            Profile::Mays
        } else {
            Profile::Egf
        },
        bye: if rng.chance(500) {
            ByeRule::Mays
        } else {
            ByeRule::Egf
        },
        egf: match system {
            System::McMahon => crate::egf::Params::mcmahon(),
            System::Swiss => crate::egf::Params::swiss(),
        },
        ..Settings::default()
    };
    s.handicap = random_handicap(rng, system);
    let systems = [
        SeedSystem::SplitAndRandom,
        SeedSystem::SplitAndFold,
        SeedSystem::SplitAndSlip,
    ];
    s.egf.seed_system1 = *rng.pick(&systems);
    s.egf.seed_system2 = *rng.pick(&systems);
    s.egf.last_round_for_seed_system1 = rng.range(0, 3) as u32;
    s.mays.seeding = *rng.pick(&[
        Seeding::SplitAndFold,
        Seeding::SplitAndSlip,
        Seeding::SplitAndRandom,
        Seeding::Adjacent,
    ]);
    s.mays.avoid_club = rng.chance(800);
    s.mays.avoid_city = rng.chance(700);
    s.mays.avoid_country = rng.chance(300);
    s.mays.geography_up_to = Rank(*rng.pick(&[8, 0, -5]));
    s.mays.balance_colours = rng.chance(800);
    s.mays.minimize_handicap = rng.chance(300);
    s.scores.round_down = rng.chance(700);
    if rng.chance(200) {
        s.scores.absent_mms = HalfPoints(0);
    }
    s.first_table = *rng.pick(&[1, 1, 1, 0, 11, 101]);
    if rng.chance(200) {
        let from = s.first_table + rng.below(5) as u32;
        s.skip_tables = (from..from + 1 + rng.below(4) as u32).collect();
    }
    s
}

fn random_handicap(rng: &mut Rng, system: System) -> HandicapRule {
    if system == System::Swiss && rng.chance(700) {
        return HandicapRule {
            based_on_mms: false,
            no_handicap_above: Rank::MIN,
            correction: 0,
            ceiling: 0,
            even_at_or_above: None,
        };
    }
    HandicapRule {
        based_on_mms: system == System::McMahon && rng.chance(700),
        no_handicap_above: Rank(*rng.pick(&[0, 0, -5, 3])),
        correction: *rng.pick(&[1, 1, 2, 0, -1]),
        ceiling: *rng.pick(&[9, 9, 5, 0]),
        // Sometimes the BGA rule "even game when either player started at or above 1d's MMS".
        even_at_or_above: (system == System::McMahon && rng.chance(300))
            .then_some(HalfPoints(2 * (Rank(0).0 - Rank::MIN.0))),
    }
}

/// A rank from a bell curve around 7k (σ ≈ 5) with a dan tail, clamped to 30k..9d.
fn random_rank(rng: &mut Rng) -> i32 {
    if rng.chance(120) {
        return rng.range(0, 6) as i32;
    }
    let sum: i64 = (0..4).map(|_| rng.range(-5, 5)).sum();
    (-7 + sum as i32).clamp(Rank::MIN.0, Rank::MAX.0)
}

/// Index into `0..n` with weight 1/(i+1): a few big clubs, many small ones.
fn zipf(rng: &mut Rng, n: usize) -> usize {
    let total: u64 = (1..=n as u64).map(|i| 100_000 / i).sum();
    let mut x = rng.below(total);
    for i in 0..n {
        let w = 100_000 / (i as u64 + 1);
        if x < w {
            return i;
        }
        x -= w;
    }
    n - 1
}

const FAMILY_NAMES: [&str; 12] = [
    "Tanaka", "Müller", "Kim", "Novák", "Smith", "Rossi", "Dubois", "Nowak", "Ivanov", "García",
    "Lee", "Jansen",
];
const GIVEN_NAMES: [&str; 10] = [
    "Ana", "Ben", "Chen", "Dara", "Eli", "Fumi", "Gus", "Hana", "Ivo", "Jun",
];
const COUNTRIES: [&str; 6] = ["GB", "DE", "FR", "NL", "CZ", "JP"];

/// Generates the registered field (ids, numbers, ranks, ratings, clubs, cities, families, participation, starting
/// MMS) for `cfg`. The ghost, if any, is the last player.
pub fn players(cfg: &GenConfig) -> Vec<Player> {
    let mut rng = Rng::new(cfg.seed ^ 0x9_1A7E_5000);
    let n = cfg.players;
    let clubs = (n / 4).max(1);
    let cities = (clubs / 2).max(1);
    let mut out: Vec<Player> = (0..n)
        .map(|i| random_player(&mut rng, cfg, i, clubs, cities))
        .collect();
    add_families(&mut rng, &mut out, cfg.families_per_mille);
    number_by_strength(&mut out);
    set_starting_mms(&mut out, cfg);
    if cfg.ghost {
        out.push(ghost(cfg, &out));
    }
    out
}

fn random_player(rng: &mut Rng, cfg: &GenConfig, i: usize, clubs: usize, cities: usize) -> Player {
    let rank = random_rank(rng);
    let club = zipf(rng, clubs);
    let city = club % cities;
    let country = if rng.chance(850) {
        COUNTRIES[0]
    } else {
        *rng.pick(&COUNTRIES[1..])
    };
    Player {
        id: PlayerId(1000 + 7 * i as u32 + rng.below(7) as u32),
        number: 0,
        family_name: format!("{}{i}", rng.pick(&FAMILY_NAMES)),
        given_name: rng.pick(&GIVEN_NAMES).to_string(),
        rank: Rank(rank),
        rating: (!rng.chance(100)).then(|| (rank + 30) * 100 - 950 + rng.range(0, 99) as i32),
        club: if rng.chance(50) {
            String::new()
        } else {
            format!("K{club}")
        },
        city: if rng.chance(50) {
            String::new()
        } else {
            format!("Town{city}")
        },
        country: country.to_string(),
        family: None,
        local: city == 0,
        starting_mms: HalfPoints(0),
        participation: random_participation(rng, cfg),
        ghost: false,
    }
}

fn random_participation(rng: &mut Rng, cfg: &GenConfig) -> Vec<bool> {
    let rounds = cfg.rounds as usize;
    let mut plays = vec![true; rounds];
    if rng.chance(cfg.late_per_mille) {
        let missed = rng.range(1, 2) as usize;
        plays
            .iter_mut()
            .take(missed.min(rounds.saturating_sub(1)))
            .for_each(|p| *p = false);
    }
    if rng.chance(cfg.partial_per_mille) && rounds > 0 {
        let r = rng.below(rounds as u64) as usize;
        plays[r] = false;
    }
    if rng.chance(cfg.withdraw_per_mille) && rounds > 1 {
        let from = rng.range(1, rounds as i64 - 1) as usize;
        plays.iter_mut().skip(from).for_each(|p| *p = false);
    }
    // Some registrations only list the rounds up to the last absence: later rounds count as playing.
    if rng.chance(100) {
        while plays.len() > 1 && plays.last() == Some(&true) {
            plays.pop();
        }
    }
    plays
}

/// Makes some siblings or parent–child pairs (and a few trios) inside clubs: same family tag and family name.
fn add_families(rng: &mut Rng, players: &mut [Player], per_mille: u64) {
    let n = players.len();
    let families = (n as u64 * per_mille / 1000) as usize;
    for f in 0..families {
        let head = rng.below(n as u64) as usize;
        if players[head].family.is_some() {
            continue;
        }
        let size = if rng.chance(200) { 3 } else { 2 };
        let tag = format!("fam{f}");
        players[head].family = Some(tag.clone());
        let surname = players[head].family_name.clone();
        for _ in 1..size {
            let other = rng.below(n as u64) as usize;
            if players[other].family.is_none() {
                players[other].family = Some(tag.clone());
                players[other].family_name = surname.clone();
                players[other].club = players[head].club.clone();
                players[other].city = players[head].city.clone();
                players[other].local = players[head].local;
            }
        }
    }
}

/// Player numbers by strength: rank, then rating, then id.
fn number_by_strength(players: &mut [Player]) {
    players.sort_by_key(|p| (std::cmp::Reverse(p.rank), std::cmp::Reverse(p.rating), p.id));
    for (i, p) in players.iter_mut().enumerate() {
        p.number = i as u32 + 1;
    }
}

/// McMahon: the bar puts about 2 × rounds players in the top group (BGA guideline), the floor about 10 % of the field
/// at the bottom; Swiss: everyone starts at 0.
fn set_starting_mms(players: &mut [Player], cfg: &GenConfig) {
    if cfg.settings.system == System::Swiss || players.is_empty() {
        return;
    }
    let mut ranks: Vec<i32> = players.iter().map(|p| p.rank.0).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let top = (2 * cfg.rounds as usize).min(ranks.len() - 1);
    let bar = ranks[top];
    let floor = ranks[ranks.len() - 1 - ranks.len() / 10].min(bar);
    for p in players.iter_mut() {
        p.starting_mms = HalfPoints(2 * (p.rank.0.clamp(floor, bar) - Rank::MIN.0));
    }
}

/// A ghost (weakest rank, last number) who plays exactly when the rest of the field is odd.
/// One time in four the director leaves the ghost in every round, so an odd field with a ghost still needs a bye.
fn ghost(cfg: &GenConfig, players: &[Player]) -> Player {
    let always = cfg.seed.is_multiple_of(4);
    let participation = (1..=cfg.rounds)
        .map(|r| always || players.iter().filter(|p| p.plays(RoundNo(r))).count() % 2 == 1)
        .collect();
    let floor = players
        .iter()
        .map(|p| p.starting_mms)
        .min()
        .unwrap_or_default();
    Player {
        id: PlayerId(999),
        number: players.len() as u32 + 1,
        family_name: "Ghost".into(),
        given_name: "Ghost".into(),
        rank: Rank::MIN,
        rating: None,
        club: String::new(),
        city: String::new(),
        country: String::new(),
        family: None,
        local: true,
        starting_mms: floor,
        participation,
        ghost: true,
    }
}

/// "Round 6 of a realistic McMahon field": `players` players (default settings), 5 rounds played, ready to draw
/// round 6 of 6. Used by the benchmarks.
///
/// The five rounds are paired by [`quick_round`], a fast greedy McMahon stand-in, not by the engine: setting up a
/// 10,000-player benchmark then takes well under a second and does not depend on the engine being right or fast.
pub fn field(players: usize, seed: u64) -> Snapshot {
    let cfg = GenConfig::new(players, 6, seed);
    let mut snapshot = Snapshot {
        round: 1,
        rounds_total: 6,
        players: self::players(&cfg),
        games: vec![],
        byes: vec![],
    };
    let mut rng = Rng::new(seed ^ 0xF1E1D);
    for r in 1..=5 {
        snapshot.round = r;
        let round = quick_round(&snapshot, &cfg.settings);
        let games = play_round(&snapshot, &round, &mut rng, cfg.forfeit_per_mille);
        snapshot.games.extend(games);
        if let Some(bye) = round.bye {
            snapshot.byes.push(PastBye {
                round: round.round,
                player: bye,
            });
        }
    }
    snapshot.round = 6;
    snapshot
}

/// How far down the score order [`quick_round`] looks for an opponent not met before.
const QUICK_WINDOW: usize = 40;

/// A fast greedy McMahon pairing (not optimal, no ledgers, no warnings): present players in score order (McMahon
/// score, then player number); an odd field gives the bye to the lowest player without one; each unpaired player
/// meets the next one below not met before (within [`QUICK_WINDOW`], else the next one); handicap by the rule,
/// stronger White, otherwise colours by balance.
pub fn quick_round(snapshot: &Snapshot, settings: &Settings) -> Round {
    let now = snapshot.round_no();
    let mms = checker::mcmahon_scores(snapshot, settings);
    let score = |id: PlayerId| mms.get(&id).copied().unwrap_or_default();
    let met = met_pairs(snapshot);
    let had_bye: BTreeSet<PlayerId> = snapshot.byes.iter().map(|b| b.player).collect();
    let mut order: Vec<&Player> = snapshot.players.iter().filter(|p| p.plays(now)).collect();
    order.sort_by_key(|p| (std::cmp::Reverse(score(p.id)), p.number));
    let mut bye = None;
    if order.len() % 2 == 1 {
        let pick = order
            .iter()
            .rposition(|p| !p.ghost && !had_bye.contains(&p.id));
        let pick = pick.or_else(|| order.iter().rposition(|p| !p.ghost));
        if let Some(i) = pick {
            bye = Some(order.remove(i).id);
        }
    }
    let balance = colour_balances(snapshot);
    let mut used = vec![false; order.len()];
    let mut games = Vec::with_capacity(order.len() / 2);
    for i in 0..order.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let free: Vec<usize> = (i + 1..order.len())
            .filter(|&j| !used[j])
            .take(QUICK_WINDOW)
            .collect();
        let a = order[i].id;
        let fresh = |j: &usize| !met.contains(&(a.min(order[*j].id), a.max(order[*j].id)));
        let Some(j) = free.iter().copied().find(fresh).or(free.first().copied()) else {
            continue;
        };
        used[j] = true;
        let (p, q) = (order[i], order[j]);
        let (stones, stronger) =
            checker::expected_handicap(settings, (p, score(p.id)), (q, score(q.id)));
        let bal = |id: PlayerId| balance.get(&id).copied().unwrap_or(0);
        let p_white = match stronger {
            Some(s) if stones > 0 => s == p.id,
            _ => bal(p.id) <= bal(q.id),
        };
        let (white, black) = if p_white { (p.id, q.id) } else { (q.id, p.id) };
        games.push(Game {
            table: settings.first_table + games.len() as u32,
            white,
            black,
            handicap: stones,
            ledger: Ledger::default(),
        });
    }
    Round {
        round: now,
        seed: 0,
        games,
        bye,
        advancing: Vec::new(),
        warnings: vec![],
    }
}

/// White − black over past even games with known colours.
fn colour_balances(snapshot: &Snapshot) -> BTreeMap<PlayerId, i32> {
    let mut out = BTreeMap::new();
    for g in snapshot
        .games
        .iter()
        .filter(|g| g.handicap == 0 && g.known_colour)
    {
        *out.entry(g.white).or_insert(0) += 1;
        *out.entry(g.black).or_insert(0) -= 1;
    }
    out
}

/// Results of one drawn round, chosen from the seed: the stronger player (after handicap) wins more often, with
/// some jigo, forfeits and, rarely, both-lose. A ghost always loses by forfeit. Returns the round's games.
pub fn play_round(
    snapshot: &Snapshot,
    round: &Round,
    rng: &mut Rng,
    forfeit_per_mille: u64,
) -> Vec<PastGame> {
    let players: BTreeMap<PlayerId, &Player> = snapshot.players.iter().map(|p| (p.id, p)).collect();
    round
        .games
        .iter()
        .map(|g| {
            let (w, b) = (players.get(&g.white), players.get(&g.black));
            let result = match (w, b) {
                (Some(w), Some(b)) => result_between(rng, w, b, g.handicap, forfeit_per_mille),
                _ => GameResult::played(Outcome::Unknown),
            };
            PastGame {
                round: round.round,
                white: g.white,
                black: g.black,
                handicap: g.handicap,
                result,
                known_colour: true,
            }
        })
        .collect()
}

fn result_between(
    rng: &mut Rng,
    white: &Player,
    black: &Player,
    handicap: u8,
    forfeit: u64,
) -> GameResult {
    if white.ghost || black.ghost {
        let outcome = if white.ghost {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        };
        return GameResult {
            outcome,
            by_forfeit: true,
        };
    }
    if rng.chance(forfeit) {
        let outcome = *rng.pick(&[
            Outcome::WhiteWins,
            Outcome::BlackWins,
            Outcome::WhiteWins,
            Outcome::BothLose,
        ]);
        return GameResult {
            outcome,
            by_forfeit: true,
        };
    }
    if rng.chance(20) {
        return GameResult::played(Outcome::Jigo);
    }
    if rng.chance(3) {
        return GameResult::played(*rng.pick(&[Outcome::BothLose, Outcome::BothWin]));
    }
    // Each stone is worth about a rank; white wins 50 % plus 12 % per rank of effective advantage.
    let edge = white.rank.0 - black.rank.0 - i32::from(handicap);
    let p = (500 + 120 * i64::from(edge)).clamp(50, 950) as u64;
    GameResult::played(if rng.chance(p) {
        Outcome::WhiteWins
    } else {
        Outcome::BlackWins
    })
}

/// One drawn round of a simulation.
#[derive(Debug, Clone)]
pub struct RoundReport {
    /// The round number.
    pub round: u32,
    /// The seed passed to the draw.
    pub draw_seed: u64,
    /// Pairable players (bye included).
    pub pairable: usize,
    /// Whether the round was re-checked for optimality.
    pub optimality_checked: bool,
    /// What the engine produced.
    pub result: Result<Round, DrawError>,
    /// What the checker found (empty when the round is valid).
    pub violations: Vec<Violation>,
}

/// A tournament being played round by round; an iterator of [`RoundReport`]s.
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The configuration.
    pub config: GenConfig,
    /// The tournament so far (`round` is the next round to draw).
    pub snapshot: Snapshot,
    rng: Rng,
    checks: bool,
}

impl Simulation {
    /// A fresh tournament with the field of `config`.
    pub fn new(config: GenConfig) -> Simulation {
        let snapshot = Snapshot {
            round: 1,
            rounds_total: config.rounds,
            players: players(&config),
            games: vec![],
            byes: vec![],
        };
        let rng = Rng::new(config.seed ^ 0x2E5_0175);
        Simulation {
            config,
            snapshot,
            rng,
            checks: true,
        }
    }

    /// Skips the checker (for building benchmark fields quickly).
    pub fn without_checks(mut self) -> Simulation {
        self.checks = false;
        self
    }

    /// Players the draw must place: present and not already in a game of this round.
    fn pairable(&self) -> usize {
        let now = self.snapshot.round_no();
        let busy: BTreeSet<PlayerId> = self
            .snapshot
            .games
            .iter()
            .filter(|g| g.round == now)
            .flat_map(|g| [g.white, g.black])
            .collect();
        self.snapshot
            .players
            .iter()
            .filter(|p| p.plays(now) && !busy.contains(&p.id))
            .count()
    }

    /// Maybe pairs the two best present players by hand (if they never met and are not relatives), as a game of
    /// the round about to be drawn.
    fn pair_by_hand(&mut self) {
        let now = self.snapshot.round_no();
        if now.0 < 2 || !self.rng.chance(self.config.manual_per_mille) {
            return;
        }
        let mut present: Vec<&Player> = self
            .snapshot
            .players
            .iter()
            .filter(|p| p.plays(now) && !p.ghost)
            .collect();
        present.sort_by_key(|p| p.number);
        let (Some(a), Some(b)) = (present.first(), present.get(1)) else {
            return;
        };
        let met = met_pairs(&self.snapshot).contains(&(a.id.min(b.id), a.id.max(b.id)));
        if met || (a.family.is_some() && a.family == b.family) {
            return;
        }
        let game = PastGame {
            round: now,
            white: a.id,
            black: b.id,
            handicap: 0,
            result: GameResult::played(Outcome::Unknown),
            known_colour: true,
        };
        self.snapshot.games.push(game);
    }

    fn record(&mut self, round: &Round) {
        let players: BTreeMap<PlayerId, Player> = self
            .snapshot
            .players
            .iter()
            .map(|p| (p.id, p.clone()))
            .collect();
        let forfeit = self.config.forfeit_per_mille;
        for g in self
            .snapshot
            .games
            .iter_mut()
            .filter(|g| g.round == round.round)
        {
            if let (Some(w), Some(b)) = (players.get(&g.white), players.get(&g.black)) {
                g.result = result_between(&mut self.rng, w, b, g.handicap, forfeit);
            }
        }
        let games = play_round(&self.snapshot, round, &mut self.rng, forfeit);
        self.snapshot.games.extend(games);
        if let Some(bye) = round.bye {
            self.snapshot.byes.push(PastBye {
                round: round.round,
                player: bye,
            });
        }
    }
}

impl Iterator for Simulation {
    type Item = RoundReport;

    fn next(&mut self) -> Option<RoundReport> {
        if self.snapshot.round > self.config.rounds {
            return None;
        }
        let draw_seed = self.rng.next_u64();
        self.pair_by_hand();
        let pairable = self.pairable();
        let result = crate::draw(&self.snapshot, &self.config.settings, draw_seed);
        let optimality = pairable <= self.config.optimality_limit;
        let violations = match (&result, self.checks) {
            (Ok(round), true) => check_round(
                &self.snapshot,
                &self.config.settings,
                draw_seed,
                round,
                optimality,
            ),
            (Ok(_), false) => vec![],
            (Err(e), _) if pairable >= 2 => vec![Violation {
                rule: Rule::EngineError,
                detail: e.to_string(),
            }],
            (Err(_), _) => vec![],
        };
        if let Ok(round) = &result {
            self.record(round);
        }
        let report = RoundReport {
            round: self.snapshot.round,
            draw_seed,
            pairable,
            optimality_checked: optimality && result.is_ok() && self.checks,
            result,
            violations,
        };
        self.snapshot.round += 1;
        Some(report)
    }
}

fn check_round(
    snapshot: &Snapshot,
    settings: &Settings,
    seed: u64,
    round: &Round,
    optimality: bool,
) -> Vec<Violation> {
    let mut v = checker::check(snapshot, settings, round);
    if optimality {
        v.extend(checker::check_optimal(snapshot, settings, seed, round));
        v.extend(check_order_independence(snapshot, settings, seed, round));
    }
    v
}

/// Draws again from the same snapshot with its players, games and byes in another order: the round must be
/// identical (the engine must not depend on input order or hash-map iteration).
fn check_order_independence(
    snapshot: &Snapshot,
    settings: &Settings,
    seed: u64,
    round: &Round,
) -> Vec<Violation> {
    let mut shuffled = snapshot.clone();
    shuffled.players.reverse();
    let half = shuffled.games.len() / 2;
    shuffled.games.rotate_left(half);
    shuffled.byes.reverse();
    match crate::draw(&shuffled, settings, seed) {
        Ok(again) if again == *round => vec![],
        Ok(again) => vec![Violation {
            rule: Rule::NotDeterministic,
            detail: format!(
                "reordered input gives another round: {:?} vs {:?}",
                pairs_of(&again),
                pairs_of(round)
            ),
        }],
        Err(e) => vec![Violation {
            rule: Rule::NotDeterministic,
            detail: format!("reordered input is refused: {e}"),
        }],
    }
}

fn pairs_of(round: &Round) -> Vec<(u32, PlayerId, PlayerId)> {
    round
        .games
        .iter()
        .map(|g| (g.table, g.white, g.black))
        .collect()
}

/// Plays the tournament of `config` round by round: draw with [`crate::draw`], check with [`checker::check`] (and
/// [`checker::check_optimal`] on fields up to [`GenConfig::optimality_limit`] players), record generated results, next round.
pub fn simulate(config: GenConfig) -> Simulation {
    Simulation::new(config)
}

/// Round 6 of a realistic McMahon field of `n` players (a 6-round tournament), rounds 1–5 drawn with `settings`
/// and played without checks: the input of the benches and timings.
pub fn round_six_field(n: usize, settings: &Settings) -> Snapshot {
    let mut cfg = GenConfig::new(n, 6, 6);
    cfg.settings = settings.clone();
    let mut sim = Simulation::new(cfg).without_checks();
    for _ in 0..5 {
        if sim.next().is_none() {
            break;
        }
    }
    let mut snapshot = sim.snapshot;
    snapshot.round = 6;
    snapshot
}

/// Counts over many simulated rounds, to show what a soak run exercised.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SoakStats {
    /// Rounds drawn (or refused).
    pub rounds: u64,
    /// Games produced.
    pub games: u64,
    /// Byes given.
    pub byes: u64,
    /// Games with handicap stones.
    pub handicap_games: u64,
    /// Rounds re-checked for optimality.
    pub optimality_checked: u64,
    /// Rounds the engine refused.
    pub engine_errors: u64,
    /// Rounds with at least one violation.
    pub failing_rounds: u64,
    /// Warnings by kind.
    pub warnings: BTreeMap<&'static str, u64>,
}

impl SoakStats {
    /// Adds one round's report.
    pub fn add(&mut self, report: &RoundReport) {
        self.rounds += 1;
        self.failing_rounds += u64::from(!report.violations.is_empty());
        self.optimality_checked += u64::from(report.optimality_checked);
        let round = match &report.result {
            Ok(round) => round,
            Err(_) => {
                self.engine_errors += 1;
                return;
            }
        };
        self.games += round.games.len() as u64;
        self.byes += u64::from(round.bye.is_some());
        self.handicap_games += round.games.iter().filter(|g| g.handicap > 0).count() as u64;
        for w in &round.warnings {
            *self.warnings.entry(warning_kind(w)).or_default() += 1;
        }
    }
}

impl std::fmt::Display for SoakStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} rounds, {} games, {} byes, {} handicap games, {} re-checked for optimality, {} engine errors, \
             {} failing rounds; warnings {:?}",
            self.rounds,
            self.games,
            self.byes,
            self.handicap_games,
            self.optimality_checked,
            self.engine_errors,
            self.failing_rounds,
            self.warnings
        )
    }
}

fn warning_kind(w: &crate::model::Warning) -> &'static str {
    use crate::model::Warning;
    match w {
        Warning::SameClub(..) => "club",
        Warning::SameCity(..) => "city",
        Warning::SameFamily(..) => "family",
        Warning::RepeatedGame(..) => "repeat",
        Warning::PairedUpDown { .. } => "updown",
        Warning::ColourImbalance { .. } => "colour",
        Warning::HandicapInTopGroup { .. } => "top-handicap",
        Warning::UnavoidableFloats { .. } => "unavoidable-floats",
        Warning::NeverPairMet(..) => "never-pair",
    }
}

/// Distinct pairs of a snapshot's games (for tests).
pub fn met_pairs(snapshot: &Snapshot) -> BTreeSet<(PlayerId, PlayerId)> {
    snapshot
        .games
        .iter()
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_field() {
        let a = players(&GenConfig::random(60, 5, 7));
        let b = players(&GenConfig::random(60, 5, 7));
        assert_eq!(a, b);
        assert_ne!(a, players(&GenConfig::random(60, 5, 8)));
    }

    #[test]
    fn fields_are_realistic() {
        let ps = players(&GenConfig::new(400, 5, 1));
        let ids: BTreeSet<_> = ps.iter().map(|p| p.id).collect();
        assert_eq!(ids.len(), 400, "ids are unique");
        let dans = ps.iter().filter(|p| p.rank.0 >= 0).count();
        let ddk = ps.iter().filter(|p| p.rank.0 <= -10).count();
        assert!(dans > 20 && dans < 120, "a dan tail: {dans}");
        assert!(ddk > 40, "double-digit kyu players exist: {ddk}");
        let top = ps
            .iter()
            .map(|p| p.starting_mms)
            .max()
            .expect("non-empty field");
        let at_bar = ps.iter().filter(|p| p.starting_mms == top).count();
        assert!(
            (10..=40).contains(&at_bar),
            "top group ≈ 2 × rounds: {at_bar}"
        );
        assert!(ps.iter().any(|p| p.family.is_some()));
        assert!(ps.iter().any(|p| !p.participation[0]), "latecomers");
        for p in &ps {
            if let Some(r) = p.rating {
                assert_eq!(
                    (r + 950) / 100 - 30,
                    p.rank.0,
                    "rating consistent with rank"
                );
            }
        }
    }

    #[test]
    fn a_ghost_evens_every_round() {
        let mut cfg = GenConfig::new(31, 6, 3);
        cfg.ghost = true;
        let ps = players(&cfg);
        for r in 1..=6 {
            let n = ps.iter().filter(|p| p.plays(RoundNo(r))).count();
            assert_eq!(n % 2, 0, "round {r}");
        }
    }

    #[test]
    fn benchmark_fields_have_five_rounds_played() {
        let s = field(300, 6);
        assert_eq!(s.round, 6);
        for r in 1..=5 {
            let present = s.players.iter().filter(|p| p.plays(RoundNo(r))).count();
            let games = s.games.iter().filter(|g| g.round == RoundNo(r)).count();
            assert_eq!(
                2 * games + present % 2,
                present,
                "round {r}: everyone present plays"
            );
        }
        let repeats = s.games.len() - met_pairs(&s).len();
        assert!(
            repeats <= 3,
            "the greedy pairing repeats rarely (only at the very bottom): {repeats}"
        );
        assert_eq!(s, field(300, 6), "deterministic");
    }

    #[test]
    fn stronger_players_win_more_often() {
        let mut rng = Rng::new(5);
        let strong = Player {
            rank: Rank(0),
            ..players(&GenConfig::new(2, 1, 1))[0].clone()
        };
        let weak = Player {
            rank: Rank(-4),
            ..strong.clone()
        };
        let wins = (0..1000)
            .filter(|_| {
                result_between(&mut rng, &strong, &weak, 0, 0).outcome == Outcome::WhiteWins
            })
            .count();
        assert!(wins > 850, "{wins}");
    }
}
