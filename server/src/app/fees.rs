//! A participant's fee as the doors show it (issue 33): the account at this venue's UTC offset, each line of the
//! schedule in words, and amounts as people read and type them (`30.00`). The rules themselves are the domain's
//! (`domain::fees`); this only applies them at the venue and words them once for every door.

use crate::domain::fees::{self, Account, Line, Part};
use crate::domain::{Participant, State};
use crate::lang::Lang;
use crate::tr;
use tengen_standings::prizes::Cents;

/// What `p` owes and paid, at this venue.
pub fn account(state: &State, p: &Participant) -> Account {
    fees::account(state, p, crate::venue_offset_minutes())
}

/// An amount as people read it: `30.00`, `-5.00`.
pub fn money(cents: i64) -> String {
    Cents(cents).to_string()
}

/// A line of the fee in words: "Open: full fee 30.00", "Open: 2 days of 3, 20.00", "Open: junior −10.00".
pub fn line_text(l: Lang, state: &State, line: &Line) -> String {
    let what = match line.part {
        Part::Full => l.t("fee-part-full"),
        Part::Band(rank) => tr!(l, "fee-part-band", rank = rank.to_string()),
        Part::Days(played, of) => tr!(l, "fee-part-days", played = played, of = of),
        Part::NonMember => l.t("fee-part-non-member"),
        Part::Concession(c) => tr!(l, "fee-part-concession", concession = c.as_str()),
        Part::Late => l.t("fee-part-late"),
    };
    let name = state
        .tournaments
        .get(&line.tournament)
        .map_or_else(String::new, |t| t.settings.name.clone());
    tr!(
        l,
        "fee-line",
        tournament = name,
        what = what,
        amount = money(line.cents)
    )
}
