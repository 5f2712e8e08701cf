//! Entry fees as the desk program shows them (issue 33): a tournament's fee schedule in `tournament show`, and a
//! participant's fee account and payments in `player show`, as `key  value` lines or serde mirrors for `--json`.
//! Only renders what the server sent: every sum (due, paid, balance) is the server's `FeeAccount`, never worked
//! out here.

use serde::Serialize;
use tengen_proto::v1 as pb;

use crate::clock::format_utc;
use crate::values::format_fee;

/// A fee by rank: a player of `from` or stronger pays `cents`.
#[derive(Debug, Serialize)]
pub struct FeeBandView {
    pub from: String,
    pub cents: i64,
}

/// A tournament's fee schedule, in cents.
#[derive(Debug, Serialize)]
pub struct FeeScheduleView {
    pub full_cents: i64,
    pub bands: Vec<FeeBandView>,
    pub non_member_cents: i64,
    pub junior_off_cents: i64,
    pub student_off_cents: i64,
    pub senior_off_cents: i64,
    pub late_cents: i64,
    /// The closing date (yyyy-mm-dd); empty = no late fee.
    pub late_after: String,
    pub day_cents: i64,
    pub latecomers_by_day: bool,
    pub levy_full_cents: i64,
    pub levy_member_cents: i64,
    pub levy_concession_cents: i64,
}

impl From<&pb::FeeSchedule> for FeeScheduleView {
    fn from(f: &pb::FeeSchedule) -> Self {
        FeeScheduleView {
            full_cents: f.full_cents,
            bands: f
                .bands
                .iter()
                .map(|b| FeeBandView {
                    from: b.from.clone(),
                    cents: b.cents,
                })
                .collect(),
            non_member_cents: f.non_member_cents,
            junior_off_cents: f.junior_off_cents,
            student_off_cents: f.student_off_cents,
            senior_off_cents: f.senior_off_cents,
            late_cents: f.late_cents,
            late_after: f.late_after.clone(),
            day_cents: f.day_cents,
            latecomers_by_day: f.latecomers_by_day,
            levy_full_cents: f.levy_full_cents,
            levy_member_cents: f.levy_member_cents,
            levy_concession_cents: f.levy_concession_cents,
        }
    }
}

/// Amounts with their names, the zero ones left out: `non-member +5.00, junior -10.00`.
fn named_amounts(parts: &[(&str, i64)], sign: bool) -> String {
    parts
        .iter()
        .filter(|(_, cents)| *cents != 0)
        .map(|(name, cents)| {
            if sign && *cents > 0 {
                format!("{name} +{}", format_fee(*cents))
            } else {
                format!("{name} {}", format_fee(*cents))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The schedule's `key  value` lines for `tournament show`; a part left at zero prints nothing.
pub fn schedule_lines(f: &FeeScheduleView) -> Vec<(&'static str, String)> {
    let mut fee = format_fee(f.full_cents);
    if !f.bands.is_empty() {
        let bands: Vec<String> = f
            .bands
            .iter()
            .map(|b| format!("{} and stronger {}", b.from, format_fee(b.cents)))
            .collect();
        fee.push_str(&format!("; {}", bands.join(", ")));
    }
    let mut lines = vec![("entry fee", fee)];
    let adjustments = named_amounts(
        &[
            ("non-member", f.non_member_cents),
            ("junior", -f.junior_off_cents),
            ("student", -f.student_off_cents),
            ("senior", -f.senior_off_cents),
        ],
        true,
    );
    if !adjustments.is_empty() {
        lines.push(("fee adjustments", adjustments));
    }
    if f.late_cents != 0 || !f.late_after.is_empty() {
        let after = if f.late_after.is_empty() {
            "no closing date set".to_string()
        } else {
            format!("after {}", f.late_after)
        };
        lines.push(("late fee", format!("{} {after}", format_fee(f.late_cents))));
    }
    if f.day_cents != 0 {
        let latecomers = if f.latecomers_by_day {
            "latecomers too"
        } else {
            "latecomers pay in full"
        };
        lines.push((
            "fee per day",
            format!(
                "{} for a player of some days, {latecomers}",
                format_fee(f.day_cents)
            ),
        ));
    }
    let levy = named_amounts(
        &[
            ("full", f.levy_full_cents),
            ("member", f.levy_member_cents),
            ("concession", f.levy_concession_cents),
        ],
        false,
    );
    if !levy.is_empty() {
        lines.push(("levy", format!("{levy} per player and day")));
    }
    lines
}

/// What a participant owes and paid, as the server worked it out (cents).
#[derive(Debug, Serialize)]
pub struct AccountView {
    pub due_cents: i64,
    /// The schedule's fee (differs from `due_cents` when a fee was agreed instead).
    pub scheduled_cents: i64,
    pub paid_cents: i64,
    pub waived_cents: i64,
    /// Still to pay; negative = paid over the fee.
    pub balance_cents: i64,
    /// How the schedule's fee is made, in the server's words.
    pub lines: Vec<String>,
}

impl From<&pb::FeeAccount> for AccountView {
    fn from(a: &pb::FeeAccount) -> Self {
        AccountView {
            due_cents: a.due_cents,
            scheduled_cents: a.scheduled_cents,
            paid_cents: a.paid_cents,
            waived_cents: a.waived_cents,
            balance_cents: a.balance_cents,
            lines: a.lines.clone(),
        }
    }
}

/// A payment taken from a participant.
#[derive(Debug, Serialize)]
pub struct PaymentView {
    /// Negative for money given back.
    pub cents: i64,
    pub method: String,
    pub note: String,
    /// The terminal (desk) that took it, and when (ms since the Unix epoch).
    pub terminal: String,
    pub at_ms: i64,
}

impl From<&pb::Payment> for PaymentView {
    fn from(p: &pb::Payment) -> Self {
        PaymentView {
            cents: p.cents,
            method: p.method.clone(),
            note: p.note.clone(),
            terminal: p.terminal.clone(),
            at_ms: p.at_ms,
        }
    }
}

/// One payment: `35.00 cash at desk-1, 2026-11-28 10:15:02Z (receipt 12)`.
fn payment_text(p: &PaymentView) -> String {
    let note = if p.note.is_empty() {
        String::new()
    } else {
        format!(" ({})", p.note)
    };
    format!(
        "{} {} at {}, {}{note}",
        format_fee(p.cents),
        p.method,
        p.terminal,
        format_utc(p.at_ms)
    )
}

/// The account's `key  value` lines for `player show`: each line of the fee, due (with the reason when a fee was
/// agreed instead of the schedule's: `agreed`), paid, waived, the balance, then one line per payment.
pub fn account_lines(
    a: &AccountView,
    payments: &[PaymentView],
    agreed: Option<&str>,
) -> Vec<(&'static str, String)> {
    let mut lines: Vec<(&'static str, String)> = a
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| (if i == 0 { "fee" } else { "" }, line.clone()))
        .collect();
    let due = match agreed {
        Some(reason) => format!(
            "{} agreed instead of {} ({reason})",
            format_fee(a.due_cents),
            format_fee(a.scheduled_cents)
        ),
        None => format_fee(a.due_cents),
    };
    let balance = match a.balance_cents {
        0 => "0.00 (settled)".to_string(),
        b if b > 0 => format!("{} to pay", format_fee(b)),
        b => format!("{} (paid over the fee: give back)", format_fee(b)),
    };
    lines.extend([
        ("due", due),
        ("paid", format_fee(a.paid_cents)),
        ("waived", format_fee(a.waived_cents)),
        ("balance", balance),
    ]);
    lines.extend(payment_lines(payments));
    lines
}

/// One `payments` line per payment (the key on the first only).
pub fn payment_lines(payments: &[PaymentView]) -> Vec<(&'static str, String)> {
    payments
        .iter()
        .enumerate()
        .map(|(i, p)| (if i == 0 { "payments" } else { "" }, payment_text(p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_33_the_schedule_prints_only_what_is_set() {
        let f = FeeScheduleView::from(&pb::FeeSchedule {
            full_cents: 3_000,
            bands: vec![pb::FeeBand {
                from: "1d".into(),
                cents: 4_000,
            }],
            non_member_cents: 500,
            junior_off_cents: 1_000,
            late_cents: 500,
            late_after: "2026-11-20".into(),
            levy_full_cents: 200,
            levy_member_cents: 100,
            levy_concession_cents: 50,
            ..pb::FeeSchedule::default()
        });
        assert_eq!(
            schedule_lines(&f),
            vec![
                ("entry fee", "30.00; 1d and stronger 40.00".to_string()),
                (
                    "fee adjustments",
                    "non-member +5.00, junior -10.00".to_string()
                ),
                ("late fee", "5.00 after 2026-11-20".to_string()),
                (
                    "levy",
                    "full 2.00, member 1.00, concession 0.50 per player and day".to_string()
                ),
            ]
        );
    }

    #[test]
    fn issue_33_the_account_prints_the_servers_sums_and_each_payment() {
        let a = AccountView {
            due_cents: 0,
            scheduled_cents: 3_500,
            paid_cents: 2_000,
            waived_cents: 0,
            balance_cents: -2_000,
            lines: vec!["Main: full fee 30.00".into(), "Main: late fee 5.00".into()],
        };
        let pay = PaymentView {
            cents: 2_000,
            method: "prepaid".into(),
            note: String::new(),
            terminal: "director".into(),
            at_ms: 0,
        };
        let lines = account_lines(&a, &[pay], Some("organiser"));
        assert_eq!(lines[0], ("fee", "Main: full fee 30.00".to_string()));
        assert_eq!(lines[1], ("", "Main: late fee 5.00".to_string()));
        assert_eq!(
            lines[2],
            (
                "due",
                "0.00 agreed instead of 35.00 (organiser)".to_string()
            )
        );
        assert_eq!(
            lines[5],
            (
                "balance",
                "-20.00 (paid over the fee: give back)".to_string()
            )
        );
        assert_eq!(
            lines[6],
            (
                "payments",
                "20.00 prepaid at director, 1970-01-01 00:00:00Z".to_string()
            )
        );
    }
}
