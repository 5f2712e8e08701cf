//! Entry fees (issue 33; Mays' fees and Appendix A, BGA handbook §7.6 and §8.1): what a tournament charges (its
//! [`FeeSchedule`]), what a participant owes ([`due`]), what they paid ([`Payment`]), and the treasurer's sums:
//! the takings per day and desk ([`takings`]) and the federation's levy per day and category ([`levy`]).
//!
//! Pure: money is integer cents; a round's day comes from the timetable (else the tournament's first day); the
//! venue's UTC offset is an argument. Must not read a clock, know a door, or word anything for a page.

use super::error::Rejected;
use super::record::{EntryStatus, Participant, Stamp, TournamentSettings};
use super::{timetable, validate, Rank, State, TournamentId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What a tournament charges. All amounts in cents; an empty schedule (no full fee, no bands) charges nothing,
/// and the desk's typed fee holds as before.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FeeSchedule {
    /// The full fee.
    #[serde(default)]
    pub full_cents: i64,
    /// A variable fee by rank (Mays): a player of a band's rank or stronger pays its fee instead of the full
    /// fee; the strongest band they reach counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bands: Vec<FeeBand>,
    /// Added for a player who is not a member of the federation (BGA handbook §7.6).
    #[serde(default)]
    pub non_member_cents: i64,
    /// Taken off for each concession.
    #[serde(default)]
    pub junior_off_cents: i64,
    /// Taken off for a student.
    #[serde(default)]
    pub student_off_cents: i64,
    /// Taken off for a senior.
    #[serde(default)]
    pub senior_off_cents: i64,
    /// Added for a registration after `late_after`.
    #[serde(default)]
    pub late_cents: i64,
    /// The closing date (`yyyy-mm-dd`, the venue's calendar): registering on a later day costs `late_cents`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub late_after: String,
    /// A fee per day for a player who plays only some days (0: everyone pays the full fee). The fee by days is
    /// never more than the full fee.
    #[serde(default)]
    pub day_cents: i64,
    /// Players who register once the tournament has begun may also pay by the day; off by default, because
    /// "latecomers pay the full fee" (Mays).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub latecomers_by_day: bool,
    /// What the tournament owes the federation per player and day, by category.
    #[serde(default)]
    pub levy: Levy,
}

/// A fee for a rank and stronger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeeBand {
    /// The weakest rank of the band.
    pub from: Rank,
    /// Its fee.
    pub cents: i64,
}

/// The federation's levy per player and day played (BGA handbook §7.6), by category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Levy {
    /// A player who is neither a member nor on a concession.
    #[serde(default)]
    pub full_cents: i64,
    /// A member of the federation.
    #[serde(default)]
    pub member_cents: i64,
    /// A player on a concession (junior, student, senior), member or not.
    #[serde(default)]
    pub concession_cents: i64,
}

/// A reduced fee the desk grants on a document or a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Concession {
    /// Junior.
    Junior,
    /// Student.
    Student,
    /// Senior.
    Senior,
}

impl Concession {
    /// Every concession, in the order a desk offers them.
    pub const ALL: [Concession; 3] = [Concession::Junior, Concession::Student, Concession::Senior];

    /// The word typed in the CLI and a CSV.
    pub fn as_str(self) -> &'static str {
        match self {
            Concession::Junior => "junior",
            Concession::Student => "student",
            Concession::Senior => "senior",
        }
    }

    /// Reads `junior`, `student` or `senior` (any case).
    pub fn parse(text: &str) -> Option<Concession> {
        Concession::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// The fee agreed instead of the schedule's, and why (the log says who agreed it and when).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeeOverride {
    /// The fee, in cents.
    pub cents: i64,
    /// Why: required.
    pub reason: String,
}

/// How money was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PayMethod {
    /// Cash into the desk's box.
    Cash,
    /// A card at the desk's terminal.
    Card,
    /// A bank transfer.
    Transfer,
    /// Paid before the event (the pre-registration's payment).
    Prepaid,
    /// Not paid and not owed: the director's or the desk's waiver.
    Waived,
}

impl PayMethod {
    /// Every method, in the order the reports list them.
    pub const ALL: [PayMethod; 5] = [
        PayMethod::Cash,
        PayMethod::Card,
        PayMethod::Transfer,
        PayMethod::Prepaid,
        PayMethod::Waived,
    ];

    /// The word typed in the CLI and read in a report.
    pub fn as_str(self) -> &'static str {
        match self {
            PayMethod::Cash => "cash",
            PayMethod::Card => "card",
            PayMethod::Transfer => "transfer",
            PayMethod::Prepaid => "prepaid",
            PayMethod::Waived => "waived",
        }
    }

    /// Reads a method's word (any case).
    pub fn parse(text: &str) -> Option<PayMethod> {
        PayMethod::ALL
            .into_iter()
            .find(|m| m.as_str().eq_ignore_ascii_case(text.trim()))
    }

    /// Is it money received (everything but a waiver)?
    pub fn is_money(self) -> bool {
        self != PayMethod::Waived
    }
}

/// A payment taken from a participant: recorded by a desk, never edited (a refund is a negative payment).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    /// Cents; negative for money given back.
    pub cents: i64,
    /// How.
    pub method: PayMethod,
    /// What the desk noted (a receipt number, why money was given back).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Which terminal took it, and when.
    pub by: Stamp,
}

/// The most one payment or fee may be, in cents (a typo guard: 100 000.00).
pub const MAX_CENTS: i64 = 10_000_000;

/// One part of a participant's fee, as the desk shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The full fee.
    Full,
    /// The fee of the band from this rank.
    Band(Rank),
    /// The fee by days: days played, of the tournament's days.
    Days(u32, u32),
    /// The non-member surcharge.
    NonMember,
    /// A concession (a negative amount).
    Concession(Concession),
    /// The late fee.
    Late,
}

/// A line of the fee: which tournament, what for, how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The tournament it is charged for.
    pub tournament: TournamentId,
    /// What for.
    pub part: Part,
    /// Cents (negative for a concession).
    pub cents: i64,
}

/// What a participant owes and has paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The schedule's lines (empty when no tournament they entered has a schedule).
    pub lines: Vec<Line>,
    /// The schedule's total, or the typed fee when no schedule applies.
    pub scheduled: i64,
    /// The fee agreed instead, with its reason.
    pub overridden: Option<FeeOverride>,
    /// What they owe: the override, else `scheduled`.
    pub due: i64,
    /// Money received (every payment but waivers).
    pub paid: i64,
    /// Waived.
    pub waived: i64,
    /// Marked paid before payments were recorded (the old paid flag, or an import's): counts as settled.
    pub marked_paid: bool,
}

impl Account {
    /// What is still to pay (negative when they paid too much).
    pub fn balance(&self) -> i64 {
        if self.marked_paid && self.paid == 0 && self.waived == 0 {
            0
        } else {
            self.due - self.paid - self.waived
        }
    }
}

/// The day each round of a tournament is played: its timetable's day, else the tournament's first day, else
/// none (a tournament without dates counts as one undated day).
pub fn round_day(settings: &TournamentSettings, round: u32) -> Option<time::Date> {
    timetable::planned(settings, round)
        .map(|s| s.date)
        .or_else(|| {
            validate::date("start_date", &settings.start_date)
                .ok()
                .flatten()
        })
}

/// The local calendar day of an instant at a venue `offset_minutes` east of UTC.
pub fn local_day(at_ms: i64, offset_minutes: i32) -> Option<time::Date> {
    let seconds = at_ms.div_euclid(1000) + i64::from(offset_minutes) * 60;
    time::OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .map(|t| t.date())
}

/// The days a participant plays a tournament they entered (a withdrawn entry plays none).
fn days_played(settings: &TournamentSettings, rounds: &[u32]) -> BTreeSet<Option<time::Date>> {
    rounds.iter().map(|r| round_day(settings, *r)).collect()
}

/// The fee a participant owes and what they paid, at a venue `offset_minutes` east of UTC.
pub fn account(state: &State, p: &Participant, offset_minutes: i32) -> Account {
    let registered = local_day(p.registered_at_ms, offset_minutes);
    let mut lines = Vec::new();
    for (tid, entry) in &p.entries {
        let Some(t) = state.tournaments.get(tid) else {
            continue;
        };
        lines.extend(charge(*tid, &t.settings, p, &entry.rounds, registered));
    }
    let scheduled = if lines.is_empty() {
        p.fields.fee_cents
    } else {
        lines.iter().map(|l| l.cents).sum::<i64>().max(0)
    };
    let overridden = p.fields.fee_override.clone();
    let due = overridden.as_ref().map_or(scheduled, |o| o.cents);
    let sum = |money: bool| {
        p.payments
            .iter()
            .filter(|pay| pay.method.is_money() == money)
            .map(|pay| pay.cents)
            .sum::<i64>()
    };
    Account {
        lines,
        scheduled,
        overridden,
        due,
        paid: sum(true),
        waived: sum(false),
        marked_paid: p.fields.paid,
    }
}

/// The schedule's lines for one tournament entry (none when the tournament charges nothing).
fn charge(
    tournament: TournamentId,
    settings: &TournamentSettings,
    p: &Participant,
    rounds: &[u32],
    registered: Option<time::Date>,
) -> Vec<Line> {
    let fees = &settings.fees;
    if !fees.charges() {
        return Vec::new();
    }
    let line = |part, cents| Line {
        tournament,
        part,
        cents,
    };
    let mut lines = Vec::new();
    let band = fees
        .bands
        .iter()
        .filter(|b| p.fields.rank >= b.from)
        .max_by_key(|b| b.from);
    let (mut part, mut base) = match band {
        Some(b) => (Part::Band(b.from), b.cents),
        None => (Part::Full, fees.full_cents),
    };
    let all_days = days_played(settings, &(1..=settings.rounds).collect::<Vec<_>>());
    let played = days_played(settings, rounds);
    let first_day = all_days.iter().next().copied().flatten();
    let latecomer = matches!((registered, first_day), (Some(r), Some(f)) if r >= f);
    if fees.day_cents > 0 && played.len() < all_days.len() && (fees.latecomers_by_day || !latecomer)
    {
        let by_days = fees.day_cents.saturating_mul(played.len() as i64);
        if by_days < base {
            part = Part::Days(played.len() as u32, all_days.len() as u32);
            base = by_days;
        }
    }
    lines.push(line(part, base));
    if !p.fields.member && fees.non_member_cents != 0 {
        lines.push(line(Part::NonMember, fees.non_member_cents));
    }
    if let Some(c) = p.fields.concession {
        let off = match c {
            Concession::Junior => fees.junior_off_cents,
            Concession::Student => fees.student_off_cents,
            Concession::Senior => fees.senior_off_cents,
        };
        if off != 0 {
            lines.push(line(Part::Concession(c), -off));
        }
    }
    let closing = validate::date("late_after", &fees.late_after)
        .ok()
        .flatten();
    if let (Some(closing), Some(day)) = (closing, registered) {
        if day > closing && fees.late_cents != 0 {
            lines.push(line(Part::Late, fees.late_cents));
        }
    }
    lines
}

impl FeeSchedule {
    /// Is it the empty schedule (nothing set)?
    pub fn is_empty(&self) -> bool {
        *self == FeeSchedule::default()
    }

    /// Does it charge anything (a full fee or a band)?
    pub fn charges(&self) -> bool {
        self.full_cents > 0 || !self.bands.is_empty()
    }

    /// Checks it: amounts between 0 and [`MAX_CENTS`], one band per rank, a real closing date.
    pub fn validate(&self) -> Result<(), Rejected> {
        let amounts = [
            ("fee_full", self.full_cents),
            ("fee_non_member", self.non_member_cents),
            ("fee_junior_off", self.junior_off_cents),
            ("fee_student_off", self.student_off_cents),
            ("fee_senior_off", self.senior_off_cents),
            ("fee_late", self.late_cents),
            ("fee_per_day", self.day_cents),
            ("levy_full", self.levy.full_cents),
            ("levy_member", self.levy.member_cents),
            ("levy_concession", self.levy.concession_cents),
        ];
        for (field, cents) in amounts {
            check_amount(field, cents)?;
        }
        if self.bands.len() > 20 {
            return Err(Rejected::invalid("fee_bands", "at most 20 bands"));
        }
        let mut ranks = BTreeSet::new();
        for band in &self.bands {
            check_amount("fee_bands", band.cents)?;
            if !ranks.insert(band.from) {
                return Err(Rejected::invalid(
                    "fee_bands",
                    "each rank starts one band: give it once",
                ));
            }
        }
        validate::date("late_after", &self.late_after)?;
        Ok(())
    }
}

/// An amount from 0 to [`MAX_CENTS`].
pub fn check_amount(field: &'static str, cents: i64) -> Result<(), Rejected> {
    if (0..=MAX_CENTS).contains(&cents) {
        Ok(())
    } else {
        Err(Rejected::invalid(
            field,
            "an amount is between 0 and 100000.00",
        ))
    }
}

/// Checks a payment as a desk typed it: not zero, within [`MAX_CENTS`], and money given back says why.
pub fn check_payment(cents: i64, method: PayMethod, note: &str) -> Result<(), Rejected> {
    if cents == 0 || cents.abs() > MAX_CENTS {
        return Err(Rejected::invalid(
            "amount",
            "a payment is an amount above 0 and at most 100000.00",
        ));
    }
    if cents < 0 && (note.trim().is_empty() || method == PayMethod::Waived) {
        return Err(Rejected::invalid(
            "note",
            "money given back is cash, card or transfer, and the note says why",
        ));
    }
    if note.chars().count() > 200 {
        return Err(Rejected::invalid("note", "at most 200 characters"));
    }
    Ok(())
}

/// Checks a fee override: an amount, and a reason.
pub fn check_override(o: &FeeOverride) -> Result<(), Rejected> {
    check_amount("fee_override", o.cents)?;
    let reason = o.reason.trim();
    if reason.is_empty() || reason.chars().count() > 200 {
        return Err(Rejected::invalid(
            "fee_reason",
            "a fee other than the schedule's needs a reason (at most 200 characters)",
        ));
    }
    Ok(())
}

/// The takings of one desk on one day by one method.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Taken {
    /// How many payments.
    pub count: u32,
    /// Their sum, in cents.
    pub cents: i64,
}

/// Every payment summed by (the venue's day, the terminal, the method), in that order.
pub fn takings(
    state: &State,
    offset_minutes: i32,
) -> BTreeMap<(Option<time::Date>, String, PayMethod), Taken> {
    let mut sums: BTreeMap<_, Taken> = BTreeMap::new();
    for p in state.participants.values() {
        for pay in &p.payments {
            let day = local_day(pay.by.at_ms, offset_minutes);
            let sum = sums
                .entry((day, pay.by.terminal.clone(), pay.method))
                .or_default();
            sum.count += 1;
            sum.cents += pay.cents;
        }
    }
    sums
}

/// A levy category (BGA handbook §7.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LevyCategory {
    /// Neither a member nor on a concession.
    Full,
    /// A member.
    Member,
    /// On a concession.
    Concession,
}

impl LevyCategory {
    /// Every category, in the report's order.
    pub const ALL: [LevyCategory; 3] = [
        LevyCategory::Full,
        LevyCategory::Member,
        LevyCategory::Concession,
    ];

    /// A participant's category: a concession first, then membership.
    pub fn of(p: &Participant) -> LevyCategory {
        if p.fields.concession.is_some() {
            LevyCategory::Concession
        } else if p.fields.member {
            LevyCategory::Member
        } else {
            LevyCategory::Full
        }
    }

    /// Its rate in a levy.
    pub fn rate(self, levy: &Levy) -> i64 {
        match self {
            LevyCategory::Full => levy.full_cents,
            LevyCategory::Member => levy.member_cents,
            LevyCategory::Concession => levy.concession_cents,
        }
    }
}

/// Player-days by (day, category), each player counted once a day whatever they play, with the levy due: the
/// rate of the first tournament (by id) they play that day. A round already drawn counts for the players it
/// seats (a game, the bye, through without a game), not for those it left out (absent that round); a round still
/// to draw counts for every player entered in it. Withdrawn entries and ghosts are not counted.
pub fn levy(state: &State) -> BTreeMap<(Option<time::Date>, LevyCategory), Taken> {
    // Who each drawn round seats, once: (tournament, round) -> players.
    let mut seated: BTreeMap<(TournamentId, u32), BTreeSet<super::ids::ParticipantId>> =
        BTreeMap::new();
    for (tid, pl) in &state.play {
        for r in &pl.rounds {
            let players = seated.entry((*tid, r.number)).or_default();
            for g in &r.games {
                players.insert(g.white);
                players.insert(g.black);
            }
            players.extend(r.bye.iter().chain(&r.advancing).copied());
        }
    }
    let mut sums: BTreeMap<_, Taken> = BTreeMap::new();
    for p in state.participants.values() {
        let category = LevyCategory::of(p);
        let mut days: BTreeMap<Option<time::Date>, i64> = BTreeMap::new();
        for (tid, entry) in &p.entries {
            if entry.ghost || entry.status == EntryStatus::Withdrawn {
                continue;
            }
            let Some(t) = state.tournaments.get(tid) else {
                continue;
            };
            let rate = category.rate(&t.settings.fees.levy);
            let played: Vec<u32> = entry
                .rounds
                .iter()
                .copied()
                .filter(|r| seated.get(&(*tid, *r)).is_none_or(|s| s.contains(&p.id)))
                .collect();
            for day in days_played(&t.settings, &played) {
                days.entry(day).or_insert(rate);
            }
        }
        for (day, rate) in days {
            let sum = sums.entry((day, category)).or_default();
            sum.count += 1;
            sum.cents += rate;
        }
    }
    sums
}

#[cfg(test)]
#[path = "fees/tests.rs"]
mod tests;
