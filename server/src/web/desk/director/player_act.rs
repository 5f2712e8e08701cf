//! The player page's changes (`POST /desk/director/{t}/player/{number}/do/{action}`): which command each form asks
//! the core for — `Withdraw`, `Reinstate`, absent for a round (`EditRound` `MarkAbsent` in a drawn round, else the
//! entry's rounds without it: `SetRounds`), `SetEntryOptions` for the ghost flag, `ChangeRank` — and the question
//! the ones that cannot simply be taken back ask first. Whether a change is allowed is the core's (the role
//! table, the domain's rules): a refusal comes back red on the player's page, naming why.
//!
//! Must not touch: the rules themselves (no check here that the domain makes), the register's ids in messages.

use super::confirm::confirmation_to;
use super::player::{found, render, tag, who, Notice};
use crate::app::roster::Roster;
use crate::app::{Kind, Target};
use crate::auth::Action;
use crate::domain::command::RoundEdit;
use crate::domain::{Command, ParticipantId, Rank, State, TournamentId};
use crate::tr;
use crate::web::board::{roster, tournament_id};
use crate::web::desk::session::Desk;
use crate::web::desk::Web;
use crate::web::lang::Lang;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::{Path, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::html;
use serde::Deserialize;
use std::sync::Arc;

/// One change to a player's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Out of the tournament (asks first).
    Withdraw,
    /// Back in.
    Reinstate,
    /// Misses round `round` (asks first).
    Absent {
        /// The round.
        round: u32,
    },
    /// The ghost flag on or off.
    Ghost(bool),
    /// A new rank from round `from` (asks first); `None` only in the page's own question, before one is typed.
    Rank {
        /// The rank.
        rank: Option<Rank>,
        /// The first round at that rank.
        from: u32,
        /// Move the starting score too.
        move_start: bool,
    },
    /// A new personal code; the old one stops working at once (asks first).
    Code,
}

impl Change {
    /// Does it ask first? Reinstating and the ghost flag are taken back by the opposite button.
    fn asks_first(&self) -> bool {
        matches!(
            self,
            Change::Withdraw | Change::Absent { .. } | Change::Rank { .. } | Change::Code
        )
    }
}

/// Every change form's fields.
#[derive(Debug, Default, Deserialize)]
pub struct ChangeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    round: Option<u32>,
    ghost: Option<String>,
    rank: Option<String>,
    from: Option<u32>,
    move_start: Option<String>,
    /// `yes` once the director has answered the question.
    confirmed: Option<String>,
}

/// The change a form asks for, or what is wrong with it and the field to clear.
fn read(l: Lang, action: &str, f: &ChangeForm) -> Result<Change, (String, Option<&'static str>)> {
    Ok(match action {
        "withdraw" => Change::Withdraw,
        "reinstate" => Change::Reinstate,
        "absent" => Change::Absent {
            round: f.round.ok_or_else(|| (l.t("player-choose-round"), None))?,
        },
        "ghost" => Change::Ghost(f.ghost.as_deref() == Some("on")),
        "code" => Change::Code,
        "rank" => {
            let text = f.rank.as_deref().unwrap_or("").trim();
            let rank = text.parse::<Rank>().map_err(|e| {
                (
                    tr!(
                        l,
                        "player-nothing-changed",
                        why = crate::web::error::rank_words(l, &e)
                    ),
                    Some("rank"),
                )
            })?;
            Change::Rank {
                rank: Some(rank),
                from: f
                    .from
                    .ok_or_else(|| (l.t("player-choose-from"), Some("rank")))?,
                move_start: f.move_start.as_deref() == Some("yes"),
            }
        }
        _ => return Err((tr!(l, "player-no-change", action = action), None)),
    })
}

/// The question a change asks first, in the director's words.
pub fn question(l: Lang, roster: &Roster, p: ParticipantId, change: &Change) -> String {
    let who = who(roster, p);
    match change {
        Change::Withdraw => tr!(l, "player-ask-withdraw", who = &who, name = roster.name()),
        Change::Absent { round } => tr!(l, "player-ask-absent", who = &who, round = *round),
        Change::Rank {
            rank,
            from,
            move_start,
        } => tr!(
            l,
            "player-ask-rank",
            who = &who,
            rank = rank.map_or_else(|| l.t("player-rank-typed"), |r| l.rank(r)),
            from = *from,
            start = if *move_start { "moves" } else { "stays" }
        ),
        Change::Code => tr!(l, "player-ask-code", who = &who),
        Change::Reinstate | Change::Ghost(_) => String::new(),
    }
}

/// The command a change asks for, with its target and the sentence shown once it is done.
fn plan(
    l: Lang,
    state: &State,
    t: TournamentId,
    p: ParticipantId,
    change: &Change,
) -> Result<(Command, Target, String), String> {
    let roster = Roster::new(state, t).map_err(|e| crate::web::error::rejected_words(l, &e))?;
    let (person, entry) = roster.entrants.get(&p).ok_or_else(|| {
        tr!(
            l,
            "player-not-entered",
            id = p.to_string(),
            name = roster.name()
        )
    })?;
    let who = who(&roster, p);
    let expected = Some(person.revision);
    let me = Target::Participant(p);
    Ok(match change {
        Change::Withdraw => (
            Command::Withdraw {
                id: p,
                tournament: t,
                expected,
            },
            me,
            tr!(l, "player-done-withdraw", who = &who),
        ),
        Change::Reinstate => (
            Command::Reinstate {
                id: p,
                tournament: t,
                expected,
            },
            me,
            tr!(l, "player-done-reinstate", who = &who),
        ),
        Change::Absent { round } if roster.play.and_then(|pl| pl.round(*round)).is_some() => (
            Command::EditRound {
                tournament: t,
                round: *round,
                edit: RoundEdit::MarkAbsent { player: p },
                expected: None,
            },
            Target::Rounds(t),
            tr!(l, "player-done-absent-drawn", who = &who, round = *round),
        ),
        Change::Absent { round } => (
            Command::SetRounds {
                id: p,
                tournament: t,
                rounds: Some(
                    entry
                        .rounds
                        .iter()
                        .copied()
                        .filter(|r| r != round)
                        .collect(),
                ),
                expected,
            },
            me,
            tr!(l, "player-done-absent", who = &who, round = *round),
        ),
        Change::Ghost(on) => (
            Command::SetEntryOptions {
                id: p,
                tournament: t,
                ghost: Some(*on),
                mms_correction: None,
                expected,
            },
            me,
            if *on {
                tr!(l, "player-done-ghost", who = &who)
            } else {
                tr!(l, "player-done-unghost", who = &who)
            },
        ),
        Change::Rank {
            rank,
            from,
            move_start,
        } => {
            let rank = rank.ok_or_else(|| l.t("player-type-rank"))?;
            (
                Command::ChangeRank {
                    id: p,
                    tournament: t,
                    rank,
                    from_round: *from,
                    move_start: *move_start,
                    expected,
                },
                me,
                tr!(
                    l,
                    "player-done-rank",
                    who = &who,
                    rank = l.rank(rank),
                    from = *from
                ),
            )
        }
        Change::Code => (
            Command::IssueCodes {
                participants: vec![p],
            },
            me,
            tr!(l, "player-done-code", who = &who),
        ),
    })
}

/// `POST /desk/director/{t}/player/{number}/do/{action}`: one change, then back to the player's page with what
/// happened (or, without the director's answer to its question, the page asking it).
pub(super) async fn act(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path((t, number, action)): Path<(String, String, String)>,
    Form(form): Form<ChangeForm>,
) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let l = desk.lang;
    let who = web.core.read(|s| {
        let roster = roster(s, t)?;
        let p = found(l, &roster, &number)?;
        Ok::<_, WebError>((p, tag(&roster, p)))
    });
    let (p, tag) = match who {
        Ok(Ok(who)) => who,
        Ok(Err(page)) => return page.into_response(),
        Err(_) => {
            return WebError::unavailable(l.t("dir-busy-retry"))
                .in_lang(l)
                .into_response()
        }
    };
    let back = |key: &str, message: &str, field: Option<&str>| {
        let mut query = vec![(key, message)];
        query.extend(field.map(|f| ("field", f)));
        crate::web::desk::back_to(&format!("/desk/director/{}/player/{tag}", t.0), &query, "")
    };
    let change = match read(l, &action, &form) {
        Ok(c) => c,
        Err((problem, field)) => return back("error", &problem, field),
    };
    if change.asks_first() && form.confirmed.as_deref() != Some("yes") {
        if let Err(refused) = desk.check_csrf(&form.csrf) {
            return refused.into_response();
        }
        return ask(&web, &desk, t, p, &action, &form, &change);
    }
    let planned = web
        .core
        .read(|s| plan(l, s, t, p, &change))
        .map_err(|_| l.t("dir-busy"))
        .and_then(|c| c);
    let (cmd, target, done) = match planned {
        Ok(c) => c,
        Err(problem) => return back("error", &problem, None),
    };
    let field = matches!(change, Change::Rank { .. }).then_some("rank");
    match web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, target)
        .await
    {
        Ok(_) => back("done", &done, None),
        Err(refused) if refused.kind() == Kind::Forbidden => {
            refused.page(desk.lang).into_response()
        }
        Err(refused) => back(
            "error",
            &tr!(
                l,
                "player-nothing-changed",
                why = refused.message(desk.lang)
            ),
            field,
        ),
    }
}

/// The player's page with the question of a change sent without its answer, and a "yes" form carrying the
/// change's fields (a browser without the script).
fn ask(
    web: &Web,
    desk: &Desk,
    t: TournamentId,
    p: ParticipantId,
    action: &str,
    form: &ChangeForm,
    change: &Change,
) -> Response {
    let topics = [Topic::Rounds(t), Topic::Players(t)];
    web.desk_page(desk, Action::Direct, &topics, |state| {
        let roster = roster(state, t)?;
        let to = format!(
            "/desk/director/{}/player/{}/do/{action}",
            t.0,
            tag(&roster, p)
        );
        let page = format!("/desk/director/{}/player/{}", t.0, tag(&roster, p));
        let fields = html! {
            @if let Some(r) = form.round { input type="hidden" name="round" value=(r); }
            @if let Change::Rank { rank: Some(rank), from, move_start } = change {
                input type="hidden" name="rank" value=(rank.to_string());
                input type="hidden" name="from" value=(from);
                @if *move_start { input type="hidden" name="move_start" value="yes"; }
            }
        };
        let l = desk.lang;
        let yes = l.t(match change {
            Change::Withdraw => "player-yes-withdraw",
            Change::Absent { .. } => "player-yes-absent",
            _ => "player-yes-rank",
        });
        let asked = confirmation_to(
            &to,
            &page,
            action,
            fields,
            &yes,
            &question(l, &roster, p, change),
            desk,
        );
        let body = render(&roster, p, desk, &Notice::default(), Some(asked));
        Ok((format!("{}: {}", roster.name(), roster.full_name(p)), body))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(rank: &str, from: Option<u32>) -> ChangeForm {
        ChangeForm {
            rank: Some(rank.into()),
            from,
            move_start: Some("yes".into()),
            ..ChangeForm::default()
        }
    }

    #[test]
    fn a_typed_rank_is_read_by_the_domains_parser_and_a_bad_one_names_the_field() {
        assert_eq!(
            read(Lang::En, "rank", &form(" 2 dan ", Some(2))),
            Ok(Change::Rank {
                rank: Some("2d".parse().expect("rank")),
                from: 2,
                move_start: true
            })
        );
        let (problem, field) = read(Lang::En, "rank", &form("12x", Some(2))).unwrap_err();
        assert!(problem.contains("unknown rank"), "{problem}");
        assert_eq!(field, Some("rank"));
        assert!(read(Lang::En, "absent", &ChangeForm::default()).is_err());
        assert!(read(Lang::En, "nonsense", &ChangeForm::default()).is_err());
    }

    #[test]
    fn only_what_is_not_simply_taken_back_asks_first() {
        assert!(Change::Withdraw.asks_first());
        assert!(Change::Absent { round: 2 }.asks_first());
        assert!(!Change::Reinstate.asks_first());
        assert!(!Change::Ghost(true).asks_first());
    }
}
