//! Which printed document a terminal may have, and the document: the tournament's sheets and files for anyone
//! who reads the register, the money reports (`sheets::money`) for the director and the treasurer only. Both
//! doors (gRPC `Sheet`, the desk's sheet links) ask here, so the rule lives once.

use super::Refusal;
use crate::auth::role::{Action, Caller};
use crate::domain::{State, TournamentId};
use crate::lang::Lang;
use crate::sheets::{self, Document};

/// Is `kind` a money report?
pub fn is_money(kind: &str) -> bool {
    sheets::money::KINDS.contains(&kind.trim().to_ascii_lowercase().as_str())
}

/// The action a terminal needs for document `kind`, beyond its door's own: reading the money reports.
pub fn needs(kind: &str) -> Option<Action> {
    is_money(kind).then_some(Action::ReadMoney)
}

/// Document `kind` of `tournament` (a money report covers the whole event), for `caller`.
///
/// # Errors
///
/// A denial when `caller` may not read money reports; the sheet's own refusals (see `sheets::render_in`).
pub fn render(
    state: &State,
    caller: &Caller,
    tournament: TournamentId,
    kind: &str,
    round: u32,
    html: bool,
    lang: Lang,
) -> Result<Document, Refusal> {
    if is_money(kind) {
        caller.require(Action::ReadMoney)?;
        return sheets::render_money(state, kind, html, crate::venue_offset_minutes())
            .map_err(Refusal::rule);
    }
    sheets::render_in(state, tournament, kind, round, html, lang).map_err(Refusal::rule)
}
