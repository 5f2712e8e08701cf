//! A tournament's entry fees as command-line flags (issue 33): the full fee, fees by rank, the non-member
//! surcharge, the concessions, the late fee, the fee per day and the federation's levy, shared by `tournament
//! create` and `tournament update` through `SetupFlags`. Parses what was typed (`30.50`, `1d: 40, 5k: 35`,
//! `full: 2, member: 1`) and writes only the given flags into the settings.
//! Must not talk to the server or work out a fee: what a player owes is the server's (`FeeAccount`).

use clap::Args;
use tengen_proto::v1::{FeeBand, FeeSchedule};
use tengen_text::read;

use crate::values::parse_bool;

/// Entry fees; each flag left out keeps its value (on create: no fee).
#[derive(Debug, Default, Args)]
#[command(next_help_heading = "Entry fees")]
pub struct FeeFlags {
    /// The full entry fee, e.g. 30 or 30.50 (0 or `none`: the tournament charges nothing by itself).
    #[arg(long = "fee", value_parser = parse_amount, value_name = "AMOUNT")]
    full: Option<i64>,
    /// Fees by rank: a player of a band's rank or stronger pays its fee instead of the full fee, e.g.
    /// "1d: 40, 5k: 35" (`none` clears them).
    #[arg(long, value_parser = parse_fee_bands, value_name = "RANK:AMOUNT,…")]
    fee_bands: Option<FeeBands>,
    /// Added for a player who is not a member of the federation, e.g. 5.
    #[arg(long, value_parser = parse_amount, value_name = "AMOUNT")]
    fee_non_member: Option<i64>,
    /// Taken off for a junior, e.g. 10.
    #[arg(long, value_parser = parse_amount, value_name = "AMOUNT")]
    fee_junior_off: Option<i64>,
    /// Taken off for a student.
    #[arg(long, value_parser = parse_amount, value_name = "AMOUNT")]
    fee_student_off: Option<i64>,
    /// Taken off for a senior.
    #[arg(long, value_parser = parse_amount, value_name = "AMOUNT")]
    fee_senior_off: Option<i64>,
    /// Added for a registration after --fee-late-after, e.g. 5.
    #[arg(long, value_parser = parse_amount, value_name = "AMOUNT")]
    fee_late: Option<i64>,
    /// The closing date, yyyy-mm-dd in the venue's calendar: registering on a later day costs --fee-late
    /// (`none` clears it).
    #[arg(long, value_parser = parse_date_or_none, value_name = "DATE")]
    fee_late_after: Option<String>,
    /// A fee per day for a player who plays only some days, e.g. 15 (0: everyone pays the full fee).
    #[arg(long, value_parser = parse_amount, value_name = "AMOUNT")]
    fee_per_day: Option<i64>,
    /// Players who register once the tournament has begun may pay by the day too: on or off (off, the default:
    /// latecomers pay the full fee).
    #[arg(long, value_parser = parse_bool, value_name = "ON/OFF")]
    latecomers_by_day: Option<bool>,
    /// The federation's levy per player and day: "full: 2, member: 1, concession: 0.50" (a category left out is
    /// 0; `none` clears it).
    #[arg(long, value_parser = parse_levy, value_name = "CATEGORY:AMOUNT,…")]
    levy: Option<Levy>,
}

/// Fee bands: (rank as typed, cents), in the order typed (the server checks the ranks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeeBands(pub Vec<(String, i64)>);

/// The levy per player and day, in cents, by category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levy {
    pub full: i64,
    pub member: i64,
    pub concession: i64,
}

fn set<T>(slot: &mut T, value: Option<T>) {
    if let Some(value) = value {
        *slot = value;
    }
}

impl FeeFlags {
    /// Was any fee flag given?
    fn any(&self) -> bool {
        let FeeFlags {
            full,
            fee_bands,
            fee_non_member,
            fee_junior_off,
            fee_student_off,
            fee_senior_off,
            fee_late,
            fee_late_after,
            fee_per_day,
            latecomers_by_day,
            levy,
        } = self;
        full.is_some()
            || fee_bands.is_some()
            || fee_non_member.is_some()
            || fee_junior_off.is_some()
            || fee_student_off.is_some()
            || fee_senior_off.is_some()
            || fee_late.is_some()
            || fee_late_after.is_some()
            || fee_per_day.is_some()
            || latecomers_by_day.is_some()
            || levy.is_some()
    }

    /// Writes the given flags into the tournament's schedule (made empty first when it has none, so a tournament
    /// without fees stays without a schedule unless a fee flag is given).
    pub fn apply(self, fees: &mut Option<FeeSchedule>) {
        if !self.any() {
            return;
        }
        let f = fees.get_or_insert_with(FeeSchedule::default);
        set(&mut f.full_cents, self.full);
        set(
            &mut f.bands,
            self.fee_bands.map(|b| {
                b.0.into_iter()
                    .map(|(from, cents)| FeeBand { from, cents })
                    .collect()
            }),
        );
        set(&mut f.non_member_cents, self.fee_non_member);
        set(&mut f.junior_off_cents, self.fee_junior_off);
        set(&mut f.student_off_cents, self.fee_student_off);
        set(&mut f.senior_off_cents, self.fee_senior_off);
        set(&mut f.late_cents, self.fee_late);
        set(&mut f.late_after, self.fee_late_after);
        set(&mut f.day_cents, self.fee_per_day);
        set(&mut f.latecomers_by_day, self.latecomers_by_day);
        if let Some(levy) = self.levy {
            f.levy_full_cents = levy.full;
            f.levy_member_cents = levy.member;
            f.levy_concession_cents = levy.concession;
        }
    }
}

/// One amount in currency units (`30`, `30.50`, `30,50`, `€30`) → cents; `none` is 0.
pub fn parse_amount(text: &str) -> Result<i64, String> {
    if read::is_none(text) {
        return Ok(0);
    }
    read::amount(text).map_err(|e| e.to_string())
}

/// A date as typed (the server checks it); `none` or empty clears it.
pub fn parse_date_or_none(text: &str) -> Result<String, String> {
    if read::is_none(text) {
        Ok(String::new())
    } else {
        Ok(text.trim().to_string())
    }
}

/// The `KEY: AMOUNT` items of a list (a comma, semicolon or new line between items, so decimals take a point);
/// `KEY=AMOUNT` too.
fn keyed_amounts<'a>(text: &'a str, example: &str) -> Result<Vec<(&'a str, i64)>, String> {
    text.split([',', ';', '\n'])
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let bad = || format!("{item:?} is not a {example}");
            let (key, amount) = item.split_once([':', '=']).ok_or_else(bad)?;
            let key = key.trim();
            if key.is_empty() {
                return Err(bad());
            }
            Ok((key, read::amount(amount).map_err(|_| bad())?))
        })
        .collect()
}

/// `1d: 40, 5k: 35` → bands (rank as typed, cents); `none` or empty clears them.
pub fn parse_fee_bands(text: &str) -> Result<FeeBands, String> {
    if read::is_none(text) {
        return Ok(FeeBands(Vec::new()));
    }
    let bands = keyed_amounts(text, "rank and fee like 1d: 40")?;
    Ok(FeeBands(
        bands
            .into_iter()
            .map(|(rank, cents)| (rank.to_string(), cents))
            .collect(),
    ))
}

/// `full: 2, member: 1, concession: 0.50` → the levy (a category left out is 0); `none` or empty clears it.
pub fn parse_levy(text: &str) -> Result<Levy, String> {
    let mut levy = Levy::default();
    if read::is_none(text) {
        return Ok(levy);
    }
    for (category, cents) in keyed_amounts(text, "levy category and amount like member: 1")? {
        let slot = match category.to_lowercase().as_str() {
            "full" => &mut levy.full,
            "member" | "members" => &mut levy.member,
            "concession" | "concessions" => &mut levy.concession,
            other => {
                return Err(format!(
                    "unknown levy category {other:?}; choose full, member or concession"
                ))
            }
        };
        *slot = cents;
    }
    Ok(levy)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        flags: FeeFlags,
    }

    fn applied(start: Option<FeeSchedule>, args: &[&str]) -> Option<FeeSchedule> {
        let probe = Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut fees = start;
        probe.flags.apply(&mut fees);
        fees
    }

    #[test]
    fn issue_33_every_fee_flag_reaches_the_schedule() {
        let f = applied(
            None,
            &[
                "--fee",
                "30",
                "--fee-bands",
                "1d: 40, 5k: 35.50",
                "--fee-non-member",
                "5",
                "--fee-junior-off",
                "10",
                "--fee-student-off",
                "7,50",
                "--fee-senior-off",
                "5",
                "--fee-late",
                "5",
                "--fee-late-after",
                "2026-11-20",
                "--fee-per-day",
                "15",
                "--latecomers-by-day",
                "on",
                "--levy",
                "full: 2, member: 1, concession: 0.50",
            ],
        )
        .unwrap();
        assert_eq!(f.full_cents, 3_000);
        assert_eq!(
            f.bands,
            vec![
                FeeBand {
                    from: "1d".into(),
                    cents: 4_000
                },
                FeeBand {
                    from: "5k".into(),
                    cents: 3_550
                }
            ]
        );
        assert_eq!(
            (
                f.non_member_cents,
                f.junior_off_cents,
                f.student_off_cents,
                f.senior_off_cents
            ),
            (500, 1_000, 750, 500)
        );
        assert_eq!((f.late_cents, f.late_after.as_str()), (500, "2026-11-20"));
        assert_eq!((f.day_cents, f.latecomers_by_day), (1_500, true));
        assert_eq!(
            (
                f.levy_full_cents,
                f.levy_member_cents,
                f.levy_concession_cents
            ),
            (200, 100, 50)
        );
    }

    #[test]
    fn issue_33_no_fee_flag_leaves_no_schedule_and_one_flag_keeps_the_rest() {
        assert_eq!(applied(None, &[]), None);
        let before = FeeSchedule {
            full_cents: 3_000,
            late_after: "2026-11-20".into(),
            levy_member_cents: 100,
            ..FeeSchedule::default()
        };
        let after = applied(Some(before.clone()), &["--fee-late", "5"]).unwrap();
        assert_eq!(
            after,
            FeeSchedule {
                late_cents: 500,
                ..before.clone()
            }
        );
        let cleared = applied(
            Some(before),
            &[
                "--fee-late-after",
                "none",
                "--levy",
                "none",
                "--fee",
                "none",
            ],
        )
        .unwrap();
        assert_eq!(cleared, FeeSchedule::default());
    }

    #[test]
    fn issue_33_bands_and_levy_refuse_what_does_not_read() {
        assert_eq!(parse_fee_bands("none"), Ok(FeeBands(vec![])));
        assert!(parse_fee_bands("1d 40").is_err());
        assert!(parse_fee_bands("1d: lots").is_err());
        assert!(parse_fee_bands(": 40").is_err());
        assert_eq!(
            parse_levy("member=1"),
            Ok(Levy {
                member: 100,
                ..Levy::default()
            })
        );
        assert!(parse_levy("honorary: 1").is_err());
        assert!(parse_amount("-5").is_err());
        assert_eq!(parse_amount("30,50"), Ok(3_050));
    }
}
