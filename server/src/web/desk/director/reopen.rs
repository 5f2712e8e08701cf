//! Opening closed registration again from the dashboard, before round 1 is drawn (a forgotten group of
//! pre-registered players, registration closed too early). Whether it may is the domain's
//! (`decide::registration_can_reopen`): the same rule decides whether the button shows and, at the writer,
//! whether it is done. The button asks first (`confirm`).

use super::confirm::{irreversible_form, question};
use crate::app::roster::Roster;
use crate::app::Target;
use crate::domain::decide::registration_can_reopen;
use crate::domain::{Command, State, TournamentId};
use crate::web::desk::session::Desk;
use crate::web::lang::Lang;
use maud::{html, Markup};

/// The dashboard's line once registration is closed, with the button while it may open again, else the reason.
pub(super) fn offer(state: &State, roster: &Roster, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let l = desk.lang;
    let ask = question(l, "reopen-registration", roster, 0).unwrap_or_default();
    html! {
        p { (l.t("dir-registration-closed")) }
        @match registration_can_reopen(state, t) {
            Ok(()) => {
                (irreversible_form(t, "reopen-registration", desk, html! {}, &l.t("dir-reopen"), &ask))
                p .note { (l.t("dir-reopen-note")) }
            }
            Err(why) => p #no-reopen .note { (super::player::sentence(&why.to_string())) "." },
        }
    }
}

/// The command of the dashboard's "reopen-registration" form, its target and the sentence once done.
pub(super) fn command(l: Lang, t: TournamentId) -> (Command, Target, String) {
    (
        Command::SetRegistrationOpen {
            id: t,
            open: true,
            expected: None,
        },
        Target::Tournament(t),
        l.t("dir-done-reopen"),
    )
}
