//! What a director chooses about standings: how missed rounds and byes score, which tie-break criteria apply
//! in which order and with which conventions, and the two ready-made profiles (Mays' manual and the EGF).
//! Plain data only; the arithmetic lives in `score`, `tiebreak` and `placing`.

use tengen_draw::model::{HalfPoints, Rank};

/// How a round the player misses (not participating, no game, no bye) credits the McMahon score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MissedRounds {
    /// Mays' manual: ½ point per missed round, for latecomers, partial players and on a player's return.
    #[default]
    MaysHalf,
    /// BGA handbook §9.4: one point after every two missed rounds (the running count of missed rounds is halved
    /// and floored). This equals OpenGotha's default (absent ½, "round down" of the running total).
    BgaOnePerTwo,
    /// No credit at all.
    Nothing,
}

/// Which McMahon score places the players: where the EGF (OpenGotha) and Mays' manual differ about missed rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Placing {
    /// OpenGotha and the EGF: the score with the missed-round credits, the same one the draw pairs on.
    #[default]
    WithCredits,
    /// Mays' manual: the score the player earned over the board and with byes. The credit for missed rounds is
    /// "for pairing purposes only and for tie-break calculations" (p. 16), the final MMS is the one after the
    /// last round played (p. 20), and missing a round "has the same effect as losing it" (Table 1): so a missed
    /// round places like a loss, while pairing and the tie-breaks (SOS of the opponents, CUSS, …) keep the
    /// credit.
    Earned,
}

/// How rounds score, in half points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreRules {
    /// Credit for missed rounds (McMahon score only; never counts as a win).
    pub missed: MissedRounds,
    /// Points for a bye, counted as a win (default 1).
    pub bye: HalfPoints,
    /// Whether the missed-round credit counts in the score that places (the `Mms` criterion, the MMS column).
    pub placing: Placing,
}

impl Default for ScoreRules {
    fn default() -> Self {
        ScoreRules {
            missed: MissedRounds::MaysHalf,
            bye: HalfPoints::ONE,
            placing: Placing::WithCredits,
        }
    }
}

/// Which score of an opponent the SOS family adds up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpponentScore {
    /// The opponent's McMahon score after the last counted round ("final MMS").
    #[default]
    Final,
    /// Mays' adjusted score: the opponent's final score +½ per loss by forfeit and per missed round, −½ per win
    /// by forfeit and per bye, applied to the score *without* missed-round credits (as in the manual's Table 1,
    /// where a partial player who left after round 1 has final −8 and adjusted −5.5). Equivalently: the starting
    /// MMS plus the points of games played over the board plus ½ for every round without such a game. This is
    /// also OpenGotha's "count not played games as half point" mode.
    Adjusted,
    /// The opponent's number of wins after the last counted round (OpenGotha's SOSW, for Swiss events; pair it
    /// with [`Unplayed::Zero`]).
    Wins,
}

/// What a round in which the player had no game (bye, missed, not assigned) adds to SOS-family sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Unplayed {
    /// The player's own starting McMahon score (EGF tournament system rules, BGA handbook, OpenGotha SOSM).
    #[default]
    OwnStart,
    /// The EGF virtual-opponent option: a virtual opponent who started where the player started and scored ½
    /// per round, i.e. own starting MMS + ½ × R (R = rounds counted).
    VirtualOpponent,
    /// Mays' normalisation: the round adds nothing and the sum is multiplied by R / opponents met.
    Normalise,
    /// Nothing (the Swiss SOSW convention).
    Zero,
}

/// Conventions of one SOS-family criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SosRules {
    /// Final or adjusted opponent scores.
    pub opponent: OpponentScore,
    /// What rounds without a game add.
    pub unplayed: Unplayed,
    /// OpenGotha's SOSM: each opponent's score counts with the handicap stones added when the player had White
    /// (gave them) and subtracted when Black (took them), so that a game given stones weighs as the opponent's
    /// strength at the board. Only with [`OpponentScore::Final`].
    pub handicap: bool,
}

impl SosRules {
    /// SOS with the EGF convention as OpenGotha computes it (SOSM): final scores ± the handicap, own starting MMS
    /// for rounds without a game.
    pub const EGF: SosRules = SosRules {
        opponent: OpponentScore::Final,
        unplayed: Unplayed::OwnStart,
        handicap: true,
    };
    /// Mays' SOS: adjusted opponent scores, normalised.
    pub const MAYS: SosRules = SosRules {
        opponent: OpponentScore::Adjusted,
        unplayed: Unplayed::Normalise,
        handicap: false,
    };
    /// Mays' SDOS (the SODOS of his manual): adjusted scores of the defeated opponents; a bye adds nothing. Its
    /// criterion is named "SDOS", as the manual calls it.
    pub const MAYS_SDOS: SosRules = SosRules {
        opponent: OpponentScore::Adjusted,
        unplayed: Unplayed::Zero,
        handicap: false,
    };
}

/// One placement criterion. Higher values place higher for every criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Criterion {
    /// McMahon score after the last counted round.
    Mms,
    /// Number of wins (wins, by forfeit too, byes; jigo ½; both-win 1 each).
    Wins,
    /// Sum of opponents' scores.
    Sos(SosRules),
    /// SOS without the lowest one or two per-round values (OpenGotha's SOS−1/SOS−2; the substitutes of
    /// rounds without a game are candidates for removal).
    SosMinus(u8, SosRules),
    /// Sum of opponents' SOS (computed with the same rules).
    Sosos(SosRules),
    /// Sum of defeated opponents' scores; a jigo adds half the opponent's score; with [`Unplayed::OwnStart`] a
    /// bye adds the player's own starting MMS (BGA's "free win").
    Sodos(SosRules),
    /// Cumulative sum of scores: Σ over rounds of the McMahon score after that round.
    Cuss,
    /// Cumulative sum of points: Σ over rounds of the points from games (wins, by forfeit too, and jigos) up to
    /// that round; byes and missed-round credits excluded ("no free wins").
    Cusp,
    /// Score against common opponents (AGA): among players tied on every earlier criterion, the points each
    /// scored against the opponents that all of them met.
    Saco,
    /// Head-to-head among players tied on every earlier criterion (see `tiebreak::head_to_head`).
    HeadToHead,
    /// The sequence of results compared round by round from the first, an early win above a late one (a
    /// generalised knockout's order, BGA handbook 11.3): one digit per round, 2 a win (or the bye), 1 a jigo,
    /// 0 a loss or a round without a game, read as a number (shown as letters: `Standings::value_text`).
    Sequence,
    /// The round a player went out in, a double elimination's order (BGA handbook 11.2): the round of their
    /// second loss, or of a loss in the tournament's last round (the final); one more than the rounds counted for
    /// a player still in (and for the winner). Shown as `R3` for out in round 3, `in` otherwise.
    Survival,
    /// The AGA's median or Harkness score ("Resolving Ties", alternate methods, 1): SOS leaving out the strongest
    /// and the weakest opponent, in a tournament of more than eight rounds the two strongest and the two weakest.
    /// Only opponents are left out: a round without a game adds its [`Unplayed`] substitute as in SOS (see
    /// `tiebreak::median`).
    Median(SosRules),
    /// OpenGotha's simplified direct confrontation, among players tied on every earlier criterion: when every two
    /// of them have met (and each pair's games do not cancel out), each one's number of wins against the others;
    /// otherwise 0 for all of them.
    Sdc,
    /// OpenGotha's EXT ("exploits tentés", attempted feats): Σ over games of the opponent's wins × a coefficient
    /// of 0, 1, 2 or 3 as the handicap the player played at (their view: + when they gave stones) was below,
    /// equal to, one above, or at least two above the natural handicap (the rank difference).
    Ext,
    /// OpenGotha's EXR ("exploits réussis", feats achieved): EXT over the games the player won.
    Exr,
    /// The player's rating, higher first; without one, the middle of their rank's band on the EGF scale
    /// (100 × rank + 2100: 1d 2100, 1k 2000).
    Rating,
    /// The player's rank, higher first.
    Rank,
}

impl Criterion {
    /// Short name for tables and explanations.
    pub fn name(&self) -> String {
        match self {
            Criterion::Mms => "MMS".into(),
            Criterion::Wins => "Wins".into(),
            Criterion::Sos(r) => format!("SOS{}", rules_suffix(r)),
            Criterion::SosMinus(k, r) => format!("SOS-{k}{}", rules_suffix(r)),
            Criterion::Sosos(r) => format!("SOSOS{}", rules_suffix(r)),
            Criterion::Sodos(r) if *r == SosRules::MAYS_SDOS => "SDOS".into(),
            Criterion::Sodos(r) => format!("SODOS{}", rules_suffix(r)),
            Criterion::Cuss => "CUSS".into(),
            Criterion::Cusp => "CUSP".into(),
            Criterion::Saco => "SACO".into(),
            Criterion::HeadToHead => "H2H".into(),
            Criterion::Sequence => "Sequence".into(),
            Criterion::Survival => "Out in".into(),
            Criterion::Median(r) => format!("Median{}", rules_suffix(r)),
            Criterion::Sdc => "SDC".into(),
            Criterion::Ext => "EXT".into(),
            Criterion::Exr => "EXR".into(),
            Criterion::Rating => "Rating".into(),
            Criterion::Rank => "Rank".into(),
        }
    }

    /// True for criteria whose value depends on the group of tied players (SACO, head-to-head, SDC).
    pub fn is_group(&self) -> bool {
        matches!(
            self,
            Criterion::Saco | Criterion::HeadToHead | Criterion::Sdc
        )
    }
}

fn rules_suffix(r: &SosRules) -> &'static str {
    match (r.opponent, r.unplayed) {
        (OpponentScore::Wins, Unplayed::Zero) => "W",
        (OpponentScore::Wins, _) => "W (substitute)",
        (OpponentScore::Final, Unplayed::OwnStart) => "",
        (OpponentScore::Final, Unplayed::VirtualOpponent) => " (virtual)",
        (OpponentScore::Final, Unplayed::Normalise) => " (normalised)",
        (OpponentScore::Final, Unplayed::Zero) => " (0 unplayed)",
        (OpponentScore::Adjusted, Unplayed::OwnStart) => " (adjusted)",
        (OpponentScore::Adjusted, Unplayed::VirtualOpponent) => " (adjusted, virtual)",
        (OpponentScore::Adjusted, Unplayed::Normalise) => " (adjusted, normalised)",
        (OpponentScore::Adjusted, Unplayed::Zero) => " (adjusted, 0 unplayed)",
    }
}

/// Which groups of players have their own standings and winners (and section prizes).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Sections {
    /// No sections: only the overall standings.
    None,
    /// McMahon sections: the players sharing a starting MMS (Mays' sections), highest first.
    #[default]
    ByStartingMms,
    /// The director's categories by rank: the lowest rank of each, strongest first; a player belongs to the
    /// first category whose lowest rank they reach (the last one takes everyone below).
    ByRank(Vec<Rank>),
    /// The groups the tournament is played in (groups of eight, zones), strongest first, as the draw made them:
    /// each group is placed on its own, and the overall standings are the groups' one after the other.
    Groups(Vec<Vec<tengen_draw::model::PlayerId>>),
}

/// Everything standings depend on besides the tournament itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Scoring of missed rounds and byes.
    pub scores: ScoreRules,
    /// Placement criteria, most important first.
    pub criteria: Vec<Criterion>,
    /// Which groups get their own standings and winners.
    pub sections: Sections,
}

impl Settings {
    /// Mays' manual: MMS as earned (½ per missed round for the tie-breaks only), adjusted and normalised SOS,
    /// SDOS on adjusted scores, then the one-on-one test; winners per McMahon section.
    pub fn mays() -> Settings {
        Settings {
            scores: ScoreRules {
                missed: MissedRounds::MaysHalf,
                bye: HalfPoints::ONE,
                placing: Placing::Earned,
            },
            criteria: vec![
                Criterion::Mms,
                Criterion::Sos(SosRules::MAYS),
                Criterion::Sodos(SosRules::MAYS_SDOS),
                Criterion::HeadToHead,
            ],
            sections: Sections::ByStartingMms,
        }
    }

    /// The EGF: MMS (OpenGotha's default credits, i.e. one point per two missed rounds, counted in placing),
    /// SOS, SOSOS with the own-starting-MMS convention for rounds without a game.
    pub fn egf() -> Settings {
        Settings {
            scores: ScoreRules {
                missed: MissedRounds::BgaOnePerTwo,
                bye: HalfPoints::ONE,
                placing: Placing::WithCredits,
            },
            criteria: vec![
                Criterion::Mms,
                Criterion::Sos(SosRules::EGF),
                Criterion::Sosos(SosRules::EGF),
            ],
            sections: Sections::ByStartingMms,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::egf()
    }
}
