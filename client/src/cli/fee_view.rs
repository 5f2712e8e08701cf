//! Entry fees as the desk program shows them (issue 33): a tournament's fee schedule in `tournament show`, as
//! `key  value` lines or a serde mirror for `--json`. Only renders what the server sent.

use serde::Serialize;
use tengen_proto::v1 as pb;

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
}
