//! The director's draw, made aside: round `n` is paired from a copy of its input on a blocking thread while the
//! writer goes on serving every desk, then committed as one `DrawRound` carrying the pairing and its seed. The
//! writer takes it only if the input it read is still current; otherwise this draws again from the new state, a
//! few times, before telling the director. Owns only the threading and the retries: the rules (which round may
//! be drawn, what the draw reads, the staleness check) stay in `domain::lifecycle` and are pure. Must not touch
//! the writer or the log itself: it submits through `Core::submit` like every other write.

use super::write::{checked, refused};
use super::{Core, Meta, Refusal, Target};
use crate::auth::Caller;
use crate::domain::lifecycle::aside::read_for_draw;
use crate::domain::{Command, Rejected, RequestKey};
use crate::log::{Outcome, WriteError};
use std::sync::Arc;
use std::time::Instant;

/// Draws attempted before a register that keeps changing is reported to the director.
pub const ATTEMPTS: u32 = 3;

/// Is `cmd` a draw to pair aside? Empty rounds have nothing to pair, a command already carrying its pairing
/// goes straight to the writer, and so does a part of a round (a few score groups, paired in the writer).
pub fn applies(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::DrawRound {
            empty: false,
            aside: None,
            part: None,
            ..
        }
    )
}

/// Pairs `cmd` (a [`Command::DrawRound`]) aside and commits it. The same refusals as the writer's, before any
/// drawing; a retry of a request already committed is answered by the writer from the log without drawing (the
/// pairing is not part of the request's fingerprint, so every attempt is the same request).
pub async fn write(
    core: &Core,
    caller: &Caller,
    meta: Meta,
    cmd: Command,
    target: Target,
) -> Result<Outcome, Refusal> {
    let Command::DrawRound {
        tournament,
        round,
        redraw,
        empty,
        expected,
        aside: None,
        part: None,
    } = cmd
    else {
        return submitted(core, caller, meta, cmd, target).await;
    };
    let request_id = checked(meta.clone())?.request_id;
    let key = RequestKey::new(&caller.terminal, &request_id);
    if core.read(|s| s.requests.contains_key(&key))? {
        return submitted(core, caller, meta, cmd, target).await;
    }
    // A standby or a halted server refuses at once rather than after a draw.
    drop(
        core.control
            .writer()
            .map_err(|e| Refusal::Unavailable(e.to_string()))?,
    );
    for attempt in 1..=ATTEMPTS {
        let started = Instant::now();
        let read = core.read(|s| read_for_draw(s, tournament, round, redraw, empty, expected))?;
        let read = match read {
            Ok(Some(read)) => read,
            Ok(None) => return submitted(core, caller, meta, cmd, target).await,
            Err(r) => return Err(refused(WriteError::Rejected(r), target)),
        };
        let seed = rand::random::<u64>();
        let read_at = Instant::now();
        let drawn = tokio::task::spawn_blocking(move || read.draw(seed))
            .await
            .map_err(|e| Refusal::Internal(format!("the draw stopped: {e}")))?
            .map_err(|r| refused(WriteError::Rejected(r), target))?;
        let drawn_at = Instant::now();
        let with_pairing = Command::DrawRound {
            tournament,
            round,
            redraw,
            empty,
            expected,
            aside: Some(Arc::new(drawn)),
            part: None,
        };
        let submitted = core.submit(caller, meta.clone(), with_pairing).await?;
        tracing::info!(
            %tournament,
            round,
            attempt,
            read_ms = ms(started, read_at),
            draw_ms = ms(read_at, drawn_at),
            commit_ms = ms(drawn_at, Instant::now()),
            "drawn aside"
        );
        match submitted {
            Ok(outcome) => return Ok(outcome),
            Err(WriteError::Rejected(Rejected::DrawInputChanged { .. })) if attempt < ATTEMPTS => {
                tracing::info!(%tournament, round, attempt, "the register changed during the draw: drawing again");
            }
            Err(WriteError::Rejected(rejected @ Rejected::DrawInputChanged { .. })) => {
                return Err(Refusal::Overtaken {
                    rejected,
                    attempts: ATTEMPTS,
                });
            }
            Err(err) => return Err(refused(err, target)),
        }
    }
    Err(Refusal::Internal("no draw attempt was made".into()))
}

/// Milliseconds from `a` to `b`, for the log.
fn ms(a: Instant, b: Instant) -> f64 {
    (b - a).as_secs_f64() * 1000.0
}

/// `cmd` as it is, through the writer.
async fn submitted(
    core: &Core,
    caller: &Caller,
    meta: Meta,
    cmd: Command,
    target: Target,
) -> Result<Outcome, Refusal> {
    core.submit(caller, meta, cmd)
        .await?
        .map_err(|err| refused(err, target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lifecycle::aside::{AsideDraw, DrawRead};
    use crate::domain::{Revision, TournamentId};
    use crate::log::writer::fingerprint;
    use tengen_draw::model as draw;

    fn draw_round(aside: Option<Arc<AsideDraw>>) -> Command {
        Command::DrawRound {
            tournament: TournamentId(3),
            round: 2,
            redraw: false,
            empty: false,
            expected: Some(Revision(7)),
            aside,
            part: None,
        }
    }

    #[test]
    fn every_attempt_of_a_draw_is_the_same_request() {
        let aside = |seed| {
            Some(Arc::new(AsideDraw {
                seed,
                read: DrawRead {
                    tournament: TournamentId(3),
                    round: 2,
                    revision: Revision(7),
                    snapshot: draw::Snapshot::default(),
                    settings: draw::Settings::default(),
                },
                round: draw::Round {
                    round: draw::RoundNo(2),
                    seed,
                    games: Vec::new(),
                    bye: None,
                    advancing: Vec::new(),
                    warnings: Vec::new(),
                },
            }))
        };
        let asked = fingerprint(&draw_round(None));
        assert_eq!(fingerprint(&draw_round(aside(1))), asked);
        assert_eq!(fingerprint(&draw_round(aside(2))), asked);
        let other_round = Command::DrawRound {
            tournament: TournamentId(3),
            round: 3,
            redraw: false,
            empty: false,
            expected: Some(Revision(7)),
            aside: None,
            part: None,
        };
        assert_ne!(fingerprint(&other_round), asked);
    }

    #[test]
    fn only_draws_with_something_to_pair_go_aside() {
        assert!(applies(&draw_round(None)));
        let empty = Command::DrawRound {
            tournament: TournamentId(3),
            round: 2,
            redraw: false,
            empty: true,
            expected: None,
            aside: None,
            part: None,
        };
        assert!(!applies(&empty));
        let part = Command::DrawRound {
            tournament: TournamentId(3),
            round: 2,
            redraw: false,
            empty: false,
            expected: None,
            aside: None,
            part: Some(crate::domain::command::DrawPart::Bottom),
        };
        assert!(!applies(&part));
        let publish = Command::PublishRound {
            tournament: TournamentId(3),
            round: 2,
        };
        assert!(!applies(&publish));
    }
}
