//! Issue 33's entry fees through the real desk program and server: the director sets a fee schedule with
//! `tournament create` and `tournament update` (which keeps what it is not told), two registration desks register
//! players and take cash and card, the director records a prepayment, a desk gives money back with a note; each
//! player's account is the server's (`player show --json`); a fee agreed without a reason is refused and changes
//! nothing; a results desk may neither take a payment nor read the takings; the treasurer reads the takings per
//! desk and method, the levy per day played and the budget, and they balance to the cent.

use serde_json::Value;
use std::process::Output;
use tengen_tests::Venue;

use super::{array_of, i64_of, parse, str_of, succeeded, u64_of, Tengen};

/// The desk program with one terminal's token.
struct Terminal<'a> {
    tengen: &'a Tengen,
    token: String,
}

impl Terminal<'_> {
    /// A new terminal of `role` called `name`, made by the director.
    fn new<'a>(tengen: &'a Tengen, role: &str, name: &str) -> Terminal<'a> {
        let made = tengen.json(&["token", "create", "--role", role, "--name", name]);
        assert_eq!(str_of(&made, "role"), role, "{made}");
        Terminal {
            tengen,
            token: str_of(&made, "token").to_string(),
        }
    }

    fn run(&self, args: &[&str]) -> Output {
        self.tengen.run_with_token(&self.token, args)
    }

    /// Runs expecting success; stdout.
    fn ok(&self, args: &[&str]) -> String {
        succeeded(args, self.run(args))
    }

    /// Runs with `--json` expecting success; the parsed stdout.
    fn json(&self, args: &[&str]) -> Value {
        let mut all = args.to_vec();
        all.push("--json");
        parse(&all, &self.ok(&all))
    }

    /// Runs expecting a refusal (exit 2); stderr.
    fn refused(&self, args: &[&str]) -> String {
        let out = self.run(args);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(
            out.status.code(),
            Some(2),
            "tengen {args:?} was not refused: {}{stderr}",
            String::from_utf8_lossy(&out.stdout)
        );
        stderr
    }
}

/// Registers a player at `desk` for tournament 1 (`rounds`: "" for every round) and checks them in; the id.
fn register(desk: &Terminal, family: &str, rank: &str, rounds: &str, extra: &[&str]) -> u64 {
    let enter = if rounds.is_empty() {
        "1".to_string()
    } else {
        format!("1:{rounds}")
    };
    let mut args = vec![
        "player",
        "add",
        "--family",
        family,
        "--given",
        "Test",
        "--rank",
        rank,
        "--enter",
        &enter,
        "--checkin",
    ];
    args.extend_from_slice(extra);
    u64_of(&desk.json(&args), "id")
}

/// (due, paid, balance) in cents of a player's account as `player show --json` prints it.
fn account(tengen: &Tengen, id: u64) -> (i64, i64, i64) {
    let shown = tengen.json(&["player", "show", &id.to_string()]);
    let a = &shown["account"];
    assert!(a.is_object(), "no account: {shown}");
    (
        i64_of(a, "due_cents"),
        i64_of(a, "paid_cents"),
        i64_of(a, "balance_cents"),
    )
}

/// The cells of the report's row whose cells start with `label` (after the day, for a takings row), the label
/// left out; one row each.
fn row<'a>(report: &'a str, label: &[&str], skip_day: bool) -> Vec<&'a str> {
    let rows: Vec<Vec<&str>> = report
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|cells| {
            let cells = if skip_day && !cells.is_empty() {
                &cells[1..]
            } else {
                &cells[..]
            };
            cells.starts_with(label)
        })
        .collect();
    assert_eq!(rows.len(), 1, "one row {label:?} in:\n{report}");
    let skip = label.len() + usize::from(skip_day);
    rows[0][skip..].to_vec()
}

/// The amount on a budget line (its last cell), the line found by its words.
fn budget_line(report: &str, words: &str) -> String {
    let line = report
        .lines()
        .find(|l| l.trim_start().starts_with(words))
        .unwrap_or_else(|| panic!("no line {words:?} in:\n{report}"));
    line.split_whitespace()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn issue_33_fees_two_desks_take_cash_card_and_prepaid_and_the_takings_balance(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    // Two rounds on two days; the registration closed long ago, so every registration today is late.
    tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Fee Open",
        "--rounds",
        "2",
        "--system",
        "swiss",
        "--schedule",
        "2026-12-05 10:00,2026-12-06 10:00",
        "--fee",
        "30",
        "--fee-non-member",
        "5",
        "--fee-late",
        "5",
        "--fee-late-after",
        "2020-01-01",
    ]);
    // The rest by update, which keeps the fees it is not given.
    let updated = tengen.json(&[
        "tournament",
        "update",
        "1",
        "--fee-junior-off",
        "10",
        "--levy",
        "full: 2, member: 1, concession: 0.50",
    ]);
    let fees = &updated["fees"];
    let cents = |key: &str| i64_of(fees, key);
    assert_eq!(
        (
            cents("full_cents"),
            cents("non_member_cents"),
            cents("junior_off_cents"),
            cents("late_cents"),
            str_of(fees, "late_after"),
        ),
        (3_000, 500, 1_000, 500, "2020-01-01"),
        "{updated}"
    );
    assert_eq!(
        (
            cents("levy_full_cents"),
            cents("levy_member_cents"),
            cents("levy_concession_cents")
        ),
        (200, 100, 50),
        "{updated}"
    );
    let shown = tengen.ok(&["tournament", "show", "1"]);
    for line in [
        "entry fee",
        "30.00",
        "non-member +5.00, junior -10.00",
        "5.00 after 2020-01-01",
        "full 2.00, member 1.00, concession 0.50 per player and day",
    ] {
        assert!(shown.contains(line), "{line}: {shown}");
    }

    let desk1 = Terminal::new(&tengen, "registration", "desk-1");
    let desk2 = Terminal::new(&tengen, "registration", "desk-2");
    let treasurer = Terminal::new(&tengen, "treasurer", "treasurer");
    let results = Terminal::new(&tengen, "results", "results-1");

    // A member: 30 + 5 late = 35, cash at desk 1.
    let member = register(&desk1, "Member", "3k", "", &["--member"]);
    assert_eq!(account(&tengen, member), (3_500, 0, 3_500));
    let paid = desk1.json(&[
        "player",
        "pay",
        &member.to_string(),
        "35",
        "--method",
        "cash",
    ]);
    assert_eq!(i64_of(&paid["account"], "balance_cents"), 0, "{paid}");
    let payments = array_of(&paid, "payments");
    assert_eq!(payments.len(), 1, "{paid}");
    assert_eq!(
        (
            i64_of(&payments[0], "cents"),
            str_of(&payments[0], "method"),
            str_of(&payments[0], "terminal")
        ),
        (3_500, "cash", "desk-1")
    );

    // A non-member junior: 30 + 5 − 10 + 5 = 30, by card at desk 2.
    let junior = register(&desk2, "Junior", "8k", "", &["--concession", "junior"]);
    assert_eq!(account(&tengen, junior), (3_000, 0, 3_000));
    desk2.ok(&[
        "player",
        "pay",
        &junior.to_string(),
        "30",
        "--method",
        "card",
    ]);

    // The organiser plays free: the fee agreed instead of the schedule's, with its reason; nothing recorded.
    let organiser = register(
        &desk1,
        "Organiser",
        "1d",
        "",
        &["--fee-override", "0", "--fee-reason", "organiser"],
    );
    let shown = tengen.json(&["player", "show", &organiser.to_string()]);
    assert_eq!(
        (
            i64_of(&shown["account"], "scheduled_cents"),
            i64_of(&shown["account"], "due_cents"),
            str_of(&shown, "fee_reason")
        ),
        (4_000, 0, "organiser"),
        "{shown}"
    );
    assert_eq!(account(&tengen, organiser), (0, 0, 0));

    // A member who plays round 1 only (the levy counts one day): prepaid 20 with the director, 15 in cash at desk 2.
    let prepaid = register(&desk2, "Prepaid", "5k", "1", &["--member"]);
    assert_eq!(account(&tengen, prepaid), (3_500, 0, 3_500));
    tengen.ok(&[
        "player",
        "pay",
        &prepaid.to_string(),
        "20",
        "--method",
        "prepaid",
    ]);
    assert_eq!(account(&tengen, prepaid), (3_500, 2_000, 1_500));
    desk2.ok(&[
        "player",
        "pay",
        &prepaid.to_string(),
        "15",
        "--method",
        "cash",
    ]);
    assert_eq!(account(&tengen, prepaid), (3_500, 3_500, 0));

    // Desk 1 gives the member 5 back in cash; the note says why.
    let text = desk1.ok(&[
        "player",
        "pay",
        &member.to_string(),
        "5",
        "--method",
        "cash",
        "--refund",
        "--note",
        "charged twice for the late fee",
    ]);
    assert!(
        text.contains("-5.00 cash at desk-1") && text.contains("charged twice for the late fee"),
        "{text}"
    );
    assert_eq!(account(&tengen, member), (3_500, 3_000, 500));
    assert_eq!(account(&tengen, junior), (3_000, 3_000, 0));

    // A fee agreed without a reason is refused and changes nothing.
    let before = tengen.json(&["player", "show", &junior.to_string()]);
    let stderr = desk2.refused(&[
        "player",
        "update",
        &junior.to_string(),
        "--rev",
        "0",
        "--fee-override",
        "10",
    ]);
    assert!(stderr.contains("reason"), "{stderr}");
    let after = tengen.json(&["player", "show", &junior.to_string()]);
    assert_eq!(before, after);

    // A results desk takes no money and reads no money report.
    let stderr = results.refused(&[
        "player",
        "pay",
        &junior.to_string(),
        "5",
        "--method",
        "cash",
    ]);
    assert!(stderr.contains("may not take payments"), "{stderr}");
    let stderr = results.refused(&["sheet", "1", "takings"]);
    assert!(
        stderr.contains("may not read the money reports"),
        "{stderr}"
    );
    assert_eq!(account(&tengen, junior), (3_000, 3_000, 0));

    // The takings, per desk and method (columns: payments, cash, card, transfer, prepaid, waived, received).
    let takings = treasurer.ok(&["sheet", "1", "takings"]);
    assert_eq!(
        row(&takings, &["desk-1"], true),
        ["2", "30.00", "0.00", "0.00", "0.00", "0.00", "30.00"],
        "{takings}"
    );
    assert_eq!(
        row(&takings, &["desk-2"], true),
        ["2", "15.00", "30.00", "0.00", "0.00", "0.00", "45.00"],
        "{takings}"
    );
    assert_eq!(
        row(&takings, &["director"], true),
        ["1", "0.00", "0.00", "0.00", "20.00", "0.00", "20.00"],
        "{takings}"
    );
    assert_eq!(
        row(&takings, &["Event", "total"], false),
        ["5", "45.00", "30.00", "0.00", "20.00", "0.00", "95.00"],
        "{takings}"
    );

    // The levy: each player once a day played (columns: full, member, concession, player-days, levy). Day 1: the
    // organiser (full), two members, the junior; day 2: the member who plays round 1 only is not counted.
    let levy = treasurer.ok(&["sheet", "1", "levy"]);
    assert_eq!(
        row(&levy, &["2026-12-05"], false),
        ["1", "2", "1", "4", "4.50"],
        "{levy}"
    );
    assert_eq!(
        row(&levy, &["2026-12-06"], false),
        ["1", "1", "1", "3", "3.50"],
        "{levy}"
    );
    assert_eq!(
        row(&levy, &["Total"], false),
        ["2", "3", "2", "7", "8.00"],
        "{levy}"
    );

    // The budget: 100 due (35 + 30 + 0 + 35), 95 collected, the member's 5 still to collect, the levy 8.
    let budget = treasurer.ok(&["sheet", "1", "budget"]);
    for (words, amount) in [
        ("Fees due from 4 players", "100.00"),
        ("collected by cash", "45.00"),
        ("collected by card", "30.00"),
        ("collected by prepaid", "20.00"),
        ("Fees collected", "95.00"),
        ("still to collect", "5.00"),
        ("Levy to the federation", "8.00"),
        ("Surplus, as collected", "87.00"),
    ] {
        assert_eq!(budget_line(&budget, words), amount, "{words}: {budget}");
    }
    Ok(())
}
