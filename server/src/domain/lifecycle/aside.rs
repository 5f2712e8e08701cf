//! The draw made aside: a round's pairing computed from a copy of the draw's input outside the writer, then
//! committed by the writer only if that input is still what the register holds. Pure: the caller picks the seed
//! and runs [`DrawRead::draw`] wherever it likes (the rounds service on a blocking thread); nothing here reads
//! a clock, a thread or the log.

use super::super::error::Rejected;
use super::super::field::DrawInput;
use super::super::ids::{Revision, TournamentId};
use super::super::state::State;
use tengen_draw::model as draw;

/// What a draw of one round reads from the register, copied out so the state's lock is not held while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawRead {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round drawn.
    pub round: u32,
    /// The revision of the tournament's rounds when the input was read.
    pub revision: Revision,
    /// The players, their history and the round's participation.
    pub snapshot: draw::Snapshot,
    /// The tournament's draw settings.
    pub settings: draw::Settings,
}

/// A finished draw waiting for the writer: the seed it used, what it read and the pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsideDraw {
    /// The seed the service picked (recorded in the round, like the writer's own).
    pub seed: u64,
    /// The input the draw read.
    pub read: DrawRead,
    /// The engine's pairing of `read`.
    pub round: draw::Round,
}

/// Reads the input of a draw of round `n` of `t`, after the same checks the writer makes, so a refusal (wrong
/// round, previous round open, registration open, stale revision) reaches the director before any drawing.
/// `None` for an empty round: there is nothing to draw aside.
pub fn read_for_draw(
    state: &State,
    t: TournamentId,
    n: u32,
    redraw: bool,
    empty: bool,
    expected: Option<Revision>,
) -> Result<Option<DrawRead>, Rejected> {
    // The rest of a round drawn in parts is paired in the writer, like its other parts.
    if super::part_to_draw(state, t, n, redraw, None).is_some() {
        return Ok(None);
    }
    let (field, _draws) = super::drawable(state, t, n, redraw, expected)?;
    // A team tournament's draw pairs at most a few hundred teams: the writer draws it.
    if empty || field.tournament.settings.scoring.team_boards > 0 {
        return Ok(None);
    }
    Ok(Some(DrawRead {
        tournament: t,
        round: n,
        revision: super::revision_of(state, t),
        snapshot: field.snapshot(n).snapshot,
        settings: field.draw_settings(),
    }))
}

impl DrawRead {
    /// Pairs the round with `seed`. Takes as long as the engine does: call it off the writer.
    pub fn draw(self, seed: u64) -> Result<AsideDraw, Rejected> {
        let round = tengen_draw::draw(&self.snapshot, &self.settings, seed)
            .map_err(|e| super::precondition(format!("the draw failed: {e}")))?;
        Ok(AsideDraw {
            seed,
            read: self,
            round,
        })
    }
}

/// The writer's check: the draw read exactly what round `n` of `t` would read now (the rounds' revision, the
/// snapshot, the settings). Comparing the input itself, not a counter, means a registration that does not
/// change who plays (another tournament, a player not checked in) never forces a redraw, and one that does
/// always does.
pub(super) fn still_current(
    aside: &AsideDraw,
    t: TournamentId,
    n: u32,
    revision: Revision,
    input: &DrawInput,
    settings: &draw::Settings,
) -> Result<(), Rejected> {
    let read = &aside.read;
    if read.tournament != t || read.round != n || aside.round.round != draw::RoundNo(n) {
        return Err(Rejected::invalid(
            "round",
            format!(
                "the draw submitted is of round {} of {}, not of round {n} of {t}",
                read.round, read.tournament
            ),
        ));
    }
    if read.revision != revision || read.snapshot != input.snapshot || read.settings != *settings {
        return Err(Rejected::DrawInputChanged {
            tournament: t,
            round: n,
        });
    }
    Ok(())
}
