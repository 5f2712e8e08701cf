//! The results desk of a club ladder (`domain::ladder`): no rounds and no tables, so the form takes the two
//! players by their numbers on the ladder and who won; the server checks the challenge (above, within reach) and
//! records the handicap the rungs gave. Below the form, the ladder as it stands. Reads the applied state; the
//! command is the results page's to write (`RecordLadderGame`), as this desk's terminal.

use super::super::request_id;
use super::super::session::Desk;
use super::Notice;
use crate::app::roster::Roster;
use crate::domain::ladder::{ladder, LadderOutcome};
use crate::domain::{Command, State, TournamentId};
use crate::tr;
use crate::web::board::pairings::label;
use crate::web::lang::Lang;
use maud::{html, Markup};

/// The form's fields as typed (text, so an empty box is a clear error, not an unreadable form).
#[derive(Debug, Default, Clone)]
pub struct LadderEntry {
    /// The challenger's number.
    pub challenger: String,
    /// The defender's number.
    pub defender: String,
    /// `challenger`, `defender` or `jigo`.
    pub winner: String,
}

impl LadderEntry {
    /// The command, or what to fix.
    pub fn command(&self, l: Lang, t: TournamentId) -> Result<Command, String> {
        let number = |id: &str, text: &str| {
            text.trim()
                .trim_start_matches('#')
                .parse::<u32>()
                .map_err(|_| l.t(id))
        };
        let challenger = number("ladder-type-challenger", &self.challenger)?;
        let defender = number("ladder-type-defender", &self.defender)?;
        let outcome =
            LadderOutcome::parse(&self.winner).ok_or_else(|| l.t("ladder-choose-winner"))?;
        Ok(Command::RecordLadderGame {
            tournament: t,
            challenger,
            defender,
            outcome,
        })
    }
}

/// The page: the form, what was just recorded or refused, and the ladder.
pub fn page(state: &State, roster: &Roster, desk: &Desk, notice: &Notice) -> Markup {
    let t = roster.tournament.id;
    let now = ladder(state, t);
    let entry = &notice.ladder;
    let self_paired = roster.tournament.settings.system == crate::domain::PairingSystem::SelfPaired;
    let l = desk.lang;
    let (first, second, winners) = if self_paired {
        (
            l.t("ladder-first-number"),
            l.t("ladder-second-number"),
            [
                ("first", l.t("ladder-first-won")),
                ("second", l.t("ladder-second-won")),
                ("jigo", l.t("desk-ladder-jigo")),
            ],
        )
    } else {
        (
            l.t("ladder-challenger-number"),
            l.t("ladder-defender-number"),
            [
                ("challenger", l.t("ladder-challenger-won")),
                ("defender", l.t("ladder-defender-won")),
                ("jigo", l.t("desk-ladder-jigo")),
            ],
        )
    };
    html! {
        h1 { @if self_paired { (tr!(l, "ladder-self-paired-title", name = roster.name())) }
            @else { (tr!(l, "desk-ladder-title", name = roster.name())) } }
        @if let Some(done) = &notice.done { p .done .ok { (done) } }
        @if let Some(error) = &notice.error { p #error .error role="alert" { (error) } }
        form #ladder-result method="post" action=(format!("/desk/results/{}", t.0)) autocomplete="off" {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            p { label { (first) " "
                input #challenger name="challenger" type="text" inputmode="numeric" size="6" value=(entry.challenger) autofocus;
            } }
            p { label { (second) " "
                input #defender name="defender" type="text" inputmode="numeric" size="6" value=(entry.defender);
            } }
            fieldset {
                legend { (l.t("ladder-who-won")) }
                @for (value, words) in winners {
                    div { label .key { input type="radio" name="winner" value=(value) checked[entry.winner == value]; " " (words) } }
                }
            }
            button .big .primary type="submit" { (l.t("ladder-record")) }
        }
        h2 { @if self_paired { (l.t("ladder-places")) } @else { (l.t("ladder-the-ladder")) } }
        table #rungs {
            thead { tr { th .r { @if self_paired { (l.t("ladder-place")) } @else { (l.t("ladder-rung")) } }
                th { (l.t("ladder-player")) } th .r { (l.t("ladder-games")) } th .r { (l.t("ladder-wins")) } } }
            tbody {
                @for (i, p) in now.rungs.iter().enumerate() {
                    tr {
                        td .r { (now.places.get(i).copied().unwrap_or(i as u32 + 1)) }
                        td { (label(roster, *p, 1)) }
                        td .r { (now.games.get(p).copied().unwrap_or(0)) }
                        td .r { (now.wins.get(p).copied().unwrap_or(0)) }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_names_what_to_fix() {
        let t = TournamentId(1);
        let entry = |c: &str, d: &str, w: &str| LadderEntry {
            challenger: c.into(),
            defender: d.into(),
            winner: w.into(),
        };
        assert_eq!(
            entry("#12", " 9", "challenger").command(Lang::En, t),
            Ok(Command::RecordLadderGame {
                tournament: t,
                challenger: 12,
                defender: 9,
                outcome: LadderOutcome::Challenger,
            })
        );
        let refused = entry("", "9", "jigo").command(Lang::En, t).unwrap_err();
        assert!(refused.contains("challenger's number"), "{refused}");
        let refused = entry("12", "9", "").command(Lang::En, t).unwrap_err();
        assert!(refused.contains("choose who won"), "{refused}");
    }
}
