//! The treasurer's reports for the whole event (issue 33): the **takings** per day and desk by method, which the
//! cash box must match; the federation's **levy** per day and category, each player once a day (BGA handbook
//! §7.6); the **budget** (Mays, Appendix A): the fees expected against collected, the prizes given, the levy and
//! the surplus. Lays out only: the sums are `domain::fees`'s, the prizes `app::prizes`'. Never a name or a
//! contact detail. Who may read them is `app::documents`'s to say.

use super::model::{Block, Column, Sheet, Table};
use crate::app::fees::money;
use crate::app::prizes::prize_giving;
use crate::app::roster::Roster;
use crate::domain::fees::{self, LevyCategory, PayMethod};
use crate::domain::field::Field;
use crate::domain::State;
use std::collections::BTreeMap;

/// The money reports' kinds.
pub const KINDS: [&str; 3] = ["takings", "levy", "budget"];

/// A day as printed: `2026-11-28`, or "no date" for a tournament without dates.
fn day_text(day: Option<time::Date>) -> String {
    day.map_or_else(|| "no date".to_string(), |d| d.to_string())
}

/// The sheet's heading: the event and what the report is.
fn sheet(state: &State, what: &str) -> Sheet {
    let event = state.event.name.trim();
    let title = if event.is_empty() {
        what.to_string()
    } else {
        format!("{event}: {what}")
    };
    Sheet::new(
        title,
        vec!["Money figures: for the director and the treasurer.".into()],
    )
}

/// The takings at a venue `offset_minutes` east of UTC: a row per day and desk, the methods as columns, each
/// day's total and the whole event's.
pub(crate) fn takings(state: &State, offset_minutes: i32) -> Sheet {
    let mut sheet = sheet(state, "Takings");
    let sums = fees::takings(state, offset_minutes);
    if sums.is_empty() {
        sheet
            .blocks
            .push(Block::Note("No payment has been taken yet.".into()));
        return sheet;
    }
    type Row = BTreeMap<PayMethod, i64>;
    let mut desks: BTreeMap<(Option<time::Date>, String), (Row, u32)> = BTreeMap::new();
    for ((day, desk, method), taken) in &sums {
        let (row, count) = desks.entry((*day, desk.clone())).or_default();
        *row.entry(*method).or_default() += taken.cents;
        *count += taken.count;
    }
    let cells = |label: Vec<String>, row: &Row, count: u32| {
        let mut cells = label;
        cells.push(count.to_string());
        for m in PayMethod::ALL {
            cells.push(money(row.get(&m).copied().unwrap_or(0)));
        }
        let received: i64 = row
            .iter()
            .filter(|(m, _)| m.is_money())
            .map(|(_, c)| c)
            .sum();
        cells.push(money(received));
        cells
    };
    let mut rows = Vec::new();
    let mut all: (Row, u32) = Default::default();
    let days: Vec<Option<time::Date>> = {
        let mut d: Vec<_> = desks.keys().map(|(day, _)| *day).collect();
        d.dedup();
        d
    };
    for day in days {
        let mut total: (Row, u32) = Default::default();
        for ((_, desk), (row, count)) in desks
            .range((day, String::new())..)
            .take_while(|((d, _), _)| *d == day)
        {
            rows.push(cells(vec![day_text(day), desk.clone()], row, *count));
            for (m, c) in row {
                *total.0.entry(*m).or_default() += c;
                *all.0.entry(*m).or_default() += c;
            }
            total.1 += count;
            all.1 += count;
        }
        rows.push(cells(
            vec![day_text(day), "day's total".into()],
            &total.0,
            total.1,
        ));
    }
    rows.push(cells(vec!["Event".into(), "total".into()], &all.0, all.1));
    let mut columns = vec![
        Column::flex("Day", 10),
        Column::flex("Desk", 10),
        Column::right("Payments"),
    ];
    columns.extend([
        Column::right("Cash"),
        Column::right("Card"),
        Column::right("Transfer"),
        Column::right("Prepaid"),
        Column::right("Waived"),
        Column::right("Received"),
    ]);
    sheet.landscape = true;
    sheet.blocks.push(Block::Table(Table { columns, rows }));
    sheet.blocks.push(Block::Note(
        "Cash is what each desk's box should hold for that day; Received is every method but waivers. Money given \
         back counts as a negative payment."
            .into(),
    ));
    sheet
}

/// The levy: player-days per day and category, each player once a day, and what is owed.
pub(crate) fn levy(state: &State) -> Sheet {
    let mut sheet = sheet(state, "Levy report");
    let sums = fees::levy(state);
    if sums.is_empty() {
        sheet
            .blocks
            .push(Block::Note("No player is entered to play yet.".into()));
        return sheet;
    }
    let mut days: BTreeMap<Option<time::Date>, BTreeMap<LevyCategory, fees::Taken>> =
        BTreeMap::new();
    for ((day, category), taken) in sums {
        days.entry(day).or_default().insert(category, taken);
    }
    let mut totals: BTreeMap<LevyCategory, fees::Taken> = BTreeMap::new();
    let mut rows = Vec::new();
    let row = |label: String, by: &BTreeMap<LevyCategory, fees::Taken>| {
        let mut cells = vec![label];
        for c in LevyCategory::ALL {
            cells.push(by.get(&c).map_or(0, |t| t.count).to_string());
        }
        cells.push(by.values().map(|t| t.count).sum::<u32>().to_string());
        cells.push(money(by.values().map(|t| t.cents).sum()));
        cells
    };
    for (day, by) in &days {
        rows.push(row(day_text(*day), by));
        for (c, t) in by {
            let total = totals.entry(*c).or_default();
            total.count += t.count;
            total.cents += t.cents;
        }
    }
    rows.push(row("Total".into(), &totals));
    sheet.blocks.push(Block::Table(Table {
        columns: vec![
            Column::flex("Day", 10),
            Column::right("Full"),
            Column::right("Member"),
            Column::right("Concession"),
            Column::right("Player-days"),
            Column::right("Levy"),
        ],
        rows,
    }));
    sheet.blocks.push(Block::Note(
        "Each player counts once a day they are entered to play, in one category: a concession first, then \
         members, else full. Withdrawn entries and ghosts are not counted; the rate is that of the first \
         tournament they play that day."
            .into(),
    ));
    sheet
}

/// The budget: fees expected and collected, prizes given, the levy and the surplus.
pub(crate) fn budget(state: &State, offset_minutes: i32) -> Sheet {
    let mut sheet = sheet(state, "Budget");
    let (mut expected, mut waived, mut to_collect, mut overpaid, mut players) = (0, 0, 0, 0, 0);
    let mut collected: BTreeMap<PayMethod, i64> = BTreeMap::new();
    for p in state.participants.values() {
        let account = fees::account(state, p, offset_minutes);
        for pay in &p.payments {
            *collected.entry(pay.method).or_default() += pay.cents;
        }
        let playing = p
            .entries
            .values()
            .any(|e| !e.ghost && e.status != crate::domain::EntryStatus::Withdrawn);
        if !playing && account.paid == 0 {
            continue;
        }
        players += 1;
        expected += account.due;
        waived += account.waived;
        match account.balance() {
            b if b > 0 => to_collect += b,
            b => overpaid -= b,
        }
    }
    let money_in: i64 = collected
        .iter()
        .filter(|(m, _)| m.is_money())
        .map(|(_, c)| c)
        .sum();
    let mut prizes = 0;
    let mut provisional = Vec::new();
    for t in state.tournaments.values() {
        let Ok(roster) = Roster::new(state, t.id) else {
            continue;
        };
        let after = roster.counted_round(0).unwrap_or(0);
        if after == 0 {
            continue;
        }
        let standings = Field::new(state, t).standings(after, None);
        prizes += prize_giving(&roster, &standings, after)
            .iter()
            .map(|p| p.amount.0)
            .sum::<i64>();
        prizes += crate::app::teams::prizes(&roster, &standings)
            .iter()
            .map(|t| t.amount.0)
            .sum::<i64>();
        if after < t.settings.rounds {
            provisional.push(t.settings.name.clone());
        }
    }
    let levy: i64 = fees::levy(state).values().map(|t| t.cents).sum();
    let mut rows = vec![
        vec![format!("Fees due from {players} players"), money(expected)],
        vec!["  waived".into(), money(waived)],
    ];
    for m in PayMethod::ALL.into_iter().filter(|m| m.is_money()) {
        rows.push(vec![
            format!("  collected by {}", m.as_str()),
            money(collected.get(&m).copied().unwrap_or(0)),
        ]);
    }
    rows.extend([
        vec!["Fees collected".into(), money(money_in)],
        vec!["  still to collect".into(), money(to_collect)],
        vec!["  paid over the fee (to give back)".into(), money(overpaid)],
        vec!["Prizes given".into(), money(prizes)],
        vec!["Levy to the federation".into(), money(levy)],
        vec![
            "Surplus, as collected".into(),
            money(money_in - prizes - levy),
        ],
        vec![
            "Surplus, once everything due is collected".into(),
            money(money_in + to_collect - overpaid - prizes - levy),
        ],
    ]);
    sheet.blocks.push(Block::Table(Table {
        columns: vec![Column::flex("", 30), Column::right("Amount")],
        rows,
    }));
    if !provisional.is_empty() {
        sheet.blocks.push(Block::Note(format!(
            "Provisional prizes: {} not finished yet.",
            provisional.join(", ")
        )));
    }
    sheet
}
