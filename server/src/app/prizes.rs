//! The prize-giving of one tournament after a round: which groups of prizes its settings offer (places, each
//! section's places, a prize per level of wins, the juniors, the players below a rank, improvement), who may take
//! each (from the standings and the register: wins, year of birth, rank, number), and who takes what
//! (`tengen_standings::prizes::give`: one prize each, the best, unless the director lets them stack). One answer
//! for the gRPC standings, the sheets and the pages.
//!
//! Reads the roster and the standings; never changes the state, never reads contact data. The year of birth is
//! read only to say whether a player is a junior.

use super::roster::{section_label, Roster};
use crate::domain::field::participant_id;
use crate::domain::rank::Rank;
use crate::domain::ParticipantId;
use tengen_standings::prizes::{give, Candidate, Cents, Pot, PrizeGroup};
use tengen_standings::{Row, Section, Standings};

/// What a prize is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PrizeKind {
    /// A place of the whole tournament.
    Place,
    /// A place in section `.0` (index in `Standings::sections`).
    Section(usize),
    /// At least `.0` wins (half points).
    Wins(u32),
    /// A place among the juniors.
    Junior,
    /// A place among the players ranked `.0` or weaker.
    BelowRank(Rank),
    /// A place by places climbed.
    Improvement,
}

impl PrizeKind {
    /// The kind's name on the wire: `place`, `section`, `wins`, `junior`, `below-rank`, `improvement`.
    pub fn as_str(self) -> &'static str {
        match self {
            PrizeKind::Place => "place",
            PrizeKind::Section(_) => "section",
            PrizeKind::Wins(_) => "wins",
            PrizeKind::Junior => "junior",
            PrizeKind::BelowRank(_) => "below-rank",
            PrizeKind::Improvement => "improvement",
        }
    }
}

/// One prize given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Prize {
    /// What it is for.
    pub kind: PrizeKind,
    /// Who takes it.
    pub player: ParticipantId,
    /// The place whose prize it is within its kind (1 for a wins prize).
    pub place: u32,
    /// How many players share that place's prizes (1 alone).
    pub shared_by: u32,
    /// The amount.
    pub amount: Cents,
}

impl Prize {
    /// What a prize is for, as the sheets and the prize-giving read it: "1st place", "2nd= in section 2", "4 wins or
    /// more", "Best junior", "2nd junior", "Best 10k and weaker", "Most improved".
    pub fn label(&self, sections: &[Section]) -> String {
        let p = self;
        let nth = |n: u32| {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            let shared = if p.shared_by > 1 { "=" } else { "" };
            format!("{n}{suffix}{shared}")
        };
        let among = |best: &str, group: &str| {
            if p.place == 1 && p.shared_by == 1 {
                format!("{best} {group}")
            } else {
                format!("{} {group}", nth(p.place))
            }
        };
        match p.kind {
            PrizeKind::Place => format!("{} place", nth(p.place)),
            PrizeKind::Section(i) => {
                let section = section_label(sections, i);
                let word = if sections.get(i).is_some_and(|s| s.group.is_some()) {
                    ""
                } else {
                    "section "
                };
                format!("{} in {word}{section}", nth(p.place))
            }
            PrizeKind::Wins(2) => "1 win or more".to_string(),
            PrizeKind::Wins(w) => format!("{} wins or more", tengen_text::halves(i64::from(w))),
            PrizeKind::Junior => among("Best", "junior"),
            PrizeKind::BelowRank(r) => among("Best", &format!("{r} and weaker")),
            PrizeKind::Improvement => among("Most", "improved"),
        }
    }
}

/// Every prize the tournament gives by the standings `standings` after round `after`, by kind in the order of
/// [`PrizeKind`] (places, sections in order, wins from the most, juniors, below the rank, improvement), each kind
/// in its order of places.
pub(crate) fn prize_giving(roster: &Roster, standings: &Standings, after: u32) -> Vec<Prize> {
    let sc = &roster.tournament.settings.scoring;
    let cents = |list: &[i64]| list.iter().map(|c| Cents(*c)).collect::<Vec<_>>();
    let mut kinds = Vec::new();
    let mut groups = Vec::new();
    // In groups, places repeat from group to group: the groups' prizes are the section prizes.
    let grouped = standings
        .sections
        .first()
        .is_some_and(|s| s.group.is_some());
    if !grouped && !sc.prizes_cents.is_empty() {
        kinds.push(PrizeKind::Place);
        groups.push(PrizeGroup {
            pot: Pot::Places(cents(&sc.prizes_cents)),
            candidates: by_place(standings.rows.iter()),
        });
    }
    if !sc.section_prizes_cents.is_empty() {
        for (i, section) in standings.sections.iter().enumerate() {
            kinds.push(PrizeKind::Section(i));
            groups.push(PrizeGroup {
                pot: Pot::Places(cents(&sc.section_prizes_cents)),
                candidates: by_place(section.rows.iter()),
            });
        }
    }
    // A player takes the highest level of wins they reach: each level's candidates stop below the next one up.
    let mut levels = sc.wins_prizes.clone();
    levels.sort_by_key(|w| std::cmp::Reverse(w.wins_half));
    let mut ceiling: Option<u32> = None;
    for level in levels {
        let reached = |r: &&Row| {
            let wins = u32::try_from(r.wins.0).unwrap_or(0);
            wins >= level.wins_half && ceiling.is_none_or(|c| wins < c)
        };
        kinds.push(PrizeKind::Wins(level.wins_half));
        groups.push(PrizeGroup {
            pot: Pot::Each(Cents(level.cents)),
            candidates: by_place(standings.rows.iter().filter(reached)),
        });
        ceiling = Some(level.wins_half);
    }
    if let (Some(from), false) = (sc.junior_born_from, sc.junior_prizes_cents.is_empty()) {
        let junior = |r: &&Row| {
            roster
                .entrants
                .get(&participant_id(r.player))
                .and_then(|(p, _)| p.fields.birth_year)
                .is_some_and(|year| year >= from)
        };
        kinds.push(PrizeKind::Junior);
        groups.push(PrizeGroup {
            pot: Pot::Places(cents(&sc.junior_prizes_cents)),
            candidates: by_place(standings.rows.iter().filter(junior)),
        });
    }
    if let (Some(rank), false) = (sc.below_rank, sc.below_rank_prizes_cents.is_empty()) {
        let below = |r: &&Row| {
            roster
                .rank_in(participant_id(r.player), after)
                .is_some_and(|own| own <= rank)
        };
        kinds.push(PrizeKind::BelowRank(rank));
        groups.push(PrizeGroup {
            pot: Pot::Places(cents(&sc.below_rank_prizes_cents)),
            candidates: by_place(standings.rows.iter().filter(below)),
        });
    }
    if !grouped && !sc.improvement_prizes_cents.is_empty() {
        kinds.push(PrizeKind::Improvement);
        groups.push(PrizeGroup {
            pot: Pot::Places(cents(&sc.improvement_prizes_cents)),
            candidates: by_improvement(&standings.rows),
        });
    }
    give(&groups, sc.prizes_stack)
        .into_iter()
        .map(|g| Prize {
            kind: kinds[g.group],
            player: participant_id(g.player),
            place: g.place,
            shared_by: g.shared_by,
            amount: g.amount,
        })
        .collect()
}

/// Rows in standings order as candidates, ties kept (equal places).
fn by_place<'a>(rows: impl Iterator<Item = &'a Row>) -> Vec<Candidate> {
    rows.map(|r| Candidate {
        player: r.player,
        place: r.place,
    })
    .collect()
}

/// The players who climbed from their number to a better place, most places first (standings order among equals,
/// who share).
fn by_improvement(rows: &[Row]) -> Vec<Candidate> {
    let climbed = |r: &Row| i64::from(r.number) - i64::from(r.place);
    let mut up: Vec<&Row> = rows
        .iter()
        .filter(|r| r.number > 0 && climbed(r) > 0)
        .collect();
    up.sort_by_key(|r| std::cmp::Reverse(climbed(r)));
    let mut out: Vec<Candidate> = Vec::with_capacity(up.len());
    for (i, r) in up.iter().enumerate() {
        let place = match i.checked_sub(1).map(|j| up[j]) {
            Some(prev) if climbed(prev) == climbed(r) => out[i - 1].place,
            _ => i as u32 + 1,
        };
        out.push(Candidate {
            player: r.player,
            place,
        });
    }
    out
}
